"""Clauses mutation testing of games/war_cometh/volley.py found unpinned (benchmarks/mutation.py wc:volley): the
dice groups, the purpose of every die, the shot's narrative and trace, saves by armor, losses and leaders,
chits, and fire at a charger [WC.SHOOT.2] [WC.SHOOT.11] [WC.SHOOT.15] [WC.SHOOT.19] [WC.SHOOT.24]–[WC.SHOOT.34]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.kit.scripted import Die, ScriptedDice
from campaign.refusals import NeedDecision
from games.war_cometh.fire import ShotPlan, StandShot, plan_shot
from games.war_cometh.lists import all_profiles
from games.war_cometh.model import Formation, State
from games.war_cometh.shooting import Band
from games.war_cometh.standing import with_standing
from games.war_cometh.troops import Missile, Profile
from games.war_cometh.volley import (
    Volley,
    _Group,
    _groups,
    _roll_saves,
    _supporters,
    _zone_stands,
    charge_fire,
    shoot,
    stands_and_shoots,
    take_losses,
)
from games.war_cometh.world import World

from .helpers import position, unit
from .test_shooting import _charge_position

BOW = "base.longbowmen"


def duel(stands: int = 4, files: int = 2, target: str = "base.men_at_arms", gap: float = 10) -> State:
    """Longbowmen E (``stands`` in ``files``) and a 3-stand target S ``gap`` cm ahead."""
    return position(
        unit("E", "a", BOW, stands, (50, 20), 90, files=files), unit("S", "b", target, 3, (50, 20 + gap), -90)
    )


def planned(s: State) -> ShotPlan:
    return plan_shot(World(s), s.unit("E"), s.unit("S"))


def purposes(d: ScriptedDice) -> list[str]:
    return [p for _, p in d.log]


def test_WC_SHOOT_11_dice_groups() -> None:
    """[WC.SHOOT.11] [WC.SHOOT.15]: front stands roll their own dice left to right, the rank-2 pool halved with
    its worst modifier; [WC.SHOOT.27] support fire halves the whole unit at once (front 2+2, rear pool 4 halved
    to 2: 6 halved to 3)."""
    e, lg = Band.EFFECTIVE, Band.LONG
    plan = ShotPlan("E", "S", (StandShot(0, "full", e, 10, 2, 0), StandShot(1, "full", lg, 10, 2, -1),
                               StandShot(2, "half", e, 12, 3, 0), StandShot(3, "half", lg, 12, 2, -1)))  # fmt: skip
    assert _groups(plan) == [_Group(2, 0, e, 0), _Group(2, -1, lg, 1), _Group(3, -1, lg, -1)]
    assert _groups(plan, half_all=True) == [_Group(4, -1, lg, -1)]
    front = ShotPlan("E", "S", (StandShot(0, "full", e, 10, 1, 1),))
    assert _groups(front) == [_Group(1, 1, e, 0)]
    assert _groups(front, half_all=True) == [_Group(1, 1, e, -1)]
    assert _groups(ShotPlan("E", "S", (StandShot(0, "full", e, 10, 0, 1),)), half_all=True) == []


def test_WC_SHOOT_15_a_shot_in_full() -> None:
    """[WC.SHOOT.2] [WC.SHOOT.15]: two front stands and the rear pool roll 2 dice each (each die named), 3 hits;
    men-at-arms save on 4+ (one die a hit); the narrative, the volley, the trace, no loss and no chit when all
    are saved."""
    s = duel()
    d = ScriptedDice.of(6, 6, 4, 3, 1, 5, 2, 6, 4, 5)
    lines: list[str] = []
    after, v = shoot(s, planned(s), d, lines)
    assert v == Volley("E", "S", 3, 0, 0)
    assert purposes(d) == ["shoot_hit: unit E at unit S (2 dice, +0)"] * 6 + ["save: unit S saves on 4+"] * 3
    assert lines == [
        "Unit E (Longbowmen) shoots at unit S (Men at Arms) with 4 stands at effective range: 3 hits, 3 saved, "
        "0 unsaved."
    ]
    assert after.unit("S") == s.unit("S")
    (trace,) = after.traces
    assert (trace.unit, trace.side, trace.points, trace.shot, trace.label) == (
        "E", "a", ((5000, 2000), (5000, 3075)), True, "3 hits, 0 unsaved"
    )


def test_WC_SHOOT_24_one_unsaved_hit_at_long_range() -> None:
    """[WC.SHOOT.15] [WC.SHOOT.24]: at long range one hit, unsaved (pikes have no armor: no save die), goes into
    the pool and gives one combat chit, not a second one."""
    s = position(unit("E", "a", BOW, 2, (50, 20), 90), unit("S", "b", "base.pikes", 1, (52, 45), -90))
    d = ScriptedDice.of(6, 6, 1, 1, 1)
    lines: list[str] = []
    after, v = shoot(s, planned(s), d, lines, label="The archers")
    assert v == Volley("E", "S", 1, 1, 0) and not d.script
    assert lines == [
        "The archers (Longbowmen) shoots at unit S (Pikes) with 2 stands at long range: 1 hit, 0 saved, 1 unsaved."
    ]
    assert (after.unit("S").hits, after.unit("S").chits) == (1, ("combat",))
    assert after.traces[0].label == "1 hit, 1 unsaved"
    again, _ = shoot(after, planned(after), ScriptedDice.of(6, 6, 1, 1, 1), [])
    assert (again.unit("S").hits, again.unit("S").chits) == (2, ("combat",))


def test_WC_SHOOT_2_mixed_range_and_one_stand() -> None:
    """[WC.SHOOT.2]: stands at effective and long range make a 'mixed range' shot; one stand is 'stand'."""
    s = position(unit("E", "a", BOW, 2, (50, 20), 90), unit("S", "b", "base.pikes", 1, (62, 38), -90))
    p = planned(s)
    assert {x.band for x in p.stands} == {Band.EFFECTIVE, Band.LONG}
    lines: list[str] = []
    shoot(s, p, ScriptedDice.of(6, *[1] * 4), lines)
    assert lines == [
        "Unit E (Longbowmen) shoots at unit S (Pikes) with 2 stands at mixed range: 0 hits, 0 saved, 0 unsaved."
    ]
    one = replace(p, stands=p.stands[:1])
    lines = []
    shoot(s, one, ScriptedDice.of(6, 1, 1), lines)
    assert "with 1 stand at " in lines[0]


def test_WC_SHOOT_19_bounce_dice_named() -> None:
    """[WC.SHOOT.19]: a bombard's hit on a column rolls 2 bounce dice, each named; artillery ignores armor."""
    s = position(unit("E", "a", "base.bombard", 1, (50, 20), 90, files=1),
                 unit("S", "b", "base.pikes", 3, (50, 40), -90, files=1))  # fmt: skip
    d = ScriptedDice.of(6, 6, 5, 2)
    lines: list[str] = []
    _, v = shoot(s, planned(s), d, lines)
    assert v == Volley("E", "S", 2, 2, 0)
    bounce = "shoot_hit: unit E at unit S bounce-through"
    assert purposes(d) == ["shoot_hit: unit E at unit S (1 dice, +1)", bounce, bounce]
    assert lines == [
        "Unit E (Bombard) shoots at unit S (Pikes) with 1 stand at effective range: 2 hits, 0 saved, 2 unsaved."
    ]


