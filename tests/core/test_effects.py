"""The effect language: The Dance's Powers and Dominare's agents written as data, resolved."""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from enum import Enum

import pytest

from ballroom.core.actions import Family, Param
from ballroom.core.effects import (
    NO,
    Act,
    AskKind,
    AtLeast,
    CapLimit,
    Effects,
    EffectSteps,
    ExtraStep,
    Gain,
    Grant,
    Has,
    ModifyRoll,
    MoveAll,
    Not,
    Offer,
    Primitive,
    Resolution,
    SetLimit,
    Spend,
    move_all,
    parse_abilities,
    parse_ability,
    parse_condition,
    parse_operation,
    place,
)
from ballroom.core.errors import EffectError
from ballroom.core.events import Event
from ballroom.core.flow import Step
from ballroom.core.rng import Rng
from ballroom.core.view import from_json, to_json
from ballroom.core.zones import Visibility, Zone, ZoneId, Zones

THE_DANCE = """
[[abilities]]
name = "athletic"
when = "dance-done"
do = [{extra-step = "dance"}]

[[abilities]]
name = "tactician"
when = "after-roll"
if = ["refreshments >= 1"]
do = [{spend = "refreshments"}, {modify-roll = -1}]

[[abilities]]
name = "willpower"
when = "after-roll"
if = ["refreshments >= 1"]
do = [{spend = "refreshments"}, {extra-step = "reroll"}]

[[abilities]]
name = "old-wealth"
when = "always"
do = [{set-limit = "refreshments", value = 6}]
"""

DOMINARE = """
[[abilities]]
name = "pavel"
when = "revealed"
do = [{gain = "crowns", amount = 2}]

[[abilities]]
name = "rousseau-baudin"
when = "action"
if = ["rank >= 2", "scholar", "not face-down"]
do = [
    {draw = 2, from = "agent-deck", to = "recruit"},
    {pick = 1, from = "recruit", to = "hand"},
    {move-all = "recruit", to = "agent-discard"},
    {offer = "scholar-action", do = [{extra-step = "scholar-ability"}]},
]

[[abilities]]
name = "sirus"
when = "action"
do = [{choose = [
    {label = "bribe", if = ["crowns >= 3"], do = [{spend = "crowns", amount = 3}, {gain = "influence", amount = 4}]},
    {label = "rally", do = [{extra-step = "rally"}]},
]}]
"""

DANCE = Effects.of(
    parse_abilities(tomllib.loads(THE_DANCE)["abilities"]), secret={"after-roll", "dance-done"}
)
AGENTS = Effects.of(parse_abilities(tomllib.loads(DOMINARE)["abilities"]))


@dataclass
class Table:
    """A stand-in game: resources per seat, flags, a roll, granted steps, agent zones."""

    resources: dict[tuple[int, str], int] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    roll: int = 4
    granted: list[str] = field(default_factory=list)
    acts: list[Act] = field(default_factory=list)
    zones: Zones = field(
        default_factory=lambda: Zones.create(
            2,
            [
                Zone(ZoneId("agent-deck"), Visibility.NOBODY, tuple(range(10))),
                Zone(ZoneId("agent-discard"), Visibility.EVERYONE),
                Zone(ZoneId("recruit", 0), Visibility.OWNER),
                Zone(ZoneId("hand", 0), Visibility.OWNER),
            ],
        )
    )

    def quantity(self, seat: int, name: str, source: str) -> int:
        if name == "rank":
            return {"rousseau-baudin": 2}.get(source, 1)
        return self.resources.get((seat, name), 0)

    def flag(self, seat: int, name: str, source: str) -> bool:
        return name in self.flags

    def perform(self, seat: int, operation: Primitive, source: str) -> list[Event]:
        if isinstance(operation, Gain | Spend):
            sign = 1 if isinstance(operation, Gain) else -1
            key = (seat, operation.resource)
            self.resources[key] = self.resources.get(key, 0) + sign * operation.amount
        elif isinstance(operation, ModifyRoll):
            self.roll += operation.delta
        elif isinstance(operation, ExtraStep):
            self.granted.append(operation.step)
        elif isinstance(operation, Act):
            self.acts.append(operation)
        else:
            self.zones = move_all(self.zones, operation, seat)
        return [Event(source, f"{source}: {operation}")]

    def draw(self, resolution: Resolution, rng: Rng) -> Resolution:
        """Answer a chance draw the way a game's chance step would."""
        ask = resolution.ask
        assert ask is not None and ask.kind is AskKind.DRAW
        outcomes = self.zones.draw_outcomes(place(self.zones, ask.source, ask.seat))
        card = outcomes[rng.below(len(outcomes))][0]
        self.zones = self.zones.move(card, place(self.zones, ask.to, ask.seat))
        return AGENTS.answer(resolution, self)[0]


