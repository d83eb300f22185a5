"""The hand-to-hand phase: groups, order, totals, results, follow-up, pursuit, SC markers [HH.HTH.*, HH.COMP.24-41].

Also lone generals in combat and single combat between generals (HH.GEN.18-21, HH.GEN.26, HH.HTH.26),
the up-slope bonus (HH.TERR.7, HH.TERR.8) and the terrain impact rules (HH.TERR.22, HH.TERR.23,
HH.TERR.32, HH.TERR.37, HH.TERR.51, HH.ZOC.6). A member of a combat is ("u", unit id) or ("g", general id).
There is no flank or rear modifier: a rear attacker joins the combat as one more opponent (HH.HTH.22). Artillery
fights with its profile's CF, stands and impact like anyone (HH.ART.20). The worked examples HH.EX.1-5 (HH.HTH.27)
are golden tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from campaign.hexgrid import Facing as GridFacing
from campaign.hexgrid import Hex, deviation
from campaign.ruleset import DiceSource

from .battlefield import Terrain
from .compulsory import kill_general, place
from .geometry import Facing, direction, front_exit_sides, side_key
from .model import Category, Formation, TroopClass, Unit
from .movement import is_pike_block, uname
from .pursuit import pursue, pursuit_path
from .results import Applied, Cause, apply_result, result_for
from .special import as_if_disrupted, hosts_general, shield_wall
from .state import GameState
from .words import combat_name, counted
from .zoc import can_occupy, can_step, engaged_with, exerts_zoc_into, general_can_occupy, is_engaged, restricted

Member = tuple[str, int]


@dataclass(slots=True)
class Group:
    """One combat: a focus unit and its opponents (HH.HTH.2)."""

    focus: int
    opponents: list[Member] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Choices:
    """The phasing player's optional H2H lines (HH.PD.27, HH.PD.28, HH.PD.33, HH.PD.37)."""

    groups: tuple[tuple[int, tuple[int, ...]], ...] = ()
    follow_up: dict[int, bool] = field(default_factory=dict)
    pursue: dict[int, bool] = field(default_factory=dict)
    general_follow_up: dict[int, bool] = field(default_factory=dict)
    """`follow-up general N yes|no`: whether a winning lone general follows up (HH.GEN.20)."""


# --- who fights ---------------------------------------------------------------------------------------


def lone_generals(state: GameState) -> list[int]:
    return [
        g.id for _, g in sorted(state.generals.items()) if g.alive and g.hex is not None and state.host_of(g) is None
    ]


def single_combats(state: GameState) -> list[tuple[int, int]]:
    """Lone generals of both sides sharing a hex (HH.GEN.26, HH.GEN.27)."""
    out = []
    lone = lone_generals(state)
    for a in lone:
        for b in lone:
            ga, gb = state.generals[a], state.generals[b]
            if a < b and ga.hex == gb.hex and ga.side != gb.side:
                out.append((a, b))
    return out


def general_targets(state: GameState, gid: int) -> list[int]:
    """Enemy units a lone general fights: adjacent, not across a steep side, not a restricted pair (HH.GEN.18)."""
    g = state.generals[gid]
    assert g.hex is not None
    out = []
    for v in state.live_units(state.other(g.side)):
        if v.hex is None or direction(g.hex, v.hex) is None or state.field.is_steep(g.hex, v.hex):
            continue
        if v.skirmish_of is not None:
            continue  # HH12.SPEC.5: 2012 skirmish stands never fight in melee
        if not can_occupy(state, state.profile(v), g.hex) or not general_can_occupy(state, g, v.hex):
            continue
        out.append(v.id)
    return out


def stays_in_melee(state: GameState, u: Unit) -> bool:
    """Whether a unit keeps its SC marker (HH.SEQ.16): engaged with an enemy unit, or in 2012 still next to a lone
    enemy general it drew with (ruling HH12.GEN.A2: they fight again unless he rides off in his command move)."""
    if is_engaged(state, u):
        return True
    return state.rules.general_tie_static and any(
        u.id in general_targets(state, gid) for gid in lone_generals(state) if state.generals[gid].side != u.side
    )


def _engaged_ids(state: GameState, m: Member) -> list[int]:
    if m[0] == "u":
        return [v.id for v in engaged_with(state, state.units[m[1]])]
    return general_targets(state, m[1])


