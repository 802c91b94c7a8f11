"""A Season as decision steps, the moves each offers, and the agenda's tasks.

A Season is the Conspiracy Phase (agents chosen in secret, revealed
together, "when revealed" abilities, the player order), the Event Phase
(an event's sections, then the scapegoat's adjustment), the Canvassing
Phase (income and influence, rank by rank in player order) and the Action
Phase (two actions each, three in Season 7). The state keeps an agenda of
``Task`` values, each a line of the rulebook; a task happens at once or
waits at a ``Phase``: a seat's decision or chance.

Chance: every agent card drawn from the deck and every event revealed
(``draw``, ``event``), and which "Just Learning" conspiracy a seat gets.
"""

from __future__ import annotations

from enum import Enum
from functools import cache

from ballroom.core.actions import Action, ActionCodec, Family, Param
from ballroom.core.flow import Flow, Step
from ballroom.core.terms import Term
from ballroom.games.dominare import faces
from ballroom.games.dominare.components import DECK_SIZE, Board, Side, default_catalog

CATALOG = default_catalog()
AGENTS = tuple(CATALOG.agent(card) for card in range(DECK_SIZE))
"""Each agent card's agent, by card id: canvassing and every action read them."""
MAX_PLAYERS = 6
MAX_RANKS = 7
MAX_ABILITIES = 3
MAX_BUY = 20
"""The most influence one Inspire buys and the most exposure one Whitewash moves."""
MAX_AMOUNT = 10


class Direction(Enum):
    UP = "up"
    DOWN = "down"


class Answer(Enum):
    YES = "yes"
    NO = "no"


class Phase(Term):
    """The decision points of a game."""

    DRAW = "draw"
    """Chance: the agent card drawn from the deck."""
    EVENT = "event"
    """Chance: the event card revealed from the event deck."""
    CONSPIRACY = "conspiracy"
    """Chance ("Just Learning"): which starting conspiracy a seat gets."""
    KEEP = "keep"
    """Every seat keeps one card of those dealt it (set-up, the draft), at once, in secret."""
    SELECT = "select"
    """Every seat holding agents chooses its next rank's agent, at once, in secret."""
    RECRUIT = "recruit"
    """A recruiting seat adds one of the agents it drew to its hand."""
    CANVASS = "canvass"
    """A canvassing agent's first block."""
    SPREAD = "spread"
    """Where the canvassing agent's next influence goes (spreading costs a crown a block)."""
    ACTION = "action"
    """A seat's action: an agent or district ability, or a basic ability."""
    EXTRA = "extra"
    """An extra agent ability an ability grants (or none)."""
    BLOCK = "block"
    """The block an ability acts on."""
    PLAYER = "player"
    """The player an ability acts on."""
    DISTRICT = "district"
    """The district an ability acts on."""
    AGENT = "agent"
    """The agent (a seat's rank) an ability acts on."""
    SIGN = "sign"
    """Whether an adjustment goes up or down."""
    SPEND = "spend"
    """How many crowns to spend (or whether to spend them)."""
    AMOUNT = "amount"
    """How much influence an Inspire buys, or how far a Whitewash moves exposure."""
    ADJUST = "adjust"
    """The scapegoat's adjustment: which of the event's two districts goes up."""
    DECK = "deck"
    """Semi-Blind Draw: the faction deck a seat draws from."""
    DISCARD = "discard"
    """Semi-Blind Draw: every seat discards an agent from its hand, at once, in secret."""
    OFFER = "offer"
    """Anything Goes: the trading player adds to its offer, or proposes it."""
    TRADE = "trade"
    """Anything Goes: the player offered a trade accepts or declines it."""
    HAND_OVER = "hand-over"
    """Anything Goes: a player who accepted to give an agent chooses which."""
    OVER = "over"


class Task(Term):
    """One line of the agenda (the rules in the module of each rulebook section)."""

    DEAL = "deal"
    LEARNING = "learning"
    KEEP = "keep"
    RETURN = "return"
    SEASON = "season"
    DRAFT_PICK = "draft-pick"
    DRAFT_END = "draft-end"
    SELECT = "select"
    SELECT_DRAW = "select-draw"
    REVEAL = "reveal"
    REVEALED = "revealed"
    ORDER = "order"
    EVENT = "event"
    SECTIONS = "sections"
    ADJUST = "adjust"
    CANVASS = "canvass"
    ACTION = "action"
    OP = "op"
    RECRUIT_DRAW = "recruit-draw"
    RECRUIT_KEEP = "recruit-keep"
    SEASON_END = "season-end"
    BLIND_DRAW = "blind-draw"
    BLIND_DISCARD = "blind-discard"
    BLIND_MERGE = "blind-merge"


