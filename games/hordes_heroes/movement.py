"""Tactical movement: allowance, costs, facing, terrain stops, ZOC and contact [HH.MOVE.*, HH.TERR.*, HH.ZOC.*].

`MoveSim` walks a move token by token (step, turn, formation, mount) and is the one definition of a
legal move: the order validator (`verify_move`), the executor (`do_move`) and the aggressive-unit
path search (`aggression.search_attack`) all drive it. The search state is (hex, facing, formation, MP used,
free-turn flag) as in HH.HEX.16.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from campaign.hexgrid import Hex
from campaign.kit.runner import Refusal

from .battlefield import Terrain
from .edition import FIX_BOOK_13, FIX_CARRY_ON_SQUEEZE
from .geometry import Facing, direction, front_exit_sides, is_free_change, side_key, turn_steps
from .model import Formation, Profile, Unit
from .orders import Mount, Move, Token
from .state import GameState
from .terrain_moves import whole_move_terrain
from .zoc import afloat, can_occupy, can_step, engaged_at, is_engaged, pair_key, restricted, unit_can_step

Problem = Refusal
"""Why an order is illegal: a rule id (the error code), a sentence, and how to fix it (the kit's Refusal)."""


class Illegal(Exception):
    """Raised inside a simulation; carries the Problem."""

    def __init__(self, problem: Problem):
        super().__init__(problem.message)
        self.problem = problem


class FreeTurn(Enum):
    """The free facing change still available in the current hex (HH.HEX.16 `free_turn`)."""

    NONE = "none"
    """Used, or the start hex of a unit that leaves it (HH.MOVE.11)."""
    ONE_POINT = "one point"
    """One change of at most 60 degrees (HH.MOVE.11)."""
    ANY = "any"
    """Any point or road side: first entering a road hex (HH.TERR.10)."""


def uname(u: Unit) -> str:
    """A unit in a narrative line: "unit 4 (Mounted Men-at-Arms)"."""
    return f"unit {u.id} ({u.name})"


def is_pike_block(state: GameState, u: Unit) -> bool:
    p = state.profile(u)
    return p.pike and u.nominal == 6


def allowance(state: GameState, u: Unit, road: bool, profile: Profile | None = None) -> int:
    """Movement allowance in MP, `allowance(U, road)` (HH.MOVE.4, HH.MOVE.5, HH.SPECIAL.8, HH.SPECIAL.29).

    Deployed: speed; column at the start: speed + 1; +1 more along a road for R troops (HH.TERR.11);
    a column-capable unit of nominal size 2-3 down to 1 stand counts as column (HH.STAND.3). Fixed
    values: pike block 1; pavisses 1 deployed, 2 in column, 3 in column on a road.
    """
    # The 2012 edition plays this rule the same way (HH12.MOV.1, HH12.MOV.2, HH12.ARMY.4, HH12.TER.17).
    p = profile or state.profile(u)
    column = u.formation is Formation.COLUMN or (u.nominal in (2, 3) and p.speed.column and u.stands == 1)
    if is_pike_block(state, u):
        return 1
    if u.pavisses:
        return (3 if road else 2) if column else 1
    return p.speed.hexes + (1 if column else 0) + (1 if road and p.speed.road else 0)


def can_form_column(state: GameState, u: Unit) -> bool:
    """C units only; never hordes or pike blocks (HH.MOVE.13, HH.ARMY.5)."""
    return state.profile(u).can_column and not is_pike_block(state, u)


def nearest_point(current: Facing, exit_side: int) -> Facing:
    """The point facing that leaves through `exit_side` with the smallest turn from `current`, then the lowest value
    (HH.MOVE.8, HH.MOVE.9): every side is a front exit side of two points, so there always is one."""
    points = [f for f in Facing if f.is_point and exit_side in front_exit_sides(f)]
    return min(points, key=lambda f: (turn_steps(current, f), int(f)))


def auto_facing(current: Facing, entry: Facing, exit_side: int, mode: FreeTurn, paid_here: bool) -> tuple[Facing, bool]:
    """The facing to leave through `exit_side`, and whether it costs 1 MP (HH.MOVE.9, HH.MOVE.11, HH.HEX.5).

    A turn already paid in this hex may take any facing; otherwise the free change (measured from the
    facing held on entering the hex) is used if it suffices, else a paid turn. Prefers point facings,
    then the smallest turn, then the lowest value.
    """
    if paid_here or mode is FreeTurn.ANY:
        return nearest_point(current, exit_side), False
    if mode is FreeTurn.ONE_POINT:
        ok = [f for f in Facing if exit_side in front_exit_sides(f) and is_free_change(entry, f)]
        if ok:
            return min(ok, key=lambda f: (not f.is_point, turn_steps(current, f), int(f))), False
    return nearest_point(current, exit_side), True


_WHOLE_CODES = {"a move out of broken ground": "HH12.TER.5", "a move out of a built-up area": "HH12.TER.19"}
"""The rule a whole-move reason comes from, where the river/broken-ground default does not name it."""


class MoveSim:
    """One unit's move in progress (HH.HEX.16). Raise Illegal on the first illegal token."""

    def __init__(self, state: GameState, unit: Unit):
        self.state = state
        self.unit = unit
        self.profile = state.profile(unit)
        assert unit.hex is not None
        self.start: Hex = unit.hex
        self.hex: Hex = self.start
        self.facing = unit.facing
        self.formation = unit.formation
        self.start_formation = unit.formation
        self.mp = 0  # movement points: 1 per hex entered (HH.DEF.12)
        self.free = FreeTurn.NONE
        self.hex_entry_facing = unit.facing
        self.hex_turn_paid = False
        self.start_turned = False
        self.steps: list[Hex] = []
        self.tokens: list[Token] = []
        self.stop_reason: Problem | None = None
        self.whole_reason: str | None = None
        self.lock_reason: str | None = None
        self.formation_changed = False
        self.road_ok = True
        self.contacts: list[int] = []
        self.first_step_formation = unit.formation
        self.activated: list[tuple[int, int]] = []
        self.split_at: Hex | None = None
        """The restriction hex where a 6-stand unit splits during this move (HH.TERR.42)."""
        self.carried_on = False
        """The rest of a move after an evade (HH.COMP.45): a boat has had its lake hex already (HH.TERR.45)."""
        self.engaged_at_start = is_engaged(state, unit)
        self.afloat = afloat(state, unit)
        """A boat, or a unit aboard one: 1 lake hex per move (HH.TERR.45, ruling HH.TERR.47)."""

    # --- helpers ---------------------------------------------------------------------------
    def clone(self) -> MoveSim:
        new = MoveSim.__new__(MoveSim)
        for k in (
            "state unit profile start hex facing formation start_formation mp free hex_entry_facing hex_turn_paid"
            " start_turned stop_reason whole_reason lock_reason formation_changed road_ok"
            " split_at engaged_at_start afloat first_step_formation carried_on"
        ).split():
            setattr(new, k, getattr(self, k))
        new.steps = list(self.steps)
        new.tokens = list(self.tokens)
        new.contacts = list(self.contacts)
        new.activated = list(self.activated)
        return new

    def fail(self, code: str, message: str, hint: str = "") -> None:
        raise Illegal(Problem(code, f"{uname(self.unit)} {message}", hint))

    @property
    def left_start(self) -> bool:
        return bool(self.steps)

    def label(self, h: Hex) -> str:
        return self.state.field.label(h)

    # --- tokens ----------------------------------------------------------------------------
    def apply(self, t: Token) -> None:
        if self.afloat and not isinstance(t, (Hex, Facing)):
            self.fail("HH.TERR.47", f"is afloat and may not {t.value} aboard a boat", "disembark first")
        if isinstance(t, Hex):
            if self.afloat:
                self.boat_step(t)
                return
            self.step(t)
        elif isinstance(t, Facing):
            self.turn(t)
        elif isinstance(t, Formation):
            self.change_formation(t)
        else:
            self.change_mount(t)

    def turn(self, f: Facing) -> None:
        """A facing change (HH.MOVE.11, HH.HEX.5): free once per hex if <= 60 degrees, else 1 MP."""
        if self.contacts:
            self.fail(
                "HH.MOVE.27",
                "is in contact and may only turn to face one contacted enemy; name it with `target N`",
            )
        if self.engaged_at_start:
            self.fail("HH.MOVE.23", "is engaged and may not change facing in its own movement phase")
        if f == self.facing:
            return
        if not self.left_start:
            # Start hex: free only if the unit never leaves (settled in finish / first step).
            self.start_turned = True
            self.facing = f
            self.tokens.append(f)
            return
        if not self.hex_turn_paid:
            free_ok = self.free is FreeTurn.ANY or (
                self.free is FreeTurn.ONE_POINT and is_free_change(self.hex_entry_facing, f)
            )
            if not free_ok:
                self.mp += 1  # HH.MOVE.11: a paid turn may take any facing
                self.hex_turn_paid = True
        self.facing = f
        self.tokens.append(f)

    def change_formation(self, f: Formation) -> None:
        """Deployed <-> column, 1 MP (HH.MOVE.13, HH.MOVE.14); allowed standing still in any terrain (HH.MOVE.15);
        the allowance stays that of the starting formation (HH.MOVE.5, HH.MOVE.6); engaged units only column ->
        deployed. 2012: a change to column before the first step gives the column allowance (ruling HH12.MOV.A7)."""
        if f == self.formation:
            self.fail("HH.MOVE.14", f"is already {f.value}")
        if f is Formation.COLUMN and not can_form_column(self.state, self.unit):
            self.fail(
                "HH.MOVE.13",
                "cannot form column (no C in its speed, a horde, or a pike block)",
                "hordes and units without C move deployed; fords are crossed squeezed automatically",
            )
        if self.engaged_at_start and f is Formation.COLUMN:
            self.fail("HH.MOVE.23", "is engaged and may only change from column to deployed")
        er = self.state.rules  # HH12.MOV.3: 2012 forms column for free, deploys for 1 MP
        self.mp += er.line_to_column_mp if f is Formation.COLUMN else er.column_to_line_mp
        self.formation = f
        self.formation_changed = True
        self.tokens.append(f)

    def change_mount(self, m: Mount) -> None:
        """Dismount or remount, 1 MP, as the first action of the move (HH.MOVE.26, HH.MOVE.31)."""
        if self.left_start or self.tokens:
            self.fail("HH.MOVE.26", f"must {m.value} first, before any other part of its move")
        p = self.profile
        if m is Mount.DISMOUNT:
            if p.dismounted is None:
                self.fail("HH.MOVE.26", "may not dismount: its army list gives it no dismounted form")
            new = self._profile_key(p.dismounted)  # type: ignore[arg-type]  # fail() raised if None
        else:
            if self.unit.profile == self.unit.base_profile:
                self.fail("HH.MOVE.26", "is mounted already")
            new = self.unit.base_profile
        self.unit = replace(self.unit, profile=new)
        self.profile = self.state.profiles[new]
        self.mp += 1
        self.tokens.append(m)

    def _profile_key(self, pid: str) -> str:
        army_prefix = self.unit.profile.rsplit(":", 1)[0] + ":" if ":" in self.unit.profile else ""
        return army_prefix + pid

    def step(self, h: Hex) -> None:
        """Enter an adjacent hex (HH.MOVE.7, HH.MOVE.9, HH.TERR.*, HH.ZOC.2, HH.MOVE.19, HH.MOVE.30)."""
        a = self.hex
        d = self._may_leave(a, h)
        first = not self.left_start
        self._turn_to_exit(d, first)
        self._cross_side(a, h, first)
        occ = self._may_enter(a, h)
        along, restriction = self._terrain_rules(a, h, first)
        self._enter(h, along, restriction)
        self._zone_of_control(h, occ)

    def _may_leave(self, a: Hex, h: Hex) -> int:
        """The move may go on, to an adjacent hex on the table (HH.MOVE.3, HH.MOVE.9, HH.MOVE.22); the direction."""
        bf = self.state.field
        if self.stop_reason is not None:
            pr = self.stop_reason
            raise Illegal(Problem(pr.code, f"{uname(self.unit)} cannot reach {self.label(h)}: {pr.message}", pr.hint))
        if self.whole_reason is not None:
            self.fail(
                _WHOLE_CODES.get(self.whole_reason, "HH.TERR.35" if "river" in self.whole_reason else "HH.TERR.18"),
                f"cannot go on to {self.label(h)}: {self.whole_reason} is its whole move",
            )
        if self.engaged_at_start:
            self.fail("HH.MOVE.22", "is engaged and may not leave its hex", "class-A infantry may `disengage`")
        if not bf.on_map(h):
            self.fail("HH.MOVE.3", "may not move off the table")
        d = direction(a, h)
        if d is None:
            self.fail("HH.MOVE.9", f"cannot step from {self.label(a)} to {self.label(h)}: the hexes are not adjacent")
        assert d is not None
        return d

    def _turn_to_exit(self, d: int, first: bool) -> None:
        """Leave through a front exit side, turning as needed (HH.MOVE.9, HH.MOVE.11)."""
        if d not in front_exit_sides(self.facing):
            if first:
                f = nearest_point(self.facing, d)
                self.start_turned = True
            else:
                f, paid = auto_facing(self.facing, self.hex_entry_facing, d, self.free, self.hex_turn_paid)
                if paid:
                    self.mp += 1  # the step follows at once: no later turn in this hex to mark as paid for
            self.facing = f
            self.tokens.append(f)
        if first and self.start_turned and self.facing != self.unit.facing:
            self.mp += 1  # HH.MOVE.11: any change in the start hex of a unit that leaves it costs 1 MP

    def _cross_side(self, a: Hex, h: Hex, first: bool) -> None:
        """Hex-side features, checked on every crossed side: stakes, steep sides, walls (HH.HEX.14)."""
        st, bf, p = self.state, self.state.field, self.profile
        key = side_key(a, h)
        if key in st.stakes:
            self.fail("HH.SPECIAL.15", f"cannot cross the staked side between {self.label(a)} and {self.label(h)}")
        steep = bf.is_steep(a, h)
        wall = bf.is_wall(a, h)
        if steep:
            if p.category.mounted or p.category.wheeled:  # artillery too (HH.TERR.56)
                self.fail(
                    "HH.TERR.55", f"cannot cross the steep side into {self.label(h)} (mounted and wheeled troops)"
                )
            if not first:
                self.fail("HH.TERR.57", f"climbs the steep side into {self.label(h)}: that must be its whole move")
            if st.unit_at(h) is not None:
                self.fail("HH.TERR.57", f"may cross the steep side only into a vacant hex; {self.label(h)} is occupied")
            self.whole_reason = "climbing a steep side"
            self.lock_reason = "it crosses a steep side"
        if wall:
            if p.category.wheeled:
                self.fail("HH.TERR.65", f"cannot cross the wall into {self.label(h)} (wheeled)")
            if not first:
                self.fail("HH.TERR.65", f"crosses a wall into {self.label(h)}: that must be its whole move")
            self.whole_reason = "crossing a wall"
            self.lock_reason = "it crosses a wall"

    def _may_enter(self, a: Hex, h: Hex) -> Unit | None:
        """The troop type may enter the hex, and no enemy or disrupted friend holds it (HH.TERR.2, HH.MOVE.19,
        HH.MOVE.30); the unit there, if any."""
        st, bf, p = self.state, self.state.field, self.profile
        if not can_step(st, p, a, h):  # HH.TERR.13, HH.TERR.14: wheeled units in and out along a road only
            t = bf.terrain_at(h)
            if can_occupy(st, p, h):
                self.fail(
                    "HH.TERR.13",
                    f"cannot step from {self.label(a)} to {self.label(h)} off the road: wheeled troops enter and leave"
                    " broken ground, woodland and built-up areas only along a road",
                    "follow the road through the hex (HH.TERR.9, HH.TERR.14)",
                )
            code = {Terrain.LAKE: "HH.TERR.45", Terrain.IMPENETRABLE: "HH.TERR.53"}.get(t, "HH.TERR.2")
            self.fail(code, f"cannot enter {self.label(h)}: {t.value} is impassable to {p.category.value}")
        # Occupants.
        occ = st.unit_at(h)
        if occ is not None and occ.side != self.unit.side and occ.skirmish_of is not None:
            if self.unit.skirmish_of is None:
                return None  # HH12.SPEC.5, ruling HH12.SPEC.A1 item 6: a formed unit rides a skirmish stand down
        if occ is not None and occ.side != self.unit.side:
            self.fail("HH.MOVE.30", f"cannot enter {self.label(h)}: enemy unit {occ.id} is there")
        if occ is None:
            for g in st.generals_at(h):
                if g.side != self.unit.side:
                    self.fail("HH.MOVE.30", f"cannot enter {self.label(h)}: the enemy general {g.id} is there")
        if occ is not None and occ.disrupted:
            self.fail("HH.MOVE.19", f"cannot pass through {uname(occ)} at {self.label(h)}: it is disrupted")
        return occ

    def _terrain_rules(self, a: Hex, h: Hex, first: bool) -> tuple[bool, bool]:
        """Roads, restrictions, fords and bridges, then the terrain that stops a move or is a whole move
        (HH.TERR.12, HH.TERR.40-44); (along a road, into a restriction)."""
        st, bf = self.state, self.state.field
        along = bf.along_road(a, h)
        ta, tb = bf.terrain_at(a), bf.terrain_at(h)
        any_formation = st.rules.road_ignores_terrain_in_any_formation  # HH12.TER.18, ruling HH12.TER.A6
        if along and (any_formation or self.formation in (Formation.COLUMN, Formation.SQUEEZED)):
            # HH.TERR.12: a column on the road ignores woodland, BUA and broken-ground restrictions.
            ta, tb = (Terrain.GOOD if t in (Terrain.WOOD, Terrain.BUA, Terrain.BROKEN) else t for t in (ta, tb))
        restriction = bf.is_restriction(h, st.options.restrict_tracks)
        if restriction:
            if self.unit.stands > 4 and self.split_at is None and st.rules.restriction_splits:  # ruling HH12.MOV.A1
                # HH.TERR.42, ruling HH.TERR.43: only 4 stands fit; the unit splits, the rest stay a hex behind.
                if self.unit.combined:
                    self.fail(
                        "HH.TERR.42",
                        f"is a combined-arms unit of {self.unit.stands} stands and cannot split through the"
                        f" restriction at {self.label(h)}",
                        "`exchange` it into single-arm units first (HH.SPECIAL.24)",
                    )
                self.split_at = h
            if self.formation is Formation.DEPLOYED:
                if can_form_column(st, self.unit):
                    self.fail(
                        "HH.TERR.40",
                        f"must be in column to cross the ford or bridge at {self.label(h)}",
                        "add `column` before that hex (1 MP)",
                    )
                self.mp += st.rules.squeeze_mp  # HH.TERR.40: squeezed into column for 1 MP; free in 2012 (HH12.MOV.5)
                self.formation = Formation.SQUEEZED
        # Bridges are good going; fords in column are good going (HH.TERR.44).
        if h in bf.bridges or (h in bf.fords and self.formation is not Formation.DEPLOYED):
            tb = Terrain.GOOD
        if a in bf.bridges or (a in bf.fords and self.formation is not Formation.DEPLOYED):
            ta = Terrain.GOOD
        self._whole_move_terrain(ta, tb, h, first)
        return along, restriction

    def _whole_move_terrain(self, ta: Terrain, tb: Terrain, h: Hex, first: bool) -> None:
        whole_move_terrain(self, ta, tb, h, first)

    def _enter(self, h: Hex, along: bool, restriction: bool) -> None:
        """Step in: 1 MP, the path and the free turn the new hex allows (HH.MOVE.7, HH.MOVE.10)."""
        bf = self.state.field
        if self.formation is Formation.SQUEEZED and not restriction:
            if self.state.plays(FIX_CARRY_ON_SQUEEZE):
                # HH.TERR.40: past the restriction it resumes its usual formation, the deployed one it was squeezed
                # from (only a deployed unit is squeezed), not the one it started in: a column before a dismount into
                # a form without C
                self.formation = Formation.DEPLOYED
            else:
                self.formation = (
                    self.start_formation if self.start_formation is not Formation.SQUEEZED else Formation.DEPLOYED
                )
        self.mp += 1
        self.steps.append(h)
        self.tokens.append(h)
        self.road_ok = self.road_ok and along
        self.hex = h
        self.hex_entry_facing = self.facing
        self.hex_turn_paid = False
        if not self.steps[:-1]:
            self.first_step_formation = self.formation
        road_turn = bf.is_road(h) and not along and self.state.rules.road_free_refacing  # HH.TERR.10; HH12.TER.18
        self.free = FreeTurn.ANY if road_turn else FreeTurn.ONE_POINT

    def _zone_of_control(self, h: Hex, occ: Unit | None) -> None:
        """Zone of control and contact (HH.ZOC.2, HH.ZOC.6, HH.MOVE.27, HH.MOVE.20)."""
        st, bf = self.state, self.state.field
        contacts = []
        for v in st.live_units(st.other(self.unit.side)):
            if v.hex is None or direction(h, v.hex) is None or bf.is_steep(h, v.hex) or v.skirmish_of is not None:
                continue  # ruling HH12.SPEC.A1 item 4: 2012 skirmish stands have no ZOC
            mover_blocked = restricted(st, self.unit, h, v, v.hex)
            other_blocked = restricted(st, v, v.hex, self.unit, h)
            if mover_blocked or other_blocked:
                pk = pair_key(self.unit.id, v.id)
                if pk in st.activated:
                    contacts.append(v.id)
                elif mover_blocked and not other_blocked and st.standing_for(v.side).for_unit(v.id).restricted_attack:
                    # HH.ZOC.6, HH.PD.18: the unit in the restricting terrain chooses to attack.
                    self.activated.append(pk)
                    contacts.append(v.id)
                continue
            contacts.append(v.id)
        if contacts:
            if occ is not None:
                self.fail(
                    "HH.MOVE.20",
                    f"cannot pass through {uname(occ)} at {self.label(h)}: the hex is in the zone of control"
                    f" of enemy unit {contacts[0]} and the move would stop in an occupied hex",
                )
            self.contacts = contacts
            names = ", ".join(str(c) for c in contacts)
            self.stop_reason = Problem(
                "HH.ZOC.2",
                f"it entered the zone of control of enemy unit {names} at {self.label(h)}",
                "a move stops on contact; make contact with the last hex of the path",
            )

    def boat_step(self, h: Hex) -> None:
        """A boat, loaded or not, moves 1 lake hex per move (HH.TERR.45, ruling HH.TERR.47); turning is free. It
        stops on entering the zone of control of an enemy boat (HH.ZOC.2, HH.ZOC.5): its contacts."""
        st, a = self.state, self.hex
        # HH.TERR.45: 1 lake hex per move, the hex before a contact included when the move carries on (HH.COMP.45)
        if self.left_start or (self.carried_on and st.plays(FIX_CARRY_ON_SQUEEZE)):
            self.fail("HH.TERR.45", f"cannot go on to {self.label(h)}: a boat moves only 1 lake hex per move")
        if self.engaged_at_start:
            self.fail("HH.MOVE.22", "is engaged and may not leave its hex")
        d = direction(a, h)
        if d is None:
            self.fail("HH.MOVE.9", f"cannot step from {self.label(a)} to {self.label(h)}: the hexes are not adjacent")
        assert d is not None
        if not unit_can_step(st, self.unit, a, h):
            self.fail(
                "HH.TERR.45",
                f"cannot enter {self.label(h)}: a boat moves on lake hexes only",
                f"to land, `disembark {self.unit.id} {self.label(h)}` (a full move)",
            )
        occ = st.unit_at(h)
        if occ is not None or any(g.side != self.unit.side for g in st.generals_at(h)):
            self.fail("HH.MOVE.19", f"cannot enter {self.label(h)}: it is occupied")
        if d not in front_exit_sides(self.facing):
            self.facing = nearest_point(self.facing, d)
            self.tokens.append(self.facing)
        self.mp += 1
        self.steps.append(h)
        self.tokens.append(h)
        self.road_ok = False
        self.hex = h
        # engaged_at leaves out the own side; a contact ends the move (`_plan` keeps the rest, HH.COMP.45), so no
        # later step reads a stop reason
        self.contacts = [v.id for v in st.live_units() if engaged_at(st, self.unit, h, v)]

    # --- end -------------------------------------------------------------------------------
    def _towards(self, v: Unit) -> int | None:
        """The direction from the mover's hex to a unit on the table (None when not adjacent)."""
        return direction(self.hex, v.at)

    def road_move(self) -> bool:
        bf = self.state.field
        return bool(self.steps) and bf.is_road(self.start) and self.road_ok

    def finish(self, target: int | None = None) -> Facing | None:
        """End-of-move checks; returns the facing M turns to on contact (HH.MOVE.12, HH.MOVE.27, HH.MOVE.28).

        On contact M turns to face its primary target side to side and keeps its formation unless the
        order says otherwise: the default of HH.PD.9.
        """
        st, bf = self.state, self.state.field
        if not self.left_start:
            if self.start_turned and (self.mount_changed_any() or not is_free_change(self.unit.facing, self.facing)):
                self.mp += 1
        occ = st.unit_at(self.hex)
        if occ is not None and occ.side != self.unit.side and occ.skirmish_of is not None:
            occ = None  # HH12.SPEC.5: a skirmish stand ridden down in the last hex is removed (rules.apply_plan)
        if self.left_start and occ is not None and occ.id != self.unit.id:
            self.fail("HH.MOVE.19", f"may not end its move in {self.label(self.hex)}: {uname(occ)} is there")
        if self.formation_changed and self.lock_reason:
            self.fail("HH.MOVE.14", f"may not change formation in this move: {self.lock_reason}")
        road = self.road_move()
        allow = allowance(st, self.unit, road)
        if st.rules.column_bonus_on_first_step and self.first_step_formation is Formation.COLUMN and self.steps:
            # ruling HH12.MOV.A7: in column before the first step, +1 off the road; the road +1 needs column at start
            allow = max(allow, allowance(st, replace(self.unit, formation=Formation.COLUMN), False))
        if self.mp > allow and not self.afloat:  # a boat's move is 1 lake hex, turns free (HH.TERR.45)
            what = f"{allow} MP" + (" (with the road bonus)" if road else "")
            self.fail(
                "HH.MOVE.4",
                f"cannot reach {self.label(self.hex)}: the move costs {self.mp} MP but its allowance is {what}",
                "turns of more than one point and any turn in the start hex before leaving cost 1 MP (HH.MOVE.11)",
            )
        contact_facing = None
        if self.contacts:
            if target is not None and target not in self.contacts:
                self.fail("HH.MOVE.28", f"did not contact enemy unit {target}; it contacted {self.contacts}")
            prim = target
            if prim is None:
                fronts = [c for c in self.contacts if self._towards(st.units[c]) in front_exit_sides(self.facing)]
                prim = min(fronts) if fronts else min(self.contacts)
            d = direction(self.hex, st.units[prim].at)
            assert d is not None  # a contacted unit is adjacent
            contact_facing = Facing.of_side(d)
        elif not self.facing.is_point and self.state.rules.must_end_facing_point:  # HH12.MOV.6: 2012 may face a side
            on_road_side = bf.is_road(self.hex) and self.facing.side in bf.road_sides[self.hex]
            if not on_road_side and self.facing != self.unit.facing:
                self.fail("HH.MOVE.12", f"must end its move facing a hex point, not side {self.facing.name}")
        return contact_facing

    def mount_changed_any(self) -> bool:
        return any(isinstance(t, Mount) for t in self.tokens)


@dataclass(frozen=True, slots=True)
class MovePlan:
    """A checked move, ready to apply (HH.MOVE.27 outcome included)."""

    unit: Unit
    """The unit after the move (hex, facing, formation, profile)."""
    steps: tuple[Hex, ...]
    tokens: tuple[Token, ...]
    mp: int
    allowance: int
    contacts: tuple[int, ...]
    activated: tuple[tuple[int, int], ...]
    rest: tuple[Token, ...] = ()
    """Tokens after the contact hex: carried out only if every contacted unit evades or flee-responds (HH.COMP.45)."""
    rear: Unit | None = None
    """The 2-stand rear part of a split unit after the move: split off now, or following (ruling HH.TERR.43)."""
    split: bool = False
    """True when the move split a 6-stand unit at a restriction (HH.TERR.42); `rear` is then a new unit."""


def plan_move(state: GameState, order: Move, *, commanded: bool = True) -> MovePlan:
    """verify + plan a normal move; raises Illegal (HH.MOVE.1, HH.MOVE.4-31)."""
    u = state.units.get(order.unit)
    if u is None or not u.on_table:
        raise Illegal(Problem("HH.MOVE.1", f"unit {order.unit} is not on the table"))
    check_may_move(state, u, commanded)
    check_not_follower(state, u)
    sim = MoveSim(state, u)
    return _plan(state, sim, order)


def split_partner(state: GameState, u: Unit) -> Unit | None:
    """The other part of a split unit, while both are on the table and linked (HH.TERR.42, ruling HH.TERR.43)."""
    if u.split_link is None:
        return None
    v = state.units.get(u.split_link)
    return v if v is not None and v.on_table and v.split_link == u.id else None


def following_rear(state: GameState, front: Unit) -> Unit | None:
    """The rear part that follows `front`: linked, on the table and adjacent to it; a part cut off from the other
    (by a recoil, say) moves on its own orders (ruling HH.TERR.43)."""
    v = split_partner(state, front)
    if v is None or front.split_rear or direction(front.at, v.at) is None:
        return None
    return v


def check_not_follower(state: GameState, u: Unit) -> None:
    """The rear part of a split unit follows its front part and takes no movement order of its own (HH.TERR.43).
    A front part passes: its partner, the rear part, has no part following it."""
    front = split_partner(state, u)
    if front is not None and following_rear(state, front) is not None:
        raise Illegal(
            Problem(
                "HH.TERR.43",
                f"{uname(u)} is the rear part of split unit {front.id} and follows it along its path",
                f"order the front part (`move {front.id} ...`), or re-form the two with `rejoin {front.id}`",
            )
        )


def _trail(state: GameState, sim: MoveSim, front: Unit) -> tuple[Unit, Unit | None]:
    """The front part after the move and the rear part that trails it one hex behind along the same path, or None
    (HH.TERR.42, ruling HH.TERR.43). A new split leaves `stands - 4` stands (nominal 2) in the hex before the front's
    last hex; a rear part already split follows the front's path from its own hex, with the front's allowance."""
    path = [sim.start, *sim.steps]
    if sim.split_at is None:
        rear = following_rear(state, sim.unit)
        if rear is None or not sim.steps:
            return front, None
        if rear.disrupted or is_engaged(state, rear):
            why = "disrupted" if rear.disrupted else "engaged"
            raise Illegal(
                Problem(
                    "HH.TERR.43",
                    f"{uname(sim.unit)} cannot move: its rear part {rear.id} is {why} and cannot follow it",
                    "the front part waits for its rear part, or they fight it out where they stand",
                )
            )
        assert rear.hex is not None
        if not can_step(state, state.profile(rear), rear.hex, sim.start):
            raise Illegal(
                Problem(
                    "HH.TERR.43",
                    f"{uname(sim.unit)} cannot move: its rear part {rear.id} cannot follow into {sim.label(sim.start)}",
                )
            )
        rear = replace(rear, moved_this_phase=True, moved_this_bound=True)
    else:  # a new rear part copies the front part after its move: moved already
        rear = replace(
            front,
            id=max(state.units) + 1,
            name=f"{front.name} (rear)",
            stands=sim.unit.stands - 4,
            nominal=2,
            split_link=front.id,
            static_combat=False,
        )
        front = replace(front, stands=4, nominal=4, split_link=rear.id)
    at = path[-2]
    occ = state.unit_at(at)
    if occ is not None and occ.id not in (sim.unit.id, rear.id):
        raise Illegal(
            Problem(
                "HH.TERR.43",
                f"{uname(sim.unit)} cannot end its move at {sim.label(path[-1])}: its 2 rear stands would have"
                f" to stand in {sim.label(at)}, where {uname(occ)} is",
                "end the move where the hex behind the front part is free",
            )
        )
    restricted_hex = state.field.is_restriction(at, state.options.restrict_tracks)
    rear = replace(
        rear,
        hex=at,
        facing=front.facing,
        formation=Formation.SQUEEZED if restricted_hex else Formation.DEPLOYED,
    )
    return front, rear


def continue_move(state: GameState, u: Unit, order: Move, used: int) -> MovePlan:
    """The rest of a move after every contacted unit got away: the same unit, from where it stopped, with the MP
    it has left (HH.COMP.45, HH.MOVE.27 step 3, ruling HH.COMP.48); command was checked when the move began."""
    sim = MoveSim(state, u)
    sim.mp = used
    sim.carried_on = True
    return _plan(state, sim, order)


def _plan(state: GameState, sim: MoveSim, order: Move) -> MovePlan:
    rest: tuple[Token, ...] = ()
    for i, t in enumerate(order.tokens):
        if sim.contacts:
            rest = tuple(order.tokens[i:])  # HH.COMP.45: kept for a carry-on after an evade
            break
        sim.apply(t)
    try:
        contact_facing = sim.finish(order.target if not rest else None)
    except Illegal:
        if rest:
            sim.apply(rest[0])  # the steps past the contact are the first fault: report that (HH.ZOC.2)
        raise
    # HH.MOVE.27: Facing.E is 0; rules version 2 keeps a contact facing E (version 1 dropped it, as recorded)
    keep_e = state.plays(FIX_BOOK_13)
    final = replace(
        sim.unit,
        hex=sim.hex,
        facing=contact_facing if keep_e and contact_facing is not None else contact_facing or sim.facing,
        formation=sim.formation,
        # HH.SPECIAL.9: dropped on contact; kept in 2012 (ruling HH12.SPEC.A2)
        pavisses=sim.unit.pavisses and (not sim.contacts or state.rules.pavises_kept_in_contact),
        # ruling HH.ART.5: any move but a pure facing change loses the Hold Fire marker.
        hold_fire=sim.unit.hold_fire and not (sim.steps or sim.formation_changed or sim.mount_changed_any()),
        moved_this_phase=True,
        # HH.ART.3: a formation or mount change stops artillery shooting this bound, like entering a hex; for
        # pavisses and stakes only a change of hex counts (HH.SHOOT.3).
        moved_this_bound=sim.unit.moved_this_bound
        or bool(sim.steps)
        or (sim.profile.is_artillery and (sim.formation_changed or sim.mount_changed_any())),
    )
    final, rear = _trail(state, sim, final)
    return MovePlan(
        final,
        tuple(sim.steps),
        tuple(sim.tokens),
        sim.mp,
        allowance(state, sim.unit, sim.road_move()),
        tuple(sim.contacts),
        tuple(sim.activated),
        rest,
        rear,
        sim.split_at is not None,
    )


def check_may_move(state: GameState, u: Unit, commanded: bool) -> None:
    """HH.MOVE.1: commanded (HH.CMD.12), not disrupted (HH.DISR.2, HH.CMD.13), not moved this phase."""
    if u.side != state.phasing:
        raise Illegal(Problem("HH.MOVE.1", f"{uname(u)} belongs to the other side"))
    if u.disrupted:
        raise Illegal(
            Problem("HH.DISR.2", f"{uname(u)} is disrupted and may not move", "it rallies at the end of movement")
        )
    if not commanded:
        raise Illegal(
            Problem(
                "HH.CMD.12",
                f"{uname(u)} is not under command this bound and may not move",
                "bring a general within command range (HH.CMD.5) or chain it to a commanded unit (HH.CMD.9)",
            )
        )
    if u.moved_this_phase:
        raise Illegal(Problem("HH.MOVE.1", f"{uname(u)} has already moved this phase"))


def engaged_now(state: GameState, u: Unit) -> bool:
    return u.hex is not None and any(engaged_at(state, u, u.hex, v) for v in state.live_units())  # enemies only
