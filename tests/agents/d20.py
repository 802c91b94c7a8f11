"""What the small d20 games of the search tests share: two seats, actions named by number."""

from __future__ import annotations

from typing import ClassVar

from ballroom.core.errors import IllegalActionError
from ballroom.core.game import Game

FACES = 20


class D20Game(Game):
    """A two-seat test game whose actions (moves and die faces) are plain numbers."""

    rules_version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    @property
    def num_distinct_actions(self) -> int:
        return FACES

    def action_to_text(self, action: int) -> str:
        return str(action)

    def parse_action(self, text: str) -> int:
        if not text.isdigit():
            raise IllegalActionError(f"an action is a digit, not {text!r}")
        return int(text)