OP_TASK, EVENT_PHASE, AMOUNT_PHASE = Task.OP, Phase.EVENT, Phase.AMOUNT
"""Members the rules name at many moves, read once here: on Python 3.11 a member read off
its enum class goes through ``EnumType.__getattr__``'s hook, many times a module name's
cost."""


BLOCKS = tuple(block.id for block in CATALOG.boards[Side.LARGE].blocks)
"""Every block name of either side (the large side has every name the small one has)."""
BLOCK_NUMBER = {name: number for number, name in enumerate(BLOCKS)}
DISTRICTS = tuple(d.id for d in CATALOG.districts)
AGENT = Param.of_names("agent", CATALOG.card_texts)
EVENT_CARD = Param.of_names("event", tuple(e.slug for e in CATALOG.events))
BLOCK = Param.of_names("block", BLOCKS)
DISTRICT = Param.of_names("district", DISTRICTS)
SEAT = Param.of_range("player", 1, MAX_PLAYERS)
RANK = Param.of_range("rank", 1, MAX_RANKS)

DRAW = Family("draw", (AGENT,), "Chance: the agent card drawn.")
EVENT = Family("event", (EVENT_CARD,), "Chance: the event revealed.")
CONSPIRACY = Family(
    "conspiracy", (Param.of_range("number", 1, 6),), "Chance: this starting conspiracy."
)
KEEP = Family("keep", (AGENT,), "Keep this agent.")
SELECT = Family("select", (AGENT,), "Place this agent face down in your next rank.")
PLACE = Family("place", (BLOCK,), "Place influence in this block.")
DONE = Family("done", (), "Stop: put the rest on the first block, or choose nothing more.")
ABILITY = Family(
    "ability",
    (RANK, Param.of_range("number", 1, MAX_ABILITIES)),
    "Use this ability (its place on the card) of the agent in this rank.",
)
USE = Family("use", (DISTRICT,), "Use the ability of this district you control.")
CROWN = Family("crown", (), "Gain one crown.")
INSPIRE = Family("inspire", (BLOCK,), "Buy influence in this block (how much is asked next).")
RALLY = Family("rally", (), "Flip all your face-down agents face up.")
RECRUIT = Family("recruit", (), "Draw two agents, keep one.")
REPLACE = Family(
    "replace", (RANK, AGENT), "Replace the agent in this rank with one from your hand."
)
WHITEWASH = Family(
    "whitewash",
    (Param.of_enum("way", Direction),),
    "Adjust your exposure this way, paying Season + 2 crowns a point (how far is asked next).",
)
AMOUNT = Family(
    "amount",
    (Param.of_range("amount", 1, MAX_BUY),),
    "This much: the influence an Inspire buys, or the points a Whitewash moves.",
)
PLAYER = Family("player", (SEAT,), "This player.")
DISTRICT_PICK = Family("district", (DISTRICT,), "This district.")
AGENT_PICK = Family("agent", (SEAT, RANK), "This player's agent in this rank.")
SIGN = Family("adjust", (Param.of_enum("way", Direction),), "Adjust up or down.")
SPEND = Family("spend", (Param.of_range("crowns", 0, MAX_AMOUNT),), "Spend this many crowns.")
ANSWER = Family("answer", (Param.of_enum("answer", Answer),), "Yes or no.")
RAISE = Family("raise", (DISTRICT,), "Raise this district; lower the other.")
FACTION_DECKS = ("atheneum", "canals", "church", "merchant", "senate", "commoner", "shadowmen",
                 "culture-nobility")  # fmt: skip
"""Semi-Blind Draw's decks: one per faction, Culture and Nobility shuffled together."""
DECK = Family("deck", (Param.of_names("deck", FACTION_DECKS),), "Draw from this faction deck.")
DISCARD = Family("discard", (AGENT,), "Discard this agent from your hand.")
MAX_TRADE = 10
"""The most crowns one step of an offer adds."""
TRADE = Family("trade", (SEAT,), "Anything Goes: open a trade with this player.")
GIVE_CROWNS = Family(
    "give-crowns", (Param.of_range("crowns", 1, MAX_TRADE),), "Offer this many crowns more."
)
GIVE_AGENT = Family("give", (AGENT,), "Offer (or hand over) this agent from your hand.")
ASK_CROWNS = Family(
    "ask-crowns", (Param.of_range("crowns", 1, MAX_TRADE),), "Ask this many crowns more."
)
ASK_AGENT = Family(
    "ask-agent", (), "Ask for an agent from the other player's hand (theirs to choose)."
)
PROPOSE = Family("propose", (), "Propose the offer as it stands.")


