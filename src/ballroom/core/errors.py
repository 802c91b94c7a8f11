"""The errors ballroom raises for bad input.

Every one is a ``ValueError`` so that callers who only know Python's
conventions still catch them, and every message says what was wrong and what
is allowed instead.
"""

from __future__ import annotations


class BallroomError(ValueError):
    """Base class of every error caused by input from outside the engine."""


class UnknownGameError(BallroomError):
    """A game id that is not registered."""


class InvalidOptionError(BallroomError):
    """An unknown rule option, or a value the option does not allow."""


class IllegalActionError(BallroomError):
    """An action that the rules do not allow now, or text that names no action."""


class RecordError(BallroomError):
    """A game record that is malformed or does not replay."""


class ComponentError(BallroomError):
    """A component data file that is missing, unreadable or breaks a rule of its game."""


class ZoneError(BallroomError):
    """A zone or card that does not exist, or a move or view that breaks the zones' rules."""


class ViewError(BallroomError):
    """An observation that cannot be read back as a view (a malformed or foreign one)."""


class EffectError(BallroomError):
    """An ability written as data that names an unknown trigger, condition or operation."""


class PositionError(BallroomError):
    """A hand-made position (``games.*.position``) that the rules cannot hold."""


def allowed_list(values: list[str], limit: int = 12) -> str:
    """Join allowed values for an error message, eliding a long tail."""
    if len(values) <= limit:
        return ", ".join(values)
    return ", ".join(values[:limit]) + f", ... ({len(values) - limit} more)"
