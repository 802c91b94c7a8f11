"""Information-set Monte Carlo tree search (IS-MCTS), for any registered game.

Each iteration samples one *determinization* — a full state consistent with
the seat's observation, from ``game.determinize(observation, rng)`` — and
walks it down a shared tree. The bot never sees the true state: it gets a
``Decision`` and nothing else.

Tree nodes are information sets: a node is keyed by the acting seat and that
seat's observation of the (determinized) state, so every seat decides on
what *it* could see. This is the multiple-observer flavour of IS-MCTS
(Cowling, Powley & Whitehouse 2012) with observations standing in for
information-set keys: opponents' choices depend on their own (sampled)
secrets, and a seat's secret simultaneous choice is invisible to the seats
that choose after it, because observations hide it.

* Chance: outcomes are drawn from the node's declared distribution
  (``chance_outcomes()``) with the bot's own random source, never with the
  determinized state's source, so no future die is foreseen.
* Simultaneous decisions: the searching seat submits first, then the
  others in seat order; observations hide pending choices.
* Any number of players: each node stores the mean return *of the seat
  acting there*, so every seat maximises its own share of the win.
* Selection is UCB1 with availability counts (an action's exploration term
  counts only the visits in which it was legal), as IS-MCTS requires when
  determinizations differ in their legal actions.

Games may offer two optional capabilities (``ballroom.core.capabilities``),
used when present: ``HasRolloutPolicy``, ``game.rollout_action(state,
player, rng) -> int``, and ``Evaluates``, ``game.evaluate(state) ->
list[float]`` (estimated returns of a cut-off rollout; with it, a rollout plays out the current turn and ``horizon - 1``
more, then asks for the evaluation; ``horizon=0`` asks at once, with no rollout, for a
game whose evaluation already weighs the rest of the turn).
``rollout=BOT`` plays rollouts with one of the game's own bots instead, fed
observations of the sampled world; ``rollout=random`` with uniform moves.
The rollout policy also picks the first move tried at a new node;
``prior=BOT`` names a different bot for that (cheap rollouts, a smart first
guess), ``prior=none`` tries untried moves in random order.

``search=halving`` chooses among the root moves by sequential halving
(Karnin, Koren & Somekh 2013; used at the root of a search tree by SHOT,
Cazenave 2014, and Gumbel MuZero) with common random numbers, departing
from the prior's move only when another beats it by ``z`` standard errors
of the paired difference (see ``ISMCTSAgent._halving``). Where dice make
single returns very noisy, comparing moves on the same worlds and dice is
what lets a small budget tell them apart. Below each root move it walks a
tree of the searching seat's own information sets (``below=tree``, the
default; see ``ISMCTSAgent._descend``) whose nodes keep an incumbent move and replace it
only when an alternative beats it on paired evidence, so the search looks
for better follow-ups of its own without the noise of exploring them;
others move by the rollout policy there (their information sets, keyed by
sampled secrets, rarely repeat). ``below=rollout`` plays plain rollouts
instead: a flat, one-level search.

A plain tree (``search=tree``) cannot rank the root moves where dice make
returns noisy: opponents' nodes rarely repeat, and unpaired returns of a few
hundred rollouts do not tell moves apart; nor can a tree that backs up the
mean of UCB-explored follow-ups, since trying weak follow-ups makes moves that
have follow-ups look worse than moves that end the turn. How each setting
fares is measured in ``docs/bot-strength.md``.

Each game declares its own defaults for ``mcts``
(``bot_defaults`` next to the game's own bots), so a bare ``mcts`` seat
plays them; parameters a seat spec gives override them one by one.
"""

from __future__ import annotations

import marshal
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

from ballroom.core.agent import Agent, Decision
from ballroom.core.bots import Bot, Param, ParamValues
from ballroom.core.capabilities import Determinizes, Evaluates, HasRolloutPolicy
from ballroom.core.delegate import direct
from ballroom.core.errors import InvalidOptionError
from ballroom.core.game import Game
from ballroom.core.rng import Rng
from ballroom.core.state import CHANCE, State

RolloutPolicy = Callable[[State, int, Rng], int]
Evaluator = Callable[[State], Sequence[float]]

