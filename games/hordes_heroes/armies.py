"""Army lists (TOML under ``armies/``) and army validation [HH.ARMY.*, HH.GEN.2-7].

An army list is a catalogue of troop profiles and general types. A scenario picks units from it;
`validate_army` checks the chosen force against the agreed points and the general rules.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any

from .edition import RULES_2022, EditionRules, formula_points, points_warnings, rules_for, troop_problems
from .model import Artillery, Category, Profile, Speed, Trait, TroopClass, Weapon, general_cost, max_generals


@dataclass(frozen=True, slots=True)
class GeneralType:
    """A general's statistics from an army list (HH.GEN.1, HH.DATA.5)."""

    id: str
    name: str
    cm: int
    cr: int
    points: int
    mounted: bool = True


@dataclass(frozen=True, slots=True)
class ArmyList:
    """One army list: its troop profiles and general types."""

    id: str
    title: str
    period: str
    profiles: dict[str, Profile]
    generals: dict[str, GeneralType]
    notes: str = ""
    edition: str = "2022"
    """The book the list is written for ("2022" or "2012"); a game only takes lists of its own edition."""

    def profile(self, pid: str) -> Profile:
        try:
            return self.profiles[pid]
        except KeyError:
            raise ValueError(
                f"army list {self.id} has no profile {pid!r} (it has: {', '.join(sorted(self.profiles))})"
            ) from None


class ArmyListError(ValueError):
    """An army list file that cannot be read; the message names the file and the field."""


_TRAIT_CODES = {t.value: t for t in Trait}

_STANDS_PER_UNIT: dict[Category, tuple[int, ...]] = {
    Category.INFANTRY: (4,),
    Category.CAVALRY: (4,),
    Category.CHARIOT: (2, 3),
    Category.WAR_WAGON: (2, 3),
    Category.ARTILLERY: (1, 2, 3),
}
"""Stands a unit of each type is bought with (HH.BASE.1, ruling HH.BASE.4; the same table in 2012, HH12.UNIT.1);
6-stand pike blocks and hordes are made by combining units, never bought (HH.BASE.5)."""


def profile_from_toml(d: dict[str, Any], where: str) -> Profile:
    """One ``[[profiles]]`` table -> Profile; every field checked (HH.DATA.1)."""
    try:
        pid = str(d["id"])
        traits = []
        for code in d.get("traits", []):
            if code not in _TRAIT_CODES:
                raise ArmyListError(f"{where}: profile {pid}: unknown characteristic {code!r}")
            traits.append(_TRAIT_CODES[code])
        shoot = d.get("shoot")
        if shoot is not None and shoot not in (5, 6, 7, 8):
            raise ArmyListError(f"{where}: profile {pid}: shoot must be 5, 6, 7 or 8 (the D12 score) [HH.ARMY.7]")
        weapon = Weapon(d.get("weapon", "none" if shoot is None else "bow"))
        if Trait.C in traits:
            weapon = Weapon.CROSSBOW
        if Trait.G in traits:
            weapon = Weapon.GUNPOWDER
        category = Category(d["category"])
        stands = int(d.get("stands", 4))
        if not 1 <= stands <= 6:
            raise ArmyListError(f"{where}: profile {pid}: stands must be 1..6 [HH.BASE.1]")
        sizes = _STANDS_PER_UNIT.get(category)
        if sizes is not None and stands not in sizes:
            raise ArmyListError(
                f"{where}: profile {pid}: a {category.value.replace('_', ' ')} unit has"
                f" {' or '.join(map(str, sizes))} stands, not {stands} [HH.BASE.1, HH12.UNIT.1]"
            )
        return Profile(
            id=pid,
            name=str(d["name"]),
            category=category,
            cls=TroopClass(d["class"]),
            speed=Speed.parse(d["speed"]),
            cf=int(d["cf"]),
            impact=int(d.get("impact", 0)),
            shoot=shoot,
            weapon=weapon,
            traits=frozenset(traits),
            stands=stands,
            list_points=d.get("points"),
            flat_points=d.get("flat_points"),
            aggressive=bool(d.get("aggressive", False)),
            pike=bool(d.get("pike", False)),
            skirmisher=bool(d.get("skirmisher", False)),
            can_pavisse=bool(d.get("pavisses", False)),
            can_stakes=bool(d.get("stakes", False)),
            may_disengage=bool(d.get("may_disengage", False)),
            dismounted=d.get("dismounted"),
            house=bool(d.get("house", False)),
            artillery=Artillery.from_json(d["artillery"]) if "artillery" in d else None,
        )
    except KeyError as e:
        raise ArmyListError(f"{where}: a profile is missing the field {e.args[0]!r}") from None
    except ValueError as e:
        if isinstance(e, ArmyListError):
            raise
        raise ArmyListError(f"{where}: profile {d.get('id', '?')}: {e}") from None


