"""Interactive games through the core: the resolution stops, the side is asked, the answer is an
event, replay gives the same board [CH.PBEM.1] [CH.PBEM.13] [CH.PBEM.14] [CH.PBEM.17] [CH.DICE.4]."""

from __future__ import annotations

from campaign.replay import state_at
from campaign.service import Campaign, WaitingForDecision
from games.cry_havoc import RULESET


def test_CH_PBEM_1_interactive_game_asks_and_replays(camp: Campaign) -> None:
    """An interactive raid: every mid-phase choice is put to the side it belongs to; its answer is on file
    and replay from the log rebuilds the same state."""
    gs = camp.new_game(
        "cry-havoc", "raid", {"raiders": "alice", "villagers": "bob"}, options={"pbem.mode": "interactive", "turns": 3}
    )
    game = gs.number
    asked = 0
    for step in range(200):
        gs = camp.load(game)
        if gs.ended is not None:
            break
        waiting = camp.advance(game)
        if isinstance(waiting, WaitingForDecision):
            asked += 1
            player = gs.sides[waiting.side]
            answer = waiting.options[-1]  # not always the default: the answer must count
            camp.submit_orders(game, player, answer, side=waiting.side)
            continue
        request = camp.awaiting(gs)[0]
        text = RULESET.bot_orders(gs.state, request.side, step)
        camp.submit_orders(game, gs.sides[request.side], text, side=request.side)
    gs = camp.load(game)
    assert gs.ended is not None
    assert asked >= 1, "no decision was asked in an interactive game"
    assert RULESET.dump(state_at(camp.store, f"game:{game}", use_snapshots=False).state) == RULESET.dump(gs.state)
