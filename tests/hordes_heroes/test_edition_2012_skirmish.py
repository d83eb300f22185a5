"""2012 skirmish order (HH12.SPEC.1-9, ruling HH12.SPEC.A1): a unit allowed to skirmish disperses one stand per
hex, its stands exert no ZOC and never fight in melee, formed enemies ride them down by entering their hexes, only
adjacent enemies shoot at them, they never shoot at or fight enemy skirmishers, and they reform into one unit.

Positions are the helpers' (q, r); the narrative names the map's labels. A dispersed unit's new stand records take
the next free ids. Each expected answer is worked out from the rules, with exact hexes, ids and casualties.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes import orders as O
from games.hordes_heroes.armies import ForceGeneral, load_army_list, validate_army
from games.hordes_heroes.combat import Choices, hth_phase
from games.hordes_heroes.edition import LATEST_RULES_VERSION, RULES_2012, RULES_2012_V1, RULES_2022, Edition
from games.hordes_heroes.geometry import Facing
from games.hordes_heroes.picture import subtitle
from games.hordes_heroes.shooting import can_target, default_target, shooting_phase
from games.hordes_heroes.skirmish_2012 import (
    FALLBACK_NOTE,
    deviations,
    group_command,
    may_shoot_at,
    recorded_deviations,
)
from games.hordes_heroes.state import GameState, Phase, Standing, StandingProfile, dump_state, load_state
from games.hordes_heroes.table import ORDERS, Bound
from games.hordes_heroes.view import render_text, view
from games.hordes_heroes.zoc import engaged_at, exerts_zoc_into, is_engaged

from .helpers import PROFILES, Dice, H, make_state

SKIRM = PROFILES["skirm"]
"""Foot skirmishers: class C, speed 2R, CF 1, shooting 8+ (a 2012 factor), E2, allowed to skirmish."""

LINE = (H(2, 7), H(3, 7), H(4, 6), H(5, 6))
"""Where unit 1, at (3, 8), spreads its four stands: a chain, (3, 7) and (2, 7) next to its hex, none more than its
2-hex move away."""


def S(st: GameState) -> list[int]:
    """The ids of skirmish unit 1's stands, first stand (unit 1) first: new records take the next free ids."""
    return sorted(u.id for u in st.units.values() if u.skirmish_of == 1)


def lab(st: GameState, q: int, r: int) -> str:
    return st.label(H(q, r))


def at(st: GameState, uid: int) -> tuple[int, int] | None:
    h = st.units[uid].hex
    return None if h is None or st.units[uid].eliminated else (h.q - 8, h.r)


def fresh(e: Edition = Edition.E2012, units: tuple = (), **kw: object) -> GameState:  # type: ignore[type-arg]
    """South skirmishers 1 at (3, 8) facing N, and the `units` given; south's tactical movement, unit 1 commanded."""
    st = make_state([(1, "south", "skirm", (3, 8), Facing.N), *units], rows=13, **kw)
    st.options = replace(st.options, edition=e, rules_version=LATEST_RULES_VERSION)
    st.phase = Phase.TACTICAL_MOVEMENT
    st.commanded = frozenset(u for u in st.units if st.units[u].side == st.phasing)
    return st


def order(st: GameState, o: O.Order) -> list[str]:
    """Verify and carry out one bound order for the phasing side; the narrative, or the refusals' codes."""
    b = Bound(st, st.phasing or "south")
    why = ORDERS.verify(b, o)
    if why:
        return [f"refused {r.code}: {r.message}" for r in why]  # type: ignore[union-attr]  # Problems here
    ORDERS.apply(b, o, None)
    return b.lines


def dispersed(e: Edition = Edition.E2012, units: tuple = ()) -> GameState:  # type: ignore[type-arg]  # helper rows
    st = fresh(e, units)
    order(st, O.Disperse(1, 1, LINE))
    return st


def north_turn(st: GameState, evade: bool = False) -> GameState:
    """North's tactical movement next, every north unit commanded, nothing moved yet; south's stands evade only
    with `evade` (the standing order `evade`, whose default is yes)."""
    st.standing["south"] = StandingProfile(Standing(evade=evade))
    st.phasing = "north"
    st.units = {k: replace(u, moved_this_phase=False) for k, u in st.units.items()}
    st.commanded = frozenset(u.id for u in st.live_units("north"))
    return st


# --- HH12.SPEC.1, ruling HH12.SPEC.A1 items 1-2: dispersing ----------------------------------------------------------


