// The Dance: the ballroom as SVG. Hexes, the waltz paths and arrows, the
// Sanctuaries with their seats, Dancers with their pips and symbols, the
// Avatars, the Server and the Tempo track, from the game's own component
// files and the observation this seat was sent. Steps and Influence targets
// are highlighted and clicked; every other move is a button below. Odds are
// the engine's (each legal move's hint); choosing a target to roll against
// shows them and asks to confirm or go back before anything is sent. Moves
// are found and named by their structured form (family and parameters), never
// by reading their text. Served by the server from this package as
// /games/the-dance/view.js.

import { find, ofFamily } from "/static/moves.js";
import { h } from "/static/ui.js";
import { renderActions } from "/static/views/generic.js";
import { card, cardBack, hand, heldHand, pick, track } from "/static/widgets.js";

const load = (name) => fetch(`/api/catalog/the-dance/data/${name}`).then((r) => r.json());
const [ballroom, dancerFile, avatarFile, refreshmentFile, powerFile, planFile] = await Promise.all(
  ["ballroom", "dancers", "avatars", "refreshments", "powers", "plans"].map(load));

const S = 22;
const SQ3 = Math.sqrt(3);
const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
const DIR_NAMES = ["e", "ne", "nw", "w", "sw", "se"];
const DOMAINS = ["extortion", "corruption", "subjugation", "confidence"];
const COLOURS = { plum: "#8e4585", grey: "#7d7d86", crimson: "#b3203a", emerald: "#1f8a5b",
  gold: "#c99a12", azure: "#2a7fc1" };
const SYMBOLS = { rose: "#e0567a", lily: "#f2f2f2", ivy: "#3f9b4f", sun: "#f3c21c", moon: "#9fb3d9" };

