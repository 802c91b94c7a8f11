"""Dominare explained to a player: the line for each step, what each move does, why a
move is not offered (asking the rules' own checks of a state built from the seat's
view), the live standing and the final scoring, each rule with its rulebook section
(``ballroom.core.explain``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ballroom.core import words
from ballroom.core.actions import Action
from ballroom.core.explain import (
    Aids,
    FamilyAid,
    Outcome,
    Requirement,
    Rule,
    StepAid,
    counted,
    decided,
    outcome,
    said,
)
from ballroom.core.state import Observation
from ballroom.games.dominare.action_phase import NEVER_REPLACED, inspire_price, whitewash_price
from ballroom.games.dominare.components import Side
from ballroom.games.dominare.influence import controller, controllers
from ballroom.games.dominare.scoring import exposure_penalties, ranking, scores
from ballroom.games.dominare.state import NOBODY
from ballroom.games.dominare.turn import BLOCKS, CATALOG, CODEC, FACTION_DECKS, FLOW, Direction

if TYPE_CHECKING:
    from ballroom.games.dominare.game import Dominare
    from ballroom.games.dominare.state import DominareState
    from ballroom.games.dominare.view import Seen

SCORING = Rule(
    "Add the VP of each district and block you control and your agents' bonus VP, less VP "
    "for exposure (none for the least exposed, 1 per 3 for the most, 1 per 5 for the "
    "rest); the most VP wins, ties go to the most crowns.",
    "SCORING",
)
CONSPIRACY = Rule(
    "All players choose an agent for the rank of the current Season in secret, then "
    "reveal them together.",
    "CONSPIRACY PHASE",
)
DRAFT = Rule("Keep one of the agents dealt you and pass the rest on.", "DRAFTING AGENTS")
CANVASS = Rule(
    "An agent places its influence in one block of its faction's district; rank by rank, "
    "in player order.",
    "CANVASSING PHASE: PLACE INFLUENCE",
)
SPREAD = Rule(
    "After the first token, each further block costs a crown and must be adjacent to the "
    "first block, in at most one adjacent district.",
    "SPREADING INFLUENCE",
)
ACTIONS = Rule(
    "Each player takes two actions a Season (three in Season 7), one at a time in player order.",
    "ACTION PHASE",
)
AGENT_ABILITY = Rule(
    "Use one ability of a face-up agent whose number is at most the agent's rank; each "
    "agent acts once a Season.",
    "AGENT ABILITY",
)
DISTRICT_ABILITY = Rule(
    "Use the ability of a district you control, once a Season.", "DISTRICT ABILITY"
)
CROWN = Rule("Take one crown from the bank.", "GAIN ONE CROWN")
INSPIRE = Rule(
    "Buy influence in one block at the district's VP value in crowns per token.", "INSPIRE"
)
RALLY = Rule("Flip all your face-down agents face up.", "RALLY")
RECRUIT = Rule("Draw two agents, keep one in your hand, discard the other.", "RECRUIT")
REPLACE = Rule(
    "Swap an agent in your ranks for one from your hand (one more exposure); rank 7 is never replaced.",
    "REPLACE",
)
WHITEWASH = Rule("Move your exposure up or down at the Season plus 2 crowns a point.", "WHITEWASH")
EVENTS = Rule("An event's sections apply; the scapegoat adjusts its districts.", "EVENT PHASE")
ADJUST = Rule("The scapegoat raises one of the event's two districts.", "ADJUSTMENTS")
ABILITY_TEXT = Rule(
    "Follow all the instructions of the ability being used.", "AGENT ABILITY: EXTRA ABILITIES"
)
TRADE = Rule(
    "Anything Goes: players may trade crowns and agents from their hands.",
    "VARIANTS: ANYTHING GOES",
)
BLIND = Rule(
    "Semi-Blind Draw: draw from the faction decks, then discard.",
    "VARIANTS: SEMI-BLIND DRAW",
)
CHANCE = Rule("The shuffled decks decide this.", "SETUP")

BOARD = CATALOG.boards[Side.LARGE]
DISTRICT_NAMES = {d.id: d.name for d in CATALOG.districts}
AGENT_NAMES = {text: CATALOG.agent(card).name for card, text in enumerate(CATALOG.card_texts)}
DECK_NAMES = {deck: deck.replace("-", " and ").title() for deck in FACTION_DECKS}


def block_name(text: str) -> str:
    """A block as the board names it: ``senate-3`` is "Senate block 3"."""
    block = BOARD.blocks[BLOCKS.index(text)]
    return f"{CATALOG.districts[block.district].name} block {text.rsplit('-', 1)[1]}"


def _block(action: Action) -> str:
    return block_name(BLOCKS[action["block"]])


def _district(action: Action) -> str:
    name: str = CATALOG.districts[action["district"]].name
    return name


def _agent(action: Action) -> str:
    name: str = CATALOG.agent(action["agent"]).name
    return name


def read(game: Dominare, observation: Observation) -> Seen:
    """A state holding the seat's view, so that the rules' own checks can be asked."""
    from ballroom.games.dominare.view import determinize_free

    return determinize_free(game, observation)


def _seat(seen: Seen) -> int:
    assert seen.seat is not None
    return seen.seat


def _face_up(seen: Seen, action: Action | None) -> bool:
    state, seat = seen.state, _seat(seen)
    if action is None:
        return any(state.face_up(seat, r) for r in range(1, len(state.ranks[seat]) + 1))
    rank = action["rank"]
    return rank <= len(state.ranks[seat]) and state.face_up(seat, rank)


def _unused(seen: Seen, action: Action | None) -> bool:
    state, seat = seen.state, _seat(seen)
    if action is None:
        return not all(state.used[seat])
    rank = action["rank"]
    return rank <= len(state.ranks[seat]) and not state.used[seat][rank - 1]


def _number_in_rank(seen: Seen, action: Action | None) -> bool:
    return action is None or action["number"] <= action["rank"]


def _controls(seen: Seen, action: Action | None) -> bool:
    state, seat = seen.state, _seat(seen)
    districts = range(len(CATALOG.districts)) if action is None else [action["district"]]
    return any(controller(state, d) == seat for d in districts)


def _district_unused(seen: Seen, action: Action | None) -> bool:
    return action is None or not seen.state.district_used[action["district"]]


def _inspire_crowns(seen: Seen, action: Action | None) -> bool:
    state, seat = seen.state, _seat(seen)
    if action is None:
        cheapest = min(inspire_price(state, d) for d in range(len(CATALOG.districts)))
        return state.crowns[seat] >= cheapest
    district = state.board.blocks[state.board.index(BLOCKS[action["block"]])].district
    return state.crowns[seat] >= inspire_price(state, district)


def _whitewash_crowns(seen: Seen, action: Action | None) -> bool:
    return seen.state.crowns[_seat(seen)] >= whitewash_price(seen.state)


def _exposure_to_lower(seen: Seen, action: Action | None) -> bool:
    return (
        action is None
        or action["way"] is not Direction.DOWN
        or bool(seen.state.exposure[_seat(seen)])
    )


def _face_down(seen: Seen, action: Action | None) -> bool:
    state, seat = seen.state, _seat(seen)
    return any(state.down[seat])


def _not_rank_seven(seen: Seen, action: Action | None) -> bool:
    return action is None or action["rank"] < NEVER_REPLACED


FAMILIES = {
    "draw": FamilyAid("An agent drawn", CHANCE, lambda a: "an agent is drawn", ask=False),
    "event": FamilyAid("An event revealed", CHANCE, lambda a: "an event is revealed", ask=False),
    "conspiracy": FamilyAid(
        "A starting conspiracy", CHANCE, lambda a: "a starting conspiracy is dealt", ask=False
    ),
    "keep": FamilyAid("Keep an agent", DRAFT, lambda a: f"keep {_agent(a)} in your hand"),
    "select": FamilyAid(
        "Choose your next agent",
        CONSPIRACY,
        lambda a: f"place {_agent(a)} face down in your next rank, to be revealed with the others",
    ),
    "place": FamilyAid("Place influence", CANVASS, lambda a: f"place influence in {_block(a)}"),
    "done": FamilyAid("Done", SPREAD, lambda a: "stop here: nothing more for this step"),
    "ability": FamilyAid(
        "Use an agent's ability",
        AGENT_ABILITY,
        lambda a: f"use ability {a['number']} of the agent in your rank {a['rank']}",
        (
            Requirement(
                Rule("Only a face-up agent acts; that one is face down.", "AGENT ABILITY"),
                _face_up,
            ),
            Requirement(
                Rule(
                    "Each agent uses one ability a Season, and that one has acted.", "AGENT ABILITY"
                ),
                _unused,
            ),
            Requirement(
                Rule("An ability's number must be at most its agent's rank.", "AGENT ABILITY"),
                _number_in_rank,
            ),
        ),
        params=("rank",),
    ),
    "use": FamilyAid(
        "Use a district's ability",
        DISTRICT_ABILITY,
        lambda a: f"use the district ability of {_district(a)}",
        (
            Requirement(
                Rule(
                    "Only the player who controls a district (the most blocks there, "
                    "alone) uses its ability; you do not.",
                    "DISTRICT CONTROL",
                ),
                _controls,
            ),
            Requirement(
                Rule(
                    "A district's ability is used once a Season, and it has been.",
                    "DISTRICT ABILITY",
                ),
                _district_unused,
            ),
        ),
        params=("district",),
    ),
    "crown": FamilyAid("Gain one crown", CROWN, lambda a: "take one crown from the bank"),
    "inspire": FamilyAid(
        "Inspire",
        INSPIRE,
        lambda a: (
            f"pay crowns to place influence in {_block(a)}, its district's VP in crowns a token"
        ),
        (
            Requirement(
                Rule(
                    "One influence costs the district's VP value in crowns, and you have "
                    "fewer crowns.",
                    "INSPIRE",
                ),
                _inspire_crowns,
            ),
        ),
        params=("block",),
    ),
    "rally": FamilyAid(
        "Rally",
        RALLY,
        lambda a: "flip all your face-down agents face up",
        (
            Requirement(
                Rule("Rally needs a face-down agent, and you have none.", "RALLY"), _face_down
            ),
        ),
    ),
    "recruit": FamilyAid(
        "Recruit", RECRUIT, lambda a: "draw two agents, keep one in your hand, discard the other"
    ),
    "replace": FamilyAid(
        "Replace an agent",
        REPLACE,
        lambda a: (
            f"remove the agent in your rank {a['rank']} for good and put {_agent(a)} there "
            "(one more exposure)"
        ),
        (Requirement(Rule("A rank 7 agent can never be replaced.", "REPLACE"), _not_rank_seven),),
        params=("rank",),
    ),
    "whitewash": FamilyAid(
        "Whitewash",
        WHITEWASH,
        lambda a: f"pay the Season plus 2 crowns a point to move your exposure {a['way'].value}",
        (
            Requirement(
                Rule("Each point costs the Season plus 2 crowns, and you have fewer.", "WHITEWASH"),
                _whitewash_crowns,
            ),
            Requirement(
                Rule("Your exposure is 0: it cannot go lower.", "WHITEWASH"),
                _exposure_to_lower,
            ),
        ),
        params=("way",),
    ),
    "player": FamilyAid("Choose a player", ABILITY_TEXT, lambda a: f"choose player {a['player']}"),
    "district": FamilyAid("Choose a district", ABILITY_TEXT, lambda a: f"choose {_district(a)}"),
    "agent": FamilyAid(
        "Choose an agent",
        ABILITY_TEXT,
        lambda a: f"choose player {a['player']}'s agent in rank {a['rank']}",
    ),
    "adjust": FamilyAid("Up or down", ABILITY_TEXT, lambda a: f"adjust {a['way'].value}"),
    "spend": FamilyAid(
        "Spend crowns", ABILITY_TEXT, lambda a: f"spend {counted(a['crowns'], 'crown')}"
    ),
    "answer": FamilyAid("Yes or no", ABILITY_TEXT, lambda a: f"answer {a['answer'].value}"),
    "raise": FamilyAid(
        "Raise a district",
        ADJUST,
        lambda a: f"raise {_district(a)}'s VP value and lower the event's other district",
    ),
    "deck": FamilyAid(
        "Choose a faction deck",
        BLIND,
        lambda a: f"draw from the {DECK_NAMES[FACTION_DECKS[a['deck']]]} deck",
    ),
    "discard": FamilyAid(
        "Discard an agent", BLIND, lambda a: f"discard {_agent(a)} from your hand"
    ),
    "trade": FamilyAid("Open a trade", TRADE, lambda a: f"open a trade with player {a['player']}"),
    "give-crowns": FamilyAid(
        "Offer crowns", TRADE, lambda a: f"offer {counted(a['crowns'], 'crown')} more"
    ),
    "give": FamilyAid("Offer an agent", TRADE, lambda a: f"offer {_agent(a)} from your hand"),
    "ask-crowns": FamilyAid(
        "Ask for crowns", TRADE, lambda a: f"ask for {counted(a['crowns'], 'crown')} more"
    ),
    "ask-agent": FamilyAid(
        "Ask for an agent", TRADE, lambda a: "ask for an agent from the other player's hand"
    ),
    "propose": FamilyAid("Propose the trade", TRADE, lambda a: "propose the offer as it stands"),
    "amount": FamilyAid("How much", ABILITY_TEXT, lambda a: f"this much: {a['amount']}"),
}


def _canvassing(observation: Observation) -> str:
    canvass = observation["public"]["canvass"]
    if canvass is None:
        return "Place your agent's influence in one block of its faction's district."
    agent = CATALOG.agent(observation["public"]["ranks"][canvass["seat"]][canvass["rank"] - 1])
    return (
        f"Canvass with {agent.name} (rank {canvass['rank']}): place {counted(canvass['left'], 'influence token')}"
        " in one block of its faction's district."
    )


def _spreading(observation: Observation) -> str:
    canvass = observation["public"]["canvass"]
    left = canvass["left"] if canvass is not None else 0
    return (
        f"{counted(left, 'influence token')} left: spread the next to an adjacent block for a crown, "
        "or stop and put the rest on the first block."
    )


STEPS = {
    "draw": StepAid(CHANCE, said("An agent is drawn."), "an agent is drawn."),
    "event": StepAid(CHANCE, said("An event is revealed."), "an event is revealed."),
    "conspiracy": StepAid(CHANCE, said("A conspiracy is dealt."), "a conspiracy is dealt."),
    "keep": StepAid(
        DRAFT,
        said("Choose which agent to draft: you keep one, the rest pass on."),
        "the players draft agents in secret.",
    ),
    "select": StepAid(
        CONSPIRACY,
        lambda o: (
            f"Choose, in secret, the agent for your rank {o['public']['season']}; all are "
            "revealed together."
        ),
        "the players choose their next agents in secret.",
    ),
    "recruit": StepAid(
        RECRUIT, said("Recruit: keep one of the two agents drawn."), "a player recruits."
    ),
    "canvass": StepAid(CANVASS, _canvassing, "the agents canvass, rank by rank."),
    "spread": StepAid(SPREAD, _spreading, "an agent spreads its influence."),
    "action": StepAid(
        ACTIONS,
        said(
            "Take an action: an agent's ability, a district's ability, or a basic one "
            "(Gain one crown, Inspire, Rally, Recruit, Replace, Whitewash)."
        ),
        "a player takes an action.",
    ),
    "extra": StepAid(
        ABILITY_TEXT,
        said("Use the extra agent ability you were granted, or none."),
        "a player uses an extra ability.",
    ),
    "block": StepAid(
        ABILITY_TEXT, said("Choose the block the ability acts on."), "a player chooses a block."
    ),
    "player": StepAid(
        ABILITY_TEXT, said("Choose the player the ability acts on."), "a player chooses a player."
    ),
    "district": StepAid(
        ABILITY_TEXT,
        said("Choose the district the ability acts on."),
        "a player chooses a district.",
    ),
    "agent": StepAid(
        ABILITY_TEXT, said("Choose the agent the ability acts on."), "a player chooses an agent."
    ),
    "sign": StepAid(ABILITY_TEXT, said("Choose: up or down."), "a player chooses up or down."),
    "spend": StepAid(
        ABILITY_TEXT, said("Choose how many crowns to spend."), "a player chooses what to spend."
    ),
    "amount": StepAid(
        ABILITY_TEXT,
        said("Choose how much: influence bought, or exposure moved."),
        "a player chooses how much.",
    ),
    "adjust": StepAid(
        ADJUST,
        said("As scapegoat, choose which of the event's districts goes up."),
        "the scapegoat adjusts.",
    ),
    "deck": StepAid(
        BLIND, said("Choose the faction deck to draw from."), "a player draws from a faction deck."
    ),
    "discard": StepAid(
        BLIND, said("Discard an agent from your hand, in secret."), "the players discard."
    ),
    "offer": StepAid(
        TRADE, said("Build your offer, then propose it (or stop)."), "a player builds a trade."
    ),
    "trade": StepAid(
        TRADE, said("Accept or decline the trade offered to you."), "a player weighs a trade."
    ),
    "hand-over": StepAid(
        TRADE, said("Choose the agent you hand over."), "a player hands over an agent."
    ),
    "over": StepAid(SCORING, said("The game is over."), "the game is over."),
}

AIDS = Aids.declared(
    CODEC,
    FLOW.steps,
    FAMILIES,
    STEPS,
    labels={
        "block": block_name,
        "district": lambda text: DISTRICT_NAMES.get(text, text),
        "agent": lambda text: AGENT_NAMES.get(text, text),
        "deck": lambda text: DECK_NAMES.get(text, text),
    },
    read=read,
)


def live_scores(observation: Observation) -> list[dict[str, Any]]:
    """Each player's VP if the game ended now (the rules' own standing), crowns, exposure."""
    public = observation["public"]
    return [
        {
            "seat": seat,
            "score": vp,
            "parts": [
                ["Crowns", str(public["crowns"][seat])],
                ["Exposure", str(public["exposure"][seat])],
            ],
            "sum": f"{words.number(vp)} VP if the game ended now",
        }
        for seat, vp in enumerate(public["standing"])
    ]


def explain_outcome(state: DominareState) -> Outcome:
    """Districts, blocks, agents and exposure per player, and the tie-break by crowns."""
    n = state.game.players
    districts, blocks, agents = [0] * n, [0] * n, [0] * n
    for district, holder in enumerate(controllers(state)):
        if holder != NOBODY:
            districts[holder] += state.vp[district]
    for block, owner in enumerate(state.owners):
        if owner != NOBODY:
            blocks[owner] += state.board.blocks[block].vp
    for seat, ranks in enumerate(state.ranks):
        agents[seat] = sum(CATALOG.agent(card).vp for card in ranks)
    penalties = exposure_penalties(state.exposure)
    totals = scores(state)
    seats = [
        {
            "seat": seat,
            "score": totals[seat],
            "parts": [
                ["Districts", str(districts[seat])],
                ["Blocks", str(blocks[seat])],
                ["Agents", str(agents[seat])],
                [f"Exposure {state.exposure[seat]}", f"{penalties[seat]} VP lost"],
                ["Crowns (tie-break)", str(state.crowns[seat])],
            ],
            "sum": (
                f"{districts[seat]} + {words.number(blocks[seat])} + {agents[seat]} - "
                f"{penalties[seat]} = {words.number(totals[seat])} VP"
            ),
        }
        for seat in range(n)
    ]
    names = [state.game.player_name(seat) for seat in range(n)]
    keys = [(totals[seat], state.crowns[seat]) for seat in range(n)]
    return outcome(seats, decided(names, ranking(state), keys, ("VP", "crowns")), SCORING)