def form_groups(
    state: GameState, declared: tuple[tuple[int, tuple[int, ...]], ...] = ()
) -> tuple[list[Group], list[str]]:
    """Declared groups that meet HH.HTH.2, then the default algorithm of HH.HTH.3 for everyone else."""
    lines: list[str] = []
    in_single = {g for pair in single_combats(state) for g in pair}
    members: list[Member] = [("u", u.id) for u in state.live_units() if is_engaged(state, u)]
    members += [("g", g) for g in lone_generals(state) if g not in in_single and general_targets(state, g)]
    groups: list[Group] = []
    where: dict[Member, int] = {}

    def focus_of(t: int) -> int | None:
        for i, g in enumerate(groups):
            if g.focus == t:
                return i
        return None

    _declared_groups(state, declared, members, groups, where, lines)
    _carried_over_groups(state, members, groups, where)

    def attach(u: Member, t: int) -> None:
        tm: Member = ("u", t)
        i = focus_of(t)
        if i is not None:
            groups[i].opponents.append(u)
            where[u] = i
            return
        if tm not in where:
            groups.append(Group(t, [u]))
            where[u] = where[tm] = len(groups) - 1
            return
        j = where[tm]
        g = groups[j]
        if g.opponents == [tm]:
            old = g.focus
            groups[j] = Group(t, [("u", old), u])
            where[u] = j
            return
        g.opponents.remove(tm)
        groups.append(Group(t, [u]))
        where[u] = where[tm] = len(groups) - 1

    # 2. new contacts, in contact order
    for mover, target in state.contact_order:
        mm: Member = ("u", mover)
        if mm not in members or mm in where:
            continue
        eng = _engaged_ids(state, mm)
        if not eng:
            continue
        attach(mm, target if target in eng else min(eng))

    # 3. the remainder
    def pref(t: int) -> tuple[int, int]:
        tm: Member = ("u", t)
        if focus_of(t) is not None:
            return (0, t)
        if tm not in where:
            return (1, t)
        return (2 if len(groups[where[tm]].opponents) == 1 else 3, t)

    for m in sorted(members, key=lambda m: (m[0] == "g", m[1])):
        if m in where:
            continue
        eng = _engaged_ids(state, m)
        if eng:
            attach(m, min(eng, key=pref))
    return [g for g in groups if g.opponents], lines


def _declared_groups(
    state: GameState,
    declared: tuple[tuple[int, tuple[int, ...]], ...],
    members: list[Member],
    groups: list[Group],
    where: dict[Member, int],
    lines: list[str],
) -> None:
    """The phasing player's declared groups that meet HH.HTH.2 (HH.PD.27); the others are reported."""
    for focus, opps in declared:
        fm: Member = ("u", focus)
        ok = (
            fm in members
            and fm not in where
            and opps
            and all(("u", o) in members and ("u", o) not in where and o in _engaged_ids(state, fm) for o in opps)
        )
        if not ok or len(set(opps)) != len(opps):
            lines.append(
                f"  declared combat of unit {focus} against {list(opps)} does not meet HH.HTH.2; default grouping used."
            )
            continue
        groups.append(Group(focus, [("u", o) for o in opps]))
        where[fm] = len(groups) - 1
        for o in opps:
            where[("u", o)] = len(groups) - 1


def _carried_over_groups(
    state: GameState, members: list[Member], groups: list[Group], where: dict[Member, int]
) -> None:
    """HH.HTH.3 step 1: last bound's groups carry over, less those no longer engaged with their focus."""
    for focus, opps in state.prev_groups:
        fm: Member = ("u", focus)
        if fm not in members or fm in where:
            continue
        keep = [m for m in opps if m in members and m not in where and focus in _engaged_ids(state, m)]
        if keep:
            groups.append(Group(focus, list(keep)))
            where[fm] = len(groups) - 1
            for m in keep:
                where[m] = len(groups) - 1


def combat_order(
    state: GameState, groups: list[Group], declared: tuple[tuple[int, tuple[int, ...]], ...]
) -> list[Group]:
    """Declared order first, then combats with a phasing unit that made contact, in contact order, then by focus id
    (HH.HTH.4, HH.PD.28)."""
    rank: dict[int, tuple[int, ...]] = {}
    dec = [f for f, _ in declared]
    contact = [m for m, _ in state.contact_order]
    for i, g in enumerate(groups):
        ids = [g.focus] + [m[1] for m in g.opponents if m[0] == "u"]
        if g.focus in dec:
            rank[i] = (0, dec.index(g.focus), 0)
        else:
            pos = [contact.index(x) for x in ids if x in contact]
            rank[i] = (1, min(pos), 0) if pos else (2, g.focus, 0)
    return [groups[i] for i in sorted(range(len(groups)), key=lambda i: rank[i])]


# --- totals -------------------------------------------------------------------------------------------


