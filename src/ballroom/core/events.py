"""What ``apply`` reports: typed facts that also read as a sentence.

The web log, the terminal log and replays are built from events. An event
with an ``audience`` is private: only those seats may see it (a die rolled
behind a screen). Everything else is public.

An event carries its facts in ``data``; its sentence may be given as text or
as a function of those facts (``Wording``), which is then called the first
time ``text`` is read. A simulation or a search that never reads the
sentences never pays for them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

Wording = Callable[[Mapping[str, Any]], str]
"""Makes an event's sentence from its data, when the sentence is first read."""


class Event:
    """One thing that happened, for people (``text``) and programs (``data``).

    ``Event(kind, text, data, audience, reveals)``; ``text`` is a sentence or
    a ``Wording`` of ``data``. Treat an event as a value: nothing changes it
    once made (its sentence, made on first reading, is kept).
    """

    __slots__ = ("_text", "audience", "data", "kind", "reveals")

    kind: str
    data: Mapping[str, Any]
    audience: frozenset[int] | None
    reveals: bool
    """Whether the rules show here what was hidden (arrangements turned up, a Plan
    completed, a Power used). Secrecy tests let twin games part ways at such an
    event; before it, a seat's view must not depend on anything it could not see."""

    def __init__(
        self,
        kind: str,
        text: str | Wording,
        data: Mapping[str, Any] | None = None,
        audience: frozenset[int] | None = None,
        reveals: bool = False,
    ) -> None:
        self.kind = kind
        self._text = text
        self.data = {} if data is None else data
        self.audience = audience
        self.reveals = reveals

    @property
    def text(self) -> str:
        """The event as a sentence, made from its data on first reading if need be."""
        text = self._text
        if not isinstance(text, str):
            text = self._text = text(self.data)
        return text

    def visible_to(self, player: int | None) -> bool:
        """Whether ``player`` (``None`` for a spectator) may see this event."""
        return self.audience is None or (player is not None and player in self.audience)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "data": dict(self.data)}

    def _key(self) -> tuple[object, ...]:
        return (self.kind, self.text, dict(self.data), self.audience, self.reveals)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # events hold a mutable mapping, as before

    def __repr__(self) -> str:
        return (
            f"Event(kind={self.kind!r}, text={self.text!r}, data={dict(self.data)!r}, "
            f"audience={self.audience!r}, reveals={self.reveals!r})"
        )


def visible(events: Iterable[Event], player: int | None) -> list[Event]:
    """The events that ``player`` may see, in order."""
    return [event for event in events if event.visible_to(player)]
