"""Balance reports: a self-contained HTML page of plots and plain words from a run's games.

Everything is computed from the per-game facts a simulation saved (returns,
ranks, length, seat features), so the report works for any game. Rates come
with Wilson 95% intervals. A seat is called out as unbalanced when its interval
excludes the fair share; a feature level only when it has enough seats and its rate
differs from the fair share after Holm's correction over every level compared
(``ballroom.lab.features``, which the JSON summary and the sweep share), so small
runs and long lists of levels do not cry wolf. Table-wide features (one value for the
whole table) are counted by games, not given win rates.

A feature ``NAME_dealt`` beside ``NAME`` (The Dance's ``power_dealt`` and
``power``) marks a choice: what a seat was dealt, and what it kept. The win
rate of what was kept mixes the thing's worth with the bots' taste (a Power
the bots never keep "wins 0%" in 0 seats), so such a pair is reported as win
rate given dealt and how often each is kept, and judged on the former.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ballroom.core.errors import InvalidOptionError
from ballroom.lab.features import DEALT, MIN_SEATS, Judgement, group_features, judge
from ballroom.lab.simulate import GameResult
from ballroom.lab.stats import Estimate, mean_interval, wilson

if TYPE_CHECKING:
    from matplotlib.figure import Figure


@dataclass(frozen=True, slots=True)
class Group:
    """A group of seats (one seat number, one bot, one feature value) and its win rate."""

    label: str
    rate: Estimate


@dataclass(frozen=True, slots=True)
class Dealt:
    """One value seats were dealt and chose to keep or not: how often, and how they fared."""

    label: str
    dealt: int
    """Seats dealt it."""
    kept: int
    """Of those, the seats that kept it."""
    rate: Estimate
    """Win rate of the seats dealt it, whether they kept it or not."""

    @property
    def kept_share(self) -> float:
        return self.kept / self.dealt if self.dealt else 0.0


@dataclass(slots=True)
class Analysis:
    """The numbers a report shows, computed once."""

    players: int
    games: int
    finished: int
    by_seat: list[Group]
    by_bot: list[Group]
    by_feature: dict[str, list[Group]]
    by_dealt: dict[str, list[Dealt]]
    """Per chosen feature (``power``): each value's dealt and kept counts, win rate given dealt."""
    table: dict[str, dict[str, int]]
    """Table-wide features: value -> games."""
    judgement: Judgement
    turns: list[int]
    mean_turns: Estimate
    findings: list[str] = field(default_factory=list)

    def flagged(self, name: str, label: str) -> bool:
        """Whether level ``label`` of feature ``name`` (``NAME_dealt`` for a dealt pair)
        stands out after the correction."""
        return any(n == name and level.label == label for n, level in self.judgement.flagged)

    @property
    def fair(self) -> float:
        return 1.0 / self.players


def _rates(pairs: Sequence[tuple[str, float]]) -> list[Group]:
    """Win rate per label from (label, share of the win) pairs, labels in first-seen order."""
    totals: dict[str, list[float]] = {}
    for label, share in pairs:
        totals.setdefault(label, []).append(share)
    return [Group(label, wilson(sum(v), len(v))) for label, v in totals.items()]


def analyse(results: Sequence[GameResult]) -> Analysis:
    """Win rates by seat, bot and feature; lengths; and the findings in plain words."""
    if not results:
        raise InvalidOptionError("the results hold no games; run a simulation first")
    players = len(results[0].returns)
    done = [r for r in results if r.finished]
    by_seat = _rates([(f"seat {s + 1}", r.returns[s]) for r in done for s in range(players)])
    by_bot = _rates([(r.seats[s], r.returns[s]) for r in done if r.seats for s in range(players)])
    features = group_features(done)
    fair = 1.0 / players
    turns = [r.turns for r in done]
    analysis = Analysis(
        players=players,
        games=len(results),
        finished=len(done),
        by_seat=by_seat,
        by_bot=by_bot,
        by_feature={
            name: [Group(level.label, level.rate) for level in levels]
            for name, levels in features.per_seat.items()
        },
        by_dealt={
            name: [Dealt(level.label, level.seats, level.kept or 0, level.rate) for level in levels]
            for name, levels in features.dealt.items()
        },
        table=features.table,
        judgement=judge(features.rated(), fair),
        turns=turns,
        mean_turns=mean_interval([float(t) for t in turns]),
    )
    analysis.findings = _findings(analysis)
    return analysis