def counted_stands(state: GameState, u: Unit, as_if: bool) -> int:
    """HH.HTH.7, HH.HTH.23, ruling HH.STAND.4: deployed all, column/squeezed 2 (1 if 2 or fewer), disrupted or as
    if disrupted 0;
    a combined-arms unit counts its front stands only, at most 2 (HH.HTH.24, HH.SPECIAL.23)."""
    # The 2012 edition plays this rule the same way (HH12.DIS.1, HH12.MELEE.2).
    if u.disrupted or as_if:
        return 0
    if u.combined:
        return min(2, u.front_stands)
    if u.formation in (Formation.COLUMN, Formation.SQUEEZED):
        if not state.rules.column_two_needs_three:
            return min(2, u.stands)  # HH12.MELEE.1: a 2012 column counts min(2, stands)
        return 2 if u.stands >= 3 else min(1, u.stands)
    return u.stands


def effective_impact(state: GameState, u: Unit) -> int:
    """HH.HTH.8, ruling HH.HTH.9: base - stands lost, capped at stands, -2 in column; pike block +6 (HH.SPECIAL.29).

    2012 (HH12.IMP.2, HH12.IMP.3, ruling HH12.IMP.A1, HH12.SPEC.18): only the cap at the stands in the unit; no
    column penalty, no loss per stand, a pike block keeps its list value. The values come from `state.rules`.
    """
    er = state.rules
    pike = er.pike_block_impact if is_pike_block(state, u) else None
    base = pike if pike is not None else state.profile(u).impact
    if er.impact_minus_per_lost_stand:
        base = max(0, base - max(0, u.nominal - u.stands))
    imp = min(base, u.stands)
    if u.formation in (Formation.COLUMN, Formation.SQUEEZED):
        imp = max(0, imp - er.column_impact_penalty)
    return imp


IMPACT_TERRAIN = (Terrain.WOOD, Terrain.BUA, Terrain.BROKEN, Terrain.RIVER)


def impact_eligible(state: GameState, u: Unit, against: list[Unit], as_if: bool) -> bool:
    """HH.HTH.10: not disrupted or as if disrupted, no SC, no terrain, stakes or restricted pair cancelling it."""
    # The 2012 edition plays this rule the same way (HH12.IMP.1, HH12.IMP.4, HH12.IMP.5, ruling HH12.IMP.A2).
    if u.disrupted or as_if or u.static_combat or u.hex is None:
        return False
    bf = state.field
    for v in [u, *against]:
        if v.hex is not None and bf.terrain_at(v.hex) in IMPACT_TERRAIN and v.hex not in bf.bridges:
            return False  # HH.TERR.22, HH.TERR.23, HH.TERR.32, HH.TERR.37, HH.TERR.51
    for v in against:
        if v.hex is not None and direction(u.hex, v.hex) is not None and side_key(u.hex, v.hex) in state.stakes:
            return False  # HH.SPECIAL.15
        if v.hex is not None and (restricted(state, u, u.hex, v, v.hex) or restricted(state, v, v.hex, u, u.hex)):
            return False  # HH.ZOC.6
    return effective_impact(state, u) > 0


@dataclass(slots=True)
class SideTotal:
    """One side's total with its parts, for the narrative (HH.HTH.6, HH.HTH.11, HH.HTH.12)."""

    side: str
    units: list[Unit]
    generals: list[int]
    cf: int = 0
    slope: int = 0
    stands: int = 0
    impact: int = 0
    dice: list[int] = field(default_factory=list)
    active_impact: dict[int, int] = field(default_factory=dict)
    as_if: dict[int, bool] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return self.cf + self.slope + self.stands + self.impact + sum(self.dice)

    def describe(self, state: GameState) -> str:
        who = " and ".join(
            [combat_name(state, u) for u in self.units]
            + [f"general {g} ({state.generals[g].name})" for g in self.generals]
        )
        parts = []
        if self.units:
            parts.append(str(self.cf))
        if self.slope:
            parts.append("1 up-slope")
        if self.units:
            parts.append(counted(state, self.stands, "stand"))
        if self.impact:
            parts.append(f"impact {self.impact}")
        dn = "2D6" if len(self.dice) == 2 else "D6"
        parts.append(f"{dn} {'+'.join(map(str, self.dice))}")
        return f"{who} ({' + '.join(parts)} = {self.total})"


