"""What a player sees: JSON view and a plain-text board (roster plus ASCII map) [HH.DATA.4, HH.DATA.5]."""

from __future__ import annotations

from typing import Any

from .battlefield import Terrain
from .state import GameState

_TERRAIN_CHAR = {
    Terrain.GOOD: ".",
    Terrain.BROKEN: ",",
    Terrain.WOOD: "w",
    Terrain.RIVER: "~",
    Terrain.LAKE: "=",
    Terrain.BUA: "#",
    Terrain.IMPENETRABLE: "^",
}


def view(state: GameState, side: str | None = None) -> dict[str, Any]:
    """The board as JSON; Hordes & Heroes has no hidden information, so every side sees all (HH.BASE.8)."""
    lab = state.label
    units = []
    for _, u in sorted(state.units.items()):
        p = state.profile(u)
        units.append(
            {
                "id": u.id,
                "side": u.side,
                "name": u.name,
                "profile": u.profile,
                "class": p.cls.value,
                "category": p.category.value,
                "hex": None if u.hex is None else lab(u.hex),
                "facing": u.facing.name,
                "formation": u.formation.value,
                "stands": u.stands,
                "nominal": u.nominal,
                "disrupted": u.disrupted,
                "static_combat": u.static_combat,
                "hold_fire": u.hold_fire,
                "pavisses": u.pavisses,
                "dismounted": u.profile != u.base_profile,
                "eliminated": u.eliminated,
            }
        )
    generals = []
    for _, g in sorted(state.generals.items()):
        host = state.host_of(g)
        generals.append(
            {
                "id": g.id,
                "side": g.side,
                "name": g.name,
                "hex": None if g.hex is None else lab(g.hex),
                "host": None if host is None else host.id,
                "hero": g.hero,
                "cinc": g.cinc,
                "cm": g.cm,
                "cr": g.cr,
                "alive": g.alive,
            }
        )
    return {
        "game": "hordes-heroes",
        "edition": state.rules.edition.value,
        "rules": state.rules.title,
        "rulings": state.rules.rulings_page,
        "scenario": state.scenario,
        "turn": state.turn,
        "phase": state.phase.value,
        "active_side": state.phasing if state.phasing else state.deploying,
        "edges": {s: e.value for s, e in sorted(state.edges.items())},
        "units": units,
        "generals": generals,
        "stakes": sorted([lab(a), lab(b), uid] for (a, b), (uid, _h) in state.stakes.items()),
        "casualties": {s: dict(sorted(v.items())) for s, v in sorted(state.casualties.items())},
        "outcome": None if state.outcome is None else {"winner": state.outcome[0], "reason": state.outcome[1]},
        "viewer": side,
    }


def render_text(state: GameState, side: str | None = None) -> str:
    """A compact roster and an ASCII map (odd rows indented half a hex: pointy-top, HH.HEX.2)."""
    out = [
        f"{state.title} — turn {state.turn}, {state.phase.value}"
        + (f", {state.phasing} to move" if state.phasing else ""),
        f"Rules: {state.rules.title}; rulings: {state.rules.rulings_page}",
    ]
    for s in state.sides:
        edge = state.edges.get(s)
        out.append(f"\n{s}" + (f" ({edge.value} edge)" if edge else "") + ":")
        for u in [u for _, u in sorted(state.units.items()) if u.side == s]:
            p = state.profile(u)
            marks = "".join(
                m
                for m, on in (("D", u.disrupted), ("SC", u.static_combat), ("HF", u.hold_fire), ("P", u.pavisses))
                if on
            )
            where = "eliminated" if u.eliminated else (state.label(u.hex) if u.hex else "not deployed")
            out.append(
                f"  {u.id:>3} {u.name:<26} {p.cls.value} {where:<12} {u.facing.name:<3} {u.formation.value:<8}"
                f" {u.stands}/{u.nominal} {marks}".rstrip()
            )
        for _, g in sorted(state.generals.items()):
            if g.side != s:
                continue
            host = state.host_of(g)
            tag = " hero" if g.hero else ""
            tag += " C-in-C" if g.cinc else ""
            where = state.label(g.hex) if g.hex and g.alive else ("lost" if not g.alive else "not deployed")
            out.append(
                f"  g{g.id:<2} {g.name:<26} CM{g.cm}/CR{g.cr}{tag} at {where}"
                + (f" with unit {host.id}" if host else "")
            )
    bf = state.field
    spec = bf.spec
    occ = state.occupancy()
    letters = {s: s[:1].upper() for s in state.sides}
    if len(set(letters.values())) < 2:
        letters = {state.sides[0]: "A", state.sides[1]: "B"}
    out.append("")
    header = "      " + "".join(f"{c:<4}" for c in range(spec.first_column, spec.first_column + spec.columns))
    out.append(header)
    for r in range(spec.first_row, spec.first_row + spec.rows):
        cells = []
        for c in range(spec.first_column, spec.first_column + spec.columns):
            h = spec.to_hex(c, r)
            at = occ.get(h)
            if at is not None:
                cells.append(f"{letters[at.side]}{at.id:<3}")
            elif state.generals_at(h):
                cells.append(f"g{state.generals_at(h)[0].id:<3}")
            else:
                t = _TERRAIN_CHAR[bf.terrain_at(h)]
                if bf.is_road(h) and t == ".":
                    t = "+"
                cells.append(f"{t}   ")
        x0 = min(spec.center(spec.to_hex(spec.first_column, rr))[0] for rr in (spec.first_row, spec.first_row + 1))
        indent = "  " if spec.center(spec.to_hex(spec.first_column, r))[0] > x0 + 0.1 else ""
        out.append(f"{r:>4}  {indent}{''.join(cells).rstrip()}")
    out.append("key: . open  + road  , broken  w wood  ~ river  = lake  # town  ^ impassable; letter+id = unit")
    return "\n".join(out)
