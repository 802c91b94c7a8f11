"""The Dance's terminal picture: the floor as a hex map in rich markup, each family, each
Dancer and the piles, as one seat's observation shows them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ballroom.core import words
from ballroom.core.state import Observation
from ballroom.games.the_dance import wording
from ballroom.games.the_dance.ball import family_name
from ballroom.games.the_dance.components import DOMAINS, Components
from ballroom.games.the_dance.steps import PHASE_NAMES, Phase

if TYPE_CHECKING:
    from ballroom.games.the_dance.game import TheDance

FAMILY_STYLES = {
    "plum": "orchid",
    "grey": "grey70",
    "crimson": "red3",
    "emerald": "green3",
    "gold": "gold1",
    "azure": "deep_sky_blue1",
}
SYMBOL_STYLES = {
    "rose": "hot_pink",
    "lily": "bright_white",
    "ivy": "green",
    "sun": "yellow",
    "moon": "light_steel_blue",
}
ARROWS = ("→", "↗", "↖", "←", "↙", "↘")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
DOMAIN_LETTERS = "ECSF"


def render(game: TheDance, observation: Observation) -> str:
    """The ballroom as ``observation``'s seat sees it, in rich markup."""
    comp = game.components
    board = comp.board
    view = observation
    fams = view["families"]
    occ: dict[int, str] = {}
    for d, pos in enumerate(view["dancer_pos"]):
        if pos >= 0:
            style = SYMBOL_STYLES.get(comp.colours[comp.dancers[d].symbol], "white")
            owner = view["dancer_influence"][d]
            if owner >= 0:
                fam = _family_style(comp, fams[owner]["sanctuary"])
                mark = "!" if view["dancer_dominated"][d] else "*"
                occ[pos] = f"[{style}]{LETTERS[d]}[/][{fam}]{mark}[/]"
            else:
                occ[pos] = f"[{style}]{LETTERS[d]}[/] "
    for q, f in enumerate(fams):
        if f["pos"] >= 0 and f["pos"] not in occ:
            occ[f["pos"]] = f"[bold reverse {_family_style(comp, f['sanctuary'])}]{q + 1}[/] "
    if view["server"] >= 0:
        occ[view["server"]] = "[bold white on blue]◆[/] "
    if view["placed"] < len(comp.dancers):
        for h in board.start_hexes:
            occ.setdefault(h, "[white]○[/] ")
    entries = {s.entry: s for s in board.sanctuaries}
    servers = {h: i + 1 for i, h in enumerate(board.server_hexes)}
    rows: dict[int, list[tuple[int, int]]] = {}
    for index, (q, r) in enumerate(board.hexes):
        rows.setdefault(r, []).append((q, index))
    qmin = min(q + r / 2 for q, r in board.hexes)
    lines = [
        f"[bold]{board.name}[/]   turn {view['turn']}   Tempo "
        + " ".join(
            f"[reverse]{box}[/]" if box == view["tempo"] else str(box)
            for box in range(1, board.tempo_boxes + 1)
        )
        + f"  (box {board.refreshment_box}: Refreshments)"
    ]
    for r in sorted(rows):
        cells = sorted(rows[r])
        start = cells[0][0] + r / 2 - qmin
        line = " " * int(start * 4)
        for _q, index in cells:
            if index in occ:
                cell = occ[index]
            elif index in entries:
                cell = f"[{FAMILY_STYLES.get(entries[index].colour, 'white')}]▣[/] "
            elif index in servers:
                cell = f"[blue]{servers[index]}[/] "
            else:
                nxt = board.path_next[index]
                on_path = nxt >= 0
                arrow = ARROWS[board.direction(index, nxt if on_path else board.arrow_to[index])]
                cell = f"[{'cyan' if on_path else 'grey42'}]{arrow}[/] "
            line += " " + cell + " "
        lines.append(line.rstrip())
    lines.append(
        "[dim]Key: letters Dancers (* Influenced, ! Dominated), reverse digits Avatars, "
        "◆ the Server, blue digits Server hexes, ▣ Sanctuary entries, ○ start hexes, cyan arrows the "
        "waltz, grey arrows the way back to it.[/]"
    )
    lines.append("[bold]Families[/]")
    for q, f in enumerate(fams):
        lines.append(_family_line(game, comp, view, q, f))
    lines.append(
        "[bold]Dancers[/] (letter, symbol, pips E C S F with - for a negated Domain; * Influenced, ! Dominated)"
    )
    for d, dancer in enumerate(comp.dancers):
        where = _dancer_where(comp, view, d)
        colour = comp.colours[dancer.symbol]
        pips = " ".join(
            "-" if dancer.negates[i] else str(dancer.pips[i]) for i in range(len(DOMAINS))
        )
        lines.append(
            f"  [{SYMBOL_STYLES.get(colour, 'white')}]{LETTERS[d]}[/] {dancer.name:<19} "
            f"{colour:<5} {pips}  {where}"
        )
    piles = view["piles"]
    lines.append(
        f"Piles: {piles['refreshments']} Refreshments, {piles['plans']} Plans, "
        f"{piles['powers']} Powers.   Server: "
        + ("in the kitchen" if view["server"] < 0 else "on the floor (◆)")
    )
    if view["winners"]:
        names = ", ".join(_who(comp, fams, q) for q in view["winners"])
        lines.append(f"[bold green]Winner: {names}[/]")
    else:
        step = wording.PHASE_WORDS[Phase(PHASE_NAMES.index(view["phase"]))]
        lines.append(f"Now: {step}; deciding: {_who(comp, fams, view['actor'])}")
    return "\n".join(lines)