def test_WC_SHOOT_15_losses_and_the_leader() -> None:
    """[WC.SHOOT.15] [WC.SHOOT.34]: pikes lose a stand every 4 hits, the rest stays in the pool; the attached
    leader rolls only when stands go; a destroyed unit is named so."""
    s = duel(target="base.pikes")
    s = s.with_leader(replace(s.leader("mb"), attached_to="S"))
    cases = {
        3: (0, 3, 3, True, [], []),
        4: (1, 2, 0, True, ["Unit S loses 1 stand."], ["leader_wound: Marshal B with unit S"]),
        9: (2, 1, 1, True, ["Unit S loses 2 stands."], ["leader_wound: Marshal B with unit S"]),
        12: (3, 3, 0, False, ["Unit S loses 3 stands and is destroyed."], ["leader_wound: Marshal B with unit S"]),
        20: (3, 3, 0, False, ["Unit S loses 3 stands and is destroyed."], ["leader_wound: Marshal B with unit S"]),
    }
    for n, (lost, stands, pool, on, text, rolled) in cases.items():
        lines: list[str] = []
        d = ScriptedDice.of(6, 1)
        after, got = take_losses(s, "S", n, d, lines)
        u = after.unit("S")
        assert (got, len(u.stands), u.hits, u.lost, u.on_table, lines, purposes(d)) == (
            lost, stands, pool, lost, on, text, rolled
        ), n
        if on:
            assert after.leader("mb") == s.leader("mb")
    pooled = s.with_unit(replace(s.unit("S"), hits=3, lost=1))
    after, got = take_losses(pooled, "S", 1, ScriptedDice.of(6, 2), [])
    assert (got, after.unit("S").hits, after.unit("S").lost) == (1, 0, 2)


