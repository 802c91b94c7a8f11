"""``ballroom report``: a balance report (HTML with plots) from saved simulation results."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ballroom.cli.common import reports_errors


@reports_errors
def report_command(
    results: Annotated[
        Path, typer.Argument(help="A .parquet or .duckdb file from simulate --out.")
    ],
    html_path: Annotated[
        Path, typer.Option("--html", help="Where to write the report page.")
    ] = Path("report.html"),
) -> None:
    """Plot win rates by seat and feature, game lengths, and say in words what looks unbalanced."""
    from rich.console import Console

    from ballroom.lab.report import analyse, render_html
    from ballroom.lab.store import read_results

    meta, games = read_results(results)
    analysis = analyse(games)
    html_path.parent.mkdir(parents=True, exist_ok=True)
    html_path.write_text(render_html(meta, analysis), encoding="utf-8")
    console = Console()
    for line in analysis.findings:
        console.print(f"- {line}", highlight=False)
    console.print(f"report written to {html_path}")


def register(app: typer.Typer) -> None:
    app.command("report")(report_command)
