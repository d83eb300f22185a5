"""The 2012 edition beside the 2022 one (issue 18): the edition switch, the golden worked examples of the 2012
delta spec (WX-*, named with the HH12 IDs they check) and a table test of the same situations under both editions."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes.armies import ForceGeneral, load_army_list, validate_army
from games.hordes_heroes.combat import counted_stands, effective_impact
from games.hordes_heroes.crt import CrtMove, lookup
from games.hordes_heroes.edition import RULES_2012, RULES_2022, Edition, EditionRules, rules_for
from games.hordes_heroes.geometry import Facing
from games.hordes_heroes.model import Category, Formation, Trait, TroopClass
from games.hordes_heroes.movement import Illegal, plan_move
from games.hordes_heroes.orders import Move, Single
from games.hordes_heroes.rules import verify_single
from games.hordes_heroes.scenario import ScenarioError, build_state, read_scenario
from games.hordes_heroes.state import GameState, Options

from .helpers import PROFILES, H, make_state

_CLASSES = (TroopClass.A, TroopClass.B, TroopClass.C, TroopClass.D, TroopClass.E)


def in_edition(st: GameState, edition: Edition) -> GameState:
    st.options = replace(st.options, edition=edition)
    return st


def wotr(er: EditionRules):
    """The 2022 WotR list relabelled for `er`'s edition: the same profiles, 5+ longbows included."""
    return replace(load_army_list("wotr-english"), edition=er.edition.value)


def crt_cell(er: EditionRules, hits: int, cls: TroopClass) -> tuple[CrtMove, bool, int]:
    r = lookup(cls, hits, table=er.crt, printed=er.crt_printed)
    assert r is not None
    return (r.move, r.disrupted, r.stands)


# --- WX-17: the CRT ------------------------------------------------------------------------------------------------

WX17 = [
    (1, TroopClass.D, (CrtMove.NONE, True, 0), (CrtMove.NONE, False, 0)),
    (1, TroopClass.E, (CrtMove.FLEE, True, 0), (CrtMove.RECOIL, True, 0)),
    (2, TroopClass.C, (CrtMove.NONE, True, 0), (CrtMove.NONE, False, 0)),
    (2, TroopClass.D, (CrtMove.NONE, True, 0), (CrtMove.RECOIL, True, 0)),
]


@pytest.mark.parametrize("hits, cls, e2012, e2022", WX17)
def test_WX_17_HH12_CRT_1_crt_edition_differences(hits, cls, e2012, e2022):
    """WX-17, HH12.CRT.1, HH12.CRT.2: the four cells of rows 1-2 that differ; a 2012 "disordered" cell has no move."""
    assert crt_cell(RULES_2012, hits, cls) == e2012
    assert crt_cell(RULES_2022, hits, cls) == e2022


def test_WX_17_HH12_CRT_1_only_four_cells_differ_and_rows_3_to_10_are_shared():
    """WX-17, HH12.CRT.1, HH12.CRT.4, HH12.MELEE.A5: every other cell (rows 1-10, and >10 as row 10) is the same."""
    differ = {
        (h, c) for h in range(1, 13) for c in _CLASSES if crt_cell(RULES_2012, h, c) != crt_cell(RULES_2022, h, c)
    }
    assert differ == {(h, c) for h, c, _, _ in WX17}
    assert lookup(TroopClass.A, 0, table=RULES_2012.crt) is None
    assert crt_cell(RULES_2012, 14, TroopClass.A) == (CrtMove.FLEE, True, 5)


def test_HH12_CRT_3_hero_ignores_rows_1_to_3_in_2012_too():
    """HH12.CRT.3, HH12.GEN.9: a hero's unit ignores the first three lines, the 2012 disorder cells included."""
    r = lookup(TroopClass.E, 1, hero=True, table=RULES_2012.crt, printed=RULES_2012.crt_printed)
    assert r is not None and r.no_effect and r.hero
    r4 = lookup(TroopClass.E, 4, hero=True, table=RULES_2012.crt, printed=RULES_2012.crt_printed)
    assert r4 is not None and r4.move is CrtMove.FLEE and r4.stands == 1