def mixed(*profiles: str) -> State:
    """Target S with one stand of each profile."""
    s = duel(target="base.pikes")
    t = s.unit("S")
    stands = tuple(replace(st, profile=p) for st, p in zip(t.stands, profiles, strict=True))
    return s.with_unit(replace(t, stands=stands))


def test_WC_CASUALTY_5_saves_on_the_best_armor() -> None:
    """[WC.SHOOT.15] [WC.PD.15] [WC.CASUALTY.5]: a mixed unit saves each hit with its best-armored stand (armor 0
    counts as the worst); artillery and armor 0 roll no save die; a save die meeting the armor saves."""
    hits: list[tuple[int, Band, Missile | None]] = [(2, Band.EFFECTIVE, Missile.LB), (1, Band.LONG, Missile.CB)]
    s = mixed("base.spearmen", "base.men_at_arms", "base.axemen")
    d = ScriptedDice.of(6, 4, 3, 5)
    assert _roll_saves(s, s.unit("S"), hits, d) == 1
    assert purposes(d) == ["save: unit S saves on 4+"] * 3
    s = mixed("base.pikes", "base.axemen", "base.pikes")
    d = ScriptedDice.of(6, 6, 5)
    assert _roll_saves(s, s.unit("S"), [(2, Band.EFFECTIVE, Missile.LB)], d) == 1
    assert purposes(d) == ["save: unit S saves on 6+"] * 2
    d = ScriptedDice.of(6, 6)
    assert _roll_saves(s, s.unit("S"), [(3, Band.EFFECTIVE, Missile.ART), (0, Band.EFFECTIVE, Missile.LB)], d) == 3
    assert d.script == [Die(6, 6)]
    pikes = mixed("base.pikes", "base.pikes", "base.pikes")
    assert _roll_saves(pikes, pikes.unit("S"), [(2, Band.LONG, Missile.LB)], ScriptedDice.of(6)) == 2


def test_WC_SHOOT_35_the_option_reaches_the_saves() -> None:
    """[WC.SHOOT.35]: with ``longbow_improves_armor0`` unarmored pikes save on 6 against longbows at long range."""
    s = replace(mixed("base.pikes", "base.pikes", "base.pikes"), options=(("longbow_improves_armor0", "true"),))
    d = ScriptedDice.of(6, 6, 5)
    assert _roll_saves(s, s.unit("S"), [(2, Band.LONG, Missile.LB)], d) == 1
    assert purposes(d) == ["save: unit S saves on 6+"] * 2