const slug = (name) => name.toLowerCase().replace(/'/g, "").replace(/[^a-z0-9]+/g, " ").trim().split(/\s+/).join("-");
const key = (q, r) => `${q},${r}`;
// A Dancer's mark on her counter: the first letters of her name's first two words.
const initials = (name) => name.split(" ").map((w) => w[0]).join("").slice(0, 2);
// Seats by the names the server gives them: the family once its Avatar is chosen.
const seatName = (meta, q) => meta.seats[q]?.name || `seat ${q + 1}`;

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
  const legal = ctx.msg.legal;
  const me = obs.current;
  const svg = h("svg", { viewBox: "-262 -222 524 444", class: "dance-board", id: "dance-board",
    role: "group", "aria-label": "the ballroom" });
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
      h("title", {}, `${s.colour} Sanctuary${family >= 0 ? ` (${seatName(ctx.msg.meta, family)})` : ""}: ${seated.length} of ${s.seats} seated`));
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
        const step = find(legal, "step", { direction: name });
        const target = indexOf.get(key(q + DIRS[i][0], r + DIRS[i][1]));
        if (step && target !== undefined) stepTargets.set(target, step);
      });
    }
  }
  for (const [target, step] of stepTargets) {
    const { text } = step;
    svg.append(h("polygon", { points: hexPoints(centre(hexes[target]), S - 0.8), class: "target",
      "data-action": text, role: "button", "aria-label": moveLabel(step), onclick: () => ctx.move(text) },
    h("title", {}, moveLabel(step))));
  }

  // Dancers: symbol colour inside, influencing family's colour around; a ring on
  // the one an Influence effort is aimed at while its Domain, Refreshment and roll are settled.
  const effortOn = obs.effort.kind === 0 && ["domain", "refreshment", "roll", "post-roll"].includes(obs.phase);
  obs.dancer_pos.forEach((pos, d) => {
    if (pos < 0) return;
    const [x, y] = centre(hexes[pos]);
    const dancer = dancers[d];
    const owner = obs.dancer_influence[d];
    const ring = owner >= 0 ? COLOURS[sanctuaries[obs.families[owner].sanctuary]?.colour] || "#333" : "#6b5646";
    const target = find(legal, "influence", { dancer: dancer.slug }) || find(legal, "cut-in", { partner: dancer.slug });
    const targetText = target?.text;
    const pips = DOMAINS.map((dom) => `${dom} ${dancer.pips[dom] ?? 0}`).join(", ");
    // The whole hex answers a tap, so that the target is as large as the floor allows.
    const g = h("g", { class: `dancer${targetText ? " target-dancer" : ""}`, "data-dancer": dancer.slug,
      role: "button", tabindex: 0,
      onclick: target ? () => ctx.choose(target) : () => ctx.inspect?.(d),
      onkeydown: (event) => { if (event.key === "Enter") event.currentTarget.dispatchEvent(new Event("click")); } },
      h("polygon", { points: hexPoints([x, y], S - 0.8), class: "hit", fill: "transparent" }),
      h("circle", { cx: x, cy: y, r: S * 0.58, fill: SYMBOLS[dancer.symbol] || "#ccc", stroke: ring,
        "stroke-width": owner >= 0 ? 4 : 1.5, class: "body" }),
      h("text", { x, y: y + 4, class: "dancer-label" }, initials(dancer.name)),
      // Her name (with the mark shown on her counter) and counter, as the button's name.
      h("title", {}, `${dancer.name} (${initials(dancer.name)}), ${dancer.symbol}: ${pips}; negates ${dancer.negates.join(", ") || "nothing"}` +
        (owner >= 0 ? `; ${obs.dancer_dominated[d] ? "Dominated" : "Influenced"} by ${seatName(ctx.msg.meta, owner)}` : "") +
        (target ? ` — click: ${moveLabel(target)}` : "")));
    if (effortOn && obs.effort.target === d) {
      g.append(h("circle", { cx: x, cy: y, r: S * 0.92, class: "effort-ring" },
        h("title", {}, `${dancer.name}: the Influence target`)));
    }
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
    svg.append(h("g", { class: `avatar${q === me ? " acting" : ""}`, "data-family": q, "data-mark": avatars[f.avatar].mark },
      h("rect", { x: x - 12, y: y - 12, width: 24, height: 24, rx: 4, transform: `rotate(45 ${x} ${y})`,
        fill: colour, stroke: q === me ? "#ffd34d" : "#fff", "stroke-width": q === me ? 3 : 1.5 }),
      h("text", { x, y: y + 3.5, class: "avatar-label" }, avatars[f.avatar].mark),
      h("title", {}, `${avatars[f.avatar].name}, ${seatName(ctx.msg.meta, q)}${f.foiled ? " (Foiled)" : ""}`)));
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
  const refresh = (i) => i + 1 === ballroom.tempo.refreshment_box;
  return h("div", { class: "tempo", id: "tempo" }, h("small", {}, "Tempo"),
    track(boxes, { cls: "tempo-box", on: (i) => obs.tempo === i + 1,
      title: (i) => (refresh(i) ? "refreshments" : `box ${i + 1}`),
      label: (i) => (refresh(i) ? "☕" : String(i + 1)) }));
}

const refreshments = refreshmentFile.refreshments;
const plans = planFile.plans;
const powers = powerFile.powers;
const cap = (word) => word.charAt(0).toUpperCase() + word.slice(1);
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const pct = (x) => `${Math.round(x * 100)}%`;

function refreshmentCard(k, meta) {
  const kind = refreshments[k];
  const any = meta.options["refreshment-domain"] === "any";
  const pips = plural(kind.pips, "pip");
  const title = kind.kind === "ankh" ? "Ankh" : `${cap(kind.kind)}, ${pips}`;
  const text = kind.kind === "ankh" ? "One more Movement in the Dance step you spend it."
    : any ? `Adds ${pips} to any Influence roll.` : `Adds ${pips} to an Influence roll in ${cap(kind.kind)}.`;
  return card(`refreshment ${kind.kind}`, title, text, {
    "data-refreshment": kind.kind === "ankh" ? "ankh" : `${kind.kind}-${kind.pips}`,
    title: `${title}: ${text} Any Refreshment also pays for Tactician, Willpower or Discipline.` });
}

// Which of the Plan's symbols the family's seated Dancers fill (repeats count).
function planFill(plan, seated) {
  const free = seated.map((d) => dancers[d].symbol);
  return plan.symbols.map((symbol) => {
    const i = free.indexOf(symbol);
    if (i >= 0) free.splice(i, 1);
    return i >= 0;
  });
}

function planCard(x, seated, label) {
  const plan = plans[x];
  const filled = planFill(plan, seated);
  const done = filled.filter(Boolean).length;
  const says = `Seat Dancers showing ${plan.symbols.join(", ")} at the family's table to win.`;
  return h("div", { class: "tile plan", "data-plan": plan.id, title: `${label}: ${says}`,
    "data-full": `${label}\n${says}\n${done} of ${plan.symbols.length} seated.` },
  h("strong", {}, label),
  h("span", { class: "symbols" }, plan.symbols.map((symbol, i) => h("span", {
    class: `symbol${filled[i] ? " filled" : ""}`, "data-symbol": symbol, "data-filled": filled[i] ? "yes" : "no",
    style: `--sym:${SYMBOLS[symbol] || "#999"}`, title: `${symbol}: ${filled[i] ? "seated" : "still needed"}` },
  filled[i] ? "✓" : symbol[0].toUpperCase()))),
  h("small", {}, `${plan.symbols.join(" · ")} — ${done} of ${plan.symbols.length} seated`));
}

function powerCard(w, secret) {
  const power = powers[w];
  return card("power", [power.name,
    secret ? h("em", { class: "secret-tag", title: "only you know this Power until you use it" }, "secret") : ""],
  power.text, { "data-power": power.id, "data-full": `${power.name}\n${power.text}` });
}

// One family's table: its Plan, Refreshments and Powers as far as this seat may see them.
function familyBlock(obs, meta, f, q) {
  const colour = f.sanctuary >= 0 ? COLOURS[sanctuaries[f.sanctuary].colour] : "#999";
  const name = seatName(meta, q);
  const mine = obs.you === q;
  const ratings = f.avatar >= 0
    ? DOMAINS.map((d) => `${cap(d).slice(0, 3)} ${avatars[f.avatar].ratings[d] ?? 0}`).join(" · ") : "";
  const status = [plural(f.seated.length, "seated Dancer"), f.markers > 1 ? `${f.markers} Influence markers` : null,
    f.foiled ? "Foiled" : null].filter(Boolean).join(" · ");
  const plan = f.plan !== null && f.plan !== undefined
    ? planCard(f.plan, f.seated, mine ? "Your Plan" : "Plan (revealed)")
    : f.has_plan ? cardBack("plan", "a secret Plan") : null;
  const held = f.refreshments
    ? f.refreshments.flatMap((count, k) => Array.from({ length: count }, () => refreshmentCard(k, meta)))
    : null;
  const shown = (f.powers || []).map((w) => powerCard(w, mine && !f.revealed.includes(w)));
  for (let i = shown.length; i < f.power_count; i++) shown.push(cardBack("power", "a secret Power"));
  return h("div", { class: `family${mine ? " me" : ""}${obs.current === q ? " acting" : ""}`, "data-family": q },
    h("div", { class: "family-head" },
      h("span", { class: "swatch", style: `background:${colour}` }),
      h("strong", {}, name, mine ? " (you)" : ""),
      f.avatar >= 0 ? h("small", { class: "avatar-name" }, `${avatars[f.avatar].name} (${avatars[f.avatar].mark})`) : null,
      h("small", { class: "muted" }, status),
      f.seated.length ? h("span", { class: "seated", title: "the symbols of the Dancers seated at this table" },
        f.seated.map((d) => h("span", { class: "symbol filled small", style: `--sym:${SYMBOLS[dancers[d].symbol] || "#999"}`,
          title: `${dancers[d].name} (${dancers[d].symbol})` }))) : null,
      ratings ? h("small", { class: "ratings", title: "the Avatar's rating in each Domain" }, ratings) : null),
    h("div", { class: "tiles" },
      plan ? hand("Plan", [plan], "plan") : null,
      hand(`Powers (${f.power_count})`, shown, "powers"),
      heldHand("Refreshments", { cards: held, count: f.refreshment_count, back: "refreshment",
        hidden: "a hidden Refreshment", name: "refreshments" })));
}

// Set-up choices and draws not yet taken, as tiles: Avatars, Sanctuaries,
// the two Powers to keep one of, a Plan drawn with Strategic.
function choiceTiles(ctx) {
  const obs = ctx.msg.observation;
  const legal = ctx.msg.legal;
  const play = (move) => ctx.move(move.text);
  const parts = [];
  const group = (label, tiles) => parts.push(hand(label, tiles));
  const avatarChoices = ofFamily(legal, "avatar");
  if (avatarChoices.length) {
    group("Choose your Avatar (rating per Domain)", avatarChoices.map((move) => {
      const a = avatars.find((x) => slug(x.name) === move.params.avatar);
      const ratings = DOMAINS.map((d) => `${cap(d)} ${a.ratings[d] ?? 0}`).join(" · ");
      return pick(h("div", { class: "tile avatar-choice",
        "data-full": `${a.name}\nRating in each Domain: ${ratings}\nMovement ${a.movement}` },
      h("strong", {}, a.name), h("small", {}, ratings), h("small", {}, `Movement ${a.movement}`)), move, play);
    }));
  }
  const tableChoices = ofFamily(legal, "sanctuary");
  if (tableChoices.length) {
    group("Choose your Sanctuary table", tableChoices.map((move) => {
      const colour = move.params.sanctuary;
      return pick(h("div", { class: "tile sanctuary-choice" },
        h("strong", {}, h("span", { class: "swatch", style: `background:${COLOURS[colour] || "#999"}` }), ` ${cap(colour)}`)),
      move, play);
    }));
  }
  if (obs.you !== null && obs.you !== undefined) {
    const f = obs.families[obs.you];
    if (f.drawn_powers && f.drawn_powers.length) {
      group("Powers drawn: keep one", f.drawn_powers.map((w) => pick(powerCard(w, false), find(legal, "keep", { power: powers[w].id }), play)));
    }
    if (obs.has_candidate && obs.candidate_plan >= 0) { // -1 between Strategic draws
      group("Strategic: the Plan just drawn (take it in place of yours, or keep yours)", [planCard(obs.candidate_plan, f.seated, "New Plan")]);
    }
  }
  return parts.length ? h("div", { class: "tiles pending", id: "choices" }, parts) : null;
}

function familiesPanel(obs, meta) {
  const order = obs.families.map((f, q) => q);
  const me = obs.you;
  if (me !== null && me !== undefined) order.sort((a, b) => (b === me) - (a === me));
  return h("div", { class: "families", id: "families" }, order.map((q) => familyBlock(obs, meta, obs.families[q], q)));
}

// One row per choice: plain odds, and after an arrow the odds with the after-roll Powers.
function oddsTable(rows, caption) {
  const powers = [...new Set(rows.flatMap(({ odds }) => odds.with || []))];
  const names = powers.join("/");
  const cell = (odds, plain, best) => h("td", {}, pct(plain),
    odds.with?.length ? h("span", { class: "odds-best", title: `with ${names}` }, ` → ${pct(best)}`) : "");
  return [h("strong", {}, caption),
    names ? h("small", { class: "odds-legend" }, h("span", { class: "odds-best" }, "→ "), `with ${names}`) : "",
    h("table", { class: "odds" }, h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, "success"), h("th", {}, "Domination"))),
      h("tbody", {}, rows.map(({ label, odds, extra }) => h("tr", { "data-success": odds.success,
        "data-dominate": odds.dominate, "data-best-success": odds.best_success,
        "data-best-dominate": odds.best_dominate, ...extra },
      h("th", {}, label, h("small", {}, ` (needs ${odds.need} or less)`)),
      cell(odds, odds.success, odds.best_success), cell(odds, odds.dominate, odds.best_dominate)))))];
}

