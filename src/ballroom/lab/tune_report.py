"""The tuning report: what changed, before and after on held-out games, and why to trust it
(or not), as one HTML page in the style of ``ballroom report``, and as plain lines."""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ballroom.lab.report import png
from ballroom.lab.tune import HOLDOUT_START, Evaluation, Outcome, Slope
from ballroom.lab.tune_space import Space
from ballroom.lab.tune_target import Measurement, Reading

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def _unit(m: Measurement) -> str:
    return " points" if m.target.in_points else ""


def _reading(r: Reading, unit: str) -> str:
    if not r.measured:
        return f"unmeasured ({r.n} seats)"
    return f"{r.value:+.1f}{unit} [{r.low:+.1f}, {r.high:+.1f}] (n={r.n})"


def _game_name(outcome: Outcome) -> str:
    from ballroom.core.game import get_game

    return get_game(outcome.settings.space.game).name


def findings(outcome: Outcome) -> list[str]:
    """The result in words: what changed, and each target before and after."""
    s = outcome.settings
    space = s.space
    names = space.item_names()
    lines: list[str] = []
    rejected = sum(1 for t in outcome.trials if t["rejected"])
    lines.append(
        f"{len(outcome.trials)} candidates tried ({rejected} refused by the game's own checks), "
        f"{s.games} games each on the search seeds; before/after on {s.holdout} held-out games "
        f"each (game indices {HOLDOUT_START:,} on, never seen by the search)."
    )
    if not outcome.changed:
        lines.append("No candidate beat the data as it is on the search games: nothing to change.")
    else:
        moves = "; ".join(
            f"{space.label(k)}: {a:g} -> {b:g}" for k, (a, b) in outcome.changed.items()
        )
        lines.append(f"Best candidate changes {len(outcome.changed)} numbers: {moves}.")
    lines.append(
        f"Total miss on held-out games: {outcome.before.miss:.1f} before, "
        f"{outcome.after.miss:.1f} after "
        + ("(better)." if outcome.improved else "(not better: do not ship it).")
    )
    for m_before, m_after in zip(
        outcome.before.measurements, outcome.after.measurements, strict=True
    ):
        unit = _unit(m_before)
        worst_b, worst_a = m_before.worst, m_after.worst
        if worst_b is None or worst_a is None:
            lines.append(f"{m_before.target.text}: nothing to measure (no finished game).")
            continue
        lines.append(
            f"{m_before.target.text}: {'met' if m_before.met else 'missed'} before "
            f"(worst {names.get(worst_b.label, worst_b.label)} {_reading(worst_b, unit)}), "
            f"{'met' if m_after.met else 'missed'} after "
            f"(worst {names.get(worst_a.label, worst_a.label)} {_reading(worst_a, unit)})."
        )
    return lines


# -- plots ------------------------------------------------------------------------------


def _figure(height: float = 3.6) -> Figure:
    from ballroom.lab.report import _figure as report_figure

    fig = report_figure()
    fig.set_figheight(height)
    return fig


def _readings_plot(before: Measurement, after: Measurement, names: dict[str, str]) -> Figure:
    """Each reading before (grey) and after (blue) with its interval; the band shaded."""
    labels = [r.label for r in before.readings]
    for r in after.readings:
        if r.label not in labels:
            labels.append(r.label)
    fig = _figure(max(2.4, 0.42 * len(labels) + 1.4))
    ax = fig.subplots()
    ax.axvspan(before.target.low, before.target.high, color="#d5f5e3", label="target band")
    for offset, m, colour, name in (
        (0.18, before, "#7f8c8d", "before"),
        (-0.18, after, "#2e86c1", "after"),
    ):
        by_label = {r.label: r for r in m.readings if r.measured}
        ys = [len(labels) - 1 - i + offset for i, lb in enumerate(labels) if lb in by_label]
        rs = [by_label[lb] for lb in labels if lb in by_label]
        ax.errorbar(
            [r.value for r in rs],
            ys,
            xerr=[[r.value - r.low for r in rs], [r.high - r.value for r in rs]],
            fmt="o",
            color=colour,
            capsize=3,
            label=name,
        )
    ax.set_yticks(range(len(labels)), [names.get(label, label) for label in labels[::-1]])
    ax.set_xlabel(
        f"{_unit(before).strip() or 'reading'} on the held-out games (bars: 95% interval)"
    )
    ax.set_title(before.target.text)
    ax.legend(fontsize=8, loc="best")
    return fig


def _search_plot(outcome: Outcome) -> Figure:
    fig = _figure()
    ax = fig.subplots()
    played = [t for t in outcome.trials if t["miss"] is not None]
    xs = [t["number"] for t in played]
    ys = [t["miss"] for t in played]
    best: list[float] = []
    for y in ys:
        best.append(min(y, best[-1]) if best else y)
    ax.plot(xs, ys, "o", color="#aab7b8", label="candidate")
    ax.step(xs, best, where="post", color="#c0392b", label="best so far")
    ax.set_xlabel("candidate (0: the data as it is)")
    ax.set_ylabel("total miss on the search games")
    ax.set_title("Search")
    ax.legend(fontsize=8)
    return fig


def _sensitivity_plot(slopes: Sequence[Slope], target: str, space: Space) -> Figure:
    rows = [s for s in slopes if s.target == target]
    fig = _figure(max(2.4, 0.42 * len(rows) + 1.4))
    ax = fig.subplots()
    labels = [space.label(s.number) for s in rows][::-1]
    values = [s.per_unit for s in rows][::-1]
    errors = [
        [s.per_unit - s.low for s in rows][::-1],
        [s.high - s.per_unit for s in rows][::-1],
    ]
    colours = ["#c0392b" if s.clear else "#aab7b8" for s in rows][::-1]
    ax.barh(labels, values, xerr=errors, color=colours, capsize=3)
    ax.axvline(0, color="black", linewidth=1)
    ax.set_xlabel("change per unit (bars: 95% interval; red: clearly not zero)")
    ax.set_title(f"Sensitivity of: {target}")
    return fig