def charged(terrain: str = "") -> State:
    """Longbowmen C, three ranks, charged frontally by knights K (their turn)."""
    s = position(
        unit("C", "a", BOW, 9, (50, 20), 90, files=3),
        unit("K", "b", "scots.knights_mtd_a5", 2, (50, 20), -90),
        terrain=terrain,
    )
    return replace(s, active="b")


def test_WC_SHOOT_26_only_the_first_two_ranks_fire_at_a_charger() -> None:
    """[WC.SHOOT.26] [WC.SHOOT.31]: in the open the front rank fires full and the second half (3 x 2 dice, pool 6
    halved to 3); on a hill over the charger (knights to the right, half on lower ground) the third rank
    could fire too, but only the stands of the first two ranks with the charger in arc fire (5, full)."""
    d = ScriptedDice.of(6, *[1] * 9)
    lines: list[str] = []
    after = charge_fire(charged(), "K", "C", d, lines)
    assert purposes(d) == ["shoot_hit: unit C at the charging unit K (2 dice, +0)"] * 6 + [
        "shoot_hit: unit C at the charging unit K (3 dice, +0)"
    ] * 3
    assert lines == ["Fire at the charging unit K from unit C: 0 hits, 0 unsaved."]
    assert after.unit("K") == charged().unit("K")
    hill = '[[areas]]\nid = "h"\nkind = "hill"\nlevel = 1\npoints = [[30, 0], [55.5, 0], [55.5, 20], [30, 20]]\n'
    offset = position(unit("C", "a", BOW, 9, (50, 20), 90, files=3),
                      unit("K", "b", "scots.knights_mtd_a5", 2, (56, 20), -90), terrain=hill)  # fmt: skip
    d = ScriptedDice.of(6, *[1] * 10)
    charge_fire(replace(offset, active="b"), "K", "C", d, [])
    assert purposes(d) == ["shoot_hit: unit C at the charging unit K (2 dice, +0)"] * 10


def test_WC_SHOOT_29_disorder_dice_and_losses_at_once() -> None:
    """[WC.SHOOT.29]: two unsaved hits on 3-hit knights: the pool keeps them, one disorder die each, named."""
    d = ScriptedDice.of(6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 3)
    lines: list[str] = []
    after = charge_fire(charged(), "K", "C", d, lines)
    assert purposes(d)[-4:] == ["save: unit K saves on 5+"] * 2 + ["disorder: unit K hit by charge fire"] * 2
    assert lines[0] == "Fire at the charging unit K from unit C: 2 hits, 2 unsaved."
    assert after.unit("K").hits == 2 and not d.script


def gun_profile(notes: str) -> Profile:
    return replace(all_profiles()["base.bombard"], id="house.gun", notes=notes)


@pytest.mark.parametrize(
    ("variant", "notes", "fires"),
    [
        ("fantasy", "No Stand & Shoot", False),
        ("fantasy", "no stand and shoot; slow", False),
        ("fantasy", "Stand and shoot", True),
        ("historical", "No stand and shoot", True),
    ],
)
def test_WC_SHOOT_32_artillery_that_may_not_stand_and_shoot(variant: str, notes: str, fires: bool) -> None:
    """[WC.SHOOT.32] (F): artillery whose list notes say 'no stand and shoot' (any case, '&' for 'and') does not
    fire at a charger; (H) the notes do not matter."""
    s = replace(duel(), variant=variant, house_profiles=(gun_profile(notes),))
    e = s.unit("E")
    s = s.with_unit(replace(e, stands=tuple(replace(st, profile="house.gun") for st in e.stands)))
    assert stands_and_shoots(s, s.unit("E")) is fires
    assert stands_and_shoots(s, s.unit("S")) is True


def neighbours(gap: float) -> State:
    """Crossbowmen C charged by knights K; longbowmen L ``gap`` cm to C's right (their turn)."""
    s = position(
        unit("C", "a", "base.crossbowmen", 3, (50, 20), 90),
        unit("L", "a", BOW, 3, (62 + gap, 20), 90),
        unit("K", "b", "scots.knights_mtd_a5", 2, (48, 20), -90),
    )
    return replace(s, active="b")


