"""Typed events: every event type has its dataclass, and the stored JSON round-trips through it.

The typed view must not change what is stored: every event of the exports made before the typed
events (tests/fixtures/export-main-*.jsonl) reads into its dataclass and gives back, key for key,
the payload it was read from (after the upcasters of campaign/events.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from campaign import referee
from campaign.deadlines import DeadlineAction, Schedule
from campaign.dice import DiceMode
from campaign.eventdata import (
    EVENT_DATA,
    DiceRolled,
    EventDataError,
    PressSent,
    SeedCommitted,
    UnknownEventType,
    data_class,
    event_data,
)
from campaign.eventlog import Event, upcast
from campaign.events import DICE_ROLLED_SCHEMA, EventType
from campaign.mail.ledger import Unchecked, settings_event
from campaign.service import Campaign

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("export-main-*.jsonl"))


def _events(path: Path) -> list[Event]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if "type" in row:
            out.append(Event(**{k: row[k] for k in Event.__dataclass_fields__}))
    return out


def test_every_event_type_has_one_dataclass() -> None:
    assert set(EVENT_DATA) == set(EventType)
    assert all(cls.TYPE is t for t, cls in EVENT_DATA.items())


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_every_stored_event_round_trips_through_its_dataclass(path: Path) -> None:
    events = _events(path)
    assert len(events) >= 8
    for ev in events:
        data = event_data(ev)
        assert type(data) is EVENT_DATA[EventType(ev.type)]
        assert data.payload() == upcast(ev).payload, ev.seq
        assert not data.extra, f"seq {ev.seq} {ev.type}: undeclared keys {sorted(data.extra)}"


def test_a_schema_1_die_is_upcast_before_it_is_read() -> None:
    p = {"sides": 6, "value": 3, "purpose": "x", "mode": "fair", "seed_no": 1, "n": 2, "inputs_hash": "ab"}
    ev = Event(7, "game:1", 7, "DiceRolled", "system", "2026-01-01T00:00:00Z", p, 1, "", "", "")
    data = event_data(ev)
    assert isinstance(data, DiceRolled) and data.binding == 1 and DiceRolled.SCHEMA == DICE_ROLLED_SCHEMA


def test_an_unknown_event_type_fails_loudly() -> None:
    with pytest.raises(UnknownEventType, match="unknown event type 'SpellCast'"):
        data_class("SpellCast")


def test_a_missing_field_names_the_event_and_the_field() -> None:
    with pytest.raises(EventDataError, match=r"SeedCommitted \(event seq 9\): the payload has no 'commitment'"):
        SeedCommitted.from_payload({"seed_no": 1}, where="event seq 9")


def test_a_stored_key_that_is_not_a_python_name_keeps_its_name() -> None:
    data = PressSent.from_payload({"from": "red", "to": "all", "text": "hello"})
    assert data.from_ == "red" and data.payload() == {"from": "red", "to": "all", "text": "hello"}


def test_the_events_the_use_cases_write_today_round_trip_with_nothing_undeclared(
    camp: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every kind of event the core writes, through the use cases, reads back into its dataclass exactly."""
    monkeypatch.setenv("CAMPAIGN_NOW", "2026-01-05T12:00:00Z")
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, schedule=Schedule(48, 12, 24).as_json())
    camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, dice_mode=DiceMode.MANUAL)
    camp.add_player("carol", "carol@example.org", tz="Europe/Paris")
    camp.set_password("alice", "secret")
    camp.declare_absence("bob", "2026-02-01", "2026-02-03")
    referee.set_email(camp, "carol", "carol@example.net", "moved")
    referee.change_deadline(camp, 1, DeadlineAction.EXTEND, 24, "holiday")
    camp.press(1, "alice", "red", "hello")
    camp.set_wait(1, "alice")
    first = camp.submit_orders(1, "alice", "advance 1")
    camp.withdraw(1, "alice")
    camp.submit_orders(1, "alice", "advance 2")
    camp.submit_orders(1, "bob", "advance 1")
    camp.void(1, [first.seq], "typo")
    camp.tick("2026-01-20T00:00:00Z")
    referee.replace_player(camp, 1, "red", "carol", "bob left")
    camp.submit_orders(2, "alice", "advance 1")
    camp.submit_orders(2, "bob", "advance 1")
    camp.enter_dice(2, [3])
    camp.clear_dice(2, "wrong table")
    referee.resign_for(camp, 1, "blue", "conceded")
    referee.end_game(camp, 2, None, "the club closed", abandoned=True)
    camp.store.append([settings_event(("mx.example.org",), Unchecked.REFUSE)])
    events = list(camp.store.read())
    kinds = {ev.type for ev in events}
    assert len(kinds) >= 22, sorted(kinds)
    for ev in events:
        data = event_data(ev)
        assert data.payload() == upcast(ev).payload, (ev.seq, ev.type)
        assert not data.extra, f"seq {ev.seq} {ev.type}: undeclared keys {sorted(data.extra)}"