def _findings(a: Analysis) -> list[str]:
    """What looks unbalanced, in words, judged against the fair share 1/players."""
    fair = a.fair
    lines: list[str] = []
    if a.finished < a.games:
        lines.append(
            f"{a.games - a.finished} of {a.games} games did not finish within the turn limit; "
            "they are left out of every rate."
        )
    mixed_bots = len(a.by_bot) > 1
    if mixed_bots:
        lines.append(
            "Different bots sat at this table, so seat and feature rates mix bot strength "
            "with balance; use one bot in every seat for a pure balance study."
        )
    seat_flags = [g for g in a.by_seat if g.rate.excludes(fair)]
    for g in seat_flags:
        word = "more" if g.rate.value > fair else "less"
        lines.append(
            f"{g.label[:1].upper()}{g.label[1:]} wins {g.rate} of its games, {word} than the fair {fair:.0%}."
        )
    if a.by_seat and not seat_flags:
        first = a.by_seat[0].rate
        lines.append(
            f"No seat advantage is visible: the first seat wins {first}, "
            f"and every seat's interval includes the fair {fair:.0%}."
        )
    lines += _feature_findings(a)
    for name, dealt in a.by_dealt.items():
        never = [g.label for g in dealt if g.kept == 0]
        if never:
            lines.append(
                f"The bots never kept {name} {', '.join(never)} when dealt it, so how it "
                "plays is unmeasured here; its rate is that of the seats that returned it."
            )
    for name, counts in a.table.items():
        shares = ", ".join(
            f"{value} in {games} of {a.finished}"
            for value, games in sorted(counts.items(), key=lambda kv: -kv[1])
        )
        lines.append(
            f"The feature {name} is the same for every seat at a table, so it cannot favour one "
            f"seat over another and has no win rate here; games by {name}: {shares}."
        )
    if a.turns:
        lines.append(
            f"Games last {a.mean_turns.value:.1f} turns on average "
            f"(95% CI {a.mean_turns.low:.1f}-{a.mean_turns.high:.1f}; "
            f"shortest {min(a.turns)}, longest {max(a.turns)})."
        )
    return lines


def _feature_findings(a: Analysis) -> list[str]:
    """The feature levels that stand out after Holm's correction, and what was not judged."""
    fair = a.fair
    verdict = a.judgement
    lines: list[str] = []
    for name, level in verdict.flagged:
        word = "strong" if level.rate.value > fair else "weak"
        if name.endswith(DEALT):
            kept = name.removesuffix(DEALT)
            lines.append(
                f"Being dealt {kept} {level.label} looks {word}: those seats win {level.rate} "
                f"of {level.seats} (fair {fair:.0%})."
            )
        else:
            lines.append(
                f"Among {name}, {level.label} looks {word}: it wins {level.rate} "
                f"of {level.seats} (fair {fair:.0%})."
            )
    if verdict.compared:
        names = len({name for name, _ in verdict.compared})
        lines.append(
            f"{len(verdict.compared)} levels of {names} features had {MIN_SEATS} seats or more "
            f"and were tested against the fair {fair:.0%} with Holm's correction for their "
            f"number; {len(verdict.flagged) or 'none'} stood out."
        )
    rated = {
        **a.by_feature,
        **{n + DEALT: [Group(g.label, g.rate) for g in d] for n, d in a.by_dealt.items()},
    }
    single = [name for name, groups in rated.items() if len(groups) == 1]
    if single:
        lines.append(
            f"{len(single)} features have a single value in these games, so they compare "
            f"nothing: {', '.join(single)}."
        )
    thin = [
        name
        for name, groups in rated.items()
        if len(groups) > 1 and sum(g.rate.n >= MIN_SEATS for g in groups) < 2
    ]
    if thin:
        lines.append(
            f"Too few games to compare levels (fewer than two with {MIN_SEATS} seats) of: "
            f"{', '.join(thin)}."
        )
    return lines


