"""Map campaigns (issue 21): sealed strategic moves, battles created from templates and rosters, results fed
back (by the engine or recorded from a table), recovery, standings, the archive, the demo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from campaign.cli import main
from campaign.eventlog import open_store
from campaign.ruleset import OrdersRejected
from campaign.sealed import input_visible
from campaign.service import Campaign, UserError
from campaign.strategic.demo import carried_losses, check_campaign_summary, run_campaign_demo
from campaign.strategic.service import links, record_table_result, sync
from campaign.strategic.standings import elo, standings
from tests import browser

SIDES = {"north": "alice", "south": "bob", "umpire": "ref"}


NO_REINFORCEMENTS = {"reinforce_per": 1000}


@pytest.fixture
def mapcamp(camp: Campaign) -> Campaign:
    """The shipped map with reinforcements turned off (a rule tested on its own), so each rule shows alone."""
    camp.add_player("ref", "ref@example.org")
    camp.new_game("campaign-map", "marches", SIDES, options=NO_REINFORCEMENTS)
    return camp


def _clash_at_ford(camp: Campaign) -> None:
    camp.submit_orders(1, "alice", "move N1 to ford\nhold N2")
    camp.submit_orders(1, "bob", "move S1 to ford\nhold S2")


def test_moves_stay_sealed_until_every_side_is_in_CAMP_MOVE_3(mapcamp: Campaign) -> None:
    mapcamp.submit_orders(1, "alice", "move N1 to ford")
    gs = mapcamp.load(1)
    assert not input_visible(gs.ruleset, gs.state, "north", "moves-1", "south")
    assert gs.ruleset.view(gs.state, "south")["orders"] == {}
    mapcamp.submit_orders(1, "bob", "hold S1")
    gs = mapcamp.load(1)
    assert input_visible(gs.ruleset, gs.state, "north", "moves-1", "south")
    assert gs.state["armies"]["N1"]["region"] == "ford" and gs.state["owner"]["ford"] == "north"


def test_a_move_beyond_the_movement_points_is_refused_CAMP_MOVE_1(mapcamp: Campaign) -> None:
    with pytest.raises(OrdersRejected, match=r"CAMP.MOVE.1"):
        mapcamp.submit_orders(1, "alice", "move N1 to harbour")
    with pytest.raises(OrdersRejected, match=r"did you mean .ford."):
        mapcamp.submit_orders(1, "alice", "move N1 to frod")


def test_a_table_battle_feeds_losses_owner_and_retreat_back_CAMP_BATTLE_5(mapcamp: Campaign) -> None:
    _clash_at_ford(mapcamp)
    gs = mapcamp.load(1)
    assert gs.state["phase"] == "battles" and [b["region"] for b in gs.state["battles"]] == ["ford"]
    with pytest.raises(UserError, match="--reason"):
        record_table_result(mapcamp, 1, "ford", "north", {}, " ")
    record_table_result(mapcamp, 1, "ford", "north", {"S1": {"S1.1": 3}, "N1": {"N1.2": 1}}, "club night")
    st = mapcamp.load(1).state
    units = {u["id"]: u["stands"] for u in st["armies"]["S1"]["units"]}
    assert units["S1.1"] == 1  # 4 - 3 lost, carried over (no recovery in a turn it fought) [CAMP.REC.1]
    assert st["owner"]["ford"] == "north" and st["armies"]["S1"]["region"] == "moor"  # fell back [CAMP.BATTLE.4]
    assert st["points"]["north"] >= 3  # battle points [CAMP.PTS.2]
    assert st["turn"] == 2 and st["phase"] == "moves"


def test_an_army_that_rests_gets_half_its_lost_stands_back_CAMP_REC_1(mapcamp: Campaign) -> None:
    _clash_at_ford(mapcamp)
    record_table_result(mapcamp, 1, "ford", "north", {"N1": {"N1.1": 2, "N1.2": 2}}, "club night")
    assert sum(u["stands"] for u in mapcamp.load(1).state["armies"]["N1"]["units"]) == 8
    mapcamp.submit_orders(1, "alice", "hold N1\nhold N2")
    mapcamp.submit_orders(1, "bob", "hold S1\nhold S2")
    st = mapcamp.load(1).state
    # 4 lost: 2 come back by resting, to the most damaged units first [CAMP.REC.1]
    assert [u["stands"] for u in st["armies"]["N1"]["units"]] == [3, 3, 4]


def test_reinforcements_by_the_points_of_regions_held_CAMP_REC_2(camp: Campaign) -> None:
    camp.add_player("ref", "ref@example.org")
    camp.new_game("campaign-map", "marches", SIDES, options={"reinforce_per": 2, "recovery": "0"})
    _clash_at_ford(camp)
    record_table_result(camp, 1, "ford", "north", {"N1": {"N1.1": 3}, "S1": {"S1.1": 3}}, "club night")
    st = camp.load(1).state
    # north holds northgate 3 + wold 1 + ford 2 = 6 points: 3 stands; south moor 1 + harbour 3 = 4: 2 stands
    assert [u["stands"] for u in st["armies"]["N1"]["units"]] == [4, 4, 4]
    assert [u["stands"] for u in st["armies"]["S1"]["units"]] == [3, 4, 4]


def test_a_battle_is_a_game_set_up_from_the_template_with_the_rosters_as_they_stand_CAMP_BATTLE_2(
    mapcamp: Campaign, tmp_path: Path
) -> None:
    _clash_at_ford(mapcamp)
    record_table_result(mapcamp, 1, "ford", "south", {"N1": {"N1.1": 3}}, "club night")
    st = mapcamp.load(1).state
    assert st["armies"]["N1"]["region"] == "northgate"
    mapcamp.submit_orders(1, "alice", "move N1 to ford")
    mapcamp.submit_orders(1, "bob", "hold S1\nhold S2")  # S1 holds ford: contact again
    done = list(sync(mapcamp, tmp_path).done)
    assert done and "is game 2" in done[0]
    (link,) = [lk for lk in links(mapcamp) if lk.turn == 2]
    battle = mapcamp.load(link.battle)
    assert battle.ruleset.name == "hordes-heroes" and battle.sides == {"north": "alice", "south": "bob"}
    text = (tmp_path / "battles" / "campaign1-turn2-ford.toml").read_text()
    assert "river" in text  # the ford's template: river-crossing
    starts = {tuple(v[:2]): v[2] for v in link.units.values()}
    hurt = starts[("N1", "N1.1")]
    assert hurt < 4  # the losses of the first battle carried into this one [CAMP.REC.3]
    units = {str(u["id"]): u["stands"] for u in battle.ruleset.dump(battle.state)["units"]}
    bid = next(b for b, v in link.units.items() if v[:2] == ["N1", "N1.1"])
    assert units[bid] == hurt
    assert sync(mapcamp, tmp_path).done == ()  # nothing new until the battle ends


def test_elo_golden_CAMP_LADDER_2() -> None:
    assert elo(1500, 1500, 1.0) == 1516 and elo(1500, 1500, 0.0) == 1484
    assert elo(1600, 1400, 1.0) == 1608 and elo(1400, 1600, 1.0) == 1424
    assert elo(1500, 1500, 0.5) == 1500


def test_the_ladder_rates_any_finished_game_CAMP_LADDER_1(camp: Campaign) -> None:
    gs = camp.new_game("toy-race", "sprint", {"blue": "alice", "red": "bob"}, options={"turn_limit": 1})
    camp.submit_orders(gs.number, "alice", "advance 3")
    camp.submit_orders(gs.number, "bob", "hold")
    data = standings(camp).as_json()
    (b,) = data["battles"]
    assert b["game"] == gs.number and b["ruleset"] == "toy-race" and b["campaign"] is None
    winner = b["winner_player"]
    if winner is not None:
        assert data["players"][winner]["wins"] == 1 and data["players"][winner]["points"] == 3
        assert data["players"][winner]["rating"] == 1516


def test_standings_json_lists_players_and_battles(mapcamp: Campaign, db_path: Path) -> None:
    _clash_at_ford(mapcamp)
    record_table_result(mapcamp, 1, "ford", "north", {"S1": {"S1.1": 2}}, "club night")
    res = CliRunner().invoke(main, ["--db", str(db_path), "standings", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert set(data["players"]["alice"]) >= {"points", "wins", "losses", "rating"}
    (b,) = data["battles"]
    assert b["winner"] == "north" and b["sides"] == {"north": "alice", "south": "bob"}
    assert b["armies"]["S1"]["losses"] == {"S1.1": 2} and b["fought"] == "table"


def test_the_cli_records_a_table_battle(mapcamp: Campaign, db_path: Path) -> None:
    _clash_at_ford(mapcamp)
    args = [
        "--db",
        str(db_path),
        "strategic",
        "result",
        "1",
        "--region",
        "ford",
        "--winner",
        "north",
        "--loss",
        "S1:S1.2=2",
        "--reason",
        "club night",
    ]
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0 and "loss S1 S1.2 2" in res.output
    res = CliRunner().invoke(main, ["--db", str(db_path), "strategic", "map", "1", "-o", str(db_path.parent / "m.png")])
    assert res.exit_code == 0 and (db_path.parent / "m.png").read_bytes()[:4] == b"\x89PNG"


def _check_archive(site: Path, number: int) -> None:
    page = site / "campaign" / f"{number}.html"
    dom = browser.dump_dom(page)
    assert "Standings" in dom.headings and "Turn by turn" in dom.headings
    assert any(i.get("src") == f"{number}-map.svg" for i in dom.images)
    assert any(i.get("src") == f"{number}-strength.svg" for i in dom.images)
    assert "Rosters after the battles of turn" in dom.text
    index = browser.dump_dom(site / "index.html")
    assert any(x.href == f"campaign/{number}.html" for x in index.links)


@pytest.mark.slow
def test_the_campaign_demo_carries_losses_into_a_later_battle(tmp_path: Path) -> None:
    """The demo: >= 3 strategic turns, >= 2 battles by mail, losses visible in a later battle's rosters."""
    summary = run_campaign_demo(tmp_path / "demo", 1)
    assert summary.turns >= 3 and len(summary.battles) >= 2
    assert check_campaign_summary(summary) == [] and summary.carried
    camp = Campaign(open_store(tmp_path / "demo" / "campaign.db"))
    data = standings(camp).as_json()
    assert len([b for b in data["battles"] if b["game"]]) >= 2
    assert carried_losses(data)
    _check_archive(summary.site, summary.campaign)
    res = CliRunner().invoke(main, ["--db", str(tmp_path / "demo" / "campaign.db"), "audit", "verify"])
    assert res.exit_code == 0, res.output


