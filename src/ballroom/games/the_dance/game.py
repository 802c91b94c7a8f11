"""The Dance game declaration: options, actions, determinization and the terminal picture."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ballroom.core import words
from ballroom.core.actions import ActionCodec
from ballroom.core.bots import Bot
from ballroom.core.explain import Aids, Outcome, Teaching
from ballroom.core.game import Game
from ballroom.core.options import Option, OptionSet
from ballroom.core.rng import Rng
from ballroom.core.state import Observation
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance import hints, powers, search, wording
from ballroom.games.the_dance.bots import BOT_DEFAULTS, BOTS
from ballroom.games.the_dance.components import (
    DOMAINS,
    Components,
    default_components,
)
from ballroom.games.the_dance.state import TheDanceState, family_name
from ballroom.games.the_dance.steps import PHASE_NAMES, Phase

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

FAMILY_STYLES = {
    "plum": "orchid",
    "grey": "grey70",
    "crimson": "red3",
    "emerald": "green3",
    "gold": "gold1",
    "azure": "deep_sky_blue1",
}
SYMBOL_STYLES = {
    "rose": "hot_pink",
    "lily": "bright_white",
    "ivy": "green",
    "sun": "yellow",
    "moon": "light_steel_blue",
}
ARROWS = ("→", "↗", "↖", "←", "↙", "↘")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
DOMAIN_LETTERS = "ECSF"


class TheDance(Teaching, Game):
    id: ClassVar[str] = "the-dance"
    name: ClassVar[str] = "The Dance"
    summary: ClassVar[str] = (
        "Vampire families at a grand ball: steer your Avatar across the waltz, "
        "Influence the Dancers your secret Plan needs and seat them at your table."
    )
    rules_version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    codec: ClassVar[ActionCodec] = ac.CODEC
    """The declared action families, whose ids are the game's (structured action spaces)."""
    option_set: ClassVar[OptionSet] = OptionSet(
        (
            Option(
                "domination",
                "natural-one: an unmodified successful roll of one Dominates, and Dominated Dancers are "
                "out of everyone's reach (SEQUENCE OF PLAY); margin-three: a roll 3 or more "
                "under the target Dominates, and another Domination takes her over.",
                default="natural-one",
                choices=("natural-one", "margin-three"),
            ),
            Option(
                "refreshment-domain",
                "own: a Refreshment adds its pips only to its own Domain; any: to whichever "
                "Domain is rolled.",
                default="own",
                choices=("own", "any"),
            ),
            Option(
                "scenario",
                "subtlety: Plans stay secret until a win; arrogance: every Plan is revealed "
                "at the first Player Phase; new-blood: Avatars are chosen after the Plans.",
                default="subtlety",
                choices=("subtlety", "arrogance", "new-blood"),
            ),
            Option(
                "initiative",
                "Optional rule INITIATIVE: the holder acts first and passes the marker after "
                "each Waltz Phase.",
                default=False,
            ),
            Option(
                "super-villains",
                "Optional rule SUPER VILLAINS: keep both Powers drawn.",
                default=False,
            ),
            Option(
                "dawn",
                "House rule, not in the rulebook (off by default, 0): the ball closes at dawn "
                "after this game turn, and the families that filled the most Plan symbols, then "
                "seated the most Dancers, win. The rulebook ends the game only by a Plan.",
                default=0,
                minimum=0,
                maximum=100_000,
            ),
            Option(
                "play-for-places",
                "Play on after the first win to rank second, third and so on.",
                default=False,
            ),
        )
    )
    bots: ClassVar[dict[str, Bot]] = BOTS
    bot_defaults: ClassVar[tuple[str, ...]] = BOT_DEFAULTS
    turn_cap = 200
    """No turn limit in the rules (RULINGS 16), and random play seldom seats anyone, so
    automated play cuts a game off unfinished after 200 turns; purposeful games between
    the heuristic bots end by a Plan in about 10-25."""

    def __init__(self, players: int, **options: object) -> None:
        super().__init__(players, **options)
        self.components: Components = default_components()
        self.margin_three = self.options["domination"] == "margin-three"
        self.any_domain = self.options["refreshment-domain"] == "any"
        kinds = [k.domain for k in self.components.refreshments]
        self.ankh_kind = kinds.index(-1) if -1 in kinds else -1
        self.shown_at_deal = powers.shown_at_deal(self.components)
        """The Powers seen at the deal (Old Wealth's six Refreshments), which ``determinize``
        deals only to a family that showed one."""

    def new_state(self, seed: int = 0) -> TheDanceState:
        return TheDanceState(self, seed)

    @property
    def num_distinct_actions(self) -> int:
        return ac.NUM_ACTIONS

    def action_to_text(self, action: int) -> str:
        return ac.to_text(action)

    def parse_action(self, text: str) -> int:
        return ac.parse(text)

    def action_json(self, action: int) -> dict[str, Any]:
        """The structured form of ``action``: its family and parameters by name."""
        return ac.CODEC.to_json(action)

    def determinize(self, observation: Observation, rng: Rng) -> TheDanceState:
        return TheDanceState.from_observation(self, observation, rng)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        from ballroom.games.the_dance import encoding  # numpy, only for learners

        return (encoding.observation_size(self.components, self.players),)

    def encode_observation(self, observation: Observation) -> npt.NDArray[np.float32]:
        from ballroom.games.the_dance import encoding

        return encoding.encode(observation, self.components, self.players)

    @property
    def padded_observation_shape(self) -> tuple[int, ...]:
        from ballroom.games.the_dance import encoding

        return (encoding.observation_size(self.components, self.max_players),)

    def encode_padded(self, observation: Observation) -> npt.NDArray[np.float32]:
        from ballroom.games.the_dance import encoding

        return encoding.encode(observation, self.components, self.players, self.max_players)

    def evaluate(self, state: TheDanceState) -> list[float]:
        """Search hook for IS-MCTS: win shares of a game cut short (see search.py)."""
        return search.evaluate(state)

    def rollout_action(self, state: TheDanceState, player: int, rng: Rng) -> int:
        """Search hook: a fast greedy rollout policy (see search.py)."""
        return search.rollout_action(state, player, rng)

    def player_name(self, player: int) -> str:
        return f"Player {player + 1}"

    names_from_play = True

    def player_names(self, public: Observation) -> list[str]:
        """Once a seat has chosen its Avatar, the table knows it by its family."""
        return [
            family_name(self.components, f["avatar"]) if f["avatar"] >= 0 else self.player_name(q)
            for q, f in enumerate(public["families"])
        ]

    def move_hints(self, observation: Observation, legal: Sequence[int]) -> dict[int, Any]:
        return hints.move_hints(self, observation, legal)

    # -- the terminal picture ----------------------------------------------------

    def render(self, observation: Observation) -> str:
        """The ballroom as ``observation``'s seat sees it, in rich markup."""
        comp = self.components
        board = comp.board
        view = observation
        fams = view["families"]
        occ: dict[int, str] = {}
        for d, pos in enumerate(view["dancer_pos"]):
            if pos >= 0:
                style = SYMBOL_STYLES.get(comp.colours[comp.dancers[d].symbol], "white")
                owner = view["dancer_influence"][d]
                if owner >= 0:
                    fam = _family_style(comp, fams[owner]["sanctuary"])
                    mark = "!" if view["dancer_dominated"][d] else "*"
                    occ[pos] = f"[{style}]{LETTERS[d]}[/][{fam}]{mark}[/]"
                else:
                    occ[pos] = f"[{style}]{LETTERS[d]}[/] "
        for q, f in enumerate(fams):
            if f["pos"] >= 0 and f["pos"] not in occ:
                occ[f["pos"]] = f"[bold reverse {_family_style(comp, f['sanctuary'])}]{q + 1}[/] "
        if view["server"] >= 0:
            occ[view["server"]] = "[bold white on blue]◆[/] "
        if view["placed"] < len(comp.dancers):
            for h in board.start_hexes:
                occ.setdefault(h, "[white]○[/] ")
        entries = {s.entry: s for s in board.sanctuaries}
        servers = {h: i + 1 for i, h in enumerate(board.server_hexes)}
        rows: dict[int, list[tuple[int, int]]] = {}
        for index, (q, r) in enumerate(board.hexes):
            rows.setdefault(r, []).append((q, index))
        qmin = min(q + r / 2 for q, r in board.hexes)
        lines = [
            f"[bold]{board.name}[/]   turn {view['turn']}   Tempo "
            + " ".join(
                f"[reverse]{box}[/]" if box == view["tempo"] else str(box)
                for box in range(1, board.tempo_boxes + 1)
            )
            + f"  (box {board.refreshment_box}: Refreshments)"
        ]
        for r in sorted(rows):
            cells = sorted(rows[r])
            start = cells[0][0] + r / 2 - qmin
            line = " " * int(start * 4)
            for _q, index in cells:
                if index in occ:
                    cell = occ[index]
                elif index in entries:
                    cell = f"[{FAMILY_STYLES.get(entries[index].colour, 'white')}]▣[/] "
                elif index in servers:
                    cell = f"[blue]{servers[index]}[/] "
                else:
                    nxt = board.path_next[index]
                    on_path = nxt >= 0
                    arrow = ARROWS[
                        board.direction(index, nxt if on_path else board.arrow_to[index])
                    ]
                    cell = f"[{'cyan' if on_path else 'grey42'}]{arrow}[/] "
                line += " " + cell + " "
            lines.append(line.rstrip())
        lines.append(
            "[dim]Key: letters Dancers (* Influenced, ! Dominated), reverse digits Avatars, "
            "◆ the Server, blue digits Server hexes, ▣ Sanctuary entries, ○ start hexes, cyan arrows the "
            "waltz, grey arrows the way back to it.[/]"
        )
        lines.append("[bold]Families[/]")
        for q, f in enumerate(fams):
            lines.append(_family_line(self, comp, view, q, f))
        lines.append(
            "[bold]Dancers[/] (letter, symbol, pips E C S F with - for a negated Domain; * Influenced, ! Dominated)"
        )
        for d, dancer in enumerate(comp.dancers):
            where = _dancer_where(comp, view, d)
            colour = comp.colours[dancer.symbol]
            pips = " ".join(
                "-" if dancer.negates[i] else str(dancer.pips[i]) for i in range(len(DOMAINS))
            )
            lines.append(
                f"  [{SYMBOL_STYLES.get(colour, 'white')}]{LETTERS[d]}[/] {dancer.name:<19} "
                f"{colour:<5} {pips}  {where}"
            )
        piles = view["piles"]
        lines.append(
            f"Piles: {piles['refreshments']} Refreshments, {piles['plans']} Plans, "
            f"{piles['powers']} Powers.   Server: "
            + ("in the kitchen" if view["server"] < 0 else "on the floor (◆)")
        )
        if view["winners"]:
            names = ", ".join(_who(comp, fams, q) for q in view["winners"])
            lines.append(f"[bold green]Winner: {names}[/]")
        else:
            step = wording.PHASE_WORDS[Phase(PHASE_NAMES.index(view["phase"]))]
            lines.append(f"Now: {step}; deciding: {_who(comp, fams, view['actor'])}")
        return "\n".join(lines)

    @property
    def aids(self) -> Aids:
        from ballroom.games.the_dance import explain

        return explain.AIDS

    def explain_outcome(self, state: TheDanceState) -> Outcome:
        from ballroom.games.the_dance import explain

        return explain.explain_outcome(state)

    @staticmethod
    def describe_action(action: int, observation: dict[str, Any]) -> str:
        """The move in words, with the odds or place it concerns, for menus and buttons."""
        return wording.describe_action(action, observation)


