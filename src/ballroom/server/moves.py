"""How a frame lists legal moves: each action's text, structured form and encoded entry.

They depend only on the game's rules and options, so they are worked out
once per configuration and shared by every room playing it: a re-roll in
Dancing Dice offers dozens of moves, and every seat's frame lists its moves
again after each move at the table.
"""

from __future__ import annotations

import functools
from typing import Any, cast

import orjson

from ballroom.core.capabilities import HelpsMoves, StructuresActions, offers
from ballroom.core.game import Game, make_game
from ballroom.core.options import OptionValue


class MoveList:
    """The memoised listing of one game configuration's actions."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._texts: dict[int, str] = {}
        self._forms: dict[int, dict[str, Any]] = {}
        self._entries: dict[int, bytes] = {}

    def text(self, action: int) -> str:
        """An action's text form."""
        text = self._texts.get(action)
        if text is None:
            text = self._texts[action] = self.game.action_to_text(action)
        return text

    def form(self, action: int) -> dict[str, Any]:
        """An action's structured form (``family``, ``params``), which a client renders
        without reading its text, and its ``help`` (what it does and the rule behind it);
        empty for a game without either."""
        form = self._forms.get(action)
        if form is None:
            form = {}
            if offers(type(self.game), StructuresActions):
                found = cast(StructuresActions, self.game).action_json(action)
                form = {"family": found["family"], "params": found["params"]}
            if offers(type(self.game), HelpsMoves):
                form["help"] = cast(HelpsMoves, self.game).move_help(action)
            self._forms[action] = form
        return form

    def move(self, action: int) -> dict[str, Any]:
        """One legal move as a frame lists it: its id, text and structured form."""
        return {"id": action, "text": self.text(action)} | self.form(action)

    def entry(self, action: int) -> bytes:
        """``move(action)`` encoded, for a move listed without a hint."""
        entry = self._entries.get(action)
        if entry is None:
            entry = self._entries[action] = orjson.dumps(self.move(action))
        return entry


def move_list(game: Game) -> MoveList:
    """The listing shared by every game of ``game``'s configuration."""
    options = orjson.dumps(dict(game.options), option=orjson.OPT_SORT_KEYS).decode()
    return _listing(game.id, game.players, options)


@functools.lru_cache(maxsize=64)
def _listing(game_id: str, players: int, options: str) -> MoveList:
    chosen: dict[str, OptionValue] = orjson.loads(options)
    return MoveList(make_game(game_id, players, **chosen))
