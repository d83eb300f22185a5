"""2012 skirmishers (HH12.SPEC.1-9, ruling HH12.SPEC.A1) as this engine plays them: the fallback of ruling
HH12.SPEC.A1 item 11 (formed units with the 2022 skirmisher mechanics, the deviation recorded in the game's
metadata), plus the two 2012 rules that need no split unit: only adjacent enemies shoot at skirmishers
(HH12.SPEC.3), and skirmishers neither shoot at nor fight enemy skirmishers (HH12.SPEC.9).

Each situation runs under both editions; the expected answers are worked out from the rules.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes.armies import ForceGeneral, load_army_list, validate_army
from games.hordes_heroes.combat import Choices, hth_phase
from games.hordes_heroes.edition import LATEST_RULES_VERSION, RULES_2012, RULES_2012_V1, RULES_2022, Edition
from games.hordes_heroes.legal import shots
from games.hordes_heroes.shooting import can_target, default_target
from games.hordes_heroes.picture import subtitle
from games.hordes_heroes.skirmish_2012 import FALLBACK_NOTE, deviations, may_fight, may_shoot_at, recorded_deviations
from games.hordes_heroes.state import GameState
from games.hordes_heroes.view import render_text, view

from .helpers import PROFILES, Dice, Facing, H, make_state

SKIRM = PROFILES["skirm"]
"""Foot skirmishers: class C, speed 2R, CF 1, shooting 8+ (a 2012 factor), E2."""


def ed(st: GameState, e: Edition) -> GameState:
    st.options = replace(st.options, edition=e, rules_version=LATEST_RULES_VERSION)
    return st


def _skirmish_line(e: Edition) -> GameState:
    """South skirmishers 1 at (3, 8) and longbow-armed spearmen 2 at (5, 8); north skirmishers 5 at (3, 6), 2
    hexes from unit 1, and spearmen 6 at (5, 7), adjacent to unit 2 and 2 hexes from unit 1."""
    return ed(
        make_state(
            [
                (1, "south", "skirm", (3, 8), Facing.N),
                (2, "south", "bow7", (5, 8), Facing.N),
                (5, "north", "skirm", (3, 6), Facing.S),
                (6, "north", "bare", (5, 7), Facing.S),
            ],
            rows=13,
        ),
        e,
    )


# --- HH12.SPEC.3: only adjacent enemies shoot at skirmishers -----------------------------------------------------


@pytest.mark.parametrize("e, at_range_2", [(Edition.E2012, False), (Edition.E2022, True)])
def test_HH12_SPEC_3_skirmishers_are_shot_only_from_an_adjacent_hex(e, at_range_2):
    """HH12.SPEC.3: a 2012 skirmisher 2 hexes from a shooter cannot be its target (nor is it offered by LEGAL), an
    adjacent one can. 2022 skirmishers are ordinary targets at 2 hexes."""
    st = ed(
        make_state(
            [(1, "south", "bow7", (3, 8), Facing.N), (5, "north", "skirm", (3, 6), Facing.S)],
            rows=13,
        ),
        e,
    )
    assert can_target(st, st.units[1], st.units[5], Facing.N) is at_range_2
    assert [o.order for o in shots(st, st.units[1])] == (["shoot 1 at 5"] if at_range_2 else [])
    st.units[5] = replace(st.units[5], hex=H(3, 7))
    assert can_target(st, st.units[1], st.units[5], Facing.N)


def test_HH12_SPEC_3_skirmishers_shoot_at_the_normal_two_hex_range():
    """HH12.SPEC.3, ruling HH12.SPEC.A1 item 7: skirmishers shoot at 2 hexes as usual, at formed targets."""
    st = ed(
        make_state(
            [(1, "south", "skirm", (3, 8), Facing.N), (6, "north", "bare", (3, 6), Facing.S)],
            rows=13,
        ),
        Edition.E2012,
    )
    assert can_target(st, st.units[1], st.units[6], Facing.N)
    assert default_target(st, st.units[1], None) == (6, Facing.N)


# --- HH12.SPEC.9: skirmishers against skirmishers ----------------------------------------------------------------


@pytest.mark.parametrize("e, allowed", [(Edition.E2012, False), (Edition.E2022, True)])
def test_HH12_SPEC_9_skirmishers_never_shoot_at_enemy_skirmishers(e, allowed):
    """HH12.SPEC.9: a 2012 skirmisher may not shoot at an enemy skirmisher, even an adjacent one; its default target
    is then the formed unit 2 hexes away. In 2022 the nearer-by-id skirmisher is a target like any other."""
    st = _skirmish_line(e)
    st.units[5] = replace(st.units[5], hex=H(3, 7))
    assert can_target(st, st.units[1], st.units[5], Facing.N) is allowed
    assert may_shoot_at(st, st.units[1], st.units[5]) is allowed
    assert may_shoot_at(st, st.units[2], st.units[6])
    assert default_target(st, st.units[1], None) == ((5, Facing.N) if allowed else (6, Facing.NE))


@pytest.mark.parametrize("e, fought", [(Edition.E2012, False), (Edition.E2022, True)])
def test_HH12_SPEC_9_skirmishers_never_fight_enemy_skirmishers(e, fought):
    """HH12.SPEC.9: two adjacent 2012 skirmish units have no combat; in 2022 they fight (CF 1 + 4 stands + D6:
    11 against 6, 5 hits: the class-C north unit flees, 1 stand lost)."""
    st = ed(
        make_state(
            [(1, "south", "skirm", (3, 8), Facing.N), (5, "north", "skirm", (3, 7), Facing.SE)],
            rows=13,
        ),
        e,
    )
    assert may_fight(st, st.units[1], st.units[5]) is fought
    lines = hth_phase(st, Dice(6, 1), Choices())
    if fought:
        assert lines[1] == (
            "unit 1 (Skirmishers) (1 + 4 stands + D6 6 = 11) beat unit 5 (Skirmishers) (1 + 4 stands + D6 1 = 6)"
            " by 5 [HH.HTH.6]."
        )
        assert st.units[5].stands == 3 and st.units[5].hex == H(3, 4)
    else:
        assert lines[1:] == [
            "unit 5 (Skirmishers) and unit 1 are skirmishers: they do not fight each other [HH12.SPEC.9]."
        ]
        assert st.units[1].stands == 4 and st.units[5].stands == 4 and st.units[5].hex == H(3, 7)


def test_HH12_SPEC_9_a_skirmisher_still_fights_a_formed_unit_in_the_fallback():
    """Ruling HH12.SPEC.A1 item 11: in the fallback a skirmisher that did not evade fights a formed enemy as in 2022
    (TODO(HH12.SPEC.5): riding down)."""
    st = ed(
        make_state(
            [(1, "south", "skirm", (3, 8), Facing.N), (6, "north", "bare", (3, 7), Facing.SE)],
            rows=13,
        ),
        Edition.E2012,
    )
    assert may_fight(st, st.units[1], st.units[6])
    assert "beat" in "\n".join(hth_phase(st, Dice(6, 1), Choices()))


# --- ruling HH12.SPEC.A1 item 11: the fallback is recorded in the game's metadata --------------------------------


def test_HH12_SPEC_A1_the_skirmish_fallback_is_recorded_in_the_game_metadata():
    """Ruling HH12.SPEC.A1 item 11, HH12.SPEC.1, HH12.SPEC.5, HH12.SPEC.6, HH12.SPEC.7: a 2012 force with
    skirmishers gets the edition deviation among its set-up warnings, which the view, the board text and the board
    picture's subtitle show; a 2012 force without them, any 2022 force and a 2012 game at rules version 1 get none."""
    note = f"edition deviation: {FALLBACK_NOTE} [HH12.SPEC.A1]"
    assert deviations(RULES_2012, [SKIRM]) == [note]
    assert deviations(RULES_2012, [PROFILES["spear"]]) == []
    assert deviations(RULES_2022, [PROFILES["skirm"]]) == []
    assert deviations(RULES_2012_V1, [SKIRM]) == []
    assert "not dispersed one stand per hex" in FALLBACK_NOTE

    army = load_army_list("wotr-english-2012")
    army = replace(army, profiles={**army.profiles, "skirm": SKIRM})
    general = next(iter(army.generals))
    errors, warnings = validate_army(army, ["skirm", "mma"], [ForceGeneral(general, False, True)], 10**6, RULES_2012)
    assert errors == [] and note in warnings
    errors, warnings = validate_army(army, ["mma"], [ForceGeneral(general, False, True)], 10**6, RULES_2012)
    assert note not in warnings

    st = _skirmish_line(Edition.E2012)
    assert "deviations" not in view(st)
    assert subtitle(st).endswith(" - Hordes & Heroes Medieval (2012)")
    st.warnings = (note,)
    assert recorded_deviations(st) == [note]
    assert view(st)["deviations"] == [note]
    assert f"Note: {note}" in render_text(st).splitlines()
    assert subtitle(st).endswith(" - Hordes & Heroes Medieval (2012) (skirmishers as formed units, HH12.SPEC.A1)")


