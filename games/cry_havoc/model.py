"""Characters, animals and their printed values [CH.ROSTER.*] [CH.STATE.*].

A character is one named man [CH.STATE.1]: condition (unwounded, wounded, stunned, dead), mounted
or on foot, where he stands (one hex, or a horse's two hexes), and the phase memory the rules
need (fired, fought, attacked by) [CH.DATA.3].
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from campaign.hexgrid import Hex

from .geometry import Body
from .tables import Weapon


class Condition(Enum):
    """A character's condition [CH.STATE.1]."""

    UNWOUNDED = "unwounded"
    """Full values."""
    WOUNDED = "wounded"
    """Wounded values; any further injury kills [CH.STATE.3]."""
    STUNNED = "stunned"
    """Counter flipped: attack and movement 0; any injury kills [CH.STATE.4]."""
    DEAD = "dead"
    """A corpse in its hex [CH.STATE.7]."""


class Injury(Enum):
    """What a result does to a character [CH.STATE.2]."""

    STUN = "stun"
    """Stunned (only an unwounded man survives it)."""
    WOUND = "wound"
    """Wounded."""
    KILL = "kill"
    """Killed."""


def injure(before: Condition, injury: Injury) -> Condition:
    """The condition after an injury: a wounded or stunned man dies of any further injury [CH.STATE.2].

    >>> injure(Condition.UNWOUNDED, Injury.STUN), injure(Condition.WOUNDED, Injury.STUN)
    (<Condition.STUNNED: 'stunned'>, <Condition.DEAD: 'dead'>)
    """
    if before is not Condition.UNWOUNDED or injury is Injury.KILL:
        return Condition.DEAD
    return Condition.STUNNED if injury is Injury.STUN else Condition.WOUNDED


class Ransom(Enum):
    """Ransom status of a knight [CH.RANSOM.4] [CH.STATE.1]."""

    FREE = "free"
    """Never surrendered."""
    PRISONER = "prisoner"
    """Surrendered: moved by his captor, never fires or fights [CH.RANSOM.8]."""
    ESCAPED = "escaped"
    """Escaped: acts normally with ransom values, never surrenders again [CH.RANSOM.12]."""
    RANSOMED = "ransomed"
    """Delivered off the map by his captor [CH.RANSOM.13]."""


@dataclass(frozen=True, slots=True)
class Values:
    """Attack, defence and movement printed on one counter face [CH.ROSTER.1]."""

    attack: int
    defence: int
    move: int


@dataclass(frozen=True, slots=True)
class Profile:
    """The counters of one character type (or one named character with overrides) [CH.ROSTER.2]."""

    type: str
    name: str
    foot: Values
    foot_wounded: Values
    mounted: Values | None = None
    mounted_wounded: Values | None = None
    weapon: Weapon | None = None
    escort: str = "none"
    """"full", "half" or "none" [CH.RANSOM.6]."""
    commander: str = ""
    """"knight", "sergeant" or "" [CH.COMMAND.2]."""
    ransom: tuple[int, int] | None = None
    """Ransom counter attack and defence (knights) [CH.RANSOM.4]."""

    @property
    def is_knight(self) -> bool:
        return self.commander == "knight"

    @property
    def can_ride(self) -> bool:
        """Only characters with a mounted counter may ride [CH.ROSTER.3]."""
        return self.mounted is not None


@dataclass(frozen=True, slots=True)
class Character:
    """One named man on the board [CH.STATE.1] [CH.DATA.3]."""

    id: str
    name: str
    side: str
    profile: Profile
    body: Body | None
    """Where he stands; None when off the map (exited, ransomed)."""
    condition: Condition = Condition.UNWOUNDED
    mounted: bool = False
    started_mounted: bool = False
    ransom: Ransom = Ransom.FREE
    captor: str = ""
    escort: tuple[str, ...] = ()
    missiles: int | None = None
    """Arrows or bolts left when ammunition limitation is used [CH.AMMO.2]."""
    action: str = ""
    """A declared phase-long action: "mount HORSE", "dismount HEX", "exchange ..." [CH.SEQ.8]."""
    leading: str = ""
    """The animal he leads [CH.HORSE.12]."""
    fired_phase: int = -1
    """The phase number in which a crossbowman last fired in step 2 [CH.SEQ.4]."""
    fought_phases: tuple[int, ...] = ()
    """Phases in which he took part in a resolved combat [CH.COMBAT.12] [CH.SEQ.9]."""
    attacked_by: tuple[str, ...] = ()
    """Who made a missile or combat attack on him in the last enemy phase [CH.COMBAT.13] [CH.COMMAND.8]."""
    sergeant: str = ""
    """The sergeant he is allotted to [CH.COMMAND.3]."""
    needs_command: bool = True
    quarter: bool = False
    """May surrender [CH.RANSOM.1]."""
    controller: str = ""

    @property
    def live(self) -> bool:
        return self.condition is not Condition.DEAD

    @property
    def on_map(self) -> bool:
        return self.body is not None

    @property
    def active(self) -> bool:
        """Live, on the map, not a prisoner."""
        return self.live and self.on_map and self.ransom is not Ransom.PRISONER

    @property
    def stunned(self) -> bool:
        return self.condition is Condition.STUNNED

    @property
    def hexes(self) -> tuple[Hex, ...]:
        return self.body.hexes if self.body else ()

    @property
    def hex(self) -> Hex:
        assert self.body is not None, f"{self.id} is off the map"
        return self.body.front

    def values(self, stunned_defence: str = "wounded_foot") -> Values:
        """His current counter [CH.ODDS.5] [CH.STATE.6] [CH.RANSOM.4]."""
        p = self.profile
        if self.stunned:
            base = p.foot_wounded if stunned_defence == "wounded_foot" else p.foot
            v = Values(0, base.defence, 0)
        elif self.mounted:
            v = (p.mounted_wounded if self.condition is Condition.WOUNDED else p.mounted) or p.foot
        else:
            v = p.foot_wounded if self.condition is Condition.WOUNDED else p.foot
        if self.ransom in (Ransom.PRISONER, Ransom.ESCAPED) and p.ransom:
            # [CH.RANSOM.4]: ransom attack and defence for the rest of the game, on-foot movement
            v = Values(0 if self.stunned else p.ransom[0], p.ransom[1], v.move)
        return v


class AnimalKind(Enum):
    """Animals on the board [CH.HORSE.11] [CH.MULE.1]."""

    HORSE = "horse"
    """A riderless horse: two hexes, may be mounted by a rider."""
    MULE = "mule"
    """A pack mule: one hex [CH.MULE.2], never mounted."""


@dataclass(frozen=True, slots=True)
class Animal:
    """A riderless horse or a pack mule, alive or dead [CH.HORSE.11] [CH.STATE.7]."""

    id: str
    kind: AnimalKind
    side: str
    """Owning side ("" for none) [CH.MULE.8]."""
    body: Body
    alive: bool = True
    leader: str = ""
    follows: str = ""
    """The mule this one is tied behind in a string [CH.MULE.3]."""

    @property
    def hexes(self) -> tuple[Hex, ...]:
        return self.body.hexes
