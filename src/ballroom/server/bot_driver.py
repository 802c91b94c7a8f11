"""The bots at every table: each room's driver lets the bots whose decision it is move.

Bots move after a short pause, each decision with a seed derived from the
game's seed and the ply, so a restarted server makes the same choices. A bot
thinks without holding the room's lock, so the people at its table can move
meanwhile; if the game moved on, it decides again.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool

from ballroom.agents import resolve_seat
from ballroom.core.play import decision_for
from ballroom.core.rng import derive_seed
from ballroom.server.botpool import bot_move
from ballroom.server.manager_parts import ManagerParts
from ballroom.server.room import (
    LOG,
    WORKER_RETRIES,
    Room,
    _report_stop,
)
from ballroom.server.storage import (
    StorageError,
)


class BotDriver(ManagerParts):
    """The bots of every room, driven one decision at a time."""

    def _drive(self, room: Room) -> None:
        if self.leases is not None and room.id not in self.leases.held:
            return  # another server process drives this game's bots
        if room.bots_to_move() and (room.driver is None or room.driver.done()):
            room.driver = asyncio.get_running_loop().create_task(self._bot_loop(room))
            room.driver.add_done_callback(functools.partial(_report_stop, room.id))

    async def _decide(self, room: Room, *, quick: bool, call: Callable[[], int]) -> int:
        """One bot decision, asked again if its worker process died while thinking.

        The pool replaces a dead worker; the decision's seed comes from the game's
        seed and the ply, so asking again is the same decision, not a new draw.
        A decision that kills its worker every time is given up after a few tries.
        """
        attempt = 1
        while True:
            try:
                return await self.bots.decide(room.id, quick=quick, call=call)
            except BrokenProcessPool:
                if attempt >= WORKER_RETRIES:
                    raise
                attempt += 1
                LOG.warning(
                    "game %s: a bot worker died at ply %d; asking again (try %d of %d)",
                    room.id,
                    room.ply,
                    attempt,
                    WORKER_RETRIES,
                )

    async def _bot_loop(self, room: Room) -> None:
        """Let the bots whose decision it is move, one after another, with a visible pause.

        The bot thinks without the room's lock: in a simultaneous round the
        people can move meanwhile (and a busy bot pool delays only the bots).
        If the game moved on while it thought, it decides again from the new
        state, so every decision is the one made at the ply it is applied at.
        """
        while room.bots_to_move():
            await asyncio.sleep(room.bot_delay)
            bots = room.bots_to_move()
            if not bots:
                return
            player, state, ply = bots[0], room.state, room.ply
            decision = decision_for(state, player)
            spec = room.seats[player].spec
            bot, _ = resolve_seat(room.game, spec)
            call = functools.partial(
                bot_move,
                (room.game.id, room.game.players, tuple(room.game.options.items())),
                player,
                spec,
                derive_seed(state.seed, "server-bot", ply),
                decision.observation,
                list(decision.legal_actions),
                self.bot_ms_max,
            )
            action = await self._decide(room, quick=not bot.searches, call=call)
            async with room.lock:
                if room.state is not state or room.ply != ply or player not in room.bots_to_move():
                    continue
                taken = [room._apply(action, player)]
                room._advance_chance(taken)
                try:
                    await self._commit(room, taken)
                except (StorageError, OSError):
                    return
