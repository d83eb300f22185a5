"""Build Hordes & Heroes states in code for rule tests.

`H(q, r)` is the spec's axial hex (HH.HEX.1), shifted 8 columns east so the spec's examples with
negative q fit on a 26 x 14 map; a shift along a row changes no geometry.
"""

from __future__ import annotations

from dataclasses import replace

from campaign.hexgrid import Hex
from games.hordes_heroes.battlefield import Battlefield, Terrain, pointy_spec
from games.hordes_heroes.geometry import Edge, Facing, side_key
from games.hordes_heroes.model import Category, Formation, General, Profile, Speed, Trait, TroopClass, Unit, Weapon
from games.hordes_heroes.state import GameState, Options, Phase

OFF = 8


def H(q: int, r: int) -> Hex:
    return Hex(q + OFF, r)


def P(pid, name, cat, cls, speed, cf, impact=0, shoot=None, traits=(), **kw) -> Profile:
    return Profile(
        id=pid,
        name=name,
        category=Category(cat),
        cls=TroopClass(cls),
        speed=Speed.parse(speed),
        cf=cf,
        impact=impact,
        shoot=shoot,
        weapon=Weapon.BOW if shoot else Weapon.NONE,
        traits=frozenset(Trait(t) for t in traits),
        **kw,
    )


PROFILES = {
    "mma": P(
        "mma", "Mounted Men-at-Arms", "cavalry", "B", "3CR", 5, 4, traits=["A2"], list_points=14, dismounted="dmma"
    ),
    "dmma": P("dmma", "Dismounted Men-at-Arms", "infantry", "B", "1CR", 5, 2, traits=["A2"]),
    "longbow": P(
        "longbow", "Retinue Longbowmen", "infantry", "B", "1CR", 2, 0, 5, ["A1"], list_points=12, can_stakes=True
    ),
    "lc": P("lc", "Mongol Light Cavalry", "cavalry", "B", "5R", 2, 0, 6, ["E2", "F"], list_points=14),
    "knights": P("knights", "Teutonic Knights", "cavalry", "A", "3CR", 6, 4, traits=["A2"], list_points=16),
    "horde": P("horde", "Peasant Horde", "infantry", "E", "1R", 1, traits=["H"], list_points=2),
    "dacian": P("dacian", "Dacian Warriors", "infantry", "C", "2R", 4, 1, traits=["A1", "H"], list_points=9),
    "falx": P("falx", "Falxmen", "infantry", "C", "2R", 5, 2, traits=["AH"]),
    "chariot": P("chariot", "Chariots", "chariot", "C", "3R", 3, 2, stands=3),
    "skirm": P("skirm", "Skirmishers", "infantry", "C", "2R", 1, 0, 8, ["E2"], list_points=9, skirmisher=True),
    "spear": P("spear", "Spearmen", "infantry", "C", "1CR", 4, 1, traits=["A1"]),
    "pavisse": P("pavisse", "Pavisiers", "infantry", "C", "2CR", 2, 0, 6, ["A1", "C"], can_pavisse=True),
    "ainf": P("ainf", "Veteran Legion", "infantry", "A", "1CR", 5, 2, traits=["A2"]),
    "guns": P("guns", "Field Guns", "artillery", "C", "1C", 1, stands=2, flat_points=8),
    "pike": P("pike", "Pikemen", "infantry", "C", "1R", 4, 2, pike=True),
}
PROFILES["bare"] = replace(PROFILES["spear"], id="bare", traits=frozenset())
"""Spearmen without armour: a plain target."""
PROFILES["bow7"] = replace(PROFILES["bare"], id="bow7", shoot=7, weapon=Weapon.BOW)
"""Spearmen with bows (7+), no armour: a plain shooter."""


def make_state(
    units=(),
    generals=(),
    terrain=None,
    steep=(),
    walls=(),
    roads=(),
    bridges=(),
    fords=(),
    phasing="south",
    rows=14,
    edges=True,
) -> GameState:
    """units: (id, side, profile, (q, r), facing, {overrides}); generals: (id, side, (q, r), {overrides})."""
    spec = pointy_spec(26, rows)
    road_sides: dict[Hex, set[int]] = {}
    for path in roads:
        hexes = [H(*x) for x in path]
        for a, b in zip(hexes, hexes[1:], strict=False):
            d = [k for k in range(6) if a.neighbour(k) == b][0]
            road_sides.setdefault(a, set()).add(d)
            road_sides.setdefault(b, set()).add((d + 3) % 6)
    bf = Battlefield(
        spec=spec,
        terrain={H(*k): Terrain(v) for k, v in (terrain or {}).items()},
        road_sides={h: frozenset(s) for h, s in road_sides.items()},
        bridges=frozenset(H(*b) for b in bridges),
        fords=frozenset(H(*f) for f in fords),
        steep=frozenset(side_key(H(*a), H(*b)) for a, b in steep),
        walls=frozenset(side_key(H(*a), H(*b)) for a, b in walls),
    )
    us = {}
    for row in units:
        uid, side, pid, qr, facing = row[:5]
        over = row[5] if len(row) > 5 else {}
        p = PROFILES[pid]
        kw = dict(stands=p.stands, nominal=p.stands, pavisses=p.can_pavisse, stakes_carried=p.can_stakes)
        kw.update(over)
        us[uid] = Unit(uid, side, pid, p.name, base_profile=pid, hex=H(*qr), facing=facing, **kw)
    gs = {}
    for row in generals:
        gid, side, qr = row[:3]
        over = row[3] if len(row) > 3 else {}
        gs[gid] = General(gid, side, f"General {gid}", hex=H(*qr), **over)
    st = GameState(
        scenario="test",
        title="test",
        options=Options(),
        field=bf,
        profiles=dict(PROFILES),
        sides=("south", "north"),
        armies={"south": "t", "north": "t"},
        units=us,
        generals=gs,
        edges={"south": Edge.SOUTH, "north": Edge.NORTH} if edges else {},
        edges_fixed=edges,
        phase=Phase.COMMAND_MOVE,
        turn=1,
        phasing=phasing,
        first_mover="south",
        casualties={"south": {}, "north": {}},
        generals_lost={"south": (), "north": ()},
        combat_stand_total={s: sum(u.nominal for u in us.values() if u.side == s) for s in ("south", "north")},
    )
    return st


class Dice:
    """A scripted dice source: returns the given values in order and records each purpose."""

    def __init__(self, *values: int):
        self.values = list(values)
        self.log: list[tuple[int, str]] = []

    def roll(self, sides: int, purpose: str) -> int:
        v = self.values.pop(0) if self.values else 1
        self.log.append((v, purpose))
        return v


__all__ = ["H", "make_state", "Dice", "Facing", "Formation", "PROFILES", "Terrain"]
