"""Shooting and artillery: the spec's worked examples with fixed dice [HH.SHOOT.*, HH.ART.*]."""

from __future__ import annotations

import json

import pytest

from games.hordes_heroes import RULESET as R
from games.hordes_heroes.model import Band, Weapon
from games.hordes_heroes.shooting import shooting_phase, small_arms_dice, suppressed, to_hit

from .helpers import PROFILES, Dice, Facing, Formation, H, P, make_state


def _bow(shoot, weapon):
    p = P(f"s{shoot}{weapon}", "Shooters", "infantry", "C", "1CR", 2, 0, shoot)
    return p.__class__(**{**{s: getattr(p, s) for s in p.__slots__}, "weapon": Weapon(weapon)})


@pytest.mark.parametrize(
    "shoot, weapon, armour, need",
    [
        (7, "bow", "A2", 9),
        (7, "bow", "A1", 8),
        (5, "bow", "A2", 7),
        (8, "bow", "A2", 10),
        (7, "gunpowder", "A2", 7),
        (7, "crossbow", "A1", 7),
        (7, "crossbow", "A2", 8),
    ],
)
def test_HH_EX_9_HH_EX_10_to_hit_with_armour_HH_SHOOT_17(shoot, weapon, armour, need):
    """HH.EX.9, HH.EX.10, HH.SHOOT.17: crossbows lower armour by one, gunpowder cancels it."""
    PROFILES["shooter"] = _bow(shoot, weapon)
    PROFILES["target"] = P("target", "Target", "infantry", "B", "1CR", 4, traits=[armour])
    st = make_state([(1, "south", "shooter", (0, 6), Facing.N), (2, "north", "target", (0, 4), Facing.S)])
    assert to_hit(st, st.units[1], st.units[2]) == need


@pytest.mark.parametrize("weapon, need", [("bow", 11), ("crossbow", 10), ("gunpowder", 9)])
def test_HH_EX_11_woodland_target_HH_TERR_30(weapon, need):
    """HH.EX.11, HH.TERR.30, HH.TERR.28, HH.SHOOT.19: A2 infantry in a wood at range 2."""
    PROFILES["shooter"] = _bow(7, weapon)
    PROFILES["target"] = P("target", "Target", "infantry", "B", "1CR", 4, traits=["A2"])
    st = make_state(
        [(1, "south", "shooter", (0, 6), Facing.N), (2, "north", "target", (0, 4), Facing.S)], terrain={(0, 4): "wood"}
    )
    assert to_hit(st, st.units[1], st.units[2]) == need


@pytest.mark.parametrize(
    "weapon, facing, formation, need",
    [
        ("bow", Facing.S, "deployed", 10),
        ("crossbow", Facing.S, "deployed", 9),
        ("gunpowder", Facing.S, "deployed", 8),
        ("bow", Facing.N, "deployed", 8),
        ("bow", Facing.S, "column", 8),
    ],
)
def test_HH_EX_12_pavisses_HH_SPECIAL_7(weapon, facing, formation, need):
    """HH.EX.12, HH.SPECIAL.7, HH.SHOOT.18: +2 against bows and crossbows, +1 against guns, front arc, deployed."""
    PROFILES["shooter"] = _bow(7, weapon)
    st = make_state(
        [
            (1, "south", "shooter", (0, 6), Facing.N),
            (2, "north", "pavisse", (0, 4), facing, {"formation": Formation(formation)}),
        ]
    )
    assert to_hit(st, st.units[1], st.units[2]) == need


def test_HH_EX_13_suppression_ratios_HH_SHOOT_21():
    """HH.EX.13, HH.SHOOT.21, HH.SHOOT.22: 12 in the open suppress 6; 12 in cover 12; 7 in the open 3."""
    assert suppressed(12, False) == 6 and suppressed(12, True) == 12 and suppressed(7, False) == 3


@pytest.mark.parametrize(
    "stands, formation, disrupted, n",
    [
        (1, "deployed", True, 1),
        (2, "deployed", True, 1),
        (3, "deployed", True, 2),
        (4, "deployed", True, 2),
        (3, "deployed", False, 3),
        (4, "column", False, 2),
        (4, "column", True, 1),
    ],
)
def test_HH_EX_14_dice_counts_HH_SHOOT_15(stands, formation, disrupted, n):
    """HH.EX.14, HH.SHOOT.15, HH.SHOOT.16, HH.MOVE.16: column cap first, then halve up."""
    st = make_state(
        [
            (
                1,
                "south",
                "longbow",
                (0, 6),
                Facing.N,
                {"stands": stands, "formation": Formation(formation), "disrupted": disrupted},
            )
        ]
    )
    assert small_arms_dice(st, st.units[1]) == n


def test_HH_EX_8_crossbows_shoot_charging_men_at_arms():
    """HH.EX.8, HH.SHOOT.13, HH.SHOOT.24, HH.SHOOT.27, HH.COMP.12, HH.CRT.6: 8+, 3 hits, B/3 recoil breaks contact."""
    PROFILES["xbow"] = P("xbow", "Genoese Crossbowmen", "infantry", "C", "1CR", 2, 0, 7)
    PROFILES["xbow"] = PROFILES["xbow"].__class__(
        **{**{s: getattr(PROFILES["xbow"], s) for s in PROFILES["xbow"].__slots__}, "weapon": Weapon.CROSSBOW}
    )
    st = make_state(
        [
            (1, "south", "mma", (0, 5), Facing.N, {"contacted_by": ()}),
            (12, "north", "xbow", (0, 4), Facing.S, {"contacted_by": (1,)}),
        ]
    )
    d = Dice(4, 8, 10, 12)
    lines = shooting_phase(st, d, {})
    assert d.log[0][1] == "shooting: unit 12 (Genoese Crossbowmen) at unit 1 (Mounted Men-at-Arms), die 1 of 4"
    assert "needing 8+" in "\n".join(lines) and st.units[1].hex != H(0, 5)
    assert st.units[1].hex.distance(st.units[12].hex) == 2


def test_HH_EX_17_artillery_band_with_woodland_HH_ART_8():
    """HH.EX.17, HH.ART.8, HH.ART.9: H 8+, 2H 11+, 3H 12 becomes H 10+ only; an 11 scores 1 hit."""
    assert Band(3, 8, 11, 12).hits(11, 2) == 1 and Band(3, 8, 11, 12).hits(12, 0) == 3


def test_HH_WIN_battle_through_the_ruleset_replays_identically():
    """HH.WIN.8, HH.WIN.10, HH.DATA.7, HH.SEQ.15: a battle played to the end; dump/load equals the live state."""
    st = R.setup("skirmish-midbattle", {})
    rolls = [((i * 7) % 6) + 1 for i in range(4000)]

    class D:
        i = 0

        def roll(self, sides, purpose):
            D.i += 1
            return (rolls[D.i] % sides) + 1

    story = []
    for _ in range(30):
        if R.outcome(st):
            break
        for req in R.pending(st):
            if not req.optional:
                st = R.apply_orders(st, R.parse_orders(st, req.side, ""))
        res = R.resolve(st, D())
        st = res.state
        story += res.narrative
        d = json.loads(json.dumps(R.dump(st)))
        assert R.dump(R.load(d)) == d
    assert R.outcome(st) is not None