DEFAULT_ITERATIONS = 1000
DEFAULT_EXPLORATION = 0.7
DEFAULT_HORIZON = 1
DEFAULT_Z = 1.0
MAX_ITERATIONS = 1_000_000
MAX_MS = 60_000
SEARCHES = ("tree", "halving")
BELOW = ("tree", "rollout")
MIN_PAIRED = 3
"""``below=tree``: paired samples an alternative needs before it can replace a node's guess."""
MAX_ROLLOUT_ACTIONS = 20_000
"""A safety stop for rollouts in games without an evaluation; such a rollout scores zero."""


class _Node:
    """One information set: per action [visits, summed return, availability]."""

    __slots__ = ("first", "stats")

    def __init__(self) -> None:
        self.stats: dict[int, list[float]] = {}
        self.first = -1
        """The action tried first here (the prior's guess when there is a prior)."""


class _PairedNode:
    """One of the searching seat's information sets below a halving root.

    Holds the move it plays now, the *incumbent* (at first the prior's
    guess), and per alternative the paired differences
    ``return(alternative) - return(incumbent)`` measured on shared worlds
    and dice. An alternative that beats the incumbent on evidence takes its
    place, and the comparisons start afresh against it.
    """

    __slots__ = ("forks", "incumbent", "paired", "visits")

    def __init__(self, guess: int) -> None:
        self.incumbent = guess
        self.visits = 0
        self.forks = 0
        self.paired: dict[int, list[float]] = {}
        """Per alternative: [samples, summed difference, summed squared difference]."""

    def next_alternative(self, legal: list[int], rng: Rng) -> int:
        """The least-sampled move other than the incumbent (ties drawn at random)."""
        samples = {a: self.paired[a][0] if a in self.paired else 0.0 for a in legal}
        samples.pop(self.incumbent, None)
        fewest = min(samples.values())
        least = [a for a, n in samples.items() if n == fewest]
        return least[rng.below(len(least))]

    def record(self, action: int, difference: float, z: float, margin: float) -> None:
        """Add one paired difference; ``action`` becomes the incumbent once it has
        ``MIN_PAIRED`` samples beating it by ``z`` standard errors and by ``margin``."""
        entry = self.paired.setdefault(action, [0.0, 0.0, 0.0])
        entry[0] += 1.0
        entry[1] += difference
        entry[2] += difference * difference
        if entry[0] >= MIN_PAIRED and _clearly_better(*entry, z=z, margin=margin):
            self.incumbent = action
            self.paired = {}


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How hard and how widely to search.

    An ``iterations`` budget is reproducible (same seed, same play); an
    ``ms`` budget depends on the machine's speed and load, so use it for
    play, not for results that must repeat.
    """

    iterations: int | None = DEFAULT_ITERATIONS
    """Rollouts for ``halving`` (a fork below the root is one more; a round's last sample
    may finish past its share by one fork per move still in the race)."""
    milliseconds: float | None = None
    exploration: float = DEFAULT_EXPLORATION
    horizon: int = DEFAULT_HORIZON
    rollout: str = "game"
    prior: str = "rollout"
    margin: float = 0.0
    """How much better (in mean return) a move must look to override the prior's guess."""
    search: str = "tree"
    """``tree`` (IS-MCTS) or ``halving`` (paired root rollouts, see ``_halving``)."""
    z: float = DEFAULT_Z
    """``halving``: standard errors of the paired difference a move needs to beat the guess."""
    below: str = "tree"
    """``halving``: what follows a root move, the seat's paired tree or plain rollouts."""

    @classmethod
    def from_values(cls, values: ParamValues) -> SearchSettings:
        """The settings a validated ``mcts`` seat spec asks for (see ``mcts_params``)."""
        iterations = values.optional("iterations", int)
        milliseconds = values.optional("ms", float)
        if iterations is None and milliseconds is None:
            raise ValueError("an mcts search needs an iteration count or a time budget")
        return cls(
            iterations=iterations,
            milliseconds=milliseconds,
            exploration=values.value("c", float),
            horizon=values.value("horizon", int),
            rollout=values.value("rollout", str),
            prior=values.value("prior", str),
            margin=values.value("margin", float),
            search=values.value("search", str),
            z=values.value("z", float),
            below=values.value("below", str),
        )