def test_WC_SHOOT_27_friends_within_4_cm() -> None:
    """[WC.SHOOT.27]: friends with a stand within 4 cm of the charged unit support its fire, sorted by id; 4.5 cm
    away they do not."""
    assert [u.id for u in _supporters(neighbours(4.0), neighbours(4.0).unit("C"))] == ["L"]
    assert _supporters(neighbours(4.5), neighbours(4.5).unit("C")) == []
    s = position(
        unit("C", "a", "base.crossbowmen", 3, (50, 20), 90),
        unit("Z", "a", BOW, 3, (62, 20), 90),
        unit("M", "a", BOW, 3, (38, 20), 90),
        unit("K", "b", "base.knights_mtd", 2, (48, 40), -90),
    )
    assert [u.id for u in _supporters(s, s.unit("C"))] == ["M", "Z"]


def test_WC_PD_17_the_neighbours_question_and_answers() -> None:
    """[WC.PD.17] [WC.SHOOT.27] [WC.SHOOT.31]: with 'standing charge-fire ask' the owner is asked, in these words,
    whether the neighbour fires (default fire); answering hold keeps it silent; the charged unit is not asked."""
    at_contact, start = _charge_position()
    s = with_standing(at_contact, "a", "charge-fire", "ask")
    with pytest.raises(NeedDecision) as asked:
        charge_fire(s, "K", "C", ScriptedDice(ScriptedDice.of(6, *[1] * 9).script, ask=True), [], before=start)
    e = asked.value
    assert (e.side, e.key, e.question, e.options, e.default) == (
        "a", f"t{s.player_turn}-charge-fire-L", "Unit L may fire at the charging unit K: fire or hold?",
        ("fire", "hold"), "fire",
    )
    lines: list[str] = []
    hold = ScriptedDice(ScriptedDice.of(6, *[1] * 9).script, answers={e.key: "hold"}, ask=True)
    charge_fire(s, "K", "C", hold, lines, before=start)
    assert lines == ["Fire at the charging unit K from unit C: 0 hits, 0 unsaved."]
    fire = ScriptedDice(ScriptedDice.of(6, *[1] * 9).script, answers={e.key: "fire"}, ask=True)
    lines = []
    charge_fire(s, "K", "C", fire, lines, before=start)
    assert lines == ["Fire at the charging unit K from unit C, L: 0 hits, 0 unsaved."]
    assert [p for _, p in fire.log].count("shoot_hit: unit L at the charging unit K (3 dice, +0)") == 3


@pytest.mark.parametrize(
    ("terrain", "stands"),
    [
        ("", 2),
        ('[[lines]]\nid = "s"\nkind = "stream"\npoints = [[0, 43], [180, 43]]\n', 0),
        ('[[lines]]\nid = "s"\nkind = "obstacle"\npoints = [[0, 43], [180, 43]]\n', 0),
        ('[[lines]]\nid = "s"\nkind = "pelstream"\npoints = [[0, 43], [180, 43]]\n', 0),
        ('[[lines]]\nid = "s"\nkind = "bannock"\npoints = [[0, 43], [180, 43]]\n', 0),
        ('[[lines]]\nid = "s"\nkind = "stream"\npoints = [[0, 60], [180, 60]]\n', 2),
        ('[[areas]]\nid = "d"\nkind = "dense"\npoints = [[40, 39], [60, 39], [60, 41], [40, 41]]\n', 0),
    ],
)
def test_WC_SHOOT_19_the_bounce_zone(terrain: str, stands: int) -> None:
    """[WC.SHOOT.19] [WC.SHOOT.19a]: the zone runs 10 cm behind the first pike stand struck and holds the 2 stands
    behind it; a stream, hedge, pelstream or the Bannock Burn across it, or dense ground at the stand struck,
    stops the bounce; a stream beyond the zone does not."""
    s = position(unit("E", "a", "base.bombard", 1, (50, 20), 90, files=1),
                 unit("S", "b", "base.pikes", 3, (50, 40), -90, files=1), terrain=terrain)  # fmt: skip
    w = World(s)
    assert _zone_stands(w, w.rects(s.unit("E"))[0], s.unit("S")) == stands