def test_tactician_is_offered_after_a_roll_and_lowers_the_die() -> None:
    table = Table(resources={(0, "refreshments"): 2})
    resolution, _ = DANCE.run(DANCE.trigger("after-roll", 0, ["tactician"], table), table)
    assert resolution.ask is not None and resolution.ask.choices == ("tactician", NO)
    resolution, events = DANCE.answer(resolution, table, "tactician")
    assert table.roll == 3 and table.resources[(0, "refreshments")] == 1
    assert [e.kind for e in events] == ["tactician", "tactician"]
    # Asked again, with nothing left but "no": the flow shows nothing of what is held.
    assert resolution.ask is not None and resolution.ask.choices == (NO,)
    resolution, _ = DANCE.answer(resolution, table, NO)
    assert resolution.done


def test_a_secret_moment_asks_every_seat_the_same_step() -> None:
    table = Table(resources={(1, "refreshments"): 0})
    powerless, _ = DANCE.run(DANCE.trigger("after-roll", 1, [], table), table)
    broke, _ = DANCE.run(DANCE.trigger("after-roll", 1, ["tactician", "willpower"], table), table)
    for resolution in (powerless, broke):
        assert resolution.ask is not None and resolution.ask.choices == (NO,)
        assert DANCE.answer(resolution, table, NO)[0].done


def test_two_powers_at_one_moment_are_offered_together() -> None:
    table = Table(resources={(0, "refreshments"): 2})
    resolution, _ = DANCE.run(
        DANCE.trigger("after-roll", 0, ["tactician", "willpower"], table), table
    )
    assert resolution.ask is not None and resolution.ask.choices == ("tactician", "willpower", NO)
    resolution, _ = DANCE.answer(resolution, table, "willpower")
    assert table.granted == ["reroll"]
    assert resolution.ask is not None and resolution.ask.choices == ("tactician", NO)


def test_athletic_grants_a_third_step() -> None:
    table = Table()
    resolution, _ = DANCE.run(DANCE.trigger("dance-done", 0, ["athletic"], table), table)
    resolution, _ = DANCE.answer(resolution, table, "athletic")
    assert table.granted == ["dance"]
    assert DANCE.answer(resolution, table, NO)[0].done


def test_old_wealth_raises_the_hand_limit() -> None:
    assert DANCE.limit(["old-wealth", "athletic"], "refreshments", 4) == 6
    assert DANCE.limit(["athletic"], "refreshments", 4) == 4


STANDING = Effects.of(
    parse_abilities(
        tomllib.loads(
            """
[[abilities]]
name = "athletic"
when = "always"
do = [
    {set-limit = "movement", value = 3, shows = "a step beyond the Movement"},
    {cap-limit = "ankhs", value = 0},
]

[[abilities]]
name = "resourceful"
when = "always"
do = [{set-limit = "ankhs", value = 2, shows = "a second Ankh"}]

[[abilities]]
name = "host"
when = "always"
do = [{set-limit = "server-reach", value = 9, shows = "from afar"}]

[[abilities]]
name = "mesmerize"
when = "always"
do = [{set-limit = "server-reach", value = 2, shows = "from two hexes"}]

[[abilities]]
name = "shadow"
when = "always"
do = [{grant = "pass-through", shows = "through a piece"}]

[[abilities]]
name = "tactician"
when = "after-roll"
shows = "lowers the die"
do = [{spend = "refreshments", named = true}, {modify-roll = -1}]
"""
        )["abilities"]
    )
)


def test_a_standing_limit_is_the_highest_raise_or_the_default() -> None:
    assert STANDING.standing([]).limit("movement", 2) == 2
    assert STANDING.standing(["athletic"]).limit("movement", 2) == 3
    # A raise never lowers: a Movement of four stays four with Athletic.
    assert STANDING.standing(["athletic"]).limit("movement", 4) == 4
    assert STANDING.standing(["resourceful"]).limit("ankhs", 1) == 2


