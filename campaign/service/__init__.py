"""The campaign's use cases: create games, accept orders, resolve, reveal dice; all I/O goes through here.

Every accepted input is one transaction of the event log. Decisions are taken on a replayed
state of version V and appended with `expected={stream: V}`; if another process wrote first,
the use case re-reads, re-validates and retries, so a stream never forks.

This module is the facade: `Campaign` puts together one layer per use case, each a module of
this package that builds on the ones before it (so every layer type-checks on its own):

    base         the store, the seed source, `load`, appending to a game
    players      players, addresses, time zones, absences, order passwords
    games        `new_game`
    resolution   who must act, `advance` (fair or manual dice), decisions, dice entry and reveals
    orders       submit, plan (check), withdraw, wait, press
    corrections  resign, void
    missed       `tick`: reminders and the missed-orders policy

Every name callers import from `campaign.service` is re-exported here; the dice audit lives in
`campaign.audit` (`audit_dice`, `audit_dice_problems`).
"""

from __future__ import annotations

from campaign.audit import audit_dice, audit_dice_problems
from campaign.service.base import MAX_RETRIES, CampaignBase, SeedSource, UserError, os_seeds
from campaign.service.corrections import CorrectionCases
from campaign.service.games import GameCases
from campaign.service.missed import DeadlineCases, TickDone
from campaign.service.orders import Filed, OrderCases, Receipt, orders_hash
from campaign.service.players import Player, PlayerCases, _password_name, check_email, check_tz
from campaign.service.resolution import (
    Advanced,
    DiceNeeded,
    Progress,
    ResolutionCases,
    ResolutionReport,
    SeedRow,
    WaitingForDecision,
    WaitingForDice,
)

__all__ = [
    "MAX_RETRIES",
    "Advanced",
    "Filed",
    "Progress",
    "Campaign",
    "CampaignBase",
    "CorrectionCases",
    "DeadlineCases",
    "DiceNeeded",
    "GameCases",
    "OrderCases",
    "Player",
    "PlayerCases",
    "Receipt",
    "ResolutionCases",
    "ResolutionReport",
    "SeedRow",
    "SeedSource",
    "TickDone",
    "UserError",
    "WaitingForDecision",
    "WaitingForDice",
    "_password_name",
    "audit_dice",
    "audit_dice_problems",
    "check_email",
    "check_tz",
    "orders_hash",
    "os_seeds",
]


class Campaign(DeadlineCases):
    """One campaign file and the use cases on it (every layer of this package, top to bottom)."""
