"""Clauses mutation testing of games/cry_havoc/combat.py found unpinned (benchmarks/mutation.py ch:combat):
each refusal's rule ID and words, the escape clause, the knight priority sets, the hexes between two knights
[CH.COMBAT.2]-[CH.COMBAT.13] [CH.TADV.3] [CH.ODDS.3] [CH.ODDS.5] [CH.RANSOM.10] [CH.COMMAND.8]."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.cry_havoc.combat import (
    Combat,
    between,
    odds,
    priority_problem,
    priority_set,
    reach_set,
    uncommanded_problem,
)
from games.cry_havoc.model import Condition, Ransom, Values
from games.cry_havoc.movement import Illegal
from games.cry_havoc.state import GameState
from games.cry_havoc.tables import Table, Terrain

from .helpers import TYPES, H, horse, make, man, set_


def refused(st: GameState, cb: Combat, code: str, message: str, used: frozenset[str] = frozenset()) -> Illegal:
    """The combat is refused under ``code`` with exactly ``message``."""
    with pytest.raises(Illegal) as e:
        odds(st, cb, used)
    assert (e.value.code, e.value.message) == (code, message)
    return e.value


def duel() -> GameState:
    """A red man-at-arms A next to a blue man-at-arms D (red is phasing)."""
    st = make()
    man(st, "A", "man_at_arms", "red", (0, 0))
    man(st, "D", "man_at_arms", "blue", (1, 0))
    return st


def test_CH_TURN_3_only_the_phasing_side_attacks() -> None:
    """[CH.TURN.3]: a man of the side not moving now may not attack."""
    st = duel()
    refused(st, Combat(("D",), ("A",)), "CH.TURN.3", "D is not of the phasing side")


@pytest.mark.parametrize(
    ("change", "code", "message"),
    [
        ({"condition": Condition.DEAD}, "CH.COMBAT.2", "A cannot fight (dead, captured or gone)"),
        ({"condition": Condition.STUNNED}, "CH.STATE.4", "A is stunned"),
        ({"action": "mount X"}, "CH.SEQ.8", "A spends this phase on 'mount X'"),
    ],
)
def test_CH_COMBAT_2_an_attacker_who_may_not_fight_is_refused_by_name(
    change: dict[str, object], code: str, message: str
) -> None:
    """[CH.COMBAT.2] [CH.STATE.4] [CH.SEQ.8]: the dead, the stunned and the busy do not attack; each reason
    names its rule."""
    st = duel()
    set_(st, "A", **change)
    refused(st, Combat(("A",), ("D",)), code, message)


def test_CH_COMBAT_2_an_unknown_attacker_is_named() -> None:
    """[CH.COMBAT.2]: an attacker id that names nobody."""
    refused(duel(), Combat(("Z",), ("D",)), "CH.COMBAT.2", "there is no character Z")


def test_CH_COMBAT_3_one_attack_per_step() -> None:
    """[CH.COMBAT.3]: a man who attacked this step does not attack again."""
    msg = "A has already attacked this step: one attack per step"
    refused(duel(), Combat(("A",), ("D",)), "CH.COMBAT.3", msg, frozenset({"A"}))


def test_CH_ODDS_5_attack_zero_never_attacks_attack_one_may() -> None:
    """[CH.ODDS.5]: a man of attack 0 may not attack (refused as such, not as poor odds); attack 1 is enough
    against a defence of 1."""
    st = make()
    man(st, "W", "civilian", "red", (0, 0), condition=Condition.WOUNDED)  # attack 1
    man(st, "V", "civilian", "blue", (1, 0), condition=Condition.WOUNDED)  # defence 1
    assert odds(st, Combat(("W",), ("V",))).column == 1
    nought = replace(TYPES["civilian"], foot=Values(0, 2, 6))
    set_(st, "W", profile=nought, condition=Condition.UNWOUNDED)
    refused(st, Combat(("W",), ("V",)), "CH.ODDS.5", "W has attack 0")


def test_CH_COMBAT_4_a_combat_needs_both_sides() -> None:
    """[CH.COMBAT.4]: no attacker, or no defender, is refused (each on its own)."""
    msg = "a combat needs at least one attacker and one defender"
    refused(duel(), Combat((), ("D",)), "CH.COMBAT.4", msg)
    refused(duel(), Combat(("A",), ()), "CH.COMBAT.4", msg)


def test_CH_COMBAT_5_many_against_many_is_refused_with_a_hint() -> None:
    """[CH.COMBAT.5]: the refusal says what to do instead."""
    st = duel()
    man(st, "A2", "man_at_arms", "red", (1, -1))
    man(st, "D2", "man_at_arms", "blue", (0, 1))
    e = refused(
        st, Combat(("A", "A2"), ("D", "D2")), "CH.COMBAT.5", "several attackers may not fight several defenders at once"
    )
    assert e.hint == "split it into combats of one attacker, or against one defender"


def test_CH_COMBAT_4_not_adjacent_is_named() -> None:
    """[CH.COMBAT.4]: combat is only between adjacent hexes; the refusal names both."""
    st = duel()
    man(st, "F", "man_at_arms", "blue", (3, 0))
    refused(st, Combat(("A",), ("F",)), "CH.COMBAT.4", "A is not next to F: combat is only between adjacent hexes")


def test_CH_TADV_3_attackers_in_different_terrain_attack_separately() -> None:
    """[CH.TADV.3] [CH.COMBAT.4]: the refusal says why."""
    st = make({(1, 0): Terrain.SCRUB})
    man(st, "D", "knight", "blue", (0, 0))
    man(st, "A1", "man_at_arms", "red", (-1, 0))
    man(st, "A2", "man_at_arms", "red", (1, 0))
    msg = "attackers in different terrain must attack separately [CH.TADV.3]"
    refused(st, Combat(("A1", "A2"), ("D",)), "CH.COMBAT.4", msg)


def test_CH_ODDS_3_below_one_to_one_says_the_strengths() -> None:
    """[CH.ODDS.3]: the refusal gives both strengths and the shift."""
    st = make({(1, 0): Terrain.DOOR})
    man(st, "A", "peasant", "red", (0, 0), condition=Condition.WOUNDED)  # attack 3
    man(st, "D", "peasant", "blue", (1, 0))  # defence 3, in a door: shift -1
    msg = "3 against 3 (terrain shift -1) is below 1-1: not permitted"
    refused(st, Combat(("A",), ("D",)), "CH.ODDS.3", msg)


def test_CH_COMBAT_10_who_may_be_attacked() -> None:
    """[CH.COMBAT.10]: nobody by that id, a dead or own animal, a corpse on the map, a man off the map or
    a prisoner: each refused as an illegal defender (not as "not adjacent")."""
    st = duel()
    refused(st, Combat(("A",), ("Z",)), "CH.COMBAT.10", "there is no character or animal Z")
    horse(st, "H", (0, 1), 0, side="red")
    refused(st, Combat(("A",), ("H",)), "CH.COMBAT.10", "H cannot be attacked (dead or your own)")
    why = "D cannot be attacked (own side, dead, gone or a prisoner)"
    for change in ({"condition": Condition.DEAD}, {"body": None}, {"ransom": Ransom.PRISONER}):
        st2 = duel()
        set_(st2, "D", **change)
        refused(st2, Combat(("A",), ("D",)), "CH.COMBAT.10", why)


def test_CH_COMBAT_6_an_animal_is_attacked_alone() -> None:
    """[CH.COMBAT.6]: a horse with a horseman beside it (both mounted, so not the mixed-defenders rule)."""
    st = make()
    man(st, "A", "knight", "red", (0, 0))
    horse(st, "H", (1, 0), 0)
    man(st, "R", "knight", "blue", (0, 1), facing=0)
    refused(st, Combat(("A",), ("H", "R")), "CH.COMBAT.6", "an animal is attacked alone")


def test_CH_COMBAT_6_mounted_and_foot_defenders_apart() -> None:
    """[CH.COMBAT.6]: the refusal's words."""
    st = make()
    man(st, "A", "knight", "red", (0, 0))
    man(st, "P", "peasant", "blue", (1, 0))
    man(st, "R", "knight", "blue", (0, 1), facing=0)
    refused(st, Combat(("A",), ("P", "R")), "CH.COMBAT.6", "defenders of one combat are all mounted or all on foot")


