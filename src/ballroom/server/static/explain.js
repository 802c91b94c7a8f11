// The learning aids the server computes (ballroom.core.explain), drawn on the game page:
// the "what to do now" line above the moves, each move's help on hover and focus,
// the live scores, the "Why can't I…?" picker and the end screen's score breakdown.
// Every word here comes from the server; no rule is written in this file.

import { h } from "/static/ui.js";

let styled = false;

function style() {
  if (styled) return;
  styled = true;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/explain.css" }));
}

// A score as a number is written: a negative one with the minus sign (not a hyphen).
const number = (n) => (typeof n === "number" && n < 0 ? `\u2212${-n}` : String(n));
const seatName = (meta, seat) => meta.seats[seat]?.name || `Player ${seat + 1}`;

// A move's help in one line: what it does (as a sentence), and the rule with its
// rulebook section.
export function helpText(help) {
  const effect = help.effect.charAt(0).toUpperCase() + help.effect.slice(1);
  return `${effect}. ${help.rule} (rulebook: ${help.section})`;
}

// The final scores, seat by seat as the rules count them, and what decided first place.
export function outcomeBreakdown(meta) {
  const explained = meta.result?.explained;
  if (!explained) return null;
  style();
  const rows = explained.seats.map((row) => h("tr", { "data-seat": row.seat },
    h("th", { scope: "row" }, seatName(meta, row.seat)),
    h("td", { class: "ex-score" }, number(row.score)),
    h("td", {}, h("ul", { class: "ex-parts" },
      row.parts.map(([label, value]) => h("li", { class: "ex-part" }, `${label}: ${value}`)))),
    h("td", { class: "ex-sum" }, row.sum || "")));
  return h("div", { class: "ex-outcome", id: "outcome" },
    h("p", { class: "ex-decided", id: "outcome-decided" }, explained.decided),
    h("table", { class: "ex-breakdown", id: "breakdown" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Score"),
        h("th", { scope: "col" }, "From"), h("th", { scope: "col" }, "How it adds up"))),
      h("tbody", {}, rows)),
    h("p", { class: "muted ex-rule" }, `${explained.rule} (rulebook: ${explained.section})`));
}

function livePanel(meta, scores) {
  return h("section", { class: "ex-scores", id: "live-scores", "aria-label": "Scores" },
    h("h2", {}, "Scores so far"),
    h("ul", {}, scores.map((row) => h("li", { "data-seat": row.seat },
      h("strong", {}, `${seatName(meta, row.seat)}: ${number(row.score)}`), " ",
      h("small", { class: "muted" }, row.sum || row.parts.map(([l, v]) => `${l} ${v}`).join(", "))))));
}

// Each element that plays a legal move (data-action: its text) gets its help as a
// tooltip, a description for screen readers, and the help line below the moves on
// hover, keyboard focus or a long press.
function helpOnMoves(ctx, line) {
  const byText = new Map(ctx.msg.legal.filter((m) => m.help).map((m) => [m.text, m.help]));
  if (!byText.size) return;
  const show = (el) => {
    const help = byText.get(el.dataset.action);
    if (help) line.textContent = helpText(help);
  };
  for (const root of [ctx.board, ctx.actions, ctx.more]) {
    if (!root) continue;
    for (const el of root.querySelectorAll("[data-action]")) {
      const help = byText.get(el.dataset.action);
      if (!help) continue;
      el.title = helpText(help);
      el.setAttribute("aria-description", helpText(help));
      el.dataset.help = help.effect;
      el.addEventListener("focus", () => show(el));
      el.addEventListener("pointerenter", () => show(el));
      el.addEventListener("contextmenu", (event) => { // a long press on a touch screen
        event.preventDefault();
        show(el);
      });
    }
  }
}

async function ask(gameId, token, seat, query) {
  const params = new URLSearchParams({ seat: String(seat), ...query });
  const response = await fetch(`/api/games/${gameId}/why-not?${params}`, {
    headers: { "x-ballroom-token": token } });
  const body = await response.json();
  if (!response.ok) throw new Error(body.detail || body.error || response.statusText);
  return body;
}

