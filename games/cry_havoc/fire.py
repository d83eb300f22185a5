"""Missile fire: who may fire, the line of fire with blocking terrain, apertures and intervening
men, cover, and the shot's column [CH.MISSILE.*] [CH.FIRE.*] [CH.COVER.*] [CH.GEOM.6].
"""

from __future__ import annotations

from dataclasses import dataclass

from campaign.hexgrid import Hex

from .geometry import Candidate, line_of_fire
from .model import Animal, Character, Ransom
from .movement import Illegal
from .state import GameState, Step
from .tables import Cover, Table, Terrain, Weapon, column, missile_strength

Target = Character | Animal
WALLED = frozenset({"CH.FIRE.10", "CH.FIRE.11", "CH.FIRE.14", "CH.FIRE.15", "CH.TERRAIN.12"})
"""Refusals meaning a hex is behind walls (not merely hidden by trees or men) [CH.COVER.6]."""


@dataclass(frozen=True, slots=True)
class Shot:
    """A legal missile attack, ready to roll [CH.FIRE.1]."""

    firer: str
    target: str
    hex: Hex
    range: int
    strength: int
    defence: int
    line: str
    cover: Cover
    column: int
    table: Table
    intervening: int


def weapon_step(w: Weapon, step: Step) -> bool:
    """Shortbows fire in steps 1 and 4, crossbows in step 2 [CH.SEQ.1] [CH.SEQ.3] [CH.FIRE.17]."""
    return step in ((Step.SHORTBOW_1, Step.SHORTBOW_2) if w is Weapon.SHORTBOW else (Step.CROSSBOW,))


def crossbow_barred(state: GameState, c: Character) -> bool:
    """A crossbowman who fought in the previous phase may not fire [CH.SEQ.9] [TV-50]."""
    now = state.phase_no
    window = (now - 1,) if state.config.seq__crossbow_engaged_window == "previous_phase" else (now - 1, now - 2)
    return any(p in window for p in c.fought_phases)


def check_firer(state: GameState, c: Character, step: Step) -> Weapon:
    """Refuse a firer who may not shoot now [CH.MISSILE.6] [CH.SEQ.2] [CH.SEQ.3] [CH.SEQ.9] [CH.AMMO.3]."""
    w = c.profile.weapon
    if w is None:
        raise Illegal("CH.MISSILE.6", f"{c.id} carries no bow or crossbow")
    if not c.active or c.stunned:
        raise Illegal("CH.MISSILE.6", f"{c.id} cannot fire: {'stunned' if c.stunned else 'dead, captured or gone'}")
    if c.mounted:
        raise Illegal("CH.MISSILE.6", f"{c.id} is mounted: no missile fire from horseback")
    if c.action:
        raise Illegal("CH.SEQ.8", f"{c.id} spends this phase on '{c.action}'")
    if not weapon_step(w, step):
        raise Illegal(
            "CH.SEQ.3" if w is Weapon.CROSSBOW else "CH.SEQ.2",
            f"a {w.value} fires in step {'2' if w is Weapon.CROSSBOW else '1 or 4'}, not step {int(step)}",
            "use 'fire' for a crossbow or a first shortbow shot, 'fire2' for the second shortbow shot",
        )
    if w is Weapon.CROSSBOW and crossbow_barred(state, c):
        raise Illegal("CH.SEQ.9", f"{c.id} fought hand-to-hand in the previous phase and may not fire his crossbow")
    if c.missiles is not None and c.missiles <= 0:
        raise Illegal("CH.AMMO.3", f"{c.id} has no missiles left")
    return w


def target_ok(firer: Character, t: Target) -> None:
    """Legal targets: live enemies not captured; live animals not of the firer's side [CH.FIRE.2]."""
    if isinstance(t, Animal):
        if not t.alive or (t.side and t.side == firer.side):
            raise Illegal("CH.FIRE.2", f"{t.id} is not a legal target (dead, or one of your own animals)")
        return
    if t.side == firer.side or not t.live or t.ransom is Ransom.PRISONER or not t.on_map:
        raise Illegal("CH.FIRE.2", f"{t.id} is not a legal target (own side, dead, prisoner or gone)")


def obstacles(state: GameState, cand: Candidate, target: Target) -> list[Hex]:
    """Hexes of the candidate holding an intervening man or animal; a two-hex piece counts once [CH.FIRE.7]."""
    seen: set[str] = set()
    out: list[Hex] = []
    for h in sorted(cand.hexes):
        c = state.occupant(h)
        if c is not None and c.id != target.id and (state.config.lof__stunned_obstruct or not c.stunned):
            if c.id not in seen:
                seen.add(c.id)
                out.append(h)
            continue
        a = state.animal_at(h)
        if a is not None and a.id != target.id and state.config.lof__animals_obstruct and a.id not in seen:
            seen.add(a.id)
            out.append(h)
    return out