def side_total(
    state: GameState, units: list[Unit], gens: list[int], against: dict[int, list[Unit]], higher: dict[int, bool]
) -> SideTotal:
    """The total of one side before dice (HH.HTH.11, HH.HTH.12, HH.HTH.14, HH.TERR.7, HH.GEN.19)."""
    # The 2012 edition plays this rule the same way (HH12.MELEE.2, HH12.MELEE.3, HH12.TER.4).
    st = SideTotal(units[0].side if units else state.generals[gens[0]].side, units, gens)
    best_cf = None
    for u in units:
        ai = as_if_disrupted(state, u, against[u.id])
        st.as_if[u.id] = ai
        cf = state.profile(u).cf + (1 if higher[u.id] else 0)
        if best_cf is None or cf > best_cf[0]:
            best_cf = (cf, state.profile(u).cf, higher[u.id])
        st.stands += counted_stands(state, u, ai)
        st.active_impact[u.id] = effective_impact(state, u) if impact_eligible(state, u, against[u.id], ai) else 0
    if best_cf is not None:
        st.cf, st.slope = best_cf[1], 1 if best_cf[2] else 0
    st.impact = max(st.active_impact.values(), default=0)
    return st


def _roll(state: GameState, st: SideTotal, dice: DiceSource, label: str) -> None:
    two = bool(st.generals) or any(hosts_general(state, u) for u in st.units)  # HH.GEN.21, HH.HTH.13
    n = 2 if two else 1
    for i in range(n):
        st.dice.append(dice.roll(6, f"hand-to-hand: {label}, {st.side} D6 {i + 1} of {n}"))


# --- follow-up and pursuit ---------------------------------------------------------------------------


def _staked_hex(state: GameState, h: Hex) -> bool:
    return any(sh == h for _, sh in state.stakes.values())


def can_follow(state: GameState, w: Unit, h: Hex, *, breaking: bool = False) -> bool:
    """HH.COMP.25, HH.ART.19, HH.SPECIAL.41, HH.SPECIAL.43: who may enter a vacated hex."""
    p = state.profile(w)
    if p.never_recoils or w.hex is None or direction(w.hex, h) is None:
        return False
    if not can_step(state, p, w.hex, h) or state.unit_at(h) is not None:
        return False
    if any(g.side != w.side for g in state.generals_at(h)):
        return False
    bf = state.field
    if bf.is_steep(w.hex, h):
        return False
    if side_key(w.hex, h) in state.stakes and not breaking:
        own = state.stakes[side_key(w.hex, h)][1] == w.hex
        return own and state.options.stakes_follow_up == "through_own_stakes"
    return True


def follow_status(state: GameState, w: Unit, h: Hex) -> tuple[str, bool]:
    """("must" | "optional", default choice) for a winner able to follow up (HH.COMP.26-28, HH.PD.33)."""
    p = state.profile(w)
    bf = state.field
    assert w.hex is not None
    reasons = []
    if p.cls is TroopClass.A and p.category is Category.INFANTRY and not p.horde:
        reasons.append("class-A infantry")
    if bf.is_wall(w.hex, h):
        reasons.append("a wall")
    er = state.rules
    if bf.terrain_at(h) is Terrain.RIVER or (er.follow_up_river_own_hex and bf.terrain_at(w.hex) is Terrain.RIVER):
        reasons.append("a river")  # HH.TERR.38, ruling HH12.CMP.A8
    if Terrain.BUA in (bf.terrain_at(h), bf.terrain_at(w.hex)):
        reasons.append("a BUA")  # HH.TERR.52
    if _staked_hex(state, w.hex):
        reasons.append("stakes")
    if w.pavisses:
        reasons.append("pavisses")
    if w.combined and Category.WAR_WAGON in (p.category, state.profiles[w.rear_profile].category):  # type: ignore[index]  # combined
        reasons.append("war wagons")  # HH.COMP.26, HH.SPECIAL.23
    if shield_wall(state, w):
        reasons.append("shield wall")
    if p.horde and not (shield_wall(state, w)):
        return "must", True  # HH.COMP.27, HH.SPECIAL.31
    reasons = [r for r in reasons if r in er.follow_up_optional_for]  # HH12.CMP.12: 2012 obstacle defenders only
    if not reasons:
        return "must", True  # HH.COMP.28
    return "optional", reasons == ["class-A infantry"]


def _decide(state: GameState, w: Unit, default: bool, table: dict[int, bool], key: str) -> bool:
    if w.side == state.phasing and w.id in table:
        return table[w.id]
    val = getattr(state.standing_for(w.side).for_unit(w.id), key)
    return default if val is None else bool(val)