const menus = new Map(); // game id -> the families one may ask about
// The picker as the player left it, so that a new frame (another seat's move) redraws it
// open, with the question and the answer still there.
const asked = { key: null, open: false, family: null, param: "", answer: null };

// The "Why can't I…?" picker: a family (and a parameter where it names one), and the
// server's answer with the rule and its section.
function whyNot(ctx, gameId, token) {
  const key = `${gameId}:${ctx.seat}`;
  if (asked.key !== key) Object.assign(asked, { key, open: false, family: null, param: "", answer: null });
  const box = h("details", { class: "ex-why card", id: "why-not" },
    h("summary", {}, "Why can't I…?"));
  const family = h("select", { id: "why-family", "aria-label": "the move you expected" });
  const param = h("select", { id: "why-param", "aria-label": "which one", class: "hidden" });
  const answer = h("p", { id: "why-answer", role: "status", "aria-live": "polite" });
  const fill = (menu) => {
    family.replaceChildren(...menu.map((f) => h("option", { value: f.family }, f.name)));
    const params = () => {
      const chosen = menu.find((f) => f.family === family.value);
      const first = chosen?.params[0];
      param.classList.toggle("hidden", !first);
      param.dataset.name = first ? first.name : "";
      param.replaceChildren(h("option", { value: "" }, "any"),
        ...(first ? first.values.map(([value, label]) => h("option", { value }, label)) : []));
    };
    family.onchange = () => { asked.family = family.value; params(); };
    if (asked.family) family.value = asked.family;
    params();
    param.value = asked.param;
    param.onchange = () => { asked.param = param.value; };
  };
  const submit = h("button", { id: "why-ask", onclick: async () => {
    const named = param.value ? { [param.dataset.name]: param.value } : {};
    try {
      const found = await ask(gameId, token, ctx.seat,
        { family: family.value, params: JSON.stringify(named) });
      answer.replaceChildren(h("strong", {}, found.offered ? "It is offered. " : "Not now. "),
        found.answer, h("small", { class: "muted" }, ` (rulebook: ${found.section})`));
      asked.answer = answer.cloneNode(true);
    } catch (error) {
      answer.textContent = error.message;
    }
  } }, "Ask");
  box.append(h("div", { class: "ex-why-row" }, family, param, submit), answer);
  if (asked.answer) answer.replaceChildren(...asked.answer.cloneNode(true).childNodes);
  const load = async () => {
    if (family.options.length) return;
    try {
      if (!menus.has(gameId)) menus.set(gameId, (await ask(gameId, token, ctx.seat, {})).menu);
      fill(menus.get(gameId));
    } catch (error) {
      answer.textContent = error.message;
    }
  };
  box.addEventListener("toggle", () => {
    asked.open = box.open;
    if (box.open) load();
  });
  if (asked.open) {
    box.open = true;
    load();
  }
  return box;
}

// After a view drew the page: the prompt above the moves, help on the moves, the
// live scores and, for a seated player during play, the "Why can't I…?" picker.
export function decorate(ctx, { gameId, token }) {
  const aids = ctx.msg.aids;
  if (!aids || !ctx.actions) return;
  style();
  // A view that redraws itself (a die picked) clears the moves: decorate them again.
  if (ctx.rerender && !ctx.rerender.decorated) {
    const redraw = ctx.rerender;
    ctx.rerender = () => {
      redraw();
      decorate(ctx, { gameId, token });
    };
    ctx.rerender.decorated = true;
  }
  const playing = ctx.meta.status === "playing";
  if (aids.prompt && playing) {
    ctx.actions.prepend(h("p", { class: "ex-prompt", id: "prompt" }, aids.prompt));
  }
  const line = h("p", { class: "ex-help muted", id: "move-help", "aria-live": "polite" });
  if (ctx.msg.legal.length) {
    ctx.actions.append(line);
    helpOnMoves(ctx, line);
  }
  if (aids.scores && playing) ctx.board.append(livePanel(ctx.meta, aids.scores));
  if (playing && ctx.seat !== null && token) ctx.actions.append(whyNot(ctx, gameId, token));
}
