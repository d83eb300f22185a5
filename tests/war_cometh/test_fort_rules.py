"""Defended and fortified status that mutation testing found never applied (issue 20): shieldwall in
shooting and melee, higher ground in a front-to-front melee, stakes planted with a unit, stakes against
mounted shooters [WC.FORT.4] [WC.FORT.10] [WC.FORT.11] [WC.FORT.14] [WC.SPECIAL.4] [WC.SPECIAL.6]."""

from __future__ import annotations

from games.war_cometh.combat import Bout, _grouped, fighting, stand_case, touches
from games.war_cometh.defence import Cover
from games.war_cometh.fire import cover, plan_shot
from games.war_cometh.melee import Modifier, StandCase, die_modifiers
from games.war_cometh.model import State
from games.war_cometh.reaction import reaction_mods
from games.war_cometh.world import World

from .helpers import position, unit

BOW = "base.longbowmen"
SPEAR = "base.spearmen"
DK = "english.feudal_knights_dmtd"
KN = "english.feudal_knights_mtd"
DEFENDED = Modifier("defended", -1, "WC.MELEE.10")
FORTIFIED = Modifier("fortified", -2, "WC.MELEE.10")


def cases(s: State, ids: tuple[str, ...] = ("K", "P")) -> dict[tuple[str, int], StandCase]:
    """Every fighting stand's case."""
    w = World(s)
    out = {}
    for uid, st in _grouped(fighting(w, touches(w, ids))).items():
        for i, ts in st.items():
            ts = sorted(ts, key=lambda t: (t.corner, t.enemy, t.enemy_stand))
            out[(uid, i)] = stand_case(w, Bout("a"), s.unit(uid), i, ts)
    return out


def drms(s: State, shooter: str = "A", target: str = "T") -> tuple[int, ...]:
    """Each firing stand's to-hit modifier."""
    w = World(s)
    plan = plan_shot(w, s.unit(shooter), s.unit(target))
    assert plan.ok, plan.problem
    return tuple(st.drm for st in plan.stands)


# [WC.FORT.10] shieldwall


def test_WC_FORT_10_shieldwall_is_defended_against_shooting() -> None:
    """[WC.FORT.10] [WC.SPECIAL.4]: spearmen in shieldwall shot at from their front are defended, −1 to each
    firing stand's dice; out of shieldwall they are not. Bug: the unit's flag never reached the cover test."""
    for flag, drm, c in ((True, -1, Cover.DEFENDED), (False, 0, Cover.NONE)):
        s = position(unit("A", "a", BOW, 2, (90, 40), 90),
                     unit("T", "b", SPEAR, 2, (90, 60), -90, extra=f"shieldwall = {str(flag).lower()}"))  # fmt: skip
        assert drms(s) == (drm, drm)
        w = World(s)
        assert cover(w, s.unit("T"), w.rects(s.unit("A"))[0]) is c


def test_WC_FORT_14_shieldwall_no_cover_against_shooting_from_the_flank() -> None:
    """[WC.FORT.14]: shieldwall protects only against a shooter whose point is in the unit's front zone."""
    s = position(unit("A", "a", BOW, 2, (60, 30), 0),
                 unit("T", "b", SPEAR, 2, (90, 30), -90, extra="shieldwall = true"))  # fmt: skip
    w = World(s)
    assert cover(w, s.unit("T"), w.rects(s.unit("A"))[0]) is Cover.NONE


def test_WC_FORT_10_shieldwall_is_defended_in_melee() -> None:
    """[WC.FORT.10] [WC.SPECIAL.4] [WC.MELEE.10]: dismounted knights fighting the front of spearmen in shieldwall
    roll at −1 ("defended"); the spearmen's own dice are not modified; without shieldwall neither is."""
    s = position(unit("K", "a", DK, 2, (90, 40), 90),
                 unit("P", "b", SPEAR, 2, (90, 40), -90, extra="shieldwall = true"))  # fmt: skip
    c = cases(s)
    assert {k: v.cover for k, v in c.items()} == {("K", 0): 1, ("K", 1): 1, ("P", 0): 0, ("P", 1): 0}
    assert die_modifiers(c[("K", 0)]) == (DEFENDED,)
    assert die_modifiers(c[("P", 0)]) == ()
    s = position(unit("K", "a", DK, 2, (90, 40), 90), unit("P", "b", SPEAR, 2, (90, 40), -90))
    assert {v.cover for v in cases(s).values()} == {0}


