// Dark Tales (and its Cinderella expansion): the Setting cards with their texts, the
// middle of the table (Day or Night, the Ball at the Palace's cards face down), the deck's count, the
// discard pile's top and the side the tile pile's top shows; each player's VP, items,
// cards in front, tiles and hand. A tile shows everyone the side it shows; its other
// side is drawn only where the observation gives the seat the tile itself (its own tiles). Hands are backs with a count except the
// seat's own. Cards, Setting cards and tile sides are drawn from the faces the game
// serves by id (/api/catalog/dark-tales/components). Moves are found by their structured
// form (family and params); no rule is written here. Served by the server from this
// package as /games/dark-tales/view.js.

import { find } from "/static/moves.js";
import { h } from "/static/ui.js";
import { renderActions } from "/static/views/generic.js";
import { card, cardBack, faceUpRow, heldHand, pick } from "/static/widgets.js";

const faces = await fetch("/api/catalog/dark-tales/components").then((r) => r.json());
const CARDS = faces.cards;
const ITEMS = new Map(faces.items.map((i) => [i.item, i.name]));
const TYPES = { male: "Male", female: "Female", monster: "Monster", location: "Location", event: "Event" };
const GOES = { discard: "to the discard pile", front: "in front of you", middle: "to the middle" };
const STEPS = { setting: "the Setting cards are drawn", draw: "a card is drawn", item: "using an item",
  play: "playing a card", target: "choosing a card in play", "set-aside": "cards are set aside",
  tile: "taking or flipping a tile", "tile-draw": "a tile is taken", "tile-target": "choosing a tile to discard",
  dance: "forming couples at the Ball", over: "game over" };

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const seatName = (meta, seat) => meta.seats[seat]?.name || `Player ${seat + 1}`;

// A zone of the observation by name (and owner): its cards, or null where hidden.
function zone(obs, name, seat = null) {
  const id = seat === null ? name : `${name}/${seat}`;
  return obs.zones.zones.find((z) => z.zone === id) || { zone: id, size: 0, cards: [] };
}

// What a card's face says under its name: type, VP, symbol, Musical Notes, text.
function faceText(c) {
  const parts = [`${TYPES[c.type]} · ${c.vp} VP · goes ${GOES[c.goes]}`];
  if (c.time) parts.push(c.time === "day" ? "Day" : "Night");
  if (c.notes !== undefined) parts.push(`♪ ${c.notes} Musical Notes`);
  if (c.tiles) parts.push(`take or flip a tile ×${c.tiles}`);
  if (c.says) parts.push(c.says);
  if (c.ball) parts.push(c.ball);
  return parts.join(" · ");
}

function cardTile(id, attrs = {}) {
  const c = CARDS[id];
  return card(`dt-card ${c.type}`, c.name, faceText(c), { "data-card": c.text, ...attrs });
}

// A card in play, which a text or an item may ask the seat to choose.
function inPlay(ctx, id) {
  return pick(cardTile(id), find(ctx.msg.legal, "choose", { card: CARDS[id].text }), (m) => ctx.move(m.text, m));
}

function sideTile(face, attrs = {}) {
  const side = faces.faces[face];
  return card(`dt-side${side.framed ? " framed" : ""}`, side.framed ? "Framed side" : "Unframed side",
    side.says, { "data-face": face, ...attrs });
}

function settingsPanel(pub) {
  const a = pub.a_card === null ? null : faces.a_cards[pub.a_card];
  const b = pub.b_card === null ? null : faces.b_cards[pub.b_card];
  return h("div", { class: "dt-settings", id: "dt-settings", style: "display:flex;flex-wrap:wrap;gap:.4rem" },
    a ? card("dt-setting a", `A: ${a.name}`, a.uses.map((u) => `${ITEMS.get(u.item)}: ${u.says}`).join(" · "),
      { id: "dt-a-card" }) : null,
    b ? card("dt-setting b", `B: ${b.name}`, b.scores.map((s) => `${ITEMS.get(s.item)}: ${s.vp} VP each`).join(" · "),
      { id: "dt-b-card" }) : null);
}

function middlePanel(ctx, obs) {
  const pub = obs.public;
  const deck = zone(obs, "deck");
  const discard = zone(obs, "discard").cards || [];
  const top = discard.length ? discard[discard.length - 1] : null;
  const panel = h("div", { class: "dt-middle", id: "dt-middle" },
    h("div", { class: "dt-head" },
      h("span", { class: "big", id: "dt-turn" }, `Turn ${pub.turn}`),
      h("small", { class: "muted" }, ` · ${STEPS[obs.step.step] || obs.step.step}`),
      h("span", { id: "dt-deck", "data-count": deck.size }, ` · deck: ${plural(deck.size, "card")}`),
      h("span", { id: "dt-discard-count", "data-count": discard.length }, ` · discard pile: ${discard.length}`),
      pub.clock ? h("strong", { id: "dt-clock", "data-clock": pub.clock }, ` · It is ${pub.clock}.`) : null),
    settingsPanel(pub));
  if (pub.playing !== null) {
    panel.append(faceUpRow("Being played", [cardTile(pub.playing, { id: "dt-playing" })], "playing"));
  }
  if (pub.using !== null) {
    panel.append(h("p", { id: "dt-using" }, `Using a ${ITEMS.get(pub.using)}`));
  }
  panel.append(faceUpRow("Middle of the table", (zone(obs, "middle").cards || []).map((id) => inPlay(ctx, id)),
    "middle"));
  if (pub.clock) {
    panel.append(faceUpRow("Day and Night", (zone(obs, "clock").cards || []).map((id) => cardTile(id)), "clock"));
    const pile = ["tile-top", "tile-pile", "tile-bottom"].reduce((n, name) => n + zone(obs, name).size, 0);
    panel.append(ballCard(obs, pub));
    // The pile lies unframed side up: its top tile's side is there for everyone to see.
    panel.append(faceUpRow(`Tile pile (${plural(pile, "tile")}; its top shows)`,
      [pub.top === null ? null : sideTile(pub.top, { id: "dt-pile-top" })], "tile-pile"));
  }
  panel.append(faceUpRow("Discard pile (top)", [top === null ? null : cardTile(top, { id: "dt-discard-top" })],
    "discard"));
  return panel;
}