def test_HH12_SPEC_1_a_unit_disperses_one_stand_per_hex():
    """HH12.SPEC.1, ruling HH12.SPEC.A1 items 1-2: `disperse 1 1508 1608 1607 1707` puts the first stand (unit 1) at
    (2, 7) and three new one-stand records 2, 3, 4 (the next free ids) at (3, 7), (4, 6), (5, 6), each
    `skirmish_of = 1`, facing N; the state saves and loads them."""
    st = fresh()
    assert order(st, O.Disperse(1, 1, LINE)) == [
        "unit 1 (Skirmishers) disperses in skirmish order, one stand per hex: stands 1 at 1508, 2 at 1608, 3 at 1607,"
        " 4 at 1707 [HH12.SPEC.1]."
    ]
    assert [at(st, i) for i in (1, 2, 3, 4)] == [(2, 7), (3, 7), (4, 6), (5, 6)]
    for i in (1, 2, 3, 4):
        u = st.units[i]
        assert (u.stands, u.nominal, u.skirmish_of, u.facing, u.side) == (1, 1, 1, Facing.N, "south")
    assert st.units[3].name == "Skirmishers (stand 3)"
    d = dump_state(st)
    assert [u.get("skirmish_of") for u in d["units"]] == [1, 1, 1, 1]
    assert load_state(d).units == st.units
    assert "skirmish_of" not in dump_state(fresh())["units"][0]


@pytest.mark.parametrize(
    "e, hexes, units, code",
    [
        (Edition.E2022, LINE, (), "HH12.SPEC.1"),  # 2022 has no skirmish order
        (Edition.E2012, LINE[:3], (), "HH12.SPEC.1"),  # 4 stands need 4 hexes
        (Edition.E2012, (H(2, 7), H(3, 7), H(5, 6), H(4, 6)), (), "HH12.SPEC.1"),  # (3, 7) to (5, 6): not a chain
        (Edition.E2012, (H(1, 6), H(2, 5), H(3, 5), H(4, 4)), (), "HH12.SPEC.A1"),  # none at or next to its hex
        (Edition.E2012, (H(3, 7), H(4, 6), H(5, 5), H(6, 5)), (), "HH12.SPEC.A1"),  # (6, 5) is 3 hexes off
        (Edition.E2012, LINE, ((5, "south", "spear", (4, 6), Facing.N),), "HH12.SPEC.A1"),  # (4, 6) is held
        (Edition.E2012, LINE, ((6, "north", "spear", (3, 9), Facing.N),), "HH12.SPEC.A1"),  # next to an enemy
    ],
)
def test_HH12_SPEC_A1_disperse_refusals(e, hexes, units, code):
    """Ruling HH12.SPEC.A1 item 2: the refusals of `disperse`, each with its rule code; nothing changes."""
    st = fresh(e, units)
    lines = order(st, O.Disperse(1, 1, hexes))
    assert len(lines) == 1 and lines[0].startswith(f"refused {code}:")
    assert at(st, 1) == (3, 8) and st.units[1].skirmish_of is None
    assert sorted(st.units) == sorted([1, *(u[0] for u in units)])


def test_HH12_SPEC_A1_only_skirmish_troops_under_command_disperse():
    """HH12.SPEC.1, ruling HH12.SPEC.A1 item 2: spearmen (not allowed to skirmish) and skirmishers out of command
    may not disperse."""
    st = fresh(units=((5, "south", "spear", (8, 8), Facing.N),))
    assert order(st, O.Disperse(1, 5, (H(8, 7), H(9, 6), H(10, 6), H(11, 5)))) == [
        "refused HH12.SPEC.1: unit 5 (Spearmen) may not skirmish: its list does not allow it"
    ]
    st.commanded = frozenset()
    assert order(st, O.Disperse(1, 1, LINE)) == [
        "refused HH12.SPEC.A1: unit 1 (Skirmishers) is not under command and may not disperse"
    ]


def test_HH12_SPEC_1_the_disperse_and_reform_lines_are_read():
    """HH12.SPEC.1, HH12.SPEC.7: the order language reads `disperse` and `reform` and echoes them canonically."""
    from games.hordes_heroes.validate import check_orders

    st = make_state([(1, "south", "skirm", (3, 8), Facing.N)], [(1, "south", (3, 9))], rows=13)
    st.options = replace(st.options, edition=Edition.E2012, rules_version=LATEST_RULES_VERSION)
    acc = check_orders(st, "south", "disperse 1 1508 1608 1607 1707\n")
    assert acc.canonical == 'disperse 1 "Skirmishers" 1508 1608 1607 1707'
    assert O.order_text(O.Reform(2, 1, H(3, 8)), st.field.spec, {1: "Skirmishers"}) == 'reform 1 "Skirmishers" 1609'
    assert O.order_from_json(O.order_to_json(O.Disperse(1, 1, LINE))) == O.Disperse(1, 1, LINE)
    assert O.order_from_json(O.order_to_json(O.Reform(1, 3, H(3, 8)))) == O.Reform(1, 3, H(3, 8))


