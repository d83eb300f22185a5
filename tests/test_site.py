"""`campaign site`: the static archive opens from disk, every link resolves, output is deterministic.

The campaign here has a toy game with press (containing markup), a referee correction and a
replay to the end, and a second toy game played straight through. The last tests drive a real
headless Chromium over `file://` (see tests/browser.py); they fail, not skip, without one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from markupsafe import escape

from campaign.dice import DiceMode
from campaign.digest import collect
from campaign.eventlog import open_store
from campaign.events import EventType, game_stream
from campaign.hexgrid import MapSpec, Orientation
from campaign.render import BoardPicture, Counter, Side
from campaign.service import Campaign, UserError
from campaign.site import SiteReport, write_site
from tests import browser
from tests.browser import Dom
from tests.helpers import play_race
from tests.toy import RULESET as TOY

OUTPUT = Path(__file__).resolve().parent / "output"
PRESS = 'Charge at dawn! <script>alert("pwned")</script> & <b>bold</b>'
KEYS = "Keys: ← previous, → next"
"""The hint site.js adds to pages it can page through with the arrow keys."""
REASON = "alice's orders were mis-read from a garbled mail"


def build(camp: Campaign) -> dict[str, Any]:
    """Game 1: press, a correction that voids a resolved turn, then played out. Game 2: play_race."""
    n = camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}).number
    camp.submit_orders(n, "alice", "advance 2")
    camp.submit_orders(n, "bob", "advance 1")
    camp.press(n, "alice", "all", PRESS)
    camp.press(n, "bob", "blue", "psst, blue: a private word")
    mistaken = camp.submit_orders(n, "alice", "advance 3")
    first_played = camp.submit_orders(n, "bob", "advance 2")
    fix = camp.void(n, [mistaken.seq], REASON)
    refiled = camp.submit_orders(n, "alice", "advance 1")
    while (gs := camp.load(n)).ended is None:
        pending = {r.side for r in gs.ruleset.pending(gs.state)}
        if "red" in pending:
            camp.submit_orders(n, "bob", "advance 3")
        if "blue" in pending:
            camp.submit_orders(n, "alice", "advance 2")
    second = play_race(camp)
    return {
        "game": n,
        "second": second,
        "mistaken": mistaken.seq,
        "voided": [mistaken.seq, *fix.also],
        "first_played": first_played.resolved[0].narrative,
        "refiled": refiled.seq,
    }


def game_events(camp: Campaign, n: int) -> list[Any]:
    return list(camp.store.read(stream=game_stream(n)))


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def pages(root: Path) -> dict[Path, Dom]:
    return {p: Dom.parse(p.read_text(encoding="utf-8"), p) for p in sorted(root.rglob("*.html"))}


def toy_picture(state: dict[str, Any], side: str | None = None, title: str = "") -> BoardPicture:
    """A board picture for the toy race (test only): the track as two rows of hexes."""
    spec = MapSpec(14, 2, Orientation.POINTY)
    counters = tuple(
        Counter(s.upper()[:3], s, spec.parse(f"{min(state['pos'][s], 13) + 1:02d}{row:02d}"))
        for row, s in ((1, "blue"), (2, "red"))
    )
    sides = (Side("blue", "Blue runner", "#1f4e9c"), Side("red", "Red runner", "#a3201c"))
    return BoardPicture(title=title, map_spec=spec, sides=sides, counters=counters)


def new_campaign(folder: Path) -> Campaign:
    camp = Campaign(open_store(folder / "campaign.db", create=True))
    camp.init("test")
    camp.add_player("alice", "alice@example.org")
    camp.add_player("bob", "bob@example.org")
    return camp


@pytest.fixture(scope="module")
def camp(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Campaign]:
    """One campaign for the whole module (the site only reads it): built once, it keeps the tests fast."""
    camp = new_campaign(tmp_path_factory.mktemp("campaign"))
    yield camp
    camp.store.close()


@pytest.fixture(scope="module")
def built(camp: Campaign) -> dict[str, Any]:
    return build(camp)


@pytest.fixture(scope="module")
def site(camp: Campaign, built: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, SiteReport]:
    out = tmp_path_factory.mktemp("site")
    return out, write_site(camp, out)


# --- files, links, report ----------------------------------------------------------------------


def test_site_has_a_page_per_game_turn_and_event(camp: Campaign, built: dict[str, Any], site: Any) -> None:
    out, report = site
    for n in (built["game"], built["second"]):
        gs = camp.load(n)
        folder = out / f"game-{n}"
        assert (folder / "index.html").is_file()
        for ev in game_events(camp, n):
            assert (folder / f"event-{ev.seq}.html").is_file(), ev.seq
        turns = sorted(int(p.stem.split("-")[1]) for p in folder.glob("turn-*.html"))
        assert turns == list(range(1, gs.turn + 1))
    html = sorted(out.rglob("*.html"))
    assert report.pages == len(html)
    assert report.files == len([p for p in out.rglob("*") if p.is_file()])
    assert report.index == (out / "index.html").resolve() and report.index.is_file()
    assert report.games == (built["game"], built["second"])
    assert f"{report.pages} pages" in str(report) and report.url in str(report)
    assert (out / "site.css").is_file() and (out / "site.js").is_file()


def test_every_link_and_image_resolves_relatively(site: Any) -> None:
    out, _ = site
    parsed = pages(out)
    checked = 0
    for page, dom in parsed.items():
        refs = [x.href for x in dom.links] + [i["src"] for i in dom.images] + [s for s in dom.scripts if s]
        for ref in refs:
            assert not re.match(r"^([a-z]+:|//|/)", ref), f"{page}: {ref} is not a relative link"
            if ref.startswith("#"):
                assert ref[1:] in dom.ids, f"{page}: no #{ref[1:]}"
                continue
            target = dom.target(ref)
            assert target.is_file(), f"{page}: {ref} -> {target} does not exist"
            assert out.resolve() in target.parents, f"{page}: {ref} leaves the site"
            if "#" in ref:
                assert ref.split("#", 1)[1] in parsed[target].ids, f"{page}: {ref} has no such anchor"
            checked += 1
    assert checked > 1000


def test_pages_are_accessible_and_self_contained(site: Any) -> None:
    out, _ = site
    for page, dom in pages(out).items():
        text = page.read_text(encoding="utf-8")
        assert dom.lang == "en", page
        assert dom.title.strip(), page
        assert sum(1 for h in dom.headings if h) >= 2 and text.count("<h1") == 1, page
        assert all(img.get("alt") for img in dom.images), page
        assert "<table" not in text or "<th" in text, page
        assert dom.scripts == [("" if page.parent == out else "../") + "site.js"], page
        assert "http://" not in text and "https://" not in text, page
    script = (out / "site.js").read_text()
    assert "fetch" not in script and "XMLHttpRequest" not in script and "import" not in script


def test_writing_twice_gives_byte_identical_trees(camp: Campaign, site: Any, tmp_path: Path) -> None:
    out, _ = site
    again = tmp_path / "again"
    write_site(camp, again)
    assert tree(out) == tree(again)
    before = tree(out)
    write_site(camp, out)
    assert tree(out) == before


def test_player_text_is_escaped(camp: Campaign, built: dict[str, Any], site: Any) -> None:
    out, _ = site
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "<script>alert" not in text and "<b>bold" not in text, page
    press = next(e for e in game_events(camp, built["game"]) if e.type == EventType.PRESS_SENT)
    page = out / f"game-{built['game']}" / f"event-{press.seq}.html"
    text = page.read_text(encoding="utf-8")
    assert str(escape(PRESS)) in text
    assert "&lt;script&gt;alert(&#34;pwned&#34;)&lt;/script&gt;" in text
    assert PRESS in Dom.parse(text, page).text  # what a reader sees is the message as written
    game_page = (out / f"game-{built['game']}" / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;" in game_page and "private" in game_page


# --- what the pages say ------------------------------------------------------------------------


def test_turn_pages_show_orders_narratives_dice_seeds_and_chain_head(
    camp: Campaign, built: dict[str, Any], site: Any
) -> None:
    out, _ = site
    n = built["game"]
    folder = out / f"game-{n}"
    turn_html = {int(p.stem.split("-")[1]): p.read_text(encoding="utf-8") for p in folder.glob("turn-*.html")}
    _, stories, _, _ = collect(camp, game_stream(n), 0)
    assert stories
    for story in stories:
        html = turn_html[story.turn]
        for line in story.narrative:
            assert str(escape(line)) in html, (story.turn, line)
        for die in story.dice:
            assert str(escape(die.purpose)) in html and f'<span class="pip">{die.value}</span>' in html
    events = game_events(camp, n)
    for ev in events:
        p = ev.payload
        if ev.type == EventType.ORDERS_SUBMITTED:
            holders = [t for t, html in turn_html.items() if f'href="event-{ev.seq}.html"' in html]
            assert len(holders) == 1, ev.seq
            assert p["orders_hash"] in turn_html[holders[0]]
            assert f'<pre class="orders-text">{escape(p["canonical"])}</pre>' in turn_html[holders[0]]
        elif ev.type == EventType.SEED_COMMITTED:
            assert sum(p["commitment"] in html for html in turn_html.values()) == 1
        elif ev.type == EventType.SEED_REVEALED:
            assert sum(p["seed"] in html for html in turn_html.values()) == 1
    last_turn = max(turn_html)
    assert f'<code class="hash">{events[-1].hash}</code>' in turn_html[last_turn]
    first = Dom.parse(turn_html[1], folder / "turn-1.html")
    assert first.title.startswith("Game 1, turn 1")
    assert [x.href for x in first.rel("next")] == ["turn-2.html", "turn-2.html"] and not first.rel("prev")
    assert "The board at the end of turn 1" in first.headings
    final = camp.load(n)
    assert f"{escape(final.ruleset.render_text(final.state, None))}</pre>" in turn_html[last_turn]


def test_game_page_shows_both_timelines_of_a_correction(camp: Campaign, built: dict[str, Any], site: Any) -> None:
    out, _ = site
    n = built["game"]
    folder = out / f"game-{n}"
    html = (folder / "index.html").read_text(encoding="utf-8")
    assert str(escape(REASON)) in html
    for line in built["first_played"]:  # what the players were told before the correction
        assert f"<del>{escape(line)}</del>" in html, line
    for seq in built["voided"]:
        assert f'<a href="event-{seq}.html" class="ev voided"><del>' in html
        voided = (folder / f"event-{seq}.html").read_text(encoding="utf-8")
        assert "was <strong>voided</strong>" in voided
    assert f'<a href="event-{built["refiled"]}.html" class="ev">' in html  # the timeline in force
    seeds = re.findall(r'<span class="ok">yes</span>', html)
    gs = camp.load(n)
    assert len(seeds) == len(gs.revealed) and 'class="bad"' not in html
    assert "game over" in html and gs.ended is not None and gs.ended["reason"] in html


def test_stepping_through_every_event_by_next_and_previous(camp: Campaign, built: dict[str, Any], site: Any) -> None:
    out, _ = site
    n = built["second"]
    folder = out / f"game-{n}"
    game = Dom.parse((folder / "index.html").read_text(encoding="utf-8"), folder / "index.html")
    start = next(x for x in game.links if x.text.startswith("step through"))
    page: Path | None = game.target(start.href)
    seen: list[int] = []
    previous: Path | None = None
    while page is not None:
        dom = Dom.parse(page.read_text(encoding="utf-8"), page)
        seen.append(int(page.stem.split("-")[1]))
        prev = [dom.target(x.href) for x in dom.rel("prev") if x.tag == "link"]
        assert prev == ([previous] if previous else []), page
        assert any(x.href.startswith("turn-") for x in dom.links)  # jump to a turn
        assert '"hash": "' in dom.text and '"prev_hash": "' in dom.text  # the event's JSON
        nxt = [dom.target(x.href) for x in dom.rel("next") if x.tag == "link"]
        previous, page = page, (nxt[0] if nxt else None)
    assert seen == [ev.seq for ev in game_events(camp, n)]


def draw_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the toy draw its board: its own picture if it has one, else `toy_picture`."""
    if TOY.picture(TOY.setup("sprint", {})) is None:
        monkeypatch.setattr(TOY, "picture", toy_picture, raising=False)


