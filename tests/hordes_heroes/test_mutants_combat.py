"""Clauses mutation testing of games/hordes_heroes/combat.py found unpinned (benchmarks/mutation.py combat): why a
follow-up is optional, the order among several winners, who declines, who leads and who joins a pursuit, word for
word [HH.COMP.24-39] [HH.PD.33-37] [HH12.CMP.*]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes.battlefield import Terrain
from games.hordes_heroes.combat import Choices, SideTotal, _ranked_2012, _ranked_2022, follow_status, hth_phase
from games.hordes_heroes.edition import LATEST_RULES_VERSION, Edition
from games.hordes_heroes.state import GameState

from .helpers import PROFILES, Dice, Facing, H, make_state


class D6(Dice):
    """Scripted dice that also check every roll is a D6 (HH.HTH.13, HH.GEN.26)."""

    def roll(self, sides: int, purpose: str) -> int:
        assert sides == 6, purpose
        return super().roll(sides, purpose)


def ed(st: GameState, edition: Edition = Edition.E2022) -> GameState:
    st.options = replace(st.options, edition=edition, rules_version=LATEST_RULES_VERSION)
    return st


PROFILES.setdefault(
    "mut_wagon", replace(PROFILES["spear"], id="mut_wagon", category=PROFILES["spear"].category.__class__("war_wagon"))
)


@pytest.mark.parametrize(
    ("case", "pid", "over", "setup", "e2022", "e2012"),
    [
        ("nothing in the way", "spear", {}, {}, ("must", True), ("must", True)),
        ("class-A infantry", "ainf", {}, {}, ("optional", True), ("must", True)),
        ("a wall", "spear", {}, {"walls": [((0, 5), (0, 4))]}, ("optional", False), ("optional", False)),
        ("a river ahead", "spear", {}, {"terrain": {(0, 4): "river"}}, ("optional", False), ("optional", False)),
        ("a river underfoot", "spear", {}, {"terrain": {(0, 5): "river"}}, ("must", True), ("optional", False)),
        ("a BUA ahead", "spear", {}, {"terrain": {(0, 4): "bua"}}, ("optional", False), ("must", True)),
        ("a BUA underfoot", "spear", {}, {"terrain": {(0, 5): "bua"}}, ("optional", False), ("must", True)),
        ("stakes", "spear", {}, {"stakes": True}, ("optional", False), ("optional", False)),
        ("pavisses", "spear", {"pavisses": True}, {}, ("optional", False), ("optional", False)),
        (
            "war wagons behind",
            "spear",
            {"rear_profile": "mut_wagon", "rear_stands": 2},
            {},
            ("optional", False),
            ("must", True),
        ),
        (
            "class-A infantry and a wall",
            "ainf",
            {},
            {"walls": [((0, 5), (0, 4))]},
            ("optional", False),
            ("optional", False),
        ),
        ("a horde", "horde", {}, {"walls": [((0, 5), (0, 4))]}, ("must", True), ("must", True)),
    ],
)
def test_HH_COMP_26_HH_COMP_27_HH_COMP_28_HH12_CMP_12_why_a_follow_up_is_optional(case, pid, over, setup, e2022, e2012):
    """HH.COMP.26-28, HH.PD.33, HH.TERR.38, HH.TERR.52, HH.SPECIAL.23, ruling HH12.CMP.A8, HH12.CMP.12: a winner
    must follow up unless class-A infantry or an obstacle makes it optional (default: go only for the class-A
    reason alone); a horde always must. 2012 keeps only walls, rivers (its own hex too), stakes and pavisses."""
    for edition, want in ((Edition.E2022, e2022), (Edition.E2012, e2012)):
        kw = {k: v for k, v in setup.items() if k != "stakes"}
        st = ed(make_state([(1, "south", pid, (0, 5), Facing.N, over)], **kw), edition)
        if setup.get("stakes"):
            st.stakes[("x",)] = (1, H(0, 5))  # type: ignore[index]
        assert follow_status(st, st.units[1], H(0, 4)) == want, edition


def two_winners(pid1: str, pid2: str, edition: Edition = Edition.E2022) -> GameState:
    """Two south units next to a north spear unit at 0,4: unit 1 at 0,5 and unit 2 at -1,5, both facing north."""
    return ed(
        make_state(
            [
                (1, "south", pid1, (0, 5), Facing.N),
                (2, "south", pid2, (-1, 5), Facing.N),
                (9, "north", "spear", (0, 4), Facing.S),
            ]
        ),
        edition,
    )


FLED = [
    "  unit 9 (Spearmen) takes Flee Disrupted, 2 stands lost (C class, 6 hits) [HH.CRT.1, HH.CRT.5].",
    "  unit 9 (Spearmen) loses 2 stands, 2 left [HH.STAND.1].",
    "  unit 9 (Spearmen) is disrupted [HH.DISR.1].",
    "  unit 9 (Spearmen) flees 1105 -> 1104 1003 (2 of 2 hexes) [HH.COMP.15, HH.COMP.21, HH.COMP.22].",
]
"""The loser's lines, the same in every case below (it loses by 6 and flees 2 hexes)."""