# --- ruling HH12.SPEC.A1 items 3-4, 9: command, no ZOC, no melee ------------------------------------------------------


def test_HH12_SPEC_A1_the_unit_is_under_command_if_any_stand_is():
    """Ruling HH12.SPEC.A1 item 3: with stand 3 commanded, every stand of skirmish unit 1 is."""
    st = dispersed()
    assert group_command(st, frozenset({3})) == frozenset({1, 2, 3, 4})
    assert group_command(st, frozenset()) == frozenset()


def test_HH12_SPEC_A1_stands_exert_no_zoc_and_never_fight():
    """Ruling HH12.SPEC.A1 items 4 and 9, HH12.SPEC.5: a north spearman next to stand 2 is not in its ZOC and not
    engaged; the combat phase has no combat (a 2022 formed unit there would fight)."""
    st = dispersed(units=((6, "north", "spear", (3, 6), Facing.S),))
    s2, v = st.units[S(st)[1]], st.units[6]
    assert not exerts_zoc_into(st, s2, H(3, 6))
    assert not engaged_at(st, v, v.at, s2) and not engaged_at(st, s2, s2.at, v)
    assert not is_engaged(st, v)
    assert hth_phase(st, Dice(6, 1), Choices()) == [
        "Hand-to-hand phase (south chooses the order) [HH.HTH.4].",
        "No unit is engaged: no combats [HH.HTH.1].",
    ]


def test_HH12_SPEC_A1_a_formed_unit_moves_past_stands_without_stopping():
    """Ruling HH12.SPEC.A1 item 4: Mongol light cavalry at (7, 3) move (7, 4) (6, 5) (6, 6), the last two hexes next
    to the stand at (5, 6): no ZOC stops them (the stands' owner has `standing evade no`)."""
    st = north_turn(dispersed(units=((6, "north", "lc", (7, 3), Facing.S),)))
    lines = order(st, O.Move(1, 6, (H(7, 4), H(6, 5), H(6, 6))))
    path = " ".join(lab(st, *h) for h in ((7, 4), (6, 5), (6, 6)))
    assert lines == [f"unit 6 (Mongol Light Cavalry) moves {lab(st, 7, 3)} -> {path}, facing S, deployed (3/5 MP)."]
    assert at(st, 6) == (6, 6) and [at(st, i) for i in S(st)] == [(2, 7), (3, 7), (4, 6), (5, 6)]


# --- HH12.SPEC.5, ruling HH12.SPEC.A1 item 6, item 10: riding down ---------------------------------------------------


def test_HH12_SPEC_5_a_formed_unit_rides_stands_down_by_entering_their_hexes():
    """HH12.SPEC.5, ruling HH12.SPEC.A1 item 6: light cavalry at (3, 3) move (3, 4) (3, 5) (3, 6) (3, 7) (2, 7):
    entering (3, 7) and (2, 7) removes stands 2 and 1, each a stand lost, and the cavalry go on to end at (2, 7).
    Stands 3 and 4 stay."""
    st = north_turn(dispersed(units=((6, "north", "lc", (3, 3), Facing.S),)))
    one, two, three, four = S(st)
    assert (two, three, four) == (7, 8, 9)
    lines = order(st, O.Move(1, 6, (H(3, 4), H(3, 5), H(3, 6), H(3, 7), H(2, 7))))
    assert lines[1:] == [
        "unit 7 (Skirmishers (stand 2)) is eliminated: ridden down by unit 6 (Mongol Light Cavalry) [HH12.SPEC.5]"
        " [HH.COMP.50].",
        "unit 1 (Skirmishers) is eliminated: ridden down by unit 6 (Mongol Light Cavalry) [HH12.SPEC.5] [HH.COMP.50].",
    ]
    assert at(st, 6) == (2, 7) and at(st, one) is None and at(st, two) is None
    assert at(st, three) == (4, 6) and at(st, four) == (5, 6)
    assert st.casualties["south"] == {"skirm": 2}


