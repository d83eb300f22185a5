"""Troop lists as TOML data (``lists/*.toml``): reading, checking against the troop-creation
rules, and the lists' composition limits [WC.LIST.0a]–[WC.LIST.7] [WC.TROOPGEN].

The Historical lists shipped are the rulebook's base units, the Scots Common Army and the Feudal
English Army; the other lists the rulebook recommends (Gore & Gray, DBM Book 4) are not part of
it and do not ship, and every Historical stand has the DBM 4 cm frontage [WC.LIST.0] [WC.BASE.1].
The Fantasy variant plays the Warmaster lists, which the rulebook does not print: only its
Warmaster pike table [WC.PIKE.9] is rulebook data; the one Fantasy list shipped (``empire``) is
house data built around it [WC.FANTASY.1] [WC.LIST.8].
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any

from campaign.kit.scenario_file import Fields, ScenarioError, TomlDocument

from .troops import (
    Category,
    Flag,
    MeleeWeapon,
    Missile,
    Profile,
    Quality,
    TroopType,
    default_size,
    profile_problems,
)

__all__ = [
    "Constraint",
    "TroopList",
    "all_profiles",
    "fantasy_profiles",
    "composition_problems",
    "load_list",
    "parse_list",
    "read_profile",
    "shipped_lists",
]

SHIPPED = ("base", "scots", "english")
FANTASY_LISTS = ("empire",)
"""(F) Fantasy lists, loaded only for the Fantasy variant [WC.FANTASY.1]."""
_PROFILE_KEYS = (
    "id name type category melee shoot missile hits armor size points_per_2 quality melee_weapon flags notes"
    " width_cm depth_cm"
).split()


@dataclass(frozen=True, slots=True)
class Constraint:
    """A composition limit of a list, by its id (SC1, FE2, ...) [WC.LIST.3] [WC.LIST.5]."""

    id: str
    rule: str
    enforce: bool = True


@dataclass(frozen=True, slots=True)
class TroopList:
    """One troop list: its profiles by id, its composition limits and its dismount pairs."""

    key: str
    name: str
    variant: str
    profiles: Mapping[str, Profile]
    constraints: tuple[Constraint, ...] = ()
    dismounts_to: Mapping[str, str] = field(default_factory=dict)


def _enum_map(enum: Any) -> dict[str, Any]:
    return {m.value: m for m in enum}


def _size_cm(fields: Fields, row: Mapping[str, Any], key: str, where: str, default: int) -> int:
    v = row.get(key)
    if v is None:
        return default
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v <= 0:
        fields.problem(f"{where}.{key}", f"must be a positive number of cm, not {v!r}")
        return default
    return round(Fraction(str(v)) * 100)


def read_profile(fields: Fields, row: Mapping[str, Any], where: str) -> Profile | None:
    """One profile row of a troop list or of a scenario's ``[[profiles]]`` [WC.LIST.6]; None when unusable."""
    fields.unknown(row, _PROFILE_KEYS, where)
    kind = fields.one_of(row, "type", _enum_map(TroopType), where)
    category = fields.one_of(row, "category", _enum_map(Category), where)
    quality = fields.one_of(row, "quality", _enum_map(Quality), where)
    weapon = fields.one_of(row, "melee_weapon", _enum_map(MeleeWeapon), where, default="OW")
    missile = fields.one_of(row, "missile", _enum_map(Missile), where, default=None)
    flags: set[Flag] = set()
    raw = row.get("flags", [])
    if not isinstance(raw, list):
        fields.problem(f"{where}.flags", f"must be a list of flags, not {raw!r}")
        raw = []
    for f in raw:
        if isinstance(f, str) and f in _enum_map(Flag):
            flags.add(Flag(f))
        else:
            known = "irregular, impetuous, shields, swiss_flank_immune or dumb"
            fields.problem(f"{where}.flags", f"unknown flag {f!r}: use {known}")
    ints = {k: fields.integer(row, k, where, low=0) for k in ("melee", "hits", "armor", "size", "points_per_2")}
    shoot = fields.integer(row, "shoot", where, default=0, low=0)
    if kind is None or category is None or quality is None or weapon is None:
        return None
    w, d = default_size(kind)
    return Profile(
        id=fields.text(row, "id", where),
        name=fields.text(row, "name", where),
        type=kind,
        category=category,
        melee=ints["melee"],
        shoot=shoot,
        missile=missile,
        hits=ints["hits"],
        armor=ints["armor"],
        size=ints["size"],
        points_per_2=ints["points_per_2"],
        quality=quality,
        melee_weapon=weapon,
        flags=frozenset(flags),
        notes=fields.text(row, "notes", where, default=""),
        width=_size_cm(fields, row, "width_cm", where, w),
        depth=_size_cm(fields, row, "depth_cm", where, d),
    )