@pytest.mark.slow
def test_the_same_campaign_with_one_battle_recorded_by_hand(tmp_path: Path) -> None:
    summary = run_campaign_demo(tmp_path / "demo", 1, table_battles=1)
    camp = Campaign(open_store(tmp_path / "demo" / "campaign.db"))
    data = standings(camp).as_json()
    fought = [b["fought"] for b in data["battles"]]
    assert fought[0] == "table" and "game" in fought[1:]
    assert carried_losses(data)
    dom = browser.dump_dom(summary.site / "campaign" / f"{summary.campaign}.html")
    assert "recorded by the referee" in dom.text


def test_a_finished_battle_game_feeds_its_losses_back_CAMP_BATTLE_3(mapcamp: Campaign, tmp_path: Path) -> None:
    """The battle game's end (here the referee's ruling after some play) files the umpire's result by itself."""
    from campaign.referee import end_game

    _clash_at_ford(mapcamp)
    sync(mapcamp, tmp_path)
    (link,) = links(mapcamp)
    bgs = mapcamp.load(link.battle)
    for _ in range(6):  # a few bot mails' worth of play
        pending = mapcamp.awaiting(bgs)
        if not pending or bgs.ended:
            break
        side = pending[0].side
        mapcamp.submit_orders(link.battle, bgs.sides[side], bgs.ruleset.bot_orders(bgs.state, side, 7), side=side)
        bgs = mapcamp.load(link.battle)
    end_game(mapcamp, link.battle, "south", "north conceded the field")
    bgs = mapcamp.load(link.battle)
    left = {str(u["id"]): 0 if u["eliminated"] else u["stands"] for u in bgs.ruleset.dump(bgs.state)["units"]}
    assert sync(mapcamp, tmp_path).done == (f"campaign 1: game {link.battle} ended (south); losses filed",)
    st = mapcamp.load(1).state
    for bid, (army, uid, _start) in link.units.items():
        unit = next(u for u in st["armies"][army]["units"] if u["id"] == uid)
        assert unit["stands"] == left[bid]  # the roster holds what the game left
    assert st["owner"]["ford"] == "south" and st["armies"]["N1"]["region"] == "northgate"
    (b,) = standings(mapcamp).battles
    assert b["game"] == link.battle and b["winner_player"] == "bob" and b["fought"] == "game"


