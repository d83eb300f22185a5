"""The pieces of a War Cometh scenario file: profiles written inline, units with their formation and
markers, leaders, sides, flank marches and standing orders (docs/scenarios.md, War Cometh).

A position is paused where the engine waits for orders: the start of a side's player-turn (or
deployment). The flags a player-turn clears at its end (moved, charged, fired, orders received,
fought a melee, hits in the pool) are always clear there [WC.SEQ.7]; the markers that last from
one player-turn to the next are what a file may set. Every problem names its file, line and field.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from campaign.kit.scenario_file import Fields
from campaign.kit.words import did_you_mean
from campaign.table import Pose

from .command import ABILITY
from .lists import read_profile
from .model import Ability, Condition, FlankMarch, FlankStatus, Formation, Leader, Role, Side, Stand, Unit
from .placement import place_unit
from .troops import Profile, profile_problems

__all__ = ["read_flank_marches", "read_leader", "read_profiles", "read_side", "read_standing", "read_unit"]

UNIT_KEYS = (
    "id side name profile stands at facing files formation poses disordered routed began_turn lost fielded"
    " released off_table to_camp chits hold_fire dismounted shieldwall stakes lance_spent"
).split()
"""A unit's fields: where it stands, its formation and the markers that last between player-turns."""
CHITS = ("combat", "threat")


def q(v: Any) -> int:
    """cm or degrees (int or float from TOML) to stored hundredths, exactly."""
    return round(Fraction(str(v)) * 100)


def measure(f: Fields, table: Mapping[str, Any], key: str, where: str, default: int | float) -> int:
    """A number of cm or degrees (``facing``, ``width_cm``), as hundredths; anything else is a problem."""
    v = table.get(key, default)
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        f.problem(f"{where}.{key}" if where else key, f"must be a number, not {v!r}")
        return q(default)
    return q(v)


def point(f: Fields, v: Any, where: str) -> tuple[int, int]:
    """``[x, y]`` in cm, as hundredths."""
    if not (
        isinstance(v, list) and len(v) == 2 and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v)
    ):
        f.problem(where, f"must be [x, y] in cm, not {v!r}")
        return (0, 0)
    return (q(v[0]), q(v[1]))


def read_profiles(f: Fields, d: Mapping[str, Any], variant: str) -> tuple[Profile, ...]:
    """``[[profiles]]``: troop profiles written in the scenario, with a troop list's fields; a Historical
    one must obey the troop-creation rules and the points formula [WC.LIST.6] [WC.TROOPGEN]."""
    out: dict[str, Profile] = {}
    for i, row in enumerate(f.tables(d, "profiles")):
        where = f"profiles[{i}]"
        p = read_profile(f, row, where)
        if p is None:
            continue
        if p.id in out:
            f.problem(f"{where}.id", f"profile id {p.id!r} is used twice [WC.LIST.6]")
        out[p.id] = p
        if variant == "historical":
            for msg in profile_problems(p):
                f.problem(where, msg)
    return tuple(out.values())


def _poses(f: Fields, row: Mapping[str, Any], where: str, pid: str) -> tuple[Stand, ...]:
    """``poses = [[x, y, facing], ...]``: each stand's centre (cm) and facing (degrees), for a formation
    that is not a regular grid [WC.FORM.3] [WC.FORM.5] [WC.FORM.7] [WC.FORM.15]."""
    v = row.get("poses")
    ok = isinstance(v, list) and v and all(
        isinstance(p, list) and len(p) == 3 and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in p)
        for p in v
    )
    if not ok:
        f.problem(f"{where}.poses", f"must list each stand as [x, y, facing] (cm, degrees), not {v!r}")
        return ()
    assert isinstance(v, list)
    return tuple(Stand(pid, Pose(q(x), q(y), q(a))) for x, y, a in v)


def _formation(
    f: Fields, row: Mapping[str, Any], where: str, profile: Profile, stands: int, files: int
) -> tuple[Formation, tuple[Stand, ...]] | None:
    """The formation and the stands: a regular line or column laid out from the reference point
    [WC.FORM.2] [WC.FORM.4], or any formation stand by stand with ``poses``."""
    grid = Formation.COLUMN if files == 1 and stands > 1 else Formation.LINE
    formation = f.one_of(row, "formation", {x.value: x for x in Formation}, where, grid.value)
    if formation is None:
        return None
    if "poses" in row:
        placed = _poses(f, row, where, profile.id)
        if placed and len(placed) != stands:
            f.problem(f"{where}.poses", f"gives {len(placed)} stands, but stands = {stands}")
        return formation, placed
    if not formation.regular:
        f.problem(f"{where}.poses", f"a {formation.value} formation is given stand by stand: poses = [[x, y, facing]]")
        return None
    if formation is not grid:
        f.problem(f"{where}.formation", f"{stands} stands in {files} files make a {grid.value}, not {formation.value}")
    off = row.get("off_table") is True and "at" not in row  # placed when it comes on [WC.CAMP.3] [WC.DEPLOY.6]
    rp = (0, 0) if off else point(f, row.get("at"), f"{where}.at")
    return grid, place_unit(profile, stands, rp, measure(f, row, "facing", where, 0), files)


