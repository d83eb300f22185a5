"""Starting a game: ruleset, scenario, sides, options, deadlines, the first dice commitment.

Part of the `Campaign` use cases (campaign/service/__init__.py puts the layers together).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaign import canonical
from campaign import eventdata as ed
from campaign.dice import DiceMode
from campaign.eventlog import ConflictError
from campaign.events import game_stream
from campaign.kit.scenario_file import ScenarioError
from campaign.replay import (
    GameState,
    engine_id,
)
from campaign.ruleset import find
from campaign.scenarios import ScenarioNotFound, scenario_source
from campaign.service.base import (
    MAX_RETRIES,
    UserError,
)
from campaign.service.players import PlayerCases


class GameCases(PlayerCases):
    """Starting a game: ruleset, scenario, sides, options, deadlines, the first dice commitment."""

    def new_game(
        self,
        ruleset_name: str,
        scenario: str,
        sides: Mapping[str, str],
        *,
        dice_mode: DiceMode = DiceMode.FAIR,
        options: Mapping[str, Any] | None = None,
        schedule: Mapping[str, Any] | None = None,
    ) -> GameState:
        try:
            rs = find(ruleset_name)
        except LookupError as exc:
            raise UserError(str(exc)) from exc
        try:
            source, info = scenario_source(rs, scenario)
        except ScenarioNotFound as exc:
            raise UserError(str(exc)) from exc
        except ScenarioError as exc:
            raise UserError(f"cannot use scenario {scenario!r}:\n{exc}") from exc
        except NotImplementedError as exc:
            raise UserError(str(exc)) from exc
        want = set(info.sides)
        given = set(sides)
        if given != want:
            raise UserError(
                f"scenario {source.label!r} has sides {', '.join(sorted(want))}; give each exactly once with"
                f" --side SIDE=PLAYER (got {', '.join(sorted(given)) or 'none'})"
            )
        known = self.players()
        for side, player in sorted(sides.items()):
            if player not in known:
                raise UserError(f"side {side}: there is no player {player!r} (add one with `campaign player add`)")
        opts = dict(rs.new_game_options(dict(options or {})))  # e.g. the engine's current rules version
        try:
            canonical.dumps(opts)
            rs.setup_from(source, opts)  # validate before anything is written
        except ScenarioError as exc:
            raise UserError(f"cannot set up {source.label!r}:\n{exc}") from exc
        except NotImplementedError as exc:
            raise UserError(str(exc)) from exc
        except (ValueError, TypeError) as exc:
            raise UserError(f"cannot set up {source.label!r}: {exc}") from exc
        # a file's whole text goes into the record: replay never reads the file again
        record = ed.GameCreated(
            ruleset=rs.name,
            engine=engine_id(rs),
            scenario=source.name,
            scenario_file=source.path if source.from_file else None,
            scenario_text=source.text if source.from_file else None,
            options=opts,
            sides=dict(sorted(sides.items())),
            dice=dice_mode.value,
            schedule=dict(schedule) if schedule else None,
        )
        for _ in range(MAX_RETRIES):
            number = len(self.games()) + 1
            stream = game_stream(number)
            created = record.new_event(stream)
            events = [created]
            secrets: dict[str, str] = {}
            if dice_mode is DiceMode.FAIR:
                ev, secrets = self._commit_seed(stream, 1)
                events.append(ev)
            try:
                self.store.append(events, expected={stream: 0}, engine=engine_id(rs), secrets=secrets)
            except ConflictError:
                continue
            return self.load(number)
        raise UserError("the campaign is too busy right now; try again")
