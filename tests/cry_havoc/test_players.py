"""Several players on one side [CH.TURN.4]: each character is ordered only by its controller; the phase waits for all
the phasing side's players."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.kit.scenario_file import TomlDocument
from campaign.ruleset import OrdersRejected
from games.cry_havoc import RULESET as R
from games.cry_havoc import players as P
from games.cry_havoc.scenario import build_state
from games.cry_havoc.state import GameState

RAID = Path(__file__).resolve().parents[2] / "games" / "cry_havoc" / "data" / "scenarios" / "raid.toml"


def two_raiders() -> GameState:
    """The raid with Will the bow (R5) under a second raider player, "raiders-bows"."""
    text = RAID.read_text(encoding="utf-8").replace('at = "0109"', 'at = "0109"\ncontroller = "raiders-bows"')
    return build_state("raid", {}, TomlDocument.parse(text, "raid-two-players.toml"))


def test_CH_TURN_4_a_side_with_two_players_asks_both() -> None:
    """[CH.TURN.4]: the controller is a player slot of the raiders; their phase asks both slots and is ready only when
    both have sent orders; the villagers are asked nothing."""
    st = two_raiders()
    assert P.slots(st) == {"raiders": "raiders", "villagers": "villagers", "raiders-bows": "raiders"}
    assert P.scenario_slots(TomlDocument.parse(RAID.read_text(encoding="utf-8"), "r").data) == ("raiders", "villagers")
    reqs = R.pending(st)
    assert [(r.side, r.key) for r in reqs] == [("raiders", st.key), ("raiders-bows", f"{st.key}/raiders-bows")]
    st = R.apply_orders(st, R.parse_orders(st, "raiders", R.bot_orders(st, "raiders", 1)))
    assert not R.ready(st) and [r.side for r in R.pending(st)] == ["raiders-bows"]
    st = R.apply_orders(st, R.parse_orders(st, "raiders-bows", "pass"))
    assert R.ready(st)


def test_CH_TURN_4_only_the_controller_orders_a_character() -> None:
    """[CH.TURN.4]: the raiders' own player may not order R5, nor R5's player the knights; the bot keeps to each
    player's own men; the villagers' player may not order in the raiders' phase [CH.TURN.3]."""
    st = two_raiders()
    with pytest.raises(OrdersRejected) as e:
        R.parse_orders(st, "raiders", "fire R5 at V4")
    assert e.value.errors[0].code == "CH.TURN.4" and "R5 is controlled by raiders-bows" in e.value.errors[0].message
    with pytest.raises(OrdersRejected) as e:
        R.parse_orders(st, "raiders-bows", "move R2 F0 F0")
    assert e.value.errors[0].code == "CH.TURN.4"
    assert R.parse_orders(st, "raiders-bows", "fire R5 at V4").key == f"{st.key}/raiders-bows"
    mine = R.bot_orders(st, "raiders", 1)
    bows = R.bot_orders(st, "raiders-bows", 1)
    assert "R5" not in mine and "R1" in mine
    assert "R5" in bows and "R1" not in bows
    with pytest.raises(OrdersRejected) as e:
        R.parse_orders(st, "villagers", "pass")
    assert e.value.errors[0].code == "CH.TURN.3"


def test_CH_TURN_4_the_phase_runs_every_players_orders() -> None:
    """[CH.TURN.4]: the resolution takes the side's own player's orders, then the other player's: R5 fires (his
    player's order) and the riders move (the side's player's)."""
    st = two_raiders()
    st = R.apply_orders(st, R.parse_orders(st, "raiders", "move R2 F0 F0"))
    st = R.apply_orders(st, R.parse_orders(st, "raiders-bows", "move R5 to 0107"))
    before = {c: st.characters[c].body for c in ("R2", "R5")}
    out = R.resolve(st, _Dice())
    after = out.state
    assert after.characters["R2"].body != before["R2"] and after.characters["R5"].body != before["R5"]
    assert not after.orders and after.side == "villagers"


class _Dice:
    def roll(self, sides: int, purpose: str) -> int:
        return 5

    def decide(self, side: str, key: str, question: str, options: tuple[str, ...], default: str) -> str:
        return default
