// The ballroom web client: lobby, live game page and replay page.
// Plain ES modules, no build step. Everything game-specific lives in the
// game's own package (web/view.js, served as /games/<game-id>/view.js, the
// catalog's "view"); games without one use /static/views/generic.js.

import { h, clear, toast } from "/static/ui.js";
import { decorate, outcomeBreakdown } from "/static/explain.js";
import { howToPlayButton } from "/static/help.js";
import { cardText } from "/static/cardtext.js";
import { logPanel } from "/static/log.js";
import { animateChanges, motionSwitch, snapshot } from "/static/motion.js";

const app = document.getElementById("app");
const catalogPromise = fetch("/api/catalog").then((r) => r.json());

// -- seat tokens: kept in this browser, one list per game --------------------

function tokensFor(gameId) {
  try {
    return JSON.parse(localStorage.getItem(`ballroom:tokens:${gameId}`) || "[]");
  } catch {
    return [];
  }
}

function addToken(gameId, token) {
  const tokens = tokensFor(gameId);
  if (!tokens.includes(token)) tokens.push(token);
  localStorage.setItem(`ballroom:tokens:${gameId}`, JSON.stringify(tokens));
}

// The creator's token (the one "Create game" gave) may re-issue seat links
// and hand an absent player's seat to a bot at any time.
function creatorOf(gameId) {
  return localStorage.getItem(`ballroom:creator:${gameId}`);
}

function setCreator(gameId, token) {
  localStorage.setItem(`ballroom:creator:${gameId}`, token);
}

// Every token this browser holds for a game, as the API's x-ballroom-token header.
function tokenHeader(gameId) {
  return [creatorOf(gameId), ...tokensFor(gameId)].filter(Boolean).join(",");
}

// A seat link carries its tokens after "#", so they never reach a server log.
function seatLink(gameId, tokens) {
  return `${location.origin}/g/${gameId}#tokens=${tokens.join(",")}`;
}

function ago(seconds) {
  if (seconds < 60) return "just now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86400)} d ago`;
}

async function api(path, options = {}) {
  const response = await fetch(path, options);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = typeof body.detail === "string" ? body.detail : JSON.stringify(body.detail);
    throw new Error(detail || response.statusText);
  }
  return body;
}

// The full record (seed included) is published when a game ends; during play a
// seated player may download only what their seat has seen, and a spectator nothing.
function recordButton(gameId, status, seat) {
  if (status !== "playing") {
    return h("a", { class: "button", href: `/api/games/${gameId}/record`, download: "", id: "download" },
      "Download record");
  }
  if (seat === null) return null;
  return h("button", { id: "download", onclick: async () => {
    try {
      const response = await fetch(`/api/games/${gameId}/record?seat=${seat}`,
        { headers: { "x-ballroom-token": tokensFor(gameId).join(",") } });
      if (!response.ok) throw new Error((await response.json()).detail || response.statusText);
      const link = h("a", { href: URL.createObjectURL(await response.blob()),
        download: `${gameId}-seat${seat + 1}.json` });
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    } catch (error) {
      toast(error.message, "error");
    }
  } }, "Download my record");
}

const GENERIC = "/static/views/generic.js";

// -- lobby --------------------------------------------------------------------