def test_HH12_SPEC_1_riding_down_three_stands_loses_the_fourth():
    """HH12.SPEC.1, HH12.SPEC.5, ruling HH12.SPEC.A1 item 10 (WX-11): cavalry riding down the stands at (5, 6),
    (4, 6) and (3, 7) leave the unit with one stand, which is removed too: all 4 stands lost, in one move and without
    a die."""
    st = north_turn(dispersed(units=((6, "north", "lc", (6, 5), Facing.WSW),)))
    stands = S(st)
    lines = order(st, O.Move(1, 6, (H(5, 6), H(4, 6), H(3, 7))))
    assert lines[-1] == (
        "unit 1 (Skirmishers) is eliminated: its skirmish unit is down to its last stand [HH12.SPEC.1] [HH.COMP.50]."
    )
    assert all(at(st, i) is None for i in stands) and at(st, 6) == (3, 7)
    assert st.casualties["south"] == {"skirm": 4}


def test_HH12_SPEC_9_a_stand_may_not_enter_an_enemy_stand():
    """HH12.SPEC.9: enemy skirmishers are stopped by occupying the hex they want: a north stand may not move into
    south stand 2's hex (nor ride it down)."""
    st = north_turn(dispersed(units=((6, "north", "skirm", (4, 3), Facing.S),)))
    assert order(st, O.Disperse(1, 6, (H(3, 5), H(4, 4), H(5, 4), H(6, 3)))) != []
    st.units = {k: replace(u, moved_this_phase=False) for k, u in st.units.items()}
    assert st.units[6].skirmish_of == 6 and at(st, 6) == (3, 5)
    two = S(st)[1]
    lines = order(st, O.Move(1, 6, (H(3, 6), H(3, 7))))
    assert lines == [
        f"refused HH.MOVE.30: unit 6 (Skirmishers) cannot enter {lab(st, 3, 7)}: enemy unit {two} is there"
    ]


# --- HH12.SPEC.3, HH12.SPEC.9, ruling HH12.SPEC.A1 items 7-8: shooting ------------------------------------------------


@pytest.mark.parametrize("where, shootable", [((3, 5), False), ((3, 6), True)])
def test_HH12_SPEC_3_stands_are_shot_only_from_an_adjacent_hex(where, shootable):
    """HH12.SPEC.3, ruling HH12.SPEC.A1 item 8: north bowmen 2 hexes from stand 2 at (3, 7) may not shoot at it;
    next to it they may."""
    st = dispersed(units=((6, "north", "bow7", where, Facing.S),))
    two = st.units[S(st)[1]]
    assert can_target(st, st.units[6], two, Facing.S) is shootable
    assert may_shoot_at(st, st.units[6], two) is shootable


def test_HH12_SPEC_3_a_formed_skirmish_unit_is_an_ordinary_target():
    """HH12.SPEC.1: before it disperses a skirmish-capable unit is a formed unit, shot at 2 hexes like any other."""
    st = fresh(units=((6, "north", "bow7", (3, 6), Facing.S),))
    assert can_target(st, st.units[6], st.units[1], Facing.S)


def test_HH12_SPEC_A1_each_stand_shoots_one_die_and_their_hits_add_up():
    """HH12.SPEC.3, ruling HH12.SPEC.A1 item 7: the stands at (2, 7), (3, 7) and (4, 6), 2 hexes from the north
    spearmen at (3, 5), each roll 1 D12 (8+) at them; 8, 9 and 1 make 2 hits on one pool. The stand at (5, 6), 3
    hexes away, has no target."""
    st = dispersed(units=((6, "north", "bare", (3, 5), Facing.S),))
    st.phase = Phase.SHOOTING
    one, two, three, four = S(st)
    assert default_target(st, st.units[one], None) == (6, Facing.N)
    assert default_target(st, st.units[four], None) is None
    lines = [x for x in shooting_phase(st, Dice(8, 9, 1), {}) if "D12" in x or "in all" in x]
    assert lines == [
        "  unit 1 (Skirmishers) shoots at unit 6 (Spearmen): 1 D12 needing 8+: 8: 1 hit [HH.SHOOT.17].",
        "  unit 7 (Skirmishers (stand 2)) shoots at unit 6 (Spearmen): 1 D12 needing 8+: 9: 1 hit [HH.SHOOT.17].",
        "  unit 8 (Skirmishers (stand 3)) shoots at unit 6 (Spearmen): 1 D12 needing 8+: 1: 0 hits [HH.SHOOT.17].",
        "  2 hits in all on unit 6 (Spearmen), applied after both sides shoot [HH.SEQ.14].",
        "  2 hits in all on unit 6 (Spearmen) [HH.SHOOT.24].",
    ]