def test_HH_COMP_30_HH_COMP_36_HH_COMP_39_the_leader_follows_and_pursues_the_other_joins():
    """HH.COMP.30, HH.PD.34, HH.COMP.36, HH.COMP.39: of two equal winners the lower id follows up and pursues along
    the flee path; the other joins the pursuit into the vacated hex, never past the one ahead."""
    st = two_winners("mma", "mma")
    d = D6(1, 3)
    lines = hth_phase(st, d, Choices())
    assert [p for _, p in d.log] == [
        "hand-to-hand: unit 9 (Spearmen) against unit 1, unit 2, south D6 1 of 1",
        "hand-to-hand: unit 9 (Spearmen) against unit 1, unit 2, north D6 1 of 1",
    ]
    assert lines[:2] == [
        "Hand-to-hand phase (south chooses the order) [HH.HTH.4].",
        "unit 1 (Mounted Men-at-Arms) and unit 2 (Mounted Men-at-Arms) (5 + 8 stands + impact 4 + D6 1 = 18) beat"
        " unit 9 (Spearmen) (4 + 4 stands + impact 1 + D6 3 = 12) by 6 [HH.HTH.6].",
    ]
    assert lines[2:] == FLED + [
        "  unit 1 (Mounted Men-at-Arms) follows up into 1105 [HH.COMP.24].",
        "  unit 1 (Mounted Men-at-Arms) pursues along the flee path to 1104 (2 MP of 3) [HH.COMP.36].",
        "  unit 2 (Mounted Men-at-Arms) joins the pursuit into 1105 [HH.COMP.39].",
    ]
    assert (st.units[1].hex, st.units[2].hex) == (H(0, 3), H(0, 4))


def test_HH_COMP_31_HH_PD_33_a_winner_that_may_decline_does_and_the_next_goes():
    """HH.COMP.31, HH.PD.33: class-A infantry may decline (default: go); unit 1 declines, unit 2 follows up; when
    both decline nobody moves."""
    st = two_winners("ainf", "ainf")
    lines = hth_phase(st, Dice(1, 1), Choices(follow_up={1: False}))
    assert lines[2:] == FLED + [
        "  unit 1 (Veteran Legion) declines to follow up [HH.COMP.31].",
        "  unit 2 (Veteran Legion) follows up into 1105 [HH.COMP.24].",
    ]
    st = two_winners("ainf", "ainf")
    lines = hth_phase(st, Dice(1, 1), Choices(follow_up={1: False, 2: False}))
    assert lines[-2:] == [
        "  unit 1 (Veteran Legion) declines to follow up [HH.COMP.31].",
        "  unit 2 (Veteran Legion) declines to follow up [HH.COMP.31].",
    ]
    assert (st.units[1].hex, st.units[2].hex) == (H(0, 5), H(-1, 5))


@pytest.mark.parametrize(("pursue", "tail"), [(False, []), (True, ["pursues", "joins"])])
def test_HH_COMP_31_HH_COMP_34_HH_PD_37_the_strongest_leads_and_pursues_only_if_told(pursue, tail):
    """HH.COMP.31: impact + CF decides between equal impact (knights 6 + 4 before men-at-arms 5 + 4, whatever the
    ids); HH.COMP.34, HH.PD.37: class-A cavalry pursue only when told to, and only then does the other join."""
    st = two_winners("mma", "knights")
    lines = hth_phase(st, Dice(1, 4), Choices(pursue={2: True} if pursue else {}))
    assert lines[2:7] == FLED + ["  unit 2 (Teutonic Knights) follows up into 1105 [HH.COMP.24]."]
    assert [line.split()[4] for line in lines[7:]] == tail


