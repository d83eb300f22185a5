"""The computer player and the legal options of a side.

The bot plans on a copy of the board with the same phase functions the resolver uses, so every
line it writes is legal when written; the text still goes through `parse_orders`. It shoots at the
best column, closes with the nearest enemy (or makes for its objective), and attacks in combined
groups when the odds are good. Deterministic: the seed only breaks ties (a local Random).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from campaign.hexgrid import Hex
from campaign.kit.legal import LegalOptions, Option, OptionKind, UnitOptions

from . import orders as O
from .combat import Combat, odds, priority_problem, touching
from .effects import Ctx
from .fire import aim
from .geometry import Body
from .model import Character, Ransom
from .movement import Illegal, reachable_foot, reachable_horse
from .phase import Run, move_one, start_phase
from .state import GameState, Step
from .tables import Weapon


def _targets(st: GameState, c: Character, step: Step) -> list[tuple[int, str]]:
    out = []
    for e in st.live(st.other(c.side)):
        if e.ransom is Ransom.PRISONER:
            continue
        try:
            shot = aim(st, c, step, e)
        except Illegal:
            continue
        out.append((shot.column, e.id))
    return sorted(out, key=lambda x: (-x[0], x[1]))


def _fire_lines(st: GameState, side: str, step: Step, verb: str) -> list[str]:
    lines = []
    for c in st.live(side):
        w = c.profile.weapon
        if w is None or (step is Step.CROSSBOW) != (w is Weapon.CROSSBOW):
            continue
        found = _targets(st, c, step)
        if found:
            lines.append(f"{verb} {c.id} at {found[0][1]}")
    return lines


def _goal_hexes(st: GameState, side: str) -> list[Hex]:
    """Where this side wants to be: an objective, an exit edge, or the enemy."""
    v = st.victory
    if v.kind == "exit":  # the raiders make for their exit edge; the defenders go to bar it
        edges = st.exits.get(v.side, ())
        return [h for e in edges for h in st.board.spec.edge_hexes(e) if st.board.on_map(h)]
    if v.kind == "hold" and v.hexes and v.side != side:
        return sorted(v.hexes)
    return [h for e in st.live(st.other(side)) if e.ransom is not Ransom.PRISONER for h in e.hexes]


def _score(st: GameState, c: Character, body: Body, goals: list[Hex], rng: random.Random) -> tuple[int, float]:
    exiting = st.victory.kind == "exit" and st.victory.side == c.side
    # a man leaves the map from his (front) hex on the exit edge [CH.MOVE.12]
    d = min(((body.front.distance(g) if exiting else body.distance(g)) for g in goals), default=0)
    archer = c.profile.weapon is not None
    if archer:
        enemies = [h for e in st.live(st.other(c.side)) for h in e.hexes]
        near = min((body.distance(h) for h in enemies), default=99)
        d = abs(near - 4) if enemies and st.victory.kind != "exit" else d
    return (d, rng.random())


def _move_lines(run: Run, side: str, rng: random.Random) -> list[str]:
    st = run.st
    lines = []
    hold = st.victory.kind == "hold" and st.victory.side == side
    exiting = st.victory.kind == "exit" and st.victory.side == side
    for c in list(st.live(side)):
        if not c.active or c.stunned or c.action or c.id in run.moved:
            continue
        if c.profile.weapon is Weapon.CROSSBOW and c.fired_phase == st.phase_no:
            continue
        if exiting:
            gone = _leave(run, c)
            if gone:
                lines += gone
                continue
        elif st.enemies_adjacent(list(c.hexes), side):
            continue  # already in contact: stay and fight
        goals = _goal_hexes(st, side)
        if hold and c.body is not None and min((c.body.distance(g) for g in st.victory.hexes), default=0) <= 1:
            continue
        move = _best_move(st, c, goals, rng, spare=1 if exiting else 0)
        if move is None:
            continue
        order, text = move
        try:
            move_one(run, order)
        except Illegal:
            continue
        lines.append(text)
        if exiting:
            lines += _leave(run, st.characters[c.id])
    return lines


def _best_move(
    st: GameState, c: Character, goals: list[Hex], rng: random.Random, spare: int
) -> tuple[O.Move, str] | None:
    """The reachable place nearest the goal (keeping ``spare`` MP, to leave the map after), if better than here."""
    here = _score(st, c, c.body, goals, rng) if c.body else (0, 0.0)
    allowance = st.values(c).move
    if c.mounted:
        reach = reachable_horse(st, c)
        if not reach:
            return None
        best = min(
            reach, key=lambda b: (_score(st, c, b, goals, rng)[0], reach[b][0] > allowance - spare, rng.random())
        )
        if _score(st, c, best, goals, rng)[0] >= here[0]:
            return None
        return O.Move(c.id, steps=tuple(reach[best][1])), f"move {c.id} " + " ".join(reach[best][1])
    foot = reachable_foot(st, c)
    if not foot:
        return None
    best_h = min(
        foot, key=lambda h: (_score(st, c, Body(h), goals, rng)[0], foot[h][0] > allowance - spare, rng.random())
    )
    if _score(st, c, Body(best_h), goals, rng)[0] >= here[0]:
        return None
    return O.Move(c.id, to=best_h), f"move {c.id} to {st.board.label(best_h)}"


def _leave(run: Run, c: Character) -> list[str]:
    from .phase import leave

    try:
        leave(run, c.id)
    except Illegal:
        return []
    return [f"leave {c.id}"]


def _combat_lines(st: GameState, side: str) -> list[str]:
    lines = []
    used: set[str] = set()
    enemies = sorted(
        (e for e in st.live(st.other(side)) if e.ransom is not Ransom.PRISONER),
        key=lambda e: (st.values(e).defence, e.id),
    )
    for e in enemies:
        group = [
            c
            for c in st.live(side)
            if c.id not in used
            and c.active
            and not c.stunned
            and not c.action
            and st.values(c).attack > 0
            and touching(st, c, e)
        ]
        best: tuple[int, list[str]] | None = None
        for size in range(1, len(group) + 1):
            ids = [c.id for c in group[:size]]
            try:
                od = odds(st, Combat(tuple(ids), (e.id,)), used)
            except Illegal:
                continue
            if priority_problem(st, Combat(tuple(ids), (e.id,))):
                continue
            good = od.column >= (3 if od.table.name.startswith("CRT_MOUNTED") else 2)
            if good and (best is None or od.column > best[0]):
                best = (od.column, ids)
        if best:
            used |= set(best[1])
            lines.append(f"attack {e.id} with {' '.join(best[1])}")
    return lines


def plan(state: GameState, side: str, seed: int) -> list[str]:
    """Order lines for the side's phase, planned on a copy of the board."""
    if state.result is not None or side != state.side:
        return []
    rng = random.Random(seed)
    st = state.clone()
    start_phase(st)
    run = Run(Ctx(st, None), [], validate=True)
    lines = _fire_lines(st, side, Step.SHORTBOW_1, "fire") + _fire_lines(st, side, Step.CROSSBOW, "fire")
    for ln in lines:
        cid = ln.split()[1]
        c = st.characters[cid]
        if c.profile.weapon is Weapon.CROSSBOW:
            from dataclasses import replace

            st.characters[cid] = replace(c, fired_phase=st.phase_no)
    lines += _move_lines(run, side, rng)
    lines += _fire_lines(st, side, Step.SHORTBOW_2, "fire2")
    lines += _combat_lines(st, side)
    return lines


