"""Dark Tales (and Cinderella) explained to a player: the line for each step, what each
move does, why a move is not offered, the live scores and the final scoring, each rule
with its section (``ballroom.core.explain``). The base game's rules are RULINGS' Dark
Tales 1-3; Cinderella's are its rulebook's sections."""

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
    Seen,
    StepAid,
    decided,
    outcome,
    said,
)
from ballroom.core.rng import Rng
from ballroom.core.state import Observation
from ballroom.games.dark_tales.card_texts import usable
from ballroom.games.dark_tales.components import Item
from ballroom.games.dark_tales.ending import ranking, tiebreak
from ballroom.games.dark_tales.state import DarkTalesState
from ballroom.games.dark_tales.turn import CATALOG, CODEC, FLOW, SETTING_TEXTS

if TYPE_CHECKING:
    from ballroom.games.dark_tales.game import DarkTales

TURN = Rule(
    "On your turn: draw a card while the deck lasts, you may use one item as the A Setting "
    "card allows, then play one card, do what its text says and score its VP.",
    "RULINGS, Dark Tales 2 (base turn)",
)
ITEM = Rule(
    "You may use one item a turn, only as the A Setting card allows, and only one you hold.",
    "RULINGS, Dark Tales 2 (base turn)",
)
PLAY = Rule(
    "Playing a card is mandatory: one card from your hand; it goes where its symbol says.",
    "RULINGS, Dark Tales 2 (base turn)",
)
TEXT = Rule("Do what the played card's text says as far as possible.", "RULINGS, Dark Tales 2")
END = Rule(
    "When the deck is empty, the game ends as a player starts a turn with no cards; the B "
    "Setting card scores the items; most VP wins; ties go to most items plus cards in hand.",
    "RULINGS, Dark Tales 3 (base end)",
)
TILES = Rule(
    "A card's tile symbol lets you take the top tile of the pile or flip one of yours.",
    "Cinderella: New Symbols",
)
BALL = Rule(
    "At a Ball each player scores its tiles, then forms Male-Female couples with at least "
    "one card in front of it; each dancing card in front of you scores 1 VP or its notes.",
    "Cinderella: Performing the Ball",
)
FINAL_BALL = Rule(
    "The final Ball awards the most Pumpkins, Shoes, Mice and Birds instead of the tiles.",
    "Cinderella: Final Ball at the Palace",
)
CINDERELLA_END = Rule(
    f"{END.text} With Cinderella a final Ball follows the B card: {FINAL_BALL.text[0].lower()}"
    f"{FINAL_BALL.text[1:]}",
    f"{END.section}; {FINAL_BALL.section}",
)
CHANCE = Rule("The shuffled cards and tiles decide this.", "RULINGS, Dark Tales 1")

ITEM_NAMES = {
    Item.GOLD_COIN: "Gold Coin",
    Item.SWORD: "Sword",
    Item.ARMOUR: "Armour",
    Item.MAGIC_WAND: "Magic Wand",
}
CARD_NAMES = {text: CATALOG.cards[index].name for index, text in enumerate(CATALOG.texts)}
SETTING_NAMES = dict(
    zip(
        SETTING_TEXTS,
        [card.name for card in CATALOG.a_cards] + [card.name for card in CATALOG.b_cards],
        strict=True,
    )
)


def _card(action: Action, param: str = "card") -> str:
    name: str = CATALOG.cards[action[param]].name
    return name


def read(game: DarkTales, observation: Observation) -> Seen[DarkTalesState]:
    world = game.determinize(observation, Rng(0))
    assert isinstance(world, DarkTalesState)
    return Seen(observation, world)


def _public(observation: Observation) -> dict[str, Any]:
    public: dict[str, Any] = observation["public"]
    return public


def _allowed(seen: Seen[DarkTalesState], action: Action | None) -> bool:
    a_card = _public(seen.observation)["a_card"]
    if action is None or a_card is None:
        return True
    return CATALOG.a_cards[a_card].use(action["item"]) is not None


def _held(seen: Seen[DarkTalesState], action: Action | None) -> bool:
    items = _public(seen.observation)["items"][seen.observation["seat"]]
    if action is None:
        return bool(sum(items))
    return bool(items[list(Item).index(action["item"])])


def _in_hand(seen: Seen[DarkTalesState], action: Action | None) -> bool:
    if action is None:
        return True
    seat = seen.observation["seat"]
    held: list[int] = []
    for zone in seen.observation["zones"]["zones"]:
        if zone["zone"] == f"hand/{seat}":
            held = zone.get("cards") or []
    return action["card"] in held


def _target_in_play(seen: Seen[DarkTalesState], action: Action | None) -> bool:
    a_card = _public(seen.observation)["a_card"]
    if action is None or a_card is None:
        return True
    does = CATALOG.a_cards[a_card].use(action["item"])
    return does is None or usable(seen.state, seen.observation["seat"], does)


def _a_card(observation: Observation) -> str:
    a_card = _public(observation)["a_card"]
    return CATALOG.a_cards[a_card].name if a_card is not None else "the A Setting card"


