"""Clauses mutation testing of games/war_cometh/movement.py found unpinned (benchmarks/mutation.py wc:movement):
the allowance and its half-pace causes, every refusal in its exact words with its legal maximum, the step
kinds (sideways, back, move to, contact, close, follow, cross), terrain costs, rivers, dense terrain, gaps,
passing through friends, zones of control, wheels and turns, and formation changes [WC.MOVE] [WC.GAP]
[WC.THROUGH] [WC.ZOC] [WC.TERR] [WC.FORM]."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from campaign.table import Pose
from games.war_cometh.model import Formation, State
from games.war_cometh.movement import (
    Move,
    Refusal,
    allowance,
    carry_out,
    starts_in_dense,
    u_dir,
)
from games.war_cometh.plans import Plan, Step, StepKind
from games.war_cometh.world import World

from .helpers import position, unit

PIKES = "base.pikes"
KNIGHTS = "base.knights_mtd"
JAVELINS = "base.javelinmen"
FANTASY = 'variant = "fantasy"\n'
COLUMN = 'formation = "column"'
HALF = Fraction(1, 2)


def fwd(d: float) -> Step:
    return Step(StepKind.FORWARD, dist=round(d * 100))


def run(
    s: State,
    uid: str,
    *steps: Step,
    strict: bool = True,
    through: tuple[str, ...] = (),
    cap: Fraction = Fraction(1),
    roll: float | None = None,
) -> Move:
    return carry_out(World(s), s.unit(uid), Plan(uid, steps, through), strict=strict, pace_cap=cap, dense_roll=roll)


def refused(m: Move, step: int = 0) -> tuple[str, str, float | None]:
    """(rule, sentence, legal maximum) of a move refused at ``step``."""
    assert m.refusal is not None and m.refusal.step == step
    return m.refusal.rule, m.refusal.text(), m.refusal.legal_max


def end(m: Move) -> tuple[float, float]:
    """Where the reference point ends, rounded to 0.01 cm."""
    return (round(m.path[-1][0], 2), round(m.path[-1][1], 2))


def area(pid: str, kind: str, x0: float, y0: float, x1: float, y1: float, level: int = 0) -> str:
    lv = f"level = {level}\n" if level else ""
    return (
        f'[[areas]]\nid = "{pid}"\nkind = "{kind}"\n{lv}points = [[{x0}, {y0}], [{x1}, {y0}], [{x1}, {y1}], '
        f"[{x0}, {y1}]]\n"
    )


def line(pid: str, kind: str, *pts: tuple[float, float], width: float = 0) -> str:
    w = f"width_cm = {width}\n" if width else ""
    return f'[[lines]]\nid = "{pid}"\nkind = "{kind}"\n{w}points = {[list(p) for p in pts]}\n'


def pikes(extra: str = "", terrain: str = "", at: tuple[float, float] = (50, 20), facing: float = 90) -> State:
    """Three stands of pikes (12 cm wide, 1.5 deep), reference point ``at``, and ``extra`` units."""
    return position(unit("1", "a", PIKES, 3, at, facing), extra, terrain=terrain)


# --- refusals and the allowance ---------------------------------------------------------------------------


def test_WC_MOVE_12_refusal_sentence_and_legal_maximum() -> None:
    """[WC.MOVE.12] the refusal reads as one sentence; cm are printed without trailing zeros."""
    assert Refusal(0, "WC.MOVE.12", "too far").text() == "too far"
    assert Refusal(0, "WC.MOVE.12", "too far", 4.5).text() == "too far; the most it can do is 4.5 cm"
    assert Refusal(0, "WC.MOVE.12", "too far", 10.0).text() == "too far; the most it can do is 10 cm"
    assert Refusal(0, "WC.MOVE.12", "too far", 0.0).text() == "too far; the most it can do is 0 cm"
    assert Refusal(0, "WC.MOVE.12", "too far", 12.257).text() == "too far; the most it can do is 12.26 cm"
    m = run(pikes(), "1", fwd(25))
    assert refused(m) == ("WC.MOVE.12", "that costs 25 cm but the allowance is 20 cm; the most it can do is 20 cm", 20)
    assert m.refusal is not None and m.refusal.step == 0
    assert (m.cost, m.path, m.translated, m.cut_short) == (0.0, [(50.0, 20.0)], False, False)


def test_WC_MOVE_12_not_strict_goes_as_far_as_it_can() -> None:
    """[WC.MOVE.12] resolving after the dice, the unit goes the whole allowance and is cut short."""
    m = run(pikes(), "1", fwd(25), fwd(5), strict=False)
    assert m.refusal is None and m.cut_short and m.translated
    assert (m.cost, m.path) == (20.0, [(50.0, 20.0), (50.0, 40.0)])
    assert [round(r.cy, 2) for r in m.rects] == [39.25, 39.25, 39.25]
    ok = run(pikes(), "1", fwd(8), fwd(12))
    assert ok.refusal is None and not ok.cut_short and ok.path == [(50.0, 20.0), (50.0, 28.0), (50.0, 40.0)]
    assert ok.cost == 20.0 and ok.allowance == 20.0 and not ok.disordered


# (unit, plan) -> allowance (rate, out of arc, turned); then the same at a half-pace cap
ALLOWANCES = [
    ("P", (), (20.0, False, False), (10.0, False, False)),
    ("P", (fwd(5),), (20.0, False, False), (10.0, False, False)),
    ("P", (Step(StepKind.BACK, dist=100),), (10.0, True, False), (10.0, True, False)),
    ("P", (Step(StepKind.LEFT, dist=100),), (10.0, True, False), (10.0, True, False)),
    ("P", (Step(StepKind.RIGHT, dist=100),), (10.0, True, False), (10.0, True, False)),
    ("P", (Step(StepKind.TURN, angle=4500, left=True),), (20.0, False, False), (10.0, False, False)),
    ("P", (Step(StepKind.TURN, angle=4600, left=True),), (10.0, False, True), (10.0, False, True)),
    ("P", (Step(StepKind.WHEEL, angle=4600, left=False),), (10.0, False, True), (10.0, False, True)),
    ("P", (Step(StepKind.TURN, angle=3000, left=True), Step(StepKind.TURN, angle=3000, left=False)),
     (20.0, False, False), (10.0, False, False)),
    ("P", (Step(StepKind.TURN, angle=3000, left=True), Step(StepKind.TURN, angle=3000, left=True)),
     (10.0, False, True), (10.0, False, True)),
    ("P", (Step(StepKind.TURN, angle=3000, left=True), fwd(2)), (20.0, False, False), (10.0, False, False)),
    ("P", (Step(StepKind.TURN, angle=4000, left=False), Step(StepKind.RIGHT, dist=200)),
     (10.0, True, False), (10.0, True, False)),
    ("P", (Step(StepKind.TURN, angle=9000, left=True), Step(StepKind.RIGHT, dist=200)),
     (10.0, False, True), (10.0, False, True)),
    ("P", (Step(StepKind.TURN, angle=9000, left=False), Step(StepKind.LEFT, dist=200)),
     (10.0, False, True), (10.0, False, True)),
    ("P", (Step(StepKind.TURN, angle=18000, left=False), Step(StepKind.BACK, dist=200)),
     (10.0, False, True), (10.0, False, True)),
    ("P", (Step(StepKind.FACE, angle=9000),), (20.0, False, False), (10.0, False, False)),
    ("P", (Step(StepKind.FACE, angle=0),), (10.0, False, True), (10.0, False, True)),
    ("P", (Step(StepKind.FORM, formation=Formation.COLUMN, facing=0),), (10.0, False, True), (10.0, False, True)),
    ("P", (Step(StepKind.FORM, formation=Formation.COLUMN),), (20.0, False, False), (10.0, False, False)),
    ("P", (Step(StepKind.MOVE_TO, x=5000, y=1000),), (20.0, False, False), (10.0, False, False)),
    ("P", (Step(StepKind.FOLLOW, target="F"),), (10.0, False, True), (10.0, False, True)),
    ("P", (Step(StepKind.FOLLOW, target="nobody"),), (20.0, False, False), (10.0, False, False)),
    ("K", (Step(StepKind.BACK, dist=100),), (15.0, True, False), (15.0, True, False)),
    ("K", (fwd(5),), (30.0, False, False), (15.0, False, False)),
    ("G", (Step(StepKind.BACK, dist=100),), (20.0, False, False), (20.0, False, False)),
    ("G", (Step(StepKind.TURN, angle=9000, left=True),), (20.0, False, True), (20.0, False, True)),
    ("J", (Step(StepKind.BACK, dist=100),), (20.0, False, False), (10.0, False, False)),
    ("C", (Step(StepKind.BACK, dist=100),), (10.0, True, False), (10.0, True, False)),
    ("C", (fwd(5),), (20.0, False, False), (10.0, False, False)),
]  # fmt: skip


@pytest.mark.parametrize(("uid", "steps", "full", "capped"), ALLOWANCES)
def test_WC_MOVE_7_allowance_and_its_half_pace_causes(
    uid: str, steps: tuple[Step, ...], full: tuple[float, bool, bool], capped: tuple[float, bool, bool]
) -> None:
    """[WC.MOVE.4] [WC.MOVE.6] [WC.MOVE.7] [WC.MOVE.9] [WC.FORM.13] [WC.TEST.5]: half pace out of the
    arc (judged against the facing at the start of the order, steps after turns included) or for a net
    turn over 45°, never stacking; artillery and skirmishers out of column move full pace any way."""
    s = position(
        unit("P", "a", PIKES, 3, (50, 20), 90),
        unit("K", "a", KNIGHTS, 3, (100, 20), 90),
        unit("G", "a", "base.ribaudequin", 2, (150, 40), 90),
        unit("J", "a", JAVELINS, 3, (50, 60), 90),
        unit("C", "a", JAVELINS, 3, (100, 60), 90, files=1, extra=COLUMN),
        unit("F", "a", PIKES, 3, (150, 100), 0),
    )
    w = World(s)
    plan = Plan(uid, steps)
    assert allowance(w, s.unit(uid), plan) == full
    assert allowance(w, s.unit(uid), plan, HALF) == capped


def test_WC_MOVE_9_war_wagons_and_flyers_move_full_pace_any_way() -> None:
    """[WC.MOVE.9] [WC.MOVE.2] war wagons (20 cm) and (F) flyers (100 cm) move full pace backwards and
    are not out of arc."""
    s = position(
        unit("W", "a", "base.war_wagon", 1, (100, 20), 90),
        unit("F", "a", "empire.griffon", 1, (50, 20), 90),
        extra_head=FANTASY,
    )
    w = World(s)
    back = (Step(StepKind.BACK, dist=100),)
    assert allowance(w, s.unit("W"), Plan("W", back)) == (20.0, False, False)
    assert allowance(w, s.unit("F"), Plan("F", back)) == (100.0, False, False)
    m = run(s, "W", Step(StepKind.BACK, dist=1500))
    assert m.refusal is None and not m.out_of_arc and not m.disordered and m.allowance == 20.0


# --- the step kinds -----------------------------------------------------------------------------------------


def test_WC_MOVE_4_back_and_sideways_are_half_pace_and_disorder() -> None:
    """[WC.MOVE.4] [WC.DISORDER.4] back, left and right go the way they say, at half pace, disordered."""
    for kind, to in ((StepKind.BACK, (50.0, 15.0)), (StepKind.LEFT, (45.0, 20.0)), (StepKind.RIGHT, (55.0, 20.0))):
        m = run(pikes(), "1", Step(kind, dist=500))
        assert m.refusal is None and end(m) == to and m.cost == 5.0 and m.allowance == 10.0
        assert m.out_of_arc and m.disordered and m.translated
    east = run(pikes(facing=0), "1", Step(StepKind.LEFT, dist=500), Step(StepKind.BACK, dist=300))
    assert end(east) == (47.0, 25.0) and east.cost == 8.0
    too_far = run(pikes(), "1", Step(StepKind.LEFT, dist=1200))
    assert refused(too_far) == (
        "WC.MOVE.12",
        "that costs 12 cm but the allowance is 10 cm; the most it can do is 10 cm",
        10.0,
    )


def test_WC_MOVE_10_move_to_a_point_or_a_named_place() -> None:
    """[WC.MOVE.10] the reference point goes straight to a point or a scenario place; behind the unit
    it is out of arc (half pace, disordered); an unknown place is refused."""
    s = pikes(terrain='[[places]]\nname = "hill top"\nat = [60, 30]\n')
    to_place = run(s, "1", Step(StepKind.MOVE_TO, target="hill top"))
    assert to_place.refusal is None and end(to_place) == (60.0, 30.0) and round(to_place.cost, 3) == 14.142
    assert not to_place.out_of_arc
    behind = run(s, "1", Step(StepKind.MOVE_TO, x=5000, y=1500))
    assert behind.refusal is None and end(behind) == (50.0, 15.0) and behind.out_of_arc and behind.disordered
    assert behind.allowance == 10.0
    aside = run(s, "1", Step(StepKind.MOVE_TO, x=6500, y=2000))
    assert refused(aside) == ("WC.MOVE.12", "that costs 15 cm but the allowance is 10 cm; the most it can do is 10 cm", 10)
    assert aside.out_of_arc
    nowhere = run(s, "1", Step(StepKind.MOVE_TO, target="nowhere"))
    assert refused(nowhere) == ("WC.MOVE.10", "no reference point called 'nowhere'", None)
    assert not run(s, "1", Step(StepKind.MOVE_TO, target="nowhere"), strict=False).translated
    guns = position(unit("1", "a", "base.ribaudequin", 2, (50, 40), 90))
    free = run(guns, "1", Step(StepKind.MOVE_TO, x=5000, y=3000))
    assert free.refusal is None and not free.out_of_arc and free.allowance == 20.0


def test_WC_MOVE_5_irregular_units_are_not_out_of_arc_moving_to_a_point() -> None:
    """[WC.MOVE.5] [WC.MOVE.5a] a unit in an irregular formation has no frontal arc."""
    s = position(unit("1", "a", PIKES, 4, (50, 40), 90))
    u = s.unit("1")
    hh = run(s, "1", Step(StepKind.FORM, formation=Formation.HEDGEHOG))
    moved = replace(
        u,
        formation=Formation.HEDGEHOG,
        stands=tuple(replace(st, pose=Pose.of(r.cx, r.cy, r.facing)) for st, r in zip(u.stands, hh.rects, strict=True)),
    )
    s2 = s.with_unit(moved)
    m = run(s2, "1", Step(StepKind.MOVE_TO, x=4000, y=3000), strict=False)
    assert not m.out_of_arc and not m.disordered


def test_WC_MOVE_10_follow_a_friend() -> None:
    """[WC.MOVE.10] 'follow' puts the reference point at the middle of the friend's rear edge and
    faces as it does; an enemy or an unknown unit is refused."""
    s = pikes(unit("2", "a", PIKES, 3, (50, 35), 90) + unit("9", "b", PIKES, 3, (120, 60), -90))
    m = run(s, "1", Step(StepKind.FOLLOW, target="2"))
    assert m.refusal is None and end(m) == (50.0, 33.5) and m.cost == 13.5 and m.facing == 90.0
    assert [(r.cx, r.cy, r.facing) for r in m.rects] == [(46.0, 32.75, 90.0), (50.0, 32.75, 90.0), (54.0, 32.75, 90.0)]
    assert refused(run(s, "1", Step(StepKind.FOLLOW, target="9"))) == (
        "WC.MOVE.10",
        "unit 9 is an enemy: follow only friends",
        None,
    )
    assert refused(run(s, "1", Step(StepKind.FOLLOW, target="7"))) == ("WC.MOVE.10", "there is no unit 7", None)
    slant = position(unit("1", "a", PIKES, 3, (50, 20), 45), unit("2", "a", PIKES, 3, (58, 28), 45))
    m2 = run(slant, "1", Step(StepKind.FOLLOW, target="2"))
    assert m2.refusal is None and end(m2) == (56.94, 26.94) and m2.facing == 45.0
    assert [(round(r.cx, 2), round(r.cy, 2), r.facing) for r in m2.rects] == [
        (53.58, 29.24, 45.0),
        (56.41, 26.41, 45.0),
        (59.24, 23.58, 45.0),
    ]
    short = run(s, "1", Step(StepKind.FOLLOW, target="2"), strict=False, cap=Fraction(1, 4))
    assert end(short) == (50.0, 30.0) and short.cut_short


def test_WC_MOVE_11_contact_a_friend_close_on_an_enemy() -> None:
    """[WC.MOVE.11] [WC.CHARGE.1] 'contact' goes straight ahead until touching a friend, 'close' until
    2 cm from an enemy; the wrong one of the two, or a unit not ahead, is refused in words."""
    s = pikes(unit("2", "a", PIKES, 3, (50, 30), 90) + unit("9", "b", PIKES, 3, (80, 30), -90))
    touch = run(s, "1", Step(StepKind.CONTACT, target="2"))
    assert touch.refusal is None and abs(touch.path[-1][1] - 28.495) < 0.001 and abs(touch.cost - 8.495) < 0.001
    assert refused(run(s, "1", Step(StepKind.CONTACT, target="9"))) == (
        "WC.CHARGE.1",
        "unit 9 is an enemy: contact with the enemy is a charge, which comes with melee in part 2; "
        "use 'close on unit 9' to stop 2 cm short",
        None,
    )
    assert refused(run(s, "1", Step(StepKind.CLOSE, target="2"))) == (
        "WC.MOVE.11",
        "unit 2 is a friend: use 'move to contact unit 2'",
        None,
    )
    assert refused(run(s, "1", Step(StepKind.CLOSE, target="9"))) == (
        "WC.MOVE.10",
        "unit 9 is not straight ahead: wheel or turn to face it first",
        None,
    )
    assert refused(run(s, "1", Step(StepKind.CLOSE, target="8"))) == ("WC.MOVE.10", "there is no unit 8", None)
    ahead = pikes(unit("9", "b", PIKES, 3, (52, 32), -90))
    close = run(ahead, "1", Step(StepKind.CLOSE, target="9"))
    assert close.refusal is None and abs(close.path[-1][1] - 29.995) < 0.001
    already = pikes(unit("2", "a", PIKES, 3, (50, 21.5), 90) + unit("9", "b", PIKES, 3, (70, 23.5), -90))
    none = run(already, "1", Step(StepKind.CONTACT, target="2"))
    assert none.refusal is None and none.path == [(50.0, 20.0)] and not none.translated
    corner = pikes(unit("9", "b", PIKES, 3, (57, 30), 180))
    assert abs(run(corner, "1", Step(StepKind.CLOSE, target="9")).path[-1][1] - (24 - 3**0.5)) < 0.01


def test_WC_MOVE_16_bombards_may_only_turn() -> None:
    """[WC.MOVE.16] the refusal names the gun."""
    s = position(unit("1", "a", "base.bombard", 2, (50, 40), 90))
    assert refused(run(s, "1", fwd(2))) == ("WC.MOVE.16", "Bombards may only turn in place", None)
    assert refused(run(s, "1", Step(StepKind.MOVE_TO, x=5000, y=4500)))[0] == "WC.MOVE.16"
    turned = run(s, "1", Step(StepKind.TURN, angle=4500, left=True))
    assert turned.refusal is None and turned.facing == 135.0


# --- formation changes ------------------------------------------------------------------------------------

L = Formation.LINE
C = Formation.COLUMN
H = Formation.HEDGEHOG
# (stands, files, step fields) -> (formation, files, RP after, every stand (cx, cy, facing))
FORMS = [
    (4, 4, dict(formation=C), (C, 1, (48.0, 40.0)),
     [(48.0, 39.25, 90.0), (48.0, 37.75, 90.0), (48.0, 36.25, 90.0), (48.0, 34.75, 90.0)]),
    (4, 4, dict(formation=C, target="left"), (C, 1, (44.0, 40.0)),
     [(44.0, 39.25, 90.0), (44.0, 37.75, 90.0), (44.0, 36.25, 90.0), (44.0, 34.75, 90.0)]),
    (4, 4, dict(formation=C, target="right"), (C, 1, (56.0, 40.0)),
     [(56.0, 39.25, 90.0), (56.0, 37.75, 90.0), (56.0, 36.25, 90.0), (56.0, 34.75, 90.0)]),
    (4, 4, dict(formation=L, files=1), (C, 1, (48.0, 40.0)),
     [(48.0, 39.25, 90.0), (48.0, 37.75, 90.0), (48.0, 36.25, 90.0), (48.0, 34.75, 90.0)]),
    (6, 3, dict(formation=L, files=2), (L, 2, (52.0, 40.0)),
     [(50.0, 39.25, 90.0), (54.0, 39.25, 90.0), (50.0, 37.75, 90.0), (54.0, 37.75, 90.0), (50.0, 36.25, 90.0),
      (54.0, 36.25, 90.0)]),
    (6, 3, dict(formation=L, files=6, target="right"), (L, 6, (44.0, 40.0)),
     [(34.0, 39.25, 90.0), (38.0, 39.25, 90.0), (42.0, 39.25, 90.0), (46.0, 39.25, 90.0), (50.0, 39.25, 90.0),
      (54.0, 39.25, 90.0)]),
    (6, 3, dict(formation=L, files=4), (L, 4, (52.0, 40.0)),
     [(46.0, 39.25, 90.0), (50.0, 39.25, 90.0), (54.0, 39.25, 90.0), (58.0, 39.25, 90.0), (50.0, 37.75, 90.0),
      (54.0, 37.75, 90.0)]),
    (6, 3, dict(formation=L, files=6, target="left"), (L, 6, (56.0, 40.0)),
     [(46.0, 39.25, 90.0), (50.0, 39.25, 90.0), (54.0, 39.25, 90.0), (58.0, 39.25, 90.0), (62.0, 39.25, 90.0),
      (66.0, 39.25, 90.0)]),
    (4, 4, dict(formation=L, files=2, facing=0), (L, 2, (48.75, 37.25)),
     [(48.0, 39.25, 0.0), (48.0, 35.25, 0.0), (46.5, 39.25, 0.0), (46.5, 35.25, 0.0)]),
    (4, 4, dict(formation=L, files=2, facing=0, target="right"), (L, 2, (56.75, 41.25)),
     [(56.0, 43.25, 0.0), (56.0, 39.25, 0.0), (54.5, 43.25, 0.0), (54.5, 39.25, 0.0)]),
    (3, 3, dict(formation=H), (H, 1, (50.0, 40.0)), [(50.0, 39.25, 90.0), (48.35, 36.39, -150.0), (51.65, 36.39, -30.0)]),
    (4, 4, dict(formation=H), (H, 2, (48.0, 40.0)),
     [(48.0, 39.25, 90.0), (45.25, 36.5, 180.0), (48.0, 33.75, -90.0), (50.75, 36.5, 0.0)]),
    (5, 5, dict(formation=H), (H, 2, (50.0, 40.0)),
     [(46.0, 39.25, 90.0), (50.0, 39.25, 90.0), (54.0, 39.25, 90.0), (52.0, 37.75, -90.0), (48.0, 37.75, -90.0)]),
    (6, 6, dict(formation=H), (H, 3, (48.0, 40.0)),
     [(44.0, 39.25, 90.0), (48.0, 39.25, 90.0), (52.0, 39.25, 90.0), (52.0, 37.75, -90.0), (48.0, 37.75, -90.0),
      (44.0, 37.75, -90.0)]),
    (6, 6, dict(formation=H, target="right"), (H, 3, (56.0, 40.0)),
     [(52.0, 39.25, 90.0), (56.0, 39.25, 90.0), (60.0, 39.25, 90.0), (60.0, 37.75, -90.0), (56.0, 37.75, -90.0),
      (52.0, 37.75, -90.0)]),
    (4, 4, dict(formation=Formation.REFUSED, target="left"), (Formation.REFUSED, 3, (47.25, 40.0)),
     [(44.0, 39.25, 90.0), (48.0, 39.25, 90.0), (52.0, 39.25, 90.0), (41.25, 38.0, 180.0)]),
    (4, 4, dict(formation=Formation.REFUSED, target="right"), (Formation.REFUSED, 3, (52.75, 40.0)),
     [(48.0, 39.25, 90.0), (52.0, 39.25, 90.0), (56.0, 39.25, 90.0), (58.75, 38.0, 0.0)]),
    (5, 5, dict(formation=Formation.U), (Formation.U, 3, (50.0, 40.0)),
     [(46.0, 39.25, 90.0), (50.0, 39.25, 90.0), (54.0, 39.25, 90.0), (43.25, 38.0, 180.0), (56.75, 38.0, 0.0)]),
    (4, 4, dict(formation=Formation.U), (Formation.U, 2, (50.0, 40.0)),
     [(48.0, 39.25, 90.0), (52.0, 39.25, 90.0), (45.25, 38.0, 180.0), (54.75, 38.0, 0.0)]),
    (1, 1, dict(formation=L, files=1), (L, 1, (50.0, 40.0)), [(50.0, 39.25, 90.0)]),
    (4, 4, dict(files=2), (L, 2, (50.0, 40.0)),
     [(48.0, 39.25, 90.0), (52.0, 39.25, 90.0), (48.0, 37.75, 90.0), (52.0, 37.75, 90.0)]),
]  # fmt: skip


@pytest.mark.parametrize(("n", "files", "fields", "after", "stands"), FORMS)
def test_WC_FORM_9_formation_change_around_its_anchor(
    n: int,
    files: int,
    fields: dict[str, object],
    after: tuple[Formation, int, tuple[float, float]],
    stands: list[tuple[float, float, float]],
) -> None:
    """[WC.FORM.9] [WC.FORM.13] [WC.FORM.5] [WC.FORM.6] [WC.FORM.7] [WC.FORM.8] a formation change costs
    10 cm and is built around the anchor (the middle, left or right stand of the front rank), which
    keeps its centre and only pivots; one file of several stands is a column."""
    s = position(unit("1", "a", PIKES, n, (50, 40), 90, files=files))
    m = run(s, "1", Step(StepKind.FORM, **fields))  # type: ignore[arg-type]
    assert m.refusal is None and m.cost == 10.0
    assert (m.formation, m.files, end(m)) == after
    assert [(round(r.cx, 2), round(r.cy, 2), round(r.facing, 2)) for r in m.rects] == stands
    assert m.facing == (0.0 if "facing" in fields else 90.0) and not m.translated


def test_WC_FORM_refusals_of_a_formation_change() -> None:
    """[WC.ZOC.7] [WC.FORM.5] [WC.TERR.15] [WC.FORM.4] [WC.FORM.9] [WC.FORM.7] [WC.GEOM.15] each refusal
    in its words: in a ZOC, a mounted hedgehog, a hedgehog in poor going, files the stands cannot make,
    less than 10 cm left, too few stands for a refused flank, a new pose that is illegal."""
    zoc = position(unit("1", "a", PIKES, 4, (50, 20), 90), unit("9", "b", PIKES, 3, (50, 26), -90))
    assert refused(run(zoc, "1", Step(StepKind.FORM, formation=C))) == (
        "WC.ZOC.7",
        "a unit in the zone of control of enemy unit 9 may not change formation",
        None,
    )
    cav = position(unit("1", "a", KNIGHTS, 4, (50, 40), 90))
    assert refused(run(cav, "1", Step(StepKind.FORM, formation=H))) == (
        "WC.FORM.5",
        "only infantry may form a hedgehog",
        None,
    )
    for kind in ("woods", "marsh", "rough", "dense"):
        s = position(unit("1", "a", PIKES, 4, (50, 40), 90), terrain=area("t", kind, 55, 30, 70, 39.5))
        assert refused(run(s, "1", Step(StepKind.FORM, formation=H))) == (
            "WC.TERR.15",
            "no hedgehog in poor or dense terrain [WC.FORM.5]",
            None,
        )
        assert run(s, "1", Step(StepKind.FORM, formation=C)).refusal is None
    four = position(unit("1", "a", PIKES, 4, (50, 40), 90))
    for f in (0, 5):
        assert refused(run(four, "1", Step(StepKind.FORM, formation=L, files=f))) == (
            "WC.FORM.4",
            f"{f} files cannot be made from 4 stands (rank 1 must be complete)",
            None,
        )
    assert run(four, "1", Step(StepKind.FORM, formation=L, files=4)).refusal is None
    late = run(four, "1", fwd(10.5), Step(StepKind.FORM, formation=C))
    assert refused(late, 1) == ("WC.FORM.9", "a formation change costs 10 cm and only 9.5 cm is left", None)
    assert late.refusal is not None and late.refusal.step == 1
    assert run(four, "1", fwd(10), Step(StepKind.FORM, formation=C)).refusal is None
    three = position(unit("1", "a", PIKES, 3, (50, 40), 90))
    assert refused(run(three, "1", Step(StepKind.FORM, formation=Formation.U))) == (
        "WC.FORM.7",
        "3 stands are too few for a refused flank",
        None,
    )
    assert run(three, "1", Step(StepKind.FORM, formation=Formation.REFUSED)).refusal is None
    two = position(unit("1", "a", PIKES, 2, (50, 40), 90))
    assert refused(run(two, "1", Step(StepKind.FORM, formation=Formation.REFUSED)))[0] == "WC.FORM.7"
    edge = position(unit("1", "a", PIKES, 4, (50, 3), 90))
    assert refused(run(edge, "1", Step(StepKind.FORM, formation=C))) == (
        "WC.MOVE.15",
        "the new position is off the table",
        None,
    )
    lax = run(edge, "1", Step(StepKind.FORM, formation=C), strict=False)
    assert lax.refusal is None and lax.formation is L and lax.cost == 0.0


# --- Bannockburn, schiltrons, hedgehogs, dense terrain ------------------------------------------------------

BURN = line("bb", "bannock", (0, 21), (180, 21))
SCHILTRON = 'special = ["WC.SCN.6"]\n'


def test_WC_SCN_10a_crossing_the_bannock_burn() -> None:
    """[WC.SCN.10a] from its bank (up to 1 cm short of the burn) a whole order puts the unit wholly
    across, its rear 0.25 cm past the burn, spends the allowance and disorders; the burn stops a move;
    a crossing not begun at the bank, or not as the first step, or with the burn not ahead, is refused."""
    s = position(
        unit("1", "a", PIKES, 3, (50, 20), 90),
        unit("3", "a", PIKES, 3, (150, 20), 90),
        unit("4", "a", PIKES, 3, (150, 23), 90),
        unit("5", "a", PIKES, 3, (125, 10), 90),
        unit("6", "a", PIKES, 3, (20, 19), 270),
        unit("7", "a", PIKES, 3, (100, 20.9), 90),
        terrain=BURN,
    )
    m = run(s, "1", Step(StepKind.CROSS))
    assert m.refusal is None and end(m) == (50.0, 22.75) and m.cost == 20.0 and m.disordered
    assert [(r.cx, r.cy) for r in m.rects] == [(46.0, 22.0), (50.0, 22.0), (54.0, 22.0)]
    near = run(s, "7", Step(StepKind.CROSS))
    assert near.refusal is None and end(near) == (100.0, 22.65) and near.disordered
    assert refused(run(s, "3", Step(StepKind.CROSS))) == ("WC.GEOM.15", "the new position overlaps unit 4", None)
    whole = "a unit crosses the Bannock Burn with a whole order, starting at its bank"
    assert refused(run(s, "5", Step(StepKind.CROSS))) == ("WC.SCN.10a", whole, None)
    second = run(s, "1", Step(StepKind.TURN, angle=100, left=True), Step(StepKind.CROSS))
    assert refused(second, 1) == ("WC.SCN.10a", whole, None)
    assert refused(run(s, "6", Step(StepKind.CROSS))) == (
        "WC.SCN.10a",
        "the Bannock Burn is not straight ahead: turn to face it first",
        None,
    )
    stop = run(s, "5", fwd(15))
    assert refused(stop) == (
        "WC.SCN.10a",
        "it must stop at the Bannock Burn (cross it with a later order: 'cross'); the most it can do is 10.99 cm",
        10.99,
    )
    assert allowance(World(s), s.unit("1"), Plan("1", (Step(StepKind.CROSS),))) == (20.0, False, False)


def test_WC_FORM_5_a_unit_that_moves_may_not_end_in_hedgehog() -> None:
    """[WC.FORM.5] [WC.SCN.6] a hedgehog may not end a move that went over the ground; a turn is not a
    move; at Bannockburn a Scottish schiltron may, out of poor or dense terrain."""
    hedgehog = (Step(StepKind.FORM, formation=H), fwd(1))
    s = position(
        unit("S", "a", "scots.lowland_pikes_stdy", 4, (50, 40), 90),
        unit("P", "a", PIKES, 4, (100, 40), 90),
        unit("E", "a", "english.flemish_pikes", 4, (150, 40), 90),
        unit("W", "a", "scots.islesmen_thw_a6", 4, (50, 80), 90),
        extra_head=SCHILTRON,
        terrain=area("r", "rough", 120, 90, 180, 120),
    )
    ok = run(s, "S", *hedgehog)
    assert ok.refusal is None and ok.formation is H and end(ok) == (48.0, 41.0) and ok.cost == 11.0
    no = ("WC.FORM.5", "a unit that moves may not end its move in hedgehog", None)
    for uid in "PEW":
        m = run(s, uid, *hedgehog)
        assert refused(m, 1) == no
        assert run(s, uid, *hedgehog, strict=False).refusal is None
    assert run(s, "P", Step(StepKind.FORM, formation=H), Step(StepKind.TURN, angle=1000, left=True)).refusal is None
    plain = position(unit("S", "a", "scots.lowland_pikes_stdy", 4, (50, 40), 90))
    assert refused(run(plain, "S", *hedgehog), 1) == no
    for kind in ("woods", "marsh", "rough", "dense"):
        boggy = position(
            unit("S", "a", "scots.lowland_pikes_stdy", 4, (50, 40), 90),
            extra_head=SCHILTRON,
            terrain=area("t", kind, 0, 40.6, 180, 60),
        )
        assert refused(run(boggy, "S", *hedgehog), 1)[0] == "WC.FORM.5"


def test_WC_TERR_5a_a_unit_starting_in_dense_terrain_moves_its_roll() -> None:
    """[WC.TERR.5] [WC.TERR.5a] a unit whose front edge starts in dense terrain moves only its 1D6 (6
    when checking an order), not doubled; one entering dense terrain stops once wholly inside; (H)
    skirmishers are outside the rule."""
    dense = area("d", "dense", 0, 25, 180, 100)
    s = position(
        unit("1", "a", PIKES, 3, (50, 20), 90),
        unit("2", "a", PIKES, 3, (100, 30), 90),
        unit("3", "a", PIKES, 3, (150, 25.5), 90),
        unit("J", "a", JAVELINS, 3, (20, 30), 90),
        terrain=dense,
    )
    w = World(s)
    assert [starts_in_dense(w, s.unit(u)) for u in ("1", "2", "3", "J")] == [False, True, True, False]
    entering = run(s, "1", fwd(20))
    assert refused(entering) == (
        "WC.TERR.5",
        "a unit entering dense terrain stops as soon as it is wholly inside; the most it can do is 6.74 cm",
        6.74,
    )
    assert end(run(s, "1", fwd(20), strict=False)) == (50.0, 26.74)
    assert refused(run(s, "2", fwd(20))) == (
        "WC.MOVE.12",
        "that costs 20 cm but the allowance is 6 cm; the most it can do is 6 cm",
        6.0,
    )
    rolled = run(s, "2", fwd(20), roll=4, strict=False)
    assert (end(rolled), rolled.cost, rolled.allowance) == ((100.0, 34.0), 4.0, 4.0)
    assert run(s, "2", fwd(3), roll=4).refusal is None
    assert end(run(s, "3", fwd(20), strict=False)) == (150.0, 31.5)
    skirm = run(s, "J", fwd(20), strict=False)
    assert (end(skirm), skirm.cost) == ((20.0, 40.0), 20.0)


# --- zones of control -------------------------------------------------------------------------------------


def test_WC_ZOC_5_a_unit_starting_in_a_zoc_may_only_leave_it() -> None:
    """[WC.ZOC.5] a unit starting in an enemy ZOC (8 cm ahead of its front) must end out of it if it
    moves over the ground; turning in place is allowed; resolving, the move stands."""
    s = position(unit("1", "a", PIKES, 3, (50, 20), 90), unit("9", "b", PIKES, 3, (50, 26), -90))
    out = run(s, "1", Step(StepKind.BACK, dist=300))
    assert out.refusal is None and end(out) == (50.0, 17.0)
    stay = run(s, "1", Step(StepKind.TURN, angle=1000, left=True), Step(StepKind.LEFT, dist=100))
    assert refused(stay, 1) == (
        "WC.ZOC.5",
        "it starts in the zone of control of enemy unit 9: it may only leave it (or charge, in part 2)",
        None,
    )
    assert stay.refusal is not None and stay.refusal.step == 1
    assert run(s, "1", Step(StepKind.TURN, angle=1000, left=True)).refusal is None
    lax = run(s, "1", Step(StepKind.LEFT, dist=100), strict=False)
    assert lax.refusal is None and end(lax) == (49.0, 20.0)


def test_WC_ZOC_4_the_first_zoc_entered_and_not_ended_in_is_named() -> None:
    """[WC.ZOC.4] of two ZOCs entered and left, the refusal names the first by id; resolving, the
    move stands; ending in one is allowed."""
    s = position(
        unit("1", "a", KNIGHTS, 3, (60, 40), 0),
        unit("9", "b", PIKES, 3, (80, 50), -90),
        unit("8", "b", PIKES, 3, (80, 30), 90),
    )
    m = run(s, "1", fwd(10), fwd(20))
    assert refused(m, 1) == ("WC.ZOC.4", "it enters the zone of control of enemy unit 8 and must stop in it", None)
    assert m.refusal is not None and m.refusal.step == 1
    lax = run(s, "1", fwd(30), strict=False)
    assert lax.refusal is None and end(lax) == (90.0, 40.0)
    assert run(s, "1", fwd(20)).refusal is None


# --- wheels and turns ---------------------------------------------------------------------------------------

ROTATIONS = [
    (Step(StepKind.WHEEL, angle=9000, left=True), 180.0, (44.0, 46.0),
     [(44.75, 42.0, 180.0), (44.75, 46.0, 180.0), (44.75, 50.0, 180.0)]),
    (Step(StepKind.WHEEL, angle=9000, left=False), 0.0, (56.0, 46.0),
     [(55.25, 50.0, 0.0), (55.25, 46.0, 0.0), (55.25, 42.0, 0.0)]),
    (Step(StepKind.TURN, angle=9000, left=True), 180.0, (50.0, 40.0),
     [(50.75, 36.0, 180.0), (50.75, 40.0, 180.0), (50.75, 44.0, 180.0)]),
    (Step(StepKind.TURN, angle=4500, left=False), 45.0, (50.0, 40.0),
     [(46.64, 42.3, 45.0), (49.47, 39.47, 45.0), (52.3, 36.64, 45.0)]),
    (Step(StepKind.FACE, angle=18000), 180.0, (50.0, 40.0),
     [(50.75, 36.0, 180.0), (50.75, 40.0, 180.0), (50.75, 44.0, 180.0)]),
    (Step(StepKind.FACE, angle=-9000), -90.0, (50.0, 40.0),
     [(54.0, 40.75, -90.0), (50.0, 40.75, -90.0), (46.0, 40.75, -90.0)]),
]  # fmt: skip


@pytest.mark.parametrize(("step", "facing", "rp", "stands"), ROTATIONS)
def test_WC_GEOM_14_wheels_turn_about_a_front_corner_turns_about_the_rp(
    step: Step, facing: float, rp: tuple[float, float], stands: list[tuple[float, float, float]]
) -> None:
    """[WC.GEOM.14] [WC.MOVE.6] a wheel keeps its front corner, a turn or a face keeps the reference
    point; neither costs anything."""
    m = run(position(unit("1", "a", PIKES, 3, (50, 40), 90)), "1", step)
    assert m.refusal is None and m.cost == 0.0 and m.facing == facing and end(m) == rp
    assert [(round(r.cx, 2), round(r.cy, 2), round(r.facing, 2)) for r in m.rects] == stands


def test_WC_MOVE_5_an_irregular_unit_turns_each_stand_in_place() -> None:
    """[WC.MOVE.5] [WC.FORM.10] a hedgehog (irregular) turning turns every stand about its own centre."""
    s = position(unit("1", "a", PIKES, 4, (50, 40), 90))
    m = run(s, "1", Step(StepKind.FORM, formation=H), Step(StepKind.TURN, angle=9000, left=True))
    assert m.refusal is None and m.facing == 180.0
    assert [(round(r.cx, 2), round(r.cy, 2), round(r.facing, 2)) for r in m.rects] == [
        (48.0, 39.25, 180.0),
        (45.25, 36.5, -90.0),
        (48.0, 33.75, 0.0),
        (50.75, 36.5, 90.0),
    ]
    wheel = run(s, "1", Step(StepKind.FORM, formation=H), Step(StepKind.WHEEL, angle=9000, left=False))
    assert [round(r.facing, 2) for r in wheel.rects] == [0.0, 90.0, 180.0, -90.0]


def test_WC_GEOM_15_the_new_pose_of_a_wheel_must_be_legal() -> None:
    """[WC.GEOM.15] [WC.MOVE.15] [WC.TERR.6] [WC.MOVE.11] a wheel is not swept, but its new pose may not be
    off the table, in barred terrain, on a friend or within 2 cm of an enemy; resolving, the unit stays."""
    left = Step(StepKind.WHEEL, angle=9000, left=True)
    s = position(
        unit("1", "a", PIKES, 3, (5, 40), 90),
        unit("2", "a", PIKES, 3, (100, 40), 90),
        unit("3", "a", PIKES, 3, (100, 48), 90),
        unit("4", "a", PIKES, 3, (150, 40), 90),
        unit("9", "b", PIKES, 3, (150, 47), -90),
        unit("5", "a", PIKES, 3, (44, 80), 90),
        unit("6", "a", PIKES, 3, (44, 100), 90),
        terrain=area("i", "impassable", 30, 70, 38.5, 90),
    )
    expected = {
        "1": ("WC.MOVE.15", "the new position is off the table", None),
        "2": ("WC.GEOM.15", "the new position overlaps unit 3", None),
        "4": ("WC.MOVE.11", "the new position is within 2 cm of enemy unit 9", None),
        "5": ("WC.TERR.6", "the new position is in terrain this unit may not enter", None),
    }
    for uid, why in expected.items():
        assert refused(run(s, uid, left)) == why
        lax = run(s, uid, left, fwd(2), strict=False)
        assert lax.refusal is None and lax.cut_short and lax.facing == 90.0 and len(lax.path) == 1
    ok = run(s, "6", left)
    assert ok.refusal is None and end(ok) == (38.0, 106.0)


# --- the legal path: table, terrain, rivers, friends, enemies -----------------------------------------------


def test_WC_TERR_6_barred_terrain_names_the_category() -> None:
    """[WC.TERR.6] [WC.GEOM.15] cavalry and artillery stop at a wood, in words naming what they are;
    foot go in at double cost; a line whose front rank is out of the wood pays single."""
    wood = area("w", "woods", 0, 30, 180, 60)
    s = position(
        unit("1", "a", KNIGHTS, 3, (20, 20), 90),
        unit("2", "a", "base.ribaudequin", 2, (60, 20), 90),
        unit("3", "a", PIKES, 3, (100, 20), 90, files=1, extra=COLUMN),
        unit("4", "a", PIKES, 6, (150, 20), 90, files=3),
        terrain=wood,
    )
    assert refused(run(s, "1", fwd(15))) == (
        "WC.TERR.6",
        "it would enter terrain this cavalry may not enter; the most it can do is 10 cm",
        10.0,
    )
    assert refused(run(s, "2", fwd(15))) == (
        "WC.TERR.6",
        "it would enter terrain this artillery may not enter; the most it can do is 10 cm",
        10.0,
    )
    assert run(s, "3", fwd(15)).cost == 20.0
    assert run(s, "4", fwd(15)).cost == 20.0
    lax = run(s, "1", fwd(15), strict=False)
    assert lax.refusal is None and end(lax) == (20.0, 30.0) and lax.cut_short
    back = position(unit("4", "a", PIKES, 6, (150, 33), -90, files=3), terrain=wood)
    assert round(run(back, "4", fwd(10)).cost, 6) == 13.0


def test_WC_TERR_10_obstacles_pelstream_and_stakes() -> None:
    """[WC.TERR.10] [WC.SCN.10a] [WC.FORT.11] each obstacle crossed costs 5 cm, the Pelstream 10; a road is
    none; touching a line is not crossing it; the legal maximum stops short of the next crossing."""
    lines = (
        line("p", "pelstream", (0, 25), (180, 25))
        + line("o", "stakes", (0, 27), (180, 27))
        + line("q", "road", (0, 29), (180, 29), width=4)
        + line("s", "stream", (0, 31), (180, 31))
        + line("h", "obstacle", (0, 33), (180, 33))
    )
    s = pikes(terrain=lines)
    assert refused(run(s, "1", fwd(12))) == (
        "WC.MOVE.12",
        "that costs 32 cm but the allowance is 20 cm; the most it can do is 6.99 cm",
        6.99,
    )
    assert run(s, "1", fwd(5)).cost == 5.0
    assert run(s, "1", fwd(6)).cost == 16.0
    assert run(s, "1", fwd(6), strict=False).cost == 16.0


def test_WC_TERR_9_each_contour_climbed_costs_5() -> None:
    """[WC.TERR.9] two contours climbed cost 10 more; coming down is free; the first contour met
    counts from the level at the start."""
    hills = area("h", "hill", 0, 25, 180, 100, level=1) + area("h2", "hill", 0, 30, 180, 100, level=2)
    up = run(pikes(terrain=hills), "1", fwd(10))
    assert up.refusal is None and up.cost == 20.0
    assert refused(run(pikes(terrain=hills), "1", fwd(12))) == (
        "WC.MOVE.12",
        "that costs 22 cm but the allowance is 20 cm; the most it can do is 10 cm",
        10.0,
    )
    down = run(pikes(terrain=hills, at=(50, 35), facing=-90), "1", fwd(12))
    assert down.refusal is None and down.cost == 12.0
    on_top = run(pikes(terrain=hills, at=(50, 27), facing=90), "1", fwd(5))
    assert round(on_top.cost, 6) == 10.0


def test_WC_TERR_8_rivers() -> None:
    """[WC.TERR.8] [WC.TERR.8a] a move stops at a river's edge; a unit whose front edge began its turn
    within 1 cm of it crosses in its first order but may not end in the water."""
    river = area("rv", "river", 0, 30, 180, 36)
    s = position(unit("1", "a", PIKES, 3, (50, 20), 90), unit("2", "a", PIKES, 3, (100, 29.5), 90), terrain=river)
    assert refused(run(s, "1", fwd(15))) == (
        "WC.TERR.8",
        "it must stop at the river's edge (it may cross next turn, starting at the bank); the most it can do is 10 cm",
        10.0,
    )
    across = run(s, "2", fwd(10))
    assert across.refusal is None and end(across) == (100.0, 39.5) and across.cost == 10.0
    assert refused(run(s, "2", fwd(4))) == (
        "WC.TERR.8a",
        "it may not end in the river: it must reach the far bank; the most it can do is 0.5 cm",
        0.5,
    )
    later = s.with_unit(replace(s.unit("2"), orders_received=1))
    assert refused(run(later, "2", fwd(10)))[0] == "WC.TERR.8"
    far = position(unit("2", "a", PIKES, 3, (100, 28.9), 90), terrain=river)
    assert refused(run(far, "2", fwd(10)))[0] == "WC.TERR.8"
    edge = position(unit("2", "a", PIKES, 3, (100, 29), 90), terrain=river)
    assert run(edge, "2", fwd(10)).refusal is None


def test_WC_MOVE_15_the_table_edge() -> None:
    """[WC.MOVE.15] the refusal for leaving the table, with the legal maximum."""
    assert refused(run(pikes(at=(50, 110)), "1", fwd(15))) == (
        "WC.MOVE.15",
        "it would leave the table; the most it can do is 10 cm",
        10.0,
    )
    assert run(pikes(at=(50, 100)), "1", fwd(20)).refusal is None


def test_WC_THROUGH_friends_in_the_way() -> None:
    """[WC.THROUGH.1] [WC.THROUGH.2] [WC.THROUGH.5] [WC.THROUGH.6] a friend in the way needs 'through'
    (+5 cm, none for skirmishers); no move ends on a friend; (F) flyers fly over friends and woods."""
    s = position(
        unit("1", "a", "empire.griffon", 1, (50, 20), 90),
        unit("2", "a", "empire.halberdiers", 3, (50, 28), 90),
        unit("3", "a", "empire.halberdiers", 3, (90, 20), 90),
        unit("4", "a", "empire.halberdiers", 3, (90, 28), 90),
        extra_head=FANTASY,
        terrain=area("w", "woods", 0, 35, 180, 60),
    )
    over = run(s, "1", fwd(30))
    assert over.refusal is None and over.cost == 30.0 and over.passed == []
    assert refused(run(s, "1", fwd(9))) == ("WC.THROUGH.6", "it may not end on top of unit 2; the most it can do is 6 cm", 6.0)
    assert refused(run(s, "3", fwd(15))) == (
        "WC.THROUGH.1",
        "friendly unit 4 is in the way (add 'through 4' to pass through it); the most it can do is 6 cm",
        6.0,
    )
    through = run(s, "3", fwd(15), through=("4",))
    assert through.refusal is None and through.passed == ["4"] and through.cost == 20.0
    assert refused(run(s, "3", fwd(7.5), through=("4",)))[0] == "WC.THROUGH.6"
    assert run(s, "3", fwd(5), through=("4",)).passed == []
    skirm = position(unit("1", "a", JAVELINS, 3, (50, 20), 90), unit("2", "a", PIKES, 3, (50, 24), 90))
    free = run(skirm, "1", fwd(8), through=("2",))
    assert free.refusal is None and free.passed == ["2"] and free.cost == 8.0


def test_WC_MOVE_11_an_enemy_already_close_may_not_be_approached() -> None:
    """[WC.MOVE.11] a unit already within 2 cm of an enemy may not come closer, but may draw away."""
    s = position(unit("1", "a", PIKES, 3, (50, 20), 90), unit("9", "b", PIKES, 3, (50, 21), -90))
    assert refused(run(s, "1", fwd(0.5))) == (
        "WC.MOVE.11",
        "it would come within 2 cm of enemy unit 9; the most it can do is 0 cm",
        0.0,
    )
    back = run(s, "1", Step(StepKind.BACK, dist=900))
    assert back.refusal is None and end(back) == (50.0, 11.0)
    assert refused(run(pikes(unit("9", "b", PIKES, 3, (50, 32), -90)), "1", fwd(15))) == (
        "WC.MOVE.11",
        "it would come within 2 cm of enemy unit 9; the most it can do is 10 cm",
        10.0,
    )


def test_WC_MOVE_8_a_column_on_a_road_moves_full_pace_and_pays_no_terrain() -> None:
    """[WC.MOVE.8] [WC.TERR.17] a column whose path stays on the road moves full pace even when capped
    at half, and the wood the road runs through costs single; off the road it pays double."""
    road = line("r", "road", (50, 0), (50, 120), width=4) + area("w", "woods", 0, 30, 180, 60)
    s = position(
        unit("1", "a", PIKES, 3, (50, 20), 90, files=1, extra=COLUMN),
        unit("3", "a", PIKES, 3, (100, 20), 90, files=1, extra=COLUMN),
        unit("2", "a", PIKES, 3, (140, 20), 90),
        terrain=road,
    )
    on = run(s, "1", fwd(20), cap=HALF)
    assert on.refusal is None and on.cost == 20.0 and on.allowance == 20.0 and end(on) == (50.0, 40.0)
    assert refused(run(s, "1", fwd(25), cap=HALF)) == (
        "WC.MOVE.12",
        "that costs 25 cm but the allowance is 20 cm; the most it can do is 20 cm",
        20.0,
    )
    assert refused(run(s, "3", fwd(20), cap=HALF)) == (
        "WC.MOVE.12",
        "that costs 30 cm but the allowance is 10 cm; the most it can do is 10 cm",
        10.0,
    )
    assert refused(run(s, "3", fwd(20)))[2] == 15.02
    assert refused(run(s, "2", fwd(20), cap=HALF))[2] == 10.0
    off = run(s, "1", Step(StepKind.TURN, angle=4500, left=True), fwd(5))
    assert off.refusal is None and off.cost == 5.0 and off.facing == 135.0


def test_WC_MOVE_4_following_a_friend_behind_is_out_of_arc() -> None:
    """[WC.MOVE.4] a follow that goes backwards is out of the arc: half pace and disordered."""
    s = position(unit("1", "a", PIKES, 3, (50, 40), 90), unit("2", "a", PIKES, 3, (50, 20), 90))
    assert refused(run(s, "1", Step(StepKind.FOLLOW, target="2"))) == (
        "WC.MOVE.12",
        "that costs 21.5 cm but the allowance is 10 cm; the most it can do is 10 cm",
        10.0,
    )
    m = run(s, "1", Step(StepKind.FOLLOW, target="2"), strict=False)
    assert end(m) == (50.0, 30.0) and m.out_of_arc and m.disordered and m.cut_short


def test_WC_GAP_2_half_pace_single_stand_squeezes_through_a_narrow_gap() -> None:
    """[WC.GAP.1] [WC.GAP.2] [WC.GAP.5] a single stand keeping to half pace passes a gap down to 2 cm (a
    thin corridor along its centre); at full pace it needs its own width."""
    s = position(unit("1", "a", PIKES, 1, (50, 20), 90), unit("L", "a", PIKES, 3, (43, 26), 90),
                 unit("R", "a", PIKES, 3, (57, 26), 90))  # fmt: skip
    squeeze = run(s, "1", fwd(10), cap=HALF)
    assert squeeze.refusal is None and end(squeeze) == (50.0, 30.0)
    assert refused(run(s, "1", fwd(10))) == (
        "WC.THROUGH.1",
        "friendly unit L is in the way (add 'through L' to pass through it); the most it can do is 4.5 cm",
        4.5,
    )
    narrow = position(unit("1", "a", PIKES, 1, (50, 20), 90), unit("L", "a", PIKES, 3, (43.5, 26), 90),
                      unit("R", "a", PIKES, 3, (56.5, 26), 90))  # fmt: skip
    assert refused(run(narrow, "1", fwd(10), cap=HALF))[2] == 4.39


def test_WC_TERR_7_skirmishers_pay_double_only_in_dense_terrain() -> None:
    """[WC.TERR.7] [WC.TERR.5a] [WC.TEST.30] (H) skirmishers ignore poor terrain but pay double in dense;
    [WC.TERR.13] (F) flyers ignore both."""
    dense = area("d", "dense", 0, 25, 180, 100)
    s = position(unit("J", "a", JAVELINS, 3, (50, 20), 90), terrain=dense)
    assert run(s, "J", fwd(10)).cost == 15.0
    fly = position(unit("F", "a", "empire.griffon", 1, (50, 20), 90), extra_head=FANTASY, terrain=dense)
    assert run(fly, "F", fwd(10)).cost == 10.0
    rough = position(unit("J", "a", JAVELINS, 3, (50, 20), 90), terrain=area("r", "rough", 0, 25, 180, 100))
    assert run(rough, "J", fwd(10)).cost == 10.0
    assert run(pikes(terrain=area("r", "rough", 0, 25, 180, 100)), "1", fwd(10)).cost == 15.0


def test_WC_TERR_13_flyers_ignore_all_terrain() -> None:
    """[WC.TERR.13] [WC.FANTASY.8] (F) flyers ignore all terrain: no stop on entering dense terrain and no
    1D6 starting in it, no stop at a river or the Bannock Burn, no cost for contours or obstacles; they
    still may not end on a unit or leave the table."""
    terrain = (
        area("d", "dense", 0, 25, 40, 100)
        + area("rv", "river", 40, 25, 80, 31)
        + area("h", "hill", 80, 25, 120, 100, level=1)
        + line("o", "obstacle", (120, 25), (160, 25))
        + line("bb", "bannock", (160, 25), (180, 25))
    )
    s = position(
        *(unit(f"F{i}", "a", "empire.griffon", 1, (x, 20), 90) for i, x in enumerate((20, 60, 100, 140, 170))),
        unit("D", "a", "empire.griffon", 1, (10, 40), 90),
        extra_head=FANTASY,
        terrain=terrain,
    )
    for i in range(5):
        m = run(s, f"F{i}", fwd(20))
        assert m.refusal is None and m.cost == 20.0 and m.allowance == 100.0
    assert not starts_in_dense(World(s), s.unit("D"))
    deep = run(s, "D", fwd(30))
    assert deep.refusal is None and deep.allowance == 100.0 and end(deep) == (10.0, 70.0)


# --- slanted and sideways cases (a facing that is not north exercises both coordinates) ---------------------


def test_WC_MOVE_11_close_and_contact_on_a_diagonal() -> None:
    """[WC.MOVE.11] [WC.MOVE.10] facing north-east, 'close' stops 2 cm short of the enemy ahead and
    'contact' touches the friend ahead; an enemy due east is not straight ahead; a friend 0.5 cm ahead
    is reached with 0.495 cm."""
    s = position(
        unit("1", "a", PIKES, 3, (50, 20), 45),
        unit("9", "b", PIKES, 3, (65, 35), -135),
        unit("2", "a", PIKES, 3, (50, 60), 45),
        unit("3", "a", PIKES, 3, (60, 70), 45),
    )
    close = run(s, "1", Step(StepKind.CLOSE, target="9"))
    assert close.refusal is None and end(close) == (63.58, 33.58) and round(close.cost, 3) == 19.207
    touch = run(s, "2", Step(StepKind.CONTACT, target="3"))
    assert touch.refusal is None and end(touch) == (58.94, 68.94) and round(touch.cost, 3) == 12.637
    east = position(unit("1", "a", PIKES, 3, (50, 20), 45), unit("9", "b", PIKES, 3, (80, 20), 180))
    assert refused(run(east, "1", Step(StepKind.CLOSE, target="9"))) == (
        "WC.MOVE.10",
        "unit 9 is not straight ahead: wheel or turn to face it first",
        None,
    )
    due_east = position(unit("1", "a", PIKES, 3, (50, 20), 0), unit("9", "b", PIKES, 3, (70, 20), 180))
    assert abs(run(due_east, "1", Step(StepKind.CLOSE, target="9")).path[-1][0] - 67.995) < 0.001
    near = position(unit("1", "a", PIKES, 3, (50, 20), 90), unit("2", "a", PIKES, 3, (50, 22), 90))
    m = run(near, "1", Step(StepKind.CONTACT, target="2"))
    assert m.refusal is None and abs(m.path[-1][1] - 20.495) < 0.001


EAST = [
    (dict(formation=C, target="left"), (50.0, 50.0),
     [(49.25, 50.0, 0.0), (47.75, 50.0, 0.0), (46.25, 50.0, 0.0), (44.75, 50.0, 0.0), (43.25, 50.0, 0.0),
      (41.75, 50.0, 0.0)]),
    (dict(formation=C, target="right"), (50.0, 30.0),
     [(49.25, 30.0, 0.0), (47.75, 30.0, 0.0), (46.25, 30.0, 0.0), (44.75, 30.0, 0.0), (43.25, 30.0, 0.0),
      (41.75, 30.0, 0.0)]),
    (dict(formation=H), (50.0, 42.0),
     [(49.25, 46.0, 0.0), (49.25, 42.0, 0.0), (49.25, 38.0, 0.0), (47.75, 38.0, 180.0), (47.75, 42.0, 180.0),
      (47.75, 46.0, 180.0)]),
    (dict(formation=L, files=2, target="right"), (50.0, 32.0),
     [(49.25, 34.0, 0.0), (49.25, 30.0, 0.0), (47.75, 34.0, 0.0), (47.75, 30.0, 0.0), (46.25, 34.0, 0.0),
      (46.25, 30.0, 0.0)]),
]  # fmt: skip


@pytest.mark.parametrize(("fields", "rp", "stands"), EAST)
def test_WC_FORM_9_formation_change_facing_east(
    fields: dict[str, object], rp: tuple[float, float], stands: list[tuple[float, float, float]]
) -> None:
    """[WC.FORM.9] [WC.FORM.6] six stands in line facing east (left is north): the left or right end
    stand, or the middle, is the anchor; a hedgehog of six is two lines back to back."""
    m = run(position(unit("1", "a", PIKES, 6, (50, 40), 0)), "1", Step(StepKind.FORM, **fields))  # type: ignore[arg-type]
    assert m.refusal is None and end(m) == rp
    assert [(round(r.cx, 2), round(r.cy, 2), round(r.facing, 2)) for r in m.rects] == stands


def test_WC_SCN_10a_crossing_eastwards_and_nothing_after() -> None:
    """[WC.SCN.10a] facing east at the bank of a north-south burn the unit crosses to 0.25 cm past it;
    the crossing spends the allowance, so a further step is refused; 1.5 cm short is not at the bank."""
    burn = line("bb", "bannock", (60, 0), (60, 120)) + line("bc", "bannock", (101.5, 0), (101.5, 120))
    s = position(unit("1", "a", PIKES, 3, (59.5, 40), 0), unit("3", "a", PIKES, 3, (100, 40), 0), terrain=burn)
    m = run(s, "1", Step(StepKind.CROSS))
    assert m.refusal is None and end(m) == (61.75, 40.0) and m.disordered
    assert [(round(r.cx, 2), round(r.cy, 2)) for r in m.rects] == [(61.0, 44.0), (61.0, 40.0), (61.0, 36.0)]
    more = run(s, "1", Step(StepKind.CROSS), fwd(1))
    assert refused(more, 1) == ("WC.MOVE.12", "that costs 21 cm but the allowance is 20 cm; the most it can do is 0 cm", 0.0)
    assert refused(run(s, "3", Step(StepKind.CROSS))) == (
        "WC.SCN.10a",
        "a unit crosses the Bannock Burn with a whole order, starting at its bank",
        None,
    )


def test_WC_ZOC_5_stepping_back_but_staying_in_the_zoc() -> None:
    """[WC.ZOC.5] a unit that starts in an enemy ZOC and steps back 1 cm (still in it) is refused."""
    s = position(unit("1", "a", PIKES, 3, (50, 20), 90), unit("9", "b", PIKES, 3, (50, 26), -90))
    assert refused(run(s, "1", Step(StepKind.BACK, dist=100))) == (
        "WC.ZOC.5",
        "it starts in the zone of control of enemy unit 9: it may only leave it (or charge, in part 2)",
        None,
    )


EAST_FLANKS = [
    (dict(formation=Formation.REFUSED, target="left"), (50.0, 42.75),
     [(49.25, 48.0, 0.0), (49.25, 44.0, 0.0), (49.25, 40.0, 0.0), (49.25, 36.0, 0.0), (48.0, 50.75, 90.0)]),
    (dict(formation=Formation.REFUSED, target="right"), (50.0, 37.25),
     [(49.25, 44.0, 0.0), (49.25, 40.0, 0.0), (49.25, 36.0, 0.0), (49.25, 32.0, 0.0), (48.0, 29.25, -90.0)]),
    (dict(formation=Formation.U), (50.0, 40.0),
     [(49.25, 44.0, 0.0), (49.25, 40.0, 0.0), (49.25, 36.0, 0.0), (48.0, 46.75, 90.0), (48.0, 33.25, -90.0)]),
]  # fmt: skip


@pytest.mark.parametrize(("fields", "rp", "stands"), EAST_FLANKS)
def test_WC_FORM_7_refused_flanks_facing_east(
    fields: dict[str, object], rp: tuple[float, float], stands: list[tuple[float, float, float]]
) -> None:
    """[WC.FORM.7] [WC.FORM.8] five stands facing east: the refused stand stands back at 90° at the left
    (north) or right (south) end, or at both for a U."""
    m = run(position(unit("1", "a", PIKES, 5, (50, 40), 0)), "1", Step(StepKind.FORM, **fields))  # type: ignore[arg-type]
    assert m.refusal is None and end(m) == rp
    assert [(round(r.cx, 2), round(r.cy, 2), round(r.facing, 2)) for r in m.rects] == stands


def test_WC_TERR_5_backing_or_sidling_into_dense_terrain() -> None:
    """[WC.TERR.5] the stop once wholly inside is checked in 0.25 cm steps along the path, whatever its
    direction: backing into dense terrain 0.05 cm behind stops after 0.25 cm; sidling left into it
    after 4.28 cm."""
    behind = pikes(terrain=area("d", "dense", 0, 0, 180, 19.95))
    assert refused(run(behind, "1", Step(StepKind.BACK, dist=100))) == (
        "WC.TERR.5",
        "a unit entering dense terrain stops as soon as it is wholly inside; the most it can do is 0.25 cm",
        0.25,
    )
    aside = position(unit("1", "a", PIKES, 1, (50, 20), 90), terrain=area("d", "dense", 0, 18.4, 47.95, 20.1))
    assert refused(run(aside, "1", Step(StepKind.LEFT, dist=600)))[2] == 4.28


def test_WC_GEOM_15_a_wheel_may_end_between_2_and_3_cm_from_an_enemy() -> None:
    """[WC.MOVE.11] [WC.GEOM.15] the limit is 2 cm: a wheel ending 2.5 cm from an enemy is legal."""
    s = position(unit("1", "a", PIKES, 3, (50, 40), 90), unit("9", "b", PIKES, 3, (38, 54.5), -90))
    m = run(s, "1", Step(StepKind.WHEEL, angle=9000, left=True))
    assert m.refusal is None and m.facing == 180.0


def test_WC_FORM_refusals_stop_the_plan() -> None:
    """[WC.FORM.5] [WC.FORM.9] a refused step ends the plan: the refusal is the first one; resolving, an
    illegal formation change stops the unit where it is; a change after a move adds its 10 cm."""
    cav = position(unit("1", "a", KNIGHTS, 4, (50, 40), 90))
    first = run(cav, "1", Step(StepKind.FORM, formation=H), fwd(50))
    assert refused(first) == ("WC.FORM.5", "only infantry may form a hedgehog", None)
    edge = position(unit("1", "a", PIKES, 4, (50, 3), 90))
    lax = run(edge, "1", Step(StepKind.FORM, formation=C), fwd(2), strict=False)
    assert lax.refusal is None and len(lax.path) == 1 and lax.cost == 0.0 and lax.formation is L
    four = position(unit("1", "a", PIKES, 4, (50, 40), 90))
    assert run(four, "1", fwd(5), Step(StepKind.FORM, formation=C)).cost == 15.0


def test_WC_MOVE_4_sideways_facing_east_and_backwards_on_a_road() -> None:
    """[WC.MOVE.4] [WC.MOVE.8] facing east, 'right' goes south; a road column moving to a point behind it
    along the road still moves out of its arc (disordered), though at full pace; a step that moves no
    distance does not end the plan."""
    east = run(position(unit("1", "a", PIKES, 3, (50, 40), 0)), "1", Step(StepKind.RIGHT, dist=500))
    assert east.refusal is None and end(east) == (50.0, 35.0) and east.disordered
    road = position(unit("1", "a", PIKES, 3, (50, 40), 90, files=1, extra=COLUMN),
                    terrain=line("r", "road", (50, 0), (50, 120), width=4))  # fmt: skip
    back = run(road, "1", Step(StepKind.MOVE_TO, x=5000, y=3000))
    assert back.refusal is None and end(back) == (50.0, 30.0) and back.out_of_arc and back.disordered
    assert back.allowance == 20.0
    touching = pikes(unit("2", "a", PIKES, 3, (50, 21.5), 90))
    m = run(touching, "1", Step(StepKind.CONTACT, target="2"), Step(StepKind.BACK, dist=200))
    assert m.refusal is None and end(m) == (50.0, 18.0)
