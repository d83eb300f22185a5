"""Player decisions 11, 22, 24 and 25 of spec section 22 as standing orders and decision requests [PC.PBEM.6]
[PC.PBEM.3]: evade distance and path [PC.EVADE.4], retreat distance and path [PC.RETREAT.2] [PC.RETREAT.3], bounce
distance [PC.RESULT.5], heavy cavalry staying or bouncing on a draw [PC.RESULT.6]."""

from __future__ import annotations

from typing import Any

import pytest

from campaign.kit.scripted import ScriptedDice
from campaign.ruleset import NeedDecision
from games.proconsul import RULESET as R
from games.proconsul.context import Ctx
from games.proconsul.melee import _draw, new_melee
from games.proconsul.movement import evade
from games.proconsul.retreat import bounce, retreat

from .helpers import P, ctx, make, spec_hex


def _asked(st: Any, run: Any) -> NeedDecision:
    dice = ScriptedDice.of(6)
    dice.ask = True
    with pytest.raises(NeedDecision) as need:
        run(Ctx(st, dice))
    return need.value


def _answered(st: Any, key: str, answer: str) -> Ctx:
    return Ctx(st, ScriptedDice.of(6, answers={key: answer}))


# --- decision 11: evade distance and path --------------------------------------------------------------------------


def _evader(standing: dict[str, str] | None = None) -> Any:
    st = make(
        [
            {"id": "LC", "side": "blue", "troop": "cat:LC", "at": (0, 0), "facing": 0},
            {"id": "M", "side": "red", "troop": "cat:MC", "at": (1, 0), "facing": 3},
        ]
    )
    st.standing = {"blue": standing or {}}
    return st


def test_PC_EVADE_4_decision_11_evade_distance_default_standing_and_ask() -> None:
    """[PC.EVADE.4] decision 11: the full MP by default; `standing evade_distance 2` evades 2 hexes (a larger number
    is capped at the MP); `ask` asks with the options 1 to MP, the full MP as default, and uses the answer."""
    st = _evader()
    evade(ctx(st), "LC", st.stands["M"])
    assert spec_hex(st.stands["LC"].hex) == (-4, 0)
    st = _evader({"evade_distance": "2"})
    evade(ctx(st), "LC", st.stands["M"])
    assert spec_hex(st.stands["LC"].hex) == (-2, 0)
    st = _evader({"evade_distance": "9"})
    evade(ctx(st), "LC", st.stands["M"])
    assert spec_hex(st.stands["LC"].hex) == (-4, 0)
    need = _asked(_evader({"evade_distance": "ask"}), lambda c: evade(c, "LC", c.st.stands["M"]))
    assert need.side == "blue" and need.options == ("1", "2", "3", "4") and need.default == "4"
    st = _evader({"evade_distance": "ask"})
    evade(_answered(st, need.key, "1"), "LC", st.stands["M"])
    assert spec_hex(st.stands["LC"].hex) == (-1, 0)


def test_PC_EVADE_4_decision_11_evade_path_ask() -> None:
    """[PC.EVADE.4] decision 11: `standing evade_path ask` asks at each step which rear hex, the straightest first and
    as default; the answer is taken."""
    st = _evader({"evade_path": "ask", "evade_distance": "1"})
    need = _asked(st, lambda c: evade(c, "LC", c.st.stands["M"]))
    straight, other = st.label(P(-1, 0)), st.label(P(-1, 1))
    assert need.options == (straight, other) and need.default == straight
    st = _evader({"evade_path": "ask", "evade_distance": "1"})
    evade(_answered(st, need.key, other), "LC", st.stands["M"])
    assert spec_hex(st.stands["LC"].hex) == (-1, 1)


# --- decision 22: retreat distance and path ------------------------------------------------------------------------


def _loser(troop: str = "cat:HI", standing: dict[str, str] | None = None) -> Any:
    st = make([{"id": "L", "side": "red", "troop": troop, "at": (0, 0), "facing": 0}])
    st.standing = {"red": standing or {}}
    return st


def test_PC_RETREAT_2_decision_22_retreat_distance() -> None:
    """[PC.RETREAT.2] decision 22: 2 x MP by default; `standing retreat_distance 1` retreats 1 hex; `ask` offers 1 to
    2 x MP; elephants always retreat the full distance."""
    st = _loser()
    assert len(retreat(ctx(st), "L", P(1, 0), 4, True)) == 4
    st = _loser(standing={"retreat_distance": "1"})
    assert retreat(ctx(st), "L", P(1, 0), 4, True) == [P(-1, 0)]
    need = _asked(_loser(standing={"retreat_distance": "ask"}), lambda c: retreat(c, "L", P(1, 0), 4, True))
    assert need.side == "red" and need.options == ("1", "2", "3", "4") and need.default == "4"
    st = _loser(standing={"retreat_distance": "ask"})
    assert len(retreat(_answered(st, need.key, "3"), "L", P(1, 0), 4, True)) == 3
    st = _loser("cat:El", {"retreat_distance": "1"})
    assert len(retreat(ctx(st), "L", P(1, 0), 4, True)) == 4


