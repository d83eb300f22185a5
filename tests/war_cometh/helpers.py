"""Small hand-made War Cometh positions for tests."""

from __future__ import annotations

from games.war_cometh.model import State
from games.war_cometh.scenario import parse_scenario

HEAD = """
title = "test"
first = "a"
table = { width_cm = 180, depth_cm = 120 }
[[sides]]
key = "a"
name = "A"
player = "A"
colour = "#b22222"
[[sides]]
key = "b"
name = "B"
player = "B"
colour = "#1f4e9c"
[[leaders]]
id = "ma"
side = "a"
name = "Marshal A"
role = "marshal"
ability = "competent"
at = [5, 5]
[[leaders]]
id = "mb"
side = "b"
name = "Marshal B"
role = "marshal"
ability = "competent"
at = [175, 115]
"""


def unit(
    uid: str,
    side: str,
    profile: str,
    stands: int,
    at: tuple[float, float],
    facing: float,
    files: int = 0,
    extra: str = "",
) -> str:
    """One [[units]] table."""
    f = files or stands
    return (
        f'[[units]]\nid = "{uid}"\nside = "{side}"\nprofile = "{profile}"\nstands = {stands}\n'
        f"at = [{at[0]}, {at[1]}]\nfacing = {facing}\nfiles = {f}\n{extra}\n"
    )


def position(*units: str, terrain: str = "", extra_head: str = "") -> State:
    """A state with these units and terrain."""
    return parse_scenario(extra_head + HEAD + terrain + "".join(units), "test.toml")