def test_attrition_in_marsh_and_mountain_CAMP_ATTR_1(mapcamp: Campaign) -> None:
    mapcamp.submit_orders(1, "alice", "move N2 to marsh")
    mapcamp.submit_orders(1, "bob", "hold S1")
    st = mapcamp.load(1).state
    assert [u["stands"] for u in st["armies"]["N2"]["units"]] == [4, 4, 3]
    assert [u["stands"] for u in st["armies"]["N1"]["units"]] == [4, 4, 4]


def test_the_archive_hides_sealed_moves_until_both_are_in_CAMP_MOVE_3(mapcamp: Campaign, tmp_path: Path) -> None:
    from campaign.site import write_site

    mapcamp.submit_orders(1, "alice", "move N2 to marsh")
    write_site(mapcamp, tmp_path / "a")
    text = "\n".join(p.read_text() for p in (tmp_path / "a").rglob("*.html"))
    assert "move N2 to marsh" not in text and "sealed" in text
    mapcamp.submit_orders(1, "bob", "hold S1")
    write_site(mapcamp, tmp_path / "b")
    page = (tmp_path / "b" / "campaign" / "1.html").read_text()
    assert "N2 High Wold → Fenmarsh" in page and (tmp_path / "b" / "campaign" / "1-map.png").exists()


