// Dancing Dice: your dice behind your screen, re-roll selection, the two
// dances arranged by clicking or dragging, and the judging of the last round.
// Everything drawn comes from the observation the server sent this seat (its
// typed view: the step due, the public board and, for a seat, what lies behind
// its own curtain); what an arrangement scores (pure or mixed, Tango, Rock,
// Gala) is the engine's note on each "first" move. Moves are found by their
// structured form (family and dice), never by reading their text. Served by
// the server from this package as /games/dancing-dice/view.js.

import { find } from "/static/moves.js";
import { h } from "/static/ui.js";
import { die, track } from "/static/widgets.js";

const LETTERS = "abcdef";
const SPECIAL = { 22: "Boogie", 21: "Tap-dance", 20: "Cha-cha-cha", 19: "Tango", 18: "Mambo",
  17: "Twist", 16: "Bolero", 5: "Mazurka", 4: "Macarena" };

// Choices in progress survive re-renders until the round or phase moves on;
// so does keyboard focus on a die (by its letter).
let local = { key: null, selected: new Set(), first: [0, 1, 2], picked: null, focus: null };

// kind: "white" (coloured steps), "coloured" (white steps) or "tango"
function dieSvg(face, kind, size = 52) {
  const fill = { white: "#fffaf0", coloured: "#7b1e3c", tango: "#d4a017" }[kind];
  const pip = { white: "#9b1b3a", coloured: "#fffaf0", tango: "#3b2314" }[kind];
  return die(face, { fill, pip, size, cls: kind });
}

function describe(value) {
  const rank = value >> 1;
  const name = SPECIAL[rank] || `${rank}`;
  return value & 1 ? `${name} (pure)` : name;
}

function kindOf(die) {
  return die < 3 ? "white" : "coloured";
}

function endurance(n) {
  return h("span", { class: "endurance", title: `${n} endurance` },
    track(10, { tag: "i", on: (i) => i < n, onClass: "full" }));
}

// Whether a couple has made its secret choice at the step due (re-roll or first dance).
function ready(obs, seat) {
  const step = obs.step;
  return step.mode === "secret" && obs.public.couples[seat].dancing && !step.seats.includes(seat);
}

function playersPanel(obs, msg, live) {
  const list = h("div", { class: "dd-players" });
  obs.public.couples.forEach((p, i) => {
    const acting = msg.current.includes(i);
    let note = "";
    if (!p.dancing) note = "out";
    else if (ready(obs, i)) note = "ready ✓";
    else if (live && acting && obs.step.mode === "secret") {
      note = obs.seat === i ? "your move" : "thinking…";
    }
    if (p.rerolled !== null && p.rerolled !== undefined && p.dancing) {
      note += `${note ? " · " : ""}re-rolled ${p.rerolled}`;
    }
    list.append(h("div", { class: `dd-player${p.dancing ? "" : " out"}${obs.seat === i ? " me" : ""}`,
      "data-player": i },
      h("strong", {}, p.name, obs.seat === i ? " (you)" : ""),
      endurance(p.endurance),
      h("span", { class: "num" }, p.endurance),
      h("small", { class: "muted" }, note)));
  });
  return list;
}

function judgingPanel(obs) {
  const last = obs.public.last_round;
  if (!last) return null;
  const panel = h("div", { class: "dd-judging" },
    h("h3", {}, `Round ${last.round} judging · Tango ${last.tango.join("-")}`));
  last.dances.forEach((dance, index) => {
    const rows = Object.entries(dance.values).sort((a, b) => b[1] - a[1]);
    const track = h("ol", { class: "track" });
    for (const [p, value] of rows) {
      const perf = last.performances[p];
      const dice = index === 0 ? perf.first_row : [0, 1, 2, 3, 4, 5].filter((d) => !perf.first_row.includes(d));
      const ok = dance.satisfactory.includes(Number(p));
      track.append(h("li", { class: ok ? "ok" : "lost" },
        h("span", { class: "who" }, obs.public.couples[p].name),
        h("span", { class: "mini-dice" }, dice.map((d) => dieSvg(perf.dice[d], kindOf(d), 22))),
        h("span", { class: "dance" }, describe(value), perf.rock ? " · Rock" : "", perf.gala ? " · Gala" : ""),
        h("span", { class: "verdict" }, ok ? "✓" : dance.lost.includes(Number(p)) ? "−1" : "·")));
    }
    panel.append(h("div", { class: "dance-col" }, h("h4", {}, index === 0 ? "First dance" : "Second dance"), track));
  });
  return panel;
}