def test_HH12_SPEC_A1_fallback_skirmishers_move_and_evade_as_2022_skirmishers():
    """Ruling HH12.SPEC.A1 item 11, HH12.SPEC.2, HH12.SPEC.4: in the fallback a 2012 foot skirmish unit stays one
    unit in one hex, moves 2 hexes and evades up to 2 (E2), as the 2022 skirmishers do."""
    p = SKIRM
    assert p.skirmisher and p.speed.hexes == 2 and p.evade == 2
    st = _skirmish_line(Edition.E2012)
    assert st.units[1].stands == 4 and st.units[1].hex == H(3, 8)


def test_HH12_SPEC_1_a_skirmish_unit_that_has_lost_three_stands_is_lost():
    """HH12.SPEC.1, ruling HH12.SPEC.A1 item 10, WX-11 (SOURCE): a 4-stand skirmish unit down to 2 stands that loses
    one more (4 hits on class C: flee, disordered, 1 stand lost) has lost 3 and is removed with its last stand."""
    from games.hordes_heroes.crt import lookup
    from games.hordes_heroes.model import TroopClass
    from games.hordes_heroes.results import Cause, apply_result

    st = ed(make_state([(1, "south", "skirm", (3, 8), Facing.N, {"stands": 2})], rows=13), Edition.E2012)
    res = lookup(TroopClass.C, 4, table=RULES_2012.crt, printed=RULES_2012.crt_printed)
    assert res.stands == 1
    apply_result(st, 1, res, Cause.HTH, [H(3, 7)], H(3, 7), Dice())
    assert st.units[1].eliminated and st.units[1].stands == 0
    assert st.casualties["south"] == {"skirm": 2}
