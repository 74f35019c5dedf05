"""What happened: the event catalogue, the stored-event table and the store."""