def test_HH12_CRT_1_results_follow_the_game_edition():
    """HH12.CRT.1: `result_for` reads the game's edition; 1 hit on a class-D unit disorders it only in 2012."""
    from games.hordes_heroes.results import result_for

    pid = "dclass"
    st = make_state([(1, "south", "bare", (0, 5), Facing.N)])
    st.profiles[pid] = replace(PROFILES["bare"], id=pid, cls=TroopClass.D)
    st.units[1] = replace(st.units[1], profile=pid, base_profile=pid)
    r22 = result_for(st, 1, 1)
    assert r22 is not None and r22.no_effect
    r12 = result_for(in_edition(st, Edition.E2012), 1, 1)
    assert r12 is not None and r12.disrupted and r12.move is CrtMove.NONE and r12.text == "Disordered"


# --- WX-18: impact ------------------------------------------------------------------------------------------------

WX18 = [
    # listed impact, stands (of 4, or 6 for the pike block), formation, pike block, 2012, 2022
    (2, 3, Formation.DEPLOYED, False, 2, 1),
    (4, 3, Formation.DEPLOYED, False, 3, 3),
    (4, 4, Formation.COLUMN, False, 4, 2),
    (2, 4, Formation.COLUMN, False, 2, 0),
    (4, 6, Formation.DEPLOYED, True, 4, 6),
]


@pytest.mark.parametrize("listed, stands, formation, pike, e2012, e2022", WX18)
def test_WX_18_HH12_IMP_2_HH12_IMP_3_HH12_SPEC_18_impact_bonus(listed, stands, formation, pike, e2012, e2022):
    """WX-18, HH12.IMP.2, HH12.IMP.3, ruling HH12.IMP.A1, HH12.SPEC.18: 2012 caps impact at the stands in the unit
    and nothing else (no loss per stand, no column penalty, a pike block keeps its list value)."""
    base = PROFILES["pike"] if pike else PROFILES["spear"]
    p = replace(base, id="imp", impact=listed)
    nominal = 6 if pike else 4
    st = make_state([(1, "south", "spear", (0, 5), Facing.N, {"stands": stands, "nominal": nominal})])
    st.profiles["imp"] = p
    st.units[1] = replace(st.units[1], profile="imp", base_profile="imp", formation=formation)
    assert effective_impact(st, st.units[1]) == e2022
    assert effective_impact(in_edition(st, Edition.E2012), st.units[1]) == e2012


@pytest.mark.parametrize("stands, e2012, e2022", [(4, 2, 2), (3, 2, 2), (2, 2, 1), (1, 1, 1)])
def test_HH12_MELEE_1_column_counts_front_two_stands(stands, e2012, e2022):
    """HH12.MELEE.1, HH12.MELEE.2: a 2012 column counts min(2, stands); 2022 counts 1 once 2 or fewer are left."""
    st = make_state([(1, "south", "spear", (0, 5), Facing.N, {"stands": stands, "formation": Formation.COLUMN})])
    assert counted_stands(st, st.units[1], False) == e2022
    assert counted_stands(in_edition(st, Edition.E2012), st.units[1], False) == e2012


# --- movement ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "start, change, e2012, e2022",
    [(Formation.DEPLOYED, Formation.COLUMN, 0, 1), (Formation.COLUMN, Formation.DEPLOYED, 1, 1)],
)
def test_HH12_MOV_3_formation_change_cost(start, change, e2012, e2022):
    """HH12.MOV.3: in 2012 line to column is free and column to line costs 1 MP; 2022 charges 1 MP for both."""
    st = make_state([(1, "south", "spear", (0, 8), Facing.N, {"formation": start})])
    assert plan_move(st, Move(1, 1, (change,))).mp == e2022
    assert plan_move(in_edition(st, Edition.E2012), Move(1, 1, (change,))).mp == e2012


def test_HH12_MOV_12_no_single_hex_move_in_2012():
    """HH12.MOV.12: the 2022 single-hex move does not exist in 2012; the refusal says what to use instead."""
    st = make_state([(1, "south", "spear", (0, 8), Facing.N)])
    order = Single(1, 1, H(0, 9), Facing.S, Formation.COLUMN)
    assert verify_single(st, order, frozenset({1})).hex == H(0, 9)
    with pytest.raises(Illegal) as e:
        verify_single(in_edition(st, Edition.E2012), order, frozenset({1}))
    assert e.value.problem.code == "HH12.MOV.12" and "move 1" in e.value.problem.hint


