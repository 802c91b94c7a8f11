"""``ballroom tune``: search a game's data for numbers that meet a balance target.

The search is Optuna's TPE (a sampler made for expensive, noisy objectives)
over the numbers a space file names (``tune_space``). Each candidate is written
out, checked by the game's own loader (its rulebook constraints included) and,
if accepted, played by the game's bots on the same search seeds as every other
candidate (common random numbers: differences between candidates come from the
data, not luckier dice); its score is the targets' total miss (``tune_target``).

The claim is made on fresh games: the data as it is and the best candidate are
both played on held-out seeds that no candidate was chosen by (game indices from
``HOLDOUT_START``, the search's from 0), so the winner's luck on the search seeds
does not flatter it. A regression over the candidates played gives each number's
effect on each target per unit, with its interval (the sensitivity view), and the
share of seats that played each tuned item says where the bots, not the data,
decide the result.

Everything is kept under ``--out``: the study (SQLite), each candidate's games
(checkpoints) and folders; a stopped run resumes where it stopped.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ballroom.core.errors import InvalidOptionError
from ballroom.core.options import OptionValue
from ballroom.lab.runner import Backend, Checkpoint, Task
from ballroom.lab.simulate import GameResult, SimulationSpec
from ballroom.lab.stats import Z95
from ballroom.lab.tune_play import (
    candidate_key,
    check_data,
    play_candidate,
    write_candidate,
)
from ballroom.lab.tune_space import Space, diff
from ballroom.lab.tune_target import Measurement, Target, measure, total_miss, usage

if TYPE_CHECKING:
    import optuna

HOLDOUT_START = 1_000_000
"""The first game index of the held-out games; the search plays games 0 to ``games - 1``."""
STUDY = "tune"
USAGE_FLOOR = 0.05
"""Below this share of seats playing a tuned item, its numbers are tuned on too few games."""
REJECTED = "rejected"
INTERRUPTED = "interrupted"
TOTAL = "total miss"


@dataclass(frozen=True, slots=True)
class Settings:
    """One tuning run: what may move, what to aim for, who plays, and how much."""

    space: Space
    targets: tuple[Target, ...]
    seats: tuple[str, ...]
    options: dict[str, OptionValue] = field(default_factory=dict)
    seed: int = 0
    trials: int = 40
    games: int = 200
    holdout: int = 400
    max_turns: int | None = None

    def spec(self) -> SimulationSpec:
        return SimulationSpec(self.space.game, self.seats, self.options, self.seed, self.max_turns)

    def describe(self) -> dict[str, Any]:
        """What a resumed run must share with the run it resumes."""
        return {
            "game": self.space.game,
            "numbers": [[n.name, n.low, n.high, n.current] for n in self.space.numbers],
            "targets": [t.text for t in self.targets],
            "seats": list(self.seats),
            "options": self.options,
            "seed": self.seed,
            "games": self.games,
            "max_turns": self.max_turns,
        }

    def search_indices(self) -> range:
        return range(self.games)

    def holdout_indices(self) -> range:
        return range(HOLDOUT_START, HOLDOUT_START + self.holdout)


@dataclass(slots=True)
class Evaluation:
    """A candidate's games and what they say of each target."""

    values: dict[str, float]
    results: list[GameResult]
    measurements: list[Measurement]
    usage: dict[str, float]

    @property
    def miss(self) -> float:
        return total_miss(self.measurements)


@dataclass(frozen=True, slots=True)
class Slope:
    """How much a target moves per unit of one number, over the candidates played."""

    number: str
    target: str
    per_unit: float
    low: float
    high: float

    @property
    def clear(self) -> bool:
        """Whether the interval excludes no effect."""
        return self.low > 0 or self.high < 0


@dataclass(slots=True)
class Outcome:
    """What a tuning run found."""

    settings: Settings
    trials: list[dict[str, Any]]
    """One per finished candidate: number, values, miss, headline per target, or why rejected."""
    best: dict[str, float]
    before: Evaluation
    after: Evaluation
    sensitivity: list[Slope]
    sensitivity_note: str
    warnings: list[str]
    diff: str
    tuned_texts: dict[str, str]

    @property
    def improved(self) -> bool:
        """Whether the best candidate misses the targets by less on the held-out games."""
        return self.after.miss < self.before.miss

    @property
    def changed(self) -> dict[str, tuple[float, float]]:
        current = self.settings.space.current()
        return {k: (current[k], v) for k, v in self.best.items() if v != current[k]}


