// Vampire's Harvest: the Blood Pool, the turn and its Event, each Area's face-up
// Opportunities, every Vampire's Blood, tracks, Skills and Action cards, your own
// Bloodstones (others' as backs), the Actions revealed, the Initiative auction, and
// a fight's dice. Everything drawn comes from the observation the server sent this
// seat; the cards are drawn from the faces the game serves by id
// (/api/catalog/vampires-harvest/components), and the odds beside a fight or a
// seduction are the engine's notes on each move (its hints). Moves are found by
// their structured form (family and params); no rule is written here. Served by
// the server from this package as /games/vampires-harvest/view.js.

import { find } from "/static/moves.js";
import { h } from "/static/ui.js";
import { renderActions } from "/static/views/generic.js";
import { card, die, faceUpRow, heldHand, pick, scoreTrack, tableau } from "/static/widgets.js";

const faces = await fetch("/api/catalog/vampires-harvest/components").then((r) => r.json());
const CARDS = faces.cards;
const TRACKS = ["Tribute", "Slayer", "Seduction"];
// The Skills and Action cards by the names the game gives them.
const SKILLS = Object.values(faces.names.skills);
const ACTION_NAMES = faces.names.actions;
const COLOURS = ["#9b1b3a", "#2a7fc1", "#1f8a5b", "#c99a12", "#8e4585"];
const STEPS = { first: "setup", roll: "a die is rolled", draw: "a card is drawn",
  broker: "Power Broker", auction: "the Initiative auction", skills: "raising Skills",
  select: "choosing Actions in secret", late: "Late Decisions in secret", face: "choosing an Opportunity",
  attempt: "meeting an Opportunity", reroll: "Blood Fury rerolls", keep: "keeping Seduction cards",
  train: "training", trainer: "a Trainer Skill", over: "game over" };

const pct = (p) => `${Math.round(p * 100)}%`;
const seatName = (meta, seat) => meta.seats[seat]?.name || `Player ${seat + 1}`;

// A zone of the observation by name (and owner): its cards, or null where hidden.
function zone(obs, name, seat = null) {
  const id = seat === null ? name : `${name}/${seat}`;
  return obs.zones.zones.find((z) => z.zone === id) || { zone: id, size: 0, cards: [] };
}

// What a card's face says under its name.
function faceText(c) {
  if (c.kind === "tribute") return `Tribute: pay ${c.cost} Blood for ${c.reward}`;
  if (c.kind === "slay") return `Slay: strength ${c.strength}, wins ${c.reward}`;
  if (c.kind === "seduce") return `Seduce: ${c.reward} per Success`;
  if (c.deck === "seduction") return c.success ? "Success" : "no success";
  if (c.deck === "trainer") return `${c.cost} Skill Points · ${c.says}`;
  if (c.deck === "bloodstone") return `${c.when} · ${c.says}`;
  return c.says || "";
}

function cardTile(id, attrs = {}) {
  const c = CARDS[id];
  return card(`vh-card ${c.kind || c.deck}${c.success ? " success" : ""}`, c.name, faceText(c),
    { "data-card": c.text, ...attrs });
}

// The engine's note on a move, in words.
function noteText(note) {
  if (!note) return "";
  if (note.kind === "tribute") return `costs ${note.cost} Blood${note.affordable ? "" : " (too much)"}`;
  if (note.kind === "seduce") return `draw ${note.draw}, keep ${note.keep}: ${pct(note.success)} a Success`;
  if (note.kind === "slay") {
    const base = `${note.dice} dice, a hit on ${note.hit} or more, strength ${note.strength}: ${pct(note.success)}`;
    return note.with_rerolls === undefined ? base
      : `${base}; ${pct(note.with_rerolls)} rerolling every miss (${note.rerolls} rerolls at ${note.reroll_cost} Blood)`;
  }
  return pct(note.success);
}

// Each move in the game's words (move.label, the server's describe_action), with the
// engine's note on its odds.
function moveLabel(move) {
  const note = move.hint ? ` · ${noteText(move.hint)}` : "";
  return `${move.label || move.text}${note}`;
}