function explain(rows, meta, foil) {
  const powers = new Set(rows.flatMap(({ odds }) => odds.with || []));
  const dom = foil ? "A Foil never Dominates."
    : meta.options.domination === "margin-three" ? "Domination: the die counts at least 3 under the target (or any success with Overwhelming)."
      : "Domination: a natural 1 (a die lowered by Tactician does not count), or any success with Overwhelming.";
  const parts = [`Success: the die shows at most the target (${foil ? "both Avatars' ratings" : "Avatar + Dancer + Refreshment pips"}). ${dom}`];
  if (powers.has("Tactician")) parts.push("Tactician: after the roll, spend any Refreshment and the die counts one lower (once per roll).");
  if (powers.has("Willpower")) parts.push("Willpower: spend any Refreshment to roll again (once per Influence effort).");
  if (powers.size) {
    parts.push("The arrow counts the Refreshments in hand (less any added to the roll), " +
      "spent after the roll only to turn a failure into a success, or a sure success into Domination.");
  }
  return h("details", { class: "odds-note", id: "odds-note" }, h("summary", {}, "How these chances are worked out"),
    parts.join(" "));
}

const TARGETED = ["influence", "foil"];
// A target to roll against, with the engine's odds: asked twice (odds, then go ahead).
const needsConfirm = (move) => TARGETED.includes(move.family) && Boolean(move.hint);
const best = (hint) => Math.max(...hint.domains.map((row) => row.best_success));

