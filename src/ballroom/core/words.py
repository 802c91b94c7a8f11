"""Small helpers of English for what games tell players: plurals, articles, counts, lists.

Games write their sentences from data (a card's name, an amount); these put
the words around them right, so that no log says "1 Successes", "a
Extortion" or "takes 2 gold-coin".
"""

from __future__ import annotations

from collections.abc import Iterable

_IRREGULAR = {
    "die": "dice",
    "Die": "Dice",
    "dice": "dice",
    "VP": "VP",
    "influence": "influence",
    "Influence": "Influence",
    "Armour": "Armour",
    "Blood": "Blood",
    "blood": "blood",
    "Tribute": "Tribute",
    "Slayer": "Slayer",
    "Seduction": "Seduction",
    "endurance": "endurance",
    "exposure": "exposure",
}
"""Nouns whose plural is not made by rule, and those players count without one."""
_VOWEL_SOUNDING_EXCEPTIONS = ("one", "use", "uni", "eu", "ewe", "once")


def plural(noun: str) -> str:
    """The plural of a noun, or of a name's last word ("Gold Coin" -> "Gold Coins")."""
    head, _, last = noun.rpartition(" ")
    if last in _IRREGULAR:
        word = _IRREGULAR[last]
    elif last.endswith(("s", "x", "z", "ch", "sh")):
        word = last + "es"
    elif last.endswith("y") and last[-2:-1].lower() not in "aeiou":
        word = last[:-1] + "ies"
    else:
        word = last + "s"
    return f"{head} {word}" if head else word


def count(amount: int, noun: str) -> str:
    """``amount`` of ``noun`` in figures: "1 Gold Coin", "2 Gold Coins", "0 crowns"."""
    return f"{amount} {noun if amount == 1 else plural(noun)}"


def article(noun: str) -> str:
    """ "a" or "an", as the noun sounds (by its spelling: "an Extortion", "a Unicorn")."""
    lower = noun.lower()
    if lower.startswith(_VOWEL_SOUNDING_EXCEPTIONS):
        return "a"
    return "an" if lower[:1] in ("a", "e", "i", "o", "u") else "a"


def a(noun: str) -> str:
    """The noun with its indefinite article: "an Extortion", "a Bloodstone"."""
    return f"{article(noun)} {noun}"


def listing(items: Iterable[str], last: str = "and") -> str:
    """ "A", "A and B", "A, B and C" (``last``: the word before the last item)."""
    words = list(items)
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def titled(identifier: str) -> str:
    """An id as a name, where the data gives none: "gold-coin" -> "Gold Coin"."""
    return " ".join(part.capitalize() for part in identifier.replace("_", "-").split("-"))


def number(amount: int) -> str:
    """``amount`` as a number is written: a negative one with the minus sign (U+2212), so
    that it reads as a value, not as a loss ("-2 VP" would read as "lose 2 VP")."""
    return f"\u2212{-amount}" if amount < 0 else str(amount)


def capital(text: str) -> str:
    """``text`` with its first letter a capital (a sentence, a menu line)."""
    return text[:1].upper() + text[1:]


def third_person(verb: str) -> str:
    """The verb as "she" does it: "gain" -> "gains", "pass" -> "passes", "may" -> "may"."""
    if verb in ("may", "must", "can"):
        return verb
    if verb.endswith(("s", "x", "z", "ch", "sh", "o")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in ("a", "e", "i", "o", "u"):
        return verb[:-1] + "ies"
    return verb + "s"


def told(who: str, clause: str) -> str:
    """An instruction ("gain 2 crowns, then adjust your exposure") as what ``who`` did:
    "Alice gains 2 crowns, then adjusts their exposure"."""
    clause = clause.removeprefix("you ")
    parts = clause.split(", then ")
    done = []
    for part in parts:
        verb, _, rest = part.partition(" ")
        done.append(f"{third_person(verb)} {rest}".strip())
    text = ", then ".join(done).replace(" your ", " their ")
    return f"{who} {text}"


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def alike(name: str, index: int, among: int) -> str:
    """A thing told apart from others alike by its order: "Day (the second of 2 alike)";
    just ``name`` where it is the only one."""
    if among < 2:
        return name
    order = ORDINALS[index] if index < len(ORDINALS) else f"number {index + 1}"
    return f"{name} (the {order} of {among} alike)"


_TIMES = ("never", "once", "twice", "three times", "four times", "five times", "six times")


def times(count: int) -> str:
    """How often: "once", "twice", "five times", "12 times"."""
    return _TIMES[count] if 0 <= count < len(_TIMES) else f"{count} times"
