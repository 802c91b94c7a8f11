// Dancing Dice: your dice behind your screen, re-roll selection, the two
// dances arranged by clicking or dragging, and the judging of the last round.
// Everything drawn comes from the observation the server sent this seat.

import { h } from "/static/ui.js";

const LETTERS = "abcdef";
const SPECIAL = { 22: "Boogie", 21: "Tap-dance", 20: "Cha-cha-cha", 19: "Tango", 18: "Mambo",
  17: "Twist", 16: "Bolero", 5: "Mazurka", 4: "Macarena" };
const PIPS = {
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

// Choices in progress survive re-renders until the round or phase moves on.
let local = { key: null, selected: new Set(), first: [0, 1, 2], picked: null };

export function dieSvg(face, kind, size = 52) {
  // kind: "white" (coloured steps), "coloured" (white steps) or "tango"
  const fill = { white: "#fffaf0", coloured: "#7b1e3c", tango: "#d4a017" }[kind];
  const pip = { white: "#9b1b3a", coloured: "#fffaf0", tango: "#3b2314" }[kind];
  const svg = h("svg", { viewBox: "-26 -26 52 52", width: size, height: size, class: `die ${kind}` },
    h("rect", { x: -23, y: -23, width: 46, height: 46, rx: 9, fill, stroke: "#3b2314",
      "stroke-width": 1.6 }));
  if (face >= 1 && face <= 6) {
    for (const [x, y] of PIPS[face]) {
      svg.append(h("circle", { cx: x * 12, cy: y * 12, r: 4.6, fill: pip }));
    }
    svg.append(h("title", {}, `${face}`));
  } else {
    svg.append(h("text", { x: 0, y: 7, "text-anchor": "middle", "font-size": 20, fill: pip }, "?"));
  }
  return svg;
}

export function describe(value) {
  const rank = value >> 1;
  const name = SPECIAL[rank] || `${rank}`;
  return value & 1 ? `${name} (pure)` : name;
}

function danceValue(faces, dice, tango) {
  const sorted = [...faces].sort((a, b) => a - b);
  let rank = sorted[0] + sorted[1] + sorted[2];
  if (sorted[0] === sorted[2] && sorted[0] <= 3) rank = { 1: 22, 2: 21, 3: 20 }[sorted[0]];
  else if (tango && sorted.join() === [...tango].sort((a, b) => a - b).join()) rank = 19;
  const pure = dice.every((d) => d < 3) || dice.every((d) => d >= 3);
  return 2 * rank + (pure ? 1 : 0);
}

function kindOf(die) {
  return die < 3 ? "white" : "coloured";
}

function endurance(n) {
  const bar = h("span", { class: "endurance", title: `${n} endurance` });
  for (let i = 0; i < 10; i++) bar.append(h("i", { class: i < n ? "full" : "" }));
  return bar;
}

function playersPanel(obs, msg, live) {
  const list = h("div", { class: "dd-players" });
  obs.players.forEach((p, i) => {
    const acting = msg.current.includes(i);
    let note = "";
    if (!p.dancing) note = "out";
    else if (p.ready) note = "ready ✓";
    else if (live && acting && (obs.phase === "reroll" || obs.phase === "arrange")) {
      note = obs.you === i ? "your move" : "thinking…";
    }
    if (p.rerolled !== null && p.rerolled !== undefined && p.dancing) {
      note += `${note ? " · " : ""}re-rolled ${p.rerolled}`;
    }
    list.append(h("div", { class: `dd-player${p.dancing ? "" : " out"}${obs.you === i ? " me" : ""}`,
      "data-player": i },
      h("strong", {}, p.name, obs.you === i ? " (you)" : ""),
      endurance(p.endurance),
      h("span", { class: "num" }, p.endurance),
      h("small", { class: "muted" }, note)));
  });
  return list;
}

function judgingPanel(obs) {
  const last = obs.last_round;
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
        h("span", { class: "who" }, obs.players[p].name),
        h("span", { class: "mini-dice" }, dice.map((d) => dieSvg(perf.dice[d], kindOf(d), 22))),
        h("span", { class: "dance" }, describe(value), perf.rock ? " · Rock" : "", perf.gala ? " · Gala" : ""),
        h("span", { class: "verdict" }, ok ? "✓" : dance.lost.includes(Number(p)) ? "−1" : "·")));
    }
    panel.append(h("div", { class: "dance-col" }, h("h4", {}, index === 0 ? "First dance" : "Second dance"), track));
  });
  return panel;
}