def ranked(edition: Edition, rows: list[tuple], impact: dict[int, int]) -> list[int]:
    """The winners' order of HH.COMP.30-31 (2022) or ruling HH12.CMP.A7 (2012) for the hex 0,4."""
    st = ed(make_state([(uid, "south", pid, qr, Facing.N, over) for uid, pid, qr, over in rows]), edition)
    able = [st.units[r[0]] for r in rows]
    total = SideTotal("south", able, [], active_impact=impact)
    rank = _ranked_2012 if edition is Edition.E2012 else _ranked_2022
    return [w.id for w in rank(st, able, total, H(0, 4))]


def test_HH_COMP_30_HH_COMP_31_undisrupted_first_then_horde_impact_cf_mounted_id():
    """HH.COMP.30, HH.COMP.31, HH.PD.34: a disrupted winner never leads while another is undisrupted; then a horde,
    the most impact, impact + CF, mounted before foot, lowest id."""
    rows = [
        (1, "spear", (0, 5), {"disrupted": True}),
        (2, "dmma", (-1, 5), {}),
        (3, "mma", (1, 5), {}),
        (4, "horde", (2, 5), {}),
        (5, "knights", (3, 5), {}),
        (6, "mma", (4, 5), {}),
    ]
    assert ranked(Edition.E2022, rows, {1: 9, 2: 2, 3: 4, 5: 4, 6: 4}) == [4, 5, 3, 6, 2]


def test_HH_COMP_31_all_disrupted_the_highest_cf_leads():
    """HH.COMP.31: when every winner is disrupted, the highest CF leads (ties to the lowest id)."""
    rows = [
        (1, "spear", (0, 5), {"disrupted": True}),
        (2, "knights", (-1, 5), {"disrupted": True}),
        (3, "ainf", (1, 5), {"disrupted": True}),
        (4, "dmma", (2, 5), {"disrupted": True}),
    ]
    assert ranked(Edition.E2022, rows, {}) == [2, 3, 4, 1]


def test_HH12_CMP_A7_2012_horde_then_must_then_impact_cf_mounted_id_disordered_too():
    """Ruling HH12.CMP.A7: a horde first, then the winners that must follow up before one that may decline (a pavise
    carrier, HH12.CMP.12), then most impact, impact + CF, mounted, lowest id; a disordered winner is ranked like the
    others (no HH.COMP.30 filter in 2012)."""
    rows = [
        (1, "spear", (0, 5), {"disrupted": True}),
        (2, "pavisse", (-1, 5), {}),
        (3, "mma", (1, 5), {}),
        (4, "horde", (2, 5), {}),
        (5, "knights", (3, 5), {}),
        (6, "dmma", (4, 5), {}),
        (7, "mma", (5, 5), {}),
    ]
    assert ranked(Edition.E2012, rows, {1: 9, 2: 9, 3: 4, 5: 4, 6: 4, 7: 4}) == [4, 1, 5, 3, 7, 6, 2]


@pytest.mark.parametrize(
    ("case", "pid", "over", "choice", "e2022", "e2012"),
    [
        ("class-C foot", "spear", {}, None, True, True),
        ("disrupted", "spear", {"disrupted": True}, None, False, True),
        ("artillery", "guns", {}, None, False, False),
        ("chariots", "chariot", {}, None, True, False),
        ("class-A foot, no order", "ainf", {}, None, False, False),
        ("class-A foot told to", "ainf", {}, True, True, True),
        ("class-A foot told not to", "ainf", {}, False, False, False),
    ],
)
def test_HH_COMP_34_HH12_CMP_13_HH12_CMP_14_who_may_pursue(case, pid, over, choice, e2022, e2012):
    """HH.COMP.34, HH.PD.37, HH.ART.19: disrupted units and artillery never pursue; optional pursuit defaults to no.
    2012: disordered units pursue (HH12.CMP.13), chariots never do (HH12.CMP.14, ruling HH12.CMP.A14)."""
    from games.hordes_heroes.combat import _may_pursue

    for edition, want in ((Edition.E2022, e2022), (Edition.E2012, e2012)):
        st = ed(make_state([(1, "south", pid, (0, 5), Facing.N, over)]), edition)
        choices = Choices(pursue={} if choice is None else {1: choice})
        assert _may_pursue(st, st.units[1], choices) is want, edition