def test_PC_RETREAT_3_decision_22_retreat_path_ask() -> None:
    """[PC.RETREAT.3] decision 22: with `standing retreat_path ask` the side picks among the steps of the best class,
    the straightest offered first and as default; with one best step nothing is asked."""
    st = _loser(standing={"retreat_path": "ask", "retreat_distance": "1"})
    need = _asked(st, lambda c: retreat(c, "L", P(1, 0), 4, True))
    assert need.options[0] == st.label(P(-1, 0)) and need.default == need.options[0] and len(need.options) == 2
    other = need.options[1]
    st = _loser(standing={"retreat_path": "ask", "retreat_distance": "1"})
    path = retreat(_answered(st, need.key, other), "L", P(1, 0), 4, True)
    assert [st.label(h) for h in path] == [other]


# --- decision 24: bounce distance ----------------------------------------------------------------------------------


def test_PC_RESULT_5_decision_24_bounce_distance() -> None:
    """[PC.RESULT.5] decision 24: the full MP by default; `standing bounce_distance 1` bounces 1 hex; `ask` asks."""
    st = _loser("cat:MC")
    bounce(ctx(st), "L", P(1, 0))
    assert st.stands["L"].hex.distance(P(0, 0)) == 3
    st = _loser("cat:MC", {"bounce_distance": "1"})
    bounce(ctx(st), "L", P(1, 0))
    assert st.stands["L"].hex.distance(P(0, 0)) == 1 and st.stands["L"].disordered
    need = _asked(_loser("cat:MC", {"bounce_distance": "ask"}), lambda c: bounce(c, "L", P(1, 0)))
    assert need.options == ("1", "2", "3") and need.default == "3"
    st = _loser("cat:MC", {"bounce_distance": "ask"})
    bounce(_answered(st, need.key, "2"), "L", P(1, 0))
    assert st.stands["L"].hex.distance(P(0, 0)) == 2


# --- decision 25: HC on a draw -------------------------------------------------------------------------------------


def _hc_draw(standing: dict[str, str] | None = None) -> tuple[Any, Any]:
    st = make(
        [
            {"id": "H", "side": "red", "troop": "cat:HC", "at": (0, 0), "facing": 0},
            {"id": "D", "side": "blue", "troop": "cat:HI", "at": (1, 0), "facing": 3},
        ]
    )
    st.standing = {"red": standing or {}}
    return st, new_melee(ctx(st), "H", "D", {"H": [P(0, 0)]})


def test_PC_RESULT_6_decision_25_heavy_cavalry_stay_or_bounce() -> None:
    """[PC.RESULT.6] decision 25: HC that draw stay by default (an ongoing melee); `standing hc_bounce yes` bounces
    them away disordered, ending the melee; `ask` asks with "no" (stay) as default."""
    st, m = _hc_draw()
    _draw(ctx(st), m)
    assert st.stands["H"].hex == P(0, 0) and st.melees[m.id].ongoing
    st, m = _hc_draw({"hc_bounce": "yes"})
    _draw(ctx(st), m)
    h = st.stands["H"]
    assert h.hex.distance(P(0, 0)) == st.troop(h).mp == 2 and h.disordered and m.id not in st.melees
    st, m = _hc_draw({"hc_bounce": "ask"})
    need = _asked(st, lambda c: _draw(c, m))
    assert need.side == "red" and need.options == ("yes", "no") and need.default == "no"
    st, m = _hc_draw({"hc_bounce": "ask"})
    _draw(_answered(st, need.key, "yes"), m)
    assert st.stands["H"].hex != P(0, 0)


def test_PC_PBEM_6_distance_and_path_standing_orders_parse() -> None:
    """[PC.PBEM.6]: `standing evade_distance 2`, `standing retreat_distance full`, `standing retreat_path ask` and
    `standing hc_bounce yes` are read and written back; a bad value is refused with the rule ID."""
    st = R.setup("open-field", {})
    text = "declare gleft\nstanding evade_distance 2\nstanding retreat_distance full\nstanding retreat_path ask\n"
    text += "standing hc_bounce yes\nstanding bounce_distance ask"
    acc = R.parse_orders(st, "gauls", text)
    assert acc.canonical == text
    st = R.apply_orders(st, acc)
    assert st.standing["gauls"]["evade_distance"] == "2" and st.standing["gauls"]["retreat_path"] == "ask"
    for bad in ("standing evade_distance far", "standing retreat_path left", "standing hc_bounce 2"):
        with pytest.raises(Exception, match="PC.PBEM.6"):
            R.parse_orders(R.setup("open-field", {}), "gauls", f"declare gleft\n{bad}")
