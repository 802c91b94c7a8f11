// The game log: every entry of the game (the server's own sentences), newest
// last, with filters by kind of entry, by player and by words. New entries are
// appended (not the whole list redrawn) and briefly marked as new.

import { h, clear } from "/static/ui.js";
import { flash } from "/static/motion.js";

// A kind id as words ("draw-power" -> "Draw power").
function kindLabel(kind) {
  const words = String(kind).replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// The seats an entry is about: its data's seat or player number, or a seat
// whose name the sentence says.
function seatsOf(event, names) {
  const found = new Set();
  for (const key of ["seat", "player"]) {
    if (Number.isInteger(event.data?.[key])) found.add(event.data[key]);
  }
  const text = event.text.toLowerCase();
  names.forEach((name, seat) => {
    if (name && new RegExp(`(^|[^\\w])${name.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\w])`)
      .test(text)) found.add(seat);
  });
  return [...found];
}

// A log panel: `panel.element` goes on the page, `panel.show(events, names)`
// shows a game's entries so far (`names`: the seats' names, for the player filter).
export function logPanel({ title = "Log" } = {}) {
  const list = h("ol", { class: "log", id: "log", tabindex: "0", "aria-label": "Game log" });
  const search = h("input", { type: "search", id: "log-search", placeholder: "Search the log",
    "aria-label": "Search the log" });
  const kind = h("select", { id: "log-kind", "aria-label": "Show entries of kind" });
  const player = h("select", { id: "log-player", "aria-label": "Show entries about player" });
  const count = h("small", { class: "muted log-count", id: "log-count", "aria-live": "polite" });
  const element = h("section", { class: "card log-card" },
    h("div", { class: "log-head" }, h("h2", {}, title), count),
    h("div", { class: "log-filters" }, search, kind, player),
    list);
  let shown = []; // the events drawn, in order
  let names = [];
  let kinds = new Map(); // kind -> how many

  function matches(li) {
    const words = search.value.trim().toLowerCase();
    if (kind.value && li.dataset.kind !== kind.value) return false;
    if (player.value !== "" && !li.dataset.seats.split(" ").includes(player.value)) return false;
    return !words || li.textContent.toLowerCase().includes(words);
  }

  function filter() {
    let visible = 0;
    for (const li of list.children) {
      const on = matches(li);
      li.hidden = !on;
      if (on) visible += 1;
    }
    const filtered = search.value.trim() || kind.value || player.value !== "";
    const entries = (n) => `${n} ${n === 1 ? "entry" : "entries"}`;
    count.textContent = filtered ? `${visible} of ${entries(shown.length)}` : entries(shown.length);
  }

  function drawKinds() {
    const chosen = kind.value;
    clear(kind);
    kind.append(h("option", { value: "" }, "All kinds"),
      ...[...kinds.entries()].sort((a, b) => kindLabel(a[0]).localeCompare(kindLabel(b[0])))
        .map(([k, n]) => h("option", { value: k }, `${kindLabel(k)} (${n})`)));
    kind.value = kinds.has(chosen) ? chosen : "";
  }

  function drawPlayers() {
    const chosen = player.value;
    clear(player);
    player.append(h("option", { value: "" }, "All players"),
      ...names.map((name, seat) => h("option", { value: String(seat) }, name)));
    player.value = chosen !== "" && Number(chosen) < names.length ? chosen : "";
  }

  // A full table's secret entry says who saw it at the time.
  function seenBy(event) {
    if (!event.seen_by) return null;
    const who = event.seen_by.map((seat) => names[seat] ?? `seat ${seat + 1}`).join(", ");
    return h("small", { class: "seen-by" }, who ? ` (secret, seen by ${who})` : " (secret, seen by nobody)");
  }

  function entry(event) {
    return h("li", { class: `ev ${event.kind}${event.seen_by ? " secret" : ""}`, "data-kind": event.kind,
      "data-seats": seatsOf(event, names).join(" ") }, event.text, seenBy(event));
  }

  for (const input of [search, kind, player]) input.addEventListener("input", filter);

  // Shows `events`; when they extend what is shown, only the new ones are added.
  function show(events, seatNames = []) {
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    const sameNames = seatNames.join("\n") === names.join("\n");
    names = seatNames;
    if (!sameNames) drawPlayers();
    const extends_ = sameNames && events.length >= shown.length
      && shown.every((e, i) => e === events[i]
        || (e.text === events[i].text && e.kind === events[i].kind && String(e.seen_by) === String(events[i].seen_by)));
    let fresh = [];
    if (!extends_) {
      clear(list);
      kinds = new Map();
      shown = [];
    }
    for (const event of events.slice(shown.length)) {
      const li = entry(event);
      list.append(li);
      kinds.set(event.kind, (kinds.get(event.kind) || 0) + 1);
      if (extends_) fresh.push(li);
    }
    shown = events.slice();
    drawKinds();
    filter();
    if (atBottom || !extends_) list.scrollTop = list.scrollHeight;
    // Only a handful of new entries are marked: a reconnect's whole history is not news.
    if (fresh.length <= 12) fresh.forEach((li) => flash(li));
    fresh = [];
  }

  return { element, list, show };
}