class Tuner:
    """Runs the search under ``out``; ``on_event`` hears one line per step."""

    def __init__(
        self,
        settings: Settings,
        out: Path,
        backend: Backend,
        on_event: Callable[[str], None] = lambda line: None,
    ) -> None:
        self.settings = settings
        self.out = out
        self.backend = backend
        self.on_event = on_event
        self.space = settings.space

    # -- one candidate ------------------------------------------------------------

    def prepare(self, values: Mapping[str, float]) -> tuple[Path, str | None]:
        """The candidate's folder, written, and the game loader's complaint if any."""
        root = self.out / "data" / candidate_key(values)
        write_candidate(self.space.game, root, self.space.apply(values))
        return root, check_data(self.space.game, root)

    def evaluate(
        self, values: Mapping[str, float], indices: range, label: str
    ) -> tuple[Evaluation, bool]:
        """Play the candidate's games (resuming its checkpoint) and read the targets."""
        root, complaint = self.prepare(values)
        if complaint is not None:
            raise InvalidOptionError(f"the data is refused by the game: {complaint}")
        spec = self.settings.spec()
        key = candidate_key(values)
        checkpoint = Checkpoint(
            self.out / "games" / f"{key}-{label}.jsonl",
            {
                "run": self.settings.describe(),
                "values": dict(sorted(values.items())),
                "label": label,
            },
        )
        outcome = play_candidate(root, [Task(spec, i) for i in indices], self.backend, checkpoint)
        results = outcome.results
        items = self.space.items()
        used = usage(results, self.space.usage, items) if self.space.usage and items else {}
        found = [measure(target, results) for target in self.settings.targets]
        return Evaluation(dict(values), results, found, used), outcome.interrupted

    # -- the search ---------------------------------------------------------------

    def study(self) -> optuna.Study:
        import optuna

        optuna.logging.set_verbosity(optuna.logging.WARNING)
        self.out.mkdir(parents=True, exist_ok=True)
        storage = optuna.storages.RDBStorage(f"sqlite:///{(self.out / 'tune.db').resolve()}")
        sampler = optuna.samplers.TPESampler(
            seed=self.settings.seed,
            n_startup_trials=max(2, min(10, self.settings.trials // 3)),
            multivariate=True,
        )
        study = optuna.create_study(
            study_name=STUDY, storage=storage, sampler=sampler, load_if_exists=True
        )
        description = json.dumps(self.settings.describe(), sort_keys=True)
        held = study.user_attrs.get("run")
        if held is None:
            study.set_user_attr("run", description)
            study.enqueue_trial(self._params(self.space.current()))  # the data as it is first
        elif held != description:
            raise InvalidOptionError(
                f"{self.out} holds a different tuning run (other game, numbers, bounds, "
                "targets, seats, seed or games per candidate); use another --out to start afresh"
            )
        self._recover(study)
        return study

    def _recover(self, study: optuna.Study) -> None:
        """Candidates left running by a killed run are played again first (their games
        already played are kept in their checkpoints)."""
        from optuna.trial import TrialState

        for trial in study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):
            study.enqueue_trial(trial.params)
            study.tell(trial.number, state=TrialState.FAIL)
            study.set_user_attr(f"{INTERRUPTED}-{trial.number}", True)

    def _params(self, values: Mapping[str, float]) -> dict[str, Any]:
        """Values as Optuna's parameters: integers for whole-number tunables."""
        return {
            n.name: int(values[n.name]) if n.integer else values[n.name] for n in self.space.numbers
        }

    def _distributions(self) -> dict[str, Any]:
        from optuna.distributions import FloatDistribution, IntDistribution

        return {
            n.name: IntDistribution(int(n.low), int(n.high))
            if n.integer
            else FloatDistribution(n.low, n.high)
            for n in self.space.numbers
        }

    def finished(self, study: optuna.Study) -> list[optuna.trial.FrozenTrial]:
        """Candidates that count toward the budget: played, or refused by the game."""
        from optuna.trial import TrialState

        return [
            t
            for t in study.get_trials(deepcopy=False)
            if t.state is TrialState.COMPLETE
            or (t.state is TrialState.FAIL and REJECTED in t.user_attrs)
        ]

    def search(self, study: optuna.Study) -> bool:
        """Play candidates until the budget is spent; ``True`` if stopped by Ctrl-C."""
        from optuna.trial import TrialState

        distributions = self._distributions()
        while len(self.finished(study)) < self.settings.trials:
            trial = study.ask(distributions)
            values = {n.name: float(trial.params[n.name]) for n in self.space.numbers}
            _, complaint = self.prepare(values)
            if complaint is not None:
                trial.set_user_attr(REJECTED, complaint)
                study.tell(trial, state=TrialState.FAIL)
                self.on_event(f"candidate {trial.number}: refused: {complaint}")
                continue
            try:
                evaluation, stopped = self.evaluate(
                    values, self.settings.search_indices(), "search"
                )
            except KeyboardInterrupt:
                stopped = True
            if stopped:  # played again first on resuming, its games kept
                study.tell(trial, state=TrialState.FAIL)
                study.enqueue_trial(trial.params)
                return True
            for m in evaluation.measurements:
                trial.set_user_attr(f"headline:{m.target.text}", m.headline)
                trial.set_user_attr(f"miss:{m.target.text}", m.miss)
                for r in m.readings:
                    if r.measured and m.target.feature is not None:
                        trial.set_user_attr(f"reading:{m.target.text}:{r.label}", r.value)
            trial.set_user_attr(f"headline:{TOTAL}", evaluation.miss)
            study.tell(trial, evaluation.miss)
            best = study.best_value
            self.on_event(f"candidate {trial.number}: miss {evaluation.miss:.1f} (best {best:.1f})")
        return False

    # -- the claim ----------------------------------------------------------------

    def run(self) -> Outcome:
        from optuna.trial import TrialState

        study = self.study()
        if self.search(study):
            raise KeyboardInterrupt

        complete = [t for t in self.finished(study) if t.state is TrialState.COMPLETE]
        if not complete:
            raise InvalidOptionError("no candidate was played; the game refused every one")
        best_trial = min(complete, key=lambda t: (t.value, t.number))
        best = {n.name: float(best_trial.params[n.name]) for n in self.space.numbers}
        current = self.space.current()
        self.on_event("held-out games: the data as it is")
        before, stopped = self.evaluate(current, self.settings.holdout_indices(), "holdout")
        if stopped:
            raise KeyboardInterrupt
        self.on_event("held-out games: the best candidate")
        after, stopped = self.evaluate(best, self.settings.holdout_indices(), "holdout")
        if stopped:
            raise KeyboardInterrupt
        slopes, note = sensitivity(self.space, self.settings.targets, complete)
        tuned = self.space.apply(best)
        return Outcome(
            settings=self.settings,
            trials=[_trial_row(t) for t in self.finished(study)],
            best=best,
            before=before,
            after=after,
            sensitivity=slopes,
            sensitivity_note=note,
            warnings=warnings(self.space, self.settings, before, after),
            diff=diff(self.space.texts, tuned),
            tuned_texts=tuned,
        )


def _trial_row(trial: optuna.trial.FrozenTrial) -> dict[str, Any]:
    return {
        "number": trial.number,
        "values": dict(trial.params),
        "miss": trial.value,
        "rejected": trial.user_attrs.get(REJECTED),
        "headline": {
            key.removeprefix("headline:"): value
            for key, value in trial.user_attrs.items()
            if key.startswith("headline:")
        },
    }


def _plane(
    names: Sequence[str], trials: Sequence[optuna.trial.FrozenTrial], key: str
) -> dict[str, tuple[float, float]] | None:
    """Least-squares slope and half 95% interval of each number, for the user attribute
    ``key`` over the trials that have it; ``None`` with too few trials for intervals."""
    import numpy as np

    rows = [t for t in trials if key in t.user_attrs]
    if len(rows) < len(names) + 3:
        return None
    x = np.array([[1.0] + [float(t.params[n]) for n in names] for t in rows])
    y = np.array([float(t.user_attrs[key]) for t in rows])
    coef, *_ = np.linalg.lstsq(x, y, rcond=None)
    residual = y - x @ coef
    variance = float(residual @ residual) / (len(y) - x.shape[1])
    covariance = variance * np.linalg.pinv(x.T @ x)
    return {
        name: (float(coef[i]), Z95 * math.sqrt(max(0.0, float(covariance[i, i]))))
        for i, name in enumerate(names, start=1)
    }


def sensitivity(
    space: Space, targets: Sequence[Target], trials: Sequence[optuna.trial.FrozenTrial]
) -> tuple[list[Slope], str]:
    """Each number's effect per unit: on each target's headline, on the total miss, and on
    its own item's reading (a card's cost on that card's presence): a least-squares plane
    through the candidates played, with normal 95% intervals."""
    names = [n.name for n in space.numbers]
    slopes: list[Slope] = []
    for response in [t.text for t in targets] + [TOTAL]:
        plane = _plane(names, trials, f"headline:{response}")
        if plane is None:
            return [], (
                f"{len(trials)} candidates were played; the regression needs at least "
                f"{len(names) + 3} (the numbers plus three) to give intervals"
            )
        slopes += [Slope(n, response, s, s - h, s + h) for n, (s, h) in plane.items()]
    for target in targets:
        if target.feature is None:
            continue
        for number in space.numbers:
            if number.item is None:
                continue
            plane = _plane(names, trials, f"reading:{target.text}:{number.item}")
            if plane is not None:
                s, h = plane[number.name]
                own = f"{target.text}, its own {target.feature} level"
                slopes.append(Slope(number.name, own, s, s - h, s + h))
    return slopes, (
        f"least squares over {len(trials)} candidates (TPE's, so not a designed experiment: "
        "numbers that moved together share their effect); per unit of each number"
    )


def warnings(space: Space, settings: Settings, before: Evaluation, after: Evaluation) -> list[str]:
    """Where the bots, not the data, may drive the result."""
    lines: list[str] = []
    names = space.item_names()
    bots = set(settings.seats)
    lines.append(
        f"Every game was played by {', '.join(sorted(bots))}: the numbers are tuned to how "
        "these bots play; people who play otherwise may find other balance."
    )
    for item in space.items():
        was, now = before.usage.get(item), after.usage.get(item)
        if was is None or now is None:
            continue
        if min(was, now) < USAGE_FLOOR:
            lines.append(
                f"The bots played {names.get(item, item)} in {was:.0%} of seats before and {now:.0%} after: "
                "its numbers are judged on few games, and what they do depends on when the "
                "bots choose it."
            )
        elif now < was / 2 or now > was * 2:
            word = "less" if now < was else "more"
            lines.append(
                f"The bots play {names.get(item, item)} far {word} after tuning ({was:.0%} -> {now:.0%} of "
                "seats): part of the change comes from what the bots choose, not only from "
                "what the card gives."
            )
    for evaluation, when in ((before, "before"), (after, "after")):
        for m in evaluation.measurements:
            unmeasured = [names.get(r.label, r.label) for r in m.readings if not r.measured]
            if unmeasured:
                lines.append(
                    f"{m.target.text} ({when}): the bots took {', '.join(unmeasured)} too "
                    "rarely to measure; counted as missing the target."
                )
    if space.usage is None and space.items():
        lines.append(
            "The space names no usage feature, so how often the bots play each tuned item "
            "is not measured."
        )
    return lines


def write_outputs(outcome: Outcome, out: Path) -> dict[str, Path]:
    """The tuned files, the diff, and a JSON summary, under ``out``."""
    game = outcome.settings.space.game
    folder = out / "tuned" / game
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in outcome.tuned_texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    diff_path = out / "tuned.diff"
    diff_path.write_text(outcome.diff, encoding="utf-8")
    summary_path = out / "summary.json"
    summary_path.write_text(json.dumps(summary(outcome), indent=2), encoding="utf-8")
    return {"folder": folder, "diff": diff_path, "summary": summary_path}


def _evaluation_json(evaluation: Evaluation) -> dict[str, Any]:
    return {
        "games": len(evaluation.results),
        "miss": evaluation.miss,
        "usage": evaluation.usage,
        "targets": [
            {
                "target": m.target.text,
                "miss": m.miss,
                "met": m.met,
                "readings": [
                    {
                        "label": r.label,
                        "value": r.value,
                        "ci": [r.low, r.high],
                        "n": r.n,
                        "measured": r.measured,
                    }
                    for r in m.readings
                ],
            }
            for m in evaluation.measurements
        ],
    }


def summary(outcome: Outcome) -> dict[str, Any]:
    settings = outcome.settings
    return {
        "game": settings.space.game,
        "seats": list(settings.seats),
        "options": settings.options,
        "seed": settings.seed,
        "trials": len(outcome.trials),
        "rejected": sum(1 for t in outcome.trials if t["rejected"]),
        "games_per_candidate": settings.games,
        "holdout_games": settings.holdout,
        "holdout_indices": [HOLDOUT_START, HOLDOUT_START + settings.holdout],
        "changed": {k: {"from": a, "to": b} for k, (a, b) in outcome.changed.items()},
        "improved": outcome.improved,
        "before": _evaluation_json(outcome.before),
        "after": _evaluation_json(outcome.after),
        "sensitivity": [
            {"number": s.number, "target": s.target, "per_unit": s.per_unit, "ci": [s.low, s.high]}
            for s in outcome.sensitivity
        ],
        "warnings": outcome.warnings,
    }