def test_a_cap_wins_over_every_raise() -> None:
    assert STANDING.standing(["athletic", "resourceful"]).limit("ankhs", 1) == 0
    assert STANDING.standing(["resourceful", "athletic"]).limit("ankhs", 1) == 0


def test_the_least_raise_that_allows_a_use_is_the_one_it_shows() -> None:
    both = STANDING.standing(["host", "mesmerize"])
    assert both.raiser("server-reach", 1, 1) is None
    assert both.raiser("server-reach", 2, 1) == ("mesmerize", "from two hexes")
    assert both.raiser("server-reach", 5, 1) == ("host", "from afar")
    assert both.raiser("server-reach", 10, 1) is None
    assert STANDING.standing(["host"]).raiser("server-reach", 2, 1) == ("host", "from afar")


def test_grants_and_abilities_by_moment() -> None:
    shadow = STANDING.standing(["shadow", "tactician"])
    assert shadow.grants("pass-through") and not STANDING.standing([]).grants("pass-through")
    assert shadow.granter("pass-through") == ("shadow", "through a piece")
    assert STANDING.standing([]).granter("pass-through") is None
    assert [a.name for a in shadow.moments["after-roll"]] == ["tactician"]
    assert "dance-step" not in shadow.moments and "always" not in shadow.moments
    tactician = shadow.moments["after-roll"][0]
    assert tactician.shows == "lowers the die"
    assert tactician.do[0] == Spend("refreshments", named=True)


def test_a_set_of_abilities_is_worked_out_once_and_in_the_order_held() -> None:
    # A seat's Powers change often in search; the rules of each set are kept, not redone.
    held = ["tactician", "shadow"]
    first = STANDING.standing(held)
    assert STANDING.standing(iter(held)) is first
    assert STANDING.standing(reversed(held)) is not first
    assert STANDING.standing(["shadow", "tactician"]).grants("pass-through")
    with pytest.raises(EffectError, match="nobody"):
        STANDING.standing(["nobody"])
    with pytest.raises(EffectError, match="nobody"):
        STANDING.standing(["nobody"])  # a bad name is refused every time, never kept


def test_standing_rules_read_from_data_as_python() -> None:
    assert parse_operation({"cap-limit": "ankhs", "value": 0}) == CapLimit("ankhs", 0)
    assert parse_operation({"grant": "pass-through"}) == Grant("pass-through")
    assert parse_operation({"set-limit": "reach", "value": 2, "shows": "far"}) == SetLimit(
        "reach", 2, "far"
    )
    with pytest.raises(EffectError, match="operation 'grant' has no 'value'; it takes flag, shows"):
        parse_operation({"grant": "x", "value": 1})


def test_pavel_gains_two_crowns_when_revealed() -> None:
    table = Table()
    resolution, events = AGENTS.run(AGENTS.trigger("revealed", 0, ["pavel"], table), table)
    assert resolution.done and table.resources[(0, "crowns")] == 2
    assert events[0].text.startswith("pavel")


def test_a_games_own_operation_reaches_its_host_with_its_parameters() -> None:
    """``act``: an operation the game names and performs (Dominare places influence)."""
    ability = parse_ability(
        {
            "name": "dante-straziami/1",
            "when": "use",
            "do": [
                {"act": "place", "amount": 3, "where": "senate"},
                {"gain": "crowns", "amount": 1},
                {"act": "exposure", "amount": -1, "target": "self"},
            ],
        }
    )
    effects = Effects.of([ability])
    table = Table()
    resolution, _ = effects.run(effects.trigger("use", 0, ["dante-straziami/1"], table), table)
    assert resolution.done and table.resources[(0, "crowns")] == 1
    assert table.acts == [Act("place", 3, "", "senate"), Act("exposure", -1, "self", "")]
    with pytest.raises(EffectError, match="operation 'act' has no 'color'"):
        parse_ability({"name": "x", "when": "use", "do": [{"act": "place", "color": "red"}]})


