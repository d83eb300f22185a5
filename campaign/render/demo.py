"""Two sample boards that use every feature of the renderer: for tests, docs and eyeballing.

:func:`demo_picture` is a 30 x 20 pointy-top battlefield in the Hordes & Heroes manner;
:func:`demo_flat_picture` is a small flat-top skirmish map with Cry Havoc's buildings and
Proconsul's ground. Neither is a real scenario.
"""

from __future__ import annotations

from collections.abc import Callable

from campaign.hexgrid import Hex, MapSpec, Offset, Orientation
from campaign.picture import (
    Arrow,
    ArrowKind,
    BoardPicture,
    Counter,
    Formation,
    General,
    HexFeature,
    HexSideFeature,
    HexTerrain,
    Marker,
    Route,
    Side,
    StandsDisplay,
    Status,
)

ROMANS = Side("rom", "Romans", "#9b1d20", "#ffffff")
BRITONS = Side("bri", "Britons", "#e0a526", "#1b1b1b")
EVADED = Marker("E", "#6a3d9a", "Evaded this turn")
RALLIED = Marker("R", "#555555", "Rallied")


def hex_line(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """Hexes on the straight line from ``a`` to ``b`` (cube interpolation), both ends included."""
    n = a.distance(b)
    if n == 0:
        return (a,)
    out = []
    for i in range(n + 1):
        t = i / n
        q = a.q + (b.q - a.q) * t + 1e-6
        r = a.r + (b.r - a.r) * t + 2e-6
        out.append(_round_cube(q, r))
    return tuple(out)


def _round_cube(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def _chain(spec: MapSpec, *labels: str) -> tuple[Hex, ...]:
    """Hexes along straight legs through the labelled waypoints."""
    pts = [spec.parse(x) for x in labels]
    out: list[Hex] = [pts[0]]
    for a, b in zip(pts, pts[1:], strict=False):
        out.extend(hex_line(a, b)[1:])
    return tuple(out)


def _painter(spec: MapSpec, terrain: dict[Hex, HexTerrain]) -> Callable[..., None]:
    """`put(kind, *labels, elevation=0)`: paint terrain onto labelled hexes."""

    def put(kind: str, *labels: str, elevation: int = 0) -> None:
        for lab in labels:
            h = spec.parse(lab)
            terrain[h] = HexTerrain(h, kind, elevation)

    return put


def demo_picture() -> BoardPicture:
    """A 30 x 20 pointy-top battlefield with every built-in terrain and every unit state."""
    spec = MapSpec(30, 20, Orientation.POINTY, Offset.ODD)
    terrain, road, hex_features = _demo_terrain(spec)
    generals, arrows = _demo_generals_and_arrows(spec)
    routes = (
        Route("road", road),
        Route("track", _chain(spec, "2309", "2606", "2903")),
        Route("stream", _chain(spec, "0101", "0303", "0403")),
    )
    sides = _demo_hexsides(spec)
    counters = _demo_counters(spec)
    return BoardPicture(
        title="Battle of the Ford - turn 4",
        subtitle="Hordes & Heroes - Romans to move - sample board",
        map_spec=spec,
        terrain=tuple(terrain[h] for h in sorted(terrain)),
        hex_features=hex_features,
        hexside_features=sides,
        routes=routes,
        sides=(ROMANS, BRITONS),
        counters=counters,
        generals=generals,
        arrows=arrows,
    )


def _demo_terrain(spec: MapSpec) -> tuple[dict[Hex, HexTerrain], tuple[Hex, ...], tuple[HexFeature, ...]]:
    """The demo's terrain by hex, its road, and the ford and bridge on the river."""
    terrain: dict[Hex, HexTerrain] = {}
    put = _painter(spec, terrain)

    put("woodland", "0403", "0503", "0504", "0404", "0604", "0505", "0405")
    put("broken", "1203", "1303", "1304", "1404", "1204")
    put("lake", "2404", "2504", "2405", "2505", "2604")
    put("marsh", "2304", "2305", "2406", "2506", "2605")
    put("bua", "1012", "1112", "1013", "1113")
    put("field", "0811", "0911", "0812", "0912", "0813")
    put("scrub", "1606", "1607", "1507")
    put("impenetrable", "2817", "2917", "3017", "2918", "3018", "3019", "2919")
    # a hill: level 1 shoulder, level 2 crest, a level 3 knoll
    for lab in ("0615", "0715", "0815", "0616", "0816", "0617", "0717", "0817", "0618", "0718"):
        put("good_going", lab, elevation=1)
    put("good_going", "0716", elevation=2)
    put("hill", "2712", "2812", "2713", elevation=1)
    put("hilltop", "2813", elevation=2)
    put("slope", "2613", "2614")
    # a farmstead in Cry Havoc style
    put("interior", "2209", "2309")
    put("wall", "2208")
    put("corner", "2308")
    put("door", "2210")
    put("window", "2310")
    # the river runs down column 18
    river = _chain(spec, "1801", "1806", "1911", "1816", "1820")
    for h in river:
        terrain.setdefault(h, HexTerrain(h, "river"))
    road = _chain(spec, "0110", "0912", "1013", "1113", "1815", "2415", "3014")
    ford = river[9]
    bridge = next(h for h in road if terrain.get(h, HexTerrain(h, "")).terrain == "river")
    hex_features = (HexFeature(ford, "ford", 0), HexFeature(bridge, "bridge", _direction(bridge, road)))

    return terrain, road, hex_features


def _demo_hexsides(spec: MapSpec) -> tuple[HexSideFeature, ...]:
    """Walls, hedges, a stream, steep slopes and stakes along hex sides."""
    p = spec.parse
    sides = (
        # walls round the village, with a gate
        HexSideFeature(p("1012"), 2, "wall"),
        HexSideFeature(p("1012"), 3, "wall"),
        HexSideFeature(p("1112"), 1, "wall"),
        HexSideFeature(p("1112"), 2, "door"),
        HexSideFeature(p("1113"), 0, "wall"),
        HexSideFeature(p("1013"), 4, "wall"),
        HexSideFeature(p("1012"), 4, "window"),
        HexSideFeature(p("0912"), 0, "fence"),
        HexSideFeature(p("0811"), 1, "hedge"),
        HexSideFeature(p("0811"), 2, "hedge"),
        HexSideFeature(p("0911"), 2, "fence"),
        # a stream along hex sides into the river
        HexSideFeature(p("1402"), 4, "stream"),
        HexSideFeature(p("1402"), 5, "stream"),
        HexSideFeature(p("1403"), 4, "stream"),
        HexSideFeature(p("1403"), 3, "stream"),
        HexSideFeature(p("1503"), 3, "river"),
        HexSideFeature(p("1504"), 2, "river"),
        HexSideFeature(p("1504"), 1, "bridge"),
        HexSideFeature(p("1403"), 4, "ford"),
        # steep sides on the knoll
        HexSideFeature(p("0716"), 3, "steep"),
        HexSideFeature(p("0716"), 4, "steep"),
        HexSideFeature(p("0816"), 0, "steep"),
        HexSideFeature(p("2813"), 5, "steep"),
        # stakes in front of the archers; field defences; farm track
        HexSideFeature(p("1409"), 1, "stakes"),
        HexSideFeature(p("1409"), 2, "stakes"),
        HexSideFeature(p("2109"), 1, "field_defence"),
        HexSideFeature(p("2109"), 2, "field_defence"),
        HexSideFeature(p("2209"), 3, "road"),
        HexSideFeature(p("2309"), 0, "track"),
    )
    return sides


def _demo_counters(spec: MapSpec) -> tuple[Counter, ...]:
    """One counter for every unit state the renderer draws."""
    p = spec.parse
    r, b = ROMANS.key, BRITONS.key
    counters = (
        Counter("Leg I", r, p("1207"), 3, stands=4),
        Counter("Leg II", r, p("1307"), 3, stands=3, full_stands=4, status=(Status.DISRUPTED,)),
        Counter("Aux", r, p("1407"), 1, stands=2, full_stands=4, stands_display=StandsDisplay.FRACTION),
        Counter("Sag", r, p("1409"), 2, stands=4, status=(Status.HOLD_FIRE,)),
        Counter("Eq", r, p("0908"), 0, Formation.COLUMN, stands=4),
        Counter("Eq Ala", r, p("0807"), 5, stands=3, status=(Status.STATIC_COMBAT, Status.DISRUPTED)),
        Counter("Bal", r, p("1108"), 4, stands=1, full_stands=2, status=(Status.HOLD_FIRE,)),
        Counter("Pr", r, p("1013"), 6, Formation.COLUMN, stands=4),
        Counter(
            "Vex",
            r,
            p("1609"),
            7,
            Formation.COLUMN,
            stands=2,
            full_stands=4,
            stands_display=StandsDisplay.FRACTION,
            status=(Status.DISRUPTED,),
        ),
        Counter("Sag II", r, p("1609").neighbour(0), 8, stands=5, full_stands=6),
        Counter("Clib", r, p("1710"), 9, Formation.COLUMN, stands=3, status=(Status.STATIC_COMBAT,)),
        Counter("Horde", b, p("1305"), 9, stands=6, status=(Status.STATIC_COMBAT,)),
        Counter(
            "Warband",
            b,
            p("1205"),
            10,
            stands=3,
            full_stands=6,
            status=(Status.DISRUPTED, Status.STATIC_COMBAT, Status.HOLD_FIRE),
        ),
        Counter("Chariots", b, p("1105"), 11, stands=2, full_stands=3, markers=(EVADED,)),
        Counter("Slingers", b, p("1506"), 8, stands=2, status=(Status.HOLD_FIRE,), markers=(RALLIED,)),
        Counter("Cav", b, p("0905"), 7, Formation.COLUMN, stands=4),
        Counter("Fanatics", b, p("2006"), 1, Formation.COLUMN, stands=5, full_stands=6),
        Counter("Levy", b, p("2106"), 10, stands=1, full_stands=4, stands_display=StandsDisplay.FRACTION),
        Counter("Druids", b, p("2406").neighbour(1), 4, stands=2),
        Counter("Scouts", b, p("2709"), 2, Formation.COLUMN, stands=2, status=(Status.DISRUPTED,)),
        Counter("Horse", b, p("0716"), 6, stands=4, status=(Status.HOLD_FIRE, Status.STATIC_COMBAT)),
        Counter("Unnamed", b, p("2512"), None, stands=None),
    )
    return counters


def _demo_generals_and_arrows(spec: MapSpec) -> tuple[tuple[General, ...], tuple[Arrow, ...]]:
    """The generals and one arrow of each kind."""
    p = spec.parse
    r, b = ROMANS.key, BRITONS.key
    generals = (
        General("Ag", r, p("1207"), chief=True),
        General("Ce", r, p("0808")),
        General("Ca", b, p("1305"), hero=True),
        General("Bo", b, p("1604"), hero=True, chief=True),
        General("Ve", b, p("1105")),
        General("Mo", b, p("2006")),
    )
    arrows = (
        Arrow(ArrowKind.MOVE, _chain(spec, "0410", "0709", "0908"), r),
        Arrow(ArrowKind.MOVE, _chain(spec, "1405", "1305"), b),
        Arrow(ArrowKind.MOVE, _chain(spec, "2303", "2006"), b),
        Arrow(ArrowKind.ATTACK, (p("1305"), p("1306")), b),
        Arrow(ArrowKind.ATTACK, (p("1205"), p("1206")), b),
        Arrow(ArrowKind.SHOT, (p("1409"), p("1507"), p("1506")), r),
        Arrow(ArrowKind.RETREAT, _chain(spec, "1306", "1307"), r),
        Arrow(ArrowKind.RETREAT, _chain(spec, "0904", "0905"), b),
    )
    return generals, arrows


def _direction(h: Hex, path: tuple[Hex, ...]) -> int:
    """Direction from ``h`` to the next hex along ``path`` (0 if none)."""
    i = path.index(h)
    nxt = path[i + 1] if i + 1 < len(path) else path[i - 1]
    for k in range(6):
        if h.neighbour(k) == nxt:
            return k
    return 0


def demo_flat_picture() -> BoardPicture:
    """A 12 x 9 flat-top skirmish map: a walled farm, a wood, a stream, a few characters."""
    spec = MapSpec(12, 9, Orientation.FLAT, Offset.EVEN)
    p = spec.parse
    terrain: dict[Hex, HexTerrain] = {}
    put = _painter(spec, terrain)

    put("tree", "0102", "0202", "0103", "0203", "0302")
    put("scrub", "0405", "0506")
    put("interior", "0704", "0804", "0705", "0805")
    put("wall", "0703", "0903")
    put("corner", "0803")
    put("door", "0906")
    put("window", "0605")
    put("slope", "1003", "1103", "1004")
    put("hill", "1102", "1202", elevation=1)
    put("hilltop", "1201", elevation=2)
    put("marsh", "0208", "0309", "0209")
    put("field", "0507", "0607", "0508")
    put("rough", "1007", "1107")
    put("stream", "0401")
    sides = (
        HexSideFeature(p("0704"), 2, "wall"),
        HexSideFeature(p("0705"), 4, "door"),
        HexSideFeature(p("0805"), 5, "window"),
        HexSideFeature(p("0402"), 4, "stream"),
        HexSideFeature(p("0402"), 3, "stream"),
        HexSideFeature(p("0502"), 3, "stream"),
        HexSideFeature(p("1102"), 3, "steep"),
        HexSideFeature(p("1102"), 4, "steep"),
        HexSideFeature(p("0607"), 1, "fence"),
    )
    counters = (
        Counter("Sir Hugh", "nor", p("0604"), 0),
        Counter("Archer", "nor", p("0705"), 2, status=(Status.HOLD_FIRE,)),
        Counter("Osbert", "nor", p("0507"), 4, Formation.COLUMN, stands=3, full_stands=3),
        Counter("Wat", "sax", p("0304"), 6, stands=1, full_stands=2),
        Counter("Godwin", "sax", p("0405"), 8, markers=(Marker("W", "#444444", "Wounded"),)),
        Counter("Eadric", "sax", p("0306"), 10, Formation.COLUMN, status=(Status.DISRUPTED,)),
        Counter("Ulf", "sax", p("1005"), 1),
        Counter("Knut", "sax", p("1104"), 3),
        Counter("Grim", "sax", p("1006"), 5),
        Counter("Alfred", "nor", p("0805"), 7),
        Counter("Bertran", "nor", p("0804"), 9, Formation.COLUMN),
        Counter("Clovis", "nor", p("0704"), 11),
    )
    return BoardPicture(
        title="Skirmish at the Farm",
        subtitle="flat-top sample - Cry Havoc and Proconsul ground",
        map_spec=spec,
        terrain=tuple(terrain[h] for h in sorted(terrain)),
        hexside_features=sides,
        routes=(Route("track", _chain(spec, "0101", "0504", "0604")),),
        sides=(Side("nor", "Normans", "#27408b"), Side("sax", "Saxons", "#5a7d2a")),
        counters=counters,
        generals=(General("L", "nor", p("0604"), hero=True), General("T", "sax", p("0206"))),
        arrows=(
            Arrow(ArrowKind.MOVE, _chain(spec, "0101", "0304"), "sax"),
            Arrow(ArrowKind.SHOT, (p("0705"), p("0405")), "nor"),
            Arrow(ArrowKind.ATTACK, (p("1005"), p("0904")), "sax"),
        ),
        hex_size=40.0,
    )
