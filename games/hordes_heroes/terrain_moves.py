"""Terrain that stops a move or takes a whole move, for one unit's move in progress [HH.TERR.*, HH12.TER.*].

Kept apart from `movement.MoveSim`, which calls it on every step: rivers, woodland, built-up areas and broken
ground, with the edition's differences read from `state.rules` (never the edition's name).
"""

from __future__ import annotations

from typing import Protocol

from campaign.hexgrid import Hex
from campaign.kit.runner import Refusal as Problem

from .battlefield import Terrain
from .geometry import direction
from .model import Profile
from .state import GameState


class MoveSim(Protocol):
    """What these rules read and set on `movement.MoveSim`, the move in progress."""

    state: GameState
    profile: Profile
    start: Hex
    stop_reason: Problem | None
    whole_reason: str | None
    lock_reason: str | None

    def fail(self, code: str, message: str, hint: str = "") -> None: ...

    def label(self, h: Hex) -> str: ...


def whole_move_terrain(sim: MoveSim, ta: Terrain, tb: Terrain, h: Hex, first: bool) -> None:
    """Rivers, woodland, built-up areas and broken ground (HH.TERR.18-20, HH.TERR.27, HH.TERR.35, HH.TERR.48)."""
    er = sim.state.rules
    lock = er.terrain_locks_formation  # HH12.TER.8, HH12.TER.11, HH12.TER.19: 2022-only formation locks
    _river(sim, ta, tb, h, first, lock)
    if tb is Terrain.WOOD:
        if ta is Terrain.WOOD:
            if not first:
                sim.fail("HH.TERR.27", f"a step from wood to wood ({sim.label(h)}) must be its whole move")
            sim.whole_reason = "a step from wood to wood"
            if lock:
                sim.lock_reason = "it moves wood to wood"
        sim.stop_reason = Problem("HH.TERR.27", f"it must stop on entering the woodland at {sim.label(h)}")
    if tb is Terrain.BUA:
        sim.stop_reason = Problem("HH.TERR.48", f"it must stop on entering the built-up area at {sim.label(h)}")
        if lock:
            sim.lock_reason = "it enters a built-up area"
    if ta is Terrain.BUA and lock:
        sim.lock_reason = "it leaves a built-up area"
    if er.broken_ground_stops:
        _one_hex_2012(sim, h, ta, tb, first)
    elif tb is Terrain.BROKEN:
        _broken_2022(sim, h, ta, first)


def _river(sim: MoveSim, ta: Terrain, tb: Terrain, h: Hex, first: bool, lock: bool) -> None:
    """Entering, leaving or moving along a river is the whole move (HH.TERR.35; HH12.TER.11, ruling HH12.TER.A4);
    2022 also forbids a formation change into or out of it."""
    if tb is Terrain.RIVER:
        if direction(sim.start, h) is None:
            sim.fail("HH.TERR.35", f"can enter the river at {sim.label(h)} only from a hex it began its move in")
        if not first:
            sim.fail("HH.TERR.35", f"entering the river at {sim.label(h)} must be its whole move")
        sim.whole_reason = "entering a river hex"
        if lock:
            sim.lock_reason = "it enters a river hex"
    if ta is Terrain.RIVER and tb is not Terrain.RIVER:
        if not first:
            sim.fail("HH.TERR.35", "leaving a river hex must be its whole move")
        sim.whole_reason = "leaving a river hex"
        if lock:
            sim.lock_reason = "it leaves a river hex"
    if ta is Terrain.RIVER and tb is Terrain.RIVER:
        if not first:
            sim.fail("HH.TERR.35", "a move from river hex to river hex must be its whole move")
        sim.whole_reason = "moving along a river"


def _broken_2022(sim: MoveSim, h: Hex, ta: Terrain, first: bool) -> None:
    """Broken to broken is a whole move; cavalry enter only as the first step (HH.TERR.18-20)."""
    if ta is Terrain.BROKEN:
        if not first:
            sim.fail(
                "HH.TERR.18",
                f"a step from broken ground to broken ground ({sim.label(h)}) must be its whole move",
            )
        sim.whole_reason = "a step from broken ground to broken ground"
        sim.lock_reason = "it moves broken to broken"
    # HH.TERR.20: entering must be the first step; a second broken hex would be a whole move.
    if sim.profile.category.cavalry_rules and not first:
        sim.fail(
            "HH.TERR.19",
            f"can enter the broken ground at {sim.label(h)} only as the first step of a move",
            "stop next to it this bound and enter next bound",
        )


def _one_hex_2012(sim: MoveSim, h: Hex, ta: Terrain, tb: Terrain, first: bool) -> None:
    """2012 broken ground and villages (HH12.TER.5, HH12.TER.19, ruling HH12.TER.A3): entering ends the move; a
    move that starts in one is one hex; no other limit on formation or on cavalry."""
    one_hex = sim.state.rules.one_hex_terrain
    if ta in one_hex:
        if not first:
            code = "HH12.TER.5" if ta is Terrain.BROKEN else "HH12.TER.19"
            sim.fail(code, f"a move out of {_name(ta)} is one hex ({sim.label(h)})")
        sim.whole_reason = f"a move out of {_name(ta)}"
    if tb is Terrain.BROKEN:
        sim.stop_reason = Problem("HH12.TER.5", f"it must stop on entering the broken ground at {sim.label(h)}")


def _name(t: Terrain) -> str:
    return "broken ground" if t is Terrain.BROKEN else "a built-up area"
