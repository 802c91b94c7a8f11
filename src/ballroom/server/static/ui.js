// Tiny DOM helpers shared by the pages and the game views.

export function h(tag, attrs = {}, ...children) {
  const svg = ["svg", "g", "rect", "circle", "path", "polygon", "line", "text", "polyline",
    "defs", "marker", "title", "ellipse"].includes(tag);
  const el = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag)
    : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "class" && !svg) el.className = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
}

let toastTimer = null;

export function toast(text, kind = "info") {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.className = `show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.className = ""; }, kind === "error" ? 6000 : 3000);
}
