"""The order sheet in a real headless Chromium (Selenium + chromium-driver): a digest's sheet is opened,
a unit and a reachable hex are clicked, and the composed text passes `orders check` (issue 22).

One test per shipped rule system; the last one plays a whole Hordes & Heroes bound from the sheet alone
and mails it through the real ingest path.
"""

from __future__ import annotations

import mailbox
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from campaign.cli import main
from campaign.eventlog import open_store
from campaign.service import Campaign
from tests.sheet.helpers import (
    PASSWORDS,
    TRUSTED,
    has_moves,
    mail_from_player,
    mailto_parts,
    order_lines,
    page_data,
    play_until,
    sheet_from_digest,
)
from tests.webdriver import chromium, open_page

pytestmark = pytest.mark.slow

HEX_SYSTEMS = [
    ("hordes-heroes", "intro-50"),
    ("hordes-heroes", "towton-2012"),
    ("cry-havoc", "raid"),
    ("proconsul", "open-field"),
]


def _by(kind: str) -> Any:
    from selenium.webdriver.common.by import By

    return {"css": By.CSS_SELECTOR, "id": By.ID}[kind]


def body_text(d: Any) -> str:
    return str(d.find_element(_by("id"), "body").get_attribute("value"))


def click_unit_on_board(d: Any, unit: dict[str, Any]) -> None:
    d.find_element(_by("css"), f'#board [data-hex="{unit["at"][0]}"]').click()
    button = d.find_element(_by("css"), f'#units button[data-unit="{unit["id"]}"]')
    if button.get_attribute("aria-pressed") != "true":  # two units in one hex: the list picks the other
        button.click()
    assert button.get_attribute("aria-pressed") == "true"


def click_option_hex(d: Any, option: dict[str, Any]) -> None:
    """Click the option's hex on the board; where several orders end there, pick this one in the list."""
    hexel = d.find_element(_by("css"), f'#board [data-hex="{option["h"][0]}"]')
    assert hexel.get_attribute("class") in ("reach", "charge", "target"), "the reachable hex is not highlighted"
    before = body_text(d)
    hexel.click()
    if body_text(d) == before:
        d.find_element(_by("css"), f'#unit-detail .opts button[data-order="{option["o"]}"]').click()


def orders_check(db: Path, game: int, player: str, text: str, tmp: Path) -> Any:
    f = tmp / "composed.txt"
    f.write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["--db", str(db), "orders", "check", str(game), "--player", player, str(f)])


@pytest.mark.parametrize(("ruleset", "scenario"), HEX_SYSTEMS)
def test_a_click_on_a_unit_and_a_reachable_hex_composes_orders_that_pass_check(
    camp: Campaign, db_path: Path, tmp_path: Path, ruleset: str, scenario: str
) -> None:
    gs, side = play_until(camp, ruleset, scenario)
    player = gs.sides[side]
    page = sheet_from_digest(camp, tmp_path / "outbox", player, tmp_path / "sheet.html")
    with chromium() as d:
        open_page(d, page)
        data = page_data(d)
        unit, option = next(
            (u, o)
            for u in data["units"]
            if u["at"]
            for o in u["opts"]
            if o["k"] == "move" and "h" in o and o["h"][0] not in u["at"]
        )
        click_unit_on_board(d, unit)
        click_option_hex(d, option)
        body = body_text(d)
    assert body.splitlines()[0] == f"SIGNON {player}@{gs.number} "  # no password in the sheet
    assert option["o"] in body.splitlines()
    res = orders_check(db_path, gs.number, player, order_lines(body), tmp_path)
    assert res.exit_code == 0, res.output


def test_war_cometh_a_typed_distance_composes_a_measured_move_that_passes_check(
    camp: Campaign, db_path: Path, tmp_path: Path
) -> None:
    """Measured moves: the sheet offers the longest legal move and takes a typed shorter distance."""
    gs, side = play_until(camp, "war-cometh", "open-field", has_moves)
    player = gs.sides[side]
    page = sheet_from_digest(camp, tmp_path / "outbox", player, tmp_path / "sheet.html")
    with chromium() as d:
        open_page(d, page)
        data = page_data(d)
        unit, option = next((u, o) for u in data["units"] for o in u["opts"] if o["k"] == "move")
        d.find_element(_by("css"), f'#units button[data-unit="{unit["id"]}"]').click()
        box = d.find_element(_by("css"), '#unit-detail input[type="number"]')
        longest = float(box.get_attribute("max"))
        box.clear()
        box.send_keys(f"{longest / 2:g}")
        d.find_element(_by("css"), f'#unit-detail button[data-order="{option["o"]}"]').click()
        body = body_text(d)
    line = next(ln for ln in body.splitlines() if ln.startswith(option["o"].rsplit(" ", 1)[0]))
    assert line == f"{option['o'].rsplit(' ', 1)[0]} {longest / 2:g}"
    res = orders_check(db_path, gs.number, player, order_lines(body), tmp_path)
    assert res.exit_code == 0, res.output


