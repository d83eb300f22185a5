"""Sequence of play, command control, ammunition, crossbow timing [CH.SEQ.*] [CH.COMMAND.*] [CH.AMMO.*],
vectors TV-44..TV-51, TV-93."""

from __future__ import annotations

import pytest

from games.cry_havoc import orders as O
from games.cry_havoc.combat import Combat, uncommanded_problem
from games.cry_havoc.command import allocate, commanded
from games.cry_havoc.effects import Ctx
from games.cry_havoc.engine import roll_ammunition
from games.cry_havoc.fire import aim, crossbow_barred
from games.cry_havoc.model import Condition
from games.cry_havoc.movement import Illegal, fresh_contacts, reachable_foot
from games.cry_havoc.phase import Run, run_phase
from games.cry_havoc.state import Step

from .helpers import H, ctx, make, man, set_


def test_TV_44_knight_command_radius() -> None:
    """TV-44 [CH.COMMAND.4] [CH.COMMAND.9]: within 6 commanded, 7 not."""
    st = make(config={"options.command_control": True})
    man(st, "K", "knight", "red", (0, 0))
    man(st, "A", "man_at_arms", "red", (6, 0))
    man(st, "B", "man_at_arms", "red", (7, 0))
    got = commanded(st, "red")
    assert "A" in got and "B" not in got and "K" in got


def test_TV_45_sergeant_allotment() -> None:
    """TV-45 [CH.COMMAND.3] [CH.COMMAND.2]: a sergeant commands only his allotted men within 4."""
    st = make()
    man(st, "S", "sergeant", "red", (0, 0))
    man(st, "A1", "shortbowman", "red", (4, 0), sergeant="S")
    man(st, "A2", "shortbowman", "red", (0, 5), sergeant="S")
    man(st, "M", "man_at_arms", "red", (2, 0))
    got = commanded(st, "red")
    assert "A1" in got and "A2" not in got and "M" not in got


def test_TV_46_thirty_at_most() -> None:
    """TV-46 [CH.COMMAND.7] [CH.PBEM.9]: the engine's allocation: one knight, 31 men in range: ids 1-30
    commanded, 31 not."""
    st = make()
    man(st, "K", "knight", "red", (0, 0))
    spots = [h for h in H(0, 0).within(6) if h != H(0, 0)]
    for i in range(1, 32):
        h = spots[i]
        man(st, f"M{i:02d}", "peasant", "red", (h.q - H(0, 0).q, h.r - H(0, 0).r))
    owner = allocate(st, "red")
    assert len(owner) == 30 and "M31" not in owner


def test_CH_COMMAND_5_stunned_commander() -> None:
    """[CH.COMMAND.5]: a stunned knight gives no command (by default)."""
    st = make()
    man(st, "K", "knight", "red", (0, 0), condition=Condition.STUNNED)
    man(st, "A", "man_at_arms", "red", (2, 0))
    assert "A" not in commanded(st, "red")
    st2 = make(config={"command.stunned_commander": True})
    man(st2, "K", "knight", "red", (0, 0), condition=Condition.STUNNED)
    man(st2, "A", "man_at_arms", "red", (2, 0))
    assert "A" in commanded(st2, "red")


def test_TV_47_TV_93_uncommanded() -> None:
    """TV-47, TV-93 [CH.COMMAND.8]: no new contact; attack only those who attacked him."""
    st = make()
    u = man(st, "U", "man_at_arms", "red", (0, 0))
    man(st, "E", "man_at_arms", "blue", (3, 0))
    fresh = fresh_contacts(st, u, commanded=False)
    reach = reachable_foot(st, u, fresh)
    assert H(2, 0) not in reach and H(-2, 0) in reach
    st2 = make()
    man(st2, "U", "man_at_arms", "red", (0, 0), attacked_by=("X",))
    man(st2, "X", "man_at_arms", "blue", (1, 0))
    man(st2, "Y", "man_at_arms", "blue", (0, 1))
    assert uncommanded_problem(st2, Combat(("U",), ("X",)), frozenset(), {}) is None
    assert uncommanded_problem(st2, Combat(("U",), ("Y",)), frozenset(), {})
    st3 = make(config={"command.uncommanded_attack": "in_contact"})
    man(st3, "U", "man_at_arms", "red", (0, 0))
    man(st3, "Y", "man_at_arms", "blue", (0, 1))
    assert uncommanded_problem(st3, Combat(("U",), ("Y",)), frozenset(), {"U": frozenset({"Y"})}) is None


def test_TV_48_ammunition() -> None:
    """TV-48 [CH.AMMO.2] [CH.AMMO.3] [CH.AMMO.1]: 4 + 7 + 10 = 21 missiles; none left, no shot."""
    st = make(config={"options.ammunition": True})
    man(st, "S", "shortbowman", "red", (0, 0))
    roll_ammunition(ctx(st, 4, 7, 10))
    assert st.characters["S"].missiles == 21
    t = man(st, "T", "peasant", "blue", (3, 0))
    set_(st, "S", missiles=0)
    with pytest.raises(Illegal) as e:
        aim(st, st.characters["S"], Step.SHORTBOW_1, t)
    assert e.value.code == "CH.AMMO.3"


def test_TV_49_stun_recovery() -> None:
    """TV-49 [CH.SEQ.7] [CH.STATE.4] [CH.STATE.5]: a stunned man recovers at step 6 of his own phase only."""
    st = make()
    man(st, "Y", "man_at_arms", "blue", (0, 0), condition=Condition.STUNNED)
    man(st, "X", "man_at_arms", "red", (5, 0))
    run_phase(Run(ctx(st), [], validate=False))  # red's phase: no recovery for blue
    assert st.characters["Y"].stunned
    st.phasing = 1
    run = Run(ctx(st), [(1, O.Move("Y", to=H(0, 1)))], validate=True)
    run_phase(run)
    assert run.problems and run.problems[0][1].code == "CH.STATE.4"
    assert st.characters["Y"].condition is Condition.UNWOUNDED