def _condition(f: Fields, row: Mapping[str, Any], where: str) -> tuple[Condition, Condition]:
    """Good, disordered or routed [WC.SEQ.8] [WC.DISORDER.1] [WC.ROUT.1], and the state it began the
    turn in (``began_turn``; default the same)."""
    cond = Condition.ROUTED if row.get("routed") else Condition.DISORDERED if row.get("disordered") else Condition.GOOD
    for key in ("routed", "disordered"):
        f.flag(row, key, where, False)
    began = f.one_of(row, "began_turn", {c.value: c for c in Condition}, where, cond.value) or cond
    return cond, began


def _chits(f: Fields, row: Mapping[str, Any], where: str) -> tuple[str, ...]:
    v = row.get("chits", [])
    if not isinstance(v, list) or any(c not in CHITS for c in v) or len(set(v)) != len(v):
        f.problem(f"{where}.chits", f"must list reaction chits held, from {', '.join(CHITS)} [WC.REACT.2], not {v!r}")
        return ()
    return tuple(c for c in CHITS if c in v)


def read_unit(f: Fields, row: dict[str, Any], where: str, profiles: Mapping[str, Profile]) -> Unit | None:
    """One unit: profile, stands, formation and its lasting markers [WC.SEQ.8]."""
    f.unknown(row, UNIT_KEYS, where)
    pid: str | None = f.text(row, "profile", where)
    if pid not in profiles:
        hint = did_you_mean(pid, profiles) if pid else ""
        known = f"no profile {pid!r} in the troop lists or the file's [[profiles]]"
        f.problem(f"{where}.profile", known + (f"; {hint}" if hint else ""))
        pid = None
    stands = f.integer(row, "stands", where, low=1, high=12)
    files = f.integer(row, "files", where, default=stands if stands > 1 else 1, low=1, high=12)
    if pid is None or stands < 1 or files < 1:
        return None
    if stands < files:
        f.problem(f"{where}.files", f"rank 1 must be complete: {stands} stands cannot make {files} files [WC.FORM.4]")
        return None
    laid = _formation(f, row, where, profiles[pid], stands, files)
    if laid is None:
        return None
    cond, began = _condition(f, row, where)
    lost = f.integer(row, "lost", where, default=0, low=0)
    return Unit(
        id=f.text(row, "id", where),
        side=f.text(row, "side", where),
        name=f.text(row, "name", where, default=profiles[pid].name),
        stands=laid[1],
        formation=laid[0],
        files=files,
        condition=cond,
        began_turn=began,
        lost=lost,
        released=f.flag(row, "released", where, default=True),
        on_table=not f.flag(row, "off_table", where, default=False),
        fielded=f.integer(row, "fielded", where, default=stands + lost, low=stands + lost),
        to_camp=f.flag(row, "to_camp", where, default=False),
        chits=_chits(f, row, where),
        hold_fire=f.flag(row, "hold_fire", where, default=False),
        dismounted=f.flag(row, "dismounted", where, default=False),
        shieldwall=f.flag(row, "shieldwall", where, default=False),
        stakes=f.flag(row, "stakes", where, default=False),
        lance_spent=f.flag(row, "lance_spent", where, default=False),
    )


LEADER_KEYS = "id side name role ability rating command_range_cm attacks at attached lost away".split()


def read_leader(f: Fields, row: dict[str, Any], where: str) -> Leader | None:
    """A commander: role, ability (its rating, range and attacks unless given), where he is, the unit
    he is attached to, and whether he is lost or away with a flank march [WC.CMD.1] [WC.LEADER.2]
    [WC.LEADER.11] [WC.DEPLOY.6]. The abilities are the players' agreed scenario values [WC.PD.1]."""
    f.unknown(row, LEADER_KEYS, where)
    role = f.one_of(row, "role", {r.value: r for r in Role}, where)
    ability = f.one_of(row, "ability", {a.value: a for a in Ability}, where)
    x, y = point(f, row.get("at"), f"{where}.at")
    if role is None or ability is None:
        return None
    a = ABILITY[ability]
    return Leader(
        id=f.text(row, "id", where),
        side=f.text(row, "side", where),
        name=f.text(row, "name", where),
        role=role,
        ability=ability,
        rating=f.integer(row, "rating", where, default=a.rating, low=2, high=12),
        command_range=f.integer(row, "command_range_cm", where, default=a.command_range, low=1),
        attacks=f.integer(row, "attacks", where, default=a.attacks, low=0),
        x=x,
        y=y,
        attached_to=f.text(row, "attached", where, default=""),
        lost=f.flag(row, "lost", where, default=False),
        away=f.flag(row, "away", where, default=False),
    )