def lof_problem(state: GameState, a: Hex, b: Hex, cand: Candidate) -> str | None:
    """Why a candidate line is blocked by terrain or the aperture rules, or None [CH.FIRE.5] [CH.FIRE.10]
    [CH.FIRE.11] [CH.FIRE.14] [CH.FIRE.15] [CH.TERRAIN.13]."""
    bd = state.board
    for h in sorted(cand.hexes):
        t = bd.at(h) if bd.on_map(h) else Terrain.FLAT
        if t is Terrain.WALL:
            return f"a wall at {bd.label(h)} blocks the line [CH.FIRE.15]"
        if t is Terrain.TREE:  # so only the outer trees of a wood can be shot into [CH.FIRE.6]
            return f"trees at {bd.label(h)} block the line [CH.FIRE.5]"
        if t is Terrain.CORNER and state.config.lof__corner_blocks:
            return f"the building corner at {bd.label(h)} blocks the line [CH.TERRAIN.13]"
    if bd.wall_sides and any(side in bd.wall_sides for side in cand.sides):
        return "the line crosses a wall drawn on a hexside [CH.TERRAIN.12]"
    # one aperture at most: through a courtyard door, a window inside is a fair target, an interior is not
    # [CH.FIRE.13]
    aps = [h for h in [a, *sorted(cand.hexes)] if bd.on_map(h) and bd.is_aperture(h)]
    if len(aps) > 1:
        return "the line passes more than one door or window [CH.FIRE.10]"
    tb = bd.building_of(b)
    if tb is not None and b in tb.inside and a not in tb.hexes:
        ok = bool(aps) and bd.at(aps[0]) is Terrain.WINDOW and aps[0] in tb.apertures and aps[0].distance(a) == 1
        if not ok:
            return (
                "a man inside a building may be shot only from inside, or through a window the firer stands"
                " next to [CH.FIRE.11]"
            )
    fb = bd.building_of(a)
    if fb is not None and a in fb.inside and b not in fb.hexes:
        if state.config.lof__interior_fire_out == "adjacent_window_only":
            ok = bool(aps) and bd.at(aps[0]) is Terrain.WINDOW and aps[0] in fb.apertures and aps[0].distance(a) == 1
        else:
            ok = bool(aps) and aps[0] in fb.apertures
        if not ok:
            return "from inside a building a man may fire out only through a window next to him [CH.FIRE.14]"
    return None


def hex_cover(state: GameState, firer: Character, a: Hex, b: Hex, cand: Candidate, target: Target) -> Cover:
    """Cover of the target hex ``b`` against this line [CH.COVER.3]-[CH.COVER.9] [CH.COVER.11]; cover is a
    missile matter only, terrain advantage a combat matter only [CH.COVER.12]."""
    bd = state.board
    t = bd.at(b)
    # [CH.COVER.10] a man behind walls is never reached: lof_problem refuses every such line first
    if t is Terrain.SLOPE:
        # [CH.COVER.4] medium only across the top lip of the target's slope; [CH.COVER.5] never if adjacent
        sid = bd.slope_of.get(b)
        lips = [s for s in cand.sides if s in bd.top_lips and any(bd.slope_of.get(h) == sid for h in s)]
        return Cover.MEDIUM if lips and a.distance(b) > 1 else Cover.NONE
    if t is Terrain.WINDOW:
        # [CH.COVER.7] medium only when the missile enters from an outside neighbour
        _, outside = bd.aperture_sides(b)
        entry = cand.entry_side(b)
        return Cover.MEDIUM if any(h in outside for h in entry if h != b) else Cover.NONE
    if t is Terrain.CORNER:
        # [CH.COVER.9] one nominee per phase; by default the first firer resolved against him
        nominee = state.nominees.get(target.id)
        return Cover.MEDIUM if nominee in (None, firer.id) else Cover.NONE
    return bd.base_cover(b)


def best_line(
    state: GameState, firer: Character, w: Weapon, b: Hex, target: Target, want: str
) -> tuple[Candidate, Cover, int] | Illegal:
    """The line used: the firer's choice, else a legal one, lighter cover, fewer men, then L [CH.FIRE.4] [CH.PBEM.5]."""
    a = firer.hex
    lines = line_of_fire(a, b)
    found: list[tuple[int, int, str, Candidate, Cover, int]] = []
    why = ""
    for name in ("L", "R"):
        if want and name != want:
            continue
        cand = lines[name]
        problem = lof_problem(state, a, b, cand)
        if problem:
            why = problem
            continue
        cover = hex_cover(state, firer, a, b, cand, target)
        men = obstacles(state, cand, target)
        problem = overfire_problem(state, w, men, target, cover, a, b)
        if problem:
            why = problem
            continue
        found.append((cover.value, len(men), name, cand, cover, len(men)))
    if not found:
        return Illegal(_rule(why), why or "no line of fire")
    found.sort(key=lambda x: (x[0], x[1], x[2]))
    _, _, _, cand, cover, men_n = found[0]
    return cand, cover, men_n