def test_TV_50_TV_51_crossbow_timing() -> None:
    """TV-50 [CH.SEQ.9], TV-51 [CH.SEQ.4] [CH.SEQ.6]: a crossbowman who fought in the previous phase may not
    fire; one who fired may not move, but may attack."""
    st = make()
    c = man(st, "C", "crossbowman", "blue", (0, 0), fought_phases=(0,))
    st.phasing = 1  # phase 1: blue, right after red's phase 0
    assert crossbow_barred(st, c)
    st.turn = 2  # phase 3: red's phase 2 came between
    assert not crossbow_barred(st, c)
    st2 = make(config={"seq.crossbow_engaged_window": "two_phases"})
    c2 = man(st2, "C", "crossbowman", "blue", (0, 0), fought_phases=(1,))
    st2.turn, st2.phasing = 2, 1
    assert crossbow_barred(st2, c2)
    st3 = make()
    man(st3, "C", "crossbowman", "red", (0, 0))
    man(st3, "T", "peasant", "blue", (3, 0))
    man(st3, "P", "peasant", "blue", (0, -1))
    orders = [(1, O.Fire("C", "T")), (2, O.Move("C", to=H(-2, 0))), (3, O.Attack(("P",), ("C",)))]
    run = Run(Ctx(st3, None), orders, validate=True)
    run_phase(run)
    assert [(n, e.code) for n, e in run.problems] == [(2, "CH.SEQ.4")]


def test_CH_SEQ_10_cancelled_when_illegal() -> None:
    """[CH.SEQ.10] [CH.ODDS.4] [CH.PBEM.11]: orders run in the order written; one illegal by the time it
    is resolved is cancelled, no die rolled."""
    st = make()
    man(st, "A", "crossbowman", "red", (0, 0))
    man(st, "B", "crossbowman", "red", (0, 1))
    man(st, "T", "peasant", "blue", (5, 0))
    c = ctx(st, 1)  # the first shot kills T (12-1, die 1: C)
    run_phase(Run(c, [(1, O.Fire("A", "T")), (2, O.Fire("B", "T"))], validate=False))
    assert st.characters["T"].condition is Condition.DEAD
    assert any("cancelled" in line and "CH.FIRE.2" in line for line in c.lines)
    assert c.dice.left == 0  # type: ignore[union-attr]


def test_CH_AMMO_4_exchange() -> None:
    """[CH.AMMO.4] [CH.AMMO.5] [CH.AMMO.6] [CH.PBEM.23]: missiles pass between adjacent archers of one weapon,
    out of contact, over a whole phase; arrows are taken from the dead; no bolts for a bowman."""
    st = make(config={"options.ammunition": True})
    man(st, "A", "shortbowman", "red", (0, 0), missiles=2)
    man(st, "B", "shortbowman", "red", (1, 0), missiles=9)
    man(st, "D", "shortbowman", "blue", (0, 1), missiles=6, condition=Condition.DEAD)
    man(st, "X", "crossbowman", "red", (-1, 0), missiles=5)
    run = Run(ctx(st), [(1, O.Exchange("B", "A", 4)), (2, O.Move("B", to=H(3, 0)))], validate=False)
    run_phase(run)
    assert (st.characters["A"].missiles, st.characters["B"].missiles) == (6, 5)
    assert st.characters["B"].hex == H(1, 0) and not st.characters["B"].action  # bound for the phase
    run = Run(ctx(st), [(1, O.Exchange("D", "A", 6)), (2, O.Exchange("X", "B", 1))], validate=True)
    run_phase(run)
    assert [(n, e.code) for n, e in run.problems] == [(2, "CH.AMMO.5")]
    st2 = make(config={"options.ammunition": True})
    man(st2, "A", "shortbowman", "red", (0, 0), missiles=2)
    man(st2, "B", "shortbowman", "red", (1, 0), missiles=9)
    man(st2, "E", "peasant", "blue", (2, 0))
    run = Run(ctx(st2), [(1, O.Exchange("B", "A", 4))], validate=True)
    run_phase(run)
    assert [e.code for _, e in run.problems] == ["CH.AMMO.4"]


def test_CH_COMMAND_7_explicit_allocation() -> None:
    """[CH.COMMAND.7] [CH.PBEM.9]: a player may allot his men himself; a bad allotment is refused with the reason;
    without one the engine's maximum allocation is used."""
    st = make(config={"options.command_control": True})
    man(st, "K", "knight", "red", (0, 0))
    man(st, "A", "man_at_arms", "red", (2, 0))
    man(st, "B", "man_at_arms", "red", (0, 3))
    man(st, "F", "man_at_arms", "red", (9, 0))
    c = ctx(st)
    run = Run(c, [(1, O.Command("K", ("A",)))], validate=True)
    run_phase(run)
    assert run.commanded == frozenset({"K", "A"}) and not run.problems
    run = Run(ctx(st), [(1, O.Command("K", ("A", "F"))), (2, O.Command("A", ("B",)))], validate=True)
    run_phase(run)
    assert [(n, e.code) for n, e in run.problems] == [(1, "CH.COMMAND.7")]
    assert "F" in run.problems[0][1].message and "A is not one of your knights" in run.problems[0][1].message
    run = Run(ctx(st), [], validate=True)
    run_phase(run)
    assert run.commanded == frozenset({"K", "A", "B"})
