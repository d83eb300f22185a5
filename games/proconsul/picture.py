"""The Proconsul board as a `campaign.picture.BoardPicture`: terrain, rivers, stands, generals, markers, moves.

Counters read ``"<id> <category>"`` (``"L1 HI"``) with SP left over SP at the start, a pointer at
the facing point, a red D chip when disordered, an O marker on opportunity, an M marker once
moved this activation, and the static-combat chip while locked in a melee. Arrows show the last
resolution's moves. Pure: reads the state, returns frozen data.
"""

from __future__ import annotations

from campaign.picture import (
    Arrow,
    ArrowKind,
    BoardPicture,
    Counter,
    General,
    HexSideFeature,
    HexTerrain,
    Marker,
    Side,
    StandsDisplay,
    Status,
)

from .state import Edge, Phase, State, Terrain
from .view import declarations

TERRAIN_STYLE = {
    Terrain.PLAIN: "good_going",
    Terrain.HILLSIDE: "hill",
    Terrain.HILLTOP: "hilltop",
    Terrain.WOODS: "woodland",
    Terrain.TOWN: "bua",
    Terrain.ROUGH: "broken",
    Terrain.MARSH: "marsh",
    Terrain.IMPASSABLE: "impenetrable",
}
EDGE_STYLE = {Edge.RIVER: "river", Edge.CREEK: "stream", Edge.FORD: "ford", Edge.FIELD_DEFENCE: "stakes"}
SIDE_LOOKS = (("#b02222", "#ffffff"), ("#0072b2", "#ffffff"))
"""Side A red (Rome's colour in the scenarios), side B blue."""

OPPORTUNITY = Marker("O", "#1b7837", "On opportunity")
"""On opportunity [PC.OPP.1]."""
MOVED = Marker("M", "#555555", "Moved this activation")
"""Moved marker [PC.SEQ.6]."""


def picture(st: State, side: str | None = None, title: str = "") -> BoardPicture:
    return BoardPicture(
        title=title or st.title,
        subtitle=subtitle(st, side),
        map_spec=st.spec,
        terrain=tuple(
            HexTerrain(h, TERRAIN_STYLE[t], st.elev(h)) for h, t in sorted(st.terrain.items()) if t is not Terrain.PLAIN
        ),
        hexside_features=_edges(st),
        sides=tuple(Side(s, st.side_names.get(s, s), *SIDE_LOOKS[i]) for i, s in enumerate(st.sides)),
        counters=tuple(_counter(st, s.id) for s in st.live()),
        generals=tuple(
            General(g.group[:3].upper(), g.side, g.hex)
            for g in sorted(st.generals.values(), key=lambda g: g.id)
            if g.alive
        ),
        arrows=tuple(Arrow(ArrowKind.MOVE, m.hexes, m.side) for m in st.last_moves),
        hex_size=30.0,
    )


def subtitle(st: State, side: str | None) -> str:
    names = " v ".join(st.side_names.get(s, s) for s in st.sides)
    if st.phase is Phase.OVER and st.result is not None:
        now = f"game over in round {st.round}: {st.result[1]}"
    elif st.phase is Phase.DECLARE:
        now = f"round {st.round}: declarations " + ", ".join(f"{k} {v}" for k, v in declarations(st, side).items())
    else:
        now = f"round {st.round}: {st.active_side} activates {st.active_group or '(its choice)'}"
    return f"{names} - {now}" + (f" - seen by {side}" if side else "")


def _edges(st: State) -> tuple[HexSideFeature, ...]:
    from campaign.hexgrid import Hex

    out = []
    for (q1, r1, q2, r2), kind in sorted(st.edges.items(), key=lambda kv: kv[0]):
        a, b = Hex(q1, r1), Hex(q2, r2)
        out.append(HexSideFeature(a, int(a.side_to(b)), EDGE_STYLE[kind]))
    return tuple(out)


def _counter(st: State, sid: str) -> Counter:
    s = st.stands[sid]
    t = st.troop(s)
    status: list[Status] = []
    if s.disordered:
        status.append(Status.DISRUPTED)
    if st.melee_of(sid) is not None:
        status.append(Status.STATIC_COMBAT)
    markers = [m for m, on in ((OPPORTUNITY, s.opportunity), (MOVED, sid in st.moved)) if on]
    return Counter(
        f"{sid} {t.category.value}",
        s.side,
        s.hex,
        facing=2 * s.facing + 1,
        stands=s.sp,
        full_stands=sum(t.ranks),
        stands_display=StandsDisplay.FRACTION,
        status=tuple(status),
        markers=tuple(markers),
    )
