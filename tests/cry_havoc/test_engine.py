"""The Ruleset surface: orders, refusals with line, column, rule and hint, interactive decisions,
legal options, the computer player, options, snapshots [CH.PBEM.1] [CH.PBEM.2] [CH.PBEM.24] [CH.TURN.*]."""

from __future__ import annotations

import pytest

from campaign.kit.scripted import ScriptedDice
from campaign.ruleset import MissedOrders, NeedDecision, OrdersRejected, RequestKind
from games.cry_havoc import RULESET
from games.cry_havoc.fire import aim
from games.cry_havoc.model import Condition
from games.cry_havoc.resolve import resolve_shot
from games.cry_havoc.state import Step

from .helpers import H, make, man


def errors(st, side: str, text: str):  # type: ignore[no-untyped-def]
    with pytest.raises(OrdersRejected) as e:
        RULESET.parse_orders(st, side, text)
    return e.value.errors


def test_CH_TURN_2_phases_and_requests() -> None:
    """[CH.TURN.2] [CH.TURN.3] [CH.SEQ.1] [CH.PBEM.3] [CH.PBEM.7] [CH.PBEM.8] [CH.PBEM.10]: the first side,
    then the second; one order message per phase; `pass` means no fire, no move, no combat."""
    st = RULESET.setup("raid", {})
    (req,) = RULESET.pending(st)
    assert (req.side, req.kind, req.key) == ("raiders", RequestKind.ORDERS, "t1-raiders")
    assert not RULESET.ready(st)
    st = RULESET.apply_orders(st, RULESET.parse_orders(st, "raiders", "pass"))
    assert RULESET.ready(st)
    before = RULESET.view(st)["characters"]
    st = RULESET.resolve(st, ScriptedDice.of(10)).state
    assert RULESET.view(st)["characters"] == before
    assert RULESET.pending(st)[0].side == "villagers" and RULESET.turn(st) == 1
    st = RULESET.resolve(
        RULESET.apply_orders(st, RULESET.parse_orders(st, "villagers", "hold")), ScriptedDice.of(10)
    ).state
    assert RULESET.turn(st) == 2 and RULESET.phase(st) == "turn 2 of 8, raiders"


def test_CH_PBEM_24_every_refusal_has_line_column_rule_and_hint() -> None:
    """[CH.PBEM.24] [CH.MOVE.2] [CH.FIRE.2] [CH.COMBAT.4]:
    all mistakes at once, each with where, what rule and a hint."""
    st = RULESET.setup("raid", {})
    errs = errors(
        st, "raiders", "move R1 to 2416\nfire R5 at R1\nattack V1 with R2\nmove R9 to 0101\nmove R3 to 01x1\n"
    )
    by_line = {e.line: e for e in errs}
    assert by_line[1].code == "CH.MOVE.2" and "reachable" in by_line[1].hint
    assert by_line[2].code == "CH.FIRE.2"
    assert by_line[3].code == "CH.COMBAT.4"
    assert by_line[4].code == "CH.ROSTER.5" and by_line[4].column == 6 and "R1" in by_line[4].hint
    assert by_line[5].code == "CH.GEOM.1" and by_line[5].column == 12
    assert all(e.text for e in errs)


def test_canonical_echo() -> None:
    """Accepted orders come back in canonical form, and that form is accepted again."""
    st = RULESET.setup("raid", {})
    acc = RULESET.parse_orders(st, "raiders", "# the charge\nMOVE r1 f0 f0\nmove R5 0209 0309  # on foot\n")
    assert acc.canonical == "move R1 F0 F0\nmove R5 0209 0309"
    assert RULESET.parse_orders(st, "raiders", acc.canonical).canonical == acc.canonical