# -- plots ------------------------------------------------------------------------


def _figure() -> Figure:
    try:
        import matplotlib
    except ImportError:
        raise InvalidOptionError("reports need matplotlib: pip install 'ballroom[lab]'") from None
    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    return Figure(figsize=(7.0, 3.6), dpi=100, layout="constrained")


def _rate_plot(
    title: str, groups: Sequence[Group], fair: float, flagged: set[str] | None = None
) -> Figure:
    """Horizontal bars with 95% intervals and the fair share as a dashed line. Red marks a
    seat whose interval misses the fair share, or (``flagged`` given: a feature) a level
    that stands out after the correction; grey a level with too few seats to judge."""
    fig = _figure()
    ax = fig.subplots()
    labels = [f"{g.label} (n={g.rate.n})" for g in groups][::-1]
    values = [g.rate.value for g in groups][::-1]
    low = [max(0.0, g.rate.value - g.rate.low) for g in groups][::-1]
    high = [max(0.0, g.rate.high - g.rate.value) for g in groups][::-1]

    def colour(g: Group) -> str:
        if flagged is None:
            return "#c0392b" if g.rate.excludes(fair) else "#2e86c1"
        if g.rate.n < MIN_SEATS:
            return "#aab7b8"
        return "#c0392b" if g.label in flagged else "#2e86c1"

    colours = [colour(g) for g in groups][::-1]
    ax.barh(labels, values, xerr=[low, high], color=colours, capsize=4)
    ax.axvline(fair, color="black", linestyle="--", linewidth=1, label=f"fair share {fair:.0%}")
    key = (
        "red: interval misses fair share"
        if flagged is None
        else f"red: stands out (Holm); grey: under {MIN_SEATS} seats"
    )
    ax.set_xlabel(f"win rate (bars: 95% confidence interval)\n{key}")
    ax.set_title(title)
    top = max([v + h for v, h in zip(values, high, strict=True)] + [fair])
    ax.set_xlim(0, min(1.0, top * 1.15))
    ax.legend(loc="lower right", fontsize=8)
    fig.set_figheight(max(2.2, 0.45 * len(groups) + 1.4))
    return fig


