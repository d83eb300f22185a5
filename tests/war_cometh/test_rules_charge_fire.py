"""Fire at a charger, stand by stand [WC.SHOOT.28]: each stand that may fire with the charger at its contact
position fires there; a stand that may not there fires with the charger at its starting position, if it may
there. Neighbours of the charged unit [WC.SHOOT.27] fire at the contact position too, although the charger
touches the charged unit there; a neighbour's stand that itself touches the charger may not fire there."""

from __future__ import annotations

from dataclasses import replace

from campaign.kit.scripted import ScriptedDice
from games.war_cometh.model import State
from games.war_cometh.shooting import Band
from games.war_cometh.volley import _charge_plan, charge_fire

from .helpers import position, unit

BOW = "base.longbowmen"
KNIGHTS = "scots.knights_mtd_a5"


def charge(
    contact: tuple[float, float], start: tuple[float, float], charged: str = "base.spearmen", *, hold: bool = False,
    neighbour: bool = True,
) -> tuple[State, State]:
    """Unit C (3 stands, front edge 44–56 cm at y 20, facing up) charged by knights K (2 stands, 8 cm, facing
    down); longbowmen L 0.5 cm to C's right (stands 0–2 at 56.5–68.5 cm), with a Hold Fire marker if ``hold``.
    K at its contact position and at its start; their turn."""
    friends = [unit("C", "a", charged, 3, (50, 20), 90)]
    if neighbour:
        friends.append(unit("L", "a", BOW, 3, (62.5, 20), 90))
    out = []
    for at in (contact, start):
        s = replace(position(*friends, unit("K", "b", KNIGHTS, 2, at, -90)), active="b")
        if hold:
            s = s.with_unit(replace(s.unit("L"), hold_fire=True))
        out.append(s)
    return out[0], out[1]


def stands(s: State, start: State, uid: str, own: bool) -> list[tuple[int, Band, float, int]]:
    plan = _charge_plan(s, start, s.unit(uid), "K", own)
    return [(x.index, x.band, round(x.distance, 2), x.drm) for x in plan.stands]


def test_WC_SHOOT_28_neighbour_stands_fire_at_the_contact_position_else_at_the_start() -> None:
    """[WC.SHOOT.28] [WC.SHOOT.27]: K contacts spearmen C head on and started 20 cm out. Longbow stand L0 sees K
    at contact (3.54 cm, effective, +0); L1 and L2 do not (out of arc) and fire at K's start (long range, −1).
    With a Hold Fire marker L fires at full effect, stand by stand: 4, 3 at +0 is one hit; 4, 5 at −1 one hit;
    6, 1 at −1 one hit (natural 6). The effective-range hit is saved on 5+ (4: unsaved), the long-range ones on
    4+ (longbows at long range improve armor [WC.SHOOT.21]: 4 saved, 3 unsaved): two unsaved, two disorder
    dice (4, 4: they hold); the knights keep both hits in their pool and L loses its marker."""
    s, start = charge((50, 20), (50, 40), hold=True)
    assert stands(s, start, "L", False) == [
        (0, Band.EFFECTIVE, 3.54, 0), (1, Band.LONG, 21.03, -1), (2, Band.LONG, 22.59, -1),
    ]  # fmt: skip
    d = ScriptedDice.of(6, 4, 3, 4, 5, 6, 1, 4, 4, 3, 4, 4)
    lines: list[str] = []
    after = charge_fire(s, "K", "C", d, lines, before=start)
    assert [p for _, p in d.log] == [
        "shoot_hit: unit L at the charging unit K (2 dice, +0)",
        "shoot_hit: unit L at the charging unit K (2 dice, +0)",
        "shoot_hit: unit L at the charging unit K (2 dice, -1)",
        "shoot_hit: unit L at the charging unit K (2 dice, -1)",
        "shoot_hit: unit L at the charging unit K (2 dice, -1)",
        "shoot_hit: unit L at the charging unit K (2 dice, -1)",
        "save: unit K saves on 5+",
        "save: unit K saves on 4+",
        "save: unit K saves on 4+",
        "disorder: unit K hit by charge fire",
        "disorder: unit K hit by charge fire",
    ]
    assert lines == [
        "Fire at the charging unit K from unit L: 3 hits, 2 unsaved.",
        "Unit K (Knights) tests for disorder (hit by shooting): 4+0, holds.",
        "Unit K (Knights) tests for disorder (hit by shooting): 4+0, holds.",
    ]
    assert after.unit("K").hits == 2 and not after.unit("L").hold_fire and not d.script


