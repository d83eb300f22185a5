"""Sealed inputs (campaign.sealed): a side's sealed orders stay out of every other reader's sight.

The toy race with the `sealed` option asks both sides for sealed orders each turn. While only
one side has filed, its orders must appear in no other side's digest, status, board view or
archive page; once both are in (the turn resolves), both are shown together.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from campaign.audit import verify_campaign
from campaign.digest import build_digest
from campaign.eventlog import event_hash
from campaign.replay import ReplayError, state_at
from campaign.sealed import SALT_BYTES, commitment, input_visible, open_sealed_keys, reveal_problem
from campaign.service import Campaign, orders_hash
from campaign.site import write_site
from campaign.templating import render

SECRET = "advance 3"


def _site_text(camp: Campaign, out: Path) -> str:
    write_site(camp, out)
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(out.rglob("*.html")))


def _digest_text(camp: Campaign, game: int, player: str) -> str:
    d = build_digest(camp, game, player, 0, pictures=False)
    return render("digest.txt.j2", d=d)


def test_helper_hides_an_open_sealed_input_from_others_only(camp: Campaign) -> None:
    gs = camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, options={"sealed": True})
    camp.submit_orders(gs.number, "alice", SECRET)
    gs = camp.load(gs.number)
    rs = gs.ruleset
    assert open_sealed_keys(rs, gs.state) == {"turn-1"}
    assert input_visible(rs, gs.state, "blue", "turn-1", "blue")
    assert not input_visible(rs, gs.state, "blue", "turn-1", "red")
    assert not input_visible(rs, gs.state, "blue", "turn-1", None)
    camp.submit_orders(gs.number, "bob", "advance 1")
    gs = camp.load(gs.number)
    assert input_visible(gs.ruleset, gs.state, "blue", "turn-1", "red")


def test_unsealed_requests_show_orders_at_once(camp: Campaign) -> None:
    gs = camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"})
    camp.submit_orders(gs.number, "alice", SECRET)
    gs = camp.load(gs.number)
    assert open_sealed_keys(gs.ruleset, gs.state) == frozenset()
    assert input_visible(gs.ruleset, gs.state, "blue", "turn-1", "red")


def test_sealed_orders_appear_in_no_digest_status_view_or_archive_before_both_are_in(
    camp: Campaign, tmp_path: Path
) -> None:
    gs = camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, options={"sealed": True})
    receipt = camp.submit_orders(gs.number, "alice", SECRET)
    before = _site_text(camp, tmp_path / "before")
    assert SECRET not in before
    assert receipt.orders_hash not in before
    assert "sealed" in before
    red_digest = _digest_text(camp, gs.number, "bob")
    assert SECRET not in red_digest and receipt.orders_hash not in red_digest
    gs = camp.load(gs.number)
    view = json.dumps(gs.ruleset.view(gs.state, "red")) + gs.ruleset.render_text(gs.state, "red")
    assert SECRET not in view
    from campaign.cli import _status_dict

    assert SECRET not in json.dumps(_status_dict(gs, camp))
    # the second sealed input completes the request: both are revealed together
    camp.submit_orders(gs.number, "bob", "advance 1")
    after = _site_text(camp, tmp_path / "after")
    assert SECRET in after and receipt.orders_hash in after and "advance 1" in after


def _orders_event(camp: Campaign, game: int, side: str) -> Any:
    return [
        e for e in camp.store.read(stream=f"game:{game}") if e.type == "OrdersSubmitted" and e.payload["side"] == side
    ][-1]


def _guess_hash(ev: Any, payload: dict[str, Any]) -> str:
    record = dict(ev.record())
    record["payload"] = payload
    return event_hash(record)


def test_brute_forcing_a_sealed_input_against_its_public_hash_fails(camp: Campaign) -> None:
    """The event hash is public while the input is sealed; a few candidates must not reveal it."""
    gs = camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, options={"sealed": True})
    camp.submit_orders(gs.number, "alice", SECRET)
    ev = _orders_event(camp, gs.number, "blue")
    assert len(ev.payload["salt"]) == 2 * SALT_BYTES
    assert ev.payload["commitment"] == commitment(ev.payload["salt"], ev.payload["canonical"])
    public = {k: v for k, v in ev.payload.items() if k not in {"data", "canonical", "orders_hash", "salt"}}
    hits, unsalted_hits = [], []
    for text in ["hold", "advance 1", "advance 2", "advance 3"]:
        guess = gs.ruleset.parse_orders(gs.state, "blue", text)
        fields = {"data": guess.data, "canonical": guess.canonical, "orders_hash": orders_hash(guess.canonical)}
        for salt in ("", "0" * 2 * SALT_BYTES):  # the attacker does not know the salt
            if _guess_hash(ev, {**public, **fields, "salt": salt}) == ev.hash:
                hits.append(text)
        # the same attack on an unsalted record (as before salts existed) finds the orders at once
        bare = {k: v for k, v in ev.payload.items() if k not in {"salt", "commitment"}}
        target = _guess_hash(ev, bare)
        if _guess_hash(ev, {**{k: v for k, v in public.items() if k != "commitment"}, **fields}) == target:
            unsalted_hits.append(text)
    assert hits == []
    assert unsalted_hits == [SECRET]


def test_unsealed_orders_carry_no_salt(camp: Campaign) -> None:
    gs = camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"})
    camp.submit_orders(gs.number, "alice", SECRET)
    assert "salt" not in _orders_event(camp, gs.number, "blue").payload


def test_a_reveal_not_matching_its_commitment_is_refused_by_the_audit(camp: Campaign) -> None:
    """A host who logs other orders than those committed to (chain intact) is caught by replay and audit."""
    gs = camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, options={"sealed": True})
    honest = dict(camp.plan_orders(gs, "alice", SECRET)[0].payload)
    assert reveal_problem(honest) is None
    lie = camp.plan_orders(gs, "alice", "advance 1")[0]
    lie.payload["commitment"] = honest["commitment"]  # the commitment blue made, other orders revealed
    camp.store.append([lie], expected={gs.stream: gs.version})
    assert reveal_problem(_orders_event(camp, gs.number, "blue").payload) is not None
    report = verify_campaign(camp)
    assert not report.ok
    assert "commitment" in (report.first_problem or "")
    with pytest.raises(ReplayError, match="commitment"):
        state_at(camp.store, gs.stream, use_snapshots=False, check=True)


def test_old_logs_without_salt_still_replay(camp: Campaign) -> None:
    """Sealed orders logged before salts existed (no salt, no commitment) replay and audit clean."""
    gs = camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, options={"sealed": True})
    for player, text in (("alice", SECRET), ("bob", "advance 1")):
        gs = camp.load(gs.number)
        old = camp.plan_orders(gs, player, text)[0]
        for k in ("salt", "commitment"):
            old.payload.pop(k)
        camp.store.append([old], expected={gs.stream: gs.version})
    camp.advance(gs.stream)
    assert camp.load(gs.number).state["turn"] == 2
    report = verify_campaign(camp)
    assert report.ok, report.lines


def test_salts_are_drawn_at_random_in_real_games_and_derived_with_derived_seeds(camp: Campaign) -> None:
    """A real campaign (the operating system's seeds) draws every salt at random, so a salt never repeats; a campaign
    whose dice seeds are derived (the demo's --seed) derives its salts from them too, so the same run writes the same
    log byte for byte, while two different orders still get different salts."""
    gs = camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, options={"sealed": True})
    drawn = {camp.plan_orders(gs, "alice", SECRET)[0].payload["salt"] for _ in range(3)}
    assert len(drawn) == 3

    def seeds(stream: str, n: int) -> bytes:
        return bytes([n]) * 32

    derived = Campaign(camp.store, seeds=seeds)
    again = Campaign(camp.store, seeds=seeds)
    first = derived.plan_orders(gs, "alice", SECRET)[0].payload
    assert first["salt"] == again.plan_orders(gs, "alice", SECRET)[0].payload["salt"]
    assert len(first["salt"]) == 2 * SALT_BYTES and reveal_problem(dict(first)) is None
    assert derived.plan_orders(gs, "alice", "advance 1")[0].payload["salt"] != first["salt"]