def flanked(charged_profile: str = "base.crossbowmen") -> tuple[State, State]:
    """Unit C charged by knights K (their turn), longbowmen H on its left and L on its right; K at contact and at
    its start 10 cm out, where both neighbours see it."""
    friends = [unit("C", "a", charged_profile, 3, (50, 20), 90), unit("L", "a", BOW, 3, (62.5, 20), 90),
               unit("H", "a", BOW, 3, (37.5, 20), 90)]  # fmt: skip
    at = position(*friends, unit("K", "b", "scots.knights_mtd_a5", 2, (48, 20), -90))
    start = position(*friends, unit("K", "b", "scots.knights_mtd_a5", 2, (50, 30), -90))
    return replace(at, active="b"), replace(start, active="b")


def test_WC_SHOOT_27_neighbours_fire_when_the_charged_unit_cannot() -> None:
    """[WC.SHOOT.27]: charged spearmen have no missile; their neighbours still fire (at half effect)."""
    s, start = flanked("base.spearmen")
    lines: list[str] = []
    charge_fire(s, "K", "C", ScriptedDice.of(6, *[1] * 6), lines, before=start)
    assert lines == ["Fire at the charging unit K from unit H, L: 0 hits, 0 unsaved."]


def test_WC_PD_17_standing_orders_unit_by_unit() -> None:
    """[WC.PD.17]: 'hold' for neighbour H alone keeps H silent and lets L fire; 'ask' for L alone asks about L."""
    s, start = flanked()
    lines: list[str] = []
    d = ScriptedDice.of(6, *[1] * 6)
    charge_fire(with_standing(s, "a", "charge-fire", "hold", unit="H"), "K", "C", d, lines, before=start)
    assert lines == ["Fire at the charging unit K from unit C, L: 0 hits, 0 unsaved."] and not d.script
    ask = with_standing(s, "a", "charge-fire", "ask", unit="L")
    with pytest.raises(NeedDecision) as asked:
        charge_fire(ask, "K", "C", ScriptedDice(ScriptedDice.of(6, *[1] * 12).script, ask=True), [], before=start)
    assert asked.value.key == f"t{s.player_turn}-charge-fire-L"


def test_WC_SHOOT_27_the_hold_fire_marker_is_lost() -> None:
    """[WC.SHOOT.27]: a neighbour with a Hold Fire marker fires at full effect and loses the marker (nothing else
    of it changes)."""
    s, start = flanked()
    s = s.with_unit(replace(s.unit("L"), hold_fire=True))
    after = charge_fire(s, "K", "C", ScriptedDice.of(6, *[1] * 15), [], before=start)
    assert after.unit("L") == replace(s.unit("L"), hold_fire=False)


def test_WC_SHOOT_29_the_shot_modifier_on_the_disorder_die() -> None:
    """[WC.SHOOT.29] [WC.DISORDER.8]: one unsaved hit: the knights' disorder die of 4 takes −1 for the shooting
    (4+0 with their own +1): they hold."""
    s, start = flanked()
    lines: list[str] = []
    after = charge_fire(s, "K", "C", ScriptedDice.of(6, 6, *[1] * 9, 4), lines, before=start)
    assert lines[-1] == "Unit K (Knights) tests for disorder (hit by shooting): 4+0, holds."
    assert after.unit("K").condition is s.unit("K").condition