async function lobby() {
  const catalog = await catalogPromise;
  clear(app);
  const form = h("form", { class: "card create", id: "create-form" });
  const gameSelect = h(
    "select",
    { name: "game", id: "game-select" },
    catalog.map((g) => h("option", { value: g.id }, g.name)),
  );
  const summary = h("p", { class: "muted summary" });
  const players = h("input", { type: "number", name: "players", id: "players", value: 2 });
  const optionsBox = h("div", { class: "options" });
  const seatsBox = h("div", { class: "seats-setup", id: "seats-setup" });
  const hotseat = h("input", { type: "checkbox", id: "hotseat", name: "hotseat" });
  const listed = h("input", { type: "checkbox", id: "open", name: "open" });

  function entry() {
    return catalog.find((g) => g.id === gameSelect.value);
  }

  function clampPlayers() {
    const g = entry();
    players.min = g.min_players;
    players.max = g.max_players;
    const n = Math.min(g.max_players, Math.max(g.min_players, Number(players.value) || 2));
    if (Number(players.value) !== n) players.value = n;
  }

  function drawOptions() {
    const g = entry();
    summary.textContent = g.summary;
    clampPlayers();
    clear(optionsBox);
    for (const option of g.options) {
      let input;
      if (option.kind === "choice") {
        input = h("select", { "data-option": option.name },
          option.choices.map((c, i) => h("option", { value: c }, option.choice_labels[i])));
      } else if (option.kind === "flag") {
        input = h("input", { type: "checkbox", "data-option": option.name });
        input.checked = option.default;
      } else {
        input = h("input", { type: "number", "data-option": option.name, value: option.default,
          min: option.minimum ?? "", max: option.maximum ?? "" });
      }
      optionsBox.append(h("label", { class: "field", title: option.doc },
        h("span", {}, option.label), input, h("small", { class: "muted" }, option.doc)));
    }
    drawSeats();
  }

  function drawSeats() {
    const g = entry();
    const n = Number(players.value);
    const previous = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    clear(seatsBox);
    const allowed = ["human", ...g.bots];
    for (let i = 0; i < n; i++) {
      const select = h("select", { "data-seat": i, "aria-label": `seat ${i + 1}` }, [
        h("option", { value: "human" }, "Person"),
        ...g.bots.map((b) => h("option", { value: b }, `Bot: ${b}`)),
      ]);
      // A choice made for the previous game stays only if this game offers it.
      select.value = allowed.includes(previous[i]) ? previous[i]
        : i === 0 ? "human" : g.bots[0] || "human";
      seatsBox.append(h("label", { class: "seat-line" },
        h("span", { class: "seat-name" }, g.seat_names[i] || `Player ${i + 1}`), select));
    }
  }

  gameSelect.addEventListener("change", drawOptions);
  players.addEventListener("change", () => {
    clampPlayers();
    drawSeats();
  });

  form.append(
    h("h2", {}, "New game"),
    h("label", { class: "field" }, h("span", {}, "Game"), gameSelect),
    h("div", { class: "summary-line" }, summary, howToPlayButton(() => gameSelect.value, formOptions)),
    h("label", { class: "field" }, h("span", {}, "Players"), players),
    optionsBox,
    h("h3", {}, "Seats"),
    seatsBox,
    h("label", { class: "check" }, hotseat,
      h("span", {}, "Hotseat: every person plays on this device, passing it between turns")),
    h("label", { class: "check" }, listed,
      h("span", {}, "Open game: listed in the lobby, anyone may take a free seat "
        + "(otherwise only people with its join link)")),
    h("button", { type: "submit", class: "primary", id: "create" }, "Create game"),
  );
  // The rule options as the form stands.
  function formOptions() {
    const options = {};
    for (const input of optionsBox.querySelectorAll("[data-option]")) {
      options[input.dataset.option] = input.type === "checkbox" ? input.checked
        : input.type === "number" ? Number(input.value) : input.value;
    }
    return options;
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const g = entry();
    const options = formOptions();
    const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    try {
      const created = await api("/api/games", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ game: g.id, players: Number(players.value), options, seats,
          hotseat: hotseat.checked, open: listed.checked }),
      });
      addToken(created.id, created.token);
      setCreator(created.id, created.token);
      navigate(`/g/${created.id}`);
    } catch (error) {
      toast(error.message, "error");
    }
  });
  drawOptions();

  const upload = h("input", { type: "file", accept: ".json,application/json", id: "upload",
    "aria-label": "Upload a game record (JSON) to replay" });
  upload.addEventListener("change", async () => {
    const file = upload.files[0];
    if (!file) return;
    try {
      const created = await api("/api/records", { method: "POST", body: await file.text() });
      navigate(`/r/${created.id}`);
    } catch (error) {
      toast(error.message, "error");
    }
  });

  const recentList = h("ul", { class: "recent" });
  const side = h("div", { class: "side-col" },
    h("section", { class: "card" }, h("h2", {}, "Recent games"), recentList),
    h("section", { class: "card" }, h("h2", {}, "Watch a record"),
      h("p", { class: "muted" }, "Upload a GameRecord JSON (as saved by ", h("code", {}, "ballroom"),
        " or downloaded here) and replay it step by step."),
      h("label", { class: "file" }, upload)));
  app.append(h("div", { class: "lobby" }, form, side));

  const recent = await api("/api/games");
  for (const game of recent) {
    const path = game.status === "uploaded" ? `/r/${game.id}` : `/g/${game.id}`;
    const seats = game.seats.map((s) => (s.kind === "bot" ? `${s.name} (${s.left ? "left; " : ""}bot ${s.bot})`
      : s.claimed ? s.name : `${s.name} (free seat)`)).join(", ");
    const turn = game.status !== "playing" ? ""
      : game.waiting.length ? `${game.waiting.join(", ")} to move` : "dice rolling";
    recentList.append(h("li", { "data-game": game.id },
      h("div", { class: "recent-head" },
        h("a", { href: path, "data-link": "" }, game.name),
        h("span", { class: `chip ${game.status}` }, game.status)),
      h("small", { class: "recent-seats" }, seats),
      h("small", { class: "muted recent-turn" }, [turn, ago(game.age)].filter(Boolean).join(" · "))));
  }
  if (!recent.length) recentList.append(h("li", { class: "muted" }, "No games yet."));
}

