"""Hordes & Heroes (Kallistra, 2022): the rules engine. Placeholder until the engine lands."""

RULESET = None