def test_CH_RANSOM_10_a_prisoner_joins_only_a_friend_s_attack_on_his_escort() -> None:
    """[CH.RANSOM.10] case 2: a prisoner may attack his escort together with a friend, never alone; and
    joining someone does not excuse a stunned man."""
    st = make()
    man(st, "E", "man_at_arms", "red", (0, 0))  # the escort
    man(st, "P", "knight", "blue", (1, 0), ransom=Ransom.PRISONER, captor="red", escort=("E",))
    man(st, "F", "knight", "blue", (-1, 0))
    st.phasing = 1
    assert odds(st, Combat(("P", "F"), ("E",))).attack == 10 + 30  # ransom attack + the friend's
    refused(st, Combat(("P",), ("E",)), "CH.COMBAT.2", "P cannot fight (dead, captured or gone)")
    man(st, "S", "man_at_arms", "blue", (0, 1), condition=Condition.STUNNED)
    refused(st, Combat(("S", "F"), ("E",)), "CH.STATE.4", "S is stunned")


@pytest.mark.parametrize(
    "change",
    [
        {"profile": TYPES["man_at_arms"], "needs_command": True},
        {"condition": Condition.DEAD},
        {"condition": Condition.STUNNED},
        {"action": "mount X"},
    ],  # fmt: skip
)
def test_CH_COMBAT_13_only_a_knight_free_to_fight_has_a_priority(change: dict[str, object]) -> None:
    """[CH.COMBAT.13]: a non-knight, a dead, stunned or busy knight has no priority set, even when an enemy
    knight was within reach."""
    st = make()
    man(st, "K", "knight", "red", (0, 0))
    set_(st, "K", **change)
    man(st, "E", "knight", "blue", (4, 0))
    assert priority_set(st, st.characters["K"], frozenset({"E"})) == []


