"""Supporting stands: who may support whom and the "directly behind" geometry
[WC.SUPPORT.1]–[WC.SUPPORT.14] [WC.HEDGEHOG.2]."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from campaign.table import CONTACT_EPS, Rect
from campaign.table.frame import dot, norm_angle, sub

from .troops import Category, Profile, TroopType

__all__ = ["Backer", "behind_overlap", "match_support", "may_support"]


@dataclass(frozen=True, slots=True)
class Backer:
    """A stand as supporter or supported: its profile and its unit's state."""

    profile: Profile
    disordered: bool = False
    fighting: bool = False
    """Touching an enemy stand [WC.SUPPORT.1]."""
    attacked_flank_or_rear: bool = False
    hedgehog: bool = False


def _kind(p: Profile) -> str:
    if p.type is TroopType.PIKES:
        return "pike"
    if p.category in (Category.CAVALRY, Category.CHARIOTS):
        return "cavalry"
    if p.category is Category.ARTILLERY:
        return "artillery"
    return "infantry"


def may_support(s: Backer, f: Backer, *, historical: bool = True) -> bool:
    """May stand ``s`` support fighting stand ``f`` (ignoring position) [WC.SUPPORT.1]–[WC.SUPPORT.10]:
    not fighting itself; neither disordered; ``f`` not attacked on a flank or rear (a hedgehog
    has none [WC.HEDGEHOG.3]); no skirmishers (H); pikes only with pikes; missile-armed infantry
    only receives; infantry backs infantry or artillery; (H) cavalry backs cavalry."""
    if s.fighting or s.disordered or f.disordered:
        return False  # [WC.SUPPORT.1] [WC.SUPPORT.7] [WC.SUPPORT.4]
    if f.attacked_flank_or_rear and not f.hedgehog:
        return False  # [WC.SUPPORT.9]
    if historical and (s.profile.skirmisher or f.profile.skirmisher):
        return False  # [WC.SUPPORT.10]
    ks, kf = _kind(s.profile), _kind(f.profile)
    if "pike" in (ks, kf):
        return ks == kf == "pike"  # [WC.SUPPORT.4]
    if ks == "cavalry":
        return historical and kf == "cavalry"  # [WC.SUPPORT.3]
    if ks != "infantry":
        return False
    if s.profile.missile_armed:
        return False  # [WC.SUPPORT.2]
    return kf in ("infantry", "artillery")  # [WC.SUPPORT.2]


def behind_overlap(s: Rect, f: Rect) -> float:
    """How much of ``s`` lies directly behind ``f``: same facing within 1°, ``s``'s front edge on
    ``f``'s rear edge, widths overlapping; 0 when not behind [WC.SUPPORT.12]."""
    if abs(norm_angle(s.facing - f.facing)) > 1.0:
        return 0.0
    gap = dot(sub(f.centre, s.centre), f.f) - (f.depth + s.depth) / 2
    if abs(gap) > CONTACT_EPS:
        return 0.0
    shift = abs(dot(sub(f.centre, s.centre), f.r))
    overlap = (f.width + s.width) / 2 - shift
    return overlap if overlap >= min(f.width, s.width) / 2 - CONTACT_EPS else 0.0


def match_support(fighters: Sequence[tuple[str, Rect]], backers: Sequence[tuple[str, Rect]]) -> list[tuple[str, str]]:
    """Pairs (fighter, supporter): each supports at most one and each fighter receives at most
    one, greedily by largest overlap, then lowest ids [WC.SUPPORT.12] [WC.SUPPORT.11]."""
    cands = []
    for fid, fr in fighters:
        for sid, sr in backers:
            ov = behind_overlap(sr, fr)
            if ov > 0:
                cands.append((-round(ov, 6), fid, sid))
    cands.sort()
    used_f: set[str] = set()
    used_s: set[str] = set()
    out = []
    for _, fid, sid in cands:
        if fid in used_f or sid in used_s:
            continue
        used_f.add(fid)
        used_s.add(sid)
        out.append((fid, sid))
    return out