def mcts_params(game: Game) -> tuple[Param, ...]:
    """The ``mcts`` bot's parameters at ``game``: its rollout and prior may name the game's bots."""
    own = tuple(game.bots)
    return (
        Param(
            "iterations",
            "Searches per move (rollouts for halving); unset when only ms is given.",
            "integer",
            DEFAULT_ITERATIONS,
            minimum=1,
            maximum=MAX_ITERATIONS,
        ),
        Param(
            "ms",
            "Think time per move in milliseconds; machine-dependent, so not reproducible.",
            "number",
            minimum=1,
            maximum=MAX_MS,
        ),
        Param(
            "c",
            "UCB1 exploration constant (search=tree).",
            "number",
            DEFAULT_EXPLORATION,
            minimum=0,
            maximum=10,
        ),
        Param(
            "horizon",
            "Turns a rollout plays before the game's evaluation cuts it off (where it has one); "
            "0 evaluates right after the move.",
            "integer",
            DEFAULT_HORIZON,
            minimum=0,
            maximum=100,
        ),
        Param(
            "rollout",
            "Rollout policy: the game's own, uniform moves, or one of the game's bots.",
            "choice",
            "game",
            ("game", "random", *own),
        ),
        Param(
            "prior",
            "First move tried at a new node: the rollout policy's, none, or a bot's.",
            "choice",
            "rollout",
            ("rollout", "none", *own),
        ),
        Param(
            "margin",
            "How much better in mean return a move must look to override the prior's guess.",
            "number",
            0.0,
            minimum=0,
            maximum=10,
        ),
        Param(
            "search",
            "tree (IS-MCTS) or halving (paired sequential halving at the root).",
            "choice",
            "tree",
            SEARCHES,
        ),
        Param(
            "z",
            "halving: standard errors of the paired difference a move needs to beat the guess.",
            "number",
            DEFAULT_Z,
            minimum=0,
            maximum=100,
        ),
        Param(
            "below",
            "halving: what follows a root move, the seat's paired tree or plain rollouts.",
            "choice",
            "tree",
            BELOW,
        ),
    )


def observation_key(state: State, player: int) -> bytes:
    """The information-set key of ``player`` in ``state``: its observation as bytes.

    An observation is plain JSON data; ``marshal`` at version 2 writes such data as it
    is (later versions mark objects met twice and interned strings, so equal observations
    could be written apart), so two observations get the same key exactly when their JSON
    text is the same, for a fraction of the cost of writing it."""
    return marshal.dumps(state.observation(player), 2)