def _pursuit_optional(state: GameState, w: Unit) -> bool:
    """HH.COMP.34, ruling HH.COMP.35 (option `pursuit_optional`); 2012: class A and B infantry only (HH12.CMP.14)."""
    p = state.profile(w)
    er = state.rules
    if p.category is Category.INFANTRY:
        return p.cls.value in er.pursuit_optional_infantry
    if not (p.category.cavalry_rules and er.pursuit_optional_cavalry):
        return False
    return state.options.pursuit_optional == "class_a_infantry_and_all_cavalry" or p.cls is TroopClass.A


def _may_pursue(state: GameState, w: Unit, choices: Choices) -> bool:
    p = state.profile(w)
    if (w.disrupted and not state.rules.disordered_follow_and_pursue) or p.never_recoils:
        return False  # HH.COMP.34; 2012 does not exempt disordered units (HH12.CMP.13)
    if p.category is Category.CHARIOT and not state.rules.chariots_pursue:
        return False  # HH12.CMP.14, ruling HH12.CMP.A14: 2012 chariots do not pursue
    if _pursuit_optional(state, w):
        return _decide(state, w, False, choices.pursue, "pursue")  # HH.PD.37: default no
    return True


def _ranked_2012(state: GameState, able: list[Unit], st: SideTotal, h: Hex) -> list[Unit]:
    """Ruling HH12.CMP.A7: a horde first, then a winner that must follow up, then the one with most impact, CF,
    mounted, lowest id; disordered winners follow up like the others (2012 has no HH.COMP.30 filter)."""
    return sorted(
        able,
        key=lambda w: (
            not state.profile(w).horde,
            follow_status(state, w, h)[0] != "must",
            -st.active_impact.get(w.id, 0),
            -(st.active_impact.get(w.id, 0) + state.profile(w).cf),
            not state.profile(w).category.mounted,
            w.id,
        ),
    )


def _ranked_2022(state: GameState, able: list[Unit], st: SideTotal, h: Hex) -> list[Unit]:
    """HH.COMP.30, HH.COMP.31: undisrupted winners first; among them a horde, then the most impact, impact + CF,
    mounted, lowest id; if all are disrupted, the highest CF."""
    if any(not w.disrupted for w in able):
        able = [w for w in able if not w.disrupted]
    if all(w.disrupted for w in able):
        return sorted(able, key=lambda w: (-state.profile(w).cf, w.id))
    return sorted(
        able,
        key=lambda w: (
            not state.profile(w).horde,
            -st.active_impact.get(w.id, 0),
            -(st.active_impact.get(w.id, 0) + state.profile(w).cf),
            not state.profile(w).category.mounted,
            w.id,  # HH.PD.34: ties at one priority go to the lowest unit id
        ),
    )


def follow_ups(
    state: GameState,
    winners: list[Unit],
    applied: list[Applied],
    st: SideTotal,
    choices: Choices,
    losers_alive: list[int],
) -> tuple[list[str], set[int]]:
    """Follow-up and pursuit after one combat (HH.COMP.24-41, HH.SPECIAL.17, HH.HTH.18); returns who advanced."""
    lines: list[str] = []
    advanced: set[int] = set()
    vacated = [(a.start, a) for a in applied if a.moved and a.start is not None and state.unit_at(a.start) is None]
    if not vacated or not winners:
        return lines, advanced
    if len(winners) == 1:
        return _one_winner_follows(state, winners[0], vacated, choices, losers_alive)
    # Several winners, one vacated hex (HH.COMP.30, HH.COMP.31).
    h, a = vacated[0]
    breaking = _staked_hex(state, h) and (a.fled or a.eliminated)
    able = [w for w in winners if can_follow(state, w, h, breaking=breaking)]
    rank = _ranked_2012 if state.rules.disordered_follow_and_pursue else _ranked_2022
    ranked = rank(state, able, st, h)
    leader = None
    for w in ranked:
        status, default = follow_status(state, w, h)
        if breaking:
            status = "must"
        if status == "must" or _decide(state, w, default, choices.follow_up, "follow_up"):
            leader = w
            break
        lines.append(f"  {uname(w)} declines to follow up [HH.COMP.31].")
    if leader is None:
        return lines, advanced
    lines += _advance(state, leader, h, a, breaking, losers_alive)
    advanced.add(leader.id)
    if a.fled and not breaking and _may_pursue_after(state, leader, choices):
        path = pursuit_path(state, leader, a.unit, state.flee_paths.get(a.unit, (h,)))
        more, reach = pursue(state, state.units[leader.id], path)
        lines += more
        # HH.COMP.39: the others follow behind, never past the unit ahead; 2012: only the follower (HH12.CMP.A9).
        ahead = reach
        for w in ranked if not state.rules.pursuit_toward_fugitive else ():
            if w.id == leader.id or w.disrupted or not _may_pursue(state, w, choices):
                continue
            if ahead == 0 or not can_follow(state, w, path[0]):
                continue
            place(state, w.id, path[0])
            more, r2 = pursue(state, state.units[w.id], path, stop_before=ahead)
            if not more:
                lines.append(f"  {uname(w)} joins the pursuit into {state.label(path[0])} [HH.COMP.39].")
            lines += more
            advanced.add(w.id)
            ahead = r2
    return lines, advanced


