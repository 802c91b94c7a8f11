"""The fitted reading: a seat's features, the tables checked on load, the script that fits
them, and the bot that reads the table with them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ballroom.core.errors import ComponentError
from ballroom.core.play import decision_for
from ballroom.core.rng import Rng
from ballroom.games.dark_tales.fitted import (
    FEATURES,
    FITTED_FILE,
    FittedReading,
    Weights,
    features,
    load_tables,
)
from ballroom.games.dark_tales.game import DarkTales
from ballroom.games.dark_tales.heuristic import HeuristicAgent
from ballroom.games.dark_tales.position import Position, draw

ROOT = Path(__file__).resolve().parents[2]


def test_features_count_the_cards_the_seat_will_play_and_what_they_will_meet() -> None:
    """Seat 0 moves first with 3 cards against 1, so it plays 2 (the heuristic's best two:
    the Noble, counting the Females in play and to come, and the Dragon, with a Male in
    front of the other seat to discard); the Goblin is a spare."""
    state = (
        Position()
        .hand(0, "noble-1", "dragon-1", "goblin-1")
        .hand(1, "ogre-1")
        .front(0, "witch-1")
        .front(1, "king-1", "queen")
        .empty_deck()
        .build()
    )
    found = features(state, 0)
    assert found["hand:Noble"] == found["hand:Dragon"] == 1 and "hand:Goblin" not in found
    assert found["spare"] == 1 and found["plays"] == 2 and found["next"] == 1
    assert found["Noble:in-play"] == 2 and "Noble:to-come" not in found  # the deck is empty
    assert found["Dragon:other-male"] == 1 and "Dragon:own-male-only" not in found
    assert found["front:female"] == 1
    other = features(state, 1)
    assert other["hand:Ogre"] == 1 and other["Ogre:other-female"] == 1
    assert other["front:male"] == other["front:female"] == 1 and "next" not in other


def test_items_count_what_the_b_card_scores_and_the_a_card_they_serve() -> None:
    state = (
        Position()
        .settings("the-market-of-whispers", "the-kings-treasury")
        .items(0, gold_coin=2, sword=1)
        .build()
    )
    found = features(state, 0)
    assert found["item-score"] == 2 * 2 + 1  # the Treasury: a Gold Coin 2 VP, a Sword 1
    assert found["item:gold-coin@The Market of Whispers"] == 2
    assert found["item:sword"] == 1 and "item:armour" not in found


def _only(name: str, weight: float) -> Weights:
    """A table with every weight zero but one."""
    return {feature: 0.0 for feature in FEATURES} | {name: weight}


def test_the_bot_keeps_the_card_its_table_values_in_hand() -> None:
    """With every weight zero but a King in hand's, a seat keeps its King and plays the
    Young Hero, though the King scores more now; with the Young Hero's weight instead it
    plays the King."""
    state = (
        Position().hand(0, "king-1", "young-hero-1").hand(1, "ogre-1", "goblin-1", "day-1").build()
    )
    draw(state, "night-1")

    def plays(weights: Weights) -> str:
        reading = FittedReading({"base": weights, "cinderella": weights})
        agent = HeuristicAgent(Rng(1), reading)
        return state.game.action_to_text(agent.act(decision_for(state, 0)))

    assert plays(_only("hand:King", 10.0)) == "play young-hero-1"
    assert plays(_only("hand:Young Hero", 10.0)) == "play king-1"


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "fitted.toml"
    path.write_text(text)
    return path


def _tables(weights: dict[str, str]) -> str:
    body = "\n".join(f'"{name}" = {value}' for name, value in weights.items())
    return f"[base]\n{body}\n[cinderella]\n{body}\n"


def test_the_tables_are_checked_on_load_naming_what_is_wrong(tmp_path: Path) -> None:
    every = {name: "0.5" for name in FEATURES}
    assert load_tables(_write(tmp_path, _tables(every)))["base"]["spare"] == 0.5
    with pytest.raises(ComponentError, match=r"no \[cinderella\] table"):
        load_tables(_write(tmp_path, _tables(every).split("[cinderella]")[0]))
    with pytest.raises(ComponentError, match=r"unknown feature.*hand:Unicorn.*the features: hand:"):
        load_tables(_write(tmp_path, _tables(every | {"hand:Unicorn": "1"})))
    without = {name: value for name, value in every.items() if name != "spare"}
    with pytest.raises(ComponentError, match=r"\[base\]: no weight for spare"):
        load_tables(_write(tmp_path, _tables(without)))
    with pytest.raises(ComponentError, match="next: 'a lot' is not a number"):
        load_tables(_write(tmp_path, _tables(every | {"next": '"a lot"'})))
    with pytest.raises(ComponentError, match="cannot read the fitted weights"):
        load_tables(_write(tmp_path, "[base\n"))


def test_the_shipped_tables_load() -> None:
    tables = load_tables(FITTED_FILE)
    assert set(tables) == {"base", "cinderella"} and all(any(t.values()) for t in tables.values())


def test_the_script_fits_tables_the_reading_loads(tmp_path: Path) -> None:
    out = tmp_path / "fitted.toml"
    script = ROOT / "scripts" / "fit_dark_tales.py"
    for mode in ("base", "cinderella"):
        command = [sys.executable, str(script), "--games", "3", "--processes", "1"]
        command += ["--expansion", mode, "--out", str(out)]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        assert "held-out R2" in done.stdout
    tables = load_tables(out)
    assert any(tables["base"].values()) and any(tables["cinderella"].values())
    assert 'base = "3 games of the heuristic' in out.read_text()


@pytest.mark.parametrize("expansion", ["none", "cinderella"])
def test_a_worth_is_the_vp_and_each_feature_weighed_in_the_order_listed(expansion: str) -> None:
    """Summed by the features' places, as the reading sums them, each worth is the very float
    the named features give (VP plus each feature times its weight, in the order listed)."""
    game = DarkTales(4, expansion=expansion)
    reading = FittedReading()
    weights = reading.tables["cinderella" if expansion == "cinderella" else "base"]
    rng = Rng(5)
    state = game.new_state(5)
    read = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance())
            continue
        expected = [
            state.vp[seat] + sum([weights[name] * v for name, v in features(state, seat).items()])
            for seat in range(game.players)
        ]
        assert reading.worths(state) == expected
        read += 1
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert read > 50
