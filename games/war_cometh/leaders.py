"""Leaders beyond ordering: attachment, wounds, capture, replacement, losses and the leader
modifier of Reaction and Pursuit Tests [WC.LEADER.3]–[WC.LEADER.15].

Part 2 calls these from shooting and melee; part 1 uses attachment and movement.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from shapely.geometry import Point

from campaign.ruleset import DiceSource
from campaign.table.frame import q_cm

from .command import ABILITY
from .model import Ability, Leader, Role, State
from .world import World

__all__ = [
    "ATTACH_FOR_MELEE_CM",
    "attach_before_melee",
    "LOSS_VALUE",
    "gives_test_modifier",
    "place_after_loss",
    "replacement",
    "wounded",
]

LOSS_VALUE = {Role.MARSHAL: 6, Role.EARL: 3, Role.CAPTAIN: 1}
"""A lost leader counts toward the break point: Marshal 6, Earl 3, Captain 1 [WC.LEADER.11];
a replacement counts as the role he replaced [WC.LEADER.12a]."""
ATTACH_FOR_MELEE_CM = 10.0
"""Non-phasing leaders may attach to their units within 10 cm that will fight [WC.LEADER.7]
[WC.LEADER.7a]."""
ESCAPE_CM = 20.0
"""A contacted leader escapes to a friendly unit within 20 cm or is captured [WC.LEADER.10]."""
FANTASY_COMMAND_RANGE = 20
"""(F) Fantasy leaders' command range [WC.LEADER.3]."""


def attack_bonus(leader: Leader) -> int:
    """Dice an attached leader adds to his unit's melee [WC.LEADER.4] [WC.LEADER.2]."""
    return 0 if leader.ability is Ability.REPLACEMENT else leader.attacks


def wounded(die: int) -> bool:
    """A leader with a unit that loses stands is incapacitated on a 6, once per loss event
    [WC.LEADER.8]."""
    return die == 6


def gives_test_modifier(leader: Leader, distance_cm: float) -> bool:
    """The leader modifier on Reaction and Pursuit Tests: rated 9+ within 10 cm, 8 or less only
    when attached; a replacement never [WC.LEADER.13] [WC.LEADER.15]."""
    if leader.ability is Ability.REPLACEMENT:
        return False
    if leader.rating >= 9:
        return distance_cm <= 10.0 + 1e-6
    return distance_cm <= 0.0 and bool(leader.attached_to)


def place_after_loss(state: State, leader_id: str, *, unit_destroyed: bool) -> State:
    """A leader whose unit disintegrates is placed with the nearest friendly unit (not attached)
    [WC.LEADER.9]; one contacted by the enemy, or whose unit is destroyed, goes to a friendly unit
    within 20 cm or is captured [WC.LEADER.10]. Ties: the lowest unit id."""
    g = state.leader(leader_id)
    world = World(state)
    here = Point(g.at)
    friends = sorted(
        (world.foot(u).distance(here), u.id) for u in world.on_table() if u.side == g.side and u.id != g.attached_to
    )
    limit = ESCAPE_CM if unit_destroyed else float("inf")
    for d, uid in friends:
        if d <= limit + 1e-6:
            b = world.bound(state.unit(uid))
            x, y = b.front_mid()
            return state.with_leader(replace(g, x=q_cm(x), y=q_cm(y), attached_to=""))
    return state.with_leader(replace(g, lost=True, attached_to=""))


def replacement(state: State, lost: Leader, units_near: Sequence[str] = ()) -> Leader:
    """A lost Marshal or Earl is replaced at the start of its owner's next turn by a rating-6
    leader with a 10 cm command range who never attaches; he keeps the role (and so the order
    radius) of the one he replaces and appears by the friendly unit nearest the lost leader's last
    position (the owner's default [WC.PD.34]); Captains are not replaced [WC.LEADER.12]
    [WC.LEADER.12a]."""
    if lost.role is Role.CAPTAIN:
        raise ValueError("Captains are not replaced [WC.LEADER.12]")
    world = World(state)
    here = Point(lost.at)
    pool = [u for u in world.on_table() if u.side == lost.side and (not units_near or u.id in units_near)]
    x, y = lost.x, lost.y
    if pool:
        nearest = min(pool, key=lambda u: (world.foot(u).distance(here), u.id))
        fx, fy = world.bound(nearest).front_mid()
        x, y = q_cm(fx), q_cm(fy)
    row = ABILITY[Ability.REPLACEMENT]
    return Leader(
        f"{lost.id}_r",
        lost.side,
        f"replacement for {lost.name}",
        lost.role,
        Ability.REPLACEMENT,
        row.rating,
        row.command_range,
        0,
        x,
        y,
    )


def attach_before_melee(state: State, dice: DiceSource, narrative: list[str]) -> State:
    """At the end of the phasing side's Movement Phase each free leader of the other side may
    attach to one of his units within 10 cm that is in contact with the enemy (about to fight)
    [WC.LEADER.7] [WC.PD.22]. By default none does; ``standing attach yes`` attaches to the
    nearest such unit (ties: the lowest id); ``standing attach ask`` asks, default no."""
    from .standing import decide, standing

    for side in sorted(s.key for s in state.sides if s.key != state.active):
        mode = standing(state, side, "attach")
        if mode == "no":
            continue
        for g in sorted(state.leaders, key=lambda x: x.id):
            if g.side != side or g.lost or g.away or g.attached_to or g.ability is Ability.REPLACEMENT:
                continue
            world = World(state)
            here = Point(g.at)
            near = sorted(
                (round(world.foot(u).distance(here), 6), u.id)
                for u in world.on_table()
                if u.side == side and world.in_contact_with_enemy(u)
            )
            near = [x for x in near if x[0] <= ATTACH_FOR_MELEE_CM + 1e-6]
            if not near:
                continue
            options = ("none", *(uid for _, uid in near))
            default = "none" if mode == "ask" else near[0][1]
            pick = decide(
                state,
                dice,
                side,
                "attach",
                f"{g.name} may attach to a unit within 10 cm about to fight: which, if any?",
                options,
                default,
                tag=g.id,
            )
            if pick == "none":
                continue
            b = world.bound(state.unit(pick))
            x, y = b.front_mid()
            state = state.with_leader(replace(g, x=q_cm(x), y=q_cm(y), attached_to=pick))
            narrative.append(f"{g.name} attaches to unit {pick} before the melee [WC.LEADER.7].")
    return state