def test_rousseau_recruits_from_the_deck_when_his_rank_and_trait_allow() -> None:
    table = Table(flags={"scholar"})
    rng = Rng(7)
    resolution, _ = AGENTS.run(AGENTS.trigger("action", 0, ["rousseau-baudin"], table), table)
    for _ in range(2):
        assert resolution.ask is not None and resolution.ask.kind is AskKind.DRAW
        resolution = table.draw(resolution, rng)
    ask = resolution.ask
    assert ask is not None and ask.kind is AskKind.PICK and ask.source == "recruit"
    drawn = table.zones.zone("recruit", 0).cards
    assert len(drawn) == 2
    table.zones = table.zones.move(drawn[0], place(table.zones, ask.to, 0))
    resolution, _ = AGENTS.answer(resolution, table)
    assert table.zones.zone("hand", 0).cards == (drawn[0],)
    assert table.zones.zone("agent-discard").cards == (drawn[1],)
    assert resolution.ask is not None and resolution.ask.choices == ("scholar-action", NO)
    resolution, _ = AGENTS.answer(resolution, table, "scholar-action")
    assert table.granted == ["scholar-ability"] and resolution.done


def test_conditions_that_fail_skip_the_ability() -> None:
    for flags in (set(), {"scholar", "face-down"}):
        table = Table(flags=flags)
        assert AGENTS.run(AGENTS.trigger("action", 0, ["rousseau-baudin"], table), table)[0].done


def test_choose_offers_only_the_options_that_apply() -> None:
    table = Table(resources={(0, "crowns"): 2})
    resolution, _ = AGENTS.run(AGENTS.trigger("action", 0, ["sirus"], table), table)
    assert resolution.ask is not None and resolution.ask.choices == ("rally",)
    table.resources[(0, "crowns")] = 3
    resolution, _ = AGENTS.run(AGENTS.trigger("action", 0, ["sirus"], table), table)
    assert resolution.ask is not None and resolution.ask.choices == ("bribe", "rally")
    resolution, _ = AGENTS.answer(resolution, table, "bribe")
    assert table.resources == {(0, "crowns"): 0, (0, "influence"): 4} and resolution.done
    with pytest.raises(EffectError, match="no decision is awaited"):
        AGENTS.answer(resolution, table, "bribe")


def test_bad_answers_and_bad_data_are_refused_clearly() -> None:
    table = Table(resources={(0, "refreshments"): 1})
    resolution, _ = DANCE.run(DANCE.trigger("after-roll", 0, ["tactician"], table), table)
    with pytest.raises(
        EffectError, match="'willpower' is not a choice now; allowed: tactician, no"
    ):
        DANCE.answer(resolution, table, "willpower")
    with pytest.raises(EffectError, match="unknown ability 'flight'; known: athletic"):
        DANCE.trigger("after-roll", 0, ["flight"], table)
    with pytest.raises(
        EffectError, match="unknown operation 'fly'; allowed: act, cap-limit, choose, draw"
    ):
        parse_operation({"fly": 1})
    with pytest.raises(EffectError, match="'gain' has no 'crowns'; it takes resource, amount"):
        parse_operation({"gain": "x", "crowns": 1})
    with pytest.raises(EffectError, match="'quantity >= n', 'flag' or 'not"):
        parse_condition("rank > 2")
    with pytest.raises(EffectError, match="ability 'x' needs 'when'"):
        parse_abilities([{"name": "x"}])
    with pytest.raises(EffectError, match="written twice"):
        Effects.of(parse_abilities([{"name": "x", "when": "a"}] * 2))


def test_data_reads_as_the_same_values_as_python() -> None:
    assert parse_condition("not rank >= 2") == Not(AtLeast("rank", 2))
    assert parse_condition("scholar") == Has("scholar")
    assert parse_operation({"move-all": "recruit", "to": "discard"}) == MoveAll(
        "recruit", "discard"
    )
    assert parse_operation({"offer": "go", "if": ["x"], "do": [{"gain": "a"}]}) == Offer(
        "go", (Gain("a"),), (Has("x"),)
    )


def test_labels_are_every_choice_a_game_must_encode() -> None:
    assert DANCE.labels() == ("no", "athletic", "tactician", "willpower")
    assert AGENTS.labels() == ("no", "scholar-action", "bribe", "rally")


