"""Sealed inputs (campaign.sealed): a side's sealed orders stay out of every other reader's sight.

The toy race with the `sealed` option asks both sides for sealed orders each turn. While only
one side has filed, its orders must appear in no other side's digest, status, board view or
archive page; once both are in (the turn resolves), both are shown together.
"""

from __future__ import annotations

import json
from pathlib import Path

from campaign.digest import build_digest
from campaign.sealed import input_visible, open_sealed_keys
from campaign.service import Campaign
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
