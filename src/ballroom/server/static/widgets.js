// Widgets the game views share: dice faces, tracks, cards, hands, face-up rows,
// tableaus, score tracks, and a card or tile that makes a move. They draw what
// a view hands them (a face, a count, a score, the server's legal move); none
// knows a game's rules, and none is shown more than the seat's observation holds.

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

// A card or tile: its name in bold and its text below; its full text (`data-full`)
// opens on hover, focus or a long press (cardtext.js).
export function card(cls, name, text, attrs = {}) {
  return h("div", { class: `tile ${cls}`, "data-full": [name, text].filter(Boolean).join("\n"), ...attrs },
    h("strong", {}, name), h("small", {}, text));
}

// A card face down: only its back and what kind it is.
export function cardBack(what, title) {
  return h("div", { class: `tile back ${what}`, title, "data-back": what }, "❦");
}

// A seat's hand as the viewer may see it: face up for its owner (`cards`, the
// tiles a view made with `card`), otherwise `count` backs of kind `back`
// (titled `hidden`). The label says how many cards it holds either way, which
// every seat may know.
export function heldHand(label, { cards = null, count = 0, back = "card", hidden = `a hidden ${back}`,
  name = null } = {}) {
  const items = cards ?? Array.from({ length: count }, () => cardBack(back, hidden));
  const group = hand(`${label} (${items.length})`, items, name);
  group.classList.add(cards ? "face-up" : "face-down");
  group.dataset.count = String(items.length);
  return group;
}

// A face-up row (a market, the cards on offer): every seat sees the same cards
// in the same places; a `null` place is an empty slot, shown as one.
export function faceUpRow(label, cards, name = null) {
  return h("div", { class: "row", "data-row": name }, h("small", { class: "group-label" }, label),
    h("div", { class: "row-slots" }, cards.map((item, i) => h("div", {
      class: item ? "slot" : "slot empty", "data-slot": i,
      title: item ? null : "an empty place" }, item))));
}

// A tableau: the cards a seat has in play, in labelled columns (`columns`:
// `[label, cards]` pairs, e.g. by kind), as everyone at the table sees them.
export function tableau(owner, columns, name = null) {
  return h("div", { class: "tableau", "data-tableau": name },
    h("small", { class: "group-label" }, owner),
    h("div", { class: "tableau-columns" }, columns.map(([label, cards]) => h("div", {
      class: "tableau-column", "data-column": label },
    h("small", { class: "muted" }, `${label} (${cards.length})`), cards))));
}

// A score track of `length` boxes numbered from 0, with each seat's marker in
// the box of its score (`scores[seat]`); a score past the end goes round again,
// and its marker says how many times it has (a 0-49 track, "+50").
export function scoreTrack(scores, { length, names = [], colours = [] }) {
  const markers = scores.map((score, seat) => {
    const laps = Math.floor(score / length);
    return { seat, box: score % length, lap: laps ? `+${laps * length}` : "", score };
  });
  return h("div", { class: "score-track", role: "list" }, [...Array(length).keys()].map((box) => h("span", {
    class: "score-box", "data-box": box, role: "listitem" },
  h("small", {}, String(box)),
  markers.filter((m) => m.box === box).map((m) => h("span", {
    class: "marker", "data-seat": m.seat, "data-score": m.score,
    style: colours[m.seat] ? `background:${colours[m.seat]}` : null,
    title: `${names[m.seat] ?? `Player ${m.seat + 1}`}: ${m.score}` }, m.lap)))));
}

// Makes `tile` play `move` (one of the seat's legal moves from the server) on
// a click, Enter or Space; a tile that is no move (`move` undefined) stays as it is.
export function pick(tile, move, play) {
  if (!move) return tile;
  tile.classList.add("pick");
  tile.dataset.action = move.text;
  tile.setAttribute("role", "button");
  tile.setAttribute("tabindex", "0");
  tile.title = move.label || move.text;
  tile.addEventListener("click", () => play(move));
  tile.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    play(move);
  });
  return tile;
}