# --- army lists ---------------------------------------------------------------------------------------------------


def test_HH12_ARMY_6_HH12_SHOOT_1_no_five_plus_shooters_in_2012():
    """HH12.ARMY.6, HH12.SHOOT.1: a 5+ shooter is legal in 2022 and refused in 2012 with the factors 2012 has."""
    gens = [ForceGeneral("general")]
    e22, _ = validate_army(wotr(RULES_2022), ["retinue-longbow"], gens, 1000, RULES_2022)
    e12, _ = validate_army(wotr(RULES_2012), ["retinue-longbow"], gens, 1000, RULES_2012)
    assert e22 == []
    assert len(e12) == 1 and "HH12.ARMY.6" in e12[0] and "6+, 7+, 8+" in e12[0]


def test_HH12_GEN_4_no_general_ratio_in_2012():
    """HH12.GEN.4: 2022 allows one general per five units; 2012 (possible extraction loss) has no limit."""
    gens = [ForceGeneral("general", cinc=True), ForceGeneral("general")]
    e22, _ = validate_army(wotr(RULES_2022), ["levy-billmen"], gens, 1000, RULES_2022)
    e12, _ = validate_army(wotr(RULES_2012), ["levy-billmen"], gens, 1000, RULES_2012)
    assert any("HH.GEN.6" in x for x in e22) and e12 == []


# --- choosing the edition -----------------------------------------------------------------------------------------


def test_edition_chosen_per_game_by_scenario_or_option():
    """Issue 18: `edition = "2012"` in the scenario or `--option edition=2012` picks 2012; unknown ones are refused."""
    assert build_state(read_scenario("intro-50")).rules is RULES_2022
    data = read_scenario("towton-2012")
    assert build_state(dict(data)).rules.edition is Edition.E2012
    assert build_state(dict(data, edition="2022"), {"edition": "2012"}).rules.edition is Edition.E2012
    with pytest.raises(ScenarioError, match="edition: '2013' is not supported; known editions: '2022', '2012'"):
        build_state(dict(data, edition="2013"))


def test_HH12_ARMY_1_a_game_takes_only_lists_of_its_edition():
    """HH12.ARMY.1: a 2022 army list in a 2012 game (or the reverse) is refused with the list and edition named."""
    with pytest.raises(ScenarioError, match="wotr-english is a 2022 list .* choose a 2012 army list"):
        build_state(read_scenario("intro-50"), {"edition": "2012"})
    with pytest.raises(ScenarioError, match="wotr-english-2012 is a 2012 list"):
        build_state(read_scenario("towton-2012"), {"edition": "2022"})


@pytest.mark.parametrize("name", ["towton-2012", "wagenburg-2012", "towton-midbattle-2012"])
def test_2012_scenarios_build_under_2012(name):
    """HH12.ARMY.1, HH12.GEN.1: the shipped 2012 scenarios build, under the 2012 rules, generals at 10 points."""
    st = build_state(read_scenario(name))
    assert st.rules.edition is Edition.E2012 and st.units
    assert all(g.cost == 10 for g in st.generals.values())


def test_edition_options_round_trip_and_2022_json_unchanged():
    """Options keep the edition through JSON; a 2022 game's options JSON has no `edition` key (old replays)."""
    assert "edition" not in Options().to_json()
    o = Options.from_json({"edition": "2012"})
    assert o.edition is Edition.E2012 and o.to_json()["edition"] == "2012"
    assert Options.from_json(o.to_json()) == o
    with pytest.raises(ValueError, match="known editions"):
        rules_for("1999")


# --- the same situations under both editions -----------------------------------------------------------------------


def _situations() -> dict[str, object]:
    """Named situations, each evaluated under both editions by `_evaluate`."""
    return {f"crt {h}/{c.value}": (h, c) for h in range(1, 11) for c in _CLASSES}