@pytest.mark.parametrize(
    ("over", "e2022", "e2012"),
    [
        ({}, 4, 4),
        ({"formation": "column"}, 2, 2),
        ({"formation": "column", "stands": 3}, 2, 2),
        ({"formation": "column", "stands": 2}, 1, 2),
        ({"formation": "squeezed", "stands": 1}, 1, 1),
        ({"rear_profile": "bare", "rear_stands": 1}, 2, 2),
        ({"rear_profile": "bare", "rear_stands": 3}, 1, 1),
        ({"disrupted": True}, 0, 0),
    ],
)
def test_HH_HTH_7_HH_HTH_23_HH_HTH_24_HH12_MELEE_1_stands_that_count(over, e2022, e2012):
    """HH.HTH.7, HH.HTH.23, ruling HH.STAND.4: deployed all; a column 2, or 1 with 2 stands or fewer (2012: at most
    2, HH12.MELEE.1); a combined-arms unit its front stands, at most 2 (HH.HTH.24); disrupted none."""
    from games.hordes_heroes.combat import counted_stands
    from games.hordes_heroes.model import Formation

    for edition, want in ((Edition.E2022, e2022), (Edition.E2012, e2012)):
        kw = {**over, "formation": Formation(over["formation"])} if "formation" in over else over
        st = ed(make_state([(1, "south", "spear", (0, 5), Facing.N, kw)]), edition)
        assert counted_stands(st, st.units[1], False) == want, edition


@pytest.mark.parametrize(
    ("cf2", "cf", "slope"),
    [(5, 4, 1), (6, 6, 0), (4, 4, 1)],
)
def test_HH_HTH_11_HH_TERR_7_the_best_cf_with_its_slope_bonus(cf2, cf, slope):
    """HH.HTH.11, HH.TERR.7: a side takes the best CF counting +1 up-slope; on a tie the first unit's stays (CF 4 up
    the slope against CF 5 on the level: 4 + 1); a CF 6 on the level beats 4 + 1."""
    from games.hordes_heroes.combat import side_total

    PROFILES.setdefault("mut_cf5", replace(PROFILES["bare"], id="mut_cf5", cf=5))
    PROFILES.setdefault("mut_cf6", replace(PROFILES["bare"], id="mut_cf6", cf=6))
    pid2 = {4: "bare", 5: "mut_cf5", 6: "mut_cf6"}[cf2]
    st = make_state([(1, "south", "bare", (0, 5), Facing.N), (2, "south", pid2, (-1, 5), Facing.N)])
    us = [st.units[1], st.units[2]]
    t = side_total(st, us, [], {1: [], 2: []}, {1: True, 2: False})
    assert (t.cf, t.slope, t.stands) == (cf, slope, 8)


def test_HH_GEN_26_single_combat_word_for_word():
    """HH.GEN.26, HH.PD.38: two generals alone in one hex fight a single combat, 2D6 each, word for word."""
    st = ed(make_state([], [(1, "south", (0, 5)), (2, "north", (0, 5))]))
    d = D6(3, 4, 4, 3)
    lines = hth_phase(st, d, Choices())
    assert [p for _, p in d.log] == [
        "single combat: general 1 (General 1), D6 1 of 2",
        "single combat: general 1 (General 1), D6 2 of 2",
        "single combat: general 2 (General 2), D6 1 of 2",
        "single combat: general 2 (General 2), D6 2 of 2",
    ]
    assert lines == [
        "Hand-to-hand phase (south chooses the order) [HH.HTH.4].",
        "Single combat: general 1 (General 1) 2D6 3+4 = 7 against general 2 (General 2) 2D6 4+3 = 7: a draw, both"
        " stay [HH.GEN.26, HH.HTH.26].",
        "No unit is engaged: no combats [HH.HTH.1].",
    ]
    st = ed(make_state([], [(1, "south", (0, 5)), (2, "north", (0, 5))]))
    lines = hth_phase(st, D6(6, 5, 1, 2), Choices())
    assert lines[1:3] == [
        "Single combat: general 1 (General 1) 2D6 6+5 = 11 against general 2 (General 2) 2D6 1+2 = 3.",
        "  general 2 (General 2) is killed or captured: he lost the single combat [HH.GEN.26] [HH.GEN.28].",
    ]
    assert st.generals[1].hex == H(0, 5) and not st.generals[2].alive