def _one_winner_follows(
    state: GameState, w: Unit, vacated: list[tuple[Hex, Applied]], choices: Choices, losers_alive: list[int]
) -> tuple[list[str], set[int]]:
    """A single winner follows up into the vacated hex nearest straight ahead, then may pursue (HH.COMP.29,
    HH.COMP.40, HH.PD.35)."""
    lines: list[str] = []
    advanced: set[int] = set()
    opts = []
    for h, a in vacated:
        breaking = _staked_hex(state, h) and (a.fled or a.eliminated)
        if can_follow(state, w, h, breaking=breaking):
            opts.append((h, a, breaking))
    if not opts:
        return lines, advanced
    assert w.hex is not None
    here = w.hex
    h, a, breaking = min(
        opts, key=lambda o: (deviation(here, GridFacing(int(w.facing)), o[0]), o[0])
    )  # HH.COMP.29, HH.PD.35: the vacated hex (HH.DEF.10) nearest straight ahead
    status, default = follow_status(state, w, h)
    if breaking:
        status = "must"  # HH.SPECIAL.17
    go = status == "must" or _decide(state, w, default, choices.follow_up, "follow_up")
    if not go:
        lines.append(f"  {uname(w)} does not follow up [HH.COMP.26, HH.PD.33].")
        return lines, advanced
    lines += _advance(state, w, h, a, breaking, losers_alive)
    advanced.add(w.id)
    if a.fled and not breaking and _may_pursue_after(state, w, choices):
        # HH.COMP.40: the path of the loser whose hex it entered, and no other.
        more, _ = pursue(state, state.units[w.id], pursuit_path(state, w, a.unit, state.flee_paths.get(a.unit, (h,))))
        lines += more
    return lines, advanced


def _may_pursue_after(state: GameState, w: Unit, choices: Choices) -> bool:
    """HH.COMP.34: no pursuit if the follow-up hex is in enemy ZOC, or for disrupted units and artillery."""
    w = state.units[w.id]
    if w.hex is None or any(exerts_zoc_into(state, v, w.hex) for v in state.live_units(state.other(w.side))):
        return False
    return _may_pursue(state, w, choices)


def _advance(state: GameState, w: Unit, h: Hex, a: Applied, breaking: bool, losers_alive: list[int]) -> list[str]:
    lines = []
    if breaking:
        for k, (_owner, sh) in sorted(state.stakes.items()):
            if sh == h:
                del state.stakes[k]
        lines.append(f"  {uname(w)} breaks through the stakes at {state.label(h)} [HH.SPECIAL.17].")
    moved = place(state, w.id, h, pavisses=False)
    lines.insert(0, f"  {uname(w)} follows up into {state.label(h)} [HH.COMP.24].")
    if w.pavisses:
        lines.append(f"  {uname(w)} leaves its pavisses behind [HH.SPECIAL.12].")
    # HH.COMP.32, HH.PD.36: face the recoiled loser, side to side.
    for lid in losers_alive:
        lu = state.units[lid]
        if lu.hex is not None and direction(h, lu.hex) is not None:
            d = direction(h, lu.hex)
            if d not in front_exit_sides(moved.facing):
                state.units[w.id] = replace(moved, facing=Facing.of_side(d))  # type: ignore[arg-type]  # adjacent
            break
    return lines


def general_follow_up(state: GameState, gids: list[int], a: Applied, choices: Choices) -> list[str]:
    """HH.GEN.20, HH.PD.33: a winning lone general may follow up into the hex his beaten enemy vacated; the
    default is not to. He goes only where no winning unit went, and never pursues (HH.COMP.34). Several
    willing generals: the lowest id goes (HH.PD.34)."""
    h = a.start
    if not a.moved or h is None or state.unit_at(h) is not None:
        return []
    for gid in sorted(gids):
        g = state.generals[gid]
        if not g.alive or g.hex is None or state.host_of(g) is not None or direction(g.hex, h) is None:
            continue
        if not _general_decides(state, g.id, g.side, choices):
            continue
        if not general_can_occupy(state, g, h) or any(
            x.alive and x.hex == h and x.side != g.side for x in state.generals.values()
        ):
            continue
        state.generals[gid] = replace(g, hex=h)
        return [
            f"  General {gid} ({g.name}) follows up into {state.label(h)}; he never pursues [HH.GEN.20, HH.COMP.34]."
        ]
    return []