# -- the page ---------------------------------------------------------------------------


def _figure_html(caption: str, fig: Figure) -> str:
    data = base64.b64encode(png(fig)).decode()
    return (
        f'<figure><img alt="{html.escape(caption)}" src="data:image/png;base64,{data}">'
        f"<figcaption>{html.escape(caption)}</figcaption></figure>"
    )


def _targets_table(before: Evaluation, after: Evaluation, names: dict[str, str]) -> str:
    rows = ""
    for mb, ma in zip(before.measurements, after.measurements, strict=True):
        unit = _unit(mb)
        after_by = {r.label: r for r in ma.readings}
        for r in mb.readings:
            a = after_by.get(r.label)
            rows += (
                f"<tr><td>{html.escape(mb.target.text)}</td>"
                f"<td>{html.escape(names.get(r.label, r.label))}</td>"
                f"<td>{html.escape(_reading(r, unit))}</td>"
                f"<td>{html.escape(_reading(a, unit)) if a else '-'}</td></tr>"
            )
    return (
        "<table><tr><th>target</th><th>reading</th><th>before (95% CI)</th>"
        f"<th>after (95% CI)</th></tr>{rows}</table>"
    )


def _usage_table(outcome: Outcome) -> str:
    if not outcome.before.usage:
        return "<p>No usage feature named in the space file.</p>"
    names = outcome.settings.space.item_names()
    rows = "".join(
        f"<tr><td>{html.escape(names.get(item, item))}</td><td>{share:.1%}</td>"
        f"<td>{outcome.after.usage.get(item, 0.0):.1%}</td></tr>"
        for item, share in outcome.before.usage.items()
    )
    return (
        "<table><tr><th>tuned item</th><th>seats playing it before</th><th>after</th></tr>"
        f"{rows}</table>"
    )


def _sensitivity_table(outcome: Outcome) -> str:
    if not outcome.sensitivity:
        return f"<p>{html.escape(outcome.sensitivity_note)}</p>"
    rows = "".join(
        f"<tr><td>{html.escape(outcome.settings.space.label(s.number))}</td>"
        f"<td>{html.escape(s.target)}</td>"
        f"<td>{s.per_unit:+.2f}</td><td>{s.low:+.2f} to {s.high:+.2f}</td></tr>"
        for s in outcome.sensitivity
    )
    return (
        f"<p>{html.escape(outcome.sensitivity_note)}.</p><table><tr><th>number</th>"
        f"<th>target</th><th>per unit</th><th>95% CI</th></tr>{rows}</table>"
    )


def _trials_table(outcome: Outcome) -> str:
    rows = ""
    for t in outcome.trials:
        result = f"refused: {t['rejected']}" if t["rejected"] else f"miss {t['miss']:.1f}"
        space = outcome.settings.space
        values = ", ".join(f"{space.label(k)}={v:g}" for k, v in t["values"].items())
        rows += (
            f"<tr><td>{t['number']}</td><td>{html.escape(result)}</td>"
            f"<td>{html.escape(values)}</td></tr>"
        )
    return f"<table><tr><th>#</th><th>result</th><th>values</th></tr>{rows}</table>"


def render_html(outcome: Outcome) -> str:
    s = outcome.settings
    title = f"Tuning report: {_game_name(outcome)}"
    names = s.space.item_names()
    lines = "".join(f"<li>{html.escape(line)}</li>" for line in findings(outcome))
    warns = "".join(f"<li>{html.escape(line)}</li>" for line in outcome.warnings)
    figures = _figure_html("Search progress", _search_plot(outcome))
    for mb, ma in zip(outcome.before.measurements, outcome.after.measurements, strict=True):
        if mb.readings or ma.readings:
            figures += _figure_html(
                f"Before and after: {mb.target.text}", _readings_plot(mb, ma, names)
            )
    for target in dict.fromkeys(sl.target for sl in outcome.sensitivity):
        figures += _figure_html(
            f"Sensitivity: {target}", _sensitivity_plot(outcome.sensitivity, target, s.space)
        )
    diff = html.escape(outcome.diff) or "(no change)"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }}
table {{ border-collapse: collapse; margin-bottom: 1rem; display: block; overflow-x: auto; max-width: 100%; }}
td, th {{ border-bottom: 1px solid #ddd; padding: 0.2rem 0.8rem; text-align: right; }}
td:first-child, td:nth-child(2) {{ text-align: left; }}
pre {{ background: #f4f6f6; padding: 0.6rem; overflow-x: auto; }}
figure {{ margin: 1rem 0; }} img {{ max-width: 100%; }}
</style></head><body>
<h1>{html.escape(title)}</h1>
<p>Seats: {html.escape(", ".join(s.seats))}; seed {s.seed}; targets:
{html.escape("; ".join(t.text for t in s.targets))}.</p>
<h2>Summary</h2><ul>{lines}</ul>
<h2>Warnings: where the bots may drive the result</h2><ul>{warns}</ul>
<h2>The change (numbers only)</h2><pre>{diff}</pre>
<h2>Before and after, on held-out games</h2>{_targets_table(outcome.before, outcome.after, names)}
<h2>How often the bots play each tuned item (held-out games)</h2>{_usage_table(outcome)}
<h2>Sensitivity</h2>{_sensitivity_table(outcome)}
<h2>Plots</h2>{figures}
<h2>Every candidate</h2>{_trials_table(outcome)}
</body></html>
"""
