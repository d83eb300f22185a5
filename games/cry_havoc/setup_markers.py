"""The checks on the markers a scenario file sets (any position from a file).

The markers a character may carry between phases are
checked against each other once every piece is read: a prisoner's captor and escort
[CH.RANSOM.7] [CH.RANSOM.8], the animal a man leads [CH.HORSE.12], who attacked him in the last enemy
phase [CH.COMBAT.13], and who has already left the map [CH.MOVE.12] [CH.RANSOM.13]. Every problem
names the character's line in the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from campaign.kit.scenario_file import Fields

from .model import AnimalKind, Character, Condition, Ransom
from .state import GameState


def check_markers(f: Fields, state: GameState, rows: list[dict[str, Any]]) -> None:
    """Check each character's markers against the rest of the position, and fill in what follows from
    them: the lists of men who left the map and the led animal's leader."""
    for i, row in enumerate(rows):
        c = state.characters.get(str(row.get("id", "")))
        if c is None or c.side not in state.sides:
            continue
        where = f"characters[{i}]"
        _captivity(f, state, c, where)
        _gone(f, state, c, row, where)
        _leading(f, state, c, where)
        for aid in c.attacked_by:
            a = state.characters.get(aid)
            if a is None or a.side == c.side:
                f.problem(f"{where}.attacked_by", f"{aid} is not an enemy character [CH.COMBAT.13]")
        if c.missiles is not None and c.profile.weapon is None:
            f.problem(f"{where}.missiles", f"{c.id} carries no bow or crossbow [CH.AMMO.2]")
        if c.sergeant and c.sergeant not in state.characters:
            f.problem(f"{where}.sergeant", f"no character {c.sergeant!r} [CH.COMMAND.3]")


def _captivity(f: Fields, state: GameState, c: Character, where: str) -> None:
    """A prisoner or ransomed knight has an enemy captor; only a prisoner has an escort of his captor's
    men [CH.RANSOM.7] [CH.RANSOM.8] [CH.RANSOM.13]."""
    held = c.ransom in (Ransom.PRISONER, Ransom.RANSOMED)
    if held and c.captor != state.other(c.side):
        f.problem(f"{where}.captor", f"a {c.ransom.value} knight needs captor = {state.other(c.side)!r} [CH.RANSOM.8]")
    if c.captor and not held:
        f.problem(f"{where}.captor", f"only a prisoner or a ransomed knight has a captor, not a {c.ransom.value} one")
    if c.ransom is not Ransom.FREE and not c.profile.ransom:
        f.problem(f"{where}.ransom", f"a {c.profile.type} has no ransom counter [CH.RANSOM.4]")
    if c.escort and c.ransom is not Ransom.PRISONER:
        f.problem(f"{where}.escort", "only a prisoner has an escort [CH.RANSOM.7]")
        return
    for eid in c.escort:
        e = state.characters.get(eid)
        if e is None or e.side != c.captor or not e.live or e.profile.escort == "none":
            f.problem(f"{where}.escort", f"{eid} is not a live man of the captor's side who may escort [CH.RANSOM.6]")


def _gone(f: Fields, state: GameState, c: Character, row: Mapping[str, Any], where: str) -> None:
    """A man who has left the map counts for his side's exits; a ransomed knight for his captor
    [CH.MOVE.12] [CH.RANSOM.13]; a man with no hex and no ``gone`` is a mistake."""
    gone = row.get("gone")
    if gone == "exited":
        if not c.live:
            f.problem(f"{where}.gone", "a dead man does not leave the map")
        state.exited.setdefault(c.side, []).append(c.id)
    elif gone == "ransomed" and c.captor == state.other(c.side):
        state.ransomed.setdefault(c.captor, []).append(c.id)
    elif c.ransom is Ransom.RANSOMED and c.body is not None:
        f.problem(f"{where}.ransom", 'a ransomed knight is off the map: write gone = "ransomed" instead of a hex')
    if c.body is None and c.mounted:
        f.problem(f"{where}.mounted", "a man off the map is not mounted")


def _leading(f: Fields, state: GameState, c: Character, where: str) -> None:
    """A man on foot leads a live riderless horse or the head of a mule string; the animal knows its
    leader [CH.HORSE.12] [CH.MULE.3]."""
    if not c.leading:
        return
    a = state.animals.get(c.leading)
    if a is None or not a.alive:
        f.problem(f"{where}.leading", f"{c.leading!r} is not a live animal of [[animals]] [CH.HORSE.12]")
    elif c.mounted or not c.live or c.condition is Condition.STUNNED or c.body is None:
        f.problem(f"{where}.leading", "only a live, unstunned man on foot on the map leads an animal [CH.HORSE.12]")
    elif not any(c.hex.distance(h) == 1 for h in a.hexes):
        f.problem(f"{where}.leading", f"{a.id} must stand next to {c.id}, who leads it [CH.HORSE.12]")
    elif a.follows:
        f.problem(f"{where}.leading", f"{a.id} is tied behind {a.follows}: lead the head of the string [CH.MULE.3]")
    elif a.leader:
        f.problem(f"{where}.leading", f"{a.leader} already leads {a.id}")
    else:
        side = c.side if a.kind is AnimalKind.MULE else a.side
        state.animals[a.id] = replace(a, leader=c.id, side=side)
