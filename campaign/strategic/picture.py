"""The campaign map and the strength chart as SVG (PNG through campaign.render.png).

The map draws each region as a circle filled in its owner's colour, connections by kind (road solid,
track dashed, river blue, pass dotted brown) with their movement cost, each army as a labelled box
with its strength, and last turn's moves as arrows. The chart draws each army's stands after every
strategic turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from campaign.strategic.rules import alive, full_strength, strength

SIDE_COLOURS = ("#c0392b", "#2e6db4", "#6a8f2b", "#8e44ad")
NOBODY = "#d9d4c7"
LINE = {"road": ("#5b4a3a", ""), "track": ("#7d6b58", "8 5"), "river": ("#3d8fd1", ""), "pass": ("#8a5a2b", "2 5")}
W, H = 1000, 1000


def side_colour(state: Mapping[str, Any], side: str | None) -> str:
    if side is None or side not in state["sides"]:
        return NOBODY
    return SIDE_COLOURS[list(state["sides"]).index(side) % len(SIDE_COLOURS)]


def _connections(state: Mapping[str, Any]) -> list[str]:
    out = []
    for c in state["connections"]:
        a, b = state["regions"][c["a"]], state["regions"][c["b"]]
        colour, dash = LINE.get(c["kind"], LINE["road"])
        width = 7 if c["kind"] == "river" else 5
        out.append(
            f'<line x1="{a["x"]}" y1="{a["y"]}" x2="{b["x"]}" y2="{b["y"]}" stroke="{colour}" '
            f'stroke-width="{width}"' + (f' stroke-dasharray="{dash}"' if dash else "") + "/>"
        )
        mx, my = (a["x"] + b["x"]) // 2, (a["y"] + b["y"]) // 2
        out.append(
            f'<circle cx="{mx}" cy="{my}" r="14" fill="#fffdf5" stroke="{colour}" stroke-width="2"/>'
            f'<text x="{mx}" y="{my + 6}" font-size="17" text-anchor="middle">{c["cost"]}</text>'
        )
    return out


def _regions(state: Mapping[str, Any]) -> list[str]:
    out = []
    for rid, r in sorted(state["regions"].items()):
        fill = side_colour(state, state["owner"][rid])
        out.append(f'<circle cx="{r["x"]}" cy="{r["y"]}" r="48" fill="#fffdf5"/>')
        out.append(
            f'<circle cx="{r["x"]}" cy="{r["y"]}" r="48" fill="{fill}" fill-opacity="0.35" '
            f'stroke="{fill}" stroke-width="4"><title>{escape(r["name"])}</title></circle>'
        )
        out.append(
            f'<text x="{r["x"]}" y="{r["y"] - 56}" font-size="22" font-weight="bold" text-anchor="middle">'
            f"{escape(r['name'])}</text>"
        )
        out.append(
            f'<text x="{r["x"]}" y="{r["y"] + 8}" font-size="16" text-anchor="middle" fill="#333">'
            f"{escape(r['terrain'])} · {r['value']} pt{'s' if r['value'] != 1 else ''}</text>"
        )
    return out


def _armies(state: Mapping[str, Any]) -> list[str]:
    out = []
    placed: dict[str, int] = {}
    for aid, a in sorted(state["armies"].items()):
        if not alive(a):
            continue
        r = state["regions"][a["region"]]
        k = placed.get(a["region"], 0)
        placed[a["region"]] = k + 1
        x, y = r["x"] - 98 + 100 * (k % 2), r["y"] + 54 + 34 * (k // 2)
        colour = side_colour(state, a["side"])
        out.append(
            f'<rect x="{x}" y="{y}" width="96" height="28" rx="4" fill="{colour}" stroke="#222"/>'
            f'<text x="{x + 48}" y="{y + 20}" font-size="16" fill="#fff" text-anchor="middle" '
            f'font-weight="bold">{escape(aid)} {strength(a)}/{full_strength(a)}</text>'
        )
    return out


def _moves(state: Mapping[str, Any]) -> list[str]:
    out = []
    for aid, frm, to in state.get("moves_last", []):
        a, b = state["regions"][frm], state["regions"][to]
        colour = side_colour(state, state["armies"][aid]["side"])
        dx, dy = b["x"] - a["x"], b["y"] - a["y"]
        length = max(1, int((dx * dx + dy * dy) ** 0.5))
        x1, y1 = a["x"] + dx * 50 // length, a["y"] + dy * 50 // length
        x2, y2 = b["x"] - dx * 56 // length, b["y"] - dy * 56 // length
        out.append(
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" '
            f'stroke-width="6" marker-end="url(#arrow)"/>'
        )
    return out


def map_svg(state: Mapping[str, Any], caption: str = "") -> str:
    """The campaign map as one SVG document."""
    legend = [
        f'<rect x="{20 + 170 * i}" y="960" width="22" height="22" fill="{side_colour(state, s)}"/>'
        f'<text x="{50 + 170 * i}" y="978" font-size="19">{escape(s)}: {state["points"][s]} pts</text>'
        for i, s in enumerate(state["sides"])
    ]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H + 40}" width="{W}" height="{H + 40}" '
        'font-family="DejaVu Sans, sans-serif">',
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" '
        'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker></defs>',
        f'<rect width="{W}" height="{H + 40}" fill="#f4efe1"/>',
        f'<text x="20" y="34" font-size="26" font-weight="bold">{escape(caption or state["title"])}</text>',
        '<g transform="translate(0,40)">',
        *_connections(state),
        *_regions(state),
        *_moves(state),
        *_armies(state),
        *legend,
        "</g></svg>",
    ]
    return "\n".join(parts)


def strength_chart_svg(state: Mapping[str, Any]) -> str:
    """Each army's stands after every strategic turn (turn 0 is the start), one line per army."""
    history = state["history"]
    armies = sorted(state["armies"])
    top = max([1] + [full_strength(a) for a in state["armies"].values()])
    w, h, left, bottom = 640, 320, 50, 40
    turns = max(1, len(history) - 1)

    def xy(i: int, v: int) -> tuple[int, int]:
        return left + (w - left - 210) * i // turns, h - bottom - (h - bottom - 20) * v // top

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
        'font-family="DejaVu Sans, sans-serif" font-size="13" class="strength-chart">',
        f'<rect width="{w}" height="{h}" fill="#fffdf5"/>',
        f'<line x1="{left}" y1="{h - bottom}" x2="{w - 210}" y2="{h - bottom}" stroke="#444"/>',
        f'<line x1="{left}" y1="20" x2="{left}" y2="{h - bottom}" stroke="#444"/>',
        f'<text x="{left - 8}" y="{xy(0, top)[1] + 4}" text-anchor="end">{top}</text>',
        f'<text x="{left - 8}" y="{h - bottom + 4}" text-anchor="end">0</text>',
        f'<text x="{(w - 210) // 2}" y="{h - 8}" text-anchor="middle">strategic turn</text>',
    ]
    for i, snap in enumerate(history):
        x, _ = xy(i, 0)
        parts.append(f'<text x="{x}" y="{h - bottom + 16}" text-anchor="middle">{snap["turn"]}</text>')
    for k, aid in enumerate(armies):
        colour = side_colour(state, state["armies"][aid]["side"])
        dash = "" if k % 2 == 0 else ' stroke-dasharray="7 4"'
        pts = [xy(i, snap["strength"].get(aid, 0)) for i, snap in enumerate(history)]
        width = max(2, 8 - 2 * k)  # earlier armies drawn wider: equal lines stay visible one over the other
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="{width}"{dash} points="'
            + " ".join(f"{x},{y}" for x, y in pts)
            + '"/>'
        )
        parts += [f'<circle cx="{x}" cy="{y}" r="4" fill="{colour}"/>' for x, y in pts]
        parts.append(
            f'<line x1="{w - 200}" y1="{30 + 22 * k}" x2="{w - 175}" y2="{30 + 22 * k}" stroke="{colour}" '
            f'stroke-width="3"{dash}/><text x="{w - 168}" y="{35 + 22 * k}">'
            f"{escape(aid)} {escape(state['armies'][aid]['name'])}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts)