SIDE_KEYS = "key name player colour break_point deploy_box camp_captured mounts_left".split()


def read_side(f: Fields, s: dict[str, Any], where: str) -> Side:
    """A side: its baseline (player A at y = 0, B at the far edge) [WC.GEOM.1], break point, deployment
    box [WC.DEPLOY.12], whether its camp is taken [WC.CAMP.5] and replacement mounts left [WC.SPECIAL.2]."""
    f.unknown(s, SIDE_KEYS, where)
    player = f.text(s, "player", where)
    if player not in ("A", "B"):
        f.problem(f"{where}.player", f"must be 'A' (baseline y = 0) or 'B' (the far edge), not {player!r}")
    return Side(
        f.text(s, "key", where),
        f.text(s, "name", where),
        player,
        f.text(s, "colour", where),
        f.integer(s, "break_point", where, default=0, low=0),
        _box(f, s.get("deploy_box", [0, 0, 0, 0]), f"{where}.deploy_box"),
        camp_captured=f.flag(s, "camp_captured", where, default=False),
        mounts_left=f.integer(s, "mounts_left", where, default=0, low=0),
    )


def _box(f: Fields, box: Any, where: str) -> tuple[int, int, int, int]:
    """A deployment box [x0, y0, x1, y1] in cm [WC.DEPLOY.12]."""
    if not (isinstance(box, list) and len(box) == 4 and all(isinstance(x, (int, float)) for x in box)):
        f.problem(where, f"must be [x0, y0, x1, y1] in cm, not {box!r}")
        return (0, 0, 0, 0)
    return (q(box[0]), q(box[1]), q(box[2]), q(box[3]))


def read_flank_marches(f: Fields, d: Mapping[str, Any]) -> tuple[FlankMarch, ...]:
    """``[[flank_marches]]``: a side's leader and units off the table, the edge they come on by and
    whether they will arrive [WC.DEPLOY.6] [WC.DEPLOY.8]."""
    out = []
    for i, row in enumerate(f.tables(d, "flank_marches")):
        where = f"flank_marches[{i}]"
        f.unknown(row, ("side", "leader", "units", "edge", "status"), where)
        units = row.get("units", [])
        if not isinstance(units, list) or not units or not all(isinstance(u, str) for u in units):
            f.problem(f"{where}.units", "must list the ids of the units marching")
            units = []
        edge = f.one_of(row, "edge", {"left": True, "right": False}, where, "left")
        status = f.one_of(row, "status", {s.value: s for s in FlankStatus}, where, FlankStatus.WILL_ARRIVE.value)
        out.append(
            FlankMarch(
                f.text(row, "side", where),
                f.text(row, "leader", where),
                tuple(units),
                edge is not False,
                status or FlankStatus.WILL_ARRIVE,
            )
        )
    return tuple(out)


def read_standing(f: Fields, d: Mapping[str, Any], keys: list[str]) -> tuple[tuple[str, str, str], ...]:
    """``[standing.SIDE]``: a side's standing orders already on file, ``KEY = "VALUE"`` (or
    ``"KEY UNIT" = "VALUE"`` for one unit) [WC.PD.9] [WC.PD.13] [WC.PD.17] [WC.PD.27] [WC.PD.30]."""
    from .standing import KEYS

    out = []
    for side, table in f.table(d, "standing").items():
        if side not in keys or not isinstance(table, dict):
            f.problem(f"standing.{side}", f"must be a table of standing orders of a side ({', '.join(keys)})")
            continue
        for key, value in table.items():
            name = str(key).split()[0] if str(key).split() else ""
            allowed = KEYS.get(name, ((), "", ""))[0]
            if value not in allowed:
                hint = f"one of {', '.join(allowed)}" if allowed else f"keys: {', '.join(KEYS)}"
                f.problem(f"standing.{side}.{key}", f"not a standing order: {hint}")
                continue
            out.append((side, str(key).replace(" ", ":"), str(value)))
    return tuple(sorted(out))