FAMILIES = {
    "setting": FamilyAid("A Setting card", CHANCE, lambda a: "a Setting card is dealt", ask=False),
    "draw": FamilyAid("A card drawn", CHANCE, lambda a: "a card is drawn", ask=False),
    "use": FamilyAid(
        "Use an item",
        ITEM,
        lambda a: f"use {words.a(ITEM_NAMES[a['item']])} as the A Setting card says",
        (
            Requirement(
                Rule("The A Setting card in play gives that item no use.", ITEM.section),
                _allowed,
            ),
            Requirement(Rule("You hold no such item.", ITEM.section), _held),
            Requirement(
                Rule(
                    "An item is used only when every card its use names is in play, and one "
                    "is not.",
                    ITEM.section,
                ),
                _target_in_play,
            ),
        ),
        params=("item",),
    ),
    "pass": FamilyAid("Use no item", ITEM, lambda a: "use no item this turn and play a card"),
    "play": FamilyAid(
        "Play a card",
        PLAY,
        lambda a: f"play {_card(a)} from your hand and do what it says",
        (Requirement(Rule("You can only play a card from your hand.", PLAY.section), _in_hand),),
    ),
    "choose": FamilyAid("Choose a card", TEXT, lambda a: f"choose {_card(a)} for the text"),
    "set-aside": FamilyAid(
        "A card set aside", CHANCE, lambda a: "a base card leaves the game", ask=False
    ),
    "take-tile": FamilyAid("Take a tile", TILES, lambda a: "take the top tile of the pile"),
    "flip": FamilyAid(
        "Flip a tile", TILES, lambda a: f"flip your tile number {a['place'] + 1} to its other side"
    ),
    "tile": FamilyAid("A tile turned up", CHANCE, lambda a: "a tile comes up", ask=False),
    "discard-tile": FamilyAid(
        "Discard a tile",
        TEXT,
        lambda a: f"discard tile number {a['place'] + 1} of player {a['player'] + 1}",
    ),
    "best": FamilyAid(
        "Form the best couples", BALL, lambda a: "form the couples that score the most, and stop"
    ),
    "stop": FamilyAid("Stop dancing", BALL, lambda a: "form no more couples at this Ball"),
    "couple": FamilyAid(
        "Form a couple",
        BALL,
        lambda a: f"{_card(a, 'male')} dances with {_card(a, 'female')}",
    ),
}

STEPS = {
    "setting": StepAid(
        CHANCE, said("The Setting cards are dealt."), "the Setting cards are dealt."
    ),
    "draw": StepAid(CHANCE, said("A card is drawn."), "a card is drawn."),
    "item": StepAid(
        ITEM,
        lambda o: (
            f"You may use one of your items as {_a_card(o)} allows, or go straight to "
            "playing a card."
        ),
        "a player may use an item.",
    ),
    "play": StepAid(
        PLAY,
        said("Play one card from your hand: do what its text says and score its VP."),
        "a player plays a card.",
    ),
    "target": StepAid(
        TEXT, said("Choose the card in play that the text names."), "a player chooses a card."
    ),
    "set-aside": StepAid(CHANCE, said("Base cards are set aside."), "base cards are set aside."),
    "tile": StepAid(
        TILES,
        said("Take the top tile of the pile, or flip one of your tiles."),
        "a player takes or flips a tile.",
    ),
    "tile-draw": StepAid(CHANCE, said("A tile comes up."), "a tile comes up."),
    "tile-target": StepAid(TEXT, said("Choose the tile to discard."), "a player discards a tile."),
    "dance": StepAid(
        BALL,
        said(
            "Ball at the Palace: form Male-Female couples, each with a card in front of you, "
            "or take the best couples, or stop."
        ),
        "a player forms dancing couples at the Ball.",
    ),
    "over": StepAid(END, said("The game is over."), "the game is over."),
}

AIDS = Aids.declared(
    CODEC,
    FLOW.steps,
    FAMILIES,
    STEPS,
    labels={
        "item": lambda text: ITEM_NAMES[Item(text)],
        "card": lambda text: CARD_NAMES.get(text, text),
        "male": lambda text: CARD_NAMES.get(text, text),
        "female": lambda text: CARD_NAMES.get(text, text),
        "setting": lambda text: SETTING_NAMES.get(text, text),
    },
    read=read,
)


def live_scores(observation: Observation) -> list[dict[str, Any]]:
    """Each player's VP so far, with its items (the B card scores them at the end)."""
    public = _public(observation)
    scores = []
    for seat, vp in enumerate(public["vp"]):
        items = ", ".join(
            f"{ITEM_NAMES[item]} {count}"
            for item, count in zip(Item, public["items"][seat], strict=True)
            if count
        )
        parts = [["VP", str(vp)], ["Items", items or "none"]]
        held = f"holding {items}" if items else "no items held"
        if public["ball_vp"][seat]:
            parts.append(["at Balls", str(public["ball_vp"][seat])])
            held += f"; {public['ball_vp'][seat]} VP of it from Balls"
        scores.append({"seat": seat, "score": vp, "parts": parts, "sum": f"VP, {held}"})
    return scores


def explain_outcome(state: DarkTalesState) -> Outcome:
    """VP from play, the B card's score for the items, and the Balls; and the tie-break."""
    assert state.b_card is not None
    setting = CATALOG.b_cards[state.b_card]
    n = state.game.players
    names = [state.name(seat) for seat in range(n)]
    seats = []
    for seat in range(n):
        items = sum(state.held(seat, item) * setting.score(item) for item in Item)
        balls = state.ball_vp[seat]
        play = state.vp[seat] - items - balls
        parts = [["During play", str(play)], [f"Items ({setting.name})", str(items)]]
        if state.game.cinderella:
            parts.append(["Balls", str(balls)])
        parts.append(["Items plus cards in hand (tie-break)", str(tiebreak(state, seat))])
        total = f"{play} + {items}" + (f" + {balls}" if state.game.cinderella else "")
        seats.append(
            {
                "seat": seat,
                "score": state.vp[seat],
                "parts": parts,
                "sum": f"{total} = {state.vp[seat]} VP",
            }
        )
    keys = [(state.vp[seat], tiebreak(state, seat)) for seat in range(n)]
    text = decided(names, ranking(state), keys, ("VP", "items plus cards in hand"))
    return outcome(seats, text, CINDERELLA_END if state.game.cinderella else END)