// -- the live game page ---------------------------------------------------------

// A finished game's winners and final standings, from meta.result: the same for every game.
function resultBanner(meta) {
  const result = meta.result;
  if (meta.status !== "over" || !result) return null;
  const name = (p) => meta.seats[p]?.name || `seat ${p + 1}`;
  const winners = result.winners.map(name).join(" and ");
  const headline = `${winners} ${result.winners.length === 1 ? "wins" : "share the win"}!`;
  const resigned = new Set(result.resigned || []);
  let place = 1;
  const rows = result.ranking.map((group) => {
    const row = h("li", { "data-place": place },
      h("span", { class: "place" }, `${place}.`), " ", group.map(name).join(", "),
      group.some((p) => resigned.has(p)) ? h("small", { class: "muted" }, " (resigned)") : "");
    place += group.length;
    return row;
  });
  return h("div", { class: "banner result", id: "result", role: "status" },
    h("strong", {}, `★ ${headline.charAt(0).toUpperCase()}${headline.slice(1)}`),
    h("ol", { class: "standings" }, rows), outcomeBreakdown(meta));
}

async function gamePage(gameId) {
  const catalog = await catalogPromise;
  let meta;
  try {
    meta = await api(`/api/games/${gameId}`);
  } catch (error) {
    clear(app);
    app.append(h("div", { class: "card" }, h("h2", {}, "No such game"), h("p", {}, error.message),
      h("a", { href: "/", "data-link": "" }, "Back to the lobby")));
    return;
  }
  if (meta.status === "uploaded") return navigate(`/r/${gameId}`, true);
  const entry = catalog.find((g) => g.id === meta.game) || { view: GENERIC };
  const view = await import(entry.view);
  const generic = entry.view === GENERIC ? view : await import(GENERIC);

  // A seat link (#tokens=...) brings a player's seats to this device too.
  const linked = new URLSearchParams(location.hash.slice(1)).get("tokens");
  if (linked) {
    for (const token of linked.split(",")) if (token) addToken(gameId, token);
    history.replaceState(null, "", `/g/${gameId}${location.search}`);
  }

  // A join link (?seat=N, and a private game's join key) takes that seat if it is still free.
  const wanted = new URLSearchParams(location.search).get("seat");
  const joinKey = new URLSearchParams(location.search).get("join");
  if (wanted !== null) {
    history.replaceState(null, "", `/g/${gameId}`);
    const seat = meta.seats[Number(wanted)];
    if (seat && !seat.claimed) {
      try {
        const claimed = await api(`/api/games/${gameId}/seats/${wanted}/claim`, { method: "POST",
          headers: { "content-type": "application/json" }, body: JSON.stringify({ join: joinKey }) });
        addToken(gameId, claimed.token);
        toast(`You sit as ${seat.name}.`);
      } catch (error) {
        toast(error.message, "error");
      }
    } else if (seat) {
      toast(`${seat.name}'s seat is already taken; you are watching.`);
    }
  }

  const states = new Map(); // seat (or "spectator") -> last state message
  const logs = new Map(); // seat -> list of events
  let shown = null; // the seat whose screen is on display (hotseat: after the curtain)
  let drawnFor = null; // the seat whose screen the board shows now
  let curtainFor = null;
  let curtainUndo = null; // the seat whose take-back the curtain offers
  let socket = null;
  let closed = false;
  let online = false; // a socket is open and has said hello
  let retries = 0;
  let lastHeard = Date.now();
  let pending = false; // a move or undo was sent: no more until the next state
  let refocus = false; // that move was made from the keyboard: focus the moves again
  let myTurn = false;
  let shareChoice = null; // the invite panel as the person last left it (null: never touched)
  const issued = new Map(); // seat -> its re-issued link, shown to the creator

  clear(app);
  const title = h("h1", { class: "game-title" }, meta.name);
  const status = h("div", { class: "status-line", id: "status" });
  const seatBar = h("div", { class: "seat-bar", id: "seat-bar" });
  const board = h("section", { class: "board card", id: "board" });
  const actions = h("section", { class: "actions card", id: "actions" });
  const more = h("section", { class: "more card hidden", id: "more" }); // a view's extras below the moves
  const log = logPanel();
  const controls = h("div", { class: "controls", id: "controls" });
  const share = h("details", { class: "share card", id: "share" });
  const curtain = h("div", { class: "curtain hidden", id: "curtain" });
  const banner = h("div", { class: "conn-banner hidden", id: "connection", role: "status",
    "aria-live": "polite" });
  const notice = h("div", { class: "card notice hidden", id: "notice", role: "alert" });
  const announce = document.getElementById("announce");
  const table = h("div", { id: "table" }, // everything the curtain hides, also from the keyboard
    h("div", { class: "game-head" }, title, status,
      howToPlayButton(() => meta.game, () => meta.options)),
    seatBar,
    h("div", { class: "game-grid" },
      h("div", { class: "main-col" }, board, actions, more),
      h("aside", { class: "side-col" },
        log.element, controls, share)));
  app.append(banner, notice, table, cardText(table), curtain);

  function myStates() {
    return [...states.entries()].filter(([seat]) => seat !== "spectator");
  }

  function heldSeats() {
    return myStates().map(([seat]) => seat);
  }

  function pickShown(msg) {
    const held = heldSeats();
    if (!held.length) return "spectator";
    const acting = held.filter((seat) => msg.current.includes(seat));
    if (acting.length) return acting.includes(shown) ? shown : acting[0];
    return held.includes(shown) ? shown : held[0];
  }

  function send(payload) {
    if (!online || socket.readyState !== WebSocket.OPEN) {
      toast("Not connected: reconnecting… Nothing was sent; try again in a moment.", "error");
      return false;
    }
    socket.send(JSON.stringify(payload));
    return true;
  }

  // After a move or undo, every move control waits for the state it leads to,
  // so a double click cannot send a second move (the server refuses stale ones too).
  function busy(on) {
    pending = on;
    for (const el of [board, actions, more, controls]) {
      el.inert = on;
      el.classList.toggle("busy", on);
      el.setAttribute("aria-busy", String(on));
    }
  }

  function request(payload) {
    if (pending) return;
    const msg = states.get(shown);
    const active = document.activeElement;
    refocus = [board, actions, more].some((el) => el.contains(active)) && active !== document.body;
    if (send({ ...payload, seat: shown, ply: msg ? msg.ply : undefined })) busy(true);
  }

  function move(action) {
    request({ type: "move", action });
  }

  function undo(seat) {
    if (pending) return;
    const msg = states.get(seat);
    if (send({ type: "undo", seat, ply: msg ? msg.ply : undefined })) busy(true);
  }

  function drawSeats(msg) {
    clear(seatBar);
    for (const seat of msg.meta.seats) {
      const acting = msg.current.includes(seat.seat) && msg.meta.status === "playing";
      const mine = heldSeats().includes(seat.seat);
      const presence = !online ? "unknown" : seat.kind === "bot" || seat.connected ? "on" : "off";
      seatBar.append(h("div", { class: `seat-pill${acting ? " acting" : ""}${mine ? " mine" : ""}`,
        "data-seat": seat.seat },
        h("span", { class: `dot ${presence}`, title: presence === "unknown" ? "unknown while reconnecting"
          : presence === "on" ? "here" : "away" }),
        h("strong", {}, seat.name),
        h("small", {}, seat.resigned ? `resigned · bot ${seat.bot} plays`
          : seat.handed ? `away · bot ${seat.bot} plays`
          : seat.kind === "bot" ? `bot · ${seat.bot}` : mine ? "you"
          : seat.claimed ? "person" : "free seat")));
    }
  }

  function statusText(msg) {
    const m = msg.meta;
    const name = (p) => m.seats[p] ? m.seats[p].name : `seat ${p}`;
    if (m.status === "over" && m.result) {
      const w = m.result.winners.map(name).join(" and ");
      const quit = (m.result.resigned || []).map(name);
      const left = quit.length ? ` (${quit.join(" and ")} resigned.)` : "";
      return `Game over: ${w} ${m.result.winners.length === 1 ? "wins" : "share the win"}.${left}`;
    }
    if (m.status === "resigned") return `Game over: ${name(m.resigned)} resigned.`;
    if (m.status === "cut-off") {
      return "Game cut off: bots alone played past the game's turn limit; it ends unfinished, with no winner.";
    }
    const waiting = msg.current.filter((p) => p >= 0);
    if (!waiting.length) return "Rolling…";
    if (waiting.includes(shown)) return `Your move, ${name(shown)}.`;
    return `Waiting for ${waiting.map(name).join(", ")}.`;
  }

  function drawLog(msg) {
    log.show(logs.get(shown) || [], msg.meta.seats.map((seat) => seat.name));
  }

  function drawControls(msg) {
    clear(controls);
    const m = msg.meta;
    const row = h("div", { class: "button-row" });
    if (msg.undo && shown !== "spectator") {
      row.append(h("button", { id: "undo", onclick: () => undo(shown) }, "Undo my move"));
    } else if (msg.undo_refused && shown !== "spectator") {
      // The server says why this seat's last move cannot be taken back.
      row.append(h("p", { class: "muted", id: "undo-refused" }, msg.undo_refused));
    }
    if (m.status === "playing" && shown !== "spectator" && !m.seats[shown].resigned) {
      const after = m.players > 2 ? "A bot plays your seat from now on." : "The game ends.";
      row.append(h("button", { id: "resign", class: "danger", onclick: () => {
        if (confirm(`Resign as ${m.seats[shown].name}? ${after}`)) {
          send({ type: "resign", seat: shown });
        }
      } }, "Resign"));
    }
    if (m.status !== "playing" && heldSeats().length) {
      row.append(h("button", { id: "rematch", class: "primary", onclick: async () => {
        try {
          const tokens = tokensFor(gameId);
          const { id } = await api(`/api/games/${gameId}/rematch`, {
            method: "POST", headers: { "x-ballroom-token": tokens[0] || "" } });
          for (const token of tokens) addToken(id, token);
          if (creatorOf(gameId)) setCreator(id, creatorOf(gameId));
          navigate(`/g/${id}`);
        } catch (error) {
          toast(error.message, "error");
        }
      } }, "Rematch"));
    }
    // A spectator has no record to download during play (null): append only what exists.
    row.append(...[
      h("a", { class: "button", href: `/r/${gameId}`, "data-link": "", id: "replay-link" }, "Replay"),
      recordButton(gameId, m.status, shown === "spectator" ? null : shown),
    ].filter(Boolean));
    controls.append(h("section", { class: "card" }, row));
    const away = handovers(m);
    if (away) controls.append(away);
    if (m.rematch) {
      controls.append(h("section", { class: "card notice" }, "A rematch has started. ",
        h("a", { href: `/g/${m.rematch}`, "data-link": "", onclick: () => {
          for (const token of tokensFor(gameId)) addToken(m.rematch, token);
          if (creatorOf(gameId)) setCreator(m.rematch, creatorOf(gameId));
        } }, "Join the rematch")));
    }
  }

  // Absent players' seats: the creator may give one to a bot at once, a seated
  // player once the server says it has been away long enough (meta "idle").
  function handovers(m) {
    const held = heldSeats();
    const creator = Boolean(creatorOf(gameId));
    const away = m.seats.filter((s) => s.kind === "human" && s.away && !held.includes(s.seat));
    if (m.status !== "playing" || !away.length || (!creator && !held.length)) return null;
    const box = h("section", { class: "card notice", id: "away" }, h("h2", {}, "Away from the table"));
    for (const seat of away) {
      if (creator || seat.idle) {
        box.append(h("button", { "data-handover": seat.seat, onclick: () => handOver(seat) },
          `Let a bot play for ${seat.name}`));
      } else {
        box.append(h("p", { class: "muted" }, `${seat.name} is away. If nobody takes the seat `
          + `for ${m.absent_after} s, any player may hand it to a bot.`));
      }
    }
    return box;
  }

  async function handOver(seat) {
    if (!confirm(`Let a bot play ${seat.name}'s seat from now on?`)) return;
    try {
      const { bot } = await api(`/api/games/${gameId}/seats/${seat.seat}/bot`, {
        method: "POST", headers: { "x-ballroom-token": tokenHeader(gameId) } });
      toast(`The ${bot} bot plays for ${seat.name} now.`);
    } catch (error) {
      toast(error.message, "error");
    }
  }

  async function reissue(seat) {
    try {
      const { token } = await api(`/api/games/${gameId}/seats/${seat.seat}/link`, {
        method: "POST", headers: { "x-ballroom-token": tokenHeader(gameId) } });
      if (heldSeats().includes(seat.seat)) addToken(gameId, token);
      issued.set(seat.seat, seatLink(gameId, [token]));
      toast(`A new link for ${seat.name}; the old one no longer works.`);
      const msg = states.get(shown);
      if (msg) drawShare(msg);
    } catch (error) {
      toast(error.message, "error");
    }
  }

  function copyButton(url, label) {
    return h("button", { class: "small", onclick: () => {
      navigator.clipboard?.writeText(url).then(() => toast("Link copied."), () => {});
    } }, label);
  }

  function drawShare(msg) {
    clear(share);
    const free = msg.meta.seats.some((seat) => seat.kind === "human" && !seat.claimed);
    share.open = shareChoice ?? (free && msg.meta.status === "playing");
    share.append(h("summary", { onclick: () => { shareChoice = !share.open; } },
      "Invite players and spectators"));
    const list = h("ul", { class: "links" });
    const held = heldSeats();
    const creator = Boolean(creatorOf(gameId));
    for (const seat of msg.meta.seats) {
      if (seat.kind === "bot") continue;
      // A private game's join links carry its key, which only its seated players are sent.
      if (!seat.claimed && !msg.meta.open && !msg.join) continue;
      const key = msg.join ? `&join=${encodeURIComponent(msg.join)}` : "";
      const url = `${location.origin}/g/${gameId}?seat=${seat.seat}${key}`;
      const renewed = issued.get(seat.seat);
      list.append(h("li", { "data-seat": seat.seat }, h("span", {}, seat.name),
        seat.claimed ? h("small", { class: "muted" }, held.includes(seat.seat) ? "you" : "taken")
          : copyButton(url, "Copy join link"),
        seat.claimed && creator ? h("button", { class: "small", "data-reissue": seat.seat,
          title: "A new seat link for this player; the old one stops working",
          onclick: () => reissue(seat) }, "New seat link") : null,
        seat.claimed ? null : h("code", { class: "url" }, url),
        renewed ? h("code", { class: "url", "data-new-link": seat.seat }, renewed) : null));
    }
    if (held.length) {
      const mine = seatLink(gameId, tokensFor(gameId));
      const names = held.map((seat) => msg.meta.seats[seat].name).join(", ");
      list.append(h("li", {}, h("span", {}, "Your seat link"),
        h("small", { class: "muted" }, `plays ${names} on another device; keep it to yourself`),
        copyButton(mine, "Copy"), h("code", { class: "url", id: "my-seat-link" }, mine)));
    }
    list.append(h("li", {}, h("span", {}, "Spectators"),
      h("code", { class: "url" }, `${location.origin}/g/${gameId}`)));
    share.append(list);
  }

  // "Your move" in the tab title, and said once to screen readers when it becomes yours.
  function drawTurn() {
    const acting = [...states.values()].find((m) => m.legal && m.legal.length);
    const name = acting && acting.meta.seats[acting.seat] ? acting.meta.seats[acting.seat].name : "";
    document.title = `${acting ? "Your move · " : ""}${meta.name} · ballroom`;
    if (acting && !myTurn) announce.textContent = `Your move, ${name}.`;
    myTurn = Boolean(acting);
  }

  function render() {
    const msg = states.get(shown);
    if (!msg) return;
    if (curtainFor !== null) return;
    status.textContent = statusText(msg);
    status.className = `status-line ${msg.meta.status}`;
    drawSeats(msg);
    // The same seat's screen after a move animates what changed; another seat's does not.
    const before = drawnFor === shown ? snapshot(board, actions, more) : null;
    drawnFor = shown;
    clear(board);
    clear(actions);
    clear(more);
    const ctx = {
      board, actions, more, msg, meta: msg.meta, seat: shown === "spectator" ? null : shown,
      move, entry, live: true,
    };
    const handled = view.render(ctx);
    if (!handled) generic.renderActions(ctx);
    decorate(ctx, { gameId, token: tokenHeader(gameId) });
    const banner = resultBanner(msg.meta);
    if (banner) board.prepend(banner);
    more.classList.toggle("hidden", !more.firstChild);
    animateChanges(before, board, actions, more);
    drawLog(msg);
    drawControls(msg);
    drawShare(msg);
    if (refocus) {
      refocus = false;
      actions.querySelector("button, [tabindex='0']")?.focus();
    }
  }

  // The held seat that may take back its own last move (at most one: the last mover).
  function undoSeat() {
    const seat = heldSeats().find((s) => states.get(s).undo);
    return seat === undefined ? null : seat;
  }

  // Before the device is passed on, the person who just moved may take it back
  // (only her own move: another's may be a secret made behind this curtain).
  function showCurtain(seat, msg) {
    curtainFor = seat;
    curtainUndo = undoSeat();
    clear(curtain);
    curtain.classList.remove("hidden");
    const name = msg.meta.seats[seat].name;
    const mover = curtainUndo === null ? null : msg.meta.seats[curtainUndo].name;
    table.inert = true;
    const ok = h("button", { class: "primary", id: "curtain-ok", onclick: () => {
      curtainFor = null;
      shown = seat;
      curtain.classList.add("hidden");
      table.inert = false;
      render();
    } }, `I am ${name}: show my screen`);
    curtain.append(h("div", { class: "curtain-card", role: "dialog", "aria-modal": "true",
      "aria-label": `Pass the device to ${name}` },
      h("div", { class: "curtain-icon" }, "\u2766"),
      h("h2", {}, `Pass the device to ${name}`),
      h("p", {}, "Everyone else, please look away: the next screen shows secrets."),
      ok,
      mover === null ? null : h("p", {}, h("button", { id: "curtain-undo",
        onclick: () => undo(curtainUndo) }, `${mover}: take back my move`))));
    ok.focus();
  }

  function onState(msg) {
    if (!online) {
      online = true;
      banner.classList.add("hidden");
    }
    busy(false);
    const key = msg.seat === null ? "spectator" : msg.seat;
    const events = msg.reset ? msg.events : [...(logs.get(key) || []), ...msg.events];
    logs.set(key, events);
    states.set(key, msg);
    const next = pickShown(msg);
    // Hotseat: several people share this screen, so each sees only her own secrets.
    const hotseat = msg.meta.hotseat && msg.meta.seats.filter((s) => s.kind === "human").length > 1;
    // The curtain goes up whenever the seat to act becomes another person's,
    // however that happened (a move, a bot, an undo from here or another tab);
    // if it is already up for someone else, it names the new seat instead.
    const playing = hotseat && msg.meta.status === "playing" && next !== "spectator";
    if (shown === null) {
      shown = next;
      if (playing) return showCurtain(next, msg);
    } else if (curtainFor !== null) {
      if (playing && next !== curtainFor && msg.current.includes(next)) return showCurtain(next, msg);
      if (undoSeat() !== curtainUndo) showCurtain(curtainFor, msg);
    } else if (next !== shown) {
      if (playing) return showCurtain(next, msg);
      shown = next;
    }
    drawTurn();
    if (key === shown || (hotseat && curtainFor === null)) render();
  }

  // The socket: hello with this browser's tokens; when it drops, a visible
  // banner, presence unknown, clicks refused, and reconnection with backoff.
  function lost(reason) {
    online = false;
    busy(false);
    banner.textContent = `${reason ? `${reason}. ` : ""}Connection lost: reconnecting…`;
    banner.classList.remove("hidden");
    const msg = states.get(shown);
    if (msg && curtainFor === null) drawSeats(msg);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${gameId}`);
    socket = ws;
    ws.addEventListener("open", () => {
      retries = 0;
      lastHeard = Date.now();
      states.clear(); // the hello's answer holds everything, for the seats held now
      logs.clear();
      ws.send(JSON.stringify({ type: "hello", tokens: tokensFor(gameId) }));
    });
    ws.addEventListener("message", (event) => {
      lastHeard = Date.now();
      const msg = JSON.parse(event.data);
      if (msg.type === "state") onState(msg);
      else if (msg.type === "error") {
        busy(false);
        toast(msg.message, "error");
      }
    });
    ws.addEventListener("close", (event) => {
      if (closed || ws !== socket) return;
      lost(event.code === 4001 ? event.reason : "");
      if (event.code === 4001) {
        notice.textContent = `${event.reason}: this device keeps only the seats its other links still open.`;
        notice.classList.remove("hidden");
      }
      setTimeout(connect, Math.min(8000, 500 * 2 ** retries++));
    });
  }

  // A connection that went silent (no close ever arrives) is noticed by its missing pongs.
  const heartbeat = setInterval(() => {
    if (!online || socket.readyState !== WebSocket.OPEN) return;
    if (Date.now() - lastHeard > 25000) socket.close();
    else socket.send(JSON.stringify({ type: "ping" }));
  }, 10000);

  connect();
  return () => {
    closed = true;
    clearInterval(heartbeat);
    document.title = "ballroom";
    socket?.close();
  };
}

// -- the replay page -------------------------------------------------------------

async function replayPage(gameId) {
  const catalog = await catalogPromise;
  let meta;
  try {
    meta = await api(`/api/games/${gameId}`);
  } catch (error) {
    clear(app);
    app.append(h("div", { class: "card" }, h("h2", {}, "No such game"), h("p", {}, error.message)));
    return;
  }
  const entry = catalog.find((g) => g.id === meta.game) || { view: GENERIC };
  const view = await import(entry.view);
  const tokens = tokensFor(gameId);
  // A seated player replays through her own eyes, everyone else sees the public
  // view; once the game is over (its record public) anyone may switch to any
  // seat or the full table, where every secret event shows with who saw it.
  const header = { "x-ballroom-token": tokens.join(",") };
  const first = await api(`/api/games/${gameId}/replay?ply=0`, { headers: header });
  const over = meta.status !== "playing";
  let seat = first.held.length ? first.held[0] : null;
  let table = false;

  clear(app);
  const slider = h("input", { type: "range", min: 0, max: first.total, value: first.total,
    id: "replay-slider", "aria-label": "replay position" });
  const label = h("span", { class: "ply", id: "replay-ply", "aria-live": "polite" });
  const board = h("section", { class: "board card", id: "board" });
  const log = logPanel();
  const play = h("button", { id: "replay-play" }, "▶ Play");
  const step = (d) => {
    slider.value = Math.max(0, Math.min(first.total, Number(slider.value) + d));
    draw();
  };
  const viewpoint = h("div", { class: "status-line", id: "replay-view" });
  let chooser = null;
  if (over) {
    chooser = h("select", { id: "replay-viewpoint", "aria-label": "Watch the replay as" },
      h("option", { value: "public" }, "Public view"),
      h("option", { value: "table" }, "Full table (every secret)"),
      meta.seats.map((s) => h("option", { value: String(s.seat) }, `As ${s.name}`)));
    chooser.value = seat === null ? "public" : String(seat);
    chooser.addEventListener("change", () => {
      table = chooser.value === "table";
      seat = /^\d+$/.test(chooser.value) ? Number(chooser.value) : null;
      draw();
    });
  }
  function drawViewpoint() {
    viewpoint.textContent = table ? "Full table: every event, secrets included"
      : seat === null ? "Public view" : `As ${meta.seats[seat].name}`;
  }
  app.append(
    h("div", { class: "game-head" }, h("h1", { class: "game-title" }, `${meta.name}: replay`),
      viewpoint,
      howToPlayButton(() => meta.game, () => meta.options)),
    h("section", { class: "card replay-bar" },
      h("button", { onclick: () => step(-1), id: "replay-prev", "aria-label": "previous step" }, "◀"),
      slider,
      h("button", { onclick: () => step(1), id: "replay-next", "aria-label": "next step" }, "▶"),
      label, play,
      chooser ? h("label", { class: "viewpoint" }, h("span", {}, "Watch as"), chooser) : null,
      recordButton(gameId, meta.status, seat),
      meta.status === "uploaded" ? null
        : h("a", { class: "button", href: `/g/${gameId}`, "data-link": "" }, "Back to the game")),
    h("div", { class: "game-grid" },
      h("div", { class: "main-col" }, board),
      h("aside", { class: "side-col" }, log.element)),
  );

  let pending = 0;
  let drawnAs; // the viewpoint the board shows now
  async function draw() {
    const ply = Number(slider.value);
    const ticket = ++pending;
    const where = table ? "&table=true" : seat === null ? "" : `&seat=${seat}`;
    let frame;
    try {
      frame = await api(`/api/games/${gameId}/replay?ply=${ply}${where}`, { headers: header });
    } catch (error) {
      toast(error.message, "error");
      return;
    }
    if (ticket !== pending) return;
    drawViewpoint();
    label.textContent = `step ${frame.ply} of ${frame.total}`;
    const viewer = table ? "table" : seat;
    const before = drawnAs === viewer ? snapshot(board) : null;
    drawnAs = viewer;
    clear(board);
    view.render({ board, actions: null, msg: { ...frame, legal: [] }, meta: frame.meta,
      seat, move: () => {}, entry, live: false });
    animateChanges(before, board);
    log.show(frame.events, frame.meta.seats.map((s) => s.name));
    app.dataset.replayPly = String(frame.ply);
  }
  slider.addEventListener("input", draw);
  let timer = null;
  play.addEventListener("click", () => {
    if (timer) {
      clearInterval(timer);
      timer = null;
      play.textContent = "▶ Play";
      return;
    }
    if (Number(slider.value) >= first.total) slider.value = 0;
    play.textContent = "❚❚ Pause";
    timer = setInterval(() => {
      if (Number(slider.value) >= first.total) {
        clearInterval(timer);
        timer = null;
        play.textContent = "▶ Play";
        return;
      }
      step(1);
    }, 300);
  });
  draw();
  return () => timer && clearInterval(timer);
}

// -- routing ----------------------------------------------------------------------

let leave = null;

async function route() {
  if (leave) leave();
  leave = null;
  const path = location.pathname;
  let match;
  if ((match = path.match(/^\/g\/([\w-]+)$/))) leave = await gamePage(match[1]);
  else if ((match = path.match(/^\/r\/([\w-]+)$/))) leave = await replayPage(match[1]);
  else await lobby();
}

function navigate(path, replace = false) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  route();
}

document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-link]");
  if (link && !event.metaKey && !event.ctrlKey) {
    event.preventDefault();
    navigate(link.getAttribute("href"));
  }
});
window.addEventListener("popstate", route);
document.querySelector(".topbar")?.append(motionSwitch());
route();
