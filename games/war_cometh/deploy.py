"""Deployment: the deployment roll, the order of deployment steps, flank marches and where troops
may be placed [WC.DEPLOY.1]–[WC.DEPLOY.13].

>>> deployment_roll((8, 6), (7, 2), ())
DeployRoll(winner=0, diff=5, rerolls=0)
>>> deployment_steps(diff=1, winner="b", loser="a")
(('a', 'foot'), ('b', 'all'), ('a', 'rest'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "DeployRoll",
    "deployment_roll",
    "deployment_steps",
    "flank_march_arrives",
    "flank_march_will_arrive",
]


@dataclass(frozen=True, slots=True)
class DeployRoll:
    """Who won the deployment roll (0 = the first player, 1 = the second) and by how much."""

    winner: int
    diff: int
    rerolls: int


def deployment_roll(first: tuple[int, int], second: tuple[int, int], rerolls: Sequence[tuple[int, int]]) -> DeployRoll:
    """Each side rolls 1D6 plus its Marshal's rating; on a tie both roll again and only the dice
    count, until they differ [WC.DEPLOY.1] [WC.DEPLOY.2]. ``first``/``second`` are (rating, die);
    ``rerolls`` the re-rolled dice pairs in order.
    """
    a, b = first[0] + first[1], second[0] + second[1]
    if a != b:
        return DeployRoll(0 if a > b else 1, abs(a - b), 0)
    for n, (da, db) in enumerate(rerolls, start=1):
        if da != db:
            return DeployRoll(0 if da > db else 1, abs(da - db), n)
    raise ValueError("the deployment roll is still tied: roll again")


def deployment_steps(*, diff: int, winner: str, loser: str, loser_first: bool = True) -> tuple[tuple[str, str], ...]:
    """The deployment steps as (side, what): ``diff > 4`` the loser places everything in one step,
    before or after the winner as the winner chooses (default: loser first); otherwise the loser
    places foot and guns, the winner everything, then the loser the rest [WC.DEPLOY.3]
    [WC.DEPLOY.4] [WC.DEPLOY.7] [WC.PD.3]. A scenario's ``deploy_order`` records the outcome."""
    if diff > 4:
        steps = ((loser, "all"), (winner, "all"))
        return steps if loser_first else steps[::-1]
    return ((loser, "foot"), (winner, "all"), (loser, "rest"))


def flank_march_will_arrive(rating: int, dice: tuple[int, int]) -> bool:
    """The arrival test: 2D6 at most the leader's rating; a natural 12 always fails
    [WC.DEPLOY.6] [WC.DEPLOY.8]."""
    return dice != (6, 6) and sum(dice) <= rating


def flank_march_arrives(own_turn: int, die: int) -> bool:
    """At the start of each of the owner's turns the march arrives on a 1D6 at most that turn's
    number (1, 2, 3, ...) [WC.DEPLOY.6] [WC.TEST.19]."""
    return die <= own_turn


def in_deploy_zone(y_cm: float, baseline_a: bool, table_depth: float, depth_cm: float = 30.0) -> bool:
    """Wholly within ``depth_cm`` (default 30) of the own baseline [WC.DEPLOY.12]."""
    return y_cm <= depth_cm + 1e-6 if baseline_a else y_cm >= table_depth - depth_cm - 1e-6


def camp_ok(camp_y_max: float, camp_y_min: float, baseline_a: bool, table_depth: float) -> bool:
    """A camp lies within 6 inches (15.24 cm) of its own baseline [WC.DEPLOY.11] [WC.SCALE.3]."""
    if baseline_a:
        return camp_y_max <= 15.24 + 1e-6
    return camp_y_min >= table_depth - 15.24 - 1e-6


def flank_arrival_spots(
    edge_left: bool, side_a: bool, table_w: float, table_d: float, frontages: list[float], depths: list[float]
) -> list[tuple[float, float, float]]:
    """Where arriving flank-march units go [WC.DEPLOY.9]: touching the chosen table edge, facing
    into the table, wholly in the half nearer the opponent's baseline, one behind another from the
    far end. Returns (reference x, reference y, facing) for each unit, as a column of arrivals;
    the caller drops any that would come within 2 cm of an enemy (they try again next turn).
    """
    facing = 0.0 if edge_left else 180.0
    out: list[tuple[float, float, float]] = []
    y = table_d - 0.5 if side_a else 0.5
    step = -1.0 if side_a else 1.0
    half = table_d / 2
    for front, deep in zip(frontages, depths, strict=True):
        centre_y = y + step * front / 2
        lo, hi = (half, table_d) if side_a else (0.0, half)
        if not (lo <= centre_y - front / 2 - 1e-6 and centre_y + front / 2 <= hi + 1e-6):
            break
        x = deep if edge_left else table_w - deep
        out.append((x, centre_y, facing))
        y += step * (front + 0.5)
    return out
