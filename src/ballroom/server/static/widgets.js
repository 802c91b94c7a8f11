// Widgets the game views share: dice faces, tracks, hands of cards or tiles,
// and a card or tile that makes a move. They draw what a view hands them (a
// face, a count, the server's legal move); none knows a game's rules.

import { h } from "/static/ui.js";

const PIPS = {
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

// A six-sided die showing `face` (1-6; anything else is a hidden die, "?").
export function die(face, { fill = "#fffaf0", pip = "#3b2314", size = 52, cls = "" } = {}) {
  const svg = h("svg", { viewBox: "-26 -26 52 52", width: size, height: size, class: `die ${cls}`.trim() },
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

// A track's `count` boxes in a row: `on(i)` marks the filled ones with class
// `onClass` (an endurance bar, a turn track); `label(i)` and `title(i)` name a box.
export function track(count, { tag = "span", cls = null, on = () => false, onClass = "on",
  label = () => "", title = () => null } = {}) {
  return [...Array(count).keys()].map((i) => h(tag, {
    class: [cls, on(i) ? onClass : null].filter(Boolean).join(" ") || null,
    title: title(i) }, label(i)));
}

// A hand: a labelled group of cards or tiles ("none" when it is empty).
export function hand(label, items, name = null) {
  return h("div", { class: name ? `group ${name}` : "group", "data-group": name },
    h("small", { class: "group-label" }, label),
    items.length ? items : h("small", { class: "muted none" }, "none"));
}

// A card or tile: its name in bold and its text below.
export function card(cls, name, text, attrs = {}) {
  return h("div", { class: `tile ${cls}`, ...attrs }, h("strong", {}, name), h("small", {}, text));
}

// A card face down: only its back and what kind it is.
export function cardBack(what, title) {
  return h("div", { class: `tile back ${what}`, title, "data-back": what }, "❦");
}

// Makes `tile` play `move` (one of the seat's legal moves from the server) on
// a click or Enter; a tile that is no move (`move` undefined) stays as it is.
export function pick(tile, move, play) {
  if (!move) return tile;
  tile.classList.add("pick");
  tile.dataset.action = move.text;
  tile.setAttribute("role", "button");
  tile.setAttribute("tabindex", "0");
  tile.title = `click: ${move.text}`;
  tile.addEventListener("click", () => play(move));
  tile.addEventListener("keydown", (event) => { if (event.key === "Enter") play(move); });
  return tile;
}