def _general_decides(state: GameState, gid: int, side: str, choices: Choices) -> bool:
    """The phasing side's bundle line, else the side's standing order for that general, else no (HH.PD.33)."""
    if side == state.phasing and gid in choices.general_follow_up:
        return choices.general_follow_up[gid]
    return bool(state.standing_for(side).per_general.get(gid, {}).get("follow_up", False))


# --- one combat ---------------------------------------------------------------------------------------


def _facing_enemy(state: GameState, focus: Unit, opps: list[Unit], st: SideTotal) -> Unit:
    """HH.COMP.4, HH.PD.29: the front opponent (best CF + effective impact, lowest id), else the strongest."""
    assert focus.hex is not None
    front = [v for v in opps if v.hex is not None and direction(focus.hex, v.hex) in front_exit_sides(focus.facing)]
    pool = front or opps
    return min(pool, key=lambda v: (-(state.profile(v).cf + effective_impact(state, v)), v.id))


def resolve_combat(state: GameState, g: Group, dice: DiceSource, fought: set[Member], choices: Choices) -> list[str]:
    """One combat in the steps of HH.HTH.25."""
    # The 2012 edition plays this rule the same way (HH12.MELEE.2, HH12.MELEE.3, rulings HH12.MELEE.A2, HH12.MELEE.A3).
    focus = state.units.get(g.focus)
    if focus is None or not focus.on_table or ("u", g.focus) in fought:
        return []
    eng = set(_engaged_ids(state, ("u", g.focus)))
    opps_m = [
        m
        for m in g.opponents
        if m not in fought
        and ((m[0] == "u" and m[1] in eng) or (m[0] == "g" and g.focus in general_targets(state, m[1])))
    ]
    if not opps_m:
        return []  # HH.HTH.5: the combat lapses
    opp_units = [state.units[m[1]] for m in opps_m if m[0] == "u"]
    opp_gens = [m[1] for m in opps_m if m[0] == "g"]
    assert focus.hex is not None
    bf = state.field
    fe = bf.elevation_at(focus.hex)
    higher_f = {focus.id: bool(opp_units) and all(fe > bf.elevation_at(v.at) for v in opp_units)}
    higher_o = {v.id: bf.elevation_at(v.at) > fe for v in opp_units}
    fst = side_total(state, [focus], [], {focus.id: opp_units}, higher_f)
    ost = side_total(state, opp_units, opp_gens, {v.id: [focus] for v in opp_units}, higher_o)
    label = f"unit {focus.id} ({focus.name}) against " + ", ".join(
        [f"unit {v.id}" for v in opp_units] + [f"general {x}" for x in opp_gens]
    )
    for s in sorted((fst, ost), key=lambda s: s.side != state.phasing):  # HH.HTH.13: phasing side first
        _roll(state, s, dice, label)
    lines: list[str] = []
    diff = fst.total - ost.total
    as_if_any = {uid for s in (fst, ost) for uid, a in s.as_if.items() if a}
    advanced: set[int] = set()
    if diff == 0:
        lines.append(f"{fst.describe(state)} and {ost.describe(state)} are level: no result [HH.HTH.6].")
    else:
        win, lose = (fst, ost) if diff > 0 else (ost, fst)
        hits = abs(diff)
        lines.append(f"{win.describe(state)} beat {lose.describe(state)} by {hits} [HH.HTH.6].")
        applied: list[Applied] = []
        if lose is fst:
            fe_unit = _facing_enemy(state, focus, opp_units, ost) if opp_units else None
            fe_hex = fe_unit.hex if fe_unit else state.generals[opp_gens[0]].hex
            res = result_for(state, focus.id, hits)
            assert res is not None
            srcs = [v.hex for v in opp_units] + [state.generals[x].hex for x in opp_gens]
            more, ap = apply_result(state, focus.id, res, Cause.HTH, srcs, fe_hex, dice)  # type: ignore[arg-type]  # on table
            lines += more
            applied.append(ap)
            winners = [state.units[v.id] for v in opp_units if state.units[v.id].on_table]
            losers_alive = [focus.id] if state.units[focus.id].on_table else []
        else:
            for v in sorted(opp_units, key=lambda v: v.id):  # HH.HTH.16, HH.HTH.17, HH.PD.30
                res = result_for(state, v.id, hits)
                assert res is not None
                more, ap = apply_result(state, v.id, res, Cause.HTH, [focus.hex], focus.hex, dice)
                lines += more
                applied.append(ap)
            for x in opp_gens:
                lines.append("  " + kill_general(state, x, "he lost a hand-to-hand fight alone [HH.GEN.19, HH.HTH.15]"))
            winners = [state.units[focus.id]]
            losers_alive = [v.id for v in opp_units if state.units[v.id].on_table]
        more, advanced = follow_ups(state, winners, applied, win, choices, losers_alive)
        lines += more
        if lose is fst and opp_gens:
            lines += general_follow_up(state, opp_gens, applied[0], choices)
    lines += _mark_static(state, focus, opp_units, opp_gens, advanced, as_if_any, level=diff == 0)
    for m in [("u", focus.id), *opps_m]:
        fought.add(m)
    return lines


