// Dominare: the Season, the phase, the player order and scapegoat, the event in play;
// the eight districts with their VP and controller, each block with its bonus VP and
// the influence on it; every conspiracy's crowns, exposure, VP so far and ranks (an
// agent chosen in secret is a back until the reveal); your hand face up, others' as
// backs. Everything drawn comes from the observation the server sent this seat: who
// controls a district and each seat's VP so far are the engine's (public.control,
// public.standing), and the cards and blocks are drawn from the faces the game serves
// by id (/api/catalog/dominare/components). Moves are found by their structured form
// (family and params); no rule is written here: a block is clicked to place influence
// in it or to Inspire there, and how much comes next as buttons. Served by the server
// from this package as /games/dominare/view.js.

import { find } from "/static/moves.js";
import { h } from "/static/ui.js";
import { renderActions } from "/static/views/generic.js";
import { card, cardBack, faceUpRow, heldHand, pick } from "/static/widgets.js";

const faces = await fetch("/api/catalog/dominare/components").then((r) => r.json());
const AGENTS = faces.agents;
const EVENTS = new Map(faces.events.map((e) => [e.id, e]));
const DISTRICTS = faces.districts;
const agentByText = new Map(AGENTS.map((a) => [a.text, a]));
const eventByText = new Map(faces.events.map((e) => [e.text, e]));
const districtById = new Map(DISTRICTS.map((d) => [d.id, d]));
const COLOURS = ["#9b1b3a", "#2a7fc1", "#1f8a5b", "#c99a12", "#8e4585", "#4d4d4d"];
const NOBODY = -1;
const STEPS = { draw: "an agent is drawn", event: "the event is revealed", conspiracy: "a conspiracy is dealt",
  keep: "keeping agents in secret", select: "the Conspiracy Phase: choosing agents in secret",
  recruit: "recruiting", canvass: "the Canvassing Phase", spread: "the Canvassing Phase: spreading",
  action: "the Action Phase", extra: "an extra ability", block: "choosing a block", player: "choosing a player",
  district: "choosing a district", agent: "choosing an agent", sign: "up or down", spend: "spending crowns",
  amount: "choosing how much",
  adjust: "the Event Phase: the scapegoat's adjustment", deck: "drawing from a faction deck",
  discard: "discarding in secret", offer: "a trade is offered", trade: "a trade is answered",
  "hand-over": "handing over an agent", over: "game over" };

const seatName = (meta, seat) => meta.seats[seat]?.name || `Player ${seat + 1}`;
const districtName = (id) => districtById.get(id)?.name || id;
const agentName = (text) => agentByText.get(text)?.name || text;

// A zone of the observation by name (and owner): its cards, or null where hidden.
function zone(obs, name, seat = null) {
  const id = seat === null ? name : `${name}/${seat}`;
  return obs.zones.zones.find((z) => z.zone === id) || { zone: id, size: 0, cards: [] };
}

function agentText(a) {
  const values = `${a.faction} · ${a.traits.join(", ")} · influence ${a.influence}, income ${a.income}, `
    + `exposure ${a.exposure}${a.vp ? `, ${a.vp} VP` : ""}`;
  const abilities = a.abilities.map((ab) => `rank ${ab.rank}+: ${ab.does}`);
  if (a.revealed) abilities.unshift(`when revealed: ${a.revealed}`);
  return [values, ...abilities].join(" | ");
}

function agentTile(id, attrs = {}) {
  const a = AGENTS[id];
  return card(`dom-agent ${a.faction}`, a.name, agentText(a), { "data-card": a.text, ...attrs });
}

function eventTile(id) {
  const e = EVENTS.get(id);
  const seals = e.seals.map((s) => `${districtName(s.district)} ${s.amount}`).join(", ");
  const sections = e.sections.map((s) => `Season ${s.season}+ (${s.who}${s.mode === "first" ? "" : `, ${s.mode}`}): ${s.does}`);
  return card("dom-event", e.name, [`seals: ${seals}`, ...sections].join(" | "), { "data-event": e.text });
}

// How much an Inspire buys or a Whitewash moves, as the operation under way says.
function amountLabel(obs, amount) {
  const op = obs.public.ops[0];
  if (op?.act === "inspire") return `${amount} influence in ${op.where}`;
  if (op?.act === "whitewash") return `Exposure ${op.target} ${amount}`;
  return amount;
}