def parse_list(text: str, name: str, *, check_troopgen: bool = True) -> TroopList:
    """A troop list from TOML text; every problem (file:line: field: message) is raised at once.

    With ``check_troopgen`` (the default) each Historical profile must also obey the
    troop-creation rules and the points formula, so a house list is validated [WC.TROOPGEN].
    """
    doc = TomlDocument.parse(text, name)
    fields = Fields(doc)
    data = doc.data
    fields.unknown(data, ("list", "name", "variant", "constraints", "dismounts_to", "profiles"))
    variant = fields.one_of(data, "variant", {"historical": "historical", "fantasy": "fantasy"}, default="historical")
    profiles: dict[str, Profile] = {}
    for i, row in enumerate(fields.tables(data, "profiles", required=True)):
        where = f"profiles[{i}]"
        p = read_profile(fields, row, where)
        if p is None:
            continue
        if p.id in profiles:
            fields.problem(f"{where}.id", f"profile id {p.id!r} is used twice [WC.LIST.6]")
        profiles[p.id] = p
        if check_troopgen and variant == "historical":
            for msg in profile_problems(p):
                fields.problem(where, msg)
    constraints = tuple(
        Constraint(
            fields.text(c, "id", f"constraints[{i}]"),
            fields.text(c, "rule", f"constraints[{i}]"),
            fields.flag(c, "enforce", f"constraints[{i}]", default=True),
        )
        for i, c in enumerate(fields.tables(data, "constraints"))
    )
    dismounts = {str(k): str(v) for k, v in fields.table(data, "dismounts_to").items()}
    fields.done()
    return TroopList(
        key=fields.text(data, "list", default=name),
        name=fields.text(data, "name", default=name),
        variant=str(variant),
        profiles=profiles,
        constraints=constraints,
        dismounts_to=dismounts,
    )


@cache
def load_list(key: str) -> TroopList:
    """A shipped list (``base``, ``scots``, ``english``; (F) ``empire``) read from the package data."""
    if key not in SHIPPED + FANTASY_LISTS:
        raise ScenarioError([])
    text = (resources.files("games.war_cometh") / "lists" / f"{key}.toml").read_text(encoding="utf-8")
    return parse_list(text, f"lists/{key}.toml")


def shipped_lists() -> tuple[TroopList, ...]:
    """Every shipped list."""
    return tuple(load_list(k) for k in SHIPPED)


def fantasy_profiles() -> dict[str, Profile]:
    """(F) Every profile of the shipped Fantasy lists, by id [WC.FANTASY.1]."""
    out: dict[str, Profile] = {}
    for key in FANTASY_LISTS:
        out.update(load_list(key).profiles)
    return out


def all_profiles() -> dict[str, Profile]:
    """Every shipped profile by id (ids are unique across lists) [WC.LIST.6]."""
    out: dict[str, Profile] = {}
    for lst in shipped_lists():
        out.update(lst.profiles)
    return out


_ARCHERS = (Missile.SB, Missile.LB)


def composition_problems(lst: TroopList, army: Sequence[tuple[Profile, int]], year: int) -> tuple[str, ...]:
    """Which of a list's enforced composition limits an army (profile, stands) breaks
    [WC.LIST.3] [WC.LIST.5] [WC.PD.2]; constraints the engine does not know are reported as unknown."""
    out: list[str] = []
    inf = sum(n for p, n in army if p.category is Category.INFANTRY)
    cav = sum(n for p, n in army if p.category is Category.CAVALRY)
    archers = sum(n for p, n in army if p.category is Category.INFANTRY and p.missile in _ARCHERS)
    armoured = sum(n for p, n in army if p.category is Category.INFANTRY and 1 <= p.armor <= 5)
    bows = sum(n for p, n in army if p.type is TroopType.BOWMEN)
    checks = {
        "SC1": (inf >= 5 * cav, f"infantry stands ({inf}) must be at least 5 x cavalry stands ({cav})"),
        "SC2": (4 * archers <= inf, f"archer stands ({archers}) must be at most a quarter of infantry ({inf})"),
        "SC3": (2 * armoured < inf, f"armoured infantry stands ({armoured}) must be under half the infantry ({inf})"),
        "SC5": (year > 1300 or not any(p.date_mark == "*" for p, _ in army), "longbow (*) profiles need year > 1300"),
        "SC6": (year >= 1400 or not any(p.date_mark == "#" for p, _ in army), "(#) profiles need year >= 1400"),
        "FE1": (inf > cav, f"infantry stands ({inf}) must outnumber mounted stands ({cav})"),
        "FE2": (
            year <= 1300 or bows >= inf - bows,
            f"after 1300 bowmen ({bows}) must be at least other foot ({inf - bows})",
        ),
        "FE3": (
            year > 1267 or not any(p.id == "english.english_archers_lb" for p, _ in army),
            "English longbows need year > 1267",
        ),
        "FE4": (year > 1270 or _welsh_share_ok(army), "before 1271 Welsh archers are at most 1/5 of all archers"),
    }
    for c in lst.constraints:
        if not c.enforce:
            continue
        if c.id not in checks:
            out.append(f"{c.id}: the engine does not know this limit ({c.rule})")
            continue
        ok, msg = checks[c.id]
        if not ok:
            out.append(f"{c.id}: {msg} [{_RULE.get(lst.key, 'WC.LIST.3')}]")
    return tuple(out)


_RULE = {"scots_common_1124_1512": "WC.LIST.3", "feudal_english_1181_1322": "WC.LIST.5"}


def _welsh_share_ok(army: Sequence[tuple[Profile, int]]) -> bool:
    welsh = sum(n for p, n in army if p.id == "english.welsh_archers")
    archers = sum(n for p, n in army if p.missile in (Missile.LB, Missile.SB) and p.category is Category.INFANTRY)
    return 5 * welsh <= archers