// The odds of a chosen target in each Domain, with the way on and the way back.
function confirmTarget(ctx, move) {
  const { text, hint } = move;
  const meta = ctx.msg.meta;
  const label = moveLabel(move);
  const foil = hint.kind === "foil";
  const rows = hint.domains.map((odds) => ({ label: cap(odds.domain), odds, extra: { "data-domain": odds.domain } }));
  return h("div", { class: "effort confirm", id: "odds", "data-target": text },
    oddsTable(rows, `${label}: chances by Domain${foil ? "" : ", before any Refreshment"}`),
    explain(rows, meta, foil),
    h("p", {}, "You choose the Domain next; nothing is rolled until then."),
    h("div", { class: "button-row" },
      h("button", { class: "primary", id: "confirm-target", onclick: () => ctx.move(text) }, `${label}: go ahead`),
      h("button", { id: "back-target", onclick: () => ctx.choose(null) }, "Back")));
}

function effortOdds(ctx) {
  const obs = ctx.msg.observation;
  const hinted = ctx.msg.legal.filter((a) => a.hint);
  const effort = obs.effort;
  if (!hinted.length || effort.target < 0) return null;
  const meta = ctx.msg.meta;
  const foil = effort.kind !== 0;
  const name = foil ? seatName(meta, effort.target) : dancers[effort.target]?.name;
  const verb = foil ? "Foiling" : "Influencing";
  const rows = hinted.filter((a) => "success" in a.hint)
    .map((a) => ({ label: moveLabel(a), odds: a.hint, extra: {
      [obs.phase === "domain" ? "data-domain" : "data-choice"]: obs.phase === "domain" ? a.params.domain : a.text } }));
  if (obs.phase === "domain") {
    return h("div", { class: "effort", id: "odds" }, oddsTable(rows, `${verb} ${name}: chances by Domain`), explain(rows, meta, foil));
  }
  if (obs.phase === "refreshment") {
    return h("div", { class: "effort", id: "odds" },
      oddsTable(rows, `${verb} ${name} in ${cap(DOMAINS[effort.domain])}: chances by Refreshment`), explain(rows, meta, foil));
  }
  if (obs.phase === "post-roll") {
    const say = (hint) => (hint.outcome ? `the die counts ${hint.counts}: ${hint.outcome}`
      : `roll again: success ${pct(hint.success)}${foil ? "" : `, Domination ${pct(hint.dominate)}`}`);
    const need = hinted[0].hint.need;
    return h("div", { class: "effort", id: "odds" },
      h("strong", {}, `${verb} ${name} in ${cap(DOMAINS[effort.domain])}: roll ${need} or less`),
      h("p", {}, `The die shows ${effort.roll}${effort.modifier ? `, counting ${effort.roll - effort.modifier}` : ""}.`),
      h("ul", {}, hinted.map((a) => h("li", { "data-choice": a.text },
        `${moveLabel(a)}: ${say(a.hint)}.`))));
  }
  return null;
}

