"""The Hordes & Heroes board as a picture for `campaign.render` [HH.DATA.4, HH.DATA.5, HH.DATA.6].

`picture(state, side, title)` fills a :class:`campaign.picture.BoardPicture` from a game state:
terrain with hill levels, roads as routes, bridges and fords, steep sides, walls and planted
stakes on their hex sides, one counter per unit on the table, a disc per general, and attack
arrows for contacts made this bound. Pure: it reads the state and returns frozen data.

Counters are labelled ``"<id> <abbreviation>"`` (``"7 Sp"``) and generals ``"G<id>"``, the
ids the order grammar uses, so a player can write orders straight from the picture.
"""

from __future__ import annotations

from campaign.hexgrid import Hex
from campaign.picture import (
    Arrow,
    ArrowKind,
    BoardPicture,
    Counter,
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
from campaign.picture import Formation as PictureFormation
from campaign.picture.styles import DEFAULT_STYLES, FeatureMark, HexFeatureStyle

from .battlefield import Battlefield, Terrain
from .geometry import direction
from .model import Formation, Unit
from .skirmish_2012 import recorded_deviations
from .state import GameState, Phase

TERRAIN_STYLE: dict[Terrain, str] = {
    Terrain.GOOD: "good_going",
    Terrain.BROKEN: "broken",
    Terrain.WOOD: "woodland",
    Terrain.RIVER: "river",
    Terrain.LAKE: "lake",
    Terrain.BUA: "bua",
    Terrain.IMPENETRABLE: "impenetrable",
}
"""Style-sheet key of each base terrain (campaign/picture/styles.py)."""

SIDE_LOOKS: tuple[tuple[str, str], ...] = (("#0072b2", "#ffffff"), ("#e69f00", "#1b1b1b"))
"""Counter fill and ink of the first and second side: Okabe-Ito blue and orange, told apart
with every common colour-vision deficiency and in greyscale (dark against light)."""

PAVISSES = Marker("P", "#7a5230", "Carrying pavisses")
"""Pavisses carried (HH.SPECIAL.7)."""
EVADED = Marker("E", "#6a3d9a", "Evaded this bound")
"""Evaded this bound (HH.COMP.42)."""
FLED = Marker("F", "#4d4d4d", "Flee response this bound")
"""Made a flee response this bound (HH.COMP.47)."""
DISMOUNTED = Marker("Dm", "#2e6f6f", "Dismounted")
"""Fighting in its dismounted form (HH.MOVE.26)."""
SQUEEZED = Marker("Sq", "#8c2d6b", "Squeezed in a restriction")
LOSS_COLOUR = "#b2182b"
"""The chip of stands lost this bound."""
"""Squeezed into column in a ford, bridge or track (HH.TERR.40)."""

DEFILE = HexFeatureStyle("defile", "Narrow track (restriction)", FeatureMark.FORD, "#c9a46a", "#5e3d17")
"""A tight track treated as a restriction when the `restrict_tracks` option is on (HH.TERR.41)."""

STYLES = DEFAULT_STYLES.extended(DEFILE)

HEX_SIZE = 40.0
"""Hex circumradius in SVG pixels: H&H maps are small (12 x 10 to 18 x 13), so hexes can be large."""


def picture(state: GameState, side: str | None = None, title: str = "") -> BoardPicture:
    """The board at this moment as `side` sees it (None: the referee's view).

    Hordes & Heroes has no hidden information (HH.BASE.8): every side sees every unit and
    general on the table, so `side` only names the viewer in the subtitle. Units not yet
    deployed and eliminated units are not drawn; nor are lost generals.
    """
    bf = state.field
    return BoardPicture(
        title=title or state.title,
        subtitle=subtitle(state, side),
        map_spec=bf.spec,
        terrain=_terrain(bf),
        hex_features=_hex_features(state),
        hexside_features=_hexside_features(state),
        routes=_roads(bf),
        sides=_sides(state),
        counters=tuple(counter(state, u) for u in state.live_units()),
        generals=_generals(state),
        arrows=_arrows(state),
        styles=STYLES,
        hex_size=HEX_SIZE,
    )


def subtitle(state: GameState, side: str | None = None) -> str:
    """Turn, bound and phase, whose move it is and the edition played (issue 18), in one line."""
    edges = [f"{s} ({state.edges[s].value} edge)" if s in state.edges else s for s in state.sides]
    who = " v ".join(edges)
    if state.phase is Phase.INITIATIVE:
        now = "before the battle: initiative choices"
    elif state.phase is Phase.DEPLOYMENT:
        now = f"deployment: {state.deploying} to deploy"
    elif state.phase is Phase.GAME_OVER:
        reason = state.outcome[1] if state.outcome else "the game is over"
        now = f"game over after turn {state.turn}: {reason}"
    else:
        now = (
            f"turn {state.turn} of {state.options.max_game_turns}, {state.phasing}'s bound"
            f" ({state.phase.value}): {state.phasing} to move"
        )
    viewer = f" - seen by {side}" if side else ""
    # ruling HH12.SPEC.A1 item 11: a game playing the skirmisher fallback says so on its board
    fallback = " (skirmish order simplified, HH12.SPEC.A1)" if recorded_deviations(state) else ""
    return f"{who} - {now}{viewer} - {state.rules.title}{fallback}"


# --- the map ------------------------------------------------------------------------------------


def _terrain(bf: Battlefield) -> tuple[HexTerrain, ...]:
    hexes = sorted(set(bf.terrain) | {h for h, e in bf.elevation.items() if e > 0})
    return tuple(
        HexTerrain(h, TERRAIN_STYLE[bf.terrain_at(h)], max(0, bf.elevation_at(h))) for h in hexes if bf.on_map(h)
    )


def _roads(bf: Battlefield) -> tuple[Route, ...]:
    """The road network as routes: maximal chains of road steps (HH.TERR.9), each step drawn once."""
    links: dict[Hex, set[Hex]] = {}
    for h, dirs in sorted(bf.road_sides.items()):
        for d in sorted(dirs):
            n = h.neighbour(d)
            if bf.along_road(h, n):
                links.setdefault(h, set()).add(n)
    used: set[tuple[Hex, Hex]] = set()

    def walk(start: Hex) -> tuple[Hex, ...]:
        path = [start]
        here = start
        while True:
            nxt = next((n for n in sorted(links.get(here, ())) if (min(here, n), max(here, n)) not in used), None)
            if nxt is None:
                return tuple(path)
            used.add((min(here, nxt), max(here, nxt)))
            path.append(nxt)
            here = nxt

    routes = []
    ends = [h for h in sorted(links) if len(links[h]) != 2]  # chain ends and junctions first, then loops
    for start in ends + sorted(links):
        while any((min(start, n), max(start, n)) not in used for n in links[start]):
            routes.append(Route("road", walk(start)))
    return tuple(routes)


def _crossing_direction(bf: Battlefield, h: Hex) -> int:
    """Which way a bridge or ford runs: along its road, else across the river's flow."""
    road = sorted(bf.road_sides.get(h, ()))
    if road:
        return road[0] % 3
    for d in (1, 2, 0):
        if all(bf.terrain_at(h.neighbour(k)) is not Terrain.RIVER for k in (d, d + 3)):
            return d
    return 1


def _hex_features(state: GameState) -> tuple[HexFeature, ...]:
    bf = state.field
    out = [HexFeature(h, "bridge", _crossing_direction(bf, h)) for h in sorted(bf.bridges)]
    out += [HexFeature(h, "ford", _crossing_direction(bf, h)) for h in sorted(bf.fords)]
    if state.options.restrict_tracks:
        out += [HexFeature(h, DEFILE.key, _crossing_direction(bf, h)) for h in sorted(bf.restrictions - bf.bridges)]
    return tuple(f for f in out if bf.on_map(f.hex))


def _hexside_features(state: GameState) -> tuple[HexSideFeature, ...]:
    """Steep sides (owned by the upper hex), walls, and planted stakes (owned by the staked hex)."""
    bf = state.field
    out: list[HexSideFeature] = []

    def add(owner: Hex, other: Hex, kind: str) -> None:
        d = direction(owner, other)
        if d is not None and bf.on_map(owner):
            out.append(HexSideFeature(owner, d, kind))
        elif d is not None and bf.on_map(other):
            out.append(HexSideFeature(other, (d + 3) % 6, kind))

    for a, b in sorted(bf.steep):
        upper, lower = (a, b) if bf.elevation_at(a) >= bf.elevation_at(b) else (b, a)
        add(upper, lower, "steep")
    for a, b in sorted(bf.walls):
        add(a, b, "wall")
    for (a, b), (_uid, staked) in sorted(state.stakes.items()):
        add(staked, b if staked == a else a, "stakes")
    return tuple(out)


# --- units and generals -------------------------------------------------------------------------


def _sides(state: GameState) -> tuple[Side, ...]:
    out = []
    for s, (fill, ink) in zip(state.sides, SIDE_LOOKS, strict=True):
        army = state.armies.get(s, "")
        out.append(Side(s, f"{s} ({army})" if army else s, fill, ink))
    return tuple(out)


def short_name(name: str) -> str:
    """A counter-sized abbreviation: short names kept, else the capitals' initials (``MMA``), else 4 letters."""
    name = name.strip()
    if len(name) <= 5:
        return name
    words = [w for part in name.split() for w in part.split("-") if w]
    initials = "".join(w[0] for w in words if w[0].isupper())
    if len(initials) >= 2:
        return initials[:4]
    return name[:4]


def counter_name(u: Unit) -> str:
    """What the counter says: the unit id the orders use, then a short name."""
    return f"{u.id} {short_name(u.name)}"


def counter(state: GameState, u: Unit) -> Counter:
    """One unit's counter: facing 0..11 maps one to one (both count 30-degree steps anticlockwise from east)."""
    assert u.hex is not None
    status = tuple(
        st
        for st, on in (
            (Status.DISRUPTED, u.disrupted),
            (Status.STATIC_COMBAT, u.static_combat),
            (Status.HOLD_FIRE, u.hold_fire),
        )
        if on
    )
    markers = tuple(
        m
        for m, on in (
            (PAVISSES, u.pavisses),
            (DISMOUNTED, u.profile != u.base_profile),
            (SQUEEZED, u.formation is Formation.SQUEEZED),
            (EVADED, u.evaded_this_bound),
            (FLED, u.flee_responded_this_bound),
        )
        if on
    ) + _loss_marks(state, u)
    return Counter(
        name=counter_name(u),
        side=u.side,
        hex=u.hex,
        facing=int(u.facing),
        formation=PictureFormation.DEPLOYED if u.formation is Formation.DEPLOYED else PictureFormation.COLUMN,
        stands=u.stands,
        full_stands=max(u.nominal, u.stands),
        stands_display=StandsDisplay.PIPS,
        status=status,
        markers=markers,
    )


def _loss_marks(state: GameState, u: Unit) -> tuple[Marker, ...]:
    """Stands the unit lost this bound, as a red "-N" chip (rules version 2 records them)."""
    n = getattr(state, "bound_losses", {}).get(u.id, 0)
    return (Marker(f"-{n}", LOSS_COLOUR, "Stands lost this bound"),) if n else ()


def _generals(state: GameState) -> tuple[General, ...]:
    """Living generals on the table; the renderer puts one sharing a friend's hex on that unit's counter."""
    return tuple(
        General(f"G{g.id}", g.side, g.hex, hero=g.hero, chief=g.cinc)
        for _, g in sorted(state.generals.items())
        if g.alive and g.hex is not None and state.field.on_map(g.hex)
    )


def _arrows(state: GameState) -> tuple[Arrow, ...]:
    """What the last bound recorded: contacts made (attacks) and flee paths (evades, flees).

    Attacks come from `contact_order` (mover, primary target; kept until the next bound begins)
    and from each unit's `contacted_by` (cleared at the end of the bound). An attack is drawn
    from where the attacker stood at contact to where the target stood: a unit that fled since
    is placed back at the start of its flee path; a pair no longer adjacent after that (a recoil
    moved one of them) is left out rather than drawn across the map. Flees follow `flee_paths`.
    Ordinary moves of the bound are drawn from `move_paths` (recorded from rules version 2 on; older
    games record none, so none are invented).
    """
    bf = state.field
    # `contact_order` and `flee_paths` arrive with part 2 of the engine; a part-1 state has neither.
    flees: dict[int, tuple[Hex, ...]] = getattr(state, "flee_paths", {})
    pairs = list(getattr(state, "contact_order", ()))
    pairs += [(aid, v.id) for v in state.live_units() for aid in v.contacted_by]

    def at_contact(uid: int) -> Hex | None:
        path = flees.get(uid)
        return path[0] if path else state.units[uid].hex

    out: list[Arrow] = []
    seen: set[tuple[int, int]] = set()
    for aid, vid in pairs:
        if (aid, vid) in seen or aid not in state.units or vid not in state.units:
            continue
        seen.add((aid, vid))
        a, b = at_contact(aid), at_contact(vid)
        if a is not None and b is not None and a.distance(b) == 1 and bf.on_map(a) and bf.on_map(b):
            out.append(Arrow(ArrowKind.ATTACK, (a, b), state.units[aid].side))
    for uid, path in sorted(getattr(state, "move_paths", {}).items()):
        hexes = tuple(h for h in path if bf.on_map(h))
        if uid in state.units and len(hexes) >= 2:
            out.append(Arrow(ArrowKind.MOVE, hexes, state.units[uid].side))
    for uid, path in sorted(flees.items()):
        hexes = tuple(h for h in path if bf.on_map(h))
        if uid in state.units and len(hexes) >= 2:
            out.append(Arrow(ArrowKind.RETREAT, hexes, state.units[uid].side))
    return tuple(out)
