"""The order sheet without a browser: what it embeds, what it leaves out, its size, where it goes (issue 22)."""

from __future__ import annotations

import email
import json
import re
from email import policy
from pathlib import Path

from click.testing import CliRunner

from campaign.cli import main
from campaign.kit.legal import LegalOptions, Option, OptionKind, UnitOptions
from campaign.mailflow import dispatch
from campaign.render.svg import render_svg
from campaign.service import Campaign
from campaign.sheet import SHEET_LIMIT, build_sheet, render_sheet
from campaign.sheet.data import expand, trimmed
from tests.sheet.helpers import ADDRESS, PASSWORDS, play_until, settings


def test_the_board_names_its_hexes_only_when_the_sheet_asks(camp: Campaign) -> None:
    """Digests and pictures stay byte-identical: the clickable hex layer is opt-in."""
    gs, side = play_until(camp, "hordes-heroes", "intro-50")
    pic = gs.ruleset.picture(gs.state, side, title="t")
    plain, named = render_svg(pic), render_svg(pic, hex_ids=True)
    assert plain == render_svg(pic, hex_ids=False) and "data-hex" not in plain
    labels = re.findall(r'data-hex="([^"]+)"', named)
    assert sorted(labels) == sorted(pic.map_spec.label(h) for h in pic.map_spec.hexes())
    assert re.sub(r'<g class="hex-targets".*?</g>\n', "", named, flags=re.S) == plain


def test_the_sheet_is_self_contained_and_holds_no_password(camp: Campaign) -> None:
    for who, pw in PASSWORDS.items():
        camp.set_password(who, pw)
    gs, side = play_until(camp, "hordes-heroes", "intro-50")
    html = render_sheet(build_sheet(gs, gs.sides[side], side, ADDRESS))
    assert not re.search(r"<(script|img|link|iframe)[^>]*\s(src|href)=", html), "an external file is loaded"
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", html), "a network address is named"
    assert "@import" not in html and "url(http" not in html
    assert "Content-Security-Policy" in html and "default-src 'none'" in html
    assert all(pw not in html for pw in PASSWORDS.values())
    assert f"SIGNON {gs.sides[side]}@{gs.number}" in html and ADDRESS in html


def test_every_legal_option_of_the_engine_is_on_the_sheet_with_its_exact_order_line(camp: Campaign) -> None:
    gs, side = play_until(camp, "hordes-heroes", "intro-50")
    sheet = build_sheet(gs, gs.sides[side], side, ADDRESS)
    data = sheet.data()
    legal = gs.ruleset.legal_options(gs.state, side)
    assert [u["id"] for u in data["units"]] == [u.unit for u in legal.units]
    for u, lu in zip(data["units"], legal.units, strict=True):
        opts = expand(u)
        assert [o["o"] for o in opts] == [o.order for o in trimmed(lu.options)]
        assert [o["t"] for o in opts] == [o.target for o in trimmed(lu.options)]
        for o in opts:
            if o["k"] == "move":
                assert o["h"] == [o["p"][-1]] and o["h"][0] in sheet.hexes  # a hex the board can show


def test_one_move_per_place_the_cheapest_listed_first() -> None:
    a = Option(OptionKind.MOVE, "move 1 to 0203", "0203", 2)
    b = Option(OptionKind.MOVE, "move 1 0202 0203", "0203", 3)
    c = Option(OptionKind.SHOOT, "fire 1 at 2", "2")
    assert trimmed((a, b, c, c)) == [a, c, c]


def test_the_embedded_data_cannot_end_the_script_element(camp: Campaign) -> None:
    gs, side = play_until(camp, "hordes-heroes", "intro-50")
    sheet = build_sheet(gs, gs.sides[side], side, ADDRESS)
    evil = "</script><script>alert(1)</script>"
    bad = LegalOptions(side, "p", (UnitOptions("1", evil, "0101", (), (evil,)),), (evil,))
    text = type(sheet)(**{**{f: getattr(sheet, f) for f in sheet.__dataclass_fields__}, "legal": bad}).json_text()
    assert "</" not in text and json.loads(text)["units"][0]["name"] == evil