function dancerInfo(obs, meta, d) {
  const dancer = dancers[d];
  const owner = obs.dancer_influence[d];
  const by = owner >= 0 ? ` · ${obs.dancer_dominated[d] ? "Dominated" : "Influenced"} by ${seatName(meta, owner)}` : "";
  return h("span", {}, h("strong", {}, dancer.name), ` (${dancer.symbol}): `,
    DOMAINS.map((dom) => (dancer.negates.includes(dom) ? `${cap(dom)} ✕ (negated)` : `${cap(dom)} ${dancer.pips[dom] ?? 0}`))
      .join(" · "), by);
}

function legend() {
  return h("details", { class: "legend" }, h("summary", {}, "Key to the ballroom"),
    h("ul", {},
      h("li", {}, "◆ Avatars in their family's colour; the one whose turn it is has a gold edge."),
      h("li", {}, "● Dancers: the fill is her Plan symbol (rose, lily, ivy, sun, moon); a thick coloured ring is the family Influencing her, a dashed outer ring means Dominated."),
      h("li", {}, "Gold arrows: the waltz path Dancers follow; grey arrows: the way back to it."),
      h("li", {}, "S is the Server; 1–6 mark the hexes where he may appear."),
      h("li", {}, "Coloured hexagons are Sanctuary entries; the circles beside them are the five seats, filled with seated Dancers' symbols.")));
}