# [WC.FORT.4] higher ground in a melee


def hill(y0: float, y1: float, level: int = 1) -> str:
    return f'[[areas]]\nid = "h{level}"\nkind = "hill"\nlevel = {level}\npoints = [[0, {y0}], [180, {y0}], [180, {y1}], [0, {y1}]]\n'


def test_WC_FORT_4_higher_ground_is_defended_in_a_front_to_front_melee() -> None:
    """[WC.FORT.4] [WC.MELEE.10]: spearmen on a hill whose contour runs along the contact are uphill of the
    dismounted knights below: the knights roll at −1 ("defended"), the spearmen at no modifier. Bug: levels
    were read at front-edge midpoints, which two stands in contact share, so neither was ever uphill
    (ruling: in a melee a stand's level is read at its centre, docs/rulings/war-cometh.md)."""
    s = position(unit("K", "a", DK, 2, (90, 40), 90), unit("P", "b", SPEAR, 2, (90, 40), -90), terrain=hill(40, 100))
    c = cases(s)
    assert {k: v.cover for k, v in c.items()} == {("K", 0): 1, ("K", 1): 1, ("P", 0): 0, ("P", 1): 0}
    assert die_modifiers(c[("K", 0)]) == (DEFENDED,)
    assert die_modifiers(c[("P", 0)]) == ()


def test_WC_FORT_4_uphill_attacker_is_not_defended_and_level_ground_gives_nothing() -> None:
    """[WC.FORT.4]: the knights on the hill are uphill of the spearmen below (the spearmen roll at −1); both on
    the same hill, neither is uphill."""
    s = position(unit("K", "a", DK, 2, (90, 40), 90), unit("P", "b", SPEAR, 2, (90, 40), -90), terrain=hill(0, 40))
    assert {k: v.cover for k, v in cases(s).items()} == {("K", 0): 0, ("K", 1): 0, ("P", 0): 1, ("P", 1): 1}
    s = position(unit("K", "a", DK, 2, (90, 40), 90), unit("P", "b", SPEAR, 2, (90, 40), -90), terrain=hill(0, 100))
    assert {v.cover for v in cases(s).values()} == {0}


# [WC.FORT.11] [WC.SPECIAL.6] stakes planted with the unit (its scenario flag)


def bows_vs(attacker: str, stakes: bool, terrain: str = "") -> State:
    return position(unit("K", "a", attacker, 2, (90, 40), 90),
                    unit("P", "b", BOW, 2, (90, 40), -90, extra=f"stakes = {str(stakes).lower()}"),
                    terrain=terrain)  # fmt: skip


def test_WC_FORT_11_planted_stakes_defend_archers_against_cavalry_in_melee() -> None:
    """[WC.FORT.11] [WC.SPECIAL.6] [WC.SPECIAL.7]: archers whose ``stakes`` flag is set have stakes along their
    front-rank front edges: mounted knights fighting that front roll at −1 ("defended"); dismounted knights
    roll unmodified (no effect on infantry), and so do mounted knights against archers without stakes. Bug:
    the flag was read from the scenario and never used."""
    c = cases(bows_vs(KN, True))
    assert {k: v.cover for k, v in c.items()} == {("K", 0): 1, ("K", 1): 1, ("P", 0): 0, ("P", 1): 0}
    assert die_modifiers(c[("K", 0)]) == (DEFENDED,)
    assert {k: v.cover for k, v in cases(bows_vs(DK, True)).items() if k[0] == "K"} == {("K", 0): 0, ("K", 1): 0}
    assert {k: v.cover for k, v in cases(bows_vs(KN, False)).items() if k[0] == "K"} == {("K", 0): 0, ("K", 1): 0}