// The Ball at the Palace holds its cards face down: a back for each, with the count; under
// the back, the name of a card every player saw in play (the observation lists those in
// "ball"); a card from a hand or the deck is only counted ("ball-unseen").
function ballCard(obs, pub) {
  const known = zone(obs, "ball").cards || [];
  const unseen = zone(obs, "ball-unseen").size;
  const backs = [
    ...known.map((id) => h("div", { class: "dt-face-down", "data-known": CARDS[id].text },
      cardBack("card", `${CARDS[id].name}, face down (every player saw it in play)`),
      h("small", { class: "muted" }, CARDS[id].name))),
    ...Array.from({ length: unseen }, () => cardBack("card", "a card face down that nobody has seen")),
  ];
  const row = faceUpRow(`The Ball at the Palace: ${backs.length} face down (Balls held: ${pub.balls})`,
    backs, "ball");
  row.dataset.count = String(backs.length);
  return row;
}

// A player's tiles: the side each shows, and where the seat holds the tile itself (its own),
// the other side too.
function tilesOf(ctx, obs, seat) {
  const showing = obs.public.showing[seat];
  const held = zone(obs, "tiles", seat).cards;
  return showing.map((face, place) => {
    const params = { place: String(place + 1) };
    const discard = find(ctx.msg.legal, "discard-tile", { player: `p${seat + 1}`, ...params });
    const flip = seat === obs.seat ? find(ctx.msg.legal, "flip", params) : undefined;
    const shown = pick(sideTile(face, { "data-place": place + 1 }), discard || flip, (m) => ctx.move(m.text, m));
    if (!held) return shown;
    const tile = faces.tiles[String(held[place])];
    const other = tile.framed === face ? tile.unframed : tile.framed;
    return h("div", { class: "dt-tile", "data-place": place + 1 }, shown,
      h("small", { class: "muted" }, "other side (only you see it):"),
      sideTile(other, { "data-hidden-side": other }));
  });
}

// The couples a player formed at the latest Ball (by its own picks or the engine's best),
// each a Male and a Female side by side; they stay on show until the next Ball.
function couplesOf(pub, seat) {
  return pub.couples.filter(([dancer]) => dancer === seat).map(([, male, female]) =>
    h("div", { class: "dt-couple", "data-couple": `${CARDS[male].text} ${CARDS[female].text}`,
      style: "display:flex;align-items:center;gap:.3rem" },
    cardTile(male), h("small", { class: "muted" }, "dances with"), cardTile(female)));
}

function itemsOf(pub, seat) {
  return h("div", { class: "dt-items", "data-items": pub.items[seat].join(" ") },
    faces.items.map((item, i) => h("span", { "data-item": item.item },
      h("small", {}, `${item.names} `), h("strong", {}, String(pub.items[seat][i])), " ")));
}

function playersPanel(ctx, obs, meta) {
  const pub = obs.public;
  const list = h("div", { class: "dt-players", id: "dt-players" });
  pub.vp.forEach((vp, s) => {
    const mine = s === obs.seat;
    const hand = zone(obs, "hand", s);
    const held = hand.cards
      ? heldHand("Hand", { cards: hand.cards.map((id) => pick(cardTile(id),
        find(ctx.msg.legal, "play", { card: CARDS[id].text }), (m) => ctx.move(m.text, m))), name: `hand-${s}` })
      : heldHand("Hand", { count: hand.size, back: "card", hidden: "a card in hand", name: `hand-${s}` });
    const front = (zone(obs, "front", s).cards || []).map((id) => inPlay(ctx, id));
    const couples = couplesOf(pub, s);
    list.append(h("div", { class: `dt-player${mine ? " me" : ""}${ctx.msg.current.includes(s) ? " acting" : ""}`,
      "data-player": s },
    h("div", { class: "dt-player-head" }, h("strong", {}, seatName(meta, s), mine ? " (you)" : ""),
      s === pub.player && obs.step.step !== "over" ? h("span", { class: "dt-marker" }, " · to play") : null,
      h("span", { "data-vp": vp }, ` · ${vp} VP`),
      pub.clock ? h("small", { class: "muted", "data-ball-vp": pub.ball_vp[s] }, ` (${pub.ball_vp[s]} at Balls)`) : null),
    itemsOf(pub, s),
    faceUpRow(`In front (${front.length})`, front, `front-${s}`),
    pub.clock ? h("div", { class: "group", "data-group": `tiles-${s}`, style: "display:flex;flex-wrap:wrap;gap:.4rem" },
      h("small", { class: "group-label" }, `Tiles (${pub.showing[s].length})`), tilesOf(ctx, obs, s)) : null,
    couples.length ? faceUpRow("Couples at the latest Ball", couples, `couples-${s}`) : null,
    held));
  });
  return list;
}

export function render(ctx) {
  const obs = ctx.msg.observation;
  const meta = ctx.msg.meta;
  ctx.board.append(middlePanel(ctx, obs));
  const players = playersPanel(ctx, obs, meta);
  if (ctx.more) ctx.more.append(h("h2", {}, "The players"), players);
  else ctx.board.append(players);
  // Each move's words are the server's (move.label: the game's describe_action).
  if (ctx.actions) renderActions({ ...ctx, label: (move) => move.label || move.text });
  return true;
}
