"""What a player sees: JSON view and a plain-text board (roster plus ASCII map) [HH.DATA.4, HH.DATA.5]."""

from __future__ import annotations

from typing import Any

from campaign.hexgrid import Hex

from .battlefield import Terrain
from .geometry import side_key
from .skirmish_2012 import recorded_deviations
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
        # ruling HH12.SPEC.A1 item 11: the edition deviations the game recorded at set-up, only when there are any
        **({"deviations": list(dev)} if (dev := recorded_deviations(state)) else {}),
    }


def render_text(state: GameState, side: str | None = None) -> str:
    """A compact roster, what the last bound did and an ASCII map (odd rows indented half a hex: pointy-top,
    HH.HEX.2) showing every feature the board picture draws."""
    out = [_headline(state), f"Rules: {state.rules.title}; rulings: {state.rules.rulings_page}"]
    out += [f"Note: {d}" for d in recorded_deviations(state)]  # ruling HH12.SPEC.A1 item 11
    for s in state.sides:
        edge = state.edges.get(s)
        out.append(f"\n{s}" + (f" ({edge.value} edge)" if edge else "") + ":")
        out += _roster(state, s)
    out += _last_bound(state)
    out += _map(state)
    return "\n".join(out)


def _headline(state: GameState) -> str:
    """Title, turn and phase; before the first turn it says so rather than "turn 0"."""
    when = f"turn {state.turn}" if state.turn >= 1 else "before turn 1"
    return f"{state.title} — {when}, {state.phase.value}" + (f", {state.phasing} to move" if state.phasing else "")


def _roster(state: GameState, s: str) -> list[str]:
    out = []
    for u in [u for _, u in sorted(state.units.items()) if u.side == s]:
        p = state.profile(u)
        marks = "".join(
            m for m, on in (("D", u.disrupted), ("SC", u.static_combat), ("HF", u.hold_fire), ("P", u.pavisses)) if on
        )
        lost = state.bound_losses.get(u.id, 0)
        marks += f" -{lost} this bound" if lost else ""
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
            f"  g{g.id:<2} {g.name:<26} CM{g.cm}/CR{g.cr}{tag} at {where}" + (f" with unit {host.id}" if host else "")
        )
    return out


def _last_bound(state: GameState) -> list[str]:
    """Moves, flights and losses of the last bound, both sides (the picture's arrows and loss chips, as text)."""
    lab = state.label
    out = []
    for what, paths in (("moved", state.move_paths), ("fled", state.flee_paths)):
        for uid, path in sorted(paths.items()):
            if uid in state.units and len(path) >= 2:
                u = state.units[uid]
                out.append(f"  unit {uid} ({u.name}, {u.side}) {what} {' -> '.join(lab(h) for h in path)}")
    for uid, n in sorted(state.bound_losses.items()):
        if uid in state.units:
            u = state.units[uid]
            gone = ", eliminated" if u.eliminated else ""
            out.append(f"  unit {uid} ({u.name}, {u.side}) lost {n} stand{'' if n == 1 else 's'}{gone}")
    return ["", "Last bound:", *out] if out else []


def _cell(state: GameState, h: Hex) -> str:
    """A 4-character map cell: terrain (bridge, ford and track over the river), hill level, hex-side mark."""
    bf = state.field
    t = _TERRAIN_CHAR[bf.terrain_at(h)]
    if h in bf.bridges:
        t = "H"
    elif h in bf.fords:
        t = "f"
    elif bf.is_restriction(h, state.options.restrict_tracks):
        t = "n"
    elif bf.is_road(h) and t == ".":
        t = "+"
    level = bf.elevation_at(h)
    sides = [side_key(h, n) for n in h.neighbours()]
    mark = ""
    if any(k in bf.steep for k in sides):
        mark = "!"
    elif any(k in bf.walls for k in sides):
        mark = "|"
    elif any(k in state.stakes and state.stakes[k][1] == h for k in sides):
        mark = "x"
    return f"{t}{level if level > 0 else ' '}{mark or ' '} "


def _map(state: GameState) -> list[str]:
    spec = state.field.spec
    occ = state.occupancy()
    letters = {s: s[:1].upper() for s in state.sides}
    if len(set(letters.values())) < 2:
        letters = {state.sides[0]: "A", state.sides[1]: "B"}
    out = ["", "      " + "".join(f"{c:<4}" for c in range(spec.first_column, spec.first_column + spec.columns))]
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
                cells.append(_cell(state, h))
        x0 = min(spec.center(spec.to_hex(spec.first_column, rr))[0] for rr in (spec.first_row, spec.first_row + 1))
        indent = "  " if spec.center(spec.to_hex(spec.first_column, r))[0] > x0 + 0.1 else ""
        out.append(f"{r:>4}  {indent}{''.join(cells).rstrip()}")
    out.append(
        "key: . open  + road  , broken  w wood  ~ river  H bridge  f ford  n narrow track  = lake  # town"
        "  ^ impassable; a digit after it: hill level; then ! steep side, | wall, x planted stakes;"
        " letter+id = unit, g+id = general"
    )
    return out