def _evaluate(er: EditionRules) -> dict[str, object]:
    out: dict[str, object] = {k: crt_cell(er, h, c) for k, (h, c) in _situations().items()}  # type: ignore[misc]
    st = make_state(
        [
            (1, "south", "spear", (0, 8), Facing.N, {"stands": 3}),
            (2, "south", "spear", (2, 8), Facing.N, {"formation": Formation.COLUMN}),
            (3, "south", "spear", (4, 8), Facing.N, {"formation": Formation.COLUMN, "stands": 2}),
            (4, "south", "pike", (6, 8), Facing.N, {"stands": 6, "nominal": 6}),
        ]
    )
    st.options = replace(st.options, edition=er.edition)
    for uid in (1, 2, 3, 4):
        out[f"impact {uid}"] = effective_impact(st, st.units[uid])
        out[f"stands {uid}"] = counted_stands(st, st.units[uid], False)
    out["to column"] = plan_move(st, Move(1, 1, (Formation.COLUMN,))).mp
    out["to line"] = plan_move(st, Move(1, 2, (Formation.DEPLOYED,))).mp
    try:
        verify_single(st, Single(1, 1, None, Facing.WNW, None), frozenset({1}))
        out["single-hex move"] = True
    except Illegal:
        out["single-hex move"] = False
    out["5+ shooter"] = not validate_army(wotr(er), ["retinue-longbow"], [ForceGeneral("general")], 1000, er)[0]
    two = [ForceGeneral("general", cinc=True), ForceGeneral("general")]
    out["two generals, one unit"] = not validate_army(wotr(er), ["levy-billmen"], two, 1000, er)[0]
    return out


def test_same_situations_under_both_editions_differ_exactly_as_the_spec_lists():
    """HH12.CRT.1 (four cells), HH12.IMP.2, HH12.IMP.3, HH12.SPEC.18, HH12.MELEE.1, HH12.MOV.3, HH12.MOV.12,
    HH12.ARMY.6, HH12.GEN.4: the situations that differ between the editions, and nothing else."""
    a, b = _evaluate(RULES_2012), _evaluate(RULES_2022)
    differ = sorted(k for k in a if a[k] != b[k])
    assert differ == sorted(
        [
            "crt 1/D",
            "crt 1/E",
            "crt 2/C",
            "crt 2/D",
            "impact 1",  # spear +1 with 3 of 4 stands: 2012 +1, 2022 0 (HH12.IMP.2)
            "impact 2",  # +1 column: 2012 +1, 2022 0 (HH12.IMP.3)
            "impact 3",
            "impact 4",  # pike block: list +2 in 2012, +6 in 2022 (HH12.SPEC.18)
            "stands 3",  # 2-stand column: 2 in 2012, 1 in 2022 (HH12.MELEE.1)
            "to column",
            "single-hex move",
            "5+ shooter",
            "two generals, one unit",
        ]
    )


@pytest.mark.parametrize(
    "name, title, page",
    [
        ("intro-50", "Hordes & Heroes (2022)", "docs/rulings/hordes-heroes.md"),
        ("towton-2012", "Hordes & Heroes Medieval (2012)", "docs/rulings/hordes-heroes-2012.md"),
    ],
)
def test_view_board_and_picture_name_the_edition_and_its_rulings(name, title, page):
    """Issue 18: the view, the text board (digests, archive) and the picture say which edition a game is played
    under, and the board names that edition's rulings page."""
    from games.hordes_heroes.picture import picture
    from games.hordes_heroes.view import render_text, view

    st = build_state(read_scenario(name))
    v = view(st)
    assert (v["rules"], v["rulings"], v["edition"]) == (title, page, st.rules.edition.value)
    assert f"Rules: {title}; rulings: {page}" in render_text(st)
    assert picture(st).subtitle.endswith(title)


# --- command, step back, pursuit, impetuous units, shooting order --------------------------------------------------


def test_HH12_MOV_10_class_b_infantry_steps_back_only_in_2012():
    """HH12.MOV.10, ruling HH12.MOV.A5: 2012 lets class A and B infantry step back out of contact; 2022 class A."""
    from games.hordes_heroes.orders import Disengage
    from games.hordes_heroes.rules import verify_disengage

    st = make_state([(1, "south", "dmma", (0, 8), Facing.N), (2, "north", "spear", (0, 7), Facing.S)])
    with pytest.raises(Illegal) as e:
        verify_disengage(st, Disengage(1, 1), frozenset({1}))
    assert e.value.problem.code == "HH.MOVE.24"
    u, to = verify_disengage(in_edition(st, Edition.E2012), Disengage(1, 1), frozenset({1}))
    assert to.distance(H(0, 7)) == 2 and u.facing == Facing.N


