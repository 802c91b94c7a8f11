"""The seeded random source that lives inside a State.

Only Python's Mersenne Twister ``getrandbits`` and ``random`` are used, and
integers are drawn by our own rejection sampling, so a seed gives the same
numbers on every machine and every Python release.
"""

from __future__ import annotations

import hashlib
import random
from bisect import bisect_right
from collections.abc import Sequence
from functools import cache
from itertools import accumulate
from typing import TypeVar

T = TypeVar("T")


def derive_seed(seed: int, *keys: int | str) -> int:
    """A 63-bit seed derived from ``seed`` and ``keys``, stable everywhere.

    Used to give game *i* of a simulation, or the bot in seat *s*, its own
    independent stream.
    """
    text = ":".join([str(seed), *map(str, keys)]).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


@cache
def _faces_of_top_byte(sides: int) -> bytes:
    """What a word whose top byte is ``b`` rolls on a die of ``sides``: ``table[b]``, 0 if refused."""
    shift = 8 - sides.bit_length()
    return bytes((b >> shift) + 1 if (b >> shift) < sides else 0 for b in range(256))


class Rng:
    """A reproducible random source; ``clone`` copies its exact position.

    The generator is seeded on the first draw, not when the source is made.
    A clone shares its original's generator, and whichever of them draws
    next copies the generator's state first (copy on write): copying a
    Mersenne Twister is most of what a game state's clone costs, and many
    clones (a search's trial moves, an adapter's checks) never draw.
    """

    __slots__ = ("_random", "_seed", "_shared")

    def __init__(self, seed: int) -> None:
        self._random: random.Random | None = None
        """The generator, made when first drawn from (many sources never draw: a
        search's sampled worlds whose dice the search rolls itself)."""
        self._seed = seed
        self._shared = True
        """Whether the next draw must first make a generator of its own: from the seed, or
        as a copy of the one a clone shares."""

    def _own(self) -> random.Random:
        """The generator to draw from: made from the seed on the first draw, or copied first
        if a clone shares it."""
        shared = self._random
        if shared is not None and not self._shared:
            return shared  # its own already
        if shared is None:
            own = random.Random(self._seed)
        else:
            # Not ``random.Random()``: that first seeds itself from the system's
            # entropy, only to be overwritten by ``setstate``.
            own = random.Random.__new__(random.Random)
            own.setstate(shared.getstate())
        self._random = own
        self._shared = False
        return own

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        bits = n.bit_length()
        own = self._random
        if self._shared or own is None:  # ``_own``, without a call for the common case
            own = self._own()
        getrandbits = own.getrandbits
        value = getrandbits(bits)
        while value >= n:
            value = getrandbits(bits)
        return value

    def roll(self, sides: int = 6) -> int:
        """A die roll in ``1..sides``."""
        return self.below(sides) + 1

    def rolls(self, count: int, sides: int = 6) -> list[int]:
        """``count`` die rolls: the very numbers ``count`` calls of ``roll(sides)`` give.

        A draw below ``n`` takes the top bits of one 32-bit word of the
        generator, and draws again when they are ``n`` or more. Asked for
        ``32 * k`` bits, the generator hands out its next ``k`` words, the
        first lowest, so the rolls are read off the top byte of each word
        (through a table of what each top byte rolls, 0 for a refused draw),
        and words are fetched again only for the draws that were refused (the
        last few of them one at a time).
        """
        if not 0 < sides < 256:
            return [self.roll(sides) for _ in range(count)]
        table = _faces_of_top_byte(sides)
        own = self._random
        if self._shared or own is None:  # as in ``choice``
            own = self._own()
        getrandbits = own.getrandbits
        faces: list[int] = []
        need = count
        while need > 2:
            words = getrandbits(32 * need).to_bytes(4 * need, "little")
            faces += words[3::4].translate(table).replace(b"\0", b"")
            need = count - len(faces)
        bits = sides.bit_length()
        for _ in range(need):  # the last few, one at a time, as ``roll`` draws them
            value = getrandbits(bits)
            while value >= sides:
                value = getrandbits(bits)
            faces.append(value + 1)
        return faces

    def choice(self, items: Sequence[T]) -> T:
        """A uniform item: ``items[below(len(items))]``, drawn without the extra call."""
        n = len(items)
        if n <= 0:
            raise ValueError("choice() needs at least one item")
        bits = n.bit_length()
        own = self._random
        if self._shared or own is None:  # ``_own``, without a call for the common case
            own = self._own()
        getrandbits = own.getrandbits
        value = getrandbits(bits)
        while value >= n:
            value = getrandbits(bits)
        return items[value]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates in place, each swap drawn as ``below(i + 1)`` draws it (inlined:
        a search deals a shuffled deck into every world it samples)."""
        if len(items) < 2:
            return
        getrandbits = self._own().getrandbits
        for i in range(len(items) - 1, 0, -1):
            bits = (i + 1).bit_length()
            j = getrandbits(bits)
            while j > i:
                j = getrandbits(bits)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        own = self._random
        if self._shared or own is None:  # as in ``choice``
            own = self._own()
        return own.random()

    def weighted_index(self, weights: Sequence[float]) -> int:
        """An index drawn with probability proportional to ``weights``: the first whose
        running sum (added one by one, first to last) passes a uniform draw of
        ``[0, sum(weights))``, the last should rounding leave it short."""
        return self.running_index(tuple(accumulate(weights)), sum(weights))

    def running_index(self, running: Sequence[float], total: float) -> int:
        """``weighted_index`` of the weights whose running sums (added one by one, first
        to last) are ``running`` and whose ``sum()`` is ``total``: odds used again and
        again can be summed once. The first index whose running sum passes a uniform
        draw of ``[0, total)`` (the last, should rounding leave it short)."""
        own = self._random
        if self._shared or own is None:  # as in ``choice``: a search draws at every chance step
            own = self._own()
        index = bisect_right(running, own.random() * total)
        last = len(running) - 1
        return index if index < last else last  # not ``min``: a builtin's call costs more

    def clone(self) -> Rng:
        """A source at this one's exact position; the generator is copied when either draws."""
        twin = Rng.__new__(Rng)
        twin._random = self._random
        twin._seed = self._seed
        twin._shared = self._shared = True
        return twin

    def __deepcopy__(self, memo: dict[int, object]) -> Rng:
        return self.clone()