def test_CH_COMBAT_13_priority_set_looks_at_every_enemy() -> None:
    """[CH.COMBAT.13]: enemies are looked at in id order, and none stops the search: a peasant first, a knight
    out of reach, a knight he cannot fight at 1-1 or better, then the adjacent knight he can; two reached
    knights both count."""
    st = make({(0, 1): Terrain.DOOR})
    man(st, "K", "knight", "red", (0, 0), condition=Condition.WOUNDED)  # attack 15
    man(st, "A", "peasant", "blue", (-1, 0))
    man(st, "B", "knight", "blue", (5, 0))
    man(st, "C", "knight", "blue", (0, 1))  # 15 against 12 in a door (shift -1): below 1-1
    man(st, "E", "knight", "blue", (1, 0), condition=Condition.WOUNDED)
    assert [e.id for e in priority_set(st, st.characters["K"])] == ["E"]
    assert [e.id for e in priority_set(st, st.characters["K"], frozenset({"B", "E"}))] == ["B", "E"]


def test_CH_COMBAT_13_between_the_nearest_hexes() -> None:
    """[CH.COMBAT.13]: the hexes between K and E are read between their nearest hexes (a horseman's front
    here, not his rear); both candidates count; nothing is between at distance 1, something at distance 2."""
    st = make()
    k = man(st, "K", "knight", "red", (0, 0), facing=0)  # rear (-1, 0)
    assert between(k, man(st, "E", "knight", "blue", (2, 0))) == {H(1, 0)}
    foot = man(st, "K", "knight", "red", (0, 0))
    assert between(foot, man(st, "E", "knight", "blue", (1, 1))) == {H(0, 1), H(1, 0)}
    assert between(foot, man(st, "E", "knight", "blue", (1, 0))) == set()


def test_CH_COMBAT_13_reach_needs_a_knight() -> None:
    """[CH.COMBAT.13] item 1: only a knight has a reach set; enemies are looked at in id order past a
    non-knight."""
    st = make()
    man(st, "K", "man_at_arms", "red", (0, 0))
    man(st, "A", "peasant", "blue", (-2, 0))
    man(st, "E", "knight", "blue", (3, 0))
    assert reach_set(st, st.characters["K"]) == frozenset()
    set_(st, "K", profile=TYPES["knight"])
    assert reach_set(st, st.characters["K"]) == {"E"}


def test_CH_COMBAT_13_a_horseman_s_reach_is_by_mounted_steps() -> None:
    """[CH.COMBAT.13] [CH.GEOM.11]: a mounted knight reaches by horse steps, which trees stop (a man on foot
    would walk through them)."""
    wood = {
        (5 + q, r): Terrain.TREE for q in range(-2, 3) for r in range(-2, 3) if 0 < abs(q) + abs(r) + abs(q + r) <= 4
    }
    st = make(wood)  # E stands in a clearing two trees deep
    man(st, "K", "knight", "red", (0, 0), facing=0)
    man(st, "E", "knight", "blue", (5, 0))
    assert reach_set(st, st.characters["K"]) == frozenset()
    st2 = make()
    man(st2, "K", "knight", "red", (0, 0), facing=0)
    man(st2, "E", "knight", "blue", (5, 0))
    assert reach_set(st2, st2.characters["K"]) == {"E"}


def test_CH_COMBAT_13_reach_tries_every_place() -> None:
    """[CH.COMBAT.13] item 1: from where he stands (scrub) a wounded knight is below 1-1 against E; from a
    flat hex he reaches he is not, so E is in his reach set."""
    st = make({(0, 0): Terrain.SCRUB})
    man(st, "K", "knight", "red", (0, 0), condition=Condition.WOUNDED)  # attack 15, class -1 in scrub
    man(st, "E", "knight", "blue", (2, 0), facing=0)  # defence 15, his rear at (1, 0)
    with pytest.raises(Illegal):
        odds(st, Combat(("K",), ("E",)))
    assert reach_set(st, st.characters["K"]) == {"E"}