def test_HH_SEQ_16_an_sc_marker_goes_once_its_unit_is_out_of_contact():
    """HH.SEQ.16: after the phase a unit no longer engaged loses its SC marker; one still in contact keeps it."""
    st = ed(
        make_state(
            [
                (1, "south", "spear", (0, 8), Facing.N, {"static_combat": True}),
                (2, "south", "spear", (3, 5), Facing.N, {"static_combat": True}),
                (9, "north", "spear", (3, 4), Facing.S, {"static_combat": True}),
            ]
        )
    )
    hth_phase(st, D6(3, 3), Choices())
    assert [st.units[u].static_combat for u in (1, 2, 9)] == [False, True, True]


def one_winner(pid: str) -> GameState:
    """A south unit at 0,5 facing north against a north spear unit at 0,4."""
    return ed(make_state([(1, "south", pid, (0, 5), Facing.N), (9, "north", "spear", (0, 4), Facing.S)]))


LONE_FLED = [
    "  unit 9 (Spearmen) takes Flee Disrupted, 1 stand lost (C class, 4 hits) [HH.CRT.1, HH.CRT.5].",
    "  unit 9 (Spearmen) loses 1 stand, 3 left [HH.STAND.1].",
    "  unit 9 (Spearmen) is disrupted [HH.DISR.1].",
    "  unit 9 (Spearmen) flees 1105 -> 1104 1003 (2 of 2 hexes) [HH.COMP.15, HH.COMP.21, HH.COMP.22].",
]


@pytest.mark.parametrize(
    ("choice", "last"),
    [
        ({1: False}, "  unit 1 (Veteran Legion) does not follow up [HH.COMP.26, HH.PD.33]."),
        ({}, "  unit 1 (Veteran Legion) follows up into 1105 [HH.COMP.24]."),
        ({1: True}, "  unit 1 (Veteran Legion) follows up into 1105 [HH.COMP.24]."),
    ],
)
def test_HH_COMP_26_HH_PD_33_a_lone_class_A_winner_may_decline(choice, last):
    """HH.COMP.26, HH.PD.33: a lone class-A infantry winner follows up unless told not to (default: go)."""
    st = one_winner("ainf")
    lines = hth_phase(st, D6(3, 1), Choices(follow_up=choice))
    assert lines[2:] == LONE_FLED + [last]
    assert st.units[1].hex == (H(0, 5) if choice == {1: False} else H(0, 4))


def test_HH_COMP_36_HH_COMP_40_a_lone_winner_pursues_a_fleeing_loser_not_a_recoiling_one():
    """HH.COMP.24, HH.COMP.36, HH.COMP.40: a lone winner follows up and pursues along the path of the loser that
    fled; after a recoil it follows up only."""
    st = one_winner("mma")
    lines = hth_phase(st, D6(1, 1), Choices())
    assert lines[2:] == LONE_FLED + [
        "  unit 1 (Mounted Men-at-Arms) follows up into 1105 [HH.COMP.24].",
        "  unit 1 (Mounted Men-at-Arms) pursues along the flee path to 1104 (2 MP of 3) [HH.COMP.36].",
    ]
    st = one_winner("mma")
    lines = hth_phase(st, D6(1, 2), Choices())
    assert lines[2:] == [
        "  unit 9 (Spearmen) takes Recoil ,Disrupted (C class, 3 hits) [HH.CRT.1, HH.CRT.5].",
        "  unit 9 (Spearmen) is disrupted [HH.DISR.1].",
        "  unit 9 (Spearmen) recoils 1105 -> 1104 [HH.COMP.3].",
        "  unit 1 (Mounted Men-at-Arms) follows up into 1105 [HH.COMP.24].",
    ]


def two_fights(declared: tuple = (), contact: tuple = ()) -> tuple[list[tuple[int, list]], list[str], list[int]]:
    """Units 1 and 3 (south) against 9 at 0,4; unit 2 (south) against 8 at 4,4: (groups, notes, order of foci)."""
    from games.hordes_heroes.combat import combat_order, form_groups

    st = ed(
        make_state(
            [
                (1, "south", "spear", (0, 5), Facing.N),
                (3, "south", "spear", (-1, 5), Facing.N),
                (9, "north", "spear", (0, 4), Facing.S),
                (2, "south", "spear", (4, 5), Facing.N),
                (8, "north", "spear", (4, 4), Facing.S),
            ]
        )
    )
    st.contact_order = contact
    groups, notes = form_groups(st, declared)
    return [(g.focus, g.opponents) for g in groups], notes, [g.focus for g in combat_order(st, groups, declared)]


DEFAULT = [(9, [("u", 1), ("u", 3)]), (8, [("u", 2)])]