def test_HH12_MOV_A5_hordes_may_step_back_in_2012():
    """Ruling HH12.MOV.A5: 2012 does not exclude hordes; a class-B horde may step back, only in 2012."""
    from games.hordes_heroes.orders import Disengage
    from games.hordes_heroes.rules import verify_disengage

    st = make_state([(1, "south", "horde", (0, 8), Facing.N), (2, "north", "spear", (0, 7), Facing.S)])
    st.profiles["horde"] = replace(PROFILES["horde"], cls=TroopClass.B)
    with pytest.raises(Illegal):
        verify_disengage(st, Disengage(1, 1), frozenset({1}))
    assert verify_disengage(in_edition(st, Edition.E2012), Disengage(1, 1), frozenset({1}))[1] != H(0, 8)


@pytest.mark.parametrize(
    "pid, e2012, e2022",
    [("longbow", True, False), ("ainf", True, True), ("knights", False, True), ("spear", False, False)],
)
def test_HH12_CMP_14_who_may_choose_not_to_pursue(pid, e2012, e2022):
    """HH12.CMP.14: 2012 makes pursuit optional for class A and B infantry only (cavalry always pursues);
    2022 for class-A infantry and class-A cavalry."""
    from games.hordes_heroes.combat import _pursuit_optional

    st = make_state([(1, "south", pid, (0, 8), Facing.N)])
    assert _pursuit_optional(st, st.units[1]) is e2022
    assert _pursuit_optional(in_edition(st, Edition.E2012), st.units[1]) is e2012


def test_HH12_CMP_A14_chariots_never_pursue_in_2012():
    """HH12.CMP.14, ruling HH12.CMP.A14: 2012 chariots do not pursue; 2022 chariots must."""
    from games.hordes_heroes.combat import Choices, _may_pursue

    st = make_state([(1, "south", "chariot", (0, 8), Facing.N)])
    assert _may_pursue(st, st.units[1], Choices()) is True
    assert _may_pursue(in_edition(st, Edition.E2012), st.units[1], Choices()) is False


def test_HH12_CMD_5_command_range_never_crosses_a_lake_in_2012():
    """HH12.CMD.5: a one-hex-wide lake across the table is crossed by a 2022 range path, never by a 2012 one."""
    from games.hordes_heroes.command import range_reach
    from games.hordes_heroes.model import General

    lake = {(q, 6): "lake" for q in range(-20, 30)}
    st = make_state([(1, "south", "spear", (0, 5), Facing.N)], terrain=lake)
    g = General(9, "south", "General 9", cm=3, cr=3, hex=H(0, 7))
    assert range_reach(st, g).get(H(0, 5)) == 2
    assert H(0, 5) not in range_reach(in_edition(st, Edition.E2012), g)


def test_HH12_SPEC_22_impetuous_units_attack_even_under_command_in_2012():
    """HH12.SPEC.22, HH12.SPEC.23: a 2012 impetuous unit attacks an enemy in reach whether or not it is under
    command; in 2022 only out of command."""
    from games.hordes_heroes.engine import aggressive_attacks
    from games.hordes_heroes.table import Bound

    def attacked(edition: Edition) -> bool:
        st = make_state([(1, "south", "falx", (0, 8), Facing.N), (2, "north", "spear", (0, 6), Facing.S)])
        st.commanded = frozenset({1})
        aggressive_attacks(Bound(in_edition(st, edition), "south"))
        assert st.units[1].hex is not None
        return st.units[1].hex.distance(H(0, 6)) == 1

    assert attacked(Edition.E2022) is False
    assert attacked(Edition.E2012) is True


def test_HH12_SEQ_3_shooting_is_simultaneous_in_2012():
    """HH12.SEQ.3: 2012 shooting is fully simultaneous (results applied together); 2022 by default sequential."""
    from campaign.kit.scripted import ScriptedDice
    from games.hordes_heroes.shooting import shooting_phase

    st = make_state([(1, "south", "spear", (0, 8), Facing.N)])
    together = "Shooting results, applied together [HH.SEQ.14]:"
    assert together not in shooting_phase(st, ScriptedDice.of(12), {})
    assert together in shooting_phase(in_edition(st, Edition.E2012), ScriptedDice.of(12), {})