def test_the_template_mechanism_works_for_proconsul_too_CAMP_BATTLE_2(camp: Campaign, tmp_path: Path) -> None:
    """The shipped `rhine` map fights its battles with Proconsul: set up from the template, played to the end,
    each stand's SP lost carried back into the roster."""
    camp.add_player("ref", "ref@example.org")
    camp.new_game("campaign-map", "rhine", {"romans": "alice", "gauls": "bob", "umpire": "ref"})
    camp.submit_orders(1, "alice", "move R1 to ford")
    camp.submit_orders(1, "bob", "move G1 to ford")
    sync(camp, tmp_path)
    (link,) = links(camp)
    bgs = camp.load(link.battle)
    assert bgs.ruleset.name == "proconsul"
    for _ in range(300):
        if bgs.ended:
            break
        side = camp.awaiting(bgs)[0].side
        camp.submit_orders(link.battle, bgs.sides[side], bgs.ruleset.bot_orders(bgs.state, side, 3), side=side)
        bgs = camp.load(link.battle)
    assert bgs.ended is not None
    left = {str(s[0])[1:]: sum(s[6]) for s in bgs.ruleset.dump(bgs.state)["stands"]}
    sync(camp, tmp_path)
    st = camp.load(1).state
    assert st["battles_done"][0]["result"]["game"] == link.battle
    for bid, (army, uid, start) in link.units.items():
        unit = next(u for u in st["armies"][army]["units"] if u["id"] == uid)
        assert unit["stands"] == left.get(bid, 0) <= start


def test_every_campaign_digest_carries_the_map_CAMP_MAP_1(mapcamp: Campaign) -> None:
    from campaign.digest import build_digest

    mapcamp.submit_orders(1, "alice", "move N2 to marsh")
    mapcamp.submit_orders(1, "bob", "hold S1")
    d = build_digest(mapcamp, 1, "bob", 0)
    assert d.png is not None and d.png[:4] == b"\x89PNG"
    assert d.svg is not None and "Fenmarsh" in d.svg and "N2 11/12" in d.svg  # attrition shows on the map