// The Tango beside your dice, so that a phone shows both without scrolling.
function tangoStrip(tango) {
  return h("div", { class: "dd-tango compact", id: "dd-tango-here" }, h("small", {}, "Tango"),
    tango ? tango.map((f) => dieSvg(f, "tango", 26)) : h("em", { class: "muted" }, "not rolled"));
}

// A die button that keeps keyboard focus through the re-render its click causes.
function dieButton(d, attrs, ...children) {
  return h("button", { ...attrs, "data-die": LETTERS[d], onfocus: () => { local.focus = d; },
    // Focus that moves to another control is let go; focus lost to a re-render is not.
    onblur: (event) => { if (event.relatedTarget) local.focus = null; } }, ...children);
}

function refocus(ctx) {
  if (local.focus === null || !ctx.actions) return;
  if (document.activeElement && document.activeElement !== document.body) return;
  ctx.actions.querySelector(`.dd-choose [data-die="${LETTERS[local.focus]}"]`)?.focus();
}

function rerollControls(ctx, dice, tango) {
  const box = h("div", { class: "dd-choose" },
    h("div", { class: "dd-choose-head" }, h("h2", {}, "Re-roll?"), tangoStrip(tango)),
    h("p", { class: "muted" }, "Tap the dice you want to roll again (once per round), then confirm."));
  const row = h("div", { class: "dice-row screen" });
  dice.forEach((face, d) => {
    const chosen = local.selected.has(d);
    row.append(dieButton(d, { class: `die-btn${chosen ? " chosen" : ""}`,
      "aria-pressed": chosen ? "true" : "false", "aria-label": `die ${LETTERS[d]}: ${face}`,
      onclick: () => {
        if (local.selected.has(d)) local.selected.delete(d); else local.selected.add(d);
        ctx.rerender();
      } }, dieSvg(face, kindOf(d)), h("small", {}, LETTERS[d], chosen ? " ↻" : "")));
  });
  const picked = [...local.selected].sort();
  const choice = picked.length ? find(ctx.msg.legal, "reroll", { dice: picked.map((d) => LETTERS[d]).join(" ") })
    : find(ctx.msg.legal, "keep");
  box.append(row, h("button", { class: "primary", id: "dd-confirm", "data-action": choice.text,
    onclick: () => ctx.move(choice.text) },
    picked.length ? `Re-roll ${picked.length} ${picked.length === 1 ? "die" : "dice"}` : "Keep all dice"));
  return box;
}

// What the engine says the arrangement on screen scores, in words beside it.
function explainArrangement(note, rows) {
  if (!note) return null;
  const kinds = (row) => {
    const white = row.filter((d) => kindOf(d) === "white").length;
    return white === 3 ? "three white dice" : white === 0 ? "three coloured dice" : `${white} white and ${3 - white} coloured`;
  };
  const lines = note.dances.map((dance, i) => h("li", { "data-dance": i, "data-pure": dance.pure ? "yes" : "no" },
    h("strong", {}, `${i === 0 ? "First" : "Second"} dance: ${dance.name}`),
    note.gala ? " — a Gala counts both dances as its triple, pure."
      : ` — ${kinds(rows[i])}: ${dance.pure ? "pure (all of one kind)" : "mixed (both kinds)"}.`,
    dance.tango ? " It is the Tango: new Tango dice next round." : ""));
  let flag = null;
  if (note.gala) {
    flag = h("p", { class: "dd-flag gala", id: "dd-flag", role: "status" }, h("strong", {}, "Gala! "),
      "All six dice show one number: you lose no endurance this round and gain 2 after it (up to 10).");
  } else if (note.rock) {
    flag = h("p", { class: "dd-flag rock", id: "dd-flag", role: "status" }, h("strong", {}, "Rock! "),
      "Both dances show the same numbers: you lose no endurance this round.");
  }
  return h("div", { class: "dd-explain", id: "dd-explain" }, flag, h("ul", {}, lines),
    h("p", { class: "muted" }, "A dance is pure when its three dice are of one kind (a b c white with coloured steps, ",
      "d e f coloured with white steps). Pure beats the same dance mixed, never a better one."));
}