def _length_plot(turns: Sequence[int]) -> Figure:
    fig = _figure()
    ax = fig.subplots()
    bins = range(min(turns), max(turns) + 2)
    ax.hist(turns, bins=list(bins), color="#7d3c98", edgecolor="white", align="left")
    mean = sum(turns) / len(turns)
    ax.axvline(mean, color="black", linestyle="--", linewidth=1, label=f"mean {mean:.1f}")
    ax.set_xlabel("turns (rounds) per game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    ax.legend(fontsize=8)
    return fig


def plots(a: Analysis) -> list[tuple[str, Figure]]:
    """Every plot of the report, with its caption."""
    figures: list[tuple[str, Figure]] = [
        (
            "Win rate by seat (first-player advantage)",
            _rate_plot("Win rate by seat", a.by_seat, a.fair),
        )
    ]
    if len(a.by_bot) > 1:
        figures.append(("Win rate by bot", _rate_plot("Win rate by bot", a.by_bot, a.fair)))
    for name, groups in a.by_feature.items():
        if len(groups) < 2:
            continue  # one value compares nothing
        flagged = {g.label for g in groups if a.flagged(name, g.label)}
        title = f"Win rate by {name}"
        figures.append((title, _rate_plot(title, groups, a.fair, flagged)))
    for name, dealt in a.by_dealt.items():
        title = f"Win rate by {name} dealt"
        groups = [Group(g.label, g.rate) for g in dealt]
        flagged = {g.label for g in groups if a.flagged(name + DEALT, g.label)}
        figures.append((title, _rate_plot(title, groups, a.fair, flagged)))
    if a.turns:
        figures.append(("Game length distribution", _length_plot(a.turns)))
    return figures


def png(fig: Figure) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()


# -- the page ---------------------------------------------------------------------


def _table(title: str, groups: Sequence[Group]) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(g.label)}</td><td>{g.rate.n}</td><td>{g.rate.value:.1%}</td>"
        f"<td>{g.rate.low:.1%} - {g.rate.high:.1%}</td></tr>"
        for g in groups
    )
    return (
        f"<h3>{html.escape(title)}</h3><table><tr><th></th><th>seats played</th>"
        f"<th>win rate</th><th>95% CI</th></tr>{rows}</table>"
    )


def _dealt_table(name: str, groups: Sequence[Dealt]) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(g.label)}</td><td>{g.dealt}</td><td>{g.kept}</td>"
        f"<td>{g.kept_share:.1%}</td><td>{g.rate.value:.1%}</td>"
        f"<td>{g.rate.low:.1%} - {g.rate.high:.1%}</td></tr>"
        for g in groups
    )
    return (
        f"<h3>By {html.escape(name)} dealt</h3><table><tr><th></th><th>dealt</th><th>kept</th>"
        f"<th>kept when dealt</th><th>win rate given dealt</th><th>95% CI</th></tr>{rows}"
        "</table>"
    )


def render_html(meta: dict[str, Any], a: Analysis) -> str:
    """The whole report as one HTML page with its plots embedded."""
    title = f"Balance report: {meta.get('game', 'game')}"
    setup = ", ".join(f"{k}={v}" for k, v in (meta.get("options") or {}).items()) or "defaults"
    figures = "".join(
        f'<figure><img alt="{html.escape(caption)}" src="data:image/png;base64,'
        f'{base64.b64encode(png(fig)).decode()}"><figcaption>{html.escape(caption)}</figcaption></figure>'
        for caption, fig in plots(a)
    )
    findings = "".join(f"<li>{html.escape(line)}</li>" for line in a.findings)
    tables = _table("By seat", a.by_seat)
    if len(a.by_bot) > 1:
        tables += _table("By bot", a.by_bot)
    for name, groups in a.by_feature.items():
        tables += _table(f"By {name}", groups)
    for name, dealt in a.by_dealt.items():
        tables += _dealt_table(name, dealt)
    for name, counts in a.table.items():
        rows = "".join(
            f"<tr><td>{html.escape(value)}</td><td>{games}</td></tr>"
            for value, games in counts.items()
        )
        tables += (
            f"<h3>By {html.escape(name)} (the same for the whole table)</h3>"
            f"<table><tr><th></th><th>games</th></tr>{rows}</table>"
        )
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }}
table {{ border-collapse: collapse; margin-bottom: 1rem; }}
td, th {{ border-bottom: 1px solid #ddd; padding: 0.2rem 0.8rem; text-align: right; }}
td:first-child {{ text-align: left; }}
figure {{ margin: 1rem 0; }} img {{ max-width: 100%; }}
</style></head><body>
<h1>{html.escape(title)}</h1>
<p>{a.games} games ({a.finished} finished), {a.players} players, options: {html.escape(setup)},
seed {html.escape(str(meta.get("seed", "?")))}.</p>
<h2>Summary</h2><ul>{findings}</ul>
<h2>Plots</h2>{figures}
<h2>Tables</h2>{tables}
</body></html>
"""