def test_a_150_point_battle_sheet_weighs_under_300_kb(camp: Campaign) -> None:
    gs, side = play_until(camp, "hordes-heroes", "pitched-150")
    size = len(render_sheet(build_sheet(gs, gs.sides[side], side, ADDRESS)).encode("utf-8"))
    assert size < SHEET_LIMIT, f"{size} bytes"


def test_measured_tables_have_no_hexes_and_keep_their_distances(camp: Campaign) -> None:
    from tests.sheet.helpers import has_moves

    gs, side = play_until(camp, "war-cometh", "open-field", has_moves)
    data = build_sheet(gs, gs.sides[side], side, ADDRESS).data()
    assert data["measured"] is True
    moves = [o for u in data["units"] for o in u["opts"] if o["k"] == "move"]
    assert moves and all("h" not in o and re.search(r"\d$", o["o"]) for o in moves)


def _sheets_in_outbox(outbox: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for f in sorted((outbox / "new").glob("*")):
        msg = email.message_from_bytes(f.read_bytes(), policy=policy.default)
        names = [p.get_filename() for p in msg.walk() if p.get_content_type() == "text/html" and p.get_filename()]
        out.setdefault(str(msg["To"]), []).extend(n for n in names if n)
    return out


def test_only_a_digest_that_asks_for_orders_carries_a_sheet(camp: Campaign, tmp_path: Path) -> None:
    gs, side = play_until(camp, "hordes-heroes", "intro-50")
    other = next(s for s in gs.sides if s != side)
    s = settings(tmp_path / "outbox")
    dispatch(camp, type(s)(**{**{f: getattr(s, f) for f in s.__dataclass_fields__}, "referee": "ref@example.org"}))
    sheets = _sheets_in_outbox(tmp_path / "outbox")
    mover = f"{gs.sides[side]}@example.org"
    assert sheets[mover] == [f"orders-game-{gs.number}-turn-{gs.turn}-{side}.html"]
    assert sheets[f"{gs.sides[other]}@example.org"] == []  # its side waits: standing orders only
    assert sheets["ref@example.org"] == []
    text = next(
        email.message_from_bytes(f.read_bytes(), policy=policy.default)
        for f in sorted((tmp_path / "outbox" / "new").glob("*"))
        if mover in f.read_text(errors="replace")
    )
    body = text.get_body(preferencelist=("plain",)).get_content()
    assert f"orders-game-{gs.number}-turn-{gs.turn}-{side}.html" in body


def test_campaign_sheet_writes_the_page(camp: Campaign, db_path: Path, tmp_path: Path) -> None:
    gs, side = play_until(camp, "cry-havoc", "raid")
    out = tmp_path / "sheet.html"
    args = ["--db", str(db_path), "--mail-from", f"Ref <{ADDRESS}>", "sheet", str(gs.number)]
    res = CliRunner().invoke(main, [*args, "--player", gs.sides[side], "-o", str(out), "--json"])
    assert res.exit_code == 0, res.output
    report = json.loads(res.stdout)
    assert report["side"] == side and report["bytes"] == out.stat().st_size
    html = out.read_text(encoding="utf-8")
    assert 'id="sheet-data"' in html and f'"address":"{ADDRESS}"' in html
    res = CliRunner().invoke(main, [*args, "--player", gs.sides[side]])
    assert res.exit_code == 0 and res.stdout == html


def test_the_archive_keeps_the_sheet_beside_the_running_turn(camp: Campaign, tmp_path: Path) -> None:
    from campaign.site import write_site

    gs, side = play_until(camp, "hordes-heroes", "intro-50")
    write_site(camp, tmp_path / "site")
    name = f"orders-game-{gs.number}-turn-{gs.turn}-{side}.html"
    sheet = tmp_path / "site" / f"game-{gs.number}" / name
    assert 'id="sheet-data"' in sheet.read_text(encoding="utf-8")
    turn_page = (tmp_path / "site" / f"game-{gs.number}" / f"turn-{gs.turn}.html").read_text(encoding="utf-8")
    assert f'href="{name}"' in turn_page
    others = [p.name for p in (tmp_path / "site" / f"game-{gs.number}").glob("orders-*.html")]
    assert others == [name]  # the side that only may send standing orders gets none
