"""What a board picture shows that a text board may not: terrain features and the last bound's arrows.

A digest's text part is read by players whose mail program shows no picture, so every crossing,
wall or ford the picture draws, and every arrow of what happened, is also listed in words, with
the hex labels the orders use. Pure: it reads a `BoardPicture` and returns lines.

    >>> from campaign.hexgrid import MapSpec, Orientation
    >>> from campaign.picture import Arrow, ArrowKind, BoardPicture, HexFeature
    >>> spec = MapSpec(6, 4, Orientation.POINTY)
    >>> pic = BoardPicture("t", spec, hex_features=(HexFeature(spec.to_hex(2, 2), "ford"),),
    ...                    arrows=(Arrow(ArrowKind.ATTACK, (spec.to_hex(1, 1), spec.to_hex(2, 1))),))
    >>> feature_lines(pic), arrow_lines(pic)
    (['ford: 0202'], ['attack: 0101 -> 0201'])
"""

from __future__ import annotations

from campaign.picture import BoardPicture

SIDE_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
"""Hex sides 0..5 as docs/hexgrid.md names them."""


def feature_lines(pic: BoardPicture) -> list[str]:
    """One line per kind of feature: every hex (and hex side) the picture draws it on."""
    spec = pic.map_spec
    kinds: dict[str, list[str]] = {}
    for f in pic.hex_features:
        kinds.setdefault(f.kind, []).append(spec.label(f.hex))
    for s in pic.hexside_features:
        name = SIDE_NAMES[s.direction] if 0 <= s.direction < len(SIDE_NAMES) else str(s.direction)
        kinds.setdefault(s.kind, []).append(f"{spec.label(s.hex)}/{name}")
    for r in pic.routes:
        kinds.setdefault(r.kind, []).append("-".join(spec.label(h) for h in r.hexes))
    return [f"{kind.replace('_', ' ')}: {', '.join(sorted(set(where)))}" for kind, where in sorted(kinds.items())]


def arrow_lines(pic: BoardPicture) -> list[str]:
    """Each arrow as words: who, what, and the hexes it runs through."""
    spec = pic.map_spec
    return [
        f"{a.side + ' ' if a.side else ''}{a.kind.value}: {' -> '.join(spec.label(h) for h in a.hexes)}"
        for a in pic.arrows
    ]