class ISMCTSAgent:
    """Searches determinizations of its seat's observation; see the module docstring."""

    def __init__(self, game: Game, seat: int, rng: Rng, settings: SearchSettings) -> None:
        if not isinstance(game, Determinizes):
            raise InvalidOptionError(
                f"the mcts bot needs {game.name} to support determinize(), which it does not yet"
            )
        self.game = game
        self.worlds: Determinizes = game
        self.seat = seat
        self.rng = rng
        self.settings = settings
        self.policy: RolloutPolicy | None
        if settings.rollout == "game":
            self.policy = (
                direct(game, "rollout_action") if isinstance(game, HasRolloutPolicy) else None
            )
        elif settings.rollout == "random":
            self.policy = None
        else:
            self.policy = _bot_policy(game, settings.rollout)
        if settings.prior == "rollout":
            self.prior = self.policy
        elif settings.prior == "none":
            self.prior = None
        else:
            self.prior = _bot_policy(game, settings.prior)
        self.evaluate: Evaluator | None = (
            direct(game, "evaluate") if isinstance(game, Evaluates) else None
        )
        self.last_iterations = 0

    def act(self, decision: Decision) -> int:
        legal = list(decision.legal_actions)
        if len(legal) == 1:
            return legal[0]
        if self.settings.search == "halving":
            return self._halving(decision, legal)
        root = _Node()
        table: dict[tuple[int, bytes], _Node] = {}
        settings = self.settings
        deadline = _hard_stop(decision)
        if settings.milliseconds is not None:
            deadline = min(deadline, time.perf_counter() + settings.milliseconds / 1000.0)
        limit = settings.iterations if settings.iterations is not None else math.inf
        done = 0
        while done < limit and (done == 0 or time.perf_counter() < deadline):
            state = self.worlds.determinize(decision.observation, self.rng)
            self._iterate(state, root, legal, table)
            done += 1
        self.last_iterations = done
        guess = root.first
        best = max(legal, key=lambda a: _final_score(root.stats.get(a), a, a == guess))
        if settings.margin > 0 and best != guess and guess in root.stats:
            chosen, kept = root.stats[best], root.stats[guess]
            if kept[0] and chosen[1] / chosen[0] - kept[1] / kept[0] < settings.margin:
                return guess
        return best

    # -- paired root rollouts --------------------------------------------------

    def _halving(self, decision: Decision, legal: list[int]) -> int:
        """Sequential halving over the root moves with common random numbers.

        Each sample is one determinization and one random stream, shared by
        every move still in the race: each move is applied to a copy of the
        same world and rolled out with a copy of the same stream, so the
        moves meet the same hidden cards and, as long as their lines agree,
        the same dice. Their *differences* are then far less noisy than
        their returns, which is what a choice between moves needs. Each
        round spends an equal share of the budget and keeps the better half
        (the prior's guess always stays); at the end the best move must beat
        the guess by ``z`` standard errors of the paired difference (and by
        ``margin``), else the guess is played: a policy-improvement step
        that only departs from the prior on evidence. A decision's deadline
        ends the race early, among the moves still in it.
        """
        settings = self.settings
        seat = self.seat
        observation = decision.observation
        rng = self.rng
        guess = legal[0]
        if self.prior is not None:
            guess = self.prior(self.worlds.determinize(observation, rng), seat, rng)
        alive = list(legal)
        table: dict[bytes, _PairedNode] = {}
        rounds = max(1, math.ceil(math.log2(len(legal))))
        # Per move: summed return, and summed squared difference from the guess's.
        total = {a: 0.0 for a in legal}
        squares = {a: 0.0 for a in legal}
        samples = 0
        self.last_iterations = 0
        started = time.perf_counter()
        ms = settings.milliseconds
        hard_stop = _hard_stop(decision)
        for round_index in range(rounds):
            if samples and time.perf_counter() >= hard_stop:
                break  # out of time: choose among the moves still racing, on what they have
            # Each round gets an equal share of the budget in rollouts (forks below included).
            budget: float = math.inf
            deadline = hard_stop
            if settings.iterations is not None:
                budget = self.last_iterations + settings.iterations // rounds
            else:
                share = started + (round_index + 1) * cast(float, ms) / 1000.0 / rounds
                deadline = min(deadline, share)
            done = 0
            while done == 0 or (
                self.last_iterations + len(alive) <= budget and time.perf_counter() < deadline
            ):
                world = self.worlds.determinize(observation, rng)
                seed = rng.below(1 << 62)
                values = {}
                for a in alive:
                    state = world.clone()
                    state.advance(a, seat)
                    self.last_iterations += 1
                    if settings.below == "tree":
                        stop_turn = state.turns() + settings.horizon
                        values[a] = self._descend(state, table, Rng(seed), stop_turn, fork=True)
                    else:
                        values[a] = self._rollout(state, Rng(seed))[seat]
                base = values[guess]
                for a in alive:
                    total[a] += values[a]
                    squares[a] += (values[a] - base) ** 2
                done += 1
            samples += done
            if len(alive) > 2:
                ranked = sorted(alive, key=lambda a: (-total[a], a != guess, a))
                keep = ranked[: math.ceil(len(alive) / 2)]
                alive = keep if guess in keep else [*keep[:-1], guess]
        best = min(alive, key=lambda a: (-total[a], a != guess, a))
        if best == guess:
            return guess
        difference = total[best] - total[guess]
        if _clearly_better(
            samples, difference, squares[best], z=settings.z, margin=settings.margin
        ):
            return best
        return guess

    # -- one iteration --------------------------------------------------------

    def _iterate(
        self,
        state: State,
        root: _Node,
        root_legal: list[int],
        table: dict[tuple[int, bytes], _Node],
    ) -> None:
        self._walk(state, root, root_legal, self.seat, table, self.rng)

    def _descend(
        self, state: State, table: dict[bytes, _PairedNode], rng: Rng, stop_turn: int, *, fork: bool
    ) -> float:
        """The searching seat's return of one line from ``state`` (a root move applied).

        Others move by the rollout policy, and from ``stop_turn`` on the line
        is an ordinary rollout. Before it, at the searching seat's own
        decisions the line consults a tree of its information sets: each
        node plays its incumbent (the prior's guess until an alternative
        beats it on evidence) and, on up to half its visits, *forks*: it
        plays the incumbent and one alternative from copies of the state
        with copies of the line's random stream, and records their paired
        difference. At most one fork per line, so a line costs at most two
        rollouts; the line is credited with the incumbent's value, so trying
        a weak alternative never makes the root move above it look weak (as
        a mean backup would).
        """
        seat = self.seat
        for _ in range(MAX_ROLLOUT_ACTIONS):
            current = state.current_players()
            if not current:
                return state.returns()[seat]
            if state.turns() >= stop_turn:
                return self._rollout(state, rng, stop_turn)[seat]
            player = current[0]
            if player == CHANCE:
                state.advance(state.draw_chance(rng), CHANCE)
                continue
            legal = state.legal_actions(player)
            if len(legal) == 1:
                state.advance(legal[0], player)
                continue
            if player != seat:
                state.advance(self._policy_move(state, player, rng, legal), player)
                continue
            # The tree's own choices draw on the bot's source, not the line's, so
            # every line of a sample keeps meeting the same dice.
            key = observation_key(state, seat)
            node = table.get(key)
            if node is None:
                guess = self.prior(state, seat, self.rng) if self.prior is not None else legal[0]
                node = table[key] = _PairedNode(guess)
            node.visits += 1
            if not fork or 2 * node.forks >= node.visits:
                state.advance(node.incumbent, seat)
                continue
            node.forks += 1
            self.last_iterations += 1
            other = node.next_alternative(legal, self.rng)
            kept_state = state.clone()
            kept_state.advance(node.incumbent, seat)
            kept = self._descend(kept_state, table, rng.clone(), stop_turn, fork=False)
            state.advance(other, seat)
            tried = self._descend(state, table, rng, stop_turn, fork=False)
            node.record(other, tried - kept, self.settings.z, self.settings.margin)
            return kept
        return 0.0

    def _walk(
        self,
        state: State,
        node: _Node,
        legal: list[int],
        player: int,
        table: dict[tuple[int, bytes], _Node],
        rng: Rng,
    ) -> Sequence[float]:
        """Select down the tree from ``node`` (``player`` to act), expand one node, roll out
        (or evaluate at ``stop_turn``), and back the returns up the path walked."""
        c = self.settings.exploration
        path: list[tuple[list[float], int]] = []
        while True:
            action, expanded = self._select(node, legal, c, state, player, rng)
            path.append((node.stats[action], player))
            state.advance(action, player)
            if expanded:
                break
            upcoming = self._next_decision(state, rng)
            if upcoming is None:
                break
            player = upcoming
            legal = state.legal_actions(player)
            node = _node_of(table, state, player)
        values = self._rollout(state, rng)
        for stats, seat in path:
            stats[0] += 1.0
            stats[1] += values[seat]
        return values

    def _select(
        self,
        node: _Node,
        legal: list[int],
        c: float,
        state: State,
        player: int,
        rng: Rng,
    ) -> tuple[int, bool]:
        """UCB1 with availability counts; an untried action first (that is the expansion).

        A new node first tries the prior's choice: opponents' nodes are keyed
        by their sampled secrets and so are mostly new, and without this they
        would play at random inside the tree.
        """
        stats = node.stats
        untried = [a for a in legal if a not in stats]
        if untried:
            action = untried[rng.below(len(untried))]
            if not stats and self.prior is not None:
                action = self.prior(state, player, rng)
            if not stats:
                node.first = action
            for a in legal:
                entry = stats.get(a)
                if entry is not None:
                    entry[2] += 1.0
            stats[action] = [0.0, 0.0, 1.0]
            return action, True
        best, best_score = legal[0], -math.inf
        for a in legal:
            entry = stats[a]
            entry[2] += 1.0
            visits = entry[0]
            if visits == 0.0:
                score = math.inf
            else:
                score = entry[1] / visits + c * math.sqrt(math.log(entry[2]) / visits)
            if score > best_score:
                best, best_score = a, score
        return best, False

    def _next_decision(self, state: State, rng: Rng) -> int | None:
        """Play chance until a seat must decide; that seat (ours first), or None at the end."""
        while True:
            current = state.current_players()
            if not current:
                return None
            if current[0] != CHANCE:
                return self.seat if self.seat in current else current[0]
            state.advance(state.draw_chance(rng), CHANCE)

    def _policy_move(
        self, state: State, player: int, rng: Rng, legal: list[int] | None = None
    ) -> int:
        """The rollout policy's move for ``player`` (a uniform one without a policy)."""
        if self.policy is not None:
            return self.policy(state, player, rng)
        if legal is None:
            legal = state.legal_actions(player)
        return legal[rng.below(len(legal))]

    def _rollout(self, state: State, rng: Rng, stop_turn: int | None = None) -> Sequence[float]:
        """Play ``state`` out with the rollout policy and ``rng`` (which also draws chance),
        up to ``stop_turn`` (by default ``horizon`` turns from here) when the game can evaluate."""
        evaluate = self.evaluate
        stop: float = math.inf  # no evaluation: play to the end
        if evaluate is not None:
            stop = state.turns() + self.settings.horizon if stop_turn is None else stop_turn
        policy = self.policy
        if policy is None:
            policy = self._policy_move
        # Bound once: a rollout asks them at every one of its many steps.
        current_players = state.current_players
        turns = state.turns
        draw_chance = state.draw_chance
        advance = state.advance
        for _ in range(MAX_ROLLOUT_ACTIONS):
            current = current_players()
            if not current:
                return state.returns()
            if turns() >= stop:
                break
            player = current[0]
            if player == CHANCE:
                advance(draw_chance(rng), CHANCE)
            else:
                advance(policy(state, player, rng), player)
        if evaluate is not None:
            return evaluate(state)
        return [0.0] * self.game.players