def test_HH12_SPEC_9_stands_never_shoot_at_enemy_stands():
    """HH12.SPEC.9: a south stand next to a north stand may not shoot at it, nor the north stand at it; the south
    stand's target is the formed unit next to it."""
    st = dispersed(units=((5, "north", "skirm", (8, 2), Facing.S), (6, "north", "bare", (1, 7), Facing.E)))
    st.units[5] = replace(st.units[5], hex=H(2, 6), skirmish_of=5, stands=1, nominal=1)
    assert not can_target(st, st.units[1], st.units[5], Facing.NW)
    assert not can_target(st, st.units[5], st.units[1], Facing.S)
    target = default_target(st, st.units[1], None)
    assert target is not None and target[0] == 6


# --- HH12.SPEC.7: reforming -------------------------------------------------------------------------------------------


def test_HH12_SPEC_7_the_stands_reform_as_one_unit():
    """HH12.SPEC.7, ruling HH12.SPEC.A1 items 2 and 8: `reform 3 HEX` (any stand's id) gathers the 4 stands at
    (3, 8), each within 2 hexes: unit 1 again, 4 stands of 4, formed; the other records are gone. A disordered stand
    makes the reformed unit disordered."""
    for disordered in (False, True):
        st = dispersed()
        st.units = {k: replace(u, moved_this_phase=False) for k, u in st.units.items()}
        if disordered:
            st.units[4] = replace(st.units[4], disrupted=True)
        mark = ", disordered" if disordered else ""
        assert order(st, O.Reform(1, 3, H(3, 8))) == [
            f"unit 1 (Skirmishers) reforms in {lab(st, 3, 8)} with 4 stands{mark} [HH12.SPEC.7]."
        ]
        u = st.units[1]
        assert sorted(st.units) == [1] and at(st, 1) == (3, 8)
        assert (u.stands, u.nominal, u.skirmish_of, u.disrupted) == (4, 4, None, disordered)


def test_HH12_SPEC_7_a_unit_that_lost_stands_reforms_with_the_rest():
    """HH12.SPEC.7: after stands 1 and 2 were ridden down, stands 3 and 4 reform at (4, 7) as unit 1 with 2 stands
    (nominal 4); the 2 stands lost stay counted."""
    st = north_turn(dispersed(units=((6, "north", "lc", (3, 3), Facing.S),)))
    three, four = S(st)[2:]
    order(st, O.Move(1, 6, (H(3, 4), H(3, 5), H(3, 6), H(3, 7), H(2, 7))))
    st.phasing = "south"
    st.units = {k: replace(u, moved_this_phase=False) for k, u in st.units.items()}
    st.commanded = frozenset({three, four})
    assert order(st, O.Reform(1, four, H(4, 7))) == [
        f"unit 1 (Skirmishers) reforms in {lab(st, 4, 7)} with 2 stands [HH12.SPEC.7]."
    ]
    assert sorted(u.id for u in st.live_units("south")) == [1]
    assert at(st, 1) == (4, 7) and st.units[1].stands == 2 and st.units[1].nominal == 4
    assert st.casualties["south"] == {"skirm": 2}


def test_HH12_SPEC_7_reform_refusals():
    """HH12.SPEC.7: a stand farther than its move from the hex, or a hex held by another unit, refuses the order; a
    formed unit cannot reform."""
    st = dispersed(units=((5, "south", "spear", (6, 7), Facing.N),))
    st.units = {k: replace(u, moved_this_phase=False) for k, u in st.units.items()}
    three = S(st)[2]
    assert order(st, O.Reform(1, 1, H(1, 8))) == [
        f"refused HH12.SPEC.7: stand {three} is farther from {lab(st, 1, 8)} than its move of 2 hexes"
    ]
    assert order(st, O.Reform(1, 1, H(6, 7))) == [
        f"refused HH12.SPEC.7: the unit cannot reform in {lab(st, 6, 7)}: it is not an empty hex"
    ]
    assert order(st, O.Reform(1, 5, H(8, 7))) == ["refused HH12.SPEC.7: unit 5 (Spearmen) is not in skirmish order"]


# --- ruling HH12.SPEC.A1 item 11: what is simplified is recorded in the game's metadata ------------------------------


