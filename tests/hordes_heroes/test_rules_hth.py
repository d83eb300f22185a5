"""Hand-to-hand combat, rule by rule, with fixed dice [HH.HTH.*, HH.TERR.* combat, HH.DISR.6-8, HH.PD.27-37].

A south unit at H(0, 5) facing N is engaged with a north unit at H(0, 4) facing S; H(-1, 5) and H(1, 4) are the
other two hexes touching both.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.hordes_heroes.combat import (
    Choices,
    Group,
    SideTotal,
    counted_stands,
    effective_impact,
    follow_status,
    follow_ups,
    hth_phase,
    impact_eligible,
    resolve_combat,
    side_total,
)
from games.hordes_heroes.results import Applied
from games.hordes_heroes.rules import contact
from games.hordes_heroes.special import as_if_disrupted

from .helpers import PROFILES, Dice, Facing, Formation, H, P, make_state

PROFILES.setdefault("billmen", P("billmen", "Levy Billmen", "infantry", "C", "1CR", 4, 1))
PROFILES.setdefault("levybow", P("levybow", "Levy Longbow", "infantry", "C", "1CR", 2, 0, 6))
PROFILES.setdefault("cav3", P("cav3", "Light Horse", "cavalry", "C", "4R", 3, 0))
PROFILES.setdefault("cav4", P("cav4", "Medium Horse", "cavalry", "C", "3R", 4, 0))
PROFILES.setdefault("inf4", P("inf4", "Warband", "infantry", "C", "2R", 4, 0))


def _phase(st, *dice, choices=None):
    d = Dice(*dice)
    lines = hth_phase(st, d, choices or Choices())
    return "\n".join(lines), d


def test_HH_HTH_1_HH_HTH_2_HH_PD_27_every_engaged_unit_fights_once_in_valid_groups():
    """HH.HTH.1, HH.HTH.2, HH.PD.27: two separate pairs make two combats, one die per side each; a declared group
    whose opponent is not engaged with the focus is refused and the default grouping used instead."""
    st = make_state(
        [
            (1, "south", "spear", (0, 5), Facing.N),
            (2, "north", "spear", (0, 4), Facing.S),
            (3, "south", "spear", (4, 5), Facing.N),
            (4, "north", "spear", (4, 4), Facing.S),
        ]
    )
    text, d = _phase(st, 3, 3, 3, 3, choices=Choices(groups=((1, (4,)),)))
    assert "does not meet HH.HTH.2" in text
    assert (
        len(d.log) == 4 and sum("unit 2 (" in p for _, p in d.log) == 2 and sum("unit 4 (" in p for _, p in d.log) == 2
    )


def test_HH_HTH_4_HH_PD_28_declared_order_then_contacts_then_focus_id():
    """HH.HTH.4, HH.PD.28: by default the combat of the unit that made contact this bound goes first, whatever the
    ids; a declared order comes before both."""
    units = [
        (1, "south", "spear", (0, 5), Facing.N),
        (2, "north", "spear", (0, 4), Facing.S),
        (3, "south", "spear", (4, 5), Facing.N),
        (4, "north", "spear", (4, 4), Facing.S),
    ]
    st = make_state(units)
    st.contact_order = ((3, 4),)
    _, d = _phase(st, *[3] * 4)
    assert "unit 4 (" in d.log[0][1] or "unit 3 (" in d.log[0][1]
    st = make_state(units)
    st.contact_order = ((3, 4),)
    _, d = _phase(st, *[3] * 4, choices=Choices(groups=((2, (1,)),)))
    assert "unit 2 (" in d.log[0][1]


def test_HH_HTH_5_combat_lapses_when_opponents_are_gone():
    """HH.HTH.5: an opponent no longer engaged is dropped; with none left the combat lapses and nobody rolls;
    a member that already fought does not fight again."""
    st = make_state([(1, "south", "spear", (0, 5), Facing.N), (2, "north", "spear", (0, 2), Facing.S)])
    d = Dice()
    assert resolve_combat(st, Group(1, [("u", 2)]), d, set(), Choices()) == [] and not d.log
    st.units[2] = replace(st.units[2], hex=H(0, 4))
    assert resolve_combat(st, Group(1, [("u", 2)]), d, {("u", 2)}, Choices()) == [] and not d.log
    assert resolve_combat(st, Group(1, [("u", 2)]), d, set(), Choices()) and len(d.log) == 2


def test_HH_HTH_15_lone_general_joins_and_dies_with_the_losing_side():
    """HH.HTH.15, HH.HTH.13, HH.HTH.14, HH.GEN.19: a lone general next to the same enemy makes the side roll 2D6, adds
    nothing else, and is killed when that side loses."""
    st = make_state(
        [(1, "south", "spear", (0, 5), Facing.N), (2, "north", "spear", (0, 4), Facing.S)], [(7, "south", (1, 4))]
    )
    text, d = _phase(st, 1, 1, 6)
    assert sum(p.endswith("of 2") for _, p in d.log) == 2
    assert "(4 + 4 stands + impact 1 + 2D6 1+1 = 11)" in text
    assert not st.generals[7].alive


def test_HH_HTH_18_HH_COMP_24_HH_COMP_28_winner_follows_up_for_nothing():
    """HH.HTH.18, HH.COMP.24, HH.COMP.28, HH.DEF.14: a B-class cavalry winner must follow up into the hex its loser
    recoiled from; the follow-up is not a move of the bound."""
    st = make_state([(1, "south", "mma", (0, 5), Facing.N), (2, "north", "spear", (0, 4), Facing.S)])
    _phase(st, 6, 1)
    assert st.units[2].hex != H(0, 4) and st.units[1].hex == H(0, 4)
    assert not st.units[1].moved_this_bound and not st.units[1].moved_this_phase


def test_HH_HTH_20_HH_HTH_12_sc_unit_loses_impact_new_attacker_keeps_it():
    """HH.HTH.20, HH.HTH.12, HH.HTH.10: on a multiple side the best impact of a unit without an SC marker is used."""
    st = make_state(
        [
            (1, "north", "spear", (0, 4), Facing.S),
            (2, "south", "mma", (0, 5), Facing.N, {"static_combat": True}),
            (3, "south", "billmen", (-1, 5), Facing.ENE),
        ]
    )
    u2, u3, f = st.units[2], st.units[3], st.units[1]
    t = side_total(st, [u2, u3], [], {2: [f], 3: [f]}, {2: False, 3: False})
    assert t.active_impact == {2: 0, 3: 1} and t.impact == 1 and t.cf == 5 and t.stands == 8


def test_HH_HTH_21_turn_to_face_unless_engaged_to_the_front():
    """HH.HTH.21, HH.HTH.22, HH.PD.17: a fresh unit turns to face its attacker side to side; one engaged to its front
    keeps its facing against a rear attack."""
    st = make_state([(2, "north", "spear", (0, 4), Facing.S), (3, "south", "spear", (1, 3), Facing.WSW)])
    contact(st, st.units[3], (2,))
    assert st.units[2].facing == Facing.NE
    st = make_state(
        [
            (1, "south", "spear", (0, 5), Facing.N),
            (2, "north", "spear", (0, 4), Facing.S),
            (3, "south", "spear", (1, 3), Facing.WSW),
        ]
    )
    contact(st, st.units[3], (2,))
    assert st.units[2].facing == Facing.S


def test_HH_HTH_23_column_fights_with_two_stands_and_less_impact():
    """HH.HTH.23, HH.HTH.7, HH.HTH.8: a 4-stand column counts 2 stands and impact 4 - 2; a 2-stand column counts 1."""
    st = make_state([(1, "south", "mma", (0, 5), Facing.N, {"formation": Formation.COLUMN})])
    u = st.units[1]
    assert counted_stands(st, u, False) == 2 and effective_impact(st, u) == 2
    assert counted_stands(st, replace(u, stands=2), False) == 1


@pytest.mark.parametrize(
    "case, terrain, who, other, eligible, as_if",
    [
        ("foot in broken ground (HH.TERR.22)", {(0, 5): "broken"}, "spear", "spear", False, False),
        ("foot fighting a unit in broken ground (HH.TERR.23)", {(0, 4): "broken"}, "spear", "spear", False, False),
        ("mounted in broken ground (HH.TERR.24)", {(0, 5): "broken"}, "mma", "spear", False, True),
        ("foot fighting a unit in woodland (HH.TERR.32)", {(0, 4): "wood"}, "spear", "spear", False, False),
        ("mounted in woodland (HH.TERR.32)", {(0, 5): "wood"}, "mma", "spear", False, True),
        ("foot in a river (HH.TERR.37)", {(0, 5): "river"}, "spear", "spear", False, True),
        ("fighting a unit in a river (HH.TERR.37)", {(0, 4): "river"}, "spear", "spear", False, False),
        ("foot in a BUA (HH.TERR.51)", {(0, 5): "bua"}, "spear", "spear", False, False),
        ("mounted attacking a BUA (HH.TERR.51)", {(0, 4): "bua"}, "mma", "spear", False, True),
        ("open ground", {}, "mma", "spear", True, False),
    ],
)
def test_HH_TERR_22_HH_TERR_51_terrain_cancels_impact_and_makes_mounted_fight_as_if_disrupted(
    case, terrain, who, other, eligible, as_if
):
    """HH.TERR.22, HH.TERR.23, HH.TERR.24, HH.TERR.32, HH.TERR.37, HH.TERR.51, HH.DISR.6, HH.DEF.15, HH.HTH.10."""
    from .test_rules_shoot import _terr

    st = _terr(make_state([(1, "south", who, (0, 5), Facing.N), (2, "north", other, (0, 4), Facing.S)]), terrain)
    u, v = st.units[1], st.units[2]
    ai = as_if_disrupted(st, u, [v])
    assert ai is as_if and impact_eligible(st, u, [v], ai) is eligible
    assert (counted_stands(st, u, ai) == 0) is as_if and not st.units[1].disrupted


def test_HH_HTH_10_river_opponent_does_not_cancel_another_opponents_impact():
    """HH.HTH.10, HH.TERR.37: an opponent in the open keeps its impact though a fellow opponent stands in a river."""
    from .test_rules_shoot import _terr

    st = _terr(
        make_state(
            [
                (1, "north", "spear", (0, 4), Facing.S),
                (2, "south", "mma", (0, 5), Facing.N),
                (3, "south", "billmen", (-1, 5), Facing.ENE),
            ]
        ),
        {(-1, 5): "river"},
    )
    f = st.units[1]
    t = side_total(st, [st.units[2], st.units[3]], [], {2: [f], 3: [f]}, {2: False, 3: False})
    assert t.active_impact[2] == 4 and t.active_impact[3] == 0 and t.as_if[3]


def test_HH_DISR_8_HH_DISR_7_mounted_leaving_woodland_keeps_sc():
    """HH.DISR.8, HH.DISR.7, HH.HTH.19: cavalry fighting from a wood wins, follows up into the open, and is still
    marked SC because it fought as if disrupted; it gets no impact until no longer engaged."""
    from .test_rules_shoot import _terr

    st = _terr(
        make_state([(1, "south", "mma", (0, 5), Facing.N), (2, "north", "horde", (0, 4), Facing.S)]), {(0, 5): "wood"}
    )
    text, _ = _phase(st, 6, 5)
    assert "(5 + 0 stands + D6 6 = 11)" in text
    assert st.units[1].hex == H(0, 4) and st.units[2].hex == H(0, 3)
    assert st.units[1].static_combat
    assert not impact_eligible(st, st.units[1], [st.units[2]], False)


@pytest.mark.parametrize(
    "case, pid, terrain, over, status",
    [
        ("class-A infantry (HH.COMP.26)", "ainf", {}, {}, ("optional", True)),
        ("into a river (HH.TERR.38)", "spear", {(0, 4): "river"}, {}, ("optional", False)),
        ("out of a BUA (HH.TERR.52)", "spear", {(0, 5): "bua"}, {}, ("optional", False)),
        ("into a BUA (HH.TERR.52)", "spear", {(0, 4): "bua"}, {}, ("optional", False)),
        ("pavisses (HH.SPECIAL.12)", "pavisse", {}, {"pavisses": True}, ("optional", False)),
        ("horde always (HH.COMP.27)", "horde", {(0, 4): "river"}, {}, ("must", True)),
        ("anyone else (HH.COMP.28)", "knights", {}, {}, ("must", True)),
    ],
)
def test_HH_COMP_26_HH_PD_33_optional_follow_ups(case, pid, terrain, over, status):
    """HH.COMP.26, HH.COMP.27, HH.COMP.28, HH.TERR.38, HH.TERR.52, HH.SPECIAL.12, HH.PD.33: who may decline, and the
    PBEM default (class-A infantry in the open yes, the rest no)."""
    from .test_rules_shoot import _terr

    st = _terr(make_state([(1, "south", pid, (0, 5), Facing.N, over)]), terrain)
    assert follow_status(st, st.units[1], H(0, 4)) == status


def _two_winners(a, b, impact, a_over=None, b_over=None):
    st = make_state(
        [
            (1, "south", a, (0, 5), Facing.N, a_over or {}),
            (2, "south", b, (-1, 5), Facing.ENE, b_over or {}),
            (9, "north", "spear", (0, 3), Facing.S),
        ]
    )
    ap = Applied(9, H(0, 4), False, True, False)
    t = SideTotal("south", [st.units[1], st.units[2]], [], active_impact=dict(zip((1, 2), impact, strict=True)))
    _, adv = follow_ups(st, [st.units[1], st.units[2]], [ap], t, Choices(), [9])
    return adv


@pytest.mark.parametrize(
    "case, a, b, impact, a_over, b_over, who",
    [
        ("horde before men-at-arms (priority 1)", "horde", "mma", (0, 4), None, None, 1),
        ("new Billmen +1 before MMA in SC (priority 2)", "mma", "billmen", (0, 1), {"static_combat": True}, None, 2),
        ("infantry CF 4 before cavalry CF 3 (priority 3)", "cav3", "inf4", (0, 0), None, None, 2),
        ("cavalry before infantry at equal CF (priority 4)", "inf4", "cav4", (0, 0), None, None, 2),
        ("non-disrupted Longbow before disrupted MMA", "mma", "levybow", (0, 0), {"disrupted": True}, None, 2),
        ("non-disrupted MMA before disrupted horde", "horde", "mma", (0, 4), {"disrupted": True}, None, 2),
    ],
)
def test_HH_EX_42_follow_up_priority_among_several_winners(case, a, b, impact, a_over, b_over, who):
    """HH.EX.42, HH.COMP.30, HH.COMP.31, HH.PD.34: filter out disrupted winners, then horde, active impact, impact + CF,
    cavalry first."""
    assert _two_winners(a, b, impact, a_over, b_over) == {who}


def test_HH_COMP_31_declining_passes_the_choice_down():
    """HH.COMP.31, HH.PD.33: an optional top winner that declines passes the follow-up to the next one."""
    st = make_state(
        [
            (1, "south", "ainf", (0, 5), Facing.N),
            (2, "south", "billmen", (-1, 5), Facing.ENE),
            (9, "north", "spear", (0, 3), Facing.S),
        ]
    )
    ap = Applied(9, H(0, 4), False, True, False)
    t = SideTotal("south", [st.units[1], st.units[2]], [], active_impact={1: 2, 2: 1})
    lines, adv = follow_ups(st, [st.units[1], st.units[2]], [ap], t, Choices(follow_up={1: False}), [9])
    assert adv == {2} and "declines" in "\n".join(lines)


def test_HH_PD_29_HH_COMP_4_losing_focus_recoils_from_its_strongest_front_opponent():
    """HH.PD.29, HH.COMP.4, HH.COMP.3: two opponents in front; the focus recoils directly away from the one with the
    higher CF + impact (the knights), keeping its facing."""
    st = make_state(
        [
            (1, "north", "knights", (0, 4), Facing.S),
            (2, "south", "spear", (-1, 5), Facing.ENE),
            (3, "south", "knights", (0, 5), Facing.N),
        ]
    )
    _phase(st, 1, 2)
    assert st.units[1].hex == H(0, 3) and st.units[1].facing == Facing.S


def test_HH_PD_30_HH_HTH_16_HH_HTH_17_each_loser_takes_the_full_result_in_id_order():
    """HH.PD.30, HH.HTH.16, HH.HTH.17, HH.CRT.6: both losers on the multiple side take the result against their own
    class, the lower id first."""
    st = make_state(
        [
            (1, "north", "knights", (0, 4), Facing.S),
            (3, "south", "spear", (0, 5), Facing.N),
            (2, "south", "ainf", (-1, 5), Facing.ENE),
        ]
    )
    text, _ = _phase(st, 1, 6)
    first = text.index("(Veteran Legion) takes Recoil, 1 stand lost (A class, 4 hits)")
    assert first < text.index("(Spearmen) takes Flee Disrupted, 1 stand lost (C class, 4 hits)")
    assert st.units[2].stands == 3 and st.units[3].stands == 3 and st.units[3].disrupted


def test_HH_HTH_27_HH_HTH_19_no_result_on_a_tie_both_marked_sc():
    """HH.HTH.27, HH.HTH.19, HH.HTH.6: level totals give no hits; both sides stay and are marked SC."""
    st = make_state([(1, "south", "spear", (0, 5), Facing.N), (2, "north", "spear", (0, 4), Facing.S)])
    text, _ = _phase(st, 3, 3)
    assert "are level" in text and st.units[1].static_combat and st.units[2].static_combat
