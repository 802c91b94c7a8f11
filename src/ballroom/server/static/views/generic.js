// The view every game gets: the observation as a readable tree and the
// legal actions as buttons. Games with their own view module may still use
// renderActions for moves their picture does not cover.

import { h } from "/static/ui.js";

export function tree(value, depth = 0) {
  if (value === null || value === undefined) return h("span", { class: "v-null" }, "—");
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) {
      return h("span", { class: "v-list" }, value.map((v) => (v === null ? "—" : String(v))).join(", ") || "(none)");
    }
    return h("ol", { class: "tree", start: 0 }, value.map((v) => h("li", {}, tree(v, depth + 1))));
  }
  if (typeof value === "object") {
    return h("dl", { class: "tree" }, Object.entries(value).flatMap(([k, v]) => [
      h("dt", {}, k), h("dd", {}, tree(v, depth + 1))]));
  }
  return h("span", { class: `v-${typeof value}` }, String(value));
}

export function renderActions(ctx) {
  if (!ctx.actions) return;
  const legal = ctx.msg.legal;
  if (!legal.length) {
    const over = ctx.meta && ctx.meta.status !== "playing";
    ctx.actions.append(h("p", { class: "muted" }, over ? "The game is over."
      : ctx.seat === null ? "You are watching." : "Nothing to do until it is your move."));
    return;
  }
  // Each move comes with the game's words for it (move.label); a view may name it
  // otherwise (ctx.label(move)). ctx.move gets the text and the move.
  const label = ctx.label || ((move) => move.label || move.text);
  const buttons = h("div", { class: "legal", id: "legal" });
  const draw = (filter) => {
    const wanted = filter.toLowerCase();
    buttons.replaceChildren(...legal
      .filter((a) => !wanted || a.text.includes(wanted) || label(a).toLowerCase().includes(wanted))
      .map((a) => h("button", { class: `action${ctx.label ? " named" : ""}`, "data-action": a.text, title: a.label || label(a),
        onclick: () => ctx.move(a.text, a) }, label(a))));
  };
  ctx.actions.append(h("h2", {}, "Your moves"));
  if (legal.length > 24) {
    const search = h("input", { type: "search", placeholder: "filter moves", class: "filter" });
    search.addEventListener("input", () => draw(search.value.trim()));
    ctx.actions.append(search);
  }
  ctx.actions.append(buttons);
  draw("");
}

export function render(ctx) {
  ctx.board.append(h("h2", {}, ctx.seat === null ? "The table" : "What you see"), tree(ctx.msg.observation));
  return false;
}