@pytest.mark.parametrize(
    ("declared", "refused"),
    [
        (((9, (1, 1)),), "unit 9 against [1, 1]"),
        (((9, ()),), "unit 9 against []"),
        (((9, (1, 8)),), "unit 9 against [1, 8]"),
        (((99, (1,)),), "unit 99 against [1]"),
        (((9, (1,)), (9, (3,))), "unit 9 against [3]"),
    ],
)
def test_HH_HTH_2_HH_PD_27_a_declared_combat_that_does_not_meet_the_rule_is_reported(declared, refused):
    """HH.HTH.2, HH.PD.27: a declared combat must name engaged units, each once, opponents engaged with the focus,
    none already placed; else it is reported and the default grouping (HH.HTH.3) used."""
    groups, notes, _ = two_fights(declared)
    assert groups == DEFAULT
    assert notes == [f"  declared combat of {refused} does not meet HH.HTH.2; default grouping used."]


def test_HH_HTH_4_HH_PD_28_declared_order_then_contact_order_then_focus_id():
    """HH.HTH.4, HH.PD.28: combats go in the declared order, else those with a unit that made contact in contact
    order, else by focus id."""
    assert two_fights() == (DEFAULT, [], [8, 9])
    assert two_fights(((9, (1, 3)),)) == (DEFAULT, [], [9, 8])
    assert two_fights(((8, (2,)), (9, (1, 3)))) == ([(8, [("u", 2)]), (9, [("u", 1), ("u", 3)])], [], [8, 9])
    assert two_fights(contact=((1, 9),))[2] == [9, 8]
    assert two_fights(contact=((3, 9), (2, 8)))[2] == [9, 8]


def test_HH_COMP_25_HH_ART_19_who_may_enter_a_vacated_hex():
    """HH.COMP.25, HH.ART.19: artillery never follows up; only into an adjacent, empty hex it may step into, with no
    enemy general there (a friendly one is no bar), not up a steep side."""
    from games.hordes_heroes.combat import can_follow
    from games.hordes_heroes.model import General

    st = ed(make_state([(1, "south", "spear", (0, 5), Facing.N), (2, "south", "guns", (3, 5), Facing.N)]))
    u = st.units[1]
    assert can_follow(st, u, H(0, 4)) and not can_follow(st, u, H(0, 3))
    assert not can_follow(st, st.units[2], H(3, 4))
    st.generals[5] = General(5, "south", "General 5", hex=H(0, 4))
    assert can_follow(st, u, H(0, 4))
    st.generals[6] = General(6, "north", "General 6", hex=H(0, 4))
    assert not can_follow(st, u, H(0, 4))
    del st.generals[6]
    st.units[3] = replace(st.units[1], id=3, hex=H(0, 4))
    assert not can_follow(st, u, H(0, 4))
    del st.units[3]
    st.field = replace(st.field, terrain={H(0, 4): Terrain.LAKE})
    assert not can_follow(st, u, H(0, 4))


def test_HH_HTH_10_HH_SPECIAL_15_HH_ZOC_6_who_keeps_impact():
    """HH.HTH.10: impact needs an undisrupted unit without SC, not cancelled by stakes on the side between the pair
    (HH.SPECIAL.15); a unit with no impact never has it."""
    from games.hordes_heroes.combat import impact_eligible
    from games.hordes_heroes.geometry import side_key

    st = ed(make_state([(1, "south", "mma", (0, 5), Facing.N), (9, "north", "bare", (0, 4), Facing.S)]))
    u, v = st.units[1], st.units[9]
    assert impact_eligible(st, u, [v], False) and not impact_eligible(st, u, [v], True)
    st.stakes[side_key(H(0, 5), H(0, 4))] = (9, H(0, 4))
    assert not impact_eligible(st, u, [v], False)
    st.stakes.clear()
    st.units[1] = replace(u, static_combat=True)
    assert not impact_eligible(st, st.units[1], [v], False)
    st.profiles["mut_noimpact"] = replace(PROFILES["bare"], id="mut_noimpact", impact=0)
    st.units[1] = replace(u, profile="mut_noimpact")
    assert not impact_eligible(st, st.units[1], [v], False)