def test_HH12_DIS_7_a_disordered_unit_cannot_turn_to_face_in_2012():
    """HH12.DIS.7: contacted in the flank, a disordered unit turns to face in 2022 but not in 2012."""
    from games.hordes_heroes.rules import contact

    def facing_after(edition: Edition) -> Facing:
        st = make_state(
            [
                (1, "south", "spear", (0, 6), Facing.N, {"disrupted": True}),
                (2, "north", "spear", (1, 6), Facing.W),
            ]
        )
        contact(in_edition(st, edition), st.units[2], (1,))
        return st.units[1].facing

    assert facing_after(Edition.E2022) is not Facing.N
    assert facing_after(Edition.E2012) is Facing.N


@pytest.mark.parametrize("terrain, e2012, e2022", [("wood", True, False), ("broken", True, False), ("bua", True, True)])
def test_HH12_TER_7_mounted_attacking_into_terrain_fight_as_disordered(terrain, e2012, e2022):
    """HH12.TER.7, HH12.TER.10, HH12.DIS.8: mounted troops attacking into woods or broken ground fight as if
    disordered in 2012; in 2022 only against a BUA."""
    from games.hordes_heroes.special import as_if_disrupted

    st = make_state(
        [(1, "south", "mma", (0, 7), Facing.N), (2, "north", "spear", (0, 6), Facing.S)], terrain={(0, 6): terrain}
    )
    assert as_if_disrupted(st, st.units[1], [st.units[2]]) is e2022
    assert as_if_disrupted(in_edition(st, Edition.E2012), st.units[1], [st.units[2]]) is e2012


def test_HH12_SEQ_2_a_rally_does_not_change_formation_in_2012():
    """HH12.SEQ.2: a 2022 rally may form column; a 2012 rally only turns, and a formation is refused."""
    from games.hordes_heroes.orders import Rally
    from games.hordes_heroes.rules import verify_rally

    st = make_state([(1, "south", "spear", (0, 8), Facing.N, {"disrupted": True})])
    assert verify_rally(st, Rally(1, 1, Facing.WNW, Formation.COLUMN)).id == 1
    with pytest.raises(Illegal) as e:
        verify_rally(in_edition(st, Edition.E2012), Rally(1, 1, Facing.WNW, Formation.COLUMN))
    assert e.value.problem.code == "HH12.SEQ.2"
    assert verify_rally(st, Rally(1, 1, Facing.WNW, None)).id == 1


def test_a_bot_with_nothing_to_move_still_sends_a_legal_line():
    """The demo mails every bound: with no move worth making the bot declines an optional pursuit (the default,
    HH.PD.37), a line the bound accepts, so a 2012 bound without single-hex turns (HH12.MOV.12) is never empty."""
    from games.hordes_heroes import RULESET
    from games.hordes_heroes.bot import _nothing_to_do

    st = build_state(read_scenario("towton-midbattle-2012"))
    text = _nothing_to_do(st, "york")
    assert text == "pursue 1 no"
    assert RULESET.parse_orders(st, "york", text).key.startswith("bound-")


def _st(er: EditionRules, units: list[tuple], **kw: object) -> GameState:  # type: ignore[type-arg]  # helper rows
    st = make_state(units, **kw)
    st.options = replace(st.options, edition=er.edition)
    return st


def _code(f: object) -> object:
    """The result of a call, or the rule code of the Illegal it raises."""
    try:
        return f()  # type: ignore[operator]  # a zero-argument callable
    except Illegal as e:
        return e.problem.code