def test_WC_SHOOT_34_a_leader_with_the_charger() -> None:
    """[WC.SHOOT.34] [WC.LEADER.8]: the charger loses a stand to the fire: its attached leader rolls."""
    s, start = flanked()
    s = s.with_leader(replace(s.leader("mb"), attached_to="K"))
    d = ScriptedDice.of(6, 6, 6, 6, *[1] * 9, 1, 1, 1, 1)
    lines: list[str] = []
    after = charge_fire(s, "K", "C", d, lines, before=start)
    assert "leader_wound: Marshal B with unit K" in purposes(d) and lines[1] == "Unit K loses 1 stand."
    assert len(after.unit("K").stands) == 1


def test_WC_SHOOT_26_an_irregular_charged_unit() -> None:
    """[WC.SHOOT.26] [WC.GEOM.9]: a charged unit in a free formation fires from its first two ranks too."""
    s, start = flanked()
    s = s.with_unit(replace(s.unit("C"), formation=Formation.FREE))
    d = ScriptedDice.of(6, *[1] * 15)
    lines: list[str] = []
    charge_fire(s, "K", "C", d, lines, before=start)
    assert lines == ["Fire at the charging unit K from unit C, H, L: 0 hits, 0 unsaved."]


def bombard_at(target: str) -> int:
    s = position(unit("E", "a", "base.bombard", 1, (50, 20), 90, files=1), target)
    w = World(s)
    return _zone_stands(w, w.rects(s.unit("E"))[0], s.unit("S"))


def test_WC_SHOOT_19a_the_first_stand_struck() -> None:
    """[WC.SHOOT.19a]: the zone starts behind the target stand nearest the gun, whatever the stands' order: a
    column facing away (its last stand nearest) has 2 stands in the zone; a 2-file block has 1 (the zone is one
    stand wide); a column shot straight along the table's width has 2."""
    assert bombard_at(unit("S", "b", "base.pikes", 3, (50, 44.5), 90, files=1)) == 2
    assert bombard_at(unit("S", "b", "base.pikes", 4, (52, 40), -90, files=2)) == 1
    s = position(unit("E", "a", "base.bombard", 1, (20, 40), 0, files=1),
                 unit("S", "b", "base.pikes", 3, (40, 40), 180, files=1))  # fmt: skip
    w = World(s)
    assert _zone_stands(w, w.rects(s.unit("E"))[0], s.unit("S")) == 2


def test_WC_LEADER_8_a_leader_struck_down_with_his_unit() -> None:
    """[WC.SHOOT.34] [WC.LEADER.8]: a stand lost, the attached leader rolls a 6: struck down, named so, no longer
    attached; the unit fights on."""
    s = duel(target="base.pikes")
    g = s.leader("mb")
    s = s.with_leader(replace(g, attached_to="S"))
    lines: list[str] = []
    after, lost = take_losses(s, "S", 4, ScriptedDice.of(6, 6), lines)
    assert lines == ["Unit S loses 1 stand.", "Marshal B is struck down (6) [WC.LEADER.8]."]
    assert after.leader("mb") == replace(g, lost=True, attached_to="") and after.unit("S").on_table


def test_WC_LEADER_10_a_leader_whose_unit_is_destroyed() -> None:
    """[WC.LEADER.10]: the unit destroyed and its leader unhurt: he is placed as after his unit's destruction (here,
    no friend near, he is lost), not as after a mere loss."""
    s = position(unit("E", "a", BOW, 2, (50, 20), 90), unit("S", "b", "base.pikes", 1, (50, 45), -90),
                 unit("F", "b", "base.pikes", 2, (60, 60), -90))  # fmt: skip
    g = s.leader("mb")
    s = s.with_leader(replace(g, attached_to="S"))
    lines: list[str] = []
    after, _ = take_losses(s, "S", 4, ScriptedDice.of(6, 2), lines)
    assert lines == ["Unit S loses 1 stand and is destroyed."]
    assert after.leader("mb") == replace(g, lost=True, attached_to="")


