"""Factories for request bodies, and a table that records through the API like a phone."""

import uuid

import factory


class SessionRequest(factory.DictFactory):
    name = factory.Sequence(lambda n: f"Evening {n}")
    counter_value = 5
    currency = "GBP"


# Names a table can tell apart (the service refuses look-alike names in one session).
NAMES = ["Ann", "Ben", "Cleo", "Dora", "Edwin", "Fanny", "George", "Harriet", "Isaac", "Jane",
         "Kitty", "Lydia", "Mary", "Ned", "Olive", "Philip", "Quentin", "Rose", "Silas", "Tom"]


class PlayerRequest(factory.DictFactory):
    name = factory.Sequence(lambda n: f"{NAMES[n % len(NAMES)]} {n}")


class GameRequest(factory.DictFactory):
    kind = "other"
    stake = 2
    seats = factory.LazyFunction(list)


class Table:
    """A session opened through the API, with helpers to record and read it."""

    def __init__(self, client, players: int = 4, **session):
        self.client = client
        opened = client.post("/api/v1/sessions", json=SessionRequest(**session))
        assert opened.status_code == 201, opened.get_json()
        self.id = opened.get_json()["id"]
        self.write = {"Authorization": f"Bearer {opened.get_json()['write_token']}"}
        self.read = {"Authorization": f"Bearer {opened.get_json()['read_token']}"}
        self.players = [self.add_player() for _ in range(players)]

    def url(self, path: str = "") -> str:
        return f"/api/v1/sessions/{self.id}{path}"

    def add_player(self, **fields) -> str:
        response = self.client.post(self.url("/players"), json=PlayerRequest(**fields),
                                    headers=self.write)
        assert response.status_code == 201, response.get_json()
        return response.get_json()["id"]

    def start_game(self, **fields) -> str:
        fields.setdefault("seats", self.players)
        response = self.client.post(self.url("/games"), json=GameRequest(**fields),
                                    headers=self.write)
        assert response.status_code == 201, response.get_json()
        return response.get_json()["id"]

    def post(self, event_type: str, game_id: str | None = None, headers=None, **envelope):
        body = {"id": str(uuid.uuid4()), "type": event_type, "game_id": game_id,
                "data": envelope.pop("data", {}), **envelope}
        return self.client.post(self.url("/events"), json=body, headers=headers or self.write)

    def record(self, event_type: str, game_id: str | None = None, **data) -> dict:
        response = self.post(event_type, game_id, data=data)
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    def get(self, path: str, headers=None):
        response = self.client.get(self.url(path), headers=headers or self.read)
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def counters(self) -> dict[str, int]:
        return {p["id"]: p["counters"] for p in self.get("/balances")["players"]}

    def pool(self, game_id: str) -> int:
        return next(p["counters"] for p in self.get("/pools")["pools"] if p["game_id"] == game_id)
