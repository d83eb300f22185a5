"""The closed set of event types the core writes, and the stream names they live in."""

from __future__ import annotations

from enum import Enum

CAMPAIGN_STREAM = "campaign"


class EventType(str, Enum):
    """Every kind of event; each one is an input or a published fact, never a rules conclusion."""

    CAMPAIGN_CREATED = "CampaignCreated"
    """`campaign init`: the file's first event, naming the campaign."""
    PLAYER_ADDED = "PlayerAdded"
    """A player joined the campaign (name, email)."""
    GAME_CREATED = "GameCreated"
    """A game began: ruleset, engine version, scenario, options, sides and their players, dice mode."""
    SEED_COMMITTED = "SeedCommitted"
    """The SHA-256 commitment to a new secret dice seed, published before the inputs it rolls on."""
    SEED_REVEALED = "SeedRevealed"
    """A dice seed made public once its turn closed; anyone can now re-derive its rolls."""
    ORDERS_SUBMITTED = "OrdersSubmitted"
    """Orders that passed validation, as parsed data and canonical text."""
    ORDERS_WITHDRAWN = "OrdersWithdrawn"
    """A player took orders back before any die was rolled on them."""
    DICE_ENTERED = "DiceEntered"
    """Manual dice: values rolled on a real table, queued for the next resolution."""
    DICE_ROLLED = "DiceRolled"
    """One die used by a resolution, with its purpose (and for fair dice, how to re-derive it)."""
    PHASE_RESOLVED = "PhaseResolved"
    """A resolution ran on the dice just logged; carries a checkpoint hash of the resulting state."""
    GAME_ENDED = "GameEnded"
    """The rules declared the game over (winner or draw, and why)."""

    def __str__(self) -> str:
        return self.value


def game_stream(number: int) -> str:
    """The stream name of game `number`."""
    return f"game:{number}"


def parse_game_ref(ref: str | int) -> str:
    """Accept `7`, `game:7` or `#7` and give the stream name; ValueError for anything else."""
    text = str(ref).strip().lstrip("#")
    if text.startswith("game:"):
        text = text[5:]
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"{ref!r} is not a game id: use the number `campaign game new` printed, e.g. 1")
    return game_stream(int(text))
