"""What follows from the log: pure folds over events, and the read models built on them."""
