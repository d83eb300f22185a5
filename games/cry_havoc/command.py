"""Command control (optional): who is commanded at the start of the movement step [CH.COMMAND.*].

Knights command up to 30 men within 6 hexes; sergeants up to 20 allotted men within 4. The
engine's allocation is a maximum bipartite matching (Kuhn's algorithm), ties to lower ids
[CH.COMMAND.7].
"""

from __future__ import annotations

from .model import Character, Ransom
from .state import GameState

KNIGHT_RANGE, KNIGHT_CAP = 6, 30
SERGEANT_RANGE, SERGEANT_CAP = 4, 20


def can_command(state: GameState, boss: Character, c: Character) -> bool:
    """Whether ``boss`` can command ``c`` now [CH.COMMAND.3] [CH.COMMAND.4] [CH.COMMAND.5] [CH.COMMAND.9]."""
    if not boss.active or boss.side != c.side or (boss.stunned and not state.config.command__stunned_commander):
        return False
    assert boss.body is not None and c.body is not None
    dist = min(boss.body.distance(h) for h in c.hexes)
    if boss.profile.commander == "knight":
        return dist <= KNIGHT_RANGE
    if boss.profile.commander == "sergeant":
        return c.sergeant == boss.id and dist <= SERGEANT_RANGE
    return False


def needs(c: Character) -> bool:
    """Knights and sergeants never need command; stunned men and prisoners need no allocation [CH.COMMAND.2]."""
    return c.needs_command and not c.profile.commander and not c.stunned and c.ransom is not Ransom.PRISONER


def allocate(state: GameState, side: str) -> dict[str, str]:
    """Character -> commander, a maximum allocation with ties to lower ids [CH.COMMAND.7] [CH.PBEM.9] [TV-46]."""
    men = [c for c in state.live(side) if needs(c)]
    bosses = [b for b in state.live(side) if b.profile.commander in ("knight", "sergeant")]
    cap = {b.id: KNIGHT_CAP if b.profile.commander == "knight" else SERGEANT_CAP for b in bosses}
    edges = {c.id: [b.id for b in bosses if can_command(state, b, c)] for c in men}
    held: dict[str, list[str]] = {b.id: [] for b in bosses}
    owner: dict[str, str] = {}

    def augment(cid: str, seen: set[str]) -> bool:
        for bid in edges[cid]:
            if bid in seen:
                continue
            seen.add(bid)
            if len(held[bid]) < cap[bid]:
                held[bid].append(cid)
                owner[cid] = bid
                return True
            for other in list(held[bid]):
                if augment(other, seen):
                    held[bid].remove(other)
                    held[bid].append(cid)
                    owner[cid] = bid
                    return True
        return False

    for c in men:
        augment(c.id, set())
    return owner


def commanded(state: GameState, side: str, owner: dict[str, str] | None = None) -> frozenset[str]:
    """Everyone of ``side`` under command this phase (commanders and exempt men included) [CH.COMMAND.6];
    ``owner`` is the player's own allocation if he gave one, else the engine's [CH.COMMAND.7] [CH.PBEM.9]."""
    owner = allocate(state, side) if owner is None else owner
    return frozenset(c.id for c in state.live(side) if not needs(c) or c.id in owner)


def check_allocation(state: GameState, side: str, wanted: list[tuple[str, tuple[str, ...]]]) -> list[str]:
    """Why a player's allocation is not allowed: wrong commander, out of range, over capacity [CH.COMMAND.7]."""
    problems: list[str] = []
    held: dict[str, int] = {}
    seen: set[str] = set()
    for boss_id, men in wanted:
        boss = state.characters.get(boss_id)
        if boss is None or boss.side != side or boss.profile.commander not in ("knight", "sergeant"):
            problems.append(f"{boss_id} is not one of your knights or sergeants")
            continue
        cap = KNIGHT_CAP if boss.profile.commander == "knight" else SERGEANT_CAP
        for cid in men:
            c = state.characters.get(cid)
            if c is None or c.side != side or not c.live or not c.body:
                problems.append(f"{cid} is not one of your men on the map")
            elif cid in seen:
                problems.append(f"{cid} is allotted twice")
            elif not can_command(state, boss, c):
                problems.append(f"{boss_id} cannot command {cid} now (range, allotment or a stunned commander)")
            else:
                seen.add(cid)
                held[boss_id] = held.get(boss_id, 0) + 1
        if held.get(boss_id, 0) > cap:
            problems.append(f"{boss_id} may command at most {cap} men")
    return problems
