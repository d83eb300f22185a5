"""Legal options as data, and a computer player that uses them [PC.PBEM.4].

The bot declares the group nearest the enemy, keeps formation (side-by-side stands of one kind and
facing advance as a group move), then orders each other stand: attack an enemy in contact, shoot at
one in reach, or close on the nearest enemy with forward steps (turning to face it first). Its text goes through the same parser as a player's, and whatever the state
refuses at run time stops only that stand (the engine asks again for the rest).
"""

from __future__ import annotations

from campaign.hexgrid import Hex
from campaign.kit.legal import LegalOptions, Option, OptionKind, UnitOptions

from . import geometry as G
from .fire import can_target, engaged
from .melee import contacted
from .model import LIGHT_MOVERS, Category, Stand
from .movement import Illegal, MoveState, _check_step, can_charge
from .retreat import impassable
from .state import Edge, Phase, State, Terrain

C = Category
DIFFICULT = frozenset({Terrain.WOODS, Terrain.TOWN, Terrain.ROUGH, Terrain.MARSH})


def _nearest(st: State, s: Stand) -> Stand | None:
    enemies = st.live(st.enemy(s.side))
    return min(enemies, key=lambda e: (e.hex.distance(s.hex), e.id)) if enemies else None


def _group_score(st: State, gid: str, seed: int) -> tuple[int, int, str]:
    stands = st.group_stands(gid)
    best = min(
        (min((e.hex.distance(s.hex) for e in st.live(st.enemy(s.side))), default=99) for s in stands), default=99
    )
    return best, (hash(gid) * 0 + seed + len(gid)) % 2, gid


def choose_group(st: State, side: str, seed: int) -> str:
    """The unactivated group closest to the enemy (ties by a seed-driven flip, then id)."""
    return min((g.id for g in st.unactivated(side)), key=lambda gid: _group_score(st, gid, seed))


def forward_path(st: State, s: Stand, target: Stand) -> list[Hex]:
    """Forward steps closing on the target, stopping where the rules would stop the move [PC.MOVE.13] [PC.TERRAIN.7]."""
    path: list[Hex] = []
    here = s.hex
    light = st.cat(s) in LIGHT_MOVERS
    for i in range(st.troop(s).mp):
        options = list(here.neighbours()) if light else list(G.front(here, s.facing))
        options = [
            h for h in options if st.on_map(h) and not impassable(st, s, h) and st.at(h) is None and h not in path
        ]
        if not options:
            break
        nxt = min(options, key=lambda h: (h.distance(target.hex), h))
        if nxt.distance(target.hex) >= here.distance(target.hex):
            break
        edge = st.edge(here, nxt)
        if edge is Edge.RIVER and i > 0:
            break
        ahead = [st.at(h) for h in G.front(nxt, s.facing)]
        enemies = [e for e in ahead if e is not None and e.side != s.side]
        if enemies and (light or not all(can_charge(st, s, e, [s.hex, *path]) for e in enemies)):
            break
        path.append(nxt)
        here = nxt
        if enemies or edge is not None or st.ground(nxt) in DIFFICULT or _in_enemy_zoc(st, s, nxt):
            break
    return path


def _in_enemy_zoc(st: State, s: Stand, h: Hex) -> bool:
    from .retreat import zoc_holders

    return bool(zoc_holders(st, h, s.side))


def stand_order(st: State, s: Stand) -> str:
    """One stand's order line, with intent: attack, shoot, close in, or face the enemy."""
    if engaged(st, s.id):
        return f"{s.id} hold"
    touching = [e for e in contacted(st, s) if st.melee_of(e.id) is None]
    if touching and st.troop(s).impact > 0:
        return f"{s.id} attack {touching[0].id}"
    targets = sorted(
        (e for e in st.live(st.enemy(s.side)) if not can_target(st, s, e)), key=lambda e: (e.hex.distance(s.hex), e.id)
    )
    if targets and not touching:
        return f"{s.id} fire {targets[0].id}"
    if s.disordered and not touching:
        return f"{s.id} rally"
    enemy = _nearest(st, s)
    if enemy is None or touching:
        return f"{s.id} hold"
    light = st.cat(s) in LIGHT_MOVERS
    if not light and not G.in_arc(s.hex, s.facing, enemy.hex):
        a, b = G.ab(s.hex, s.facing, enemy.hex)
        return f"{s.id} turn {'left' if b > a else 'right'}"
    path = forward_path(st, s, enemy)
    if not path:
        return f"{s.id} hold"
    face = ""
    if light:
        end = path[-1]
        k = min(
            range(6),
            key=lambda f: (
                G.ab(end, f, enemy.hex)[0] + G.ab(end, f, enemy.hex)[1] <= 0,
                abs(G.ab(end, f, enemy.hex)[0] - G.ab(end, f, enemy.hex)[1]),
                f,
            ),
        )
        face = f" face {G.NAME_OF_FACING[k]}"
    return f"{s.id} move " + " ".join(st.label(h) for h in path) + face