function arrangeControls(ctx, dice, tango) {
  const first = local.first;
  const second = [0, 1, 2, 3, 4, 5].filter((d) => !first.includes(d));
  const swap = (a, b) => {
    const inFirst = (d) => local.first.includes(d);
    if (inFirst(a) === inFirst(b)) {
      local.picked = local.picked === a ? null : a;
    } else {
      const [x, y] = inFirst(a) ? [a, b] : [b, a];
      local.first = local.first.map((d) => (d === x ? y : d));
      local.picked = null;
    }
    ctx.rerender();
  };
  const choice = find(ctx.msg.legal, "first", { dice: [...first].sort().map((d) => LETTERS[d]).join(" ") });
  const note = choice.hint;
  const rowOf = (dieList, index) => {
    const label = index === 0 ? "first" : "second";
    const row = h("div", { class: "dice-row drop", "data-row": label },
      h("span", { class: "row-label" }, index === 0 ? "First dance" : "Second dance",
        h("em", {}, note ? note.dances[index].name : "")));
    row.addEventListener("dragover", (e) => e.preventDefault());
    for (const d of dieList) {
      const btn = dieButton(d, { class: `die-btn${local.picked === d ? " chosen" : ""}`, draggable: "true",
        "aria-pressed": local.picked === d ? "true" : "false", "aria-label": `die ${LETTERS[d]}: ${dice[d]}`,
        onclick: () => (local.picked === null || local.picked === d ? swap(d, d) : swap(local.picked, d)) },
        dieSvg(dice[d], kindOf(d)), h("small", {}, LETTERS[d]));
      btn.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", String(d)));
      btn.addEventListener("drop", (e) => {
        e.preventDefault();
        swap(Number(e.dataTransfer.getData("text/plain")), d);
      });
      row.append(btn);
    }
    return row;
  };
  const rows = [[...first].sort(), second];
  return h("div", { class: "dd-choose" },
    h("div", { class: "dd-choose-head" }, h("h2", {}, "Arrange your two dances"), tangoStrip(tango)),
    h("p", { class: "muted" }, "Tap a die, then a die in the other row, to swap them (or drag one onto the other)."),
    rowOf(rows[0], 0), rowOf(rows[1], 1),
    h("button", { class: "primary", id: "dd-confirm", "data-action": choice.text,
    onclick: () => ctx.move(choice.text) }, "Dance!"),
    explainArrangement(note, rows));
}

export function render(ctx) {
  const { board, msg } = ctx;
  const obs = msg.observation;
  const floor = obs.public;
  const phase = obs.step.step;
  const key = `${msg.meta.id}:${ctx.seat}:${floor.round}:${phase}`;
  if (local.key !== key) local = { key, selected: new Set(), first: [0, 1, 2], picked: null, focus: null };
  ctx.rerender = () => {
    board.replaceChildren();
    if (ctx.actions) ctx.actions.replaceChildren();
    if (ctx.more) ctx.more.replaceChildren();
    render(ctx);
  };

  const tango = floor.tango;
  board.append(h("div", { class: "dd-head" },
    h("div", { class: "dd-round" }, h("span", { class: "big" }, `Round ${floor.round}`),
      h("small", { class: "muted" }, `${floor.satisfactory} satisfactory per dance`)),
    h("div", { class: "dd-tango" }, h("small", {}, "Tango"),
      tango ? tango.map((f) => dieSvg(f, "tango", 34)) : h("em", { class: "muted" }, "not rolled"))));
  board.append(playersPanel(obs, msg, ctx.live));

  const me = obs.seat !== null ? floor.couples[obs.seat] : null;
  const dice = obs.private ? obs.private.dice : null;
  if (me && dice && me.dancing) {
    const acting = msg.legal.length > 0;
    if (!acting || !ctx.actions) {
      const screen = h("div", { class: "dice-row screen", id: "my-dice" },
        h("span", { class: "row-label" }, "Behind your screen"),
        dice.map((f, d) => h("span", { class: "die-slot", "data-die": LETTERS[d] },
          dieSvg(f, kindOf(d)), h("small", {}, LETTERS[d]))));
      board.append(screen);
    }
    if (acting && ctx.actions) {
      if (phase === "reroll") ctx.actions.append(rerollControls(ctx, dice, tango));
      else if (phase === "arrange") ctx.actions.append(arrangeControls(ctx, dice, tango));
    } else if (ctx.actions && phase !== "over") {
      ctx.actions.append(h("p", { class: "muted waiting" }, ready(obs, obs.seat)
        ? "Your choice is in. Waiting for the other dancers…" : "The dice are rolling…"));
    }
  } else if (ctx.actions && phase !== "over") {
    ctx.actions.append(h("p", { class: "muted" },
      me ? "You are out of the marathon; enjoy the show." : "You are watching. Dice stay behind the dancers' screens until the curtain rises."));
  }
  // Live, the game page's own banner gives the result with the standings.
  if (phase === "over" && floor.winners && !ctx.live) {
    board.append(h("div", { class: "banner" }, "★ ",
      floor.winners.map((p) => floor.couples[p].name).join(" and "),
      floor.winners.length === 1 ? " is the Dance Champion!" : " share the title!"));
  }
  // Live, last round's judging goes under your dice so that they stay in view.
  const judging = judgingPanel(obs);
  if (judging) (ctx.more && phase !== "over" ? ctx.more : board).append(judging);
  refocus(ctx);
  return true;
}