def test_CH_PBEM_1_interactive_mode_asks() -> None:
    """[CH.PBEM.1] [CH.PBEM.14] [CH.RETREAT.2]:
    interactive games stop and ask the retreating side; standing ones take the default."""
    st = make(config={"pbem.mode": "interactive"})
    f = man(st, "F", "crossbowman", "red", (-10, 0))
    t = man(st, "T", "man_at_arms", "blue", (0, 0))
    shot = aim(st, f, Step.CROSSBOW, t)
    from games.cry_havoc.tables import lookup

    die = next(d for d in range(1, 11) if lookup(shot.table, shot.column, d) == "A")
    dice = ScriptedDice.of(10, die)
    dice.ask = True
    with pytest.raises(NeedDecision) as e:
        resolve_shot(_ctx(st, dice), shot)
    assert e.value.side == "blue" and e.value.default in e.value.options and len(e.value.options) == 7  # TV-78
    options = e.value.options
    other = next(o for o in options if o != e.value.default)
    st2 = make(config={"pbem.mode": "interactive"})
    man(st2, "F", "crossbowman", "red", (-10, 0))
    man(st2, "T", "man_at_arms", "blue", (0, 0))
    dice2 = ScriptedDice.of(10, die, answers={e.value.key: other})
    resolve_shot(_ctx(st2, dice2), shot)
    assert st2.board.label(st2.characters["T"].hex) == other.split("-")[-1]


def _ctx(st, dice):  # type: ignore[no-untyped-def]
    from games.cry_havoc.effects import Ctx

    return Ctx(st, dice)


def test_CH_PBEM_2_standing_orders() -> None:
    """[CH.PBEM.2] [CH.PBEM.6] [CH.PBEM.12]: standing orders filed in a message apply from then on."""
    st = RULESET.setup("castle-gate", {})
    acc = RULESET.parse_orders(st, "garrison", "surrender G2 never\nnominate G7 B6\nrefusal withdraw\n")
    st = RULESET.resolve(RULESET.apply_orders(st, acc), ScriptedDice.of(10)).state
    assert st.standing["garrison"] == {"surrender-G2": "never", "nominate-G7": "B6", "after-refusal": "withdraw"}
    assert st.nominees == {}  # nominations count in the enemy's phase
    from games.cry_havoc.phase import start_phase

    start_phase(st)
    assert st.nominees == {"G7": "B6"}


def test_legal_options_lines_are_accepted() -> None:
    """Every option of LEGAL carries an order line the parser accepts on its own."""
    st = RULESET.setup("raid", {})
    legal = RULESET.legal_options(st, "raiders")
    assert legal.units and all(u.options for u in legal.units if u.unit != "R5") is not None
    for u in legal.units:
        for o in u.options[:4]:
            RULESET.parse_orders(st, "raiders", o.order)
    assert RULESET.legal_options(st, "villagers").notes


def test_bot_orders_are_legal_for_every_scenario() -> None:
    """The computer player's text passes the parser for each side when it is its phase."""
    for s in RULESET.scenarios():
        st = RULESET.setup(s.name, {})
        text = RULESET.bot_orders(st, st.side, 3)
        RULESET.parse_orders(st, st.side, text)
        assert RULESET.default_orders(st, st.side, MissedOrders.HOLD) == "pass\n"
        RULESET.parse_orders(st, st.side, RULESET.default_orders(st, st.side, MissedOrders.BOT))


def test_options_are_checked() -> None:
    """[CH.DATA.4]: unknown keys and bad values are refused with the known ones named."""
    with pytest.raises(ValueError) as e:
        RULESET.setup("raid", {"odds.cap_after_shif": True})
    assert "odds.cap_after_shift" in str(e.value)
    with pytest.raises(ValueError):
        RULESET.setup("raid", {"pbem.mode": "sometimes"})
    st = RULESET.setup("raid", {"pbem.mode": "interactive", "retreat.mounted_sidestep": "false"})
    assert st.config.pbem__mode == "interactive" and st.config.retreat__mounted_sidestep is False


def test_snapshot_round_trip() -> None:
    """[CH.DATA.5] [CH.DATA.3]: dump/load keeps everything, the game's config included."""
    st = RULESET.setup("raid-midgame", {})
    assert RULESET.dump(st)["config"]["options.ammunition"] is True
    again = RULESET.load(RULESET.dump(st))
    assert RULESET.dump(again) == RULESET.dump(st)
    assert again.characters["R2"].condition is Condition.STUNNED and H(0, 0) is not None


def test_first_turn_walkthrough_in_the_docs_is_accepted() -> None:
    """docs/orders/cry-havoc.md: the full first-turn message of the walkthrough is legal as written."""
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "orders" / "cry-havoc.md").read_text(encoding="utf-8")
    message = doc.split("A full message might read:\n```\n")[1].split("```")[0]
    st = RULESET.setup("raid", {})
    assert RULESET.parse_orders(st, "raiders", message).canonical == message.strip()
