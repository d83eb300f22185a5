"""A turn in place that brings an enemy stand on opportunity into contact [PC.GEOM.10] [PC.OPP.4] (b) [PC.OPP.5].

Trigger (b) fires before a step or a turn that would create contact, but the responder must be able to make at least
one forward step into contact with the mover in the mover's current hex. A turn in place only ever brings a
neighbour into the front hexes, and no forward step from a hex next to X ends next to X with X in front (two forward
directions never add up to one hex), so a turn never draws a counter-charge: it is the mover's charge."""

from __future__ import annotations

from games.proconsul.group_move import group_move
from games.proconsul.movement import Track, do_move

from .helpers import P, ctx
from .test_rules_group_opportunity import board, stand, where

MELEE = [
    "melee 1: A (MC, 1913) attacks O (HI, 2014)",
    "red throws 6D6 [1, 1, 1, 1, 1, 1]: 0 hit(s)",
    "blue throws 5D6 [1, 1, 1, 1, 1]: 0 hit(s)",
    "A bounces to 2110, disordered [PC.RESULT.5]",
]


def test_PC_OPP_5_a_turn_into_contact_draws_no_counter_charge() -> None:
    """[PC.OPP.5] trigger (b) [PC.GEOM.10] [PC.MELEE.1]: A (MC at (0, 0), facing 0) turns one face left, bringing HI
    O on opportunity at (0, 1), facing A, into its front. O cannot step forward into contact with A in A's hex, so there
    is no counter-charge: the turn is A's charge (all dice 1, a draw: A bounces back to (3, -3))."""
    st = board(stand("O", (0, 1), "cat:HI", "blue", facing=1, opportunity=True))
    c = ctx(st, *[1] * 11)
    do_move(c, "A", [["turn", -1]], Track(P(0, 0)))
    assert where(st, "A", "O") == [(3, -3), (0, 1)]
    assert c.counter_charged == set()
    assert c.log == MELEE


def test_PC_OPP_5_a_group_turn_into_contact_draws_no_counter_charge_either() -> None:
    """[PC.OPP.5] trigger (b) [PC.MOVE.14]: the same turn made by the group A, B (B at (0, -1) contacts nobody) is
    A's charge as for a single stand; B stays at (0, -1)."""
    st = board(stand("O", (0, 1), "cat:HI", "blue", facing=1, opportunity=True))
    c = ctx(st, *[1] * 11)
    group_move(c, ["A", "B"], [[["turn", -1]]])
    assert where(st, "A", "B", "O") == [(3, -3), (0, -1), (0, 1)]
    assert c.counter_charged == set()
    assert c.log == ["group turn: A, B", *MELEE]