def _family_style(comp: Components, sanctuary: int) -> str:
    if sanctuary < 0:
        return "white"
    return FAMILY_STYLES.get(comp.board.sanctuaries[sanctuary].colour, "white")


def _who(comp: Components, fams: list[dict[str, Any]], q: int) -> str:
    if q < 0:
        return "chance"
    avatar = fams[q]["avatar"]
    return family_name(comp, avatar) if avatar >= 0 else f"Player {q + 1}"


def _family_line(
    game: TheDance, comp: Components, view: Observation, q: int, f: dict[str, Any]
) -> str:
    style = _family_style(comp, f["sanctuary"])
    name = comp.avatars[f["avatar"]].name if f["avatar"] >= 0 else game.player_name(q)
    table = comp.board.sanctuaries[f["sanctuary"]].colour if f["sanctuary"] >= 0 else "-"
    you = " (you)" if view["you"] == q else ""
    parts = [f"  [{style}]{q + 1} {name}[/]{you} table {table}"]
    if f["refreshments"] is not None:
        held = [
            words.count(c, comp.refreshments[k].name) for k, c in enumerate(f["refreshments"]) if c
        ]
        parts.append(f"Refreshments: {', '.join(held) or 'none'}")
    else:
        parts.append(f"Refreshments: {f['refreshment_count']}")
    powers = [comp.powers[w].name for w in f["powers"]]
    hidden = f["power_count"] - len(powers)
    parts.append(
        "Powers: " + ", ".join(powers + ["?"] * hidden) if powers or hidden else "Powers: -"
    )
    if f["plan"] is not None:
        parts.append(f"Plan: {wording.plan_name(comp, f['plan'])}")
    elif f["has_plan"]:
        parts.append("Plan: secret")
    seated = ", ".join(comp.dancers[d].name for d in f["seated"]) or "nobody"
    parts.append(f"seated: {seated}")
    if f["markers"] > 1:
        parts.append("2 Influence markers")
    if f["foiled"]:
        parts.append("[red]Foiled[/]")
    return "; ".join(parts)


def _dancer_where(comp: Components, view: Observation, d: int) -> str:
    seat = view["dancer_seat"][d]
    fams = view["families"]
    if seat >= 0:
        return f"seated with {_who(comp, fams, seat)}"
    if view["dancer_pos"][d] < 0:
        return "not placed yet"
    owner = view["dancer_influence"][d]
    if owner >= 0:
        how = "Dominated" if view["dancer_dominated"][d] else "Influenced"
        return f"{how} by {_who(comp, fams, owner)}"
    return "dancing"