def test_WC_SHOOT_28_a_neighbour_fires_at_contact_when_the_start_was_out_of_arc() -> None:
    """[WC.SHOOT.28] [WC.SHOOT.27]: K started 20 cm to the left, outside every longbow stand's arc; at contact L0
    sees it (3.54 cm), so L fires at half effect: 2 dice halved, 1 die: a 6 hits, saved on 5+ by a 5."""
    s, start = charge((50, 20), (30, 30))
    assert stands(s, start, "L", False) == [(0, Band.EFFECTIVE, 3.54, 0)]
    d = ScriptedDice.of(6, 6, 5)
    lines: list[str] = []
    after = charge_fire(s, "K", "C", d, lines, before=start)
    assert [p for _, p in d.log] == [
        "shoot_hit: unit L at the charging unit K (1 dice, +0)",
        "save: unit K saves on 5+",
    ]
    assert lines == ["Fire at the charging unit K from unit L: 1 hits, 0 unsaved."]
    assert after.unit("K") == s.unit("K") and not d.script


def test_WC_SHOOT_28_a_neighbour_stand_touching_the_charger_fires_at_its_start() -> None:
    """[WC.SHOOT.28] [WC.SHOOT.27]: K contacts C's right and touches L0 too (K spans 52–60 cm): L0 may not fire
    at contact and fires at K's start 10 cm out (10.0 cm); L1 fires at contact (0.71 cm); L2 has K out of arc
    at contact and fires at its start (10.97 cm)."""
    s, start = charge((56, 20), (56, 30))
    assert stands(s, start, "L", False) == [
        (0, Band.EFFECTIVE, 10.0, 0), (1, Band.EFFECTIVE, 0.71, 0), (2, Band.EFFECTIVE, 10.97, 0),
    ]  # fmt: skip


def test_WC_SHOOT_28_the_charged_unit_stand_by_stand() -> None:
    """[WC.SHOOT.28] [WC.SHOOT.26]: K contacts crossbowmen C's right two stands (52–56 cm); C0 (44–48 cm) has K
    out of arc at contact and fires at its start 10 cm out (10.77 cm), C1 and C2 at contact: three stands, one
    die each, 6, 4, 3: two hits, saved on 5+ by 5 and unsaved by 2, one disorder die."""
    s, start = charge((56, 20), (56, 30), "base.crossbowmen", neighbour=False)
    assert stands(s, start, "C", True) == [
        (0, Band.EFFECTIVE, 10.77, 0), (1, Band.EFFECTIVE, 0.0, 0), (2, Band.EFFECTIVE, 0.0, 0),
    ]  # fmt: skip
    d = ScriptedDice.of(6, 6, 4, 3, 5, 2, 4)
    lines: list[str] = []
    after = charge_fire(s, "K", "C", d, lines, before=start)
    assert [p for _, p in d.log] == ["shoot_hit: unit C at the charging unit K (1 dice, +0)"] * 3 + [
        "save: unit K saves on 5+"
    ] * 2 + ["disorder: unit K hit by charge fire"]
    assert lines == [
        "Fire at the charging unit K from unit C: 2 hits, 1 unsaved.",
        "Unit K (Knights) tests for disorder (hit by shooting): 4+0, holds.",
    ]
    assert after.unit("K").hits == 1 and not d.script
