"""The map campaign's archive pages: its story turn by turn (the map after every resolution, the moves,
each battle with a link into its game, the rosters after it), the standings and the strength chart.

Written by `campaign.site.write_site` into `campaign/<game>.html` next to the games' folders; every
picture is an SVG file beside it, and the current map also as PNG.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from campaign.events import EventType
from campaign.service import Campaign
from campaign.strategic.picture import map_svg, side_colour, strength_chart_svg
from campaign.strategic.rules import full_strength, region_name, strength
from campaign.strategic.service import links, strategic_games
from campaign.strategic.standings import standings
from campaign.templating import render


def _rosters(state: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "id": aid,
            "name": a["name"],
            "side": a["side"],
            "colour": side_colour(state, a["side"]),
            "region": region_name(state, a["region"]),
            "stands": strength(a),
            "full": full_strength(a),
            "units": [dict(u) for u in a["units"]],
        }
        for aid, a in sorted(state["armies"].items())
    ]


def _steps(camp: Campaign, number: int, folder: Path) -> list[dict[str, Any]]:
    """One entry per resolution of the strategic game: what happened, the map and rosters after it."""
    battle_games = {(lk.turn, lk.region): lk.battle for lk in links(camp, number)}
    steps: list[dict[str, Any]] = []
    seen_battles = 0
    for ev in camp.store.read_type(f"game:{number}", EventType.PHASE_RESOLVED.value):
        gs = camp.load(number, seq=ev.seq)
        st = gs.state
        name = f"{number}-step{len(steps) + 1}.svg"
        turn = ev.payload.get("turn")
        caption = f"{st['title']}: after turn {turn} ({ev.payload.get('phase')})"
        (folder / name).write_text(map_svg(st, caption), encoding="utf-8")
        done = st.get("battles_done", [])
        fought = []
        for b in done[seen_battles:]:
            res = b["result"]
            fought.append(
                {
                    "region": region_name(st, b["region"]),
                    "winner": res["winner"],
                    "game": battle_games.get((b["turn"], b["region"])),
                    "by": res.get("by"),
                    "reason": res.get("reason", ""),
                    "losses": {a: sum(x.values()) for a, x in sorted(res["losses"].items())},
                }
            )
        seen_battles = len(done)
        moves = [{"army": a, "from": region_name(st, f), "to": region_name(st, t)} for a, f, t in st["moves_last"]]
        steps.append(
            {
                "turn": turn,
                "phase": ev.payload.get("phase"),
                "map": name,
                "seq": ev.seq,
                "moves": moves if ev.payload.get("phase") == "moves" else [],
                "contacts": [region_name(st, b["region"]) for b in st["battles"]],
                "battles": fought,
                "rosters": _rosters(st) if fought else [],
                "points": dict(st["points"]),
            }
        )
    return steps


def write_campaign_pages(camp: Campaign, root: Path, common: dict[str, Any]) -> list[dict[str, Any]]:
    """Write every map campaign's page; what the index lists about each."""
    out: list[dict[str, Any]] = []
    folder = root / "campaign"
    numbers = strategic_games(camp)
    if not numbers:
        return out
    folder.mkdir(parents=True, exist_ok=True)
    table = standings(camp)
    for number in numbers:
        gs = camp.load(number)
        st = gs.state
        steps = _steps(camp, number, folder)
        (folder / f"{number}-map.svg").write_text(map_svg(st), encoding="utf-8")
        (folder / f"{number}-strength.svg").write_text(strength_chart_svg(st), encoding="utf-8")
        from campaign.render.png import render_png

        (folder / f"{number}-map.png").write_bytes(render_png(map_svg(st)))
        battles = [b for b in table.battles if b.get("campaign") == number]
        page = render(
            "site/campaign.html.j2",
            **common,
            root="../",
            number=number,
            title=st["title"],
            state=st,
            sides=gs.sides,
            steps=steps,
            rosters=_rosters(st),
            standings=table,
            battles=battles,
            result=st["result"],
        )
        (folder / f"{number}.html").write_text(page, encoding="utf-8")
        out.append(
            {
                "number": number,
                "title": st["title"],
                "href": f"campaign/{number}.html",
                "turn": st["turn"],
                "result": st["result"],
            }
        )
    return out
