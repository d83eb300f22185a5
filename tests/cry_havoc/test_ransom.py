"""An escort stays next to his prisoner at all times [CH.RANSOM.6]."""

from __future__ import annotations

from games.cry_havoc import orders as O
from games.cry_havoc.model import Ransom
from games.cry_havoc.phase import Run, escort_valid, run_phase
from games.cry_havoc.state import GameState

from .helpers import H, ctx, make, man, set_


def _guarded() -> GameState:
    st = make(config={"options.ransom": True})
    man(st, "K", "knight", "red", (0, 0))
    man(st, "P", "knight", "blue", (1, 0), ransom=Ransom.PRISONER, captor="red", escort=("K",))
    man(st, "M1", "man_at_arms", "red", (1, -1))
    man(st, "M2", "man_at_arms", "red", (2, -1))
    return st


def test_CH_RANSOM_6_the_escort_may_not_walk_away_from_his_prisoner() -> None:
    """[CH.RANSOM.6]: the captor's move that takes the only escort away from the prisoner is refused; after naming
    another valid escort first (two men next to him), the knight may go."""
    st = _guarded()
    assert escort_valid(st, "P")
    run = Run(ctx(st), [(1, O.Move("K", to=H(-3, 0)))], validate=True)
    run_phase(run)
    assert [(n, e.code) for n, e in run.problems] == [(1, "CH.RANSOM.6")]
    assert "must stay next to him" in run.problems[0][1].message
    st = _guarded()
    orders: list[tuple[int, O.Order]] = [(1, O.Escort("P", ("M1", "M2"))), (2, O.Move("K", to=H(-3, 0)))]
    run = Run(ctx(st), orders, validate=True)
    run_phase(run)
    assert run.problems == []


def test_CH_RANSOM_6_an_escort_already_broken_is_not_the_movers_fault() -> None:
    """[CH.RANSOM.6] [CH.RANSOM.9]: a prisoner whose escort was no longer valid before the move step (here: nobody
    next to him) does not make a later move illegal."""
    st = _guarded()
    set_(st, "P", escort=())
    run = Run(ctx(st), [(1, O.Move("K", to=H(-3, 0)))], validate=True)
    run_phase(run)
    assert run.problems == []
