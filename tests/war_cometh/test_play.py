"""War Cometh played the way users play it: the order language, refusals with line, column, rule
and legal maximum, and several turns through the `campaign` CLI with pictures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from campaign.cli import main
from campaign.kit.scripted import ScriptedDice
from campaign.ruleset import OrdersRejected
from games.war_cometh import RULESET
from games.war_cometh.model import Phase


def _rejected(state, side: str, text: str) -> list:  # type: ignore[no-untyped-def]
    with pytest.raises(OrdersRejected) as err:
        RULESET.parse_orders(state, side, text)
    return list(err.value.errors)


def test_order_language_round_trips_to_canonical_text() -> None:
    """[WC.MOVE.10] [WC.CMD.4] [WC.FORM.9] steps joined by 'then', commanders grouping their orders."""
    s = RULESET.setup("open-field", {})
    text = (
        "commander henry\n"
        "unit r2 wheel left 20 then forward 6\n"
        "unit R3 form column then forward 5\n"
        "commander roger\n"
        "unit R1 forward 12.5\n"
        "leader henry move to 85 20\n"
    )
    acc = RULESET.parse_orders(s, "red", text)
    assert acc.canonical.splitlines() == [
        "commander henry",
        "unit R2 wheel left 20 then forward 6",
        "unit R3 form column then forward 5",
        "commander roger",
        "unit R1 forward 12.5",
        "leader henry move to 85 20",
    ]


def test_refusals_name_line_rule_and_legal_maximum() -> None:
    """[WC.MOVE.12] [WC.CMD.5] [WC.CMD.4] every mistake comes back at once with its rule."""
    s = RULESET.setup("open-field", {})
    errors = _rejected(
        s,
        "red",
        "commander henry\nunit R2 forward 25\nunit R9 forward 2\ncommander roger\nunit R4 forward 5\n"
        "commander henry\nunit R3 foward 5\n",
    )
    by_line = {e.line: e for e in errors}
    assert by_line[2].code == "WC.MOVE.12" and "the most it can do is 20 cm" in by_line[2].message
    assert "R9" in by_line[3].message and "r4" in by_line[3].hint
    assert by_line[5].code == "WC.CMD.5" and "order radius is 10 cm" in by_line[5].message
    assert by_line[6].code == "WC.CMD.4"
    assert "foward" in by_line[7].message and "forward" in by_line[7].hint


def test_move_to_contact_an_enemy_is_refused_until_part_2() -> None:
    """[WC.CHARGE.1] contact with the enemy is a charge, which comes with melee in part 2."""
    s = RULESET.setup("mid-game", {})
    errors = _rejected(s, s.active, f"unit {_first_unit(s)} move to contact unit {_first_enemy(s)}")
    assert errors[0].code == "WC.CHARGE.1" and "close on unit" in errors[0].message


def _first_unit(s) -> str:  # type: ignore[no-untyped-def]
    return next(u.id for u in s.units if u.side == s.active and u.on_table)


def _first_enemy(s) -> str:  # type: ignore[no-untyped-def]
    return next(u.id for u in s.units if u.side != s.active and u.on_table)


def test_preview_draws_the_planned_footprint() -> None:
    """CHECK: the planned footprint is drawn as a ghost with a dotted path."""
    s = RULESET.setup("open-field", {})
    pic = RULESET.preview(s, "red", "unit R2 forward 10")
    ghosts = [u for u in pic.units if u.ghost]
    assert [g.name for g in ghosts] == ["R2"] and any(p.kind.value == "planned" for p in pic.paths)


def test_WC_SEQ_1_phases_skipped_until_part_2_are_said_so() -> None:
    """[WC.SEQ.1] [WC.SEQ.3] [WC.SEQ.4] [WC.SEQ.5] [WC.SEQ.6] [WC.SEQ.7] the player-turn plays
    movement, says that the Reaction, Shooting and Melee phases are part 2, and hands over."""
    s = RULESET.setup("open-field", {})
    s = RULESET.apply_orders(s, RULESET.parse_orders(s, "red", "unit R2 forward 10"))
    res = RULESET.resolve(s, ScriptedDice.of(6, 1, 1))
    text = "\n".join(res.narrative)
    assert "TODO(WC.SHOOT.1)" not in text and "No melee this turn." in text  # melee is played [WC.MELEE.28]
    assert res.state.active == "blue" and res.state.player_turn == 2
    assert RULESET.load(json.loads(json.dumps(RULESET.dump(res.state)))) == res.state


def test_bannockburn_deploys_english_then_scots_then_plays() -> None:
    """[WC.SCN.9a] [WC.SCN.11] [WC.DEPLOY.13] [WC.DEPLOY.5] [WC.SCN.7] [WC.SCN.8] the English deploy,
    then the Scots; the side chosen to move first (the English by default) plays; the English
    infantry may not be ordered on the first turn; the Small Folk wait."""
    s = RULESET.setup("bannockburn", {})
    assert s.phase is Phase.DEPLOY and s.active == "english"
    errors = _rejected(s, "english", "place unit EN_KN1 at 10 100 facing 90")
    assert errors[0].code == "WC.DEPLOY.12"
    s = RULESET.apply_orders(s, RULESET.parse_orders(s, "english", "done"))
    s = RULESET.resolve(s, ScriptedDice.of(6)).state
    assert s.active == "scots"
    s = RULESET.apply_orders(s, RULESET.parse_orders(s, "scots", "done"))
    s = RULESET.resolve(s, ScriptedDice.of(6)).state
    assert s.phase is Phase.MOVEMENT and s.active == "english"
    assert _rejected(s, "english", "unit EN_SP1 forward 5")[0].code == "WC.SCN.7"
    s2 = RULESET.apply_orders(s, RULESET.parse_orders(s, "english", "done"))
    s2 = RULESET.resolve(s2, ScriptedDice.of(6)).state
    assert _rejected(s2, "scots", "unit SC_SF1 forward 5")[0].code == "WC.SCN.8"


def test_a_game_is_set_up_and_manoeuvred_by_cli_for_several_turns(tmp_path: Path) -> None:
    """Several turns through `campaign` commands: orders in, dice rolled, boards out as PNG and SVG."""
    db = str(tmp_path / "c.db")
    run = CliRunner()

    def ok(*args: str) -> str:
        res = run.invoke(main, ["--db", db, *args], catch_exceptions=False)
        assert res.exit_code == 0, res.output
        return res.output

    ok("init")
    ok("player", "add", "alice", "--email", "alice@example.org")
    ok("player", "add", "bob", "--email", "bob@example.org")
    game = ok(
        "game",
        "new",
        "--ruleset",
        "war-cometh",
        "--scenario",
        "open-field",
        "--side",
        "red=alice",
        "--side",
        "blue=bob",
    ).strip()
    plans = [
        ("alice", "commander henry\nunit R2 forward 10\nunit R3 wheel left 20 then forward 5\n"),
        ("bob", "commander louis\nunit B2 forward 10\nunit B3 forward 8\n"),
        ("alice", "commander roger\nunit R1 forward 15\n"),
        ("bob", "commander louis\nunit B4 forward 6 then move to 40 80\n"),
    ]
    for player, text in plans:
        orders = tmp_path / f"{player}.txt"
        orders.write_text(text)
        ok("orders", "submit", game, "--player", player, str(orders))
    board = json.loads(ok("show", game, "--format", "json"))
    assert board["player_turn"] == 5 and board["active"] == "red"
    ok("show", game, "--format", "png", "-o", str(tmp_path / "board.png"))
    assert (tmp_path / "board.png").read_bytes()[:4] == b"\x89PNG"
    assert "<svg" in ok("show", game, "--format", "svg")
    ok("audit", "verify")