function head(obs, meta) {
  const pub = obs.public;
  const event = zone(obs, "event").cards || [];
  return h("div", { class: "vh-head" },
    h("div", { class: "vh-turn" }, h("span", { class: "big", id: "vh-turn" }, `Turn ${pub.turn} of 12`),
      h("small", { class: "muted" }, ` · ${STEPS[obs.step.step] || obs.step.step}`)),
    h("div", { class: "vh-pool", id: "vh-pool", "data-pool": pub.pool },
      h("small", {}, "Blood Pool"), h("strong", {}, String(pub.pool))),
    h("div", { class: "vh-initiative", id: "vh-initiative", "data-seat": pub.initiative },
      h("small", {}, "Initiative"), h("strong", {}, seatName(meta, pub.initiative)),
      pub.initiative_locked ? h("small", { class: "muted" }, " (won at auction: held this turn)") : null),
    h("div", { class: "vh-event", id: "vh-event" }, h("small", {}, "Event"),
      event.length ? event.map((id) => cardTile(id))
        : h("em", { class: "muted" }, obs.step.step === "over" ? "none: the game is over" : "none yet")));
}

function auctionPanel(obs, meta) {
  const auction = obs.public.auction;
  if (!auction) return null;
  return h("div", { class: "vh-auction", id: "vh-auction", "data-bid": auction.bid },
    h("strong", {}, "Initiative auction: "),
    `${seatName(meta, auction.leader)} bids ${auction.bid} Blood; still in: `,
    auction.bidders.map((s) => seatName(meta, s)).join(", "));
}

function areasPanel(ctx, obs) {
  const pub = obs.public;
  const legal = ctx.msg.legal;
  const rows = [];
  for (let a = 1; a <= pub.areas; a += 1) {
    const closed = pub.closed.includes(a);
    const cards = (zone(obs, `area-${a}`).cards || []).map((id) => {
      const move = find(legal, "face", { card: CARDS[id].text });
      const tile = cardTile(id, move?.hint ? { "data-success": move.hint.success ?? "" } : {});
      if (move?.hint) tile.append(h("small", { class: "vh-note" }, noteText(move.hint)));
      return pick(tile, move, (m) => ctx.move(m.text, m));
    });
    const row = faceUpRow(`Area ${a}${closed ? " (closed this turn)" : ""}`, cards, `area-${a}`);
    if (closed) row.classList.add("closed");
    rows.push(row);
  }
  return h("div", { class: "vh-areas", id: "vh-areas" }, rows);
}

// The Opportunity being attempted, its dice, and the Seduction cards drawn and kept.
function facingPanel(ctx, obs, meta) {
  const pub = obs.public;
  const legal = ctx.msg.legal;
  const panel = h("div", { class: "vh-facing", id: "vh-facing" });
  if (obs.seat !== null) {
    const encounter = zone(obs, "encounter", obs.seat).cards || [];
    if (encounter.length) {
      panel.append(faceUpRow("Your Chance Encounter: keep one", encounter.map((id) =>
        pick(cardTile(id), find(legal, "face", { card: CARDS[id].text }), (m) => ctx.move(m.text, m))),
      "encounter"));
    }
  }
  if (pub.facing !== null) {
    panel.append(h("div", { class: "vh-attempt" },
      h("small", { class: "group-label" }, pub.facing_area ? `Attempted in Area ${pub.facing_area}`
        : "Chance Encounter"), cardTile(pub.facing, { id: "vh-facing-card" }),
      pub.fury ? h("strong", { class: "vh-fury" }, "Blood Fury!") : null));
    if (pub.dice.length) {
      panel.append(h("div", { class: "dice-row", id: "vh-dice" }, h("span", { class: "row-label" }, "Combat dice"),
        pub.dice.map((f) => die(f, { size: 40 }))));
    }
  }
  for (let s = 0; s < meta.seats.length; s += 1) {
    const kept = zone(obs, "kept", s).cards || [];
    const drawn = s === obs.seat ? zone(obs, "drawn", s).cards || [] : [];
    if (drawn.length) {
      panel.append(faceUpRow("Seduction cards you drew", drawn.map((id) =>
        pick(cardTile(id), find(legal, "keep", { card: CARDS[id].text }), (m) => ctx.move(m.text, m))), "drawn"));
    } else if (s !== obs.seat && zone(obs, "drawn", s).size) {
      panel.append(heldHand(`${seatName(meta, s)} drew`, { count: zone(obs, "drawn", s).size, back: "seduction",
        hidden: "a Seduction card not yet kept", name: `drawn-${s}` }));
    }
    if (kept.length) panel.append(faceUpRow(`${seatName(meta, s)} kept`, kept.map((id) => cardTile(id)), `kept-${s}`));
  }
  return panel.firstChild ? panel : null;
}

// The Action cards a seat still holds (those discarded after use are gone).
function actionCards(pub, seat) {
  const areas = Array.from({ length: pub.areas }, (_, i) => `area-${i + 1}`);
  return ["train", "harvest", "chance-encounter", ...areas, "late-decision"]
    .filter((c) => !pub.discarded[seat].includes(c));
}