def parse_army_list(text: str, where: str = "<army list>") -> ArmyList:
    data = tomllib.loads(text)
    try:
        rules = rules_for(str(data.get("edition", "2022")))
    except ValueError as e:
        raise ArmyListError(f"{where}: {e}") from None
    profiles = {}
    for d in data.get("profiles", []):
        p = profile_from_toml(d, where)
        if p.list_points is None and p.flat_points is None and rules is not RULES_2022:
            p = replace(p, list_points=formula_points(p, rules))  # HH12.ARMY.2: the 2012 formula for house rows
        if p.id in profiles:
            raise ArmyListError(f"{where}: profile id {p.id!r} appears twice")
        profiles[p.id] = p
    for p in profiles.values():
        if p.dismounted is not None and p.dismounted not in profiles:
            raise ArmyListError(f"{where}: profile {p.id}: dismounted profile {p.dismounted!r} is not in the list")
    generals = {}
    for d in data.get("generals", []):
        cm, cr = int(d["cm"]), int(d["cr"])
        g = GeneralType(
            id=str(d["id"]),
            name=str(d.get("name", "General")),
            cm=cm,
            cr=cr,
            points=general_cost(cm, cr, False, d.get("points")),
            mounted=bool(d.get("mounted", True)),
        )
        generals[g.id] = g
    if not generals:
        raise ArmyListError(f"{where}: an army list needs at least one [[generals]] entry [HH.GEN.1]")
    return ArmyList(
        id=str(data["id"]),
        title=str(data["title"]),
        period=str(data.get("period", "")),
        profiles=profiles,
        generals=generals,
        notes=str(data.get("notes", "")),
        edition=str(data.get("edition", "2022")),
    )


def list_names() -> list[str]:
    """Ids of the army lists shipped in ``games/hordes_heroes/armies/``."""
    root = resources.files(__package__).joinpath("armies")
    return sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".toml"))


def load_army_list(name: str) -> ArmyList:
    """Read a shipped army list by id (file name without ``.toml``)."""
    if name not in list_names():
        raise ArmyListError(f"no army list named {name!r} (shipped: {', '.join(list_names())})")
    text = resources.files(__package__).joinpath("armies", f"{name}.toml").read_text(encoding="utf-8")
    return parse_army_list(text, f"armies/{name}.toml")


@dataclass(frozen=True, slots=True)
class ForceGeneral:
    """A general chosen for a force."""

    type: str
    hero: bool = False
    cinc: bool = False


def validate_army(
    army: ArmyList, units: list[str], generals: list[ForceGeneral], points: int, rules: EditionRules = RULES_2022
) -> tuple[list[str], list[str]]:
    """Check a force (profile ids and generals) against the agreed points; returns (errors, warnings).

    Points total <= agreed (HH.ARMY.12), list values used (HH.ARMY.15), at most one general per five units
    and at least one (HH.GEN.6, HH.GEN.7), exactly one C-in-C (HH.GEN.5), heroes cost +5 (HH.GEN.3).
    Under 2012 (`rules`): no 5+ shooters (HH12.ARMY.6, HH12.SHOOT.1) and no general ratio (HH12.GEN.4).
    """
    errors: list[str] = []
    warnings: list[str] = []
    if army.edition != rules.edition.value:
        errors.append(
            f"army {army.id} is a {army.edition} list and this game is played under {rules.title};"
            f" choose a {rules.edition.value} army list [HH12.ARMY.1]"
        )
        return errors, warnings
    total = 0
    seen_warn = set()
    for pid in units:
        if pid not in army.profiles:
            errors.append(f"army {army.id}: no profile {pid!r}")
            continue
        p = army.profiles[pid]
        total += p.points
        if pid not in seen_warn:
            errors.extend(f"army {army.id}: {x}" for x in troop_problems(p, rules))
        if p.shoot is not None and p.shoot not in rules.shooting_factors and pid not in seen_warn:
            errors.append(
                f"army {army.id}: profile {pid} shoots on {p.shoot}+, which {rules.title} does not have"
                f" (shooting factors {', '.join(f'{x}+' for x in rules.shooting_factors)}) [HH12.ARMY.6]"
            )
        if pid not in seen_warn:
            warnings.extend(p.warnings() if rules is RULES_2022 else points_warnings(p, rules))
            seen_warn.add(pid)
    for g in generals:
        if g.type not in army.generals:
            errors.append(f"army {army.id}: no general type {g.type!r}")
            continue
        total += army.generals[g.type].points + (5 if g.hero else 0)
    if total > points:
        errors.append(f"army {army.id}: the force costs {total} points, more than the agreed {points} [HH.ARMY.12]")
    limit = max_generals(len(units)) if rules.general_ratio else len(generals)  # HH12.GEN.4: no ratio in 2012
    if not generals:
        errors.append(f"army {army.id}: every army needs at least one general [HH.GEN.7]")
    elif len(generals) > limit:
        errors.append(
            f"army {army.id}: {len(generals)} generals for {len(units)} units; at most {limit}"
            " (one per five units) [HH.GEN.6]"
        )
    cincs = sum(1 for g in generals if g.cinc)
    if cincs > 1:
        errors.append(f"army {army.id}: {cincs} generals are marked C-in-C; exactly one may be [HH.GEN.5]")
    from .skirmish_2012 import deviations  # the 2012 skirmish module reads game states, built after the lists

    warnings.extend(deviations(rules, [army.profiles[pid] for pid in units if pid in army.profiles]))
    return errors, warnings


def force_points(army: ArmyList, units: list[str], generals: list[ForceGeneral]) -> int:
    """Total points of a force with list values (HH.ARMY.12, HH.ARMY.15)."""
    return sum(army.profiles[p].points for p in units) + sum(
        army.generals[g.type].points + (5 if g.hero else 0) for g in generals
    )


def choose_cinc(army: ArmyList, generals: list[ForceGeneral]) -> int:
    """Index of the C-in-C: the one marked, else the highest-cost, ties to the first listed (HH.GEN.5)."""
    for i, g in enumerate(generals):
        if g.cinc:
            return i
    costs = [army.generals[g.type].points + (5 if g.hero else 0) for g in generals]
    return costs.index(max(costs))
