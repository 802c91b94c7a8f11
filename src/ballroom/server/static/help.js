// The "How to play" panel: the game's own summary of its rulebook, served by
// /api/catalog/<game>/how-to-play (the game's data/how_to_play.toml), shown in
// a modal dialog. Sections that hold only under a rule option show when the
// options given (the lobby's form, or a game's set-up) choose one of their values.

import { h, toast } from "/static/ui.js";

const panels = new Map(); // game id -> the server's panel (a promise)

function panelOf(gameId) {
  if (!panels.has(gameId)) {
    panels.set(gameId, fetch(`/api/catalog/${gameId}/how-to-play`).then((r) => {
      if (!r.ok) throw new Error("This game has no How to play panel.");
      return r.json();
    }));
  }
  return panels.get(gameId);
}


// Paragraphs from blank-line-separated text; lines starting "- " make a list.
function body(text) {
  const out = [];
  for (const block of text.trim().split(/\n\s*\n/)) {
    const lines = block.split("\n");
    let words = [];
    let items = null;
    const flush = () => {
      if (words.length) out.push(h("p", {}, words.join(" ")));
      words = [];
    };
    for (const line of lines) {
      if (line.startsWith("- ")) {
        flush();
        items = items || [];
        items.push(line.slice(2));
      } else if (items && line.startsWith("  ")) {
        items[items.length - 1] += ` ${line.trim()}`;
      } else {
        if (items) out.push(h("ul", {}, items.map((item) => h("li", {}, item))));
        items = null;
        words.push(line.trim());
      }
    }
    flush();
    if (items) out.push(h("ul", {}, items.map((item) => h("li", {}, item))));
  }
  return out;
}

function applies(section, options) {
  if (!section.option || !options) return true;
  return section.values.includes(String(options[section.option]));
}

// Opens the dialog for `gameId`; `options` (name -> value) picks the sections
// of the rule options chosen, or null to show every section with its option named.
export async function openHowToPlay(gameId, options = null) {
  let panel;
  try {
    panel = await panelOf(gameId);
  } catch (error) {
    panels.delete(gameId);
    throw error;
  }
  document.getElementById("how-to-play")?.remove();
  const close = h("button", { class: "small", id: "how-to-play-close", "aria-label": "Close How to play" },
    "Close");
  const sections = panel.sections.filter((s) => applies(s, options));
  const dialog = h("dialog", { id: "how-to-play", class: "how-to-play", "aria-labelledby": "how-to-play-title" },
    h("div", { class: "htp-head" },
      h("h2", { id: "how-to-play-title" }, `How to play ${panel.name}`), close),
    h("p", { class: "muted htp-source" },
      `Our summary in our own words; each part names the section of the ${panel.rulebook} it comes from.`),
    sections.map((s) => h("section", { class: "htp-section", "data-title": s.title,
      "data-option": s.option || null },
    h("h3", {}, s.title),
    s.option && !options ? h("p", { class: "htp-option" },
      `Only with the rule option ${s.option}: ${s.values.join(" or ")}.`) : null,
    body(s.text),
    h("p", { class: "htp-rule" }, h("small", {}, `Rulebook: ${s.rule}`)))));
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => dialog.remove());
  // A click on the backdrop (outside the panel) closes it too.
  dialog.addEventListener("click", (event) => { if (event.target === dialog) dialog.close(); });
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
  return dialog;
}

// A "How to play" button; `gameId()` and `options()` are read when it is pressed.
export function howToPlayButton(gameId, options = () => null, attrs = {}) {
  const button = h("button", { type: "button", class: "help-button", id: "how-to-play-open", ...attrs },
    "How to play");
  button.addEventListener("click", async () => {
    try {
      await openHowToPlay(gameId(), options());
    } catch (error) {
      toast(error.message, "error");
    }
  });
  return button;
}
