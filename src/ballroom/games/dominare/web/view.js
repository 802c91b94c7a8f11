// Dominare: a map of Tempest, the conspiracies as cards, and each decision with the
// cards it is about beside its buttons.
//
// Everything drawn comes from what the server sent: the observation of this seat (who
// controls a district and each seat's VP so far are the engine's: public.control,
// public.standing; where the canvassing agent's influence went is public.canvass.placed),
// the faces the game serves by id (/api/catalog/dominare/components), and each side's
// map as the server lays it out from the board data (faces.maps: every block's place and
// shape, each district's frame, the Canal ring and every contact across a district's
// edge). Moves are the server's legal moves, found by family and params and played with
// ctx.move; a block on the map is clicked where a legal move names it. No rule is
// written here. Served by the server from this package as /games/dominare/view.js.

import { h } from "/static/ui.js";
import { renderActions } from "/static/views/generic.js";
import { cardBack, heldHand } from "/static/widgets.js";

const faces = await fetch("/api/catalog/dominare/components").then((r) => r.json());
const AGENTS = faces.agents;
const EVENTS = new Map(faces.events.map((e) => [e.id, e]));
const DISTRICTS = faces.districts;
const agentByText = new Map(AGENTS.map((a) => [a.text, a]));
const eventByText = new Map(faces.events.map((e) => [e.text, e]));
const districtById = new Map(DISTRICTS.map((d) => [d.id, d]));
const COLOURS = ["#9b1b3a", "#2a7fc1", "#1f8a5b", "#c99a12", "#8e4585", "#4d4d4d"];
const TINTS = ["#f4e9f7", "#e3f0f7", "#f7efe0", "#f6ecd9", "#ece9f6", "#eef3e6", "#f3ede4", "#e9efe9"];
const SEALS = { atheneum: "#3f5f9f", canals: "#2c8c99", church: "#b8912c", merchant: "#a1552b",
  senate: "#7b2042", commoner: "#6b6b4b", culture: "#a04a8c", nobility: "#5a3d8a", shadowmen: "#2e2e2e" };
const NOBODY = -1;

// What each step is, as a short heading, and what the person does in it.
const STEPS = {
  draw: ["An agent is drawn", ""], event: ["The event is revealed", ""],
  conspiracy: ["A conspiracy is dealt", ""],
  select: ["Conspiracy Phase: your next agent", "Choose the agent that joins your ranks this Season, face down until everyone reveals."],
  recruit: ["Recruit", "Keep one of the agents you drew."],
  canvass: ["Canvassing Phase: place influence", "Click a highlighted block: the canvassing agent places its influence there."],
  spread: ["Canvassing Phase: spreading", "Each further highlighted block costs a crown; Done puts the rest on the first block."],
  action: ["Action Phase: choose one action", "Use an agent, a district you control, or a basic ability. Inspire: click a highlighted block on the map."],
  extra: ["An extra ability", "Choose the extra ability, or none."],
  block: ["Choose a block", "Click a highlighted block on the map or pick one from the list."],
  player: ["Choose a player", ""], district: ["Choose a district", ""], agent: ["Choose an agent", ""],
  sign: ["Up or down", ""], spend: ["Spend crowns?", ""], amount: ["How much?", ""],
  adjust: ["Event Phase: the scapegoat's adjustment", "One of the event's two districts goes up by its seal, the other down."],
  deck: ["Draw from a faction deck", ""], discard: ["Discard an agent", "Discarded agents are set aside face down."],
  offer: ["Make a trade offer", ""], trade: ["Answer a trade", ""], "hand-over": ["Hand over an agent", ""],
  over: ["Game over", ""],
};

// The step's heading and help; keeping agents is the set-up's deal before Season 1 and
// the draft after.
function stepWords(obs) {
  const step = obs.step.step;
  if (step === "keep") {
    return obs.public.season ? ["The draft: choose an agent to keep", "Keep one agent of those offered; the rest pass on to the next player."]
      : ["Set-up: choose the agents you keep", "Keep one agent at a time of those dealt you; nobody else sees your choice."];
  }
  return STEPS[step] || [step, ""];
}