def _hard_stop(decision: Decision) -> float:
    """When the search must stop whatever its budget: the decision's deadline, if it has one."""
    return math.inf if decision.deadline is None else decision.deadline


def _clearly_better(n: float, total: float, squares: float, *, z: float, margin: float) -> bool:
    """Whether ``n`` paired differences (their sum and sum of squares) have a mean above
    ``margin`` and above ``z`` standard errors."""
    mean = total / n
    error = math.sqrt(max(0.0, squares / n - mean * mean) / max(1.0, n - 1))
    return mean > z * error and mean > margin


def _node_of(table: dict[tuple[int, bytes], _Node], state: State, player: int) -> _Node:
    """The tree node of ``player``'s information set in ``state``, made on first sight."""
    key = (player, observation_key(state, player))
    node = table.get(key)
    if node is None:
        node = table[key] = _Node()
    return node


def _final_score(
    entry: list[float] | None, action: int, guessed: bool
) -> tuple[float, float, bool, int]:
    """Most visited wins; ties go to the better mean, then to the prior's guess
    (a small budget or a flat evaluation leaves many ties)."""
    if entry is None or entry[0] == 0.0:
        return (-1.0, 0.0, guessed, -action)
    return (entry[0], round(entry[1] / entry[0], 9), guessed, -action)


def _bot_policy(game: Game, name: str) -> RolloutPolicy:
    """A rollout policy that asks the game's bot ``name``, one instance per seat."""
    bot = game.bots[name]
    agents: dict[int, Agent] = {}

    def policy(state: State, player: int, rng: Rng) -> int:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]  # no choice: skip building the observation
        agent = agents.get(player)
        if agent is None:
            agent = agents[player] = bot.make(game, player, Rng(rng.below(1 << 62)), {})
        return agent.act(
            Decision(
                game=game, player=player, observation=state.observation(player), legal_actions=legal
            )
        )

    return policy


def _make_mcts(game: Game, seat: int, rng: Rng, values: ParamValues) -> Agent:
    return ISMCTSAgent(game, seat, rng, SearchSettings.from_values(values))


MCTS = Bot(
    "mcts",
    "IS-MCTS: searches worlds consistent with its observation; stronger the longer it thinks.",
    _make_mcts,
    mcts_params,
    searches=True,
    time_param="ms",
    count_param="iterations",
)
"""Seat specs ``mcts``, ``mcts:iterations=2000``, ``mcts:ms=200,c=1.0``, ...; a bare
``mcts`` plays the game's declared defaults (``Game.bot_defaults``)."""