def test_an_army_over_its_points_is_refused_when_its_battle_is_set_up_CAMP_ARMY_1(
    camp: Campaign, tmp_path: Path
) -> None:
    from campaign.strategic.ruleset import MAPS

    text = (MAPS / "marches.toml").read_text().replace("points = 60", "points = 20", 1)
    (tmp_path / "small.toml").write_text(text)
    camp.add_player("ref", "ref@example.org")
    camp.new_game("campaign-map", str(tmp_path / "small.toml"), SIDES)
    _clash_at_ford(camp)
    with pytest.raises(UserError, match=r"costs 45 points, more than the agreed 20 \[HH.ARMY.12\]"):
        sync(camp, tmp_path)
    assert links(camp) == []


def test_commands_bring_the_campaign_up_to_date_by_themselves(mapcamp: Campaign, db_path: Path) -> None:
    """`orders submit` (like every command that changes the file, `tick` included) creates the battle its
    moves made, and `game end` of that battle files its result: no separate `strategic sync` needed."""
    runner = CliRunner()
    for player, text in (("alice", "move N1 to ford"), ("bob", "move S1 to ford")):
        (db_path.parent / f"{player}.txt").write_text(text)
        res = runner.invoke(
            main,
            ["--db", str(db_path), "orders", "submit", "1", "--player", player, str(db_path.parent / f"{player}.txt")],
        )
        assert res.exit_code == 0, res.output
    assert "is game 2" in res.stderr
    assert (db_path.parent / "battles" / "campaign1-turn1-ford.toml").exists()
    res = runner.invoke(main, ["--db", str(db_path), "game", "end", "2", "--winner", "south", "--reason", "rout"])
    assert res.exit_code == 0, res.output
    camp = Campaign(open_store(db_path))
    st = camp.load(1).state
    assert st["turn"] == 2 and st["owner"]["ford"] == "south"


def test_legal_options_and_check_list_each_army_s_moves_CAMP_MOVE_1(mapcamp: Campaign) -> None:
    from campaign.playerinfo import check

    gs = mapcamp.load(1)
    legal = gs.ruleset.legal_options(gs.state, "north")
    n1 = legal.unit("N1")
    assert n1 is not None
    orders = {o.order: o.cost for o in n1.options}
    assert orders == {
        "move N1 to wold": 1,
        "move N1 to ford": 1,
        "move N1 to marsh": 2,
        "move N1 to moor": 2,
        "hold N1": None,
    }
    for line in orders:  # every listed option is accepted
        gs.ruleset.parse_orders(gs.state, "north", line)
    report = check(gs, "north", "move N1 to ford\nmove N2 to harbour")
    assert not report.ok and "CAMP.MOVE.1" in report.text()


def test_missed_moves_hold_or_follow_the_bot(mapcamp: Campaign) -> None:
    from campaign.ruleset import MissedOrders

    gs = mapcamp.load(1)
    rs = gs.ruleset
    assert rs.parse_orders(gs.state, "south", rs.default_orders(gs.state, "south", MissedOrders.HOLD)).canonical == (
        "hold S1\nhold S2"
    )
    bot = rs.default_orders(gs.state, "south", MissedOrders.BOT)
    assert rs.parse_orders(gs.state, "south", bot).data["moves"] != {"S1": "moor", "S2": "harbour"}


def test_a_bare_hold_holds_every_army_CAMP_MOVE_3(mapcamp: Campaign) -> None:
    gs = mapcamp.load(1)
    assert gs.ruleset.parse_orders(gs.state, "north", "hold").data == {"moves": {}}


def test_armies_whose_marches_cross_meet_on_the_way_CAMP_MOVE_4(mapcamp: Campaign) -> None:
    """N1 marches Northgate -> Southmoor while S1 marches Southmoor -> Northgate: they fight in the one worth
    more, Northgate (3 points against 1); Southmoor stays south's."""
    mapcamp.submit_orders(1, "alice", "move N1 to moor")
    mapcamp.submit_orders(1, "bob", "move S1 to northgate")
    st = mapcamp.load(1).state
    assert [(b["region"], b["armies"]) for b in st["battles"]] == [("northgate", ["N1", "S1"])]
    assert st["armies"]["S1"]["came_from"] == "moor" and st["owner"]["moor"] == "south"


def _north_holds_the_ford(camp: Campaign) -> None:
    """Turn 1: N1 takes the ford (Ashford), nobody meets."""
    camp.submit_orders(1, "alice", "move N1 to ford")
    camp.submit_orders(1, "bob", "hold")
    assert camp.load(1).state["turn"] == 2