def test_HH12_SPEC_A1_the_simplifications_are_recorded_in_the_game_metadata():
    """Ruling HH12.SPEC.A1 item 11, HH12.SPEC.6: a 2012 force with skirmishers gets the edition deviation (no evade
    or regroup-flee of stands) among its set-up warnings, which the view, the board text and the picture's subtitle
    show; a 2012 force without them, any 2022 force and a 2012 game at rules version 1 get none."""
    note = f"edition deviation: {FALLBACK_NOTE} [HH12.SPEC.A1]"
    assert deviations(RULES_2012, [SKIRM]) == [note]
    assert deviations(RULES_2012, [PROFILES["spear"]]) == []
    assert deviations(RULES_2022, [SKIRM]) == []
    assert deviations(RULES_2012_V1, [SKIRM]) == []

    army = load_army_list("wotr-english-2012")
    army = replace(army, profiles={**army.profiles, "skirm": SKIRM})
    general = next(iter(army.generals))
    errors, warnings = validate_army(army, ["skirm", "mma"], [ForceGeneral(general, False, True)], 10**6, RULES_2012)
    assert errors == [] and note in warnings
    errors, warnings = validate_army(army, ["mma"], [ForceGeneral(general, False, True)], 10**6, RULES_2012)
    assert note not in warnings

    st = fresh()
    assert "deviations" not in view(st)
    assert subtitle(st).endswith(" - Hordes & Heroes Medieval (2012)")
    st.warnings = (note,)
    assert recorded_deviations(st) == [note]
    assert view(st)["deviations"] == [note]
    assert f"Note: {note}" in render_text(st).splitlines()
    assert subtitle(st).endswith(" - Hordes & Heroes Medieval (2012) (skirmish order simplified, HH12.SPEC.A1)")


def test_HH12_SPEC_1_the_board_shows_each_stand():
    """HH12.SPEC.1: the view lists each stand as a unit of one stand in its own hex."""
    st = dispersed()
    rows = {u["id"]: u for u in view(st)["units"]}
    assert [(rows[i]["hex"], rows[i]["stands"]) for i in (1, 2, 3, 4)] == [
        (lab(st, 2, 7), 1),
        (lab(st, 3, 7), 1),
        (lab(st, 4, 6), 1),
        (lab(st, 5, 6), 1),
    ]


def test_HH12_SPEC_1_LEGAL_offers_disperse_and_reform_lines_that_are_accepted():
    """HH12.SPEC.1, HH12.SPEC.7, ruling HH12.SPEC.A1 item 2: LEGAL lists, for a formed 2012 skirmish unit, the
    straight chains it may disperse into (each through or next to its hex, no stand more than 2 hexes off), and
    once dispersed, under its first stand, the hexes where every stand can reform; each line is accepted alone.
    A 2022 unit and a spearman get none."""
    from games.hordes_heroes.legal import legal_options

    def formation_lines(st: GameState, uid: int) -> list[str]:
        (uo,) = [x for x in legal_options(st, "south").units if x.unit == str(uid)]
        return [o.order for o in uo.options if o.kind.value == "formation"]

    def base(e: Edition) -> GameState:
        st = make_state(
            [(1, "south", "skirm", (3, 8), Facing.N), (5, "south", "spear", (8, 8), Facing.N)],
            [(1, "south", (3, 9))],
            rows=13,
        )
        st.options = replace(st.options, edition=e, rules_version=LATEST_RULES_VERSION)
        return st

    st = base(Edition.E2012)
    lines = formation_lines(st, 1)
    assert len(lines) == 6 and all(x.startswith("disperse 1 ") for x in lines)
    for line in lines:
        hexes = tuple(st.field.spec.parse(w) for w in line.split()[2:])
        assert len(hexes) == 4 and max(h.distance(H(3, 8)) for h in hexes) <= 2
        trial = fresh()
        assert order(trial, O.Disperse(1, 1, hexes))[0].startswith("unit 1 (Skirmishers) disperses")
    assert formation_lines(st, 5) == [] and formation_lines(base(Edition.E2022), 1) == []

    st.phase = Phase.TACTICAL_MOVEMENT
    st.commanded = frozenset({1})
    order(st, O.Disperse(1, 1, LINE))
    st.phase = Phase.COMMAND_MOVE
    st.units = {k: replace(u, moved_this_phase=False) for k, u in st.units.items()}
    reform = formation_lines(st, 1)
    hexes = [st.field.spec.parse(x.split()[2]) for x in reform]
    assert reform and all(x.startswith("reform 1 ") for x in reform)
    assert all(max(st.units[s].at.distance(h) for s in S(st)) <= 2 for h in hexes)
    assert formation_lines(st, S(st)[1]) == []