def test_WC_SHOOT_15_a_one_hit_profile_loses_a_stand_a_hit() -> None:
    """[WC.SHOOT.15] [WC.CASUALTY.2]: a stand of one hit goes with each unsaved hit."""
    p = replace(all_profiles()["base.pikes"], id="house.frail", hits=1)
    s = replace(duel(target="base.pikes"), house_profiles=(p,))
    t = s.unit("S")
    s = s.with_unit(replace(t, stands=tuple(replace(st, profile=p.id) for st in t.stands)))
    after, lost = take_losses(s, "S", 2, ScriptedDice.of(6), [])
    assert (lost, len(after.unit("S").stands), after.unit("S").hits) == (2, 1, 0)


def test_WC_SHOOT_15_a_shot_that_takes_a_stand() -> None:
    """[WC.SHOOT.15] [WC.SHOOT.34]: the shot's losses are narrated after it, and the attached leader rolls."""
    s = duel(target="base.pikes")
    s = s.with_leader(replace(s.leader("mb"), attached_to="S"))
    d = ScriptedDice.of(6, 6, 6, 6, 6, 1, 1, 1, 1, 2)
    lines: list[str] = []
    after, v = shoot(s, planned(s), d, lines)
    assert v == Volley("E", "S", 4, 4, 1)
    assert lines[1:] == ["Unit S loses 1 stand."] and purposes(d)[-1] == "leader_wound: Marshal B with unit S"


def fantasy_gun(name: str) -> State:
    p = replace(all_profiles()["base.bombard"], id="house.gun", name=name)
    s = position(
        unit("E", "a", "base.bombard", 1, (50, 20), 90, files=1),
        unit("S", "b", "base.pikes", 3, (50, 40), -90, files=1),
        extra_head='variant = "fantasy"\n',
    )
    s = replace(s, house_profiles=(p,))
    e = s.unit("E")
    return s.with_unit(replace(e, stands=tuple(replace(st, profile=p.id) for st in e.stands)))


def test_WC_SHOOT_19a_fantasy_cannon_bounce_bombards_do_not() -> None:
    """[WC.SHOOT.19a] (F): a cannon's hit bounces through the column (2 more dice); a bombard's does not."""
    s = fantasy_gun("Great Cannon")
    d = ScriptedDice.of(6, 6, 1, 1)
    _, v = shoot(s, planned(s), d, [])
    assert v.hits == 1 and not d.script
    s = fantasy_gun("Bombard")
    d = ScriptedDice.of(6, 6)
    _, v = shoot(s, planned(s), d, [])
    assert v.hits == 1 and purposes(d) == ["shoot_hit: unit E at unit S (1 dice, +1)"]


def test_WC_SHOOT_19a_a_slanting_shot_into_a_column() -> None:
    """[WC.SHOOT.19a]: the zone runs along the line of fire, the struck stand's width wide and 10 cm long: a
    bombard far to the left of a 4-stand column hits its front stand slantwise, and the zone holds the 3 others."""
    s = position(unit("E", "a", "base.bombard", 1, (20, 20), 90, files=1),
                 unit("S", "b", "base.pikes", 4, (60, 45), -90, files=1))  # fmt: skip
    w = World(s)
    assert _zone_stands(w, w.rects(s.unit("E"))[0], s.unit("S")) == 3


def test_WC_PD_17_one_neighbour_holds_the_next_fires() -> None:
    """[WC.PD.17] [WC.SHOOT.27]: asked neighbour by neighbour, H answers hold and L fire: L still fires."""
    s, start = flanked()
    s = with_standing(s, "a", "charge-fire", "ask")
    turn = f"t{s.player_turn}-charge-fire-"
    d = ScriptedDice(ScriptedDice.of(6, *[1] * 6).script, answers={turn + "H": "hold", turn + "L": "fire"}, ask=True)
    lines: list[str] = []
    charge_fire(s, "K", "C", d, lines, before=start)
    assert lines == ["Fire at the charging unit K from unit C, L: 0 hits, 0 unsaved."] and not d.script