def _plan_bound(data: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """One move per unit that no other chosen move can spoil: its path keeps off every unit's start hex
    and every hex an earlier move ends in (what a player does by eye on the highlighted board)."""
    starts = {h for u in data["units"] for h in u["at"]}
    ends: set[str] = set()
    plan = []
    # the Command Move first (HH.SEQ.10): one general one hex, so that command hardly changes
    generals = [u for u in data["units"] if u["id"].startswith("general ")]
    troops = [u for u in data["units"] if not u["id"].startswith("general ")]
    for u in generals[:1] + troops:
        moves = [o for o in u["opts"] if o["k"] == "move" and "h" in o]
        for o in sorted(moves, key=lambda o: (o["c"] if u in generals else -o["c"], o["o"])):
            cells = set(o.get("p", [])) | set(o["h"])
            if not cells & (starts | ends):
                plan.append((u, o))
                ends |= cells
                break
    return plan


def test_a_whole_hordes_heroes_bound_composed_on_the_sheet_is_mailed_and_accepted(
    camp: Campaign, db_path: Path, tmp_path: Path
) -> None:
    """Done-when of issue 22: a 150-point battle's bound, every line from a click, mailed through
    `campaign mail ingest` (Maildir in, the real mail path) and accepted with no refusal."""
    for who, pw in PASSWORDS.items():
        camp.set_password(who, pw)
    gs, side = play_until(camp, "hordes-heroes", "pitched-150")
    player = gs.sides[side]
    outbox = tmp_path / "outbox"
    page = sheet_from_digest(camp, outbox, player, tmp_path / "sheet.html")
    assert page.stat().st_size < 300 * 1024, f"the 150-point sheet weighs {page.stat().st_size} bytes"
    with chromium() as d:
        open_page(d, page)
        plan = _plan_bound(page_data(d))
        assert len(plan) >= 5 and plan[0][0]["id"].startswith("general "), plan
        for unit, option in plan:
            if unit["id"].startswith("general "):  # he shares a hex with a unit: pick him in the list
                d.find_element(_by("css"), f'#units button[data-unit="{unit["id"]}"]').click()
            else:
                click_unit_on_board(d, unit)
            click_option_hex(d, option)
        # reorder and delete: a typed line goes in, down and up, and out again
        d.find_element(_by("id"), "own-line").send_keys("move 999 0101\n")
        assert "checked on arrival" in d.find_element(_by("css"), "#lines li:last-child").text
        d.find_element(_by("css"), "#lines li:nth-child(1) button[aria-label='Move line 1 down']").click()
        d.find_element(_by("css"), "#lines li:nth-child(2) button[aria-label='Move line 2 up']").click()
        d.find_element(_by("css"), f"#lines li:nth-child({len(plan) + 1}) button[aria-label^='Delete']").click()
        assert not d.find_elements(_by("css"), "#lines .later"), "independent moves flagged as dependent"
        d.find_element(_by("id"), "pw").send_keys(PASSWORDS[player])
        to, subject, body = mailto_parts(str(d.find_element(_by("id"), "send").get_attribute("href")))
        assert body == body_text(d)
    assert body.splitlines()[0] == f"SIGNON {player}@{gs.number} {PASSWORDS[player]}"
    assert body.splitlines()[1:] == [o["o"] for _, o in plan] + ["SIGNOFF"]
    before = gs.ruleset.phase(gs.state)
    inbox = mailbox.Maildir(tmp_path / "inbox", create=True)
    inbox.add(mail_from_player(player, to, subject, body, "sheet-bound"))
    camp.store.close()
    base = ["--db", str(db_path), "--outbox", str(outbox), "--mail-from", f"Referee <{to}>"]
    res = CliRunner().invoke(
        main, [*base, "mail", "ingest", str(tmp_path / "inbox"), "--trust-authserv", TRUSTED, "--unchecked", "accept"]
    )
    assert res.exit_code == 0 and "accepted" in res.stdout and "refused" not in res.stdout, res.output
    after = Campaign(open_store(db_path))
    try:
        filed = [e for e in after.store.read(stream=f"game:{gs.number}") if e.type == "OrdersSubmitted"][-1]
        assert filed.payload["side"] == side
        assert len(filed.payload["canonical"].splitlines()) == len(plan)  # every clicked line filed
        gs2 = after.load(gs.number)
        assert gs2.ruleset.phase(gs2.state) != before  # the bound was resolved
    finally:
        after.store.close()


def test_the_sheet_works_from_the_keyboard_and_fits_a_phone(camp: Campaign, tmp_path: Path) -> None:
    """No mouse: Tab to a unit, Enter, Tab to a move, Enter; CHECK by Space. On a 390-pixel screen
    the page does not scroll sideways (the board scrolls inside its own box)."""
    from selenium.webdriver.common.keys import Keys

    gs, side = play_until(camp, "hordes-heroes", "intro-50")
    page = sheet_from_digest(camp, tmp_path / "outbox", gs.sides[side], tmp_path / "sheet.html")
    with chromium(width=390, height=844) as d:
        open_page(d, page)
        assert d.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
        unit = next(u for u in page_data(d)["units"] if any(o["k"] == "move" for o in u["opts"]))
        first_move = next(o for o in unit["opts"] if o["k"] == "move")

        def tab_to(css: str) -> None:
            target = d.find_element(_by("css"), css)
            for _ in range(400):
                d.switch_to.active_element.send_keys(Keys.TAB)
                if d.switch_to.active_element == target:
                    return
            raise AssertionError(f"Tab never reaches {css}")

        tab_to(f'#units button[data-unit="{unit["id"]}"]')
        d.switch_to.active_element.send_keys(Keys.ENTER)
        tab_to(f'#unit-detail .opts button[data-order="{first_move["o"]}"]')
        d.switch_to.active_element.send_keys(Keys.ENTER)
        tab_to("#check")
        d.switch_to.active_element.send_keys(Keys.SPACE)
        body = body_text(d)
    assert body.splitlines()[1:] == ["CHECK", first_move["o"], "SIGNOFF"]