// Each move's words are the server's (move.label: the game's describe_action); the
// engine's text stays on the button's data-action.
const moveLabel = (move) => move.label || move.text;

// A target picked but not yet confirmed, and where the board was scrolled to,
// kept across re-renders of the same position.
let chosen = { key: null, id: null };
let scrolled = { game: null, left: null };
// On a phone the floor fits the screen's width; "Zoom in" shows it at the size
// where every hex is a full touch target, scrolled within its own frame.
let zoomed = false;

function zoomButton(wrap) {
  const button = h("button", { type: "button", class: "small board-zoom", id: "board-zoom",
    "aria-pressed": String(zoomed) }, zoomed ? "Fit the ballroom to the screen" : "Zoom in on the ballroom");
  button.addEventListener("click", () => {
    zoomed = !zoomed;
    wrap.classList.toggle("zoomed", zoomed);
    button.setAttribute("aria-pressed", String(zoomed));
    button.textContent = zoomed ? "Fit the ballroom to the screen" : "Zoom in on the ballroom";
    scrolled.left = null;
  });
  return button;
}

function scrollBoard(wrap, ctx) {
  const game = ctx.msg.meta.id;
  if (scrolled.game !== game) scrolled = { game, left: null };
  if (scrolled.left === null) {
    // On a narrow screen the floor is wider than the phone: start on your own Avatar.
    const mine = wrap.querySelector(`.avatar[data-family="${ctx.seat}"]`) || wrap.querySelector(".avatar.acting");
    if (mine) {
      const box = mine.getBoundingClientRect();
      const view = wrap.getBoundingClientRect();
      wrap.scrollLeft = box.left + box.width / 2 - view.left - view.width / 2;
    }
  } else {
    wrap.scrollLeft = scrolled.left;
  }
  wrap.addEventListener("scroll", () => { scrolled.left = wrap.scrollLeft; });
}

export function render(ctx) {
  const obs = ctx.msg.observation;
  const meta = ctx.msg.meta;
  const key = `${meta.id}:${ctx.seat}:${ctx.msg.ply}`;
  if (chosen.key !== key) chosen = { key, id: null };
  ctx.rerender = () => {
    ctx.board.replaceChildren();
    ctx.actions?.replaceChildren();
    ctx.more?.replaceChildren();
    render(ctx);
  };
  // A roll against a target is asked twice: its odds first, then go ahead or back.
  // `move` is one of the seat's legal moves; null goes back.
  ctx.choose = (move) => {
    if (move !== null && !needsConfirm(move)) return ctx.move(move.text);
    chosen.id = move === null ? null : move.id;
    ctx.rerender();
    document.getElementById(move === null ? "legal" : "confirm-target")?.scrollIntoView({ block: "nearest" });
  };
  const head = h("div", { class: "dance-head" },
    h("div", {}, h("span", { class: "big" }, `Turn ${obs.turn}`),
      h("small", { class: "muted" }, ` · ${obs.phase.replaceAll("-", " ")}`)),
    tempoTrack(obs));
  // Tapping a Dancer that is not a move shows her counter (phones have no hover titles).
  const info = h("p", { class: "dancer-info muted", id: "dancer-info" },
    "Tap a Dancer to read her counter; highlighted Dancers and hexes are moves.");
  ctx.inspect = (d) => info.replaceChildren(dancerInfo(obs, meta, d));
  const wrap = h("div", { class: `board-scroll${zoomed ? " zoomed" : ""}`, id: "board-scroll" }, board(ctx));
  ctx.board.append(head, zoomButton(wrap), wrap, info, legend());
  scrollBoard(wrap, ctx);
  // Live, the moves come right under the board and the families' tables after them.
  const families = familiesPanel(obs, meta);
  if (ctx.more) ctx.more.append(h("h2", {}, "The families"), families);
  else ctx.board.append(families);
  if (ctx.actions) {
    const target = ctx.msg.legal.find((a) => a.id === chosen.id && needsConfirm(a));
    if (target) {
      ctx.actions.append(confirmTarget(ctx, target));
    } else {
      const label = (move) => moveLabel(move) +
        (needsConfirm(move) ? ` · up to ${pct(best(move.hint))}` : "");
      ctx.actions.append(choiceTiles(ctx) || "", effortOdds(ctx) || "");
      renderActions({ ...ctx, move: (text, move) => ctx.choose(move), label });
    }
  }
  return true;
}