def draw_no_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the toy a ruleset without a board picture, like a game that is not on a hex map."""
    monkeypatch.setattr(TOY, "picture", lambda state, side=None, title="": None, raising=False)


def test_text_board_when_the_ruleset_draws_no_picture(
    camp: Campaign, built: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    draw_no_pictures(monkeypatch)
    out = tmp_path / "text"
    write_site(camp, out)
    assert not list(out.rglob("*.svg"))
    for page, dom in pages(out).items():
        assert not dom.images, page
    n = built["second"]
    turn = (out / f"game-{n}" / "turn-1.html").read_text(encoding="utf-8")
    state = camp.load(n, seq=next(e.seq for e in game_events(camp, n) if e.type == EventType.PHASE_RESOLVED))
    assert f'<pre class="textboard" aria-label="Game {n}: the board at the end of turn 1">' in turn
    assert f"{escape(TOY.render_text(state.state))}</pre>" in turn


def test_pictures_when_the_ruleset_draws_one(
    camp: Campaign, built: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    draw_pictures(monkeypatch)
    out = tmp_path / "pictured"
    write_site(camp, out, games=[built["second"]])
    folder = out / f"game-{built['second']}"
    events = game_events(camp, built["second"])
    resolved = [e.seq for e in events if e.type == EventType.PHASE_RESOLVED]
    assert sorted(int(p.stem.split("-")[2]) for p in folder.glob("board-event-*.svg")) == sorted(resolved)
    turns = list(folder.glob("turn-*.html"))
    assert len(list(folder.glob("board-turn-*.svg"))) == len(turns)
    turn1 = Dom.parse((folder / "turn-1.html").read_text(encoding="utf-8"), folder / "turn-1.html")
    img = turn1.images[0]
    assert img["src"] == "board-turn-1.svg" and "end of turn 1" in img["alt"]
    assert (folder / "board-turn-1.svg").read_text().startswith("<?xml")
    quiet = next(e for e in events if e.type == EventType.ORDERS_SUBMITTED)
    assert not Dom.parse((folder / f"event-{quiet.seq}.html").read_text(encoding="utf-8"), folder).images
    assert [i["src"] for i in pages(folder)[folder / f"event-{resolved[0]}.html"].images] == [
        f"board-event-{resolved[0]}.svg"
    ]


def test_a_selection_of_games_and_unknown_games(camp: Campaign, built: dict[str, Any], tmp_path: Path) -> None:
    out = tmp_path / "one"
    report = write_site(camp, out, games=[f"#{built['second']}"])
    assert report.games == (built["second"],)
    assert not (out / f"game-{built['game']}").exists()
    index = (out / "index.html").read_text(encoding="utf-8")
    assert f"game-{built['second']}/index.html" in index and f"game-{built['game']}/" not in index
    with pytest.raises(UserError, match="no game 9"):
        write_site(camp, tmp_path / "x", games=[9])
    with pytest.raises(UserError, match="not a game id"):
        write_site(camp, tmp_path / "x", games=["nine"])


def test_progress_bar_goes_to_stderr_only_when_asked(
    camp: Campaign, built: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_site(camp, tmp_path / "a")
    assert capsys.readouterr() == ("", "")
    write_site(camp, tmp_path / "b", progress=True)
    captured = capsys.readouterr()
    assert captured.out == "" and "Writing the site" in captured.err


def hordes_heroes(folder: Path) -> Campaign:
    """A campaign with one Hordes & Heroes game (manual dice): initiative, deployment, both first bounds."""
    camp = new_campaign(folder)
    n = camp.new_game("hordes-heroes", "intro-50", {"york": "alice", "valois": "bob"}, dice_mode=DiceMode.MANUAL)
    rolls = iter([5, 2] + [1] * 40)

    def roll_what_is_asked() -> None:
        """Dice go in only when a resolution waits for them, one at a time, as at a real table."""
        while camp.dice_needed(camp.load(n.number)) is not None:
            camp.enter_dice(n.number, [next(rolls)])
            camp.advance(n.number)

    for player, orders in (
        ("alice", "deploy first\nedge south"),
        ("bob", "deploy second\nedge north"),
        ("alice", "unit 1 0509 face N\nunit 2 0609 face N\nunit 3 0709 face N\ngeneral 1 0509"),
        ("bob", "unit 11 0502 face S\nunit 12 0602 face S\nunit 13 0702 face S\nunit 14 0802 face S\ngeneral 2 0502"),
        ("bob", "general 2 0503\nmove 11 0503 0504 0505 face S"),
        ("alice", "move 2 0608\nmove 3 column"),
    ):
        camp.submit_orders(n.number, player, orders)
        roll_what_is_asked()
    return camp


def test_a_hordes_heroes_game_with_manual_dice(tmp_path: Path) -> None:
    camp = hordes_heroes(tmp_path)
    out = tmp_path / "hh"
    write_site(camp, out)
    folder = out / "game-1"
    assert camp.load(1).turn == 2 and (folder / "turn-2.html").is_file()
    turn = (folder / "turn-1.html").read_text(encoding="utf-8")
    assert "Roll-off for the choice of deployment: york 5, valois 2." in turn
    assert "dice rolled by hand" in (folder / "index.html").read_text(encoding="utf-8")
    if list(folder.glob("*.svg")):
        assert '<img src="board-turn-1.svg" alt="Game 1: the board at the end of turn 1">' in turn
    else:  # a ruleset without a picture
        assert '<pre class="textboard"' in turn
    current = Dom.parse((folder / "turn-2.html").read_text(encoding="utf-8"), folder / "turn-2.html")
    assert "The board so far (turn 2 is in progress)" in current.headings and "None yet." in current.text
    assert "Bosworth Field" in (out / "index.html").read_text(encoding="utf-8")
    camp.store.close()


# --- a real browser ----------------------------------------------------------------------------


@pytest.mark.slow
def test_in_a_headless_browser_from_disk(
    camp: Campaign, built: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Index -> game -> turn -> first event -> next, next, ... as Chromium sees them over file://."""
    browser.find_chromium()
    draw_no_pictures(monkeypatch)  # first the fallback: the text board
    out = tmp_path / "site"
    write_site(camp, out)
    n = built["game"]

    index = browser.dump_dom(out / "index.html")
    assert index.title.startswith("Campaign archive") and "test" in index.headings
    game_link = next(x for x in index.links if x.text.strip() == f"Game {n}")
    game = browser.dump_dom(index.target(game_link.href))
    assert game.title.startswith(f"Game {n}: Sprint to 10") and "Corrections" in game.headings

    turn_link = next(x for x in game.links if x.text.strip() == "Turn 2" and x.href == "turn-2.html")
    turn = browser.dump_dom(game.target(turn_link.href))
    assert turn.title.startswith(f"Game {n}, turn 2")
    assert KEYS in turn.text  # site.js ran from file://
    assert any(line in turn.text for line in built["first_played"])  # the voided story, struck through
    assert [x.href for x in turn.rel("prev")][:1] == ["turn-1.html"]

    events = [x.href for x in turn.links if re.fullmatch(r"event-\d+\.html", x.href)]
    page = turn.target(min(events, key=lambda h: int(h[6:-5])))  # the turn's first event
    seqs = [ev.seq for ev in game_events(camp, n)]
    at = seqs.index(int(page.stem.split("-")[1]))
    kinds: set[str] = set()
    for i in range(at, at + 4):
        dom = browser.dump_dom(page)
        assert dom.title.startswith(f"Game {n}, event {seqs[i]}:")
        kinds.add(dom.title.split(": ")[1].split(" ·")[0])
        assert f"Event {i + 1} of {len(seqs)}" in dom.text and '"prev_hash": "' in dom.text
        assert [x.href for x in dom.rel("prev") if x.tag == "a"] == [f"event-{seqs[i - 1]}.html"]
        assert "This event was voided" in dom.text if seqs[i] in built["voided"] else "voided" not in dom.title
        # JavaScript only adds the key hint: without it the page is the same
        plain = Dom.parse(page.read_text(encoding="utf-8"), page)
        assert dom.text.replace(" " + KEYS, "") == plain.text and KEYS in dom.text and KEYS not in plain.text
        assert [x.href for x in dom.links] == [x.href for x in plain.links]
        nxt = next(x for x in dom.rel("next") if x.tag == "a")
        assert nxt.text.startswith(f"Next (event {seqs[i + 1]})")
        page = dom.target(nxt.href)
    assert {"PressSent", "OrdersSubmitted"} <= kinds
    assert PRESS in browser.dump_dom(out / f"game-{n}" / "index.html").text  # shown as written, not run

    monkeypatch.undo()
    draw_pictures(monkeypatch)
    pictured = tmp_path / "pictured"
    write_site(camp, pictured, games=[n])
    hh = hordes_heroes(tmp_path)
    write_site(hh, tmp_path / "hh")
    hh.store.close()
    shots = [
        (pictured / f"game-{n}" / "turn-2.html", OUTPUT / "site-turn.png"),
        (out / f"game-{n}" / "turn-3.html", OUTPUT / "site-turn-text.png"),
        (tmp_path / "hh" / "game-1" / "turn-1.html", OUTPUT / "site-turn-hh.png"),
    ]
    with ThreadPoolExecutor(len(shots)) as pool:
        for shot in pool.map(lambda job: browser.screenshot(*job, width=1280, height=900), shots):
            assert browser.png_size(shot) == (1280, 900)