def test_HH_GEN_20_a_lone_general_follows_up_word_for_word():
    """HH.GEN.20, HH.COMP.34: the winning lone general ordered to follow up goes into the hex the beaten unit left
    and says he never pursues; an enemy general elsewhere on the table does not stop him."""
    from games.hordes_heroes.model import General

    from .test_rules_gaps import _lone_general_wins

    st, lines = _lone_general_wins(Choices(general_follow_up={1: True}))
    into = st.field.label(H(0, 4))
    assert lines[-1] == f"  General 1 (General 1) follows up into {into}; he never pursues [HH.GEN.20, HH.COMP.34]."
    st = make_state([(1, "north", "lc", (0, 4), Facing.S)], [(1, "south", (0, 5))])
    st.generals[7] = General(7, "north", "General 7", hex=H(5, 1))
    hth_phase(st, Dice(6, 6, 2), Choices(general_follow_up={1: True}))
    assert st.generals[1].hex == H(0, 4)


def crossed(contact: tuple = (), prev: tuple = (), declared: tuple = ()) -> tuple[list[tuple[int, list]], list[int]]:
    """Unit 1 (south, 0,5) engaged with both 9 (0,4) and 8 (1,4); unit 2 (south, 1,5) with 8 only: the groups and
    the order of their foci."""
    from games.hordes_heroes.combat import combat_order, form_groups

    st = ed(
        make_state(
            [
                (1, "south", "spear", (0, 5), Facing.N),
                (2, "south", "spear", (1, 5), Facing.NW),
                (9, "north", "spear", (0, 4), Facing.S),
                (8, "north", "spear", (1, 4), Facing.S),
            ]
        )
    )
    st.contact_order, st.prev_groups = contact, prev
    groups, _ = form_groups(st, declared)
    return [(g.focus, g.opponents) for g in groups], [g.focus for g in combat_order(st, groups, declared)]


U1, U2, U9 = ("u", 1), ("u", 2), ("u", 9)


@pytest.mark.parametrize(
    ("contact", "prev", "declared", "groups", "order"),
    [
        ((), (), (), [(8, [U2]), (1, [U9])], [1, 8]),
        (((1, 9),), (), (), [(9, [U1]), (8, [U2])], [9, 8]),
        (((9, 1),), (), (), [(1, [U9]), (8, [U2])], [1, 8]),
        (((1, 7),), (), (), [(8, [U2]), (1, [U9])], [1, 8]),
        (((2, 8), (1, 9)), (), (), [(8, [U2]), (9, [U1])], [8, 9]),
        ((), ((9, (U1,)),), (), [(9, [U1]), (8, [U2])], [8, 9]),
        ((), ((9, (U1, U2)),), (), [(9, [U1]), (8, [U2])], [8, 9]),
        ((), ((8, (U1, U2)),), (), [(8, [U2]), (1, [U9])], [1, 8]),
        ((), ((7, (U1,)),), (), [(8, [U2]), (1, [U9])], [1, 8]),
        ((), ((9, (U1,)),), ((8, (1, 2)),), [(8, [U2]), (1, [U9])], [8, 1]),
    ],
)
def test_HH_HTH_3_HH_HTH_4_the_default_grouping_step_by_step(contact, prev, declared, groups, order):
    """HH.HTH.3: last phase's groups carry over with the opponents still engaged with their focus (step 1); new
    contacts attach to their target, else the lowest engaged id (step 2); the rest attach in id order, preferring a
    focus, then an unassigned unit, then a lone opponent, then one of several, which then leaves its group (step
    3). By default unit 1 attaches to 8 (lower id), unit 2 joins 8, and 9 takes unit 1 out of 8's group. HH.HTH.4:
    declared combats first, then contact order, then focus id."""
    assert crossed(contact, prev, declared) == (groups, order)


@pytest.mark.parametrize("several", [True, False])
def test_HH_SPECIAL_17_a_winner_breaks_through_the_stakes_of_a_fleeing_loser(several):
    """HH.SPECIAL.17: the stakes of a loser that fled are broken by the winner, who must follow up into that hex
    (even when told not to) and never pursues; the stakes are gone."""
    from games.hordes_heroes.geometry import side_key

    st = two_winners("ainf", "ainf") if several else one_winner("ainf")
    st.stakes[side_key(H(0, 4), H(0, 3))] = (9, H(0, 4))
    lines = hth_phase(st, D6(1, 1) if several else D6(3, 1), Choices(follow_up={1: False}))
    assert lines[-2:] == [
        "  unit 1 (Veteran Legion) follows up into 1105 [HH.COMP.24].",
        "  unit 1 (Veteran Legion) breaks through the stakes at 1105 [HH.SPECIAL.17].",
    ]
    assert st.stakes == {} and st.units[1].hex == H(0, 4)