// Moves named for people; the engine's text stays on the button's data-action.
function moveLabel(obs, meta, move) {
  const p = move.params || {};
  const block = () => p.block;
  const player = () => seatName(meta, Number(p.player) - 1);
  // The agent in a seat's rank, as the ranks everyone sees hold it.
  const inRank = (seat, rank) => AGENTS[obs.public.ranks[seat]?.[Number(rank) - 1]]?.name || `rank ${rank}`;
  switch (move.family) {
    case "keep": return `Keep ${agentName(p.agent)}`;
    case "select": return `Place ${agentName(p.agent)} face down in your next rank`;
    case "place": return `Influence in ${block()}`;
    case "done": return "Done";
    case "ability": return `Ability ${p.number} of ${inRank(obs.seat, p.rank)} (rank ${p.rank})`;
    case "use": return `Use the ${districtName(p.district)} ability`;
    case "crown": return "Gain a crown";
    case "inspire": return `Inspire: buy influence in ${p.block}`;
    case "rally": return "Rally: flip your agents face up";
    case "recruit": return "Recruit: draw two, keep one";
    case "replace": return `Replace ${inRank(obs.seat, p.rank)} (rank ${p.rank}) with ${agentName(p.agent)}`;
    case "whitewash": return `Whitewash: exposure ${p.way}`;
    case "player": return `Player: ${player()}`;
    case "district": return `District: ${districtName(p.district)}`;
    case "agent": return `${player()}'s ${inRank(Number(p.player) - 1, p.rank)} (rank ${p.rank})`;
    case "adjust": return `Adjust ${p.way}`;
    case "spend": return `Spend ${p.crowns} crowns`;
    case "amount": return amountLabel(obs, p.amount);
    case "answer": return p.answer === "yes" ? "Yes" : "No";
    case "raise": return `Raise ${districtName(p.district)}`;
    case "deck": return `Draw from the ${p.deck} deck`;
    case "discard": return `Discard ${agentName(p.agent)}`;
    case "trade": return `Offer a trade to ${player()}`;
    case "give-crowns": return `Offer ${p.crowns} more crowns`;
    case "give": return `Give ${agentName(p.agent)}`;
    case "ask-crowns": return `Ask ${p.crowns} more crowns`;
    case "ask-agent": return "Ask for an agent";
    case "propose": return "Propose the trade";
    case "event": return `Event: ${eventByText.get(p.event)?.name || p.event}`;
    default: return move.label || move.text;
  }
}

function head(obs, meta) {
  const pub = obs.public;
  const event = zone(obs, "event").cards || [];
  const scapegoat = pub.order[0];
  return h("div", { class: "dom-head" },
    h("div", { class: "dom-season" }, h("span", { class: "big", id: "dom-season" },
      pub.season ? `Season ${pub.season} of 7` : "Set-up"),
      h("small", { class: "muted", id: "dom-phase", "data-step": obs.step.step },
        ` · ${STEPS[obs.step.step] || obs.step.step}`)),
    h("div", { class: "dom-order", id: "dom-order", "data-order": pub.order.join(" ") },
      h("small", {}, "Player order "),
      pub.order.map((s, i) => h("span", { class: `dom-seat${i === 0 ? " scapegoat" : ""}`, "data-seat": s,
        style: `border-color:${COLOURS[s]}` }, seatName(meta, s), i === 0 ? " (scapegoat)" : ""))),
    h("div", { class: "dom-event", id: "dom-event" }, h("small", {}, "Event"),
      event.length ? event.map((id) => eventTile(id))
        : h("em", { class: "muted" }, obs.step.step === "over" ? "none: the game is over" : "none yet")));
}

// The ability under way or the agent canvassing, as the engine's public fields say.
function underWay(obs, meta) {
  const pub = obs.public;
  const notes = [];
  if (pub.canvass) {
    notes.push(`${seatName(meta, pub.canvass.seat)}'s rank ${pub.canvass.rank} agent canvasses: `
      + `${pub.canvass.left} influence left to place`);
  }
  if (pub.ops.length) {
    const op = pub.ops[0];
    const who = seatName(meta, op.seat);
    if (op.act === "inspire") notes.push(`${who} inspires in ${op.where}: how much?`);
    else if (op.act === "whitewash") notes.push(`${who} whitewashes exposure ${op.target}: how far?`);
    else {
      notes.push(`${who}: ${op.act} ${op.amount}${op.target ? ` (${op.target})` : ""}`
        + `${op.where ? ` in ${op.where}` : ""}`);
    }
  }
  return notes.length ? h("div", { class: "dom-under-way", id: "dom-under-way" }, notes.join(" · ")) : null;
}

function blockTile(ctx, obs, meta, index, block) {
  const pub = obs.public;
  const owner = pub.owners[index];
  const tokens = pub.tokens[index];
  const tile = h("div", { class: `tile dom-block${owner === NOBODY ? " vacant" : ""}`, "data-block": block.id,
    "data-owner": owner, "data-influence": tokens,
    style: owner === NOBODY ? null : `border-color:${COLOURS[owner]}` },
  h("strong", {}, block.id),
  h("small", {}, `${block.vp >= 0 ? "+" : ""}${block.vp} VP`),
  h("small", { class: "dom-influence" }, owner === NOBODY ? "vacant"
    : `${seatName(meta, owner)}: ${tokens} influence`));
  const legal = ctx.msg.legal;
  const move = find(legal, "place", { block: block.id }) || find(legal, "inspire", { block: block.id });
  return pick(tile, move, (m) => ctx.move(m.text, m));
}

