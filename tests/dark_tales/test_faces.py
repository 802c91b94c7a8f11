"""What the browser view of Dark Tales draws from: the faces the game serves by id."""

from __future__ import annotations

from ballroom.games.dark_tales import DarkTales
from ballroom.games.dark_tales.components import Item
from ballroom.games.dark_tales.faces import components_json
from ballroom.games.dark_tales.tiles import describe, face_of
from ballroom.games.dark_tales.turn import CATALOG, TILE_BASE, TILE_IDS


def test_every_card_is_served_by_id_with_its_text_in_words() -> None:
    faces = DarkTales(2, expansion="cinderella").components_json()
    assert [face["text"] for face in faces["cards"]] == list(CATALOG.texts)
    assert all(face["id"] == i for i, face in enumerate(faces["cards"]))
    by_name = {face["name"]: face for face in faces["cards"]}
    assert by_name["Young Hero"] | {"type": "male", "goes": "front"} == by_name["Young Hero"]
    assert by_name["Young Hero"]["says"] == "discard a Monster in play"
    assert by_name["Merchant"]["says"] == "draw 2 cards; 2 VP per Merchant in play"
    assert by_name["Prince"]["notes"] == 3
    assert by_name["Prince"]["says"] == "1 VP per shoe shown on every player's tiles"
    assert by_name["Cinderella"]["tiles"] == 2 and by_name["Cinderella"]["expansion"]
    assert by_name["Stepmother"]["ball"] == "at each Ball, 2 VP per Stepsisters that danced"
    assert by_name["Day"]["time"] == "day" and by_name["Day"]["says"] == ""


def test_the_setting_cards_say_what_each_item_does_and_scores() -> None:
    faces = components_json(CATALOG, TILE_BASE)
    battle = faces["a_cards"][0]
    assert battle["name"] == "The Battle of the Forgotten Lands"
    assert {use["item"]: use["says"] for use in battle["uses"]} == {
        "armour": "take the top 1 of the discard pile into your hand",
        "sword": "discard a Monster in play; score 3 VP",
        "magic-wand": "draw 1 card; take 1 Gold Coin; score 1 VP",
    }
    assert len(faces["a_cards"]) == len(CATALOG.a_cards)
    assert faces["b_cards"][0]["scores"] == [
        {"item": item.value, "vp": vp} for item, vp in CATALOG.b_cards[0].scores
    ]
    assert [item["item"] for item in faces["items"]] == [item.value for item in Item]


def test_each_tile_is_served_by_id_with_its_two_sides() -> None:
    faces = components_json(CATALOG, TILE_BASE)
    assert set(faces["tiles"]) == {str(tile) for tile in TILE_IDS}
    for tile in TILE_IDS:
        sides = faces["tiles"][str(tile)]
        assert sides == {
            "unframed": face_of(tile - TILE_BASE, False),
            "framed": face_of(tile - TILE_BASE, True),
        }
        assert not faces["faces"][sides["unframed"]]["framed"]
        assert faces["faces"][sides["framed"]]["framed"]
    assert [face["says"] for face in faces["faces"]] == [
        describe(face) for face in range(len(CATALOG.cinderella.faces))
    ]