def test_a_march_through_an_enemy_army_is_stopped_there_CAMP_MOVE_5(mapcamp: Campaign) -> None:
    """S1 marches Southmoor -> Northgate, whose only way (cost 2) runs through Ashford, where N1 stays put:
    S1 is stopped at Ashford and the two fight there; Northgate is not reached."""
    _north_holds_the_ford(mapcamp)
    mapcamp.submit_orders(1, "alice", "hold")
    mapcamp.submit_orders(1, "bob", "move S1 to northgate")
    st = mapcamp.load(1).state
    assert st["armies"]["S1"]["region"] == "ford" and st["owner"]["northgate"] == "north"
    assert [(b["region"], b["armies"]) for b in st["battles"]] == [("ford", ["N1", "S1"])]
    assert ["S1", "moor", "ford"] in st["moves_last"]
    assert any("stopped at Ashford by Army of York [CAMP.MOVE.5]" in line for line in mapcamp.load(1).last_narrative)


def test_an_army_that_marches_away_stops_nobody_CAMP_MOVE_5(mapcamp: Campaign) -> None:
    """N1 leaves Ashford for Northgate while S1 marches through Ashford towards Northgate: only an army that
    stays put stops a march, so S1 reaches Northgate and meets N1 there."""
    _north_holds_the_ford(mapcamp)
    mapcamp.submit_orders(1, "alice", "move N1 to northgate")
    mapcamp.submit_orders(1, "bob", "move S1 to northgate")
    st = mapcamp.load(1).state
    assert [(b["region"], b["armies"]) for b in st["battles"]] == [("northgate", ["N1", "S1"])]


def test_interception_can_be_turned_off_CAMP_MOVE_5(camp: Campaign) -> None:
    camp.add_player("ref", "ref@example.org")
    camp.new_game("campaign-map", "marches", SIDES, options={**NO_REINFORCEMENTS, "intercept": 0})
    _north_holds_the_ford(camp)
    camp.submit_orders(1, "alice", "hold")
    camp.submit_orders(1, "bob", "move S1 to northgate")
    st = camp.load(1).state
    assert st["armies"]["S1"]["region"] == "northgate" and st["owner"]["northgate"] == "south"
    assert st["battles"] == []


def test_mail_ingest_creates_the_battles_its_orders_made_CAMP_LOG_2(mapcamp: Campaign, db_path: Path) -> None:
    """Both sides' sealed moves arrive by mail: the `mail ingest` run that completes the turn also creates
    the battle game and mails its players, with no `tick` or `strategic sync` after it."""
    import mailbox
    from email.message import EmailMessage

    for who in ("alice", "bob"):
        mapcamp.set_password(who, f"{who}-secret")
    inbox = mailbox.Maildir(db_path.parent / "inbox", create=True)
    for n, (who, text) in enumerate((("alice", "move N1 to ford"), ("bob", "move S1 to ford"))):
        msg = EmailMessage()
        msg["From"] = f"{who} <{who}@example.org>"
        msg["To"] = "referee@campaign.example"
        msg["Subject"] = "moves"
        msg["Message-ID"] = f"<moves-{n}@example.org>"
        msg.set_content(f"SIGNON {who}@1 {who}-secret\n{text}\nSIGNOFF\n")
        inbox.add(msg)
    mapcamp.store.close()
    outbox = db_path.parent / "outbox"
    res = CliRunner().invoke(
        main,
        ["--db", str(db_path), "--outbox", str(outbox), "mail", "ingest", str(db_path.parent / "inbox"),
         "--unchecked", "accept"],
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    assert "is game 2" in res.stderr
    camp = Campaign(open_store(db_path))
    try:
        assert [(lk.region, lk.battle) for lk in links(camp, 1)] == [("ford", 2)]
        assert camp.load(2).sides == {"north": "alice", "south": "bob"}
    finally:
        camp.store.close()
    told = [p.read_text(errors="replace") for p in (outbox / "new").iterdir()]
    assert any("[game 2]" in t and "alice@example.org" in t for t in told), "no digest of the new battle to alice"
