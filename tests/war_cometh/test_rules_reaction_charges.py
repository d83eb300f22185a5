"""Charges made as a Reaction Test result: the nearest legal target, charge fire, and the melee
fought at once [WC.REACT.17] [WC.REACT.18]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign.kit.scripted import ScriptError, ScriptedDice
from games.war_cometh.model import Condition, State
from games.war_cometh.reactphase import _reaction_charge, resolve_reactions

from .helpers import position, unit

KN = "english.feudal_knights_mtd"
PK = "scots.lowland_pikes_stdy"
TEST_13_MELEE = (
    *[6, 5, 3, 6, 1, 2, 4, 6],
    *[4, 1, 5, 6, 2, 3, 4, 4, 6, 1, 2, 5, 3, 3, 6, 2],
    *[6, 2, 3],
    *[5, 1, 2, 6, 3, 4, 5, 2],
)
"""The melee dice of the worked example [WC.TEST.13]."""


def _knights_and_pikes() -> State:
    return position(unit("K", "a", KN, 2, (90, 40), 90), unit("P", "b", PK, 6, (90, 60), -90, files=2))


def test_WC_REACT_18_the_melee_is_fought_at_once() -> None:
    """[WC.REACT.18] [WC.REACT.17] [WC.SEQ.3] knights with a threat chit roll 6 (+2): Charge/Fire;
    they charge the pikes 20 cm ahead at once and the melee is fought in full in the Reaction Test
    Phase, with the knights as the attacker: the worked example's dice give its result (2 against
    7, a stand lost, 5 cm back, disordered); the pikes take a combat chit; the knights may not move
    or shoot later this turn [WC.REACT.10]."""
    s = _knights_and_pikes()
    s = s.with_unit(replace(s.unit("K"), chits=("threat",)))
    dice = ScriptedDice.of(6, 6, *TEST_13_MELEE)
    lines: list[str] = []
    after = resolve_reactions(s, dice, lines)
    dice.assert_used_up()
    assert lines == [
        "Unit K (Feudal Knights) takes a Reaction Test: rolled 6, total 8: Charge/Fire.",
        "Unit K (Feudal Knights) charges unit P (Lowland Pikes) in the front, 20.0 cm [WC.REACT.17].",
        "Melee: K (Feudal Knights), P (Lowland Pikes).",
        "Unit K fights: 4 dice on 6+: 2; 4 dice on 6+: 1.",
        "Unit P fights: 4 dice on 4+: 3; 4 dice on 4+: 2; 4 dice on 4+: 2; 4 dice on 4+: 1.",
        "Unit K loses 1 stand(s).",
        "Totals: A 2 (2 hits), B 7 (5 hits).",
        "B win the round 7 to 2.",
        "Unit K falls back 5.00 cm.",
        "Unit K (Feudal Knights) is disordered (fell back 3 cm or more after losing a melee).",
        "Unit P (Lowland Pikes) receives a combat Reaction Chit.",
    ]
    k, p = after.unit("K"), after.unit("P")
    assert (len(k.stands), k.condition, k.charged, k.frozen, k.acted) == (1, Condition.DISORDERED, "", True, True)
    assert p.chits == ("combat",) and len(p.stands) == 6


def test_WC_REACT_18_the_reaction_charge_is_fired_on() -> None:
    """[WC.REACT.18] [WC.SHOOT.26] a reaction charge on longbowmen is met by their charge fire
    (six dice, two per stand) before the melee starts."""
    s = position(unit("K", "a", KN, 2, (90, 40), 90), unit("B", "b", "base.longbowmen", 3, (90, 60), -90))
    dice = ScriptedDice.of(6, *[1] * 12)
    lines: list[str] = []
    with pytest.raises(ScriptError):
        _reaction_charge(s, s.unit("K"), dice, lines)
    purposes = [p for _, p in dice.log]
    assert purposes[:6] == ["shoot_hit: unit B at the charging unit K (2 dice, +0)"] * 6
    assert purposes[6] == "melee_hit: unit K stand 1"
    assert lines == [
        "Unit K (Feudal Knights) charges unit B (Longbowmen) in the front, 20.0 cm [WC.REACT.17].",
        "Fire at the charging unit K from unit B: 0 hits, 0 unsaved.",
        "Melee: B (Longbowmen), K (Feudal Knights).",
    ]


def test_WC_REACT_17_no_legal_target_no_charge() -> None:
    """[WC.REACT.17] [WC.REACT.18] an enemy outside the frontal arc is no legal target: no charge
    is made (the unit advances instead) and no die is rolled."""
    s = position(unit("K", "a", KN, 2, (90, 40), -90), unit("P", "b", PK, 6, (90, 60), -90, files=2))
    dice = ScriptedDice([])
    assert _reaction_charge(s, s.unit("K"), dice, []) is None and dice.log == []