@pytest.mark.parametrize("hits, gone", [(4, ["one"]), (6, ["one", "two"]), (7, ["one", "two", "three", "four"])])
def test_HH12_SPEC_A1_stands_lost_come_off_the_hit_stand_then_its_neighbours(hits, gone):
    """Ruling HH12.SPEC.A1 items 8 and 10: a result on the stand at (2, 7) removes it first; 6 hits (2 stands lost)
    also take the nearest other stand, (3, 7); 7 hits (3 lost) take (4, 6) too, leaving one stand, which goes with
    them (HH12.SPEC.1)."""
    from games.hordes_heroes.crt import lookup
    from games.hordes_heroes.model import TroopClass
    from games.hordes_heroes.results import Cause, apply_result

    st = dispersed()
    ids = dict(zip(("one", "two", "three", "four"), S(st), strict=True))
    res = lookup(TroopClass.C, hits, table=RULES_2012.crt, printed=RULES_2012.crt_printed)
    apply_result(st, ids["one"], res, Cause.SHOOTING, [H(2, 6)], None, Dice())
    assert sorted(k for k, i in ids.items() if at(st, i) is None) == sorted(gone)
    assert st.casualties["south"] == {"skirm": len(gone)}


def _south_bound(st: GameState) -> GameState:
    """South's next bound begins: general 1 at (3, 9) commands; nothing has moved."""
    st.phasing = "south"
    st.phase = Phase.COMMAND_MOVE
    st.units = {k: replace(u, moved_this_phase=False, moved_this_bound=False) for k, u in st.units.items()}
    return st


@pytest.mark.parametrize("to, broken", [((5, 5), False), ((7, 4), True)])
def test_HH12_SPEC_A1_the_stands_must_end_their_moves_as_one_chain(to, broken):
    """Ruling HH12.SPEC.A1 item 4: moving the stand at (5, 6) to (5, 5), next to the stand at (4, 6), keeps the chain;
    moving it to (7, 4), 3 hexes from any other stand, breaks it and the move line is refused."""
    from games.hordes_heroes.engine import run_bound

    st = make_state([(1, "south", "skirm", (3, 8), Facing.N)], [(1, "south", (3, 9))], rows=13)
    st.options = replace(st.options, edition=Edition.E2012, rules_version=LATEST_RULES_VERSION)
    st.phase = Phase.COMMAND_MOVE
    _, problems = run_bound(st, "south", [O.Disperse(1, 1, LINE)])
    assert problems == []
    st = _south_bound(st)
    four = S(st)[3]
    path = (H(5, 5),) if not broken else (H(6, 5), H(7, 4))
    _, problems = run_bound(st, "south", [O.Move(3, four, path)])
    assert at(st, four) == to
    if broken:
        ((line, p),) = problems
        assert (line, p.code) == (3, "HH12.SPEC.A1")
        assert p.message == "the stands of skirmish unit 1 no longer form a chain, each next to another"
    else:
        assert problems == []


def test_HH12_SPEC_A1_disorder_has_no_effect_on_stands():
    """Ruling HH12.SPEC.A1 item 8: north bowmen next to the stand at (2, 7) score 2 hits (class C: Disordered); at
    the end of the shooting phase the stand drops the disorder, so it may still move."""
    from games.hordes_heroes.engine import combat_phases

    st = dispersed(units=((6, "north", "bow7", (2, 6), Facing.SE),))
    st.phasing = "north"
    lines = combat_phases(st, [], Dice(12, 12, 1, 1))
    assert "  unit 1 (Skirmishers) is disrupted [HH.DISR.1]." in lines
    assert "Skirmishers (unit 1) is in skirmish order: disorder has no effect on it [HH12.SPEC.A1]." in lines
    assert not st.units[1].disrupted and at(st, 1) == (2, 7)


def test_HH12_SPEC_4_a_contacted_stand_evades_two_hexes_from_the_contacting_unit():
    """HH12.SPEC.4, HH12.SPEC.5, ruling HH12.SPEC.A1 item 5, ruling HH12.CMP.A10 (standing order `evade`, default
    yes): light cavalry at (3, 3) ride (3, 4) (3, 5) (3, 6) (3, 7) (2, 7). Entering (3, 6) contacts the stands at
    (2, 7), (3, 7) and (4, 6): each evades 2 hexes, each step farther from (3, 6), to the empty hex farthest from it
    (then nearest its own edge, then the lowest hex): (0, 9) by (1, 8), (1, 9) by (2, 8) (the first took (0, 9)),
    and (4, 8) by (4, 7). The cavalry carry on into the hexes the stands left: nothing is ridden down. The stand at
    (5, 6) is never next to the cavalry's path and stays."""
    st = north_turn(dispersed(units=((6, "north", "lc", (3, 3), Facing.S),)), evade=True)
    one, two, three, four = S(st)
    lines = order(st, O.Move(1, 6, (H(3, 4), H(3, 5), H(3, 6), H(3, 7), H(2, 7))))
    evades = [x for x in lines if "evades" in x]
    assert len(evades) == 3 and not any("eliminated" in x for x in lines)
    assert at(st, 6) == (2, 7) and at(st, four) == (5, 6)
    for uid in (one, two, three):
        u = st.units[uid]
        assert u.evaded_this_bound and u.at.distance(H(3, 6)) == 3 and u.at not in LINE
    assert st.casualties["south"] == {}
    assert [at(st, i) for i in (one, two, three)] == [(0, 9), (1, 9), (4, 8)]
    assert lines[1] == f"unit 1 (Skirmishers) evades {lab(st, 2, 7)} -> {lab(st, 1, 8)} {lab(st, 0, 9)} [HH12.SPEC.4]."


