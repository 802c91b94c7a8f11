"""What the acting family's screen says about its Influence choices.

Before committing to a target, a Domain, a Refreshment or a post-roll
Power, the family sees the number its die must not exceed and its chances
(``odds.py``), plainly and with the Refreshments it could still spend on
TACTICIAN or WILLPOWER. Everything comes from the family's own observation
(its Powers, its hand, the effort in progress) and the public counters, so
the browser shows the engine's arithmetic without a copy of the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ballroom.core.state import Observation
from ballroom.games.the_dance import actions as ac
from ballroom.games.the_dance.components import DOMAINS, POWER_IDS
from ballroom.games.the_dance.odds import Chances, RollRules, chances
from ballroom.games.the_dance.standing import ROLL_REFRESHMENTS
from ballroom.games.the_dance.steps import Target

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ballroom.games.the_dance.game import TheDance


def move_hints(game: TheDance, view: Observation, legal: Sequence[int]) -> dict[int, Any]:
    """Odds for each of the seat's Influence, Foil, Domain, Refreshment and post-roll moves."""
    me = view["you"]
    if me is None or view["families"][me]["avatar"] < 0:
        return {}
    hints = _Hints(game, view, me)
    phase = view["phase"]
    notes: dict[int, Any] = {}
    for action in legal:
        note = None
        if phase == "influence" and ac.INFLUENCE <= action < ac.INFLUENCE + ac.D:
            note = hints.target(dancer=action - ac.INFLUENCE)
        elif phase == "influence" and ac.FOIL <= action < ac.FOIL + ac.A:
            note = hints.target(avatar=action - ac.FOIL)
        elif phase == "domain" and ac.DOMAIN <= action < ac.DOMAIN + len(DOMAINS):
            note = hints.domain(action - ac.DOMAIN)
        elif phase == "refreshment":
            note = hints.refreshment(action)
        elif phase == "post-roll":
            note = hints.post_roll(action)
        if note is not None:
            notes[action] = note
    return notes


class _Hints:
    """One family's view of its effort: ratings, Powers and hand."""

    def __init__(self, game: TheDance, view: Observation, me: int) -> None:
        self.comp = game.components
        self.margin_three = game.margin_three
        self.view = view
        family = view["families"][me]
        self.rating: tuple[int, ...] = self.comp.avatars[family["avatar"]].ratings
        powers = {POWER_IDS[w] for w in family["powers"]}
        standing = self.comp.effects.standing(sorted(powers))
        self.tactician = "tactician" in powers
        self.refreshment_limit = standing.limit("roll-refreshments", ROLL_REFRESHMENTS)
        self.willpower = "willpower" in powers
        self.overwhelming = standing.grants("every-success-dominates")
        self.cards = int(family["refreshment_count"])
        self.effort = view["effort"]

    def _tactician(self, used: int) -> bool:
        """Whether Tactician may act after a roll that ``used`` Refreshments before it:
        its spend is one of the roll's Refreshments (RULINGS 18)."""
        return self.tactician and used < self.refreshment_limit

    def _odds(
        self, need: int, *, cards: int, dancer: bool, fresh: bool, used: int = 0
    ) -> dict[str, Any]:
        rules = RollRules(need, dancer, self.overwhelming and dancer, self.margin_three)
        plain = chances(rules)
        tactician = self._tactician(used)
        willpower = self.willpower and fresh
        best = chances(rules, cards=cards, tactician=tactician, willpower=willpower)
        named = [("Tactician", tactician), ("Willpower", willpower)]
        return {
            "need": need,
            **_pair("", plain),
            **_pair("best_", best),
            "with": [name for name, has in named if has] if cards > 0 else [],
        }

    def target(self, *, dancer: int = -1, avatar: int = -1) -> dict[str, Any]:
        """A target's odds in each Domain it allows, before any Refreshment is added."""
        rows = []
        for i, domain in enumerate(DOMAINS):
            if dancer >= 0:
                if self.comp.dancers[dancer].negates[i]:
                    continue
                need = self.rating[i] + self.comp.dancers[dancer].pips[i]
            else:
                need = self.rating[i] + self.comp.avatars[avatar].ratings[i]
            odds = self._odds(need, cards=self.cards, dancer=dancer >= 0, fresh=True)
            rows.append({"domain": domain, **odds})
        return {"kind": "influence" if dancer >= 0 else "foil", "domains": rows}

    def _need(self, domain: int, used: Sequence[int]) -> int:
        effort = self.effort
        if effort["kind"] != Target.DANCER:
            return self.rating[domain] + self.comp.avatars[self._target_avatar()].ratings[domain]
        kinds = self.comp.refreshments
        pips: int = self.comp.dancers[effort["target"]].pips[domain]
        return self.rating[domain] + pips + sum(kinds[k].pips for k in used)

    def _target_avatar(self) -> int:
        return int(self.view["families"][self.effort["target"]]["avatar"])

    def _fresh(self) -> bool:
        return not self.effort["rerolled"]

    def domain(self, domain: int) -> dict[str, Any]:
        used = self.effort["used"]
        need = self._need(domain, used)
        dancer = self.effort["kind"] == Target.DANCER
        return self._odds(
            need, cards=self.cards, dancer=dancer, fresh=self._fresh(), used=len(used)
        )

    def refreshment(self, action: int) -> dict[str, Any] | None:
        """Each choice adds its pips and leaves one card fewer for Tactician or Willpower
        (and, once the roll's Refreshments are spent, no Tactician)."""
        used = list(self.effort["used"])
        if ac.REFRESH <= action < ac.REFRESH + ac.K:
            used.append(action - ac.REFRESH)
        elif action != ac.NO_REFRESH:
            return None
        spent = len(used) - len(self.effort["used"])
        need = self._need(self.effort["domain"], used)
        return self._odds(
            need, cards=self.cards - spent, dancer=True, fresh=self._fresh(), used=len(used)
        )

    def post_roll(self, action: int) -> dict[str, Any] | None:
        """Accepting or lowering the die settles it; Willpower gives a new roll's odds."""
        effort = self.effort
        dancer = effort["kind"] == Target.DANCER
        need = self._need(effort["domain"], effort["used"])
        rules = RollRules(need, dancer, self.overwhelming and dancer, self.margin_three)
        face, lowered = effort["roll"], effort["modifier"]
        if action == ac.ACCEPT:
            return _verdict(rules, face, lowered)
        if ac.TACTICIAN <= action < ac.TACTICIAN + ac.K:
            return _verdict(rules, face, lowered + 1)
        if ac.WILLPOWER <= action < ac.WILLPOWER + ac.K:
            tactician = self._tactician(len(effort["used"]))
            again = chances(rules, cards=self.cards - 1, tactician=tactician)
            return {"need": need, **_pair("", again)}
        return None


def _pair(prefix: str, odds: Chances) -> dict[str, float]:
    return {f"{prefix}success": float(odds.success), f"{prefix}dominate": float(odds.dominate)}


def _verdict(rules: RollRules, face: int, lowered: int) -> dict[str, Any]:
    success, dominate = rules.verdict(face, lowered)
    outcome = "Domination" if dominate else "success" if success else "failure"
    return {"need": rules.target, "counts": face - lowered, "outcome": outcome}