def test_a_resolution_in_progress_is_plain_data_a_view_can_carry() -> None:
    table = Table(flags={"scholar"})
    resolution, _ = AGENTS.run(AGENTS.trigger("action", 0, ["rousseau-baudin"], table), table)
    resolution = table.draw(resolution, Rng(1))
    data = json.loads(json.dumps(to_json(resolution)))
    assert data["ask"] == {
        "kind": "draw",
        "seat": 0,
        "choices": [],
        "source": "agent-deck",
        "to": "recruit",
    }
    assert from_json(Resolution, data) == resolution
    moment = DANCE.trigger("after-roll", 0, ["tactician"], table)
    assert from_json(Resolution, json.loads(json.dumps(to_json(moment)))) == moment


def test_a_choice_inside_a_choice_resolves_by_its_path() -> None:
    effects = Effects.of(
        parse_abilities(
            [
                {
                    "name": "nested",
                    "when": "now",
                    "do": [
                        {"choose": [{"label": "a", "do": [{"offer": "b", "do": [{"gain": "x"}]}]}]}
                    ],
                }
            ]
        )
    )
    table = Table()
    resolution, _ = effects.run(effects.trigger("now", 0, ["nested"], table), table)
    resolution, _ = effects.answer(resolution, table, "a")
    assert resolution.ask is not None and resolution.ask.choices == ("b", NO)
    assert resolution.todo[0].path == (0, 0, 0)
    resolution, _ = effects.answer(resolution, table, "b")
    assert resolution.done and table.resources == {(0, "x"): 1}


class Stage(Enum):
    CHOOSE = "choose"
    DRAW = "draw"
    PICK = "pick"


CARD = Family("card", (Param.of_range("card", 0, 9),))
ANSWER = Family("answer", (Param.of_texts("choice", AGENTS.labels()),))


def test_effect_steps_turn_asks_into_flow_steps_and_actions() -> None:
    steps = EffectSteps(AGENTS, Stage.CHOOSE, Stage.DRAW, ANSWER, CARD, pick=Stage.PICK)
    table = Table(flags={"scholar"})
    resolution, _ = AGENTS.run(AGENTS.trigger("action", 0, ["rousseau-baudin"], table), table)
    assert steps.step(resolution) == Step.chance(Stage.DRAW)
    draws = steps.chances(resolution, table.zones)
    assert [a for a, _ in draws] == [CARD(c) for c in range(10)]
    resolution, events = steps.play(resolution, CARD(4), table)
    assert [(e.text, e.audience) for e in events] == [
        ("A card is drawn into Player 1's recruit.", None),
        ("The 4 is drawn into Player 1's recruit.", frozenset({0})),
    ]
    resolution, _ = steps.play(resolution, CARD(7), table)
    assert steps.step(resolution) == Step.seat(Stage.PICK, 0)
    assert steps.choices(resolution, table.zones) == [CARD(4), CARD(7)]
    resolution, events = steps.play(resolution, CARD(7), table)
    assert table.zones.zone("hand", 0).cards == (7,)
    assert [(e.text, e.audience) for e in events[:2]] == [
        ("A card is picked into Player 1's hand.", None),
        ("The 7 is picked into Player 1's hand.", frozenset({0})),
    ]
    assert events[2].kind == "rousseau-baudin"  # then the rest of his ability runs
    assert table.zones.zone("agent-discard").cards == (4,)
    assert steps.step(resolution) == Step.seat(Stage.CHOOSE, 0)
    assert steps.choices(resolution, table.zones) == [ANSWER("scholar-action"), ANSWER(NO)]
    resolution, _ = steps.play(resolution, ANSWER(NO), table)
    assert steps.step(resolution) is None
    with pytest.raises(EffectError, match="no decision is awaited"):
        steps.choices(resolution, table.zones)


def test_a_pick_without_a_pick_step_is_refused() -> None:
    steps = EffectSteps(AGENTS, Stage.CHOOSE, Stage.DRAW, ANSWER, CARD)
    table = Table(flags={"scholar"})
    resolution, _ = AGENTS.run(AGENTS.trigger("action", 0, ["rousseau-baudin"], table), table)
    for card in (1, 2):
        resolution, _ = steps.play(resolution, CARD(card), table)
    with pytest.raises(EffectError, match="declares no pick step"):
        steps.step(resolution)