def bot_orders(state: GameState, side: str, seed: int, check: Callable[[GameState, str, str], object]) -> str:
    """Legal order text for ``side`` now; lines ``check`` (the ruleset's parse_orders) refuses are dropped."""
    from campaign.ruleset import OrdersRejected

    lines = plan(state, side, seed) or ["pass"]
    for _ in range(len(lines) + 1):
        text = "\n".join(lines) + "\n"
        try:
            check(state, side, text)
            return text
        except OrdersRejected as e:
            bad = {err.line for err in e.errors}
            lines = [ln for i, ln in enumerate(lines, start=1) if i not in bad] or ["pass"]
    return "pass\n"


def legal_options(state: GameState, side: str) -> LegalOptions:
    """What each of ``side``'s characters may do this phase, each option with its order line."""
    phase = f"turn {state.turn}, {state.side}'s phase"
    if side != state.side or state.result is not None:
        return LegalOptions(
            side, phase, notes=("not your phase: only the phasing side fires, moves and attacks [CH.TURN.3]",)
        )
    st = state.clone()
    start_phase(st)
    units = []
    for c in st.live(side):
        opts: list[Option] = []
        notes: list[str] = []
        if not c.active or c.stunned:
            units.append(UnitOptions(c.id, c.name, st.where(c.body), (), ("stunned or captured: no action",)))
            continue
        w = c.profile.weapon
        if w is not None:
            step = Step.CROSSBOW if w is Weapon.CROSSBOW else Step.SHORTBOW_1
            for col, tid in _targets(st, c, step):
                opts.append(Option(OptionKind.SHOOT, f"fire {c.id} at {tid}", tid, detail=f"{col}-1 now"))
        if c.mounted:
            for b, (mp, steps) in sorted(reachable_horse(st, c).items(), key=lambda x: (x[1][0], x[0].front)):
                opts.append(Option(OptionKind.MOVE, f"move {c.id} " + " ".join(steps), st.where(b), mp))
        else:
            for h, (mp, path) in sorted(reachable_foot(st, c).items(), key=lambda x: (x[1][0], x[0])):
                opts.append(
                    Option(
                        OptionKind.MOVE,
                        f"move {c.id} to {st.board.label(h)}",
                        st.board.label(h),
                        mp,
                        tuple(st.board.label(x) for x in path),
                    )
                )
        for e in st.enemies_adjacent(list(c.hexes), side):
            try:
                od = odds(st, Combat((c.id,), (e.id,)))
                opts.append(Option(OptionKind.CHARGE, f"attack {e.id} with {c.id}", e.id, detail=f"{od.column}-1"))
            except Illegal as err:
                notes.append(f"cannot attack {e.id} alone: {err.message}")
        units.append(UnitOptions(c.id, c.name, st.where(c.body), tuple(opts), tuple(notes)))
    return LegalOptions(
        side, phase, tuple(units), ("moves and attacks are checked one after another, in the order written",)
    )