def _evaluate_more(er: EditionRules) -> dict[str, object]:
    """Movement, shooting, combat, compulsory moves and scoring: pairs of a situation that differs and a control
    situation next to it that must not."""
    from games.hordes_heroes.combat import _pursuit_optional, follow_status
    from games.hordes_heroes.command import range_reach
    from games.hordes_heroes.compulsory import flee, recoil_h2h
    from games.hordes_heroes.engine import half_points_lost
    from games.hordes_heroes.model import General
    from games.hordes_heroes.orders import Disengage, Rally
    from games.hordes_heroes.rules import verify_disengage, verify_rally
    from games.hordes_heroes.shooting import art_extra, can_target, to_hit
    from games.hordes_heroes.special import as_if_disrupted

    out: dict[str, object] = {}
    s = _st(er, [(1, "south", "longbow", (0, 8), Facing.N), (2, "south", "ainf", (2, 8), Facing.N)])
    out["pursuit: class-B foot may decline"] = _pursuit_optional(s, s.units[1])
    out["pursuit: class-A foot may decline (control)"] = _pursuit_optional(s, s.units[2])
    s = _st(er, [(1, "south", "dmma", (0, 8), Facing.N), (2, "north", "spear", (0, 7), Facing.S)])
    out["disengage: class-B foot"] = _code(lambda: verify_disengage(s, Disengage(1, 1), frozenset({1}))[1])
    lake = {(q, 6): "lake" for q in range(-20, 30)}
    s = _st(er, [(1, "south", "spear", (0, 5), Facing.N)], terrain=lake)
    g = General(9, "south", "G", cm=3, cr=3, hex=H(0, 7))
    out["command over a lake"] = H(0, 5) in range_reach(s, g)
    out["command beside it (control)"] = H(1, 7) in range_reach(s, g)
    s = _st(er, [(1, "south", "spear", (0, 8), Facing.N, {"disrupted": True})])
    out["rally into column"] = _code(lambda: verify_rally(s, Rally(1, 1, Facing.WNW, Formation.COLUMN)).id)
    out["rally, turning only (control)"] = _code(lambda: verify_rally(s, Rally(1, 1, Facing.WNW, None)).id)
    s = _st(
        er, [(1, "south", "mma", (0, 7), Facing.N), (2, "north", "spear", (0, 6), Facing.S)], terrain={(0, 6): "wood"}
    )
    out["mounted attacking into woods"] = as_if_disrupted(s, s.units[1], [s.units[2]])
    s = _st(er, [(1, "south", "bow7", (0, 6), Facing.N), (2, "north", "pavisse", (0, 4), Facing.N, {"pavisses": True})])
    out["pavise from behind"] = to_hit(s, s.units[1], s.units[2])
    s = _st(
        er, [(1, "south", "bow7", (0, 6), Facing.N), (2, "north", "bare", (0, 4), Facing.S)], terrain={(0, 4): "bua"}
    )
    out["bow at a BUA (control)"] = to_hit(s, s.units[1], s.units[2])
    s = _st(
        er, [(1, "south", "guns", (0, 6), Facing.N), (2, "north", "spear", (0, 4), Facing.S)], terrain={(0, 4): "bua"}
    )
    out["artillery at a BUA"] = art_extra(s, s.units[1], s.units[2])
    s = _st(
        er,
        [(1, "south", "bow7", (0, 6), Facing.N), (2, "north", "spear", (0, 4), Facing.S)],
        terrain={(0, 5): "broken"},
    )
    out["fire over broken ground"] = can_target(s, s.units[1], s.units[2], Facing.N)
    s = _st(
        er, [(1, "south", "bow7", (0, 6), Facing.N), (2, "north", "spear", (0, 4), Facing.S)], terrain={(0, 5): "wood"}
    )
    out["fire over a wood (control)"] = can_target(s, s.units[1], s.units[2], Facing.N)
    s = _st(
        er, [(1, "south", "bow7", (0, 6), Facing.N), (2, "north", "spear", (0, 4), Facing.S)], terrain={(0, 4): "wood"}
    )
    out["small arms into woods at 2"] = can_target(s, s.units[1], s.units[2], Facing.N)
    s = _st(
        er,
        [
            (1, "south", "bow7", (0, 6), Facing.N),
            (2, "north", "bare", (0, 5), Facing.S),
            (3, "north", "bare", (2, 4), Facing.S),
        ],
    )
    out["the farther of two targets"] = can_target(s, s.units[1], s.units[3], Facing.N)
    out["the nearer of two targets (control)"] = can_target(s, s.units[1], s.units[2], Facing.N)
    s = _st(er, [(1, "south", "mma", (3, 5), Facing.N)])
    out["end a move facing a side"] = _code(lambda: plan_move(s, Move(1, 1, (H(3, 4), Facing.NW))).mp)
    rows = [
        (1, "south", "spear", (3, 8), Facing.N),
        (2, "north", "spear", (4, 7), Facing.SW),
        (3, "south", "spear", (2, 9), Facing.N),
    ]
    s = _st(er, rows, rows=13)
    recoil_h2h(s, 1, H(4, 7))
    out["recoil with a friend behind"] = (s.units[1].hex, s.units[3].hex)
    s = _st(er, [(1, "south", "spear", (0, 5), Facing.N), (2, "north", "spear", (0, 4), Facing.S)])
    flee(s, 1, [H(0, 4)], h2h=True)
    out["flee continuation owed"] = bool(s.flee_continuations)
    out["flee end hex (control)"] = s.units[1].hex
    s = _st(er, [(1, "south", "ainf", (0, 5), Facing.N), (2, "south", "spear", (3, 5), Facing.N)])
    out["class-A foot follow-up"] = follow_status(s, s.units[1], H(0, 4))
    out["plain foot follow-up (control)"] = follow_status(s, s.units[2], H(3, 4))
    s = _st(er, [(1, "south", "mma", (0, 8), Facing.N)], terrain={(0, 6): "broken"})
    out["cavalry into broken ground after a step"] = _code(lambda: plan_move(s, Move(1, 1, (H(0, 7), H(0, 6)))).mp)
    s = _st(er, [(1, "south", "mma", (0, 8), Facing.N)])
    for lost in (4, 5):
        s.casualties["south"] = {"mma": lost}
        out[f"points for {lost} stands lost"] = half_points_lost(s, "south")
    return out