SEAT_STEPS: dict[Phase, tuple[Step[Phase], ...]] = {
    phase: tuple(Step.seat(phase, seat) for seat in range(MAX_PLAYERS))
    for phase in Phase
    if phase not in (Phase.DRAW, Phase.EVENT, Phase.CONSPIRACY, Phase.OVER)
}
"""Each seat's step at each of the steps one seat decides (``Step.seat``), by step and seat,
made once: canvassing, spreading and the action turns go from one to the next."""
DRAW_STEP, EVENT_STEP = Step.chance(Phase.DRAW), Step.chance(Phase.EVENT)


def faction_deck(card: int) -> str:
    """The Semi-Blind Draw deck an agent card is shuffled into."""
    faction = CATALOG.agent(card).faction.value
    return "culture-nobility" if faction in ("culture", "nobility") else faction


CODEC = ActionCodec(
    [
        DRAW,
        EVENT,
        CONSPIRACY,
        KEEP,
        SELECT,
        PLACE,
        DONE,
        ABILITY,
        USE,
        CROWN,
        INSPIRE,
        RALLY,
        RECRUIT,
        REPLACE,
        WHITEWASH,
        PLAYER,
        DISTRICT_PICK,
        AGENT_PICK,
        SIGN,
        SPEND,
        ANSWER,
        RAISE,
        DECK,
        DISCARD,
        TRADE,
        GIVE_CROWNS,
        GIVE_AGENT,
        ASK_CROWNS,
        ASK_AGENT,
        PROPOSE,
        AMOUNT,
    ]
)
FLOW = Flow.declare(
    Phase,
    {
        Phase.DRAW: [DRAW],
        Phase.EVENT: [EVENT],
        Phase.CONSPIRACY: [CONSPIRACY],
        Phase.KEEP: [KEEP],
        Phase.SELECT: [SELECT],
        Phase.RECRUIT: [KEEP],
        Phase.CANVASS: [PLACE],
        Phase.SPREAD: [PLACE, DONE],
        Phase.ACTION: [ABILITY, USE, CROWN, INSPIRE, RALLY, RECRUIT, REPLACE, WHITEWASH, TRADE],
        Phase.EXTRA: [ABILITY, DONE],
        Phase.BLOCK: [PLACE, DONE],
        Phase.PLAYER: [PLAYER],
        Phase.DISTRICT: [DISTRICT_PICK],
        Phase.AGENT: [AGENT_PICK, DONE],
        Phase.SIGN: [SIGN],
        Phase.SPEND: [SPEND, ANSWER],
        Phase.AMOUNT: [AMOUNT],
        Phase.ADJUST: [RAISE],
        Phase.DECK: [DECK],
        Phase.DISCARD: [DISCARD],
        Phase.OFFER: [GIVE_CROWNS, GIVE_AGENT, ASK_CROWNS, ASK_AGENT, PROPOSE, DONE],
        Phase.TRADE: [ANSWER],
        Phase.HAND_OVER: [GIVE_AGENT],
        Phase.OVER: [],
    },
)


@cache
def place_moves(board: Board) -> tuple[Action, ...]:
    """``place`` for each block of ``board``, by block, made once per board: canvassing
    and the abilities offer a block at most of their decisions."""
    return tuple(PLACE(BLOCK_NUMBER[block.id]) for block in board.blocks)


@cache
def inspire_moves(board: Board) -> tuple[tuple[int, tuple[Action, ...]], ...]:
    """Each district of ``board`` with the ``inspire`` moves of its blocks, the districts in
    the order of their blocks (so that the moves of some come in block order), made once per
    board: every action turn offers an Inspire in each block of the districts whose price
    the seat can pay."""
    found: dict[int, list[Action]] = {}
    for block in board.blocks:
        found.setdefault(block.district, []).append(INSPIRE(BLOCK_NUMBER[block.id]))
    return tuple((district, tuple(moves)) for district, moves in found.items())


def block_of(board: Board, action: Action) -> int:
    """The block of ``board`` that a ``place`` or ``inspire`` move names."""
    return _board_blocks(board)[action.values[0]]


@cache
def _board_blocks(board: Board) -> dict[int, int]:
    """Each block of ``board`` by its number among every block name (``BLOCK``), once per
    board: every placement reads its block off the move."""
    return {BLOCK_NUMBER[block.id]: index for index, block in enumerate(board.blocks)}


@cache
def block_names(board: Board) -> tuple[str, ...]:
    """Each block of ``board`` as players name it (``faces.block_name``), by block, named
    once per board: every placement's event names its block."""
    return tuple(faces.block_name(CATALOG, board, block) for block in range(len(board.blocks)))