function rerollControls(ctx, dice) {
  const box = h("div", { class: "dd-choose" },
    h("h2", {}, "Re-roll?"),
    h("p", { class: "muted" }, "Tap the dice you want to roll again (once per round), then confirm."));
  const row = h("div", { class: "dice-row screen" });
  dice.forEach((face, d) => {
    const chosen = local.selected.has(d);
    row.append(h("button", { class: `die-btn${chosen ? " chosen" : ""}`, "data-die": LETTERS[d],
      "aria-pressed": chosen ? "true" : "false",
      onclick: () => {
        if (local.selected.has(d)) local.selected.delete(d); else local.selected.add(d);
        ctx.rerender();
      } }, dieSvg(face, kindOf(d)), h("small", {}, LETTERS[d], chosen ? " ↻" : "")));
  });
  const picked = [...local.selected].sort();
  const text = picked.length ? `reroll ${picked.map((d) => LETTERS[d]).join(" ")}` : "keep";
  box.append(row, h("button", { class: "primary", id: "dd-confirm", onclick: () => ctx.move(text) },
    picked.length ? `Re-roll ${picked.length} ${picked.length === 1 ? "die" : "dice"}` : "Keep all dice"));
  return box;
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
  const rowOf = (dieList, label) => {
    const faces = dieList.map((d) => dice[d]);
    const row = h("div", { class: "dice-row drop", "data-row": label },
      h("span", { class: "row-label" }, label === "first" ? "First dance" : "Second dance",
        h("em", {}, describe(danceValue(faces, dieList, tango)))));
    row.addEventListener("dragover", (e) => e.preventDefault());
    for (const d of dieList) {
      const btn = h("button", { class: `die-btn${local.picked === d ? " chosen" : ""}`,
        "data-die": LETTERS[d], draggable: "true",
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
  const letters = [...first].sort().map((d) => LETTERS[d]).join(" ");
  return h("div", { class: "dd-choose" },
    h("h2", {}, "Arrange your two dances"),
    h("p", { class: "muted" }, "Tap a die, then a die in the other row, to swap them (or drag one onto the other)."),
    rowOf([...first].sort(), "first"), rowOf(second, "second"),
    h("button", { class: "primary", id: "dd-confirm", onclick: () => ctx.move(`first ${letters}`) },
      "Dance!"));
}

export function render(ctx) {
  const { board, msg } = ctx;
  const obs = msg.observation;
  const key = `${msg.meta.id}:${ctx.seat}:${obs.round}:${obs.phase}`;
  if (local.key !== key) local = { key, selected: new Set(), first: [0, 1, 2], picked: null };
  ctx.rerender = () => {
    board.replaceChildren();
    if (ctx.actions) ctx.actions.replaceChildren();
    if (ctx.more) ctx.more.replaceChildren();
    render(ctx);
  };

  const tango = obs.tango;
  board.append(h("div", { class: "dd-head" },
    h("div", { class: "dd-round" }, h("span", { class: "big" }, `Round ${obs.round}`),
      h("small", { class: "muted" }, `${obs.satisfactory} satisfactory per dance`)),
    h("div", { class: "dd-tango" }, h("small", {}, "Tango"),
      tango ? tango.map((f) => dieSvg(f, "tango", 34)) : h("em", { class: "muted" }, "not rolled"))));
  board.append(playersPanel(obs, msg, ctx.live));

  const me = obs.you !== null ? obs.players[obs.you] : null;
  const legal = msg.legal.map((a) => a.text);
  if (me && me.dice && me.dancing) {
    const acting = legal.length > 0;
    if (!acting || !ctx.actions) {
      const screen = h("div", { class: "dice-row screen", id: "my-dice" },
        h("span", { class: "row-label" }, "Behind your screen"),
        me.dice.map((f, d) => h("span", { class: "die-slot", "data-die": LETTERS[d] },
          dieSvg(f, kindOf(d)), h("small", {}, LETTERS[d]))));
      board.append(screen);
    }
    if (acting && ctx.actions) {
      if (obs.phase === "reroll") ctx.actions.append(rerollControls(ctx, me.dice));
      else if (obs.phase === "arrange") ctx.actions.append(arrangeControls(ctx, me.dice, tango));
    } else if (ctx.actions && obs.phase !== "over") {
      ctx.actions.append(h("p", { class: "muted waiting" }, me.ready
        ? "Your choice is in. Waiting for the other dancers…" : "The dice are rolling…"));
    }
  } else if (ctx.actions && obs.phase !== "over") {
    ctx.actions.append(h("p", { class: "muted" },
      me ? "You are out of the marathon; enjoy the show." : "You are watching. Dice stay behind the dancers' screens until the curtain rises."));
  }
  if (obs.phase === "over" && obs.winners) {
    board.append(h("div", { class: "banner" }, "★ ",
      obs.winners.map((p) => obs.players[p].name).join(" and "),
      obs.winners.length === 1 ? " is the Dance Champion!" : " share the title!"));
  }
  // Live, last round's judging goes under your dice so that they stay in view.
  const judging = judgingPanel(obs);
  if (judging) (ctx.more && obs.phase !== "over" ? ctx.more : board).append(judging);
  return true;
}
