"""campaign: an event-sourced play-by-email campaign manager for hex wargames."""

__version__ = "0.1.0"