function actionNote(obs, msg, seat) {
  const pub = obs.public;
  if (pub.revealed[seat]) return h("span", { class: "vh-revealed", "data-revealed": pub.revealed[seat] },
    `Action: ${ACTION_NAMES[pub.revealed[seat]]}`);
  const secret = obs.step.mode === "secret";
  if (seat === obs.seat && obs.private?.chosen) {
    return h("span", { class: "vh-chosen" }, `You chose ${ACTION_NAMES[obs.private.chosen]} (face down)`);
  }
  if (secret && !obs.step.seats.includes(seat) && ["select", "late"].includes(obs.step.step)) {
    return h("span", { class: "vh-ready" }, "chosen ✓ (face down)");
  }
  if (secret && msg.current.includes(seat)) return h("span", { class: "muted" }, "choosing…");
  return null;
}

function playersPanel(obs, msg, meta) {
  const pub = obs.public;
  const list = h("div", { class: "vh-players", id: "vh-players" });
  pub.blood.forEach((blood, s) => {
    const mine = s === obs.seat;
    const hand = zone(obs, "hand", s);
    const stones = hand.cards
      ? heldHand("Bloodstones", { cards: hand.cards.map((id) => cardTile(id)), name: `hand-${s}` })
      : heldHand("Bloodstones", { count: hand.size, back: "bloodstone", hidden: "a Bloodstone", name: `hand-${s}` });
    const trained = (zone(obs, "trained", s).cards || []).map((id) => cardTile(id));
    list.append(h("div", { class: `vh-player${mine ? " me" : ""}${msg.current.includes(s) ? " acting" : ""}`,
      "data-player": s, style: `border-left-color:${COLOURS[s]}` },
      h("div", { class: "vh-player-head" }, h("strong", {}, seatName(meta, s), mine ? " (you)" : ""),
        s === pub.initiative ? h("span", { class: "vh-marker", title: "holds the Initiative" }, "Initiative") : null,
        actionNote(obs, msg, s)),
      h("div", { class: "vh-stats" },
        h("span", { "data-blood": blood }, h("small", {}, "Blood "), h("strong", {}, String(blood))),
        TRACKS.map((t, i) => h("span", { "data-track": t.toLowerCase() }, h("small", {}, `${t} `),
          h("strong", {}, String(pub.tracks[s][i])))),
        h("span", { "data-skill-points": pub.skill_points[s] }, h("small", {}, "Skill Points "),
          h("strong", {}, String(pub.skill_points[s])))),
      h("div", { class: "vh-skills" }, SKILLS.map((name, i) => h("span", { class: "vh-skill",
        "data-skill": name }, `${name} ${pub.skills[s][i]}`))),
      h("div", { class: "vh-action-cards", "data-cards": actionCards(pub, s).join(" ") },
        h("small", {}, "Action cards: "), actionCards(pub, s).map((c) => ACTION_NAMES[c]).join(", "),
        pub.broker_used[s] ? h("small", { class: "muted" }, " · Power Broker used") : h("small", {}, " · Power Broker")),
      stones,
      trained.length ? tableau("Trainer Skills", [["taken", trained]], `trained-${s}`) : null));
  });
  return list;
}

function tracksPanel(obs, meta) {
  const pub = obs.public;
  const names = meta.seats.map((_, s) => seatName(meta, s));
  return h("div", { class: "vh-tracks", id: "vh-tracks" }, TRACKS.map((t, i) => h("div", { "data-track": t.toLowerCase() },
    h("small", { class: "group-label" }, t),
    scoreTrack(pub.tracks.map((row) => row[i]), { length: 25, names, colours: COLOURS }))));
}

function trainersPanel(ctx, obs) {
  const supply = zone(obs, "trainers").cards || [];
  return faceUpRow("Trainer Skills", supply.map((id) =>
    pick(cardTile(id), find(ctx.msg.legal, "trainer", { card: CARDS[id].text }), (m) => ctx.move(m.text, m))),
  "trainers");
}

export function render(ctx) {
  const obs = ctx.msg.observation;
  const meta = ctx.msg.meta;
  ctx.board.append(head(obs, meta), auctionPanel(obs, meta) || "", areasPanel(ctx, obs),
    facingPanel(ctx, obs, meta) || "");
  const table = h("div", {}, playersPanel(obs, ctx.msg, meta), tracksPanel(obs, meta), trainersPanel(ctx, obs));
  if (ctx.more) ctx.more.append(h("h2", {}, "The Vampires"), table);
  else ctx.board.append(table);
  if (ctx.actions) {
    renderActions({ ...ctx, label: moveLabel });
  }
  return true;
}
