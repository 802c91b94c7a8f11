"""Vectorised Dancing Dice: many games at once with numpy, for random and expert seats.

The lab takes this path for ``simulate`` when every seat is one of
``POLICIES`` and every rule option is one of ``OPTIONS`` (a research option
only at its default, off); anything else is played by the engine.

A random seat re-rolls a uniform subset of its dice and picks one of the 20
first rows uniformly, whatever the faces. Its final six dice are therefore
independent fair dice, and its arrangement matters only through purity: both
rows are pure when the first row is one colour (2 of the 20 rows), otherwise
both are mixed. The batch draws exactly that, and the number of dice it
re-rolled (which only the length of its record shows) as a fair coin per
die. An expert seat rolls, re-rolls and arranges its dice as ``ExpertAgent``
would, through ``batch_expert``. The batch therefore plays from the same
distribution as those bots through the engine (tests compare the two).

The rules engine's judging (``judging``, played by ``state``) is the law: this
module judges again only to play many games at once, ``tests/dancing_dice/
test_batch.py`` holds it to the engine's, and a rule changes there first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ballroom.core.errors import InvalidOptionError
from ballroom.core.options import OptionValue
from ballroom.games.dancing_dice.batch_expert import SORTED_ID, ExpertBatch, context_code
from ballroom.games.dancing_dice.dance_values import TRIPLES, dance_rank, is_pure
from ballroom.games.dancing_dice.game_play import FIRST_ROWS
from ballroom.games.dancing_dice.preparation import MAX_ENDURANCE
from ballroom.games.dancing_dice.research import OPTIONS as RESEARCH_OPTIONS
from ballroom.games.dancing_dice.special_dances import GALA_BONUS

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]
Stamina = npt.NDArray[np.int8]

POLICIES = ("random", "expert")
"""The seat specs the batch plays, each as the engine's bot of that name does."""
OPTIONS = frozenset({"endurance"})
"""The rule options the batch plays; a game with any other needs the engine."""
OFF = {option.name: option.default for option in RESEARCH_OPTIONS}
"""The research options, at the defaults that leave the rulebook's game."""


def unplayed_options(options: Mapping[str, OptionValue]) -> list[str]:
    """``name=value`` of each option the batch does not play (a research option at its
    default changes nothing, so it is played)."""
    return [
        f"{name}={value}"
        for name, value in options.items()
        if name not in OPTIONS and OFF.get(name) != value
    ]


IS_TRIPLE = np.array([len(set(t)) == 1 for t in TRIPLES])
DOUBLE_RANK = np.array(
    [2 * dance_rank(t, tango) for tango in TRIPLES for t in TRIPLES], dtype=np.int64
)
"""Twice a triple's rank under each Tango, at ``56 * Tango id + triple id``: a dance's value
less its purity (a Tango that is also Boogie, Tap-dance or Cha-cha-cha keeps the higher)."""
PURE_ROWS = np.array([is_pure(row) for row in FIRST_ROWS])
PURE_ROW_COUNT = int(PURE_ROWS.sum())
FIRST_DICE = np.array(FIRST_ROWS, dtype=np.int64)
SECOND_DICE = np.array(
    [[d for d in range(6) if d not in row] for row in FIRST_ROWS], dtype=np.int64
)
DIE_BITS = np.arange(6)
ROLLED = np.array([bin(mask).count("1") for mask in range(64)], dtype=np.int64)
"""Dice re-rolled by each of the 64 re-roll masks."""