def test_more_situations_under_both_editions_differ_exactly_as_the_spec_lists():
    """HH12.CMP.14, HH12.MOV.10, HH12.CMD.5, HH12.SEQ.2, HH12.TER.7, HH12.SPEC.10, HH12.ARM.4, HH12.TER.6,
    HH12.TER.9, HH12.SHOOT.4, HH12.MOV.6, HH12.CMP.1, HH12.CMP.6, HH12.CMP.12, HH12.TER.5, HH12.WIN.3: each
    differing situation differs, and each control beside it does not."""
    a, b = _evaluate_more(RULES_2012), _evaluate_more(RULES_2022)
    differ = sorted(k for k in a if a[k] != b[k])
    assert differ == sorted(k for k in a if "(control)" not in k and k != "points for 4 stands lost")


def test_HH12_SPEC_16_a_2012_combined_unit_has_one_class():
    """HH12.SPEC.16, HH12.SPEC.15: a combined unit of two classes is refused in a 2012 scenario, with the unit and
    the classes named; the same unit of one class is accepted. 2022 accepts both."""
    data = read_scenario("towton-midbattle-2012")
    side = data["sides"][0]
    side["units"] = [dict(u) for u in side["units"]]
    side["units"][1].update(rear_profile="peasant-horde", rear_stands=2)  # retinue longbow (B) + peasants (E)
    with pytest.raises(ScenarioError, match=r"units\[1\]\.rear_profile: .* one class, not B and E \[HH12.SPEC.16\]"):
        build_state(data)
    side["units"][1].update(rear_profile="mma")  # both class B
    assert build_state(data).units[2].combined


def test_HH12_X_1_2022_only_troops_are_refused_in_2012():
    """HH12.X.1, HH12.SPEC.24: shield walls, elephants, dismounting cavalry and the AH code are 2022-only; a 2012
    force that holds them is refused with the profile named; 2022 takes them."""
    army = replace(
        wotr(RULES_2012),
        profiles={
            **wotr(RULES_2012).profiles,
            "sw": replace(PROFILES["spear"], id="sw", traits=frozenset({Trait.S})),
            "eleph": replace(PROFILES["spear"], id="eleph", category=Category.ELEPHANT),
            "ah": replace(PROFILES["spear"], id="ah", traits=frozenset({Trait.AH})),
        },
    )
    gens = [ForceGeneral("general")]
    for pid, what in (("mma", "a dismounted profile"), ("sw", "shield wall"), ("eleph", "elephants"), ("ah", "AH")):
        errors, _ = validate_army(army, [pid], gens, 1000, RULES_2012)
        assert any(what in e and "HH12.X.1" in e for e in errors), (pid, errors)
        assert not validate_army(replace(army, edition="2022"), [pid], gens, 1000, RULES_2022)[0]
    assert validate_army(army, ["retinue-longbow"], gens, 1000, RULES_2012)[0] != []  # 5+ still refused
    assert validate_army(army, ["levy-billmen"], gens, 1000, RULES_2012)[0] == []
