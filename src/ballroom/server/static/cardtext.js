// A card's full text, as a play site shows it: hovering a card (a mouse), focusing it
// (the keyboard) or pressing on it (a long press on a phone) opens its whole text in a
// box at the foot of the screen; moving away, Escape or a tap elsewhere closes it. The
// views mark a card with `data-full` (its name, then its text, a line each), drawn from
// the faces the server serves; nothing here knows a game.

import { h } from "/static/ui.js";

export function cardText(table) {
  const box = h("aside", { class: "card-text hidden", id: "card-text", role: "status", "aria-live": "polite" });
  let pinned = false;
  const show = (el) => {
    const [name, ...lines] = el.dataset.full.split("\n");
    box.replaceChildren(h("strong", {}, name), ...lines.map((line) => h("p", {}, line)));
    box.classList.remove("hidden");
  };
  const hide = () => {
    pinned = false;
    box.classList.add("hidden");
  };
  const cardAt = (event) => event.target.closest?.("[data-full]");
  table.addEventListener("pointerover", (event) => {
    const el = cardAt(event);
    if (el && event.pointerType === "mouse") show(el);
  });
  table.addEventListener("pointerout", (event) => {
    const el = cardAt(event);
    if (el && !pinned && !el.contains(event.relatedTarget)) hide();
  });
  table.addEventListener("focusin", (event) => {
    const el = cardAt(event);
    if (el) show(el);
    else if (!pinned) hide();
  });
  table.addEventListener("contextmenu", (event) => {
    const el = cardAt(event);
    if (!el) return;
    event.preventDefault();
    pinned = true;
    show(el);
  });
  document.addEventListener("pointerdown", (event) => {
    if (pinned && !cardAt(event)) hide();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hide();
  });
  return box;
}