def test_HH_GEN_19_HH_HTH_15_a_lone_general_who_loses_is_killed_word_for_word():
    """HH.GEN.19, HH.HTH.15, HH.GEN.28: a lone general beaten in hand-to-hand is killed or captured (rules version
    1: the unit is named alone, issue 13)."""
    st = make_state([(1, "north", "lc", (0, 4), Facing.S)], [(1, "south", (0, 5))])
    lines = hth_phase(st, D6(1, 1, 6), Choices())
    assert lines[1:] == [
        "Mongol Light Cavalry (2 + 4 stands + D6 6 = 12) beat general 1 (General 1) (2D6 1+1 = 2) by 10 [HH.HTH.6].",
        "  general 1 (General 1) is killed or captured: he lost a hand-to-hand fight alone [HH.GEN.19, HH.HTH.15]"
        " [HH.GEN.28].",
    ]
    assert not st.generals[1].alive


@pytest.mark.parametrize(("choice", "follows"), [({}, False), ({1: True}, True)])
def test_HH_SPECIAL_12_HH_COMP_26_a_pavise_unit_follows_up_only_when_told_and_leaves_its_pavisses(choice, follows):
    """HH.COMP.26, HH.PD.33: pavisses make the follow-up optional, default no; HH.SPECIAL.12: a pavise unit that
    follows up leaves its pavisses behind."""
    st = ed(make_state([(1, "south", "pavisse", (0, 5), Facing.N), (9, "north", "horde", (0, 4), Facing.S)]))
    lines = hth_phase(st, D6(1, 1), Choices(follow_up=choice))
    tail = (
        [
            "  unit 1 (Pavisiers) follows up into 1105 [HH.COMP.24].",
            "  unit 1 (Pavisiers) leaves its pavisses behind [HH.SPECIAL.12].",
        ]
        if follows
        else ["  unit 1 (Pavisiers) does not follow up [HH.COMP.26, HH.PD.33]."]
    )
    assert lines[-len(tail) :] == tail
    assert st.units[1].pavisses is not follows


def test_HH_COMP_4_HH_PD_29_the_enemy_a_loser_faces_is_in_its_front_else_the_strongest():
    """HH.COMP.4, HH.PD.29: the front opponent with the best CF + effective impact (lowest id on a tie); with none in
    front, the strongest of all."""
    from games.hordes_heroes.combat import _facing_enemy

    st = ed(
        make_state(
            [
                (1, "south", "spear", (0, 5), Facing.N),
                (9, "north", "ainf", (0, 4), Facing.S),
                (8, "north", "knights", (0, 6), Facing.N),
                (7, "north", "bare", (1, 4), Facing.S),
                (6, "north", "bare", (1, 5), Facing.W),
            ]
        )
    )
    focus, front, rear, other, flank = st.units[1], st.units[9], st.units[8], st.units[7], st.units[6]
    total = SideTotal("north", [front, rear, other, flank], [])
    assert _facing_enemy(st, focus, [other, rear, front], total) is front
    assert _facing_enemy(st, focus, [other, rear, flank], total) is other
    assert _facing_enemy(st, focus, [flank, rear], total) is rear
    assert _facing_enemy(st, focus, [flank], total) is flank


def test_HH_PD_33_a_non_phasing_winner_follows_its_own_standing_order():
    """HH.PD.33 (standing orders, HH.PD intro): in the enemy's bound a winner that may decline follows its side's
    standing order for that unit; the phasing player's lines do not speak for it."""
    from games.hordes_heroes.state import StandingProfile

    st = ed(
        make_state([(1, "south", "ainf", (0, 5), Facing.N), (9, "north", "spear", (0, 4), Facing.S)], phasing="north")
    )
    st.standing["south"] = StandingProfile(per_unit={1: {"follow_up": False}})
    lines = hth_phase(st, D6(1, 3), Choices(follow_up={1: True}))
    assert lines[-1] == "  unit 1 (Veteran Legion) does not follow up [HH.COMP.26, HH.PD.33]."
    st = ed(
        make_state([(1, "south", "ainf", (0, 5), Facing.N), (9, "north", "spear", (0, 4), Facing.S)], phasing="north")
    )
    st.standing["south"] = StandingProfile(per_unit={1: {"follow_up": True}})
    lines = hth_phase(st, D6(1, 3), Choices(follow_up={1: False}))
    assert lines[-1] == "  unit 1 (Veteran Legion) follows up into 1105 [HH.COMP.24]."