def test_WC_FORT_11_planted_stakes_and_uphill_are_fortified_against_cavalry_in_melee() -> None:
    """[WC.FORT.11] [WC.FORT.4]: archers behind their stakes and uphill of the knights are fortified, −2
    ("fortified"); against dismounted knights the hill alone makes them defended, −1."""
    c = cases(bows_vs(KN, True, hill(40, 100)))
    assert {k: v.cover for k, v in c.items() if k[0] == "K"} == {("K", 0): 2, ("K", 1): 2}
    assert die_modifiers(c[("K", 0)]) == (FORTIFIED,)
    c = cases(bows_vs(DK, True, hill(40, 100)))
    assert die_modifiers(c[("K", 0)]) == (DEFENDED,)


# [WC.FORT.11] stakes against mounted shooters

HA = "base.horse_archers"


def shooters(shooter: str, stakes: bool, terrain: str = "") -> State:
    """Shooter A (2 stands) 10 cm in front of archers T."""
    return position(unit("A", "a", shooter, 2, (90, 40), 90),
                    unit("T", "b", BOW, 2, (90, 50), -90, extra=f"stakes = {str(stakes).lower()}"),
                    terrain=terrain)  # fmt: skip


def test_WC_FORT_11_stakes_defend_archers_against_horse_archers() -> None:
    """[WC.FORT.11] [WC.SPECIAL.6]: horse archers shooting at the staked front of archers shoot at −1 more than
    without stakes (defended); foot archers get no such penalty. Bug: the cover test was never told the
    shooter was mounted, so stakes never counted against shooting."""
    assert drms(shooters(HA, False)) == (0, 0)
    assert drms(shooters(HA, True)) == (-1, -1)
    assert drms(shooters(BOW, True)) == (0, 0)
    w = World(shooters(HA, True, hill(45, 100)))
    s = w.state
    assert cover(w, s.unit("T"), w.rects(s.unit("A"))[0], attacker_cavalry=True) is Cover.FORTIFIED
    assert drms(s) == (-2, -2)


def test_WC_FORT_11_stakes_lines_count_against_horse_archers() -> None:
    """[WC.FORT.11]: a scenario stakes line just in front of the archers counts the same against horse archers."""
    line = '[[lines]]\nid = "x"\nkind = "stakes"\npoints = [[0, 49], [180, 49]]\n'
    assert drms(shooters(HA, False, line)) == (-1, -1)
    assert drms(shooters(BOW, False, line)) == (0, 0)


def test_WC_FORT_11_stakes_count_in_the_reaction_test_against_cavalry() -> None:
    """[WC.FORT.11] [WC.REACT.12]: archers with stakes tested with mounted knights the nearest enemy in front
    count as defended (as they would in the melee); against dismounted knights they do not."""
    for attacker, defended in ((KN, True), (DK, False)):
        s = position(unit("K", "a", attacker, 2, (90, 30), 90),
                     unit("P", "b", BOW, 2, (90, 40), -90, extra="stakes = true"))  # fmt: skip
        m = reaction_mods(World(s), s.unit("P"))
        assert (m.defended, m.fortified) == (defended, False)



def test_WC_FORT_1_melee_cover_counts_front_rank_stands_only() -> None:
    """[WC.FORT.1] [WC.FORT.4]: spearmen three ranks deep (2 files) at the foot of a hill, only their rear two
    ranks on it, are not uphill of the knights at their front: their front rank is on the knights' level. Bug:
    the melee cover test counted every stand of the unit, so the rear ranks made the unit "defended"."""
    s = position(unit("K", "a", DK, 2, (90, 40), 90), unit("P", "b", SPEAR, 6, (90, 40), -90, files=2),
                 terrain=hill(41.6, 100))  # fmt: skip
    c = cases(s)
    assert {k: v.cover for k, v in c.items()} == {("K", 0): 0, ("K", 1): 0, ("P", 0): 0, ("P", 1): 0}
    assert die_modifiers(c[("K", 0)]) == ()