def test_CH_COMBAT_13_priority_checks_every_attacker() -> None:
    """[CH.COMBAT.13] item 2: the second attacker's duty counts though the first has none; the reason names
    every priority knight and every defender refused."""
    st = make()
    man(st, "A", "man_at_arms", "red", (0, 1))
    man(st, "K", "knight", "red", (0, 0))
    man(st, "E1", "knight", "blue", (1, 0))
    man(st, "E2", "knight", "blue", (-1, 0))
    man(st, "P", "peasant", "blue", (1, -1))
    man(st, "Q", "peasant", "blue", (0, -1))
    assert priority_problem(st, Combat(("A", "K"), ("P",))) == (
        "K must make the enemy knight E1, E2 his combat priority; he may not attack P [CH.COMBAT.13]"
    )
    assert priority_problem(st, Combat(("K",), ("P", "Q"))) == (
        "K must make the enemy knight E1, E2 his combat priority; he may not attack P, Q [CH.COMBAT.13]"
    )


def test_CH_COMBAT_13_reach_mode_still_allows_the_knight_himself() -> None:
    """[CH.COMBAT.13] "reach" mode: the men between K and E are added to what he may attack, not put in place
    of E."""
    st = make(config={"combat.knight_priority": "reach"})
    man(st, "K", "knight", "red", (0, 0))
    man(st, "E", "knight", "blue", (1, 0))
    man(st, "F", "knight", "blue", (0, 3))
    man(st, "M", "man_at_arms", "blue", (0, 2))  # between K and F
    assert priority_problem(st, Combat(("K",), ("E",)), {"K": frozenset({"E", "F"})}) is None
    assert priority_problem(st, Combat(("K",), ("M",)), {"K": frozenset({"E", "F"})}) is None


def test_CH_COMMAND_8_uncommanded_attackers() -> None:
    """[CH.COMMAND.8]: without a command check nothing is refused; a commanded man or one who needs no
    command attacks anyone; the second attacker is checked though the first is commanded."""
    st = make()
    man(st, "U", "man_at_arms", "red", (0, 0))
    man(st, "C", "man_at_arms", "red", (1, -1))
    man(st, "Y", "man_at_arms", "blue", (1, 0))
    cb = Combat(("C", "U"), ("Y",))
    assert uncommanded_problem(st, cb, None, {}) is None
    assert uncommanded_problem(st, cb, frozenset({"C", "U"}), {}) is None
    why = "U is out of command and may not advance to combat against Y [CH.COMMAND.8]"
    assert uncommanded_problem(st, cb, frozenset({"C"}), {}) == why
    man(st, "Z", "man_at_arms", "blue", (0, 1))
    both = "U is out of command and may not advance to combat against Y, Z [CH.COMMAND.8]"
    assert uncommanded_problem(st, Combat(("U",), ("Y", "Z")), frozenset(), {}) == both
    set_(st, "U", needs_command=False)
    assert uncommanded_problem(st, cb, frozenset({"C"}), {}) is None
    set_(st, "U", needs_command=True, attacked_by=("Y",))
    assert uncommanded_problem(st, cb, frozenset({"C"}), {}) is None
    assert uncommanded_problem(st, cb, frozenset({"C"}), {"U": frozenset()}) is None  # contact is not asked


def test_CH_COMMAND_8_in_contact_option() -> None:
    """[CH.COMMAND.8] option "in_contact": those he touched, not those who attacked him."""
    st = make(config={"command.uncommanded_attack": "in_contact"})
    man(st, "U", "man_at_arms", "red", (0, 0), attacked_by=("Y",))
    man(st, "Y", "man_at_arms", "blue", (1, 0))
    assert uncommanded_problem(st, Combat(("U",), ("Y",)), frozenset(), {})
    assert uncommanded_problem(st, Combat(("U",), ("Y",)), frozenset(), {"U": frozenset({"Y"})}) is None


def test_CH_COMBAT_6_mounted_defenders_use_the_mounted_table() -> None:
    """[CH.COMBAT.6] [CH.CRT.1]: a horse alone is fought on the mounted table."""
    st = make()
    man(st, "A", "knight", "red", (0, 0))
    horse(st, "H", (1, 0), 0)
    assert odds(st, Combat(("A",), ("H",))).table is Table.CRT_MOUNTED
