"""Campaign battles fought with Cry Havoc and War Cometh (issue 21, [CAMP.BATTLE.2] [CAMP.BATTLE.3]): a small
map for each, a battle created from the rule system's battlefield template with the rosters as they stand
(a first battle's losses carried in), played to its end by the computer players through `orders submit`,
and each unit's stands read back into the rosters."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from campaign.eventlog import open_store
from campaign.service import Campaign
from campaign.strategic.battles import STANDS_READERS
from campaign.strategic.service import links, record_table_result, sync

SIDES = {"red": "alice", "blue": "bob", "umpire": "ref"}

ARMIES = {
    "cry-havoc": (
        "crossroads",
        "house",
        '[{ profile = "man_at_arms", name = "Spearmen", stands = 3 }, { profile = "shortbowman", name = "Bowmen", '
        'stands = 2 }]\ngenerals = [{ type = "sergeant" }]',
        '[{ profile = "man_at_arms", name = "Outlaws", stands = 4 }, { profile = "crossbowman", name = "Crossbows", '
        "stands = 2 }]",
    ),
    "war-cometh": (
        "open-field",
        "base",
        '[{ profile = "base.men_at_arms", name = "Foot", stands = 4 }, { profile = "base.longbowmen", '
        'name = "Archers", stands = 3 }]\ngenerals = [{ type = "gifted" }]',
        '[{ profile = "base.knights_mtd", name = "Knights", stands = 3 }, { profile = "base.spearmen", '
        'name = "Spears", stands = 4 }]',
    ),
}

FIRST_STANDS = {"cry-havoc": 3, "war-cometh": 4}
"""R1.1's stands on the map."""


def _map(ruleset: str) -> str:
    """Three regions in a row (a red, b and c blue), R1 at a and B1 at b: each side has somewhere to fall back."""
    field, army, red, blue = ARMIES[ruleset]
    regions = "".join(
        f'[[regions]]\nid = "{r}"\nx = {x}\ny = 500\nbattlefield = {{ {ruleset} = "{field}" }}\n\n'
        for r, x in (("a", 100), ("b", 500), ("c", 900))
    )
    return f"""title = "A {ruleset} test campaign"
ruleset = "campaign-map"
battle_ruleset = "{ruleset}"
turns = 3

[rules]
max_battle_turns = 12
reinforce_per = 1000

{regions}[[connections]]
from = "a"
to = "b"

[[connections]]
from = "b"
to = "c"

[[sides]]
name = "red"
owns = ["a"]

[[sides]]
name = "blue"
owns = ["b", "c"]

[[armies]]
id = "R1"
side = "red"
region = "a"
army = "{army}"
units = {red}

[[armies]]
id = "B1"
side = "blue"
region = "b"
army = "{army}"
units = {blue}
"""


@pytest.fixture
def seeded(db_path: Path) -> Iterator[Campaign]:
    """A campaign file whose dice seeds are fixed, so each battle plays the same way every run."""
    store = open_store(db_path, create=True)
    camp = Campaign(store, seeds=lambda s, n: hashlib.sha256(f"battles/{s}/{n}".encode()).digest())
    camp.init("test")
    for who in ("alice", "bob", "ref"):
        camp.add_player(who, f"{who}@example.org")
    yield camp
    store.close()


def _left(ruleset: str, view: dict[str, Any]) -> dict[str, int]:
    """Each battle unit's stands left, counted here from the game's own view, apart from the reader."""
    if ruleset == "war-cometh":
        return {u["id"][1:]: u["stands"] for u in view["units"]}
    out: dict[str, int] = {}
    for c in view["characters"]:
        bid = re.fullmatch(r"U(\d+)M\d+", c["id"])[1]  # type: ignore[index]
        out[bid] = out.get(bid, 0) + (c["condition"] != "dead")
    return out


