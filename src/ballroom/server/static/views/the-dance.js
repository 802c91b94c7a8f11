// The Dance: the ballroom as SVG. Hexes, the waltz paths and arrows, the
// Sanctuaries with their seats, Dancers with their pips and symbols, the
// Avatars, the Server and the Tempo track, from the game's own component
// files and the observation this seat was sent. Steps and Influence targets
// are highlighted and clicked; every other move is a button below.

import { h } from "/static/ui.js";
import { renderActions, tree } from "/static/views/generic.js";

const load = (name) => fetch(`/api/catalog/the-dance/data/${name}`).then((r) => r.json());
const [ballroom, dancerFile, avatarFile, refreshmentFile, powerFile] = await Promise.all(
  ["ballroom", "dancers", "avatars", "refreshments", "powers"].map(load));

const S = 22;
const SQ3 = Math.sqrt(3);
const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
const DIR_NAMES = ["e", "ne", "nw", "w", "sw", "se"];
const DOMAINS = ["extortion", "corruption", "subjugation", "confidence"];
const COLOURS = { plum: "#8e4585", grey: "#7d7d86", crimson: "#b3203a", emerald: "#1f8a5b",
  gold: "#c99a12", azure: "#2a7fc1" };
const SYMBOLS = { rose: "#e0567a", lily: "#f2f2f2", ivy: "#3f9b4f", sun: "#f3c21c", moon: "#9fb3d9" };

const slug = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim().split(/\s+/).join("-");
const key = (q, r) => `${q},${r}`;

// The floor, indexed as the engine indexes it: floor hexes sorted by (r, q).
const pathHexes = ballroom.paths.map((p) => p.hexes.map(([q, r]) => key(q, r)));
const arrowTo = new Map(ballroom.arrows.map((a) => [key(...a.from), key(...a.to)]));
const floorKeys = new Set([...pathHexes.flat(), ...arrowTo.keys()]);
const hexes = [...floorKeys].map((k) => k.split(",").map(Number)).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
const indexOf = new Map(hexes.map(([q, r], i) => [key(q, r), i]));
const centre = ([q, r]) => [S * SQ3 * (q + r / 2), S * 1.5 * r];
const dancers = dancerFile.dancers.map((d) => ({ ...d, slug: slug(d.name) }));
const avatars = avatarFile.avatars;
const sanctuaries = ballroom.sanctuaries;

