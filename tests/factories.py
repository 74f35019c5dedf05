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
        self._tokens(opened.get_json())
        self.players = [self.add_player() for _ in range(players)]

    @classmethod
    def opened(cls, client, answer: dict) -> "Table":
        """A table for a session opened elsewhere (in a club: its players already seated)."""
        table = cls.__new__(cls)
        table.client = client
        table._tokens(answer)
        table.players = [player["id"] for player in answer.get("players", [])]
        return table

    def _tokens(self, answer: dict) -> None:
        self.id = answer["id"]
        self.write_token = answer["write_token"]
        self.write = {"Authorization": f"Bearer {answer['write_token']}"}
        self.read = {"Authorization": f"Bearer {answer['read_token']}"}

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


class Club:
    """A club founded through the API, with helpers for its members and evenings."""

    def __init__(self, client, name: str = "Meryton", members: tuple[str, ...] = ()):
        self.client = client
        founded = client.post("/api/v1/clubs", json={"name": name})
        assert founded.status_code == 201, founded.get_json()
        self.id = founded.get_json()["id"]
        self.write = {"Authorization": f"Bearer {founded.get_json()['write_token']}"}
        self.read = {"Authorization": f"Bearer {founded.get_json()['read_token']}"}
        self.members = {member: self.add_member(member) for member in members}

    def url(self, path: str = "") -> str:
        return f"/api/v1/clubs/{self.id}{path}"

    def add_member(self, name: str, group: str | None = None) -> str:
        answer = self.client.post(self.url("/members"), json={"name": name, "group": group},
                                  headers=self.write)
        assert answer.status_code == 201, answer.get_json()
        return answer.get_json()["id"]

    def post(self, event_type: str, headers=None, **data):
        return self.client.post(self.url("/events"), headers=headers or self.write,
                                json={"id": str(uuid.uuid4()), "type": event_type, "data": data})

    def record(self, event_type: str, **data) -> dict:
        answer = self.post(event_type, **data)
        assert answer.status_code == 201, answer.get_json()
        return answer.get_json()

    def evening(self, *names: str, **session) -> Table:
        """Tonight's evening opened in the club, these members seated (a Table to record)."""
        body = {**SessionRequest(**session), "members": [self.members[n] for n in names]}
        answer = self.client.post(self.url("/evenings"), json=body, headers=self.write)
        assert answer.status_code == 201, answer.get_json()
        return Table.opened(self.client, answer.get_json())

    def get(self, path: str = "", headers=None, **query):
        answer = self.client.get(self.url(path), headers=headers or self.read, query_string=query)
        assert answer.status_code == 200, answer.get_json()
        return answer.get_json()

    def standings(self, **query) -> dict[str, dict]:
        """Each member's standing row by name."""
        return {row["name"]: row for row in self.get("/standings", **query)["members"]}