def bot_orders(st: State, side: str, seed: int) -> str:
    """Legal order text for `side` now, deterministic for a seed."""
    if st.phase is Phase.DECLARE:
        return f"declare {choose_group(st, side, seed)}"
    lines = []
    group = st.active_group
    if not group:
        group = choose_group(st, side, seed)
        lines.append(f"group {group}")
    done: set[str] = set()
    for block in formations(st, group):
        line = block_order(st, block)
        if line:
            lines.append(line)
            done.update(s.id for s in block)
    for s in st.group_stands(group):
        if s.id not in st.moved and s.id not in done:
            lines.append(stand_order(st, s))
    lines.append("end")
    return "\n".join(lines)


def formations(st: State, group: str) -> list[list[Stand]]:
    """Blocks of two or more free stands of one kind and facing, side by side: they advance as one [PC.MOVE.14]."""
    free = [
        s
        for s in st.group_stands(group)
        if s.id not in st.moved and not engaged(st, s.id) and not contacted(st, s) and st.cat(s) not in LIGHT_MOVERS
    ]
    blocks: list[list[Stand]] = []
    seen: set[str] = set()
    for s in free:
        if s.id in seen:
            continue
        block, todo = [], [s]
        while todo:
            x = todo.pop()
            if x.id in seen:
                continue
            seen.add(x.id)
            block.append(x)
            todo += [
                o
                for o in free
                if o.id not in seen
                and o.hex.distance(x.hex) == 1
                and o.facing == x.facing
                and st.troop(o).kind == st.troop(x).kind
            ]
        if len(block) > 1:
            blocks.append(sorted(block, key=lambda b: b.id))
    return blocks


def block_order(st: State, block: list[Stand]) -> str:
    """A group move of the block along its leader's advance, cut where any member could not follow ("" if none)."""
    lead = block[0]
    enemy = _nearest(st, lead)
    if enemy is None or not G.in_arc(lead.hex, lead.facing, enemy.hex):
        return ""
    path = forward_path(st, lead, enemy)
    ids = {s.id for s in block}
    good: list[Hex] = []
    for i, h in enumerate(path):
        delta = h - (path[i - 1] if i else lead.hex)
        ok = True
        for s in block:
            here = s.hex + (good[-1] - lead.hex if good else Hex(0, 0))
            to = here + delta
            occ = st.at(to)
            if not st.on_map(to) or impassable(st, s, to) or (occ is not None and occ.id not in ids):
                ok = False
        if not ok:
            break
        good.append(h)
    if not good:
        return ""
    return f"{lead.id} with {' '.join(s.id for s in block[1:])} move " + " ".join(st.label(h) for h in good)


def legal_options(st: State, side: str) -> LegalOptions:
    """What each stand of the active group may do now, with the order line that does it [PC.PBEM.4]."""
    phase = f"round {st.round}, {st.phase.value}"
    if st.phase is Phase.DECLARE:
        opts = tuple(Option(OptionKind.OTHER, f"declare {g.id}", g.id, detail=g.name) for g in st.unactivated(side))
        return LegalOptions(
            side,
            phase,
            (UnitOptions("groups", "groups to declare", "", opts),),
            ("declarations are sealed [PC.SEQ.2]",),
        )
    if st.phase is not Phase.ACTIVATE or st.active_side != side:
        return LegalOptions(side, phase, (), ("nothing to order now",))
    groups = [st.active_group] if st.active_group else [g.id for g in st.unactivated(side)]
    units = []
    for gid in groups:
        for s in st.group_stands(gid):
            if s.id not in st.moved:
                units.append(UnitOptions(s.id, st.troop(s).name, st.label(s.hex), _stand_options(st, s)))
    return LegalOptions(side, phase, tuple(units))


def _stand_options(st: State, s: Stand) -> tuple[Option, ...]:
    out = [Option(OptionKind.OTHER, f"{s.id} hold")]
    if s.disordered and not engaged(st, s.id):
        out.append(Option(OptionKind.OTHER, f"{s.id} rally", detail="order test [PC.DISORDER.5]"))
    elif not engaged(st, s.id):
        out.append(Option(OptionKind.OTHER, f"{s.id} opportunity", detail="order test [PC.OPP.1]"))
    if engaged(st, s.id):
        return tuple(out)
    for e in st.live(st.enemy(s.side)):
        if not can_target(st, s, e):
            out.append(Option(OptionKind.SHOOT, f"{s.id} fire {e.id}", e.id, detail=f"range {s.hex.distance(e.hex)}"))
    for e in contacted(st, s):
        if st.melee_of(e.id) is None and st.troop(s).impact > 0:
            out.append(Option(OptionKind.CHARGE, f"{s.id} attack {e.id}", e.id, detail="from contact [PC.MELEE.22]"))
    for n in s.hex.neighbours():
        try:
            _check_step(st, s, n, MoveState(st.troop(s).mp), True)
        except Illegal:
            continue
        if st.at(n) is None:
            out.append(
                Option(OptionKind.MOVE, f"{s.id} move {st.label(n)}", st.label(n), 1, (st.label(s.hex), st.label(n)))
            )
    for word in ("left", "right"):
        out.append(Option(OptionKind.FACE, f"{s.id} turn {word}", word, 1))
    return tuple(out)