function boardPanel(ctx, obs, meta) {
  const pub = obs.public;
  const blocks = faces.boards[pub.side];
  return h("div", { class: "dom-board", id: "dom-board", "data-side": pub.side }, DISTRICTS.map((d, i) => {
    const holder = pub.control[i];
    return h("div", { class: "dom-district", "data-district": d.id, "data-vp": pub.vp[i], "data-control": holder,
      style: holder === NOBODY ? null : `border-color:${COLOURS[holder]}` },
    h("div", { class: "dom-district-head" }, h("strong", {}, d.name), h("span", { class: "dom-vp" }, `${pub.vp[i]} VP`),
      h("small", { class: "muted" }, holder === NOBODY ? "nobody controls it" : `controlled by ${seatName(meta, holder)}`),
      pub.district_used[i] ? h("small", { class: "muted" }, " · ability used") : null),
    h("small", { class: "dom-ability" }, d.ability),
    h("div", { class: "dom-blocks" }, blocks.map((b, index) => (b.district === i
      ? blockTile(ctx, obs, meta, index, b) : null))));
  }));
}

// A seat's ranks: each agent placed (face up, or face down once flipped) and the agent
// chosen in secret as a back until the reveal.
function ranksRow(ctx, obs, seat) {
  const pub = obs.public;
  const tiles = pub.ranks[seat].map((id, r) => {
    const tile = agentTile(id, { "data-rank": r + 1 });
    if (pub.down[seat][r]) tile.classList.add("down");
    if (pub.used[seat][r]) tile.classList.add("used");
    tile.prepend(h("small", { class: "dom-rank" }, `Rank ${r + 1}${pub.down[seat][r] ? " · face down" : ""}`
      + `${pub.used[seat][r] ? " · used" : ""}`));
    return tile;
  });
  const chosen = zone(obs, "chosen", seat);
  const secret = (chosen.cards || []).length
    ? chosen.cards.map((id) => agentTile(id, { "data-chosen": "" }))
    : Array.from({ length: chosen.size }, () => cardBack("agent", "an agent chosen in secret"));
  return faceUpRow("Ranks", [...tiles, ...secret], `ranks-${seat}`);
}

function handOf(ctx, obs, seat, name, label) {
  const held = zone(obs, name, seat);
  const legal = ctx.msg.legal;
  if (!held.cards) {
    return heldHand(label, { count: held.size, back: "agent", hidden: "an agent", name: `${name}-${seat}` });
  }
  const tiles = held.cards.map((id) => {
    const text = AGENTS[id].text;
    const move = ["select", "keep", "discard", "give"].map((f) => find(legal, f, { agent: text })).find(Boolean);
    return pick(agentTile(id), move, (m) => ctx.move(m.text, m));
  });
  return heldHand(label, { cards: tiles, name: `${name}-${seat}` });
}

function playersPanel(ctx, obs, meta) {
  const pub = obs.public;
  const msg = ctx.msg;
  return h("div", { class: "dom-players", id: "dom-players" }, pub.order.map((s) => {
    const mine = s === obs.seat;
    const dealt = zone(obs, "dealt", s);
    return h("div", { class: `dom-player${mine ? " me" : ""}${msg.current.includes(s) ? " acting" : ""}`,
      "data-player": s, style: `border-left-color:${COLOURS[s]}` },
    h("div", { class: "dom-player-head" }, h("strong", {}, seatName(meta, s), mine ? " (you)" : ""),
      s === pub.order[0] ? h("span", { class: "dom-marker" }, "scapegoat") : null),
    h("div", { class: "dom-stats" },
      h("span", { "data-crowns": pub.crowns[s] }, h("small", {}, "Crowns "), h("strong", {}, String(pub.crowns[s]))),
      h("span", { "data-exposure": pub.exposure[s] }, h("small", {}, "Exposure "),
        h("strong", {}, String(pub.exposure[s]))),
      h("span", { "data-standing": pub.standing[s] }, h("small", {}, "VP so far "),
        h("strong", {}, String(pub.standing[s]))),
      pub.bonus[s] ? h("span", {}, h("small", {}, "Bonus actions "), h("strong", {}, String(pub.bonus[s]))) : null),
    ranksRow(ctx, obs, s),
    handOf(ctx, obs, s, "hand", "Hand"),
    dealt.size ? handOf(ctx, obs, s, "dealt", "Dealt (keep one)") : null);
  }));
}

export function render(ctx) {
  const obs = ctx.msg.observation;
  const meta = ctx.msg.meta;
  ctx.board.append(head(obs, meta), underWay(obs, meta) || "", boardPanel(ctx, obs, meta));
  const table = playersPanel(ctx, obs, meta);
  if (ctx.more) ctx.more.append(h("h2", {}, "The conspiracies"), table);
  else ctx.board.append(table);
  if (ctx.actions) {
    renderActions({ ...ctx, label: (move) => moveLabel(obs, meta, move) });
  }
  return true;
}