function hexPoints([x, y], size = S) {
  return [...Array(6).keys()].map((i) => {
    const a = (Math.PI / 180) * (60 * i - 30);
    return `${(x + size * Math.cos(a)).toFixed(1)},${(y + size * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
}

function arrowLine(from, to, colour, cls) {
  const [x1, y1] = centre(from);
  const [x2, y2] = centre(to);
  const f = 0.22;
  return h("line", { x1: x1 + (x2 - x1) * f, y1: y1 + (y2 - y1) * f, x2: x1 + (x2 - x1) * 0.62,
    y2: y1 + (y2 - y1) * 0.62, stroke: colour, "stroke-width": 1.6, "marker-end": `url(#${cls})`,
    class: cls });
}

function board(ctx) {
  const obs = ctx.msg.observation;
  const legal = ctx.msg.legal.map((a) => a.text);
  const me = obs.current;
  const svg = h("svg", { viewBox: "-262 -222 524 444", class: "dance-board", id: "dance-board",
    role: "img", "aria-label": "the ballroom" });
  svg.append(h("defs", {},
    h("marker", { id: "waltz", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto" },
      h("path", { d: "M0,0 L10,5 L0,10 z", fill: "#a07a1c" })),
    h("marker", { id: "drift", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto" },
      h("path", { d: "M0,0 L10,5 L0,10 z", fill: "#9b8f80" }))));

  const onPath = new Set(pathHexes.flat());
  const servers = ballroom.server_hexes.map(([q, r]) => key(q, r));
  const entries = new Map(sanctuaries.map((s, i) => [key(...s.entry), i]));
  for (const hex of hexes) {
    const k = key(...hex);
    const sanctuary = entries.get(k);
    svg.append(h("polygon", { points: hexPoints(centre(hex), S - 0.8), class: "hex",
      fill: onPath.has(k) ? "#f3e2b8" : "#fbf5ea",
      stroke: sanctuary !== undefined ? COLOURS[sanctuaries[sanctuary].colour] || "#999" : "#dccbb0",
      "stroke-width": sanctuary !== undefined ? 3 : 1, "data-hex": indexOf.get(k) }));
    const server = servers.indexOf(k);
    if (server >= 0) {
      const [x, y] = centre(hex);
      svg.append(h("text", { x: x + 9, y: y - 8, class: "server-number" }, server + 1));
    }
  }
  for (const path of pathHexes) {
    path.forEach((k, i) => svg.append(arrowLine(k.split(",").map(Number),
      path[(i + 1) % path.length].split(",").map(Number), "#a07a1c", "waltz")));
  }
  for (const [from, to] of arrowTo) {
    svg.append(arrowLine(from.split(",").map(Number), to.split(",").map(Number), "#9b8f80", "drift"));
  }

  // Sanctuary tables just off the floor, with their five seats.
  sanctuaries.forEach((s, i) => {
    const [x, y] = centre(s.entry);
    const len = Math.hypot(x, y) || 1;
    const [tx, ty] = [x + (x / len) * S * 1.9, y + (y / len) * S * 1.9];
    const family = obs.families.findIndex((f) => f.sanctuary === i);
    const seated = family >= 0 ? obs.families[family].seated : [];
    const colour = COLOURS[s.colour] || "#888";
    const table = h("g", { class: "sanctuary", "data-sanctuary": s.colour },
      h("circle", { cx: tx, cy: ty, r: S * 0.95, fill: colour, opacity: 0.18, stroke: colour, "stroke-width": 2 }),
      h("title", {}, `${s.colour} Sanctuary${family >= 0 ? ` (${avatars[obs.families[family].avatar].family})` : ""}: ${seated.length} of ${s.seats} seated`));
    for (let seat = 0; seat < s.seats; seat++) {
      const a = (2 * Math.PI * seat) / s.seats - Math.PI / 2;
      const d = seated[seat];
      table.append(h("circle", { cx: tx + Math.cos(a) * S * 0.6, cy: ty + Math.sin(a) * S * 0.6, r: 4.5,
        fill: d !== undefined ? SYMBOLS[dancers[d].symbol] || "#555" : "#fff", stroke: colour, "stroke-width": 1.2 }));
    }
    svg.append(table);
  });

  // Legal steps of the acting Avatar.
  const stepTargets = new Map();
  if (me >= 0 && me === ctx.seat) {
    const pos = obs.families[me].pos;
    if (pos >= 0) {
      const [q, r] = hexes[pos];
      DIR_NAMES.forEach((name, i) => {
        if (legal.includes(`step ${name}`)) {
          const target = indexOf.get(key(q + DIRS[i][0], r + DIRS[i][1]));
          if (target !== undefined) stepTargets.set(target, `step ${name}`);
        }
      });
    }
  }
  for (const [target, text] of stepTargets) {
    svg.append(h("polygon", { points: hexPoints(centre(hexes[target]), S - 2), class: "target",
      "data-action": text, onclick: () => ctx.move(text) }, h("title", {}, text)));
  }

  // Dancers: symbol colour inside, influencing family's colour around.
  obs.dancer_pos.forEach((pos, d) => {
    if (pos < 0) return;
    const [x, y] = centre(hexes[pos]);
    const dancer = dancers[d];
    const owner = obs.dancer_influence[d];
    const ring = owner >= 0 ? COLOURS[sanctuaries[obs.families[owner].sanctuary]?.colour] || "#333" : "#6b5646";
    const targetText = ["influence", "cut-in"].map((v) => `${v} ${dancer.slug}`).find((t) => legal.includes(t));
    const pips = DOMAINS.map((dom) => `${dom} ${dancer.pips[dom] ?? 0}`).join(", ");
    const g = h("g", { class: `dancer${targetText ? " target-dancer" : ""}`, "data-dancer": dancer.slug,
      onclick: targetText ? () => ctx.move(targetText) : null },
      h("circle", { cx: x, cy: y, r: S * 0.58, fill: SYMBOLS[dancer.symbol] || "#ccc", stroke: ring,
        "stroke-width": owner >= 0 ? 4 : 1.5 }),
      h("text", { x, y: y + 4, class: "dancer-label" }, dancer.name.split(" ").map((w) => w[0]).join("").slice(0, 2)),
      h("title", {}, `${dancer.name} (${dancer.symbol}): ${pips}; negates ${dancer.negates.join(", ") || "nothing"}` +
        (owner >= 0 ? `; ${obs.dancer_dominated[d] ? "Dominated" : "Influenced"} by ${avatars[obs.families[owner].avatar].family}` : "") +
        (targetText ? ` — click: ${targetText}` : "")));
    if (obs.dancer_dominated[d]) {
      g.append(h("circle", { cx: x, cy: y, r: S * 0.78, fill: "none", stroke: ring, "stroke-width": 1.5,
        "stroke-dasharray": "3 2" }));
    }
    svg.append(g);
  });

  // Avatars and the Server.
  obs.families.forEach((f, q) => {
    if (f.pos < 0 || f.avatar < 0) return;
    const [x, y] = centre(hexes[f.pos]);
    const colour = COLOURS[sanctuaries[f.sanctuary]?.colour] || "#333";
    svg.append(h("g", { class: `avatar${q === me ? " acting" : ""}`, "data-family": q },
      h("rect", { x: x - 11, y: y - 11, width: 22, height: 22, rx: 4, transform: `rotate(45 ${x} ${y})`,
        fill: colour, stroke: q === me ? "#ffd34d" : "#fff", "stroke-width": q === me ? 3 : 1.5 }),
      h("text", { x, y: y + 4, class: "avatar-label" }, avatars[f.avatar].short[0]),
      h("title", {}, `${avatars[f.avatar].name}${f.foiled ? " (Foiled)" : ""}`)));
  });
  if (obs.server >= 0) {
    const [x, y] = centre(hexes[obs.server]);
    svg.append(h("g", { class: "server-token" },
      h("rect", { x: x - 7, y: y - 7, width: 14, height: 14, rx: 3, fill: "#fff", stroke: "#3b2314" }),
      h("text", { x, y: y + 4, class: "server-label" }, "S"), h("title", {}, "the Server")));
  }
  return svg;
}

function tempoTrack(obs) {
  const boxes = ballroom.tempo.boxes;
  return h("div", { class: "tempo", id: "tempo" }, h("small", {}, "Tempo"),
    [...Array(boxes).keys()].map((i) => h("span", {
      class: `tempo-box${obs.tempo === i + 1 ? " on" : ""}`,
      title: i + 1 === ballroom.tempo.refreshment_box ? "refreshments" : `box ${i + 1}` },
    i + 1 === ballroom.tempo.refreshment_box ? "☕" : String(i + 1))));
}

function familiesPanel(obs, meta) {
  return h("div", { class: "families" }, obs.families.map((f, q) => {
    const colour = f.sanctuary >= 0 ? COLOURS[sanctuaries[f.sanctuary].colour] : "#999";
    const name = f.avatar >= 0 ? avatars[f.avatar].name : meta.seats[q]?.name || `Player ${q + 1}`;
    return h("div", { class: `family${obs.you === q ? " me" : ""}${obs.current === q ? " acting" : ""}` },
      h("span", { class: "swatch", style: `background:${colour}` }),
      h("strong", {}, name),
      h("small", { class: "muted" },
        `${f.seated.length} seated · ${f.refreshment_count} refreshments · ${f.power_count} powers` +
        (f.plan !== null && f.plan !== undefined ? " · plan known" : f.has_plan ? " · secret plan" : "") +
        (f.foiled ? " · Foiled" : "")));
  }));
}

// The chance of an Influence roll: a d6 must show at most the target number
// (Avatar rating + Dancer pips + Refreshments spent); Domination is a natural 1
// (or, with domination=margin-three, three under the target; Overwhelming: always).
function chances(obs, meta, domain) {
  const effort = obs.effort;
  const family = obs.families[obs.current];
  const dancer = dancers[effort.target];
  const refreshments = refreshmentFile.refreshments;
  const target = (avatars[family.avatar].ratings[domain] ?? 0) + (dancer.pips[domain] ?? 0) +
    effort.used.reduce((sum, k) => sum + (refreshments[k]?.pips ?? 0), 0);
  const success = Math.max(0, Math.min(6, target)) / 6;
  const overwhelming = (family.powers || []).some((w) => powerFile.powers[w]?.id === "overwhelming");
  const margin = meta.options.domination === "margin-three";
  const dominate = overwhelming ? success
    : margin ? Math.max(0, Math.min(6, target - 3)) / 6 : target >= 1 ? 1 / 6 : 0;
  const pct = (x) => `${Math.round(x * 100)}%`;
  return { target, text: `roll ≤ ${target}: success ${pct(success)}, Domination ${pct(dominate)}` };
}

function influenceOdds(obs, msg) {
  const effort = obs.effort;
  if (effort.kind !== 0 || effort.target < 0 || !dancers[effort.target] || obs.current < 0) return null;
  const family = obs.families[obs.current];
  if (!family || family.avatar < 0) return null;
  const dancer = dancers[effort.target];
  if (obs.phase === "domain") {
    const offered = msg.legal.map((a) => a.text).filter((t) => t.startsWith("domain "));
    const shown = offered.length ? offered.map((t) => t.slice(7)) : DOMAINS.filter((d) => !dancer.negates.includes(d));
    return h("div", { class: "effort", id: "odds" }, h("strong", {}, `Influencing ${dancer.name}: chances by Domain`),
      h("ul", {}, shown.map((d) => h("li", {}, `${d}: ${chances(obs, msg.meta, d).text}`))));
  }
  if ((obs.phase === "refreshment" || obs.phase === "post-roll") && effort.domain >= 0) {
    const line = chances(obs, msg.meta, DOMAINS[effort.domain]).text;
    return h("div", { class: "effort", id: "odds" },
      `Influencing ${dancer.name} in ${DOMAINS[effort.domain]}: ${line}`,
      obs.phase === "post-roll" && effort.roll ? ` · the die shows ${effort.roll}` : "");
  }
  return null;
}

export function render(ctx) {
  const obs = ctx.msg.observation;
  const head = h("div", { class: "dance-head" },
    h("div", {}, h("span", { class: "big" }, `Turn ${obs.turn}`),
      h("small", { class: "muted" }, ` · ${obs.phase.replaceAll("-", " ")}`)),
    tempoTrack(obs));
  ctx.board.append(head, board(ctx), familiesPanel(obs, ctx.msg.meta),
    h("details", { class: "raw" }, h("summary", {}, obs.you === null ? "Everything on the table" : "Everything your family sees (hand, Plan, Powers)"), tree(obs)));
  const odds = influenceOdds(obs, ctx.msg);
  if (ctx.actions && odds) ctx.actions.append(odds);
  if (ctx.actions) renderActions(ctx);
  return true;
}