const seatName = (meta, seat) => meta.seats[seat]?.name || `Player ${seat + 1}`;
const districtName = (id) => districtById.get(id)?.name || id;
const agentName = (text) => agentByText.get(text)?.name || text;
const titleCase = (word) => word.split(/[- ]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");

// The blocks of the side in play, each with its place on the map and a name for people.
function blocksOf(side) {
  const map = faces.maps[side];
  return faces.boards[side].map((b, i) => ({ ...b, ...map.blocks[i], index: i, size: map.size,
    name: b.name || `${DISTRICTS[b.district].name} ${map.blocks[i].number}` }));
}
const blockNames = new Map(Object.keys(faces.boards).flatMap((side) => blocksOf(side).map((b) => [b.id, b.name])));
const blockName = (id) => blockNames.get(id) || (districtById.has(id) ? districtName(id) : id);

// A zone of the observation by name (and owner): its cards, or null where hidden.
function zone(obs, name, seat = null) {
  const id = seat === null ? name : `${name}/${seat}`;
  return obs.zones.zones.find((z) => z.zone === id) || { zone: id, size: 0, cards: [] };
}

// -- cards ------------------------------------------------------------------------

function seal(a) {
  return h("span", { class: "dom-seal", style: `background:${SEALS[a.faction] || "#555"}`, title: `${sealName(a)} seal`,
    "aria-hidden": "true" }, sealName(a).charAt(0).toUpperCase());
}

function agentLines(a) {
  const lines = [];
  if (a.revealed) lines.push(["When revealed", a.revealed]);
  for (const ab of a.abilities) lines.push([`From rank ${ab.rank}`, ab.does]);
  return lines;
}

// An agent's seal and traits in words (the server's where it names them).
const sealName = (a) => a.seal || titleCase(a.faction);
const traitNames = (a) => a.trait_names || a.traits.map(titleCase);

// An agent as a card: seal and faction, name, traits, its three values, its abilities.
function agentCard(id, attrs = {}, note = null) {
  const a = AGENTS[id];
  const values = [["Influence", a.influence], ["Income", a.income], ["Exposure", a.exposure]];
  if (a.vp) values.push(["VP", a.vp]);
  const full = [`${a.name} (${sealName(a)}; ${traitNames(a).join(", ")})`,
    values.map(([k, v]) => `${k} ${v}`).join(", "), ...agentLines(a).map(([k, v]) => `${k}: ${v}`)].join("\n");
  return h("div", { class: `tile dom-agent dom-card ${a.faction}`, "data-card": a.text, title: full, "data-full": full, ...attrs },
    note ? h("small", { class: "dom-rank" }, note) : null,
    h("div", { class: "dom-card-head", style: `border-color:${SEALS[a.faction] || "#555"}` },
      seal(a), h("strong", {}, a.name)),
    h("small", { class: "dom-traits" }, `${sealName(a)} · ${traitNames(a).join(" · ")}`),
    h("div", { class: "dom-values" }, values.map(([k, v]) => h("span", { "data-value": k.toLowerCase() },
      h("small", {}, k), h("b", {}, String(v))))),
    a.cannot_flip ? h("small", { class: "dom-note" }, "Cannot be flipped face down.") : null,
    h("ul", { class: "dom-abilities" }, agentLines(a).map(([k, v]) => h("li", {}, h("em", {}, `${k}: `), v))));
}

// Who an event section affects: a district's controller, or as the card words it.
// How an event section stands to the one above it, in words.
const MODES = { first: "", also: " (as well as the above)", instead: " (instead of the above)" };
const whoName = (who) => (districtById.has(who) ? `whoever controls ${districtName(who)}` : titleCase(who));

function eventCard(id) {
  const e = EVENTS.get(id);
  return h("div", { class: "tile dom-event dom-card", "data-event": e.text },
    h("div", { class: "dom-card-head" }, h("strong", {}, e.name)),
    h("ul", { class: "dom-abilities" }, e.sections.map((s) => h("li", {},
      h("em", {}, `From Season ${s.season}${MODES[s.mode] || ""}, ${s.for || whoName(s.who)}: `), s.does))),
    h("small", { class: "dom-note" }, `Adjustment seals: ${e.seals.map((s) => `${districtName(s.district)} ${s.amount}`).join(", ")}`));
}

// -- labels -----------------------------------------------------------------------

function amountLabel(obs, amount) {
  const op = obs.public.ops[0];
  if (op?.act === "inspire") return `${amount} influence in ${blockName(op.where)}`;
  if (op?.act === "whitewash") return `Exposure ${op.target} ${amount}`;
  return String(amount);
}

// A move named for people (the server's own label first); the engine's text stays on data-action.
function moveLabel(obs, meta, move) {
  if (move.label) return move.label;
  const p = move.params || {};
  const player = () => seatName(meta, Number(p.player) - 1);
  const inRank = (seat, rank) => AGENTS[obs.public.ranks[seat]?.[Number(rank) - 1]]?.name || `rank ${rank}`;
  switch (move.family) {
    case "keep": return `Keep ${agentName(p.agent)}`;
    case "select": return `Play ${agentName(p.agent)} next`;
    case "place": return `Influence in ${blockName(p.block)}`;
    case "done": return "Done";
    case "ability": return `${inRank(obs.seat, p.rank)}, ability ${p.number}`;
    case "use": return `Use the ${districtName(p.district)} ability`;
    case "crown": return "Gain a crown";
    case "inspire": return `Inspire in ${blockName(p.block)}`;
    case "rally": return "Rally: flip your agents face up";
    case "recruit": return "Recruit: draw two, keep one";
    case "replace": return `Replace ${inRank(obs.seat, p.rank)} (rank ${p.rank}) with ${agentName(p.agent)}`;
    case "whitewash": return `Whitewash: exposure ${p.way}`;
    case "player": return seatName(meta, Number(p.player) - 1);
    case "district": return districtName(p.district);
    case "agent": return `${player()}'s ${inRank(Number(p.player) - 1, p.rank)} (rank ${p.rank})`;
    case "adjust": return `Adjust ${p.way}`;
    case "spend": return `Spend ${p.crowns} crowns`;
    case "amount": return amountLabel(obs, p.amount);
    case "answer": return p.answer === "yes" ? "Yes" : "No";
    case "raise": return raiseLabel(obs, p.district);
    case "deck": return `Draw from the ${titleCase(p.deck)} deck`;
    case "discard": return `Discard ${agentName(p.agent)}`;
    case "trade": return `Offer a trade to ${player()}`;
    case "give-crowns": return `Offer ${p.crowns} more crowns`;
    case "give": return `Give ${agentName(p.agent)}`;
    case "ask-crowns": return `Ask ${p.crowns} more crowns`;
    case "ask-agent": return "Ask for an agent";
    case "propose": return "Propose the trade";
    case "event": return `Event: ${eventByText.get(p.event)?.name || p.event}`;
    default: return move.text;
  }
}

// The adjustment in full, with the seals of the event in play.
function raiseLabel(obs, district) {
  const event = EVENTS.get((zone(obs, "event").cards || [])[0]);
  const up = event?.seals.find((seal) => seal.district === district);
  const down = event?.seals.find((seal) => seal.district !== district);
  if (!up || !down) return `Raise ${districtName(district)}`;
  return `Raise ${districtName(district)} by ${up.amount}, lower ${districtName(down.district)} by ${down.amount}`;
}

function moveButton(ctx, move, text, extra = {}) {
  return h("button", { class: "action named", "data-action": move.text, title: move.hint || move.text,
    onclick: () => ctx.move(move.text, move), ...extra }, text);
}

// -- what changed: since this seat's last move, and where the canvassing agent's influence goes ---

let memory = { key: null, season: null, base: null, last: null };

// Per block index, a word for how it changed since the seat last moved (since the Season
// began, for a spectator; since the frame before, in a replay), from the observations the
// server sent; and the canvassing agent's placements, which the server lists
// (public.canvass.placed) before they reach the board.
function freshBlocks(ctx, obs) {
  const pub = obs.public;
  const key = `${ctx.meta.id}/${ctx.seat}/${pub.side}`;
  const now = { owners: [...pub.owners], tokens: [...pub.tokens] };
  if (memory.key !== key) memory = { key, season: pub.season, base: now, last: now };
  else if (memory.season !== pub.season || !ctx.live) memory = { ...memory, season: pub.season, base: memory.last };
  memory.last = now;
  const base = memory.base;
  const fresh = new Map();
  pub.tokens.forEach((tokens, i) => {
    const owner = pub.owners[i];
    if (base.tokens[i] === tokens && base.owners[i] === owner) return;
    const gained = tokens - base.tokens[i];
    fresh.set(i, owner === base.owners[i] ? influenceChange(gained) : owner === NOBODY ? CLEARED : TAKEN);
  });
  for (const [block, amount] of pub.canvass?.placed || []) {
    fresh.set(block, influenceChange(amount));
  }
  return fresh;
}

// The seat's move, remembering the board as it was, so what follows shows as new.
function moving(ctx) {
  return (text, move) => {
    memory.base = memory.last;
    ctx.move(text, move);
  };
}

// -- the map ------------------------------------------------------------------------

function blockShape(b, fill, stroke, width, grow = 0) {
  const s = b.size + grow;
  return b.shape === "circle"
    ? h("circle", { r: s / 2, fill, stroke, "stroke-width": width })
    : h("rect", { x: -s / 2, y: -s / 2, width: s, height: s, rx: 7, fill, stroke, "stroke-width": width });
}

// A score as a number is written: a negative one with the minus sign (not a hyphen).
const number = (n) => (n < 0 ? `\u2212${-n}` : String(n));
// A block's bonus VP in words, and as the small mark printed on it (a minus sign only).
const blockWorth = (b) => (b.vp < 0 ? `costs ${-b.vp} VP` : `worth ${b.vp} bonus VP`);
const blockMark = (b) => number(b.vp);
// What just happened on a block (its badge: "+2", "new", "cleared"), in words.
// What just happened on a block: its badge on the map ("+2", "new", "cleared") and in words.
const influenceChange = (n) => ({ mark: `${n > 0 ? "+" : "\u2212"}${Math.abs(n)}`,
  words: `${Math.abs(n)} influence ${n > 0 ? "placed" : "removed"}` });
const CLEARED = { mark: "cleared", words: "cleared" };
const TAKEN = { mark: "new", words: "a new controller" };

function mapBlock(ctx, obs, meta, b, move, fresh) {
  const pub = obs.public;
  const owner = pub.owners[b.index];
  const tokens = pub.tokens[b.index];
  const who = owner === NOBODY ? "vacant" : `${seatName(meta, owner)}: ${tokens} influence`;
  const vp = blockWorth(b);
  const classes = ["dom-block", owner === NOBODY ? "vacant" : "held", fresh ? "fresh" : null];
  const g = h("g", { class: classes.filter(Boolean).join(" "), transform: `translate(${b.at[0]} ${b.at[1]})`,
    "data-block": b.id, "data-owner": owner, "data-influence": tokens, "data-fresh": fresh?.mark || null,
    "aria-label": `${b.name}, ${vp}, ${who}${move ? `: ${moveLabel(obs, meta, move)}` : ""}` },
  h("title", {}, `${b.name} · ${vp} · ${who}${fresh ? ` · just now: ${fresh.words}` : ""}`),
  fresh ? blockShape(b, "none", "#ffb400", 6, 12) : null,
  blockShape(b, owner === NOBODY ? "#fbf8f2" : COLOURS[owner], move ? "#178f82" : "#7a6a5a", move ? 4 : 1.5),
  h("text", { class: "dom-block-vp", x: 0, y: -12, "text-anchor": "middle" }, b.vp ? blockMark(b) : ""),
  owner === NOBODY ? null : h("text", { class: "dom-block-tokens", x: 0, y: 9, "text-anchor": "middle" }, String(tokens)),
  h("text", { class: "dom-block-number", x: 0, y: 21, "text-anchor": "middle" }, String(b.number)),
  fresh ? h("text", { class: "dom-fresh-badge", x: 20, y: -17, "text-anchor": "middle" }, fresh.mark) : null);
  return playable(ctx, g, move);
}

// Makes a shape on the map play `move` (a legal move from the server) on a click or Enter.
function playable(ctx, shape, move) {
  if (!move) return shape;
  shape.classList.add("legal");
  shape.setAttribute("data-action", move.text);
  shape.setAttribute("tabindex", "0");
  shape.addEventListener("click", () => ctx.move(move.text, move));
  shape.addEventListener("keydown", (event) => { if (event.key === "Enter") ctx.move(move.text, move); });
  return shape;
}

// The one legal move naming each block (or district) in `param`, where just one does: what
// a click on it on the map plays (where two do, the buttons tell them apart).
function movesNaming(legal, param) {
  const named = new Map();
  for (const move of legal) {
    const id = move.params?.[param];
    if (id) named.set(id, named.has(id) ? null : move);
  }
  return named;
}

function controlNote(meta, holder) {
  return holder === NOBODY ? "nobody controls it" : `${seatName(meta, holder)} controls it`;
}

function mapPanel(ctx, obs, meta, fresh) {
  const pub = obs.public;
  const map = faces.maps[pub.side];
  const blocks = blocksOf(pub.side);
  const byBlock = movesNaming(ctx.msg.legal, "block");
  const byDistrict = movesNaming(ctx.msg.legal, "district");
  const ring = map.ring;
  const hub = DISTRICTS[ring.district];
  const hubHolder = pub.control[ring.district];
  const svg = h("svg", { class: "dom-map", viewBox: `0 0 ${map.width} ${map.height}`, role: "group",
    "aria-label": "Map of Tempest", "data-side": pub.side },
  h("circle", { class: "dom-water", cx: ring.centre[0], cy: ring.centre[1], r: ring.radius }),
  map.links.map(([a, b]) => h("line", { class: "dom-link", x1: blocks[a].at[0], y1: blocks[a].at[1],
    x2: blocks[b].at[0], y2: blocks[b].at[1] })),
  playable(ctx, h("g", { class: "dom-district dom-hub", "data-district": hub.id, "data-vp": pub.vp[ring.district],
    "data-control": hubHolder, "aria-label": `${hub.name}, ${pub.vp[ring.district]} VP, ${controlNote(meta, hubHolder)}` },
  h("circle", { class: "dom-hub-area", cx: ring.centre[0], cy: ring.centre[1], r: Math.max(ring.radius - 34, 10) }),
  h("text", { class: "dom-district-name", x: ring.centre[0], y: ring.centre[1] - 8, "text-anchor": "middle" },
    `${hub.name} · ${pub.vp[ring.district]} VP`),
  h("text", { class: "dom-district-control", x: ring.centre[0], y: ring.centre[1] + 14, "text-anchor": "middle",
    fill: hubHolder === NOBODY ? "#7a6a5a" : COLOURS[hubHolder] }, controlNote(meta, hubHolder))), byDistrict.get(hub.id)),
  map.districts.map((frame) => {
    const d = DISTRICTS[frame.district];
    const holder = pub.control[frame.district];
    return playable(ctx, h("g", { class: "dom-district", "data-district": d.id, "data-vp": pub.vp[frame.district],
      "data-control": holder, "aria-label": `${d.name}, ${pub.vp[frame.district]} VP, ${controlNote(meta, holder)}` },
    h("title", {}, `${d.name}: ${pub.vp[frame.district]} VP, ${controlNote(meta, holder)}. ${d.ability}`),
    h("rect", { x: frame.at[0], y: frame.at[1], width: frame.w, height: frame.h, rx: 10,
      fill: TINTS[frame.district % TINTS.length], stroke: holder === NOBODY ? "#cbbba5" : COLOURS[holder],
      "stroke-width": holder === NOBODY ? 1.5 : 5 }),
    h("text", { class: "dom-district-name", x: frame.at[0] + frame.w / 2, y: frame.at[1] + 17, "text-anchor": "middle" },
      d.name),
    h("text", { class: "dom-district-value", x: frame.at[0] + frame.w / 2, y: frame.at[1] + 33, "text-anchor": "middle",
      fill: holder === NOBODY ? "#7a6a5a" : COLOURS[holder] },
    `${pub.vp[frame.district]} VP · ${holder === NOBODY ? "no control" : seatName(meta, holder)}`)),
    byDistrict.get(d.id));
  }),
  blocks.map((b) => mapBlock(ctx, obs, meta, b, byBlock.get(b.id), fresh.get(b.index))));
  return h("div", { class: `dom-board${byBlock.size || byDistrict.size ? "" : " compact"}`, id: "dom-board", "data-side": pub.side },
    svg, legend(obs, meta));
}

// The districts in words: value, who controls it, and its ability.
function legend(obs, meta) {
  const pub = obs.public;
  return h("details", { class: "dom-legend" }, h("summary", {}, "Districts: VP, control and abilities"),
    h("ul", {}, DISTRICTS.map((d, i) => h("li", { "data-legend": d.id },
      h("strong", {}, d.name), ` ${pub.vp[i]} VP · ${controlNote(meta, pub.control[i])}`,
      pub.district_used[i] ? " · ability used this Season" : "", h("br"), h("small", {}, d.ability)))),
    h("p", { class: "muted" }, "Circles are Canal blocks; a line joins a Canal block to each block it touches. "
      + "On a block, the small number at the top is its bonus VP, the one at the bottom its number in "
      + "its district, and the big one the influence on it."));
}

// -- the head: Season, step, order, standing, event -----------------------------------

function head(obs, meta) {
  const pub = obs.public;
  const event = zone(obs, "event").cards || [];
  const [title] = stepWords(obs);
  return h("div", { class: "dom-head" },
    h("div", { class: "dom-season" }, h("span", { class: "big", id: "dom-season" },
      pub.season ? `Season ${pub.season} of 7` : "Set-up"),
    h("small", { class: "muted", id: "dom-phase", "data-step": obs.step.step }, ` · ${title}`)),
    h("div", { class: "dom-order", id: "dom-order", "data-order": pub.order.join(" ") },
      h("small", {}, "Player order "),
      pub.order.map((s, i) => h("span", { class: `dom-seat${i === 0 ? " scapegoat" : ""}`, "data-seat": s,
        style: `border-color:${COLOURS[s]}` }, seatName(meta, s), i === 0 ? " (scapegoat)" : "",
      h("b", { class: "dom-standing", title: "VP if the game ended now" }, ` ${number(pub.standing[s])} VP`)))),
    event.length ? h("details", { class: "dom-event-now", id: "dom-event" },
      h("summary", {}, `Event: ${EVENTS.get(event[0])?.name}`), event.map((id) => eventCard(id))) : null);
}

function underWay(obs, meta) {
  const pub = obs.public;
  const notes = [];
  if (pub.canvass) {
    const agent = AGENTS[pub.ranks[pub.canvass.seat]?.[pub.canvass.rank - 1]];
    const placed = (pub.canvass.placed || []).map(([b, n]) => `${n} in ${blocksOf(pub.side)[b]?.name}`);
    notes.push(`${seatName(meta, pub.canvass.seat)}'s ${agent ? agent.name : `rank ${pub.canvass.rank} agent`} canvasses: `
      + `${placed.length ? `placed ${placed.join(", ")}; ` : ""}${pub.canvass.left} influence left to place`);
  }
  if (pub.ops.length) {
    const op = pub.ops[0];
    const who = seatName(meta, op.seat);
    if (op.act === "inspire") notes.push(`${who} inspires in ${blockName(op.where)}: how much?`);
    else if (op.act === "whitewash") notes.push(`${who} whitewashes exposure ${op.target}: how far?`);
    else {
      // The operation's own words are the ability's text on the agent's card.
      const agent = op.rank ? AGENTS[pub.ranks[op.seat]?.[op.rank - 1]] : null;
      notes.push(`${who}: ${agent ? `${agent.name}'s ability` : "an ability"} under way`
        + `${op.where ? ` in ${blockName(op.where)}` : ""}`);
    }
  }
  return notes.length ? h("div", { class: "dom-under-way", id: "dom-under-way" }, notes.join(" · ")) : null;
}

// -- the decision: its cards beside its buttons -----------------------------------------

// Moves that choose an agent, grouped under the agent's card.
function agentChoices(ctx, obs, meta, moves) {
  const pub = obs.public;
  const cards = new Map();
  for (const move of moves) {
    const p = move.params;
    const id = p.agent !== undefined ? agentByText.get(p.agent)?.id
      : pub.ranks[Number(p.player) - 1]?.[Number(p.rank) - 1];
    if (id === undefined) continue;
    const key = p.agent !== undefined ? `a${id}` : `r${p.player}/${p.rank}`;
    if (!cards.has(key)) {
      const note = p.agent === undefined ? `${seatName(meta, Number(p.player) - 1)}, rank ${p.rank}` : null;
      cards.set(key, { id, note, moves: [] });
    }
    cards.get(key).moves.push(move);
  }
  return h("div", { class: "dom-choices" }, [...cards.values()].map((c) => h("div", { class: "dom-choice" },
    agentCard(c.id, {}, c.note), c.moves.map((m) => moveButton(ctx, m, moveLabel(obs, meta, m))))));
}

// Block moves as a short list by district (the map is the other way to pick them).
function blockList(ctx, obs, meta, moves) {
  const blocks = new Map(blocksOf(obs.public.side).map((b) => [b.id, b]));
  const byDistrict = new Map();
  for (const move of moves) {
    const b = blocks.get(move.params.block);
    byDistrict.set(b.district, [...(byDistrict.get(b.district) || []), [b, move]]);
  }
  return h("div", { class: "dom-block-list" }, [...byDistrict.entries()].sort((x, y) => x[0] - y[0]).map(([d, items]) =>
    h("div", { class: "dom-block-row", "data-district": DISTRICTS[d].id }, h("span", { class: "dom-block-row-name" }, DISTRICTS[d].name),
      items.map(([b, move]) => moveButton(ctx, move, `${b.number}`, { "aria-label": moveLabel(obs, meta, move),
        title: `${moveLabel(obs, meta, move)} (${blockWorth(b)})` })))));
}

// An agent ability move with the ability's words under it.
function abilityButton(ctx, obs, meta, move) {
  const p = move.params;
  const id = obs.public.ranks[obs.seat]?.[Number(p.rank) - 1];
  const ability = AGENTS[id]?.abilities.find((ab) => String(ab.rank) === String(p.number));
  return moveButton(ctx, move, [h("span", {}, moveLabel(obs, meta, move)),
    ability ? h("small", { class: "dom-does" }, ability.does) : null]);
}

function districtButton(ctx, obs, meta, move) {
  const d = districtById.get(move.params.district);
  return moveButton(ctx, move, [h("span", {}, moveLabel(obs, meta, move)), d ? h("small", { class: "dom-does" }, d.ability) : null]);
}

// Block targets: highlighted on the map, and listed by district; a long list opens on
// request (and stays open across redraws once opened).
const LONG_LIST = 12;
let listOpen = false;

function targetList(ctx, obs, meta, moves, title) {
  const hint = `Click a highlighted block on the map (${moves.length}), or pick one by district`;
  if (moves.length <= LONG_LIST) {
    return h("section", { class: "dom-group dom-targets" }, title ? h("h3", {}, title) : "",
      h("p", { class: "muted" }, `${hint}:`), blockList(ctx, obs, meta, moves));
  }
  const list = h("details", { class: "dom-group dom-targets", open: listOpen },
    h("summary", {}, title ? h("h3", {}, title) : "", h("small", { class: "muted" }, `${hint} in this list`)),
    blockList(ctx, obs, meta, moves));
  list.addEventListener("toggle", () => { listOpen = list.open; });
  return list;
}

function group(title, ...content) {
  return h("section", { class: "dom-group" }, h("h3", {}, title), ...content);
}

const EVENT_FAMILIES = ["raise", "answer", "adjust", "spend"];
const BASIC = ["crown", "rally", "recruit", "whitewash"];

function decisionPanel(ctx, obs, meta) {
  const legal = ctx.msg.legal;
  if (!legal.length) {
    if (["over", "resigned"].includes(meta.status)) ctx.actions.append(finalStanding(obs, meta));
    else renderActions(ctx);
    return;
  }
  const step = obs.step.step;
  const [title, help] = stepWords(obs);
  const panel = h("div", { class: "legal dom-decision", id: "legal", "data-step": step });
  const agentMoves = legal.filter((m) => m.params?.agent !== undefined || m.family === "agent");
  const blockTargets = legal.filter((m) => m.params?.block);
  const rest = legal.filter((m) => !agentMoves.includes(m) && !blockTargets.includes(m));
  const eventNow = zone(obs, "event").cards || [];
  if (step === "action") {
    const of = (...families) => rest.filter((m) => families.includes(m.family));
    const abilities = of("ability", "extra");
    const districts = of("use");
    const basic = of(...BASIC);
    const others = rest.filter((m) => ![...abilities, ...districts, ...basic].includes(m));
    panel.append(
      abilities.length ? group("Use an agent", h("div", { class: "dom-buttons" }, abilities.map((m) => abilityButton(ctx, obs, meta, m)))) : "",
      districts.length ? group("Use a district you control", h("div", { class: "dom-buttons" }, districts.map((m) => districtButton(ctx, obs, meta, m)))) : "",
      blockTargets.length ? targetList(ctx, obs, meta, blockTargets, "Inspire: buy influence in a block") : "",
      basic.length || others.length ? group("Basic abilities", h("div", { class: "dom-buttons" },
        [...basic, ...others].map((m) => moveButton(ctx, m, moveLabel(obs, meta, m))))) : "",
      agentMoves.length ? group("Replace an agent in your ranks with one from your hand", agentChoices(ctx, obs, meta, agentMoves)) : "");
  } else {
    if (rest.some((m) => EVENT_FAMILIES.includes(m.family)) && eventNow.length) {
      panel.append(h("div", { class: "dom-choices" }, eventNow.map((id) => eventCard(id))));
    }
    if (agentMoves.length) panel.append(agentChoices(ctx, obs, meta, agentMoves));
    if (blockTargets.length) panel.append(targetList(ctx, obs, meta, blockTargets, null));
    if (rest.length) {
      panel.append(h("div", { class: "dom-buttons" }, rest.map((m) => (m.family === "use" ? districtButton(ctx, obs, meta, m)
        : moveButton(ctx, m, moveLabel(obs, meta, m))))));
    }
  }
  ctx.actions.append(h("h2", { id: "dom-decision-title" }, title), help ? h("p", { class: "dom-help" }, help) : "", panel);
}

// At the end: each player's VP as the engine scores it, beside the districts it controls
// and the exposure it carries.
function finalStanding(obs, meta) {
  const pub = obs.public;
  const seats = [...pub.standing.keys()].sort((a, b) => pub.standing[b] - pub.standing[a]);
  return h("section", { class: "dom-final", id: "dom-final" }, h("h2", {}, "Final VP"),
    h("ol", {}, seats.map((s) => {
      const held = DISTRICTS.map((d, i) => [d, i]).filter(([, i]) => pub.control[i] === s)
        .map(([d, i]) => `${d.name} (${pub.vp[i]} VP)`);
      return h("li", { "data-final": s }, h("strong", {}, `${seatName(meta, s)}: ${number(pub.standing[s])} VP`),
        h("br"), h("small", {}, `Controls ${held.length ? held.join(", ") : "no district"} · exposure ${pub.exposure[s]}`
          + ` · ${pub.crowns[s]} crown${pub.crowns[s] === 1 ? "" : "s"}`));
    })));
}

// -- the conspiracies ----------------------------------------------------------------

function ranksRow(obs, seat) {
  const pub = obs.public;
  const tiles = pub.ranks[seat].map((id, r) => {
    const state = `${pub.down[seat][r] ? " · face down" : ""}${pub.used[seat][r] ? " · used" : ""}`;
    const tile = agentCard(id, { "data-rank": r + 1 }, `Rank ${r + 1}${state}`);
    if (pub.down[seat][r]) tile.classList.add("down");
    if (pub.used[seat][r]) tile.classList.add("used");
    return tile;
  });
  const chosen = zone(obs, "chosen", seat);
  const secret = (chosen.cards || []).length
    ? chosen.cards.map((id) => agentCard(id, { "data-chosen": "" }, "Chosen, face down until the reveal"))
    : Array.from({ length: chosen.size }, () => cardBack("agent", "an agent chosen in secret"));
  return h("div", { class: "row", "data-row": `ranks-${seat}` }, h("small", { class: "group-label" }, "Ranks"),
    h("div", { class: "dom-cards" }, tiles.length || secret.length ? [...tiles, ...secret] : h("small", { class: "muted" }, "none yet")));
}

function handOf(obs, seat, name, label) {
  const held = zone(obs, name, seat);
  if (!held.cards) {
    return heldHand(label, { count: held.size, back: "agent", hidden: "an agent", name: `${name}-${seat}` });
  }
  const group = heldHand(label, { cards: held.cards.map((id) => agentCard(id)), name: `${name}-${seat}` });
  group.classList.add("dom-cards");
  return group;
}

function playersPanel(ctx, obs, meta) {
  const pub = obs.public;
  const msg = ctx.msg;
  return h("div", { class: "dom-players", id: "dom-players" }, pub.order.map((s) => {
    const mine = s === obs.seat;
    const dealt = zone(obs, "dealt", s);
    return h("div", { class: `dom-player${mine ? " me" : ""}${msg.current.includes(s) ? " acting" : ""}`,
      "data-player": s, style: `border-left-color:${COLOURS[s]}` },
    h("div", { class: "dom-player-head" }, h("span", { class: "dom-swatch", style: `background:${COLOURS[s]}` }),
      h("strong", {}, seatName(meta, s), mine ? " (you)" : ""),
      s === pub.order[0] ? h("span", { class: "dom-marker" }, "scapegoat") : null),
    h("div", { class: "dom-stats" },
      h("span", { "data-crowns": pub.crowns[s] }, h("small", {}, "Crowns "), h("strong", {}, String(pub.crowns[s]))),
      h("span", { "data-exposure": pub.exposure[s] }, h("small", {}, "Exposure "), h("strong", {}, String(pub.exposure[s]))),
      h("span", { "data-standing": pub.standing[s], title: "VP if the game ended now" }, h("small", {}, "VP so far "),
        h("strong", {}, number(pub.standing[s]))),
      pub.bonus[s] ? h("span", {}, h("small", {}, "Bonus actions "), h("strong", {}, String(pub.bonus[s]))) : null),
    ranksRow(obs, s),
    handOf(obs, s, "hand", "Hand"),
    dealt.size ? handOf(obs, s, "dealt", "Dealt") : null);
  }));
}

// -- styles (this view's own) ---------------------------------------------------------

const STYLE = `
.dom-board { display: block; margin-bottom: .8rem; }
.dom-map { display: block; width: 100%; height: auto; max-height: 86vh; margin: 0 auto; font-family: system-ui, sans-serif; }
.dom-water { fill: none; stroke: #bfe0ea; stroke-width: 44; }
.dom-link { stroke: #5aa7bd; stroke-width: 2.5; stroke-dasharray: 5 4; }
.dom-district-name { font: 700 14px Georgia, serif; fill: #3b2314; }
.dom-district-value { font: 700 12px system-ui, sans-serif; }
.dom-board.compact .dom-map { max-height: 52vh; }
.dom-district-control { font-size: 13px; }
.dom-block text { pointer-events: none; }
.dom-block-vp { font-size: 12px; fill: #5d4a3e; }
.dom-block.held .dom-block-vp, .dom-block.held .dom-block-number { fill: #fff; }
.dom-block-tokens { font: 700 20px system-ui, sans-serif; fill: #fff; }
.dom-block-number { font-size: 10px; fill: #9a8a7a; }
.dom-block.legal, .dom-district.legal { cursor: pointer; }
.dom-hub-area { fill: transparent; }
.dom-district.legal > rect, .dom-district.legal > .dom-hub-area { stroke: #178f82; stroke-width: 5; stroke-dasharray: 8 5; }
.dom-district.legal:hover > rect, .dom-district.legal:focus > rect, .dom-district.legal:hover > .dom-hub-area { fill: #dff3ef; }
.dom-district:focus { outline: none; }
.dom-block.legal:hover > rect, .dom-block.legal:hover > circle, .dom-block.legal:focus > rect,
.dom-block.legal:focus > circle { stroke: #0d5f56; stroke-width: 6; }
.dom-block:focus { outline: none; }
.dom-block.legal > :is(rect, circle):last-of-type { animation: dom-pulse 1.6s ease-in-out infinite; }
.dom-fresh-badge { font: 700 14px system-ui, sans-serif; fill: #8a5a00; paint-order: stroke; stroke: #fff; stroke-width: 4px; }
@keyframes dom-pulse { 50% { stroke-opacity: .45; } }
@media (prefers-reduced-motion: reduce) { .dom-block.legal > * { animation: none !important; } }
.dom-legend { font-size: .85rem; margin-top: .4rem; }
.dom-legend ul { margin: .3rem 0; padding-left: 1.1rem; }
.dom-standing { font-weight: 700; }
.dom-event-now > summary, .dom-legend > summary { cursor: pointer; font-size: .9rem; min-height: 44px; padding: .7rem 0;
  box-sizing: border-box; line-height: 1.3; }
.dom-help { margin: 0 0 .5rem; color: var(--muted, #6b5a4e); }
.dom-decision { display: flex; flex-direction: column; gap: .6rem; }
.dom-group h3 { font-size: .95rem; margin: .2rem 0 .3rem; }
.dom-targets > summary { cursor: pointer; min-height: 44px; padding: .6rem 0; box-sizing: border-box; line-height: 1.3; }
.dom-targets > summary h3 { display: inline; }
.dom-targets > summary h3 + small { display: block; margin-left: 1.1rem; line-height: 1.3; }
.dom-targets > p { margin: 0 0 .3rem; }
.dom-buttons { display: flex; flex-wrap: wrap; gap: .4rem; }
.dom-buttons button { display: flex; flex-direction: column; align-items: flex-start; text-align: left; max-width: 22rem; }
.dom-does { font-size: .75rem; opacity: .85; font-weight: 400; }
.dom-block-list { display: flex; flex-direction: column; gap: .3rem; }
.dom-block-row { display: flex; flex-wrap: wrap; align-items: center; gap: .3rem; }
.dom-block-row-name { min-width: 8.5rem; font-size: .85rem; font-weight: 700; }
.dom-block-row button { min-width: 44px; min-height: 44px; padding: 0 .5rem; }
.dom-choices, .dom-cards, .dom-cards.group { display: flex; flex-wrap: wrap; gap: .5rem; align-items: stretch; }
.dom-choice { display: flex; flex-direction: column; gap: .3rem; max-width: 100%; }
.tile.dom-card { width: 13rem; max-width: 100%; box-sizing: border-box; gap: .2rem; }
.tile.dom-card.dom-event { width: 18rem; }
.dom-card-head { display: flex; align-items: center; gap: .4rem; border-bottom: 2px solid #cbbba5; padding-bottom: .2rem; }
.dom-seal { display: inline-flex; align-items: center; justify-content: center; width: 1.5rem; height: 1.5rem; flex: none;
  border-radius: 50%; color: #fff; font: 700 .8rem Georgia, serif; box-shadow: inset 0 0 0 2px rgba(255,255,255,.35); }
.dom-traits { color: #9b1b3a !important; font-variant: small-caps; }
.dom-values { display: flex; gap: .3rem; font-size: .8rem; }
.dom-values span { flex: 1 1 0; min-width: 0; display: flex; flex-direction: column; align-items: center; padding: .05rem .3rem; background: #f4ede3; border-radius: 6px; }
.dom-values small { font-size: .65rem; }
.dom-abilities { margin: 0; padding-left: 1rem; font-size: .78rem; }
.dom-abilities em { font-style: normal; font-weight: 700; }
.dom-note { font-style: italic; }
.dom-rank { font-size: .7rem; text-transform: uppercase; letter-spacing: .05em; color: #7a6a5a; }
.dom-swatch { display: inline-block; width: .8rem; height: .8rem; border-radius: 3px; }
@media (max-width: 600px) {
  .tile.dom-card { width: 100%; }
  .dom-cards .tile.dom-card { width: calc(50% - .25rem); }
  .dom-choice { width: 100%; }
  .dom-block-row-name { min-width: 100%; }
  .dom-buttons button { max-width: 100%; }
}
`;

function ensureStyle() {
  if (document.getElementById("dom-style")) return;
  document.head.append(h("style", { id: "dom-style" }, STYLE));
}

export function render(given) {
  ensureStyle();
  const ctx = { ...given, move: moving(given) };
  const obs = ctx.msg.observation;
  const meta = ctx.msg.meta;
  const fresh = freshBlocks(ctx, obs);
  ctx.board.append(head(obs, meta), underWay(obs, meta) || "", mapPanel(ctx, obs, meta, fresh));
  const table = playersPanel(ctx, obs, meta);
  if (ctx.more) ctx.more.append(h("h2", {}, "The conspiracies"), table);
  else ctx.board.append(table);
  if (ctx.actions) decisionPanel(ctx, obs, meta);
  return true;
}
