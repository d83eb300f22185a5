"""The board as data and as text for a mail [PC.PBEM.8].

Proconsul hides nothing but the sealed declaration: a side sees its own declaration on file; every
other reader (the other side, the public archive) sees only that one is on file [PC.SEQ.2].
"""

from __future__ import annotations

from typing import Any

from .geometry import NAME_OF_FACING
from .state import Phase, State


def declarations(st: State, side: str | None) -> dict[str, str]:
    """What `side` may know of the declarations on file: its own; the others only "sealed" [PC.SEQ.2]."""
    out = {}
    for s in st.sides:
        if s in st.declarations:
            out[s] = st.declarations[s] if s == side else "sealed"
        elif s in st.kept:
            out[s] = st.kept[s]  # a kept declaration was revealed at the last roll
        else:
            out[s] = "awaited"
    return out


def stand_json(st: State, sid: str) -> dict[str, Any]:
    s = st.stands[sid]
    t = st.troop(s)
    return {
        "id": s.id,
        "side": s.side,
        "group": s.group,
        "troop": t.name,
        "category": t.category.value,
        "hex": st.label(s.hex),
        "facing": NAME_OF_FACING[s.facing],
        "ranks": list(s.ranks),
        "disordered": s.disordered,
        "opportunity": s.opportunity,
        "moved": s.id in st.moved,
        "melee": (m.id if (m := st.melee_of(s.id)) else None),
    }


def view(st: State, side: str | None = None) -> dict[str, Any]:
    return {
        "title": st.title,
        "round": st.round,
        "phase": st.phase.value,
        "active": {"side": st.active_side, "group": st.active_group} if st.phase is Phase.ACTIVATE else None,
        "declarations": declarations(st, side) if st.phase is Phase.DECLARE else {},
        "groups": [
            {"id": g.id, "side": g.side, "name": g.name, "activated": g.activated}
            for g in sorted(st.groups.values(), key=lambda g: g.id)
        ],
        "generals": [
            {
                "id": g.id,
                "group": g.group,
                "hex": st.label(g.hex),
                "alive": g.alive,
                "attached": g.attached,
                "moved": g.moved,
            }
            for g in sorted(st.generals.values(), key=lambda g: g.id)
        ],
        "stands": [stand_json(st, s.id) for s in st.live()],
        "removed": sorted(s.id for s in st.stands.values() if not s.on_board),
        "melees": [
            {"id": m.id, "battle": [b for _, b in m.battle], "supporters": list(m.supporters), "ongoing": m.ongoing}
            for m in sorted(st.melees.values(), key=lambda m: m.id)
        ],
        "break_points": {
            s: {"lost": a.lost, "total": a.total, "breaks_at": str(st.config.break_fraction)}
            for s, a in st.army.items()
        },
        "result": None if st.result is None else {"winner": st.result[0], "reason": st.result[1]},
    }


def render_text(st: State, side: str | None = None) -> str:
    lines = [st.title, f"Round {st.round}: " + _phase_line(st, side)]
    for s_ in st.sides:
        a = st.army[s_]
        lines.append(
            f"{st.side_names.get(s_, s_)} ({s_}): {a.lost} of {a.total} break points lost"
            f" (breaks at {st.config.break_fraction})"
        )
    for g in sorted(st.groups.values(), key=lambda g: (g.side, g.id)):
        gen = st.generals[g.general]
        where = (
            f"general at {st.label(gen.hex)}" + (f", with {gen.attached}" if gen.attached else "")
            if gen.alive
            else "no general"
        )
        lines.append(f"  {g.side} group {g.id} ({g.name}): {'activated' if g.activated else 'to activate'}; {where}")
    lines.append("Stands (id, hex, facing, SP by rank, markers):")
    for s in st.live():
        marks = [
            m
            for m, on in (("disordered", s.disordered), ("opportunity", s.opportunity), ("moved", s.id in st.moved))
            if on
        ]
        m = st.melee_of(s.id)
        if m is not None:
            marks.append(f"melee {m.id}")
        t = st.troop(s)
        lines.append(
            f"  {s.id:6} {s.side:8} {s.group:8} {t.category.value:4} {st.label(s.hex)} {NAME_OF_FACING[s.facing]:2} "
            f"{'/'.join(map(str, s.ranks)):7} {', '.join(marks)}"
        )
    gone = sorted(s.id for s in st.stands.values() if not s.on_board)
    if gone:
        lines.append("Gone: " + ", ".join(gone))
    if st.result is not None:
        lines.append(f"Game over: {st.result[1]}; winner {st.result[0] or 'nobody (draw)'}")
    return "\n".join(lines)


def _phase_line(st: State, side: str | None) -> str:
    if st.phase is Phase.OVER:
        return "game over"
    if st.phase is Phase.DECLARE:
        d = declarations(st, side)
        return "sealed declarations: " + ", ".join(f"{s} {v}" for s, v in d.items())
    return f"{st.active_side} activates {st.active_group or '(a group of its choice)'}"