def _family_style(comp: Components, sanctuary: int) -> str:
    if sanctuary < 0:
        return "white"
    return FAMILY_STYLES.get(comp.board.sanctuaries[sanctuary].colour, "white")


def _who(comp: Components, fams: list[dict[str, Any]], q: int) -> str:
    if q < 0:
        return "chance"
    avatar = fams[q]["avatar"]
    return family_name(comp, avatar) if avatar >= 0 else f"Player {q + 1}"


def _family_line(
    game: TheDance, comp: Components, view: Observation, q: int, f: dict[str, Any]
) -> str:
    style = _family_style(comp, f["sanctuary"])
    name = comp.avatars[f["avatar"]].name if f["avatar"] >= 0 else game.player_name(q)
    table = comp.board.sanctuaries[f["sanctuary"]].colour if f["sanctuary"] >= 0 else "-"
    you = " (you)" if view["you"] == q else ""
    parts = [f"  [{style}]{q + 1} {name}[/]{you} table {table}"]
    if f["refreshments"] is not None:
        held = [
            words.count(c, comp.refreshments[k].name) for k, c in enumerate(f["refreshments"]) if c
        ]
        parts.append(f"Refreshments: {', '.join(held) or 'none'}")
    else:
        parts.append(f"Refreshments: {f['refreshment_count']}")
    powers = [comp.powers[w].name for w in f["powers"]]
    hidden = f["power_count"] - len(powers)
    parts.append(
        "Powers: " + ", ".join(powers + ["?"] * hidden) if powers or hidden else "Powers: -"
    )
    if f["plan"] is not None:
        parts.append(f"Plan: {wording.plan_name(comp, f['plan'])}")
    elif f["has_plan"]:
        parts.append("Plan: secret")
    seated = ", ".join(comp.dancers[d].name for d in f["seated"]) or "nobody"
    parts.append(f"seated: {seated}")
    if f["markers"] > 1:
        parts.append("2 Influence markers")
    if f["foiled"]:
        parts.append("[red]Foiled[/]")
    return "; ".join(parts)


def _dancer_where(comp: Components, view: Observation, d: int) -> str:
    seat = view["dancer_seat"][d]
    fams = view["families"]
    if seat >= 0:
        return f"seated with {_who(comp, fams, seat)}"
    if view["dancer_pos"][d] < 0:
        return "not placed yet"
    owner = view["dancer_influence"][d]
    if owner >= 0:
        how = "Dominated" if view["dancer_dominated"][d] else "Influenced"
        return f"{how} by {_who(comp, fams, owner)}"
    return "dancing"