def _mark_static(
    state: GameState,
    focus: Unit,
    opp_units: list[Unit],
    opp_gens: list[int],
    advanced: set[int],
    as_if_any: set[int],
    level: bool,
) -> list[str]:
    """The SC markers after a combat, and the line a lone general's tie adds."""
    # HH.HTH.19, HH.HTH.20, ruling HH.DISR.8: SC markers. A winner that advanced keeps its impact (HH.COMP.33);
    # one that fought as if disrupted does not regain it while still engaged (HH.DISR.7).
    for u in [focus, *opp_units]:
        cur = state.units[u.id]
        if not cur.on_table:
            continue
        foes = opp_units if u.id == focus.id else [focus]
        still = any(state.units[f.id].on_table and f.id in {x.id for x in engaged_with(state, cur)} for f in foes)
        if still and (u.id not in advanced or u.id in as_if_any):
            state.units[u.id] = replace(cur, static_combat=True)
    if level and opp_gens and state.rules.general_tie_static and state.units[focus.id].on_table:
        # ruling HH12.GEN.A2: a level fight with a lone general leaves both in place; the unit becomes static
        state.units[focus.id] = replace(state.units[focus.id], static_combat=True)
        return [f"{uname(focus)} is held in static combat by general {opp_gens[0]} [HH12.GEN.A2]."]
    return []


def resolve_single_combat(state: GameState, a: int, b: int, dice: DiceSource) -> list[str]:
    """Each general rolls 2D6, phasing side first; the lower is killed or captured; a draw leaves both (HH.HTH.26)."""
    ga, gb = state.generals[a], state.generals[b]
    order = sorted((ga, gb), key=lambda g: g.side != state.phasing)
    tot = {}
    for g in order:
        rolls = [dice.roll(6, f"single combat: general {g.id} ({g.name}), D6 {i + 1} of 2") for i in range(2)]
        tot[g.id] = (sum(rolls), rolls)
    desc = " against ".join(
        f"general {g.id} ({g.name}) 2D6 {'+'.join(map(str, tot[g.id][1]))} = {tot[g.id][0]}" for g in order
    )
    if tot[a][0] == tot[b][0]:
        # a draw leaves both in the hex; leaving is each owner's next Command Move (default: stay, HH.PD.38)
        return [f"Single combat: {desc}: a draw, both stay [HH.GEN.26, HH.HTH.26]."]
    loser = a if tot[a][0] < tot[b][0] else b
    return [f"Single combat: {desc}.", "  " + kill_general(state, loser, "he lost the single combat [HH.GEN.26]")]


def hth_phase(state: GameState, dice: DiceSource, choices: Choices) -> list[str]:
    """The whole H2H phase (HH.SEQ.11 step 4, HH.HTH.1-5, HH.HTH.25)."""
    lines = [f"Hand-to-hand phase ({state.phasing} chooses the order) [HH.HTH.4]."]
    for a, b in single_combats(state):
        lines += resolve_single_combat(state, a, b, dice)
    groups, notes = form_groups(state, choices.groups)
    lines += notes
    ordered = combat_order(state, groups, choices.groups)
    state.prev_groups = tuple((g.focus, tuple(g.opponents)) for g in ordered)
    fought: set[Member] = set()
    for g in ordered:
        lines += resolve_combat(state, g, dice, fought, choices)
    if not ordered:
        lines.append("No unit is engaged: no combats [HH.HTH.1].")
    for uid, u in sorted(state.units.items()):
        if u.static_combat and u.on_table and not stays_in_melee(state, u):
            state.units[uid] = replace(u, static_combat=False)  # HH.SEQ.16
    return lines