def _rule(why: str) -> str:
    from .movement import rule_of

    return rule_of(why) if "[" in why else "CH.FIRE.4"


def overfire_problem(
    state: GameState, w: Weapon, men: list[Hex], target: Target, cover: Cover, a: Hex, b: Hex
) -> str | None:
    """Crossbows never shoot over a man; shortbows over at most four, none next to the target, and
    only at a target in no or light cover [CH.FIRE.8] [CH.FIRE.9] [CH.FIRE.12]."""
    if not men:
        return None
    if w is Weapon.CROSSBOW:
        return "a crossbow may not shoot over another man [CH.FIRE.8]"
    if state.config.lof__aperture_overfire == "forbid" and (
        state.board.at(a) is Terrain.WINDOW or state.board.is_aperture(b)
    ):
        return "no shooting over men from a window or into a door [CH.FIRE.12]"
    if len(men) > 4:
        return f"a shortbow may shoot over at most 4 men, not {len(men)} [CH.FIRE.9]"
    near = set(target.hexes)
    for h in men:
        occ = state.occupant(h) or state.animal_at(h)
        hexes = occ.hexes if occ is not None else (h,)
        if any(x.distance(y) == 1 for x in hexes for y in near):
            return f"the man at {state.board.label(h)} stands next to the target [CH.FIRE.9]"
    if cover.value > Cover.LIGHT.value:
        return "a shortbow may shoot over men only at a target in no or light cover [CH.FIRE.9]"
    return None


def _defence(state: GameState, t: Target) -> int:
    if isinstance(t, Animal):
        return state.animal_defence[t.kind]
    return state.values(t).defence


def aim(state: GameState, firer: Character, step: Step, t: Target, hex_: Hex | None = None, line: str = "") -> Shot:
    """Check a missile attack and work out its column, or raise Illegal [CH.FIRE.1] [CH.FIRE.3] [CH.COVER.6].

    The target hex of a horseman defaults to the better shot, then the lighter cover, then the front
    [CH.PBEM.4]. The firer's own state never changes the strength [CH.MISSILE.4], and nothing forbids a
    shot at range 1 or next to friends [CH.FIRE.16]."""
    w = check_firer(state, firer, step)
    target_ok(firer, t)
    hexes = t.hexes
    if hex_ is not None and hex_ not in hexes:
        raise Illegal("CH.FIRE.3", f"{state.board.label(hex_)} is not one of {t.id}'s hexes")
    options: list[tuple[int, int, int, Hex, Candidate, Cover, int]] = []
    problem: Illegal | None = None
    hidden = False
    for i, h in enumerate(hexes):
        rng = firer.hex.distance(h)
        strength = missile_strength(w, rng)
        got = best_line(state, firer, w, h, t, line)
        if isinstance(got, Illegal):
            hidden = hidden or got.code in WALLED
            problem = (
                got
                if strength is not None
                else Illegal("CH.MISSILE.2", f"{t.id} is {rng} hexes away: out of range for a {w.value}")
            )
            continue
        cand, cover, men = got
        if strength is None:
            problem = Illegal("CH.MISSILE.2", f"{t.id} is {rng} hexes away: out of range for a {w.value}")
            continue
        options.append((-strength, cover.value, i, h, cand, cover, men))
    if len(hexes) == 2 and hidden and state.config.cover__mounted_hidden_hex == "infinite":
        raise Illegal("CH.COVER.6", f"half of {t.id} is behind a wall: the whole horseman is in infinite cover")
    if hex_ is not None:
        options = [o for o in options if o[3] == hex_]
    if not options:
        assert problem is not None  # every hex without an option said why
        raise problem
    options.sort(key=lambda o: o[:3])
    neg, _, _, h, cand, cover, men = options[0]
    if len(hexes) == 2:
        # [CH.COVER.6] the whole horseman is in the heavier cover of his two hexes
        for o in options[1:]:
            cover = cover.heavier(o[5])
    if cover is Cover.INFINITE:
        raise Illegal("CH.COVER.2", f"{t.id} is in infinite cover")
    d = _defence(state, t)
    k = column(-neg, d, cover.shift, state.config.odds__cap_after_shift)
    if k is None:
        raise Illegal("CH.ODDS.3", f"{-neg} against {d} with {cover.name.lower()} cover is below 1-1: not permitted")
    mounted = isinstance(t, Animal) or t.mounted
    table = Table.MRT_MOUNTED if mounted else Table.MRT_INFANTRY
    return Shot(firer.id, t.id, h, firer.hex.distance(h), -neg, d, cand.name, cover, k, table, men)
