"""Game options and the configuration keys of the proposed rulings [CH.DATA.4].

Every key has the spec's default; a scenario's ``[options]`` table or ``game new --option KEY=VALUE``
may change it. The keys and their plain-words meaning are listed in docs/rulings/cry-havoc.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any


class Mode(Enum):
    """How mid-resolution decisions are taken [CH.PBEM.1]."""

    STANDING = "standing"
    """From standing orders and the defaults of §23, without pausing (default)."""
    INTERACTIVE = "interactive"
    """The game pauses and asks the side (DiceSource.decide); a missed deadline takes the default."""


class KnightPriority(Enum):
    """Knight combat priority modes [CH.COMBAT.13]."""

    ADJACENT = "adjacent"
    """Striking distance = adjacent at step 5; a duty to attack (default)."""
    REACH = "reach"
    """Knights reachable this phase restrict the choice of opponents; no duty."""
    OFF = "off"
    """No knight priority."""


@dataclass(frozen=True, slots=True)
class Config:
    """Every option the engine reads; field names are the config keys with '.' written as '__'."""

    options__ammunition: bool = False
    """[CH.AMMO.1] ammunition limitation and exchange."""
    options__command_control: bool = False
    """[CH.COMMAND.1] command control."""
    options__ransom: bool = False
    """[CH.RANSOM.1] ransom and surrender."""
    seq__crossbow_engaged_window: str = "previous_phase"
    """[CH.SEQ.9] "previous_phase" or "two_phases"."""
    terrain__tree_class: str = "+"
    """[CH.TERRAIN.7]."""
    terrain__interior_class: str = "+"
    """[CH.TERRAIN.7]."""
    terrain__window_class: str = "0"
    """[CH.TERRAIN.8]."""
    lof__corner_blocks: bool = False
    """[CH.TERRAIN.13]."""
    lof__stunned_obstruct: bool = True
    """[CH.FIRE.7]."""
    lof__animals_obstruct: bool = True
    """[CH.FIRE.7]."""
    lof__interior_fire_out: str = "adjacent_window_only"
    """[CH.FIRE.14] or "any_aperture"."""
    lof__aperture_overfire: str = "normal"
    """[CH.FIRE.12] or "forbid"."""
    odds__cap_after_shift: bool = False
    """[CH.ODDS.3]."""
    cover__mounted_hidden_hex: str = "infinite"
    """[CH.COVER.6] or "ignore"."""
    retreat__allow_window: bool = False
    """[CH.RETREAT.3] item 2."""
    retreat__must_increase_distance: bool = True
    """[CH.RETREAT.3] item 5."""
    retreat__never_adjacent: bool = False
    """Second book check 3: false (book) = "not adjacent to an enemy" only where printed (missile tables,
    mounted combat table); true = every retreat, as the spec proposed."""
    retreat__mounted_sidestep: bool = True
    """[CH.RETREAT.5]."""
    retreat__stunned: str = "fail"
    """[CH.RETREAT.6] or "ignore"."""
    retreat__off_map: str = "scenario_exit"
    """[CH.RETREAT.10] or "never"."""
    window__enter_test: bool = False
    """Second book check 1: the enemy test only on leaving a window to the far side (true: also on entering)."""
    window__wounded_enter: bool = True
    """Second book check 2: true (book) = a wounded man may enter a window hex if he has the 3 MP;
    false = the spec's [CH.MOVE.9](a), wounded men never enter a window hex."""
    corpse__mule_weight: int = 3
    """[CH.MOVE.8]."""
    horse__back_cost_factor: int = 2
    """[CH.HORSE.3]."""
    combat__knight_priority: str = "adjacent"
    """[CH.COMBAT.13]: "adjacent", "reach" (restriction only, evaluated at step 5 here) or "off"."""
    combat__multi_defender_class: str = "best_for_defender"
    """[CH.TADV.3]."""
    stunned__defence: str = "wounded_foot"
    """[CH.STATE.6] or "unwounded_foot"."""
    command__stunned_commander: bool = False
    """[CH.COMMAND.5]."""
    command__uncommanded_attack: str = "attackers_only"
    """[CH.COMMAND.8] or "in_contact"."""
    ransom__odds_after_shift: bool = True
    """[CH.RANSOM.2]."""
    pbem__mode: str = "standing"
    """[CH.PBEM.1] "standing" or "interactive"."""

    @property
    def mode(self) -> Mode:
        return Mode(self.pbem__mode)

    @property
    def priority(self) -> KnightPriority:
        return KnightPriority(self.combat__knight_priority)

    def as_json(self) -> dict[str, Any]:
        return {f.name.replace("__", "."): getattr(self, f.name) for f in fields(self)}


CHOICES: dict[str, tuple[str, ...]] = {
    "seq__crossbow_engaged_window": ("previous_phase", "two_phases"),
    "terrain__tree_class": ("+", "0", "-"),
    "terrain__interior_class": ("+", "0", "-"),
    "terrain__window_class": ("+", "0", "-"),
    "lof__interior_fire_out": ("adjacent_window_only", "any_aperture"),
    "lof__aperture_overfire": ("normal", "forbid"),
    "cover__mounted_hidden_hex": ("infinite", "ignore"),
    "retreat__stunned": ("fail", "ignore"),
    "retreat__off_map": ("scenario_exit", "never"),
    "combat__knight_priority": ("adjacent", "reach", "off"),
    "combat__multi_defender_class": ("best_for_defender",),
    "stunned__defence": ("wounded_foot", "unwounded_foot"),
    "command__uncommanded_attack": ("attackers_only", "in_contact"),
    "pbem__mode": ("standing", "interactive"),
}

KEYS = {f.name.replace("__", "."): f for f in fields(Config)}
"""Config key (dotted) -> dataclass field."""


def build_config(values: Mapping[str, Any], base: Config | None = None) -> Config:
    """A Config from dotted keys; raises ValueError naming every bad key or value."""
    cfg = base or Config()
    changes: dict[str, Any] = {}
    bad: list[str] = []
    for key, value in sorted(values.items()):
        f = KEYS.get(key)
        if f is None:
            from campaign.kit.reader import did_you_mean

            bad.append(f"unknown option {key!r}: {did_you_mean(key, KEYS, 'options', limit=0)}".rstrip(": "))
            continue
        default = getattr(Config(), f.name)
        if isinstance(default, bool):
            if isinstance(value, str) and value.lower() in ("true", "false"):
                value = value.lower() == "true"
            if not isinstance(value, bool):
                bad.append(f"option {key} must be true or false, not {value!r}")
                continue
        elif isinstance(default, int):
            if isinstance(value, str) and value.isdigit():
                value = int(value)
            if isinstance(value, bool) or not isinstance(value, int):
                bad.append(f"option {key} must be a whole number, not {value!r}")
                continue
        else:
            value = str(value)
            if f.name in CHOICES and value not in CHOICES[f.name]:
                bad.append(f"option {key} must be one of {', '.join(CHOICES[f.name])}, not {value!r}")
                continue
        changes[f.name] = value
    if bad:
        raise ValueError("; ".join(bad))
    return replace(cfg, **changes)


def class_value(symbol: str) -> int:
    """A terrain class symbol as its number [CH.TADV.2]."""
    return {"+": 1, "0": 0, "-": -1}[symbol]
