"""Standings: campaign points, wins, losses and an Elo rating per player; every battle with its losses.

Two sources, one table:

* **Map campaigns** (games of `campaign-map`): each battle its strategic game recorded (fought as a
  game the campaign created, or on a real table and recorded by the referee), with each army's
  starting roster and losses; a player's points include the campaign points of the side they play
  [CAMP.PTS.1, CAMP.PTS.2].
* **The ladder** (any other finished game of two sides, any rule system, with or without a map):
  a win is worth 3 points, a draw 1 [CAMP.LADDER.1].

The rating is Elo [CAMP.LADDER.2]: everyone starts at 1500; after each decided or drawn battle, in the
order they ended, each player's rating moves by K = 32 times (score - expected), expected =
1 / (1 + 10 ** ((opponent - own) / 400)), rounded to a whole number. Ratings are derived (never
stored in an event), so they may use floating point.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaign.events import EventType
from campaign.service import Campaign
from campaign.strategic.service import RULESET_NAME, links, strategic_games

START_RATING = 1500
K_FACTOR = 32
LADDER_WIN, LADDER_DRAW = 3, 1


def elo(rating: int, opponent: int, score: float) -> int:
    """[CAMP.LADDER.2] the new rating after one game (score 1 win, 0.5 draw, 0 loss)."""
    expected = 1 / (1 + 10 ** ((opponent - rating) / 400))
    return round(rating + K_FACTOR * (score - expected))


def _campaign_battles(camp: Campaign, number: int) -> list[dict[str, Any]]:
    gs = camp.load(number)
    state = gs.state
    by_game = {lk.battle: lk for lk in links(camp, number)}
    out = []
    for b in state.get("battles_done", []):
        res = b["result"]
        game = res.get("game")
        armies = {
            aid: {
                "side": state["armies"][aid]["side"],
                "player": gs.sides[state["armies"][aid]["side"]],
                "start": b["start"][aid],
                "losses": res["losses"].get(aid, {}),
                "lost": sum(res["losses"].get(aid, {}).values()),
            }
            for aid in b["armies"]
        }
        link = by_game.get(game) if game is not None else None
        sides = {s: gs.sides[s] for s in state["sides"]}
        out.append(
            {
                "game": game,
                "ruleset": link.ruleset if link else state["battle_ruleset"],
                "campaign": number,
                "turn": b["turn"],
                "region": b["region"],
                "region_name": state["regions"][b["region"]]["name"],
                "fought": "game" if game is not None else "table",
                "reason": res.get("reason", ""),
                "sides": sides,
                "winner": res["winner"],
                "winner_player": sides.get(res["winner"]) if res["winner"] else None,
                "armies": armies,
            }
        )
    return out


def _ladder_games(camp: Campaign, linked: set[int]) -> list[dict[str, Any]]:
    out = []
    for stream in camp.games():
        number = int(stream.split(":")[1])
        if number in linked:
            continue
        created = next(iter(camp.store.read(stream=stream)))
        if created.payload.get("ruleset") == RULESET_NAME or len(created.payload["sides"]) != 2:
            continue
        ended = next(iter(camp.store.read_type(stream, EventType.GAME_ENDED.value)), None)
        if ended is None:
            continue
        sides = dict(created.payload["sides"])
        winner = ended.payload.get("winner")
        out.append(
            {
                "game": number,
                "ruleset": created.payload["ruleset"],
                "campaign": None,
                "sides": sides,
                "winner": winner,
                "winner_player": sides.get(winner) if winner else None,
                "armies": {},
                "fought": "game",
                "order": ended.seq,
            }
        )
    return out


@dataclass(frozen=True, slots=True)
class Standings:
    """`players` by name (points, wins, losses, draws, rating) and every `battles` row with its losses."""

    players: dict[str, dict[str, Any]]
    battles: list[dict[str, Any]]

    def as_json(self) -> dict[str, Any]:
        return {"players": self.players, "battles": self.battles}

    def text(self) -> str:
        lines = [f"{'player':12} {'points':>6} {'won':>4} {'lost':>4} {'drawn':>5} {'rating':>6}"]
        ranked = sorted(self.players.items(), key=lambda kv: (-kv[1]["points"], -kv[1]["rating"], kv[0]))
        for name, p in ranked:
            lines.append(
                f"{name:12} {p['points']:>6} {p['wins']:>4} {p['losses']:>4} {p['draws']:>5} {p['rating']:>6}"
            )
        lines.append("")
        lines.append("battles:")
        for b in self.battles:
            where = f"game {b['game']}" if b["game"] is not None else "on a table"
            at = f" at {b['region']} (turn {b['turn']})" if b.get("region") else ""
            lost = "; ".join(f"{a} lost {x['lost']}" for a, x in b["armies"].items())
            lines.append(f"  {b['ruleset']} {where}{at}: {b['winner'] or 'draw'} won" + (f"; {lost}" if lost else ""))
        return "\n".join(lines)


def standings(camp: Campaign) -> Standings:
    """The campaign's players and battles, from every map campaign and, as a ladder, every other two-sided game."""
    battles: list[dict[str, Any]] = []
    campaign_points: dict[str, int] = {}
    for number in strategic_games(camp):
        battles += _campaign_battles(camp, number)
        gs = camp.load(number)
        for side, pts in gs.state["points"].items():
            campaign_points[gs.sides[side]] = campaign_points.get(gs.sides[side], 0) + int(pts)
    linked = {lk.battle for lk in links(camp)}
    ladder = _ladder_games(camp, linked)
    players = {
        name: {"points": campaign_points.get(name, 0), "wins": 0, "losses": 0, "draws": 0, "rating": START_RATING}
        for name in sorted(camp.players())
    }
    for b in battles + ladder:
        who = sorted(set(b["sides"].values()))
        if len(who) != 2:
            continue
        a, c = who
        score = 0.5 if b["winner_player"] is None else (1.0 if b["winner_player"] == a else 0.0)
        ra, rc = players[a]["rating"], players[c]["rating"]
        players[a]["rating"], players[c]["rating"] = elo(ra, rc, score), elo(rc, ra, 1 - score)
        for p in who:
            key = "draws" if b["winner_player"] is None else ("wins" if b["winner_player"] == p else "losses")
            players[p][key] += 1
            if b["campaign"] is None:
                players[p]["points"] += {"wins": LADDER_WIN, "draws": LADDER_DRAW, "losses": 0}[key]
    for b in ladder:
        b.pop("order")
    return Standings(players, battles + ladder)

