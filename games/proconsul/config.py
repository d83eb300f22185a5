"""The configuration keys of spec section 24, with the PROPOSED defaults as house values [PC.ARMYLIST.6].

A scenario's ``[config]`` table overrides any key; `docs/rulings/proconsul.md` says what each
one means for players.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from fractions import Fraction
from typing import Any


class Refight(Enum):
    """When an ongoing melee is fought again [PC.SEQ.9]."""

    PER_ACTIVATION = "per_activation"
    """Once in every activation of a group with a stand in it (default)."""
    PER_ROUND = "per_round"
    """Once a round."""
    ONLY_ON_REIGNITE = "only_on_reignite"
    """Only when a new stand joins it."""


class RiverCrossing(Enum):
    """How rivers may be crossed [PC.TERRAIN.7]."""

    WHOLE_MOVE = "whole_move"
    """Crossing is the only step of its move (default)."""
    IMPASSABLE_EXCEPT_FORDS = "impassable_except_fords"
    """Only at fords."""


@dataclass(frozen=True, slots=True)
class Config:
    """Every rule switch a scenario may set; defaults are the spec's PROPOSED rulings."""

    break_fraction: Fraction = Fraction(1, 3)
    """[PC.VICTORY.4] [PC.ARMYLIST.6]"""
    max_rounds: int = 0
    """0: no round limit [PC.SEQ.11]."""
    loser_keeps_declaration: bool = False
    """[PC.SEQ.2]"""
    ongoing_refight: Refight = Refight.PER_ACTIVATION
    """[PC.SEQ.9]"""
    zoc_flank_rule: str = "face"
    """[PC.ZOC.3]: "face" (default) or "literal"."""
    support_optional: bool = False
    """[PC.MELEE.6]"""
    precombat_tests: str = "sequential"
    """[PC.FIRE.18]: "sequential" (default) or "batched"."""
    overhead_fire_penalty: int = 0
    """[PC.FIRE.6]: dice taken off when an archer shoots over stands."""
    cover_fire_mod: int = -1
    """[PC.FIRE.7] [PC.TERRAIN.7]"""
    disorder_dice_mod: int = -1
    """[PC.DISORDER.4]"""
    rally_fail_clears_disorder: bool = True
    """[PC.DISORDER.5]"""
    retreat_disorder_all_friends: bool = False
    """[PC.RETREAT.5]"""
    art_arc_halfwidth: int = 1
    """[PC.GEOM.8]"""
    flank_bonus_mc_hc: int = 2
    """[PC.MELEE.14]: the +2D6 replaces the +1D6."""
    river_crossing: RiverCrossing = RiverCrossing.WHOLE_MOVE
    """[PC.TERRAIN.7]"""
    mounted_rank_dice: str = "per_extra_rank"
    """Second book check 1 [PC.MELEE.12]: "per_extra_rank" (default) or "per_rank"."""
    general_initiative_mod: int = 0
    """[PC.ARMYLIST.5]"""
    command_range_well: int = 6
    """[PC.CMD.2]"""
    command_range_poor: int = 4
    """[PC.CMD.2]"""
    replacement_range: int = 4
    """[PC.CMD.10]"""
    replacement_initiative: int = -2
    """[PC.CMD.10]: replaces the dead general's modifier."""


CONFIG_KEYS = tuple(f.name for f in fields(Config))


def config_from(table: dict[str, Any]) -> Config:
    """A Config from a TOML table; raises ValueError naming the key for a bad value."""
    values: dict[str, Any] = {}
    for key, raw in table.items():
        if key not in CONFIG_KEYS:
            raise ValueError(f"config.{key}: not a known key (known: {', '.join(CONFIG_KEYS)})")
        values[key] = _convert(key, raw)
    for key in ("zoc_flank_rule", "precombat_tests", "mounted_rank_dice"):
        allowed = {"zoc_flank_rule": ("face", "literal"), "precombat_tests": ("sequential", "batched"),
                   "mounted_rank_dice": ("per_extra_rank", "per_rank")}[key]  # fmt: skip
        if key in values and values[key] not in allowed:
            raise ValueError(f"config.{key}: must be one of {', '.join(allowed)}, not {values[key]!r}")
    return Config(**values)


def _convert(key: str, raw: Any) -> Any:
    default = getattr(Config(), key)
    if isinstance(default, Fraction):
        try:
            value = Fraction(str(raw))
        except (ValueError, ZeroDivisionError):
            raise ValueError(f'config.{key}: must be a fraction like "1/3", not {raw!r}') from None
        if not 0 < value <= 1:
            raise ValueError(f"config.{key}: must be above 0 and at most 1, not {raw!r}")
        return value
    if isinstance(default, Enum):
        try:
            return type(default)(raw)
        except ValueError:
            allowed = ", ".join(repr(m.value) for m in type(default))
            raise ValueError(f"config.{key}: must be one of {allowed}, not {raw!r}") from None
    if isinstance(default, bool):
        if not isinstance(raw, bool):
            raise ValueError(f"config.{key}: must be true or false, not {raw!r}")
        return raw
    if isinstance(default, int):
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise ValueError(f"config.{key}: must be a whole number, not {raw!r}")
        return raw
    if not isinstance(raw, str):
        raise ValueError(f"config.{key}: must be text, not {raw!r}")
    return raw


def config_to_json(cfg: Config) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(Config):
        v = getattr(cfg, f.name)
        out[f.name] = str(v) if isinstance(v, Fraction) else v.value if isinstance(v, Enum) else v
    return out
