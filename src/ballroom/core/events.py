"""What ``apply`` reports: typed facts that also read as a sentence.

The web log, the terminal log and replays are built from events. An event
with an ``audience`` is private: only those seats may see it (a die rolled
behind a screen). Everything else is public.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, for people (``text``) and programs (``data``)."""

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[int] | None = None
    reveals: bool = False
    """Whether the rules show here what was hidden (arrangements turned up, a Plan
    completed, a Power used). Secrecy tests let twin games part ways at such an
    event; before it, a seat's view must not depend on anything it could not see."""

    def visible_to(self, player: int | None) -> bool:
        """Whether ``player`` (``None`` for a spectator) may see this event."""
        return self.audience is None or (player is not None and player in self.audience)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "data": dict(self.data)}


def visible(events: Iterable[Event], player: int | None) -> list[Event]:
    """The events that ``player`` may see, in order."""
    return [event for event in events if event.visible_to(player)]
