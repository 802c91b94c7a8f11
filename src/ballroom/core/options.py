"""Declared rule options and variants.

A game declares its options once; the same declaration validates user input,
fills in defaults and documents the option in ``ballroom games``. A choice
option lists its default first, as RULINGS.md asks of variants.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ballroom.core.errors import InvalidOptionError
from ballroom.core.words import capital

OptionValue = str | int | bool


@dataclass(frozen=True, slots=True)
class Option:
    """One rule option: a named choice, an integer in a range, or a flag."""

    name: str
    doc: str
    default: OptionValue
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    """The option's name as a person reads it (a page's form); from ``name`` when empty."""
    choice_labels: tuple[str, ...] = ()
    """Each choice as a person reads it, in the order of ``choices``; from the ids when empty."""

    def __post_init__(self) -> None:
        if self.choices and self.choices[0] != self.default:
            raise ValueError(f"option {self.name}: the default must be listed first")
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"option {self.name}: one label for each choice")

    @property
    def title(self) -> str:
        """The option's name in words ("research-faces" reads "Research faces")."""
        return self.label or capital(self.name.replace("-", " "))

    @property
    def choice_titles(self) -> tuple[str, ...]:
        """The choices in words, in the order of ``choices``."""
        return self.choice_labels or tuple(capital(c.replace("-", " ")) for c in self.choices)

    def doc_in_words(self) -> str:
        """The doc with each choice named in words, for a page (the terminal keeps the ids
        a person types)."""
        if not self.choices:
            return self.doc
        titles = dict(zip(self.choices, self.choice_titles, strict=True))
        ids = "|".join(map(re.escape, sorted(self.choices, key=len, reverse=True)))
        # A joined id is no word wherever it stands; a plain one ("own", "any") is named
        # only where the doc defines it ("own: ..."), so the English word stays.
        pattern = re.compile(rf"(?<![\w-])({ids})(?![\w-])")
        return pattern.sub(
            lambda m: (
                titles[m.group(1)]
                if "-" in m.group(1) or self.doc[m.end() : m.end() + 1] == ":"
                else m.group(1)
            ),
            self.doc,
        )

    @property
    def kind(self) -> str:
        if self.choices:
            return "choice"
        if isinstance(self.default, bool):
            return "flag"
        return "integer"

    def allowed(self) -> str:
        """A short description of the values this option accepts."""
        if self.choices:
            return " | ".join(self.choices)
        if isinstance(self.default, bool):
            return "true | false"
        return f"{self.minimum}..{self.maximum}"

    def validate(self, value: object) -> OptionValue:
        """Return ``value`` in the option's own type, or raise a clear error."""
        if isinstance(value, str):
            return self.parse(value)
        if self.choices:
            raise self._error(value)
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
            raise self._error(value)
        if isinstance(value, int) and not isinstance(value, bool):
            return self._in_range(value)
        raise self._error(value)

    def parse(self, text: str) -> OptionValue:
        """Parse the text form used on command lines and in web forms."""
        text = text.strip()
        if self.choices:
            if text in self.choices:
                return text
            raise self._error(text)
        if isinstance(self.default, bool):
            lowered = text.lower()
            if lowered in ("true", "yes", "on", "1"):
                return True
            if lowered in ("false", "no", "off", "0"):
                return False
            raise self._error(text)
        try:
            number = int(text)
        except ValueError:
            raise self._error(text) from None
        return self._in_range(number)

    def _in_range(self, number: int) -> int:
        if (self.minimum is not None and number < self.minimum) or (
            self.maximum is not None and number > self.maximum
        ):
            raise self._error(number)
        return number

    def _error(self, value: object) -> InvalidOptionError:
        return InvalidOptionError(
            f"option {self.name!r} does not allow {value!r}; allowed: {self.allowed()}"
        )


@dataclass(frozen=True, slots=True)
class OptionSet:
    """The options one game declares, in display order."""

    options: tuple[Option, ...] = ()

    def names(self) -> list[str]:
        return [option.name for option in self.options]

    def get(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        allowed = ", ".join(self.names()) or "none (this game has no options)"
        raise InvalidOptionError(f"unknown option {name!r}; allowed options: {allowed}")

    def resolve(self, given: Mapping[str, object]) -> dict[str, OptionValue]:
        """Validate ``given`` and fill in every default.

        Keys may use ``-`` or ``_`` interchangeably, so that Python keyword
        arguments (``refreshment_domain="any"``) work like CLI text.
        """
        values = {option.name: option.default for option in self.options}
        for raw_name, value in given.items():
            option = self.get(raw_name.replace("_", "-"))
            values[option.name] = option.validate(value)
        return values

    def parse_pairs(self, pairs: Iterable[str]) -> dict[str, OptionValue]:
        """Parse ``name=value`` strings (CLI ``--option``) into validated values."""
        given: dict[str, object] = {}
        for pair in pairs:
            name, sep, value = pair.partition("=")
            if not sep:
                raise InvalidOptionError(
                    f"option {pair!r} must be written name=value; "
                    f"allowed options: {', '.join(self.names()) or 'none'}"
                )
            given[name.strip()] = value
        return self.resolve(given)
