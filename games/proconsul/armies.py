"""Army lists as TOML: per-category house defaults plus each list's own lines [PC.ARMYLIST.1]-[PC.ARMYLIST.4].

`data/defaults.toml` holds the spec's PROPOSED per-category values and range tables (house
values); `armies/<name>.toml` holds one army's troop types, each overriding what it knows.
Every problem is reported with file, line and field (`campaign.kit.scenario_file`). The book's
typical troops per category [PC.UNITS.3] only guide which category a line uses; lines anchored on
figures the book prints [PC.ARMYLIST.2] say so with ``house = false``.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any

from campaign.kit.scenario_file import Fields, TomlDocument

from .model import Category, Impetuous, Missile, OrderClass, RangeBand, Training, Troop

FLAGS = (
    "legionary",
    "roman_archer",
    "horse_archer",
    "numidian",
    "li_javelin",
    "fires_any_direction",
    "sideways_no_disorder",
)
"""The boolean attributes of an army-list line [PC.UNITS.8]."""

LINE_KEYS = (
    "key", "name", "category", "ranks", "impact", "impact_after_loss", "mp", "order_class", "bp", "missile",
    "impetuous", "group_kind", "house", "side", *FLAGS,
)  # fmt: skip

CATEGORIES = {c.value: c for c in Category}
CLASSES = {c.name: c for c in OrderClass}
MISSILES = {m.value: m for m in Missile}
IMPETUOUS = {i.value: i for i in Impetuous}


@dataclass(frozen=True, slots=True)
class ArmyList:
    """One army list: its name, training and troop types by key."""

    key: str
    name: str
    training: Training
    troops: dict[str, Troop]


def _text(*parts: str) -> str:
    return resources.files(__package__).joinpath(*parts).read_text(encoding="utf-8")


def army_names() -> list[str]:
    root = resources.files(__package__).joinpath("armies")
    return sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".toml"))


def defaults() -> TomlDocument:
    return TomlDocument.parse(_text("data", "defaults.toml"), "proconsul/data/defaults.toml")


def range_tables(doc: TomlDocument) -> dict[Missile, tuple[RangeBand, ...]]:
    """The range tables of the defaults file [PC.ARMYLIST.4]."""
    out: dict[Missile, tuple[RangeBand, ...]] = {}
    for name, bands in doc.data.get("ranges", {}).items():
        out[Missile(name)] = tuple(RangeBand(int(a), int(b)) for a, b in bands)
    return out


def read_troop(f: Fields, line: dict[str, Any], where: str, base: TomlDocument) -> Troop | None:
    """One army-list line over its category's defaults; problems go to `f` [PC.ARMYLIST.1]."""
    f.unknown(line, LINE_KEYS, where)
    cat = f.one_of(line, "category", CATEGORIES, where)
    if cat is None:
        return None
    d = dict(base.data["categories"][cat.value])
    merged = {**d, **line}
    ranks = merged["ranks"]
    if not isinstance(ranks, list) or not ranks or not all(isinstance(x, int) and x > 0 for x in ranks):
        f.problem(f"{where}.ranks", f"must be a list of positive whole numbers, front rank first, not {ranks!r}")
        return None
    bp = merged["bp"]
    bps = tuple(bp) if isinstance(bp, list) else (int(bp),) * len(ranks)
    if len(bps) != len(ranks):
        f.problem(f"{where}.bp", "must be one number (per rank) or a list with one number per rank")
    missile = f.one_of(merged, "missile", MISSILES, where) or Missile.NONE
    ranges = range_tables(base).get(missile, ())
    flags = {k: f.flag(merged, k, where, default=False) for k in FLAGS}
    return Troop(
        key=f.text(line, "key", where),
        name=f.text(line, "name", where),
        category=cat,
        ranks=tuple(ranks),
        impact=f.integer(merged, "impact", where, low=0),
        impact_after_loss=f.integer(merged, "impact_after_loss", where, low=0),
        mp=f.integer(merged, "mp", where, low=1),
        order_class=f.one_of(merged, "order_class", CLASSES, where) or OrderClass.B,
        bp=bps,
        missile=missile,
        ranges=ranges,
        impetuous=f.one_of(merged, "impetuous", IMPETUOUS, where, default="none") or Impetuous.NONE,
        group_kind=f.text(merged, "group_kind", where, default=""),
        house=f.flag(line, "house", where, default=True),
        **flags,
    )


def parse_army(doc: TomlDocument, key: str) -> ArmyList:
    """An army list from its TOML document; raises ScenarioError with every problem."""
    f = Fields(doc)
    base = defaults()
    f.unknown(doc.data, ("name", "training", "troops"))
    training = f.one_of(doc.data, "training", {t.value: t for t in Training}, default="well") or Training.WELL
    troops: dict[str, Troop] = {}
    for i, line in enumerate(f.tables(doc.data, "troops", required=True)):
        t = read_troop(f, line, f"troops[{i}]", base)
        if t is None:
            continue
        if t.key in troops:
            f.problem(f"troops[{i}].key", f"{t.key!r} is used twice")
        troops[t.key] = t
    f.done()
    return ArmyList(key, f.text(doc.data, "name"), training, troops)


def load_army(name: str) -> ArmyList:
    """A shipped army list by name (the file name without .toml)."""
    if name not in army_names():
        raise ValueError(f"no Proconsul army list named {name!r} (shipped: {', '.join(army_names())})")
    return parse_army(TomlDocument.parse(_text("armies", f"{name}.toml"), f"proconsul/armies/{name}.toml"), name)
