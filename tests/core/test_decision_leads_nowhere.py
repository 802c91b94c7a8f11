"""A bot in the same process cannot walk from its Decision to the true State (issue 30 §5).

The cheater below follows every reference a Decision hands it, the way a
user's bot in the lab or a tournament could: attributes and slots, a bound
method's ``__self__`` and ``__func__``, a function's closure cells, defaults
and ``__globals__``, ``functools.partial`` parts, and the items of every
container, to a depth no honest path needs. It must not find the State being
played.

Out of scope, because no Python object can stop them: ``gc.get_referrers``
and walking the caller's frames (``sys._getframe``) reach anything alive in
the process. Only a process boundary stops those; the web server's bots
think in worker processes that are sent the observation alone.
"""

from __future__ import annotations

import functools
import types
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from ballroom.core.agent import Decision
from ballroom.core.game import make_game
from ballroom.core.play import decision_for, play_out, step
from ballroom.core.state import CHANCE, State
from ballroom.server import botpool

DEPTH = 10
NODES = 500_000


def references(obj: Any) -> Iterator[Any]:
    """Everything ``obj`` leads to by ordinary introspection: its class too, whose
    methods lead to their modules' globals (but not into modules themselves)."""
    if isinstance(obj, type):
        yield from vars(obj).values()
        return
    yield type(obj)
    if isinstance(obj, dict | types.MappingProxyType):
        yield from obj.keys()
        yield from obj.values()
        return
    if isinstance(obj, list | tuple | set | frozenset):
        yield from obj
        return
    if isinstance(obj, types.MethodType):
        yield obj.__self__
        yield obj.__func__
        return
    if isinstance(obj, types.BuiltinMethodType):
        yield obj.__self__
        return
    if isinstance(obj, types.FunctionType):
        yield from (cell.cell_contents for cell in obj.__closure__ or () if _filled(cell))
        yield obj.__globals__
        yield obj.__defaults__
        yield obj.__kwdefaults__
        yield getattr(obj, "__wrapped__", None)
        return
    if isinstance(obj, functools.partial):
        yield obj.func
        yield obj.args
        yield obj.keywords
        return
    holder = getattr(obj, "__dict__", None)
    if isinstance(holder, dict):
        yield holder
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            try:
                yield getattr(obj, name)
            except AttributeError:
                continue


def _filled(cell: types.CellType) -> bool:
    try:
        cell.cell_contents  # noqa: B018
    except ValueError:
        return False
    return True


def hunt(root: object) -> list[State]:
    """Every State reachable from ``root`` within ``DEPTH`` steps."""
    found: list[State] = []
    seen = {id(root)}
    layer = [root]
    nodes = 0
    for _ in range(DEPTH):
        following = []
        for obj in layer:
            for ref in references(obj):
                if id(ref) in seen or isinstance(ref, types.ModuleType):
                    continue
                seen.add(id(ref))
                nodes += 1
                if isinstance(ref, State):
                    found.append(ref)
                following.append(ref)
        layer = following
        if nodes > NODES:
            break
    return found


class Cheater:
    """Plays the last legal action, and looks for the State at its first decisions."""

    def __init__(self, hunts: int = 12) -> None:
        self.found: list[State] = []
        self.decisions = 0
        self.hunts = hunts

    def act(self, decision: Decision) -> int:
        self.decisions += 1
        if self.decisions <= self.hunts:
            self.found += hunt(decision)
        return decision.legal_actions[-1]


def test_the_cheater_would_find_a_state_one_leads_to() -> None:
    """The hunt works: a Decision that held the state's bound method would be caught."""
    state = make_game("dark-tales", 2).new_state(1)
    leaky = types.SimpleNamespace(observe=state.observation, legal_actions=[0])
    assert any(found is state for found in hunt(leaky))

    def observe(seat: int) -> object:
        return state.observation(seat)

    assert any(found is state for found in hunt(types.SimpleNamespace(observe=observe)))
    assert any(found is state for found in hunt(functools.partial(State.observation, state)))


@pytest.mark.parametrize("game", ["dark-tales", "vampires-harvest", "the-dance", "dominare"])
def test_a_decision_in_the_step_loop_leads_nowhere(game: str) -> None:
    """``step`` (the terminal, the server's frames, the gym environment) and
    ``decision_for``: the cheater plays a dozen decisions and finds no State."""
    state = make_game(game, 2).new_state(3)
    cheater = Cheater()
    while cheater.decisions < 12 and not state.is_terminal():
        step(state, [cheater, cheater])
    assert cheater.decisions >= 12 and cheater.found == []
    player = state.current_players()[0]
    if player >= 0:
        assert hunt(decision_for(state, player)) == []


@pytest.mark.parametrize("game", ["dark-tales", "dancing-dice"])
def test_a_decision_in_a_simulation_leads_nowhere(game: str) -> None:
    """``play_out`` (the lab's simulate, tournaments, sweeps): a cheater in a seat."""
    cheater = Cheater()
    played = make_game(game, 2)
    play_out(played.new_state(5), [cheater, cheater], max_turns=played.turn_cap)
    assert cheater.decisions >= cheater.hunts and cheater.found == []


def test_a_server_bot_decision_leads_nowhere(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a server's bot worker builds from the observation it was sent."""
    cheater = Cheater()

    def cheating_agent(*_: Sequence[object]) -> Cheater:
        return cheater

    monkeypatch.setattr(botpool, "make_agent", cheating_agent)
    game = make_game("dark-tales", 2)
    state = game.new_state(2)
    while state.is_chance_node():
        state.apply(state.sample_chance(), CHANCE)
    player = state.current_players()[0]
    key = (game.id, game.players, tuple(game.options.items()))
    observation, legal = state.observation(player), list(state.legal_actions(player))
    botpool.bot_move(key, player, "random", 1, observation, legal, 1000.0)
    assert cheater.decisions == 1 and cheater.found == []
