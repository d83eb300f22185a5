"""Small boards for Proconsul tests: stands placed in the spec's axial coordinates around (0, 0)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from campaign.hexgrid import Hex, MapSpec, Offset, Orientation
from campaign.kit.scenario_file import Fields, TomlDocument
from campaign.kit.scripted import ScriptedDice
from games.proconsul.armies import defaults, load_army, read_troop
from games.proconsul.config import config_from
from games.proconsul.context import Ctx
from games.proconsul.model import ArmyStatus, General, Group, Stand, Troop
from games.proconsul.state import State

ORIGIN = Hex(12, 12)
"""Where the spec's (0, 0) sits on the test map."""


def P(q: int, r: int) -> Hex:
    """The test-map hex of the spec's axial (q, r)."""
    return Hex(ORIGIN.q + q, ORIGIN.r + r)


def spec_hex(h: Hex) -> tuple[int, int]:
    return h.q - ORIGIN.q, h.r - ORIGIN.r


def troops() -> dict[str, Troop]:
    """Every shipped army line as "list:key", plus each category's house defaults as "cat:HI"."""
    out: dict[str, Troop] = {}
    for name in ("romans", "gauls", "germans", "carthaginians"):
        for t in load_army(name).troops.values():
            out[f"{name}:{t.key}"] = replace(t, key=f"{name}:{t.key}")
    base = defaults()
    f = Fields(TomlDocument.parse("", "test"))
    for cat in base.data["categories"]:
        t = read_troop(f, {"key": f"cat:{cat}", "name": cat, "category": cat}, "t", base)
        assert t is not None
        out[t.key] = t
    return out


def make(stands: list[dict[str, Any]], config: dict[str, Any] | None = None, **extra: Troop) -> State:
    """A state on an open 40x40 board; each stand dict: id, side, troop, at (q, r), facing, and any Stand field."""
    table = troops()
    for k, t in extra.items():
        table[k] = replace(t, key=k)
    sides = ("red", "blue")
    st = State(
        title="test", scenario="test", spec=MapSpec(40, 40, Orientation.POINTY, Offset.ODD), sides=sides,
        troops=table, stands={}, generals={}, groups={}, army={}, config=config_from(config or {}),
    )  # fmt: skip
    for side in sides:
        st.groups[side] = Group(side, side, side, f"G{side}")
        st.generals[f"G{side}"] = General(
            f"G{side}", side, side, P(-9, 0) if side == "red" else P(9, 0), command_range=99
        )
    for d in stands:
        troop = table[d["troop"]]
        fields = {k: v for k, v in d.items() if k not in ("id", "side", "troop", "at", "facing", "ranks", "group")}
        st.stands[d["id"]] = Stand(
            d["id"], d["side"], d.get("group", d["side"]), troop.key, P(*d["at"]), d.get("facing", 0),
            tuple(d.get("ranks", troop.ranks)), **fields,
        )  # fmt: skip
    for side in sides:
        st.army[side] = ArmyStatus(sum(st.troop(s).bp_total for s in st.stands.values() if s.side == side))
    return st


def ctx(st: State, *faces: int) -> Ctx:
    return Ctx(st, ScriptedDice.of(6, *faces))