def judge(values: IntArray, dancing: BoolArray) -> BoolArray:
    """Satisfactory dances per game: those beaten by fewer than k = n // 2 dancers.

    That is the best k and every dance tied with the k-th. ``values`` and
    ``dancing`` have shape (players, games); games with fewer than two
    dancers judge nobody.
    """
    count = dancing.sum(axis=0)
    shown = np.where(dancing, values, -1)  # who sits out beats nobody
    beaten_by = np.zeros(values.shape, dtype=np.int8)
    for rival in shown:
        beaten_by += rival > shown
    result: BoolArray = dancing & (beaten_by < count // 2) & (count >= 2)
    return result


@dataclass(slots=True)
class Round:
    """One round of many games: rows as sorted-triple ids, shape (players, games)."""

    first: IntArray
    second: IntArray
    pure: BoolArray
    """Whether the player's rows are both pure (else both mixed)."""


def judge_round(
    round_: Round, tango: IntArray, stamina: Stamina, dancing: BoolArray
) -> tuple[Stamina, BoolArray, BoolArray, BoolArray]:
    """Judge both dances and apply Rock, Gala and knock-outs; arrays are (players, games).

    Returns the new endurance, who still dances, which games danced the
    Tango, and who was knocked out in the last dance that knocked anyone out.
    """
    first, second = round_.first, round_.second
    protected = first == second  # a Rock (a Gala is a Rock too)
    gala = protected & IS_TRIPLE[first]
    purity = round_.pure | gala  # a Gala's rows are both the same pure triple
    tango_base = len(TRIPLES) * tango
    tango_danced = np.zeros(tango.shape, dtype=bool)
    knocked_last = np.zeros(first.shape, dtype=bool)
    for row in (first, second):
        values = DOUBLE_RANK[tango_base + row] + purity
        judged = dancing & (dancing.sum(axis=0) >= 2)
        tango_danced |= (judged & (row == tango)).any(axis=0)
        lose = judged & ~judge(values, dancing) & ~protected
        stamina = stamina - lose
        knocked = lose & (stamina == 0)
        dancing = dancing & ~knocked
        knocked_last = np.where(knocked.any(axis=0), knocked, knocked_last)
    bonus = gala & dancing
    stamina = np.where(bonus, np.minimum(MAX_ENDURANCE, stamina + GALA_BONUS), stamina).astype(
        np.int8
    )
    return stamina, dancing, tango_danced, knocked_last


@dataclass(frozen=True, slots=True)
class BatchResult:
    """What the games came to.

    ``wins``: per seat, the win shares of the finished games (a shared win is
    split). Per game: ``rounds`` played, whether it ``finished`` (not when
    cut at ``max_rounds``), and ``actions``, the length its engine record
    would have (dice rolled and choices made).
    """

    wins: FloatArray
    rounds: IntArray
    finished: BoolArray
    actions: IntArray


def random_round(rng: np.random.Generator, players: int, games: int) -> Round:
    """What random seats dance: fair dice, and purity as a random first row gives it."""
    rows = SORTED_ID[rng.integers(0, 216, size=(2, players, games), dtype=np.uint8)]
    pure = rng.integers(0, len(FIRST_ROWS), size=(players, games), dtype=np.uint8)
    return Round(first=rows[0], second=rows[1], pure=pure < PURE_ROW_COUNT)


def dance(faces: IntArray, dice: IntArray) -> IntArray:
    """The sorted-triple id of three of each seat's dice: faces (n, 6) 0-based, dice (n, 3)."""
    a, b, c = np.take_along_axis(faces, dice, axis=1).T
    result: IntArray = SORTED_ID[36 * a + 6 * b + c]
    return result


def expert_round(
    chooser: ExpertBatch,
    rng: np.random.Generator,
    round_: Round,
    seats: IntArray,
    state: tuple[IntArray, IntArray, Stamina, BoolArray],
) -> IntArray:
    """Roll, re-roll and arrange for the expert ``seats`` still dancing, into ``round_``.

    ``state`` is each game's Tango id, dancers, endurance and who dances.
    Returns the dice each game re-rolled for them.
    """
    tango, dancers, stamina, dancing = state
    which, games = np.nonzero(dancing[seats])
    seat = seats[which]
    codes = context_code(tango[games], dancers[games], stamina[seat, games].astype(np.int64))
    faces = rng.integers(0, 6, size=(games.size, 6))
    masks = chooser.rerolls(faces, codes)
    rolled = (masks[:, None] >> DIE_BITS) & 1 == 1
    faces = np.where(rolled, rng.integers(0, 6, size=faces.shape), faces)
    rows = chooser.first_rows(faces, codes)
    round_.first[seat, games] = dance(faces, FIRST_DICE[rows])
    round_.second[seat, games] = dance(faces, SECOND_DICE[rows])
    round_.pure[seat, games] = PURE_ROWS[rows]
    rerolled: IntArray = np.bincount(games, weights=ROLLED[masks], minlength=tango.size)
    return rerolled.astype(np.int64)


def simulate(
    seats: Sequence[str],
    games: int,
    seed: int,
    options: Mapping[str, OptionValue] | None = None,
    max_rounds: int | None = None,
) -> BatchResult:
    """Play ``games`` games, seat ``s`` played by the policy ``seats[s]`` (see ``POLICIES``).

    ``options`` are rule options (see ``OPTIONS``). Only games still running
    are kept in the working arrays, players by games; a game's result is
    written out the round it ends. Games still running after ``max_rounds``
    rounds are cut, unfinished.
    """
    unknown = sorted(set(seats) - set(POLICIES))
    if unknown:
        raise InvalidOptionError(
            f"the batch plays seats {' and '.join(POLICIES)}, not {', '.join(unknown)}"
        )
    if not 2 <= len(seats) <= 6:
        raise InvalidOptionError(f"Dancing Dice seats 2 to 6 players, not {len(seats)}")
    rules = dict(options or {})
    unplayed = unplayed_options(rules)
    if unplayed:
        raise InvalidOptionError(f"the batch does not play the option(s) {', '.join(unplayed)}")
    endurance = rules.get("endurance", MAX_ENDURANCE)
    if not isinstance(endurance, int) or not 1 <= endurance <= MAX_ENDURANCE:
        raise InvalidOptionError(f"endurance runs 1..{MAX_ENDURANCE}, not {endurance!r}")
    players = len(seats)
    experts = np.array([s for s, policy in enumerate(seats) if policy == "expert"], dtype=np.int64)
    randoms = np.array([s for s, policy in enumerate(seats) if policy == "random"], dtype=np.int64)
    chooser = ExpertBatch(players) if experts.size else None
    rng = np.random.default_rng(seed)
    wins = np.zeros(players)
    rounds = np.zeros(games, dtype=np.int64)
    finished = np.zeros(games, dtype=bool)
    actions = np.zeros(games, dtype=np.int64)
    index = np.arange(games)
    stamina = np.full((players, games), endurance, dtype=np.int8)
    dancing = np.ones((players, games), dtype=bool)
    tango = SORTED_ID[rng.integers(0, 216, size=games, dtype=np.uint8)]
    new_tango = np.ones(games, dtype=bool)
    acts = np.zeros(games, dtype=np.int64)
    played = 0
    while index.size and (max_rounds is None or played < max_rounds):
        played += 1
        dancers = dancing.sum(axis=0)
        # Per round: the Tango dice when re-rolled; per dancer 6 dice, 2 choices, the re-rolls.
        acts += 3 * new_tango + 8 * dancers
        round_ = random_round(rng, players, index.size)
        if randoms.size:  # a random seat re-rolls a uniform one of the 64 sets of dice
            masks = rng.integers(0, 64, size=(randoms.size, index.size), dtype=np.uint8)
            acts += (ROLLED[masks] * dancing[randoms]).sum(axis=0)
        if chooser is not None:
            acts += expert_round(chooser, rng, round_, experts, (tango, dancers, stamina, dancing))
        stamina, dancing, new_tango, knocked_last = judge_round(round_, tango, stamina, dancing)
        if new_tango.any():
            tango[new_tango] = SORTED_ID[
                rng.integers(0, 216, size=int(new_tango.sum()), dtype=np.uint8)
            ]
        remaining = dancing.sum(axis=0)
        over = remaining <= 1
        if over.any():
            # The last dancer wins; if nobody is left, those knocked out last share.
            winners = np.where(remaining[over] == 0, knocked_last[:, over], dancing[:, over])
            wins += (winners / winners.sum(axis=0)).sum(axis=1)
            done = index[over]
            rounds[done] = played
            finished[done] = True
            actions[done] = acts[over]
            keep = ~over
            index, stamina, dancing = index[keep], stamina[:, keep], dancing[:, keep]
            tango, new_tango, acts = tango[keep], new_tango[keep], acts[keep]
    rounds[index] = played
    actions[index] = acts
    return BatchResult(wins=wins, rounds=rounds, finished=finished, actions=actions)