def test_HH12_SPEC_6_mounted_stands_regroup_in_one_hex_to_flee():
    """HH12.SPEC.6, ruling HH12.SPEC.A1 item 5 (standing order `flee-response yes`): mounted skirmishers (light
    cavalry, speed 5) dispersed at (2, 7) (3, 7) (4, 6) (5, 6); enemy knights entering (3, 6) contact three stands.
    The first contacted regroups the whole unit as unit 1 with 4 stands in the empty hex farthest from (3, 6), outside
    enemy ZOC and within 5 hexes of every stand, nearest the own (south) edge, then the lowest: (0, 11)."""
    horse = replace(PROFILES["lc"], id="lcs", skirmisher=True)
    PROFILES["lcs"] = horse
    try:
        st = make_state(
            [(1, "south", "lcs", (3, 8), Facing.N), (6, "north", "knights", (3, 3), Facing.S)],
            [(1, "south", (3, 9))],
            rows=13,
        )
    finally:
        del PROFILES["lcs"]
    st.options = replace(st.options, edition=Edition.E2012, rules_version=LATEST_RULES_VERSION)
    st.phase = Phase.TACTICAL_MOVEMENT
    st.commanded = frozenset({1})
    order(st, O.Disperse(1, 1, LINE))
    st = north_turn(st)
    st.standing["south"] = StandingProfile(Standing(flee_response=True))
    lines = order(st, O.Move(1, 6, (H(3, 4), H(3, 5), H(3, 6))))
    assert lines[1] == (
        f"skirmish unit 1 (Mongol Light Cavalry) flees by regrouping [HH12.SPEC.6]: unit 1 (Mongol Light Cavalry)"
        f" reforms in {lab(st, 0, 11)} with 4 stands [HH12.SPEC.7]."
    )
    u = st.units[1]
    assert sorted(x.id for x in st.live_units("south")) == [1] and at(st, 1) == (0, 11)
    assert (u.stands, u.skirmish_of, u.disrupted, u.flee_responded_this_bound) == (4, None, False, True)


def test_HH12_SPEC_7_foot_stands_may_reform_with_their_evade_move():
    """HH12.SPEC.7, ruling HH12.SPEC.A1 item 5 (standing order `flee-response yes`): contacted by cavalry entering
    (3, 6), the foot stands at (2, 7) (3, 7) (4, 6) (5, 6) reform as unit 1 with their 2-hex evade move: the empty
    hex outside enemy ZOC within 2 hexes of every stand, farthest from (3, 6), then nearest the south edge, then
    the lowest: (3, 8), 2 hexes from (3, 6)."""
    st = north_turn(dispersed(units=((6, "north", "lc", (3, 3), Facing.S),)))
    st.standing["south"] = StandingProfile(Standing(flee_response=True))
    lines = order(st, O.Move(1, 6, (H(3, 4), H(3, 5), H(3, 6))))
    assert lines[1] == (
        f"skirmish unit 1 (Skirmishers) reforms with its evade move [HH12.SPEC.7]: unit 1 (Skirmishers) reforms in"
        f" {lab(st, 3, 8)} with 4 stands [HH12.SPEC.7]."
    )
    assert sorted(x.id for x in st.live_units("south")) == [1] and at(st, 1) == (3, 8) and st.units[1].stands == 4


def test_HH12_SPEC_1_a_general_goes_with_the_first_stand_and_back_with_the_unit():
    """HH12.SPEC.1, HH12.SPEC.7, HH12.GEN.6: a general attached to the unit goes with its first stand when it
    disperses, and joins the reformed unit in its hex."""
    from games.hordes_heroes.model import General

    st = fresh()
    st.generals[1] = General(1, "south", "General 1", hex=H(3, 8))
    order(st, O.Disperse(1, 1, LINE))
    assert st.generals[1].hex == H(2, 7)
    st.units = {k: replace(u, moved_this_phase=False) for k, u in st.units.items()}
    order(st, O.Reform(1, 1, H(3, 8)))
    assert st.generals[1].hex == H(3, 8) and st.host_of(st.generals[1]) == st.units[1]