@pytest.mark.parametrize("ruleset", ["cry-havoc", "war-cometh"])
def test_a_battle_from_the_template_is_played_and_its_losses_read_back_CAMP_BATTLE_2(
    seeded: Campaign, tmp_path: Path, ruleset: str
) -> None:
    camp = seeded
    (tmp_path / "map.toml").write_text(_map(ruleset))
    camp.new_game("campaign-map", str(tmp_path / "map.toml"), SIDES)
    # turn 1: a battle at b recorded from a table costs R1.1 one stand, carried into the next [CAMP.REC.3]
    camp.submit_orders(1, "alice", "move R1 to b")
    camp.submit_orders(1, "bob", "hold")
    record_table_result(camp, 1, "b", "blue", {"R1": {"R1.1": 1}}, "club night")
    camp.submit_orders(1, "alice", "move R1 to b")
    camp.submit_orders(1, "bob", "hold")
    sync(camp, tmp_path)
    (link,) = links(camp)
    bgs = camp.load(link.battle)
    assert bgs.ruleset.name == ruleset and bgs.sides == {"red": "alice", "blue": "bob"}
    text = (tmp_path / "battles" / "campaign1-turn2-b.toml").read_text()
    assert f"templates/battlefields/{ruleset}/{ARMIES[ruleset][0]}.toml.j2" in text
    starts = {tuple(v[:2]): v[2] for v in link.units.values()}
    assert starts[("R1", "R1.1")] == FIRST_STANDS[ruleset] - 1 and len(starts) == 4
    # the game holds each unit with its stands now: Cry Havoc men, War Cometh stands
    view = bgs.ruleset.view(bgs.state, None)
    assert _left(ruleset, view) == {b: v[2] for b, v in link.units.items()}
    if ruleset == "cry-havoc":  # each man of his unit's profile, Spearmen first
        assert {c["type"] for c in view["characters"] if c["id"].startswith("U1M")} == {"man_at_arms"}
    else:  # each side's general as its marshal; the units in line
        assert [(g["side"], g["role"]) for g in view["leaders"]] == [("red", "marshal"), ("blue", "marshal")]
        assert {u["formation"] for u in view["units"]} == {"line"}
    for _ in range(400):
        if bgs.ended:
            break
        side = camp.awaiting(bgs)[0].side
        camp.submit_orders(link.battle, bgs.sides[side], bgs.ruleset.bot_orders(bgs.state, side, 3), side=side)
        bgs = camp.load(link.battle)
    assert bgs.ended is not None
    left = _left(ruleset, bgs.ruleset.view(bgs.state, None))
    assert sum(left.values()) < sum(v[2] for v in link.units.values())  # the fight cost somebody stands
    sync(camp, tmp_path)
    st = camp.load(1).state
    done = st["battles_done"][-1]["result"]
    assert done["game"] == link.battle and done["winner"] == bgs.ended.get("winner")
    for bid, (army, uid, start) in link.units.items():
        unit = next(u for u in st["armies"][army]["units"] if u["id"] == uid)
        assert unit["stands"] == left.get(bid, 0) <= start  # [CAMP.BATTLE.3]


class _View:
    name = "cry-havoc"

    def __init__(self, characters: list[dict[str, Any]]) -> None:
        self.characters = characters

    def view(self, state: Any, side: str | None) -> dict[str, Any]:
        return {"characters": self.characters}


def test_a_cry_havoc_man_killed_or_taken_is_a_stand_lost_CAMP_BATTLE_3() -> None:
    """Wounded, stunned or off the map a man lives; dead, a prisoner or ransomed he is lost to his unit."""
    men = [
        ("U1M1", "wounded", "free"),
        ("U1M2", "dead", "free"),
        ("U1M3", "stunned", "escaped"),
        ("U2M1", "unwounded", "prisoner"),
        ("U2M2", "unwounded", "ransomed"),
        ("U2M3", "unwounded", "free"),
        ("X9", "unwounded", "free"),  # not a campaign man
    ]
    rs = _View([{"id": i, "condition": c, "ransom": r} for i, c, r in men])
    assert STANDS_READERS["cry-havoc"](rs, None) == {"1": 2, "2": 1}  # type: ignore[arg-type]
