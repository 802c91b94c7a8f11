// The ballroom web client: lobby, live game page and replay page.
// Plain ES modules, no build step. Everything game-specific lives in
// /static/views/<game-id>.js; games without one use views/generic.js.

import { h, clear, toast } from "/static/ui.js";

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

async function api(path, options = {}) {
  const response = await fetch(path, options);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = typeof body.detail === "string" ? body.detail : JSON.stringify(body.detail);
    throw new Error(detail || response.statusText);
  }
  return body;
}

async function loadView(name) {
  return import(`/static/views/${name}.js`);
}

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
          option.choices.map((c) => h("option", { value: c }, c)));
      } else if (option.kind === "flag") {
        input = h("input", { type: "checkbox", "data-option": option.name });
        input.checked = option.default;
      } else {
        input = h("input", { type: "number", "data-option": option.name, value: option.default,
          min: option.minimum ?? "", max: option.maximum ?? "" });
      }
      optionsBox.append(h("label", { class: "field", title: option.doc },
        h("span", {}, option.name), input, h("small", { class: "muted" }, option.doc)));
    }
    drawSeats();
  }

  function drawSeats() {
    const g = entry();
    const n = Number(players.value);
    const previous = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    clear(seatsBox);
    for (let i = 0; i < n; i++) {
      const select = h("select", { "data-seat": i, "aria-label": `seat ${i + 1}` }, [
        h("option", { value: "human" }, "Person"),
        ...g.bots.map((b) => h("option", { value: b }, `Bot: ${b}`)),
      ]);
      select.value = previous[i] || (i === 0 ? "human" : g.bots[0] || "human");
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
    summary,
    h("label", { class: "field" }, h("span", {}, "Players"), players),
    optionsBox,
    h("h3", {}, "Seats"),
    seatsBox,
    h("label", { class: "check" }, hotseat,
      h("span", {}, "Hotseat: every person plays on this device, passing it between turns")),
    h("button", { type: "submit", class: "primary", id: "create" }, "Create game"),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const g = entry();
    const options = {};
    for (const input of optionsBox.querySelectorAll("[data-option]")) {
      options[input.dataset.option] = input.type === "checkbox" ? input.checked
        : input.type === "number" ? Number(input.value) : input.value;
    }
    const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    try {
      const created = await api("/api/games", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ game: g.id, players: Number(players.value), options, seats,
          hotseat: hotseat.checked }),
      });
      addToken(created.id, created.token);
      navigate(`/g/${created.id}`);
    } catch (error) {
      toast(error.message, "error");
    }
  });
  drawOptions();

  const upload = h("input", { type: "file", accept: ".json,application/json", id: "upload" });
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
    const g = catalog.find((c) => c.id === game.game);
    const path = game.status === "uploaded" ? `/r/${game.id}` : `/g/${game.id}`;
    recentList.append(h("li", {},
      h("a", { href: path, "data-link": "" }, `${g ? g.name : game.game} · ${game.players} players`),
      h("span", { class: `chip ${game.status}` }, game.status)));
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
    h("ol", { class: "standings" }, rows));
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
  const entry = catalog.find((g) => g.id === meta.game) || { view: "generic" };
  const view = await loadView(entry.view);
  const generic = entry.view === "generic" ? view : await loadView("generic");

  // A join link (?seat=N) takes that seat if it is still free.
  const wanted = new URLSearchParams(location.search).get("seat");
  if (wanted !== null) {
    history.replaceState(null, "", `/g/${gameId}`);
    const seat = meta.seats[Number(wanted)];
    if (seat && !seat.claimed) {
      try {
        const claimed = await api(`/api/games/${gameId}/seats/${wanted}/claim`, { method: "POST" });
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
  let curtainFor = null;
  let socket = null;
  let closed = false;

  clear(app);
  const title = h("h1", { class: "game-title" }, meta.name);
  const status = h("div", { class: "status-line", id: "status" });
  const seatBar = h("div", { class: "seat-bar", id: "seat-bar" });
  const board = h("section", { class: "board card", id: "board" });
  const actions = h("section", { class: "actions card", id: "actions" });
  const more = h("section", { class: "more card hidden", id: "more" }); // a view's extras below the moves
  const logList = h("ol", { class: "log", id: "log" });
  const controls = h("div", { class: "controls", id: "controls" });
  const share = h("details", { class: "share card", id: "share" });
  const curtain = h("div", { class: "curtain hidden", id: "curtain" });
  app.append(
    h("div", { class: "game-head" }, title, status),
    seatBar,
    h("div", { class: "game-grid" },
      h("div", { class: "main-col" }, board, actions, more),
      h("aside", { class: "side-col" },
        h("section", { class: "card" }, h("h2", {}, "Log"), logList),
        controls, share)),
    curtain,
  );

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
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(payload));
  }

  function move(action) {
    send({ type: "move", seat: shown, action });
  }

  function drawSeats(msg) {
    clear(seatBar);
    for (const seat of msg.meta.seats) {
      const acting = msg.current.includes(seat.seat) && msg.meta.status === "playing";
      const mine = heldSeats().includes(seat.seat);
      seatBar.append(h("div", { class: `seat-pill${acting ? " acting" : ""}${mine ? " mine" : ""}`,
        "data-seat": seat.seat },
        h("span", { class: `dot ${seat.kind === "bot" || seat.connected ? "on" : "off"}` }),
        h("strong", {}, seat.name),
        h("small", {}, seat.resigned ? `resigned · bot ${seat.bot} plays`
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
    const waiting = msg.current.filter((p) => p >= 0);
    if (!waiting.length) return "Rolling…";
    if (waiting.includes(shown)) return `Your move, ${name(shown)}.`;
    return `Waiting for ${waiting.map(name).join(", ")}.`;
  }

  function drawLog() {
    clear(logList);
    const events = logs.get(shown) || [];
    for (const event of events.slice(-200)) {
      logList.append(h("li", { class: `ev ${event.kind}` }, event.text));
    }
    logList.scrollTop = logList.scrollHeight;
  }

  function drawControls(msg) {
    clear(controls);
    const m = msg.meta;
    const row = h("div", { class: "button-row" });
    if (msg.undo && shown !== "spectator") {
      row.append(h("button", { id: "undo", onclick: () => send({ type: "undo" }) }, "Undo"));
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
          navigate(`/g/${id}`);
        } catch (error) {
          toast(error.message, "error");
        }
      } }, "Rematch"));
    }
    row.append(
      h("a", { class: "button", href: `/r/${gameId}`, "data-link": "", id: "replay-link" }, "Replay"),
      h("a", { class: "button", href: `/api/games/${gameId}/record`, download: "", id: "download" },
        "Download record"),
    );
    controls.append(h("section", { class: "card" }, row));
    if (m.rematch) {
      controls.append(h("section", { class: "card notice" }, "A rematch has started. ",
        h("a", { href: `/g/${m.rematch}`, "data-link": "", onclick: () => {
          for (const token of tokensFor(gameId)) addToken(m.rematch, token);
        } }, "Join the rematch")));
    }
  }

  function drawShare(msg) {
    const open = share.open;
    clear(share);
    share.open = open;
    share.append(h("summary", {}, "Invite players and spectators"));
    const list = h("ul", { class: "links" });
    for (const seat of msg.meta.seats) {
      if (seat.kind === "bot") continue;
      const url = `${location.origin}/g/${gameId}?seat=${seat.seat}`;
      list.append(h("li", {}, h("span", {}, seat.name),
        seat.claimed ? h("small", { class: "muted" }, heldSeats().includes(seat.seat) ? "you" : "taken")
          : h("button", { class: "small", onclick: () => {
            navigator.clipboard?.writeText(url).then(() => toast("Link copied."), () => {});
          } }, "Copy join link"),
        seat.claimed ? null : h("code", { class: "url" }, url)));
    }
    list.append(h("li", {}, h("span", {}, "Spectators"),
      h("code", { class: "url" }, `${location.origin}/g/${gameId}`)));
    share.append(list);
  }

  function render() {
    const msg = states.get(shown);
    if (!msg) return;
    if (curtainFor !== null) return;
    status.textContent = statusText(msg);
    status.className = `status-line ${msg.meta.status}`;
    drawSeats(msg);
    clear(board);
    clear(actions);
    clear(more);
    const ctx = {
      board, actions, more, msg, meta: msg.meta, seat: shown === "spectator" ? null : shown,
      move, entry, live: true,
    };
    const handled = view.render(ctx);
    if (!handled) generic.renderActions(ctx);
    const banner = resultBanner(msg.meta);
    if (banner) board.prepend(banner);
    more.classList.toggle("hidden", !more.firstChild);
    drawLog();
    drawControls(msg);
    drawShare(msg);
  }

  function showCurtain(seat, msg) {
    curtainFor = seat;
    clear(curtain);
    curtain.classList.remove("hidden");
    const name = msg.meta.seats[seat].name;
    curtain.append(h("div", { class: "curtain-card" },
      h("div", { class: "curtain-icon" }, "\u2766"),
      h("h2", {}, `Pass the device to ${name}`),
      h("p", {}, "Everyone else, please look away: the next screen shows secrets."),
      h("button", { class: "primary", id: "curtain-ok", onclick: () => {
        curtainFor = null;
        shown = seat;
        curtain.classList.add("hidden");
        render();
      } }, `I am ${name}: show my screen`)));
  }

  function onState(msg) {
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
    } else if (next !== shown) {
      if (playing) return showCurtain(next, msg);
      shown = next;
    }
    if (key === shown || (hotseat && curtainFor === null)) render();
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/${gameId}`);
    socket.addEventListener("open", () => {
      send({ type: "hello", tokens: tokensFor(gameId) });
    });
    socket.addEventListener("message", (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === "state") onState(msg);
      else if (msg.type === "error") toast(msg.message, "error");
    });
    socket.addEventListener("close", () => {
      if (!closed) setTimeout(connect, 1000);
    });
  }
  connect();
  return () => {
    closed = true;
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
  const entry = catalog.find((g) => g.id === meta.game) || { view: "generic" };
  const view = await loadView(entry.view);
  const tokens = tokensFor(gameId);
  // A seated player may replay through her own eyes; everyone else sees the public view.
  const res = await fetch(`/api/games/${gameId}/replay?ply=0`);
  const first = await res.json();
  let seat = null;
  for (const s of meta.seats) {
    if (!tokens.length || s.kind === "bot") continue;
    const probe = await fetch(`/api/games/${gameId}/replay?ply=0&seat=${s.seat}`,
      { headers: { "x-ballroom-token": tokens[0] } });
    if (probe.ok) { seat = s.seat; break; }
  }

  clear(app);
  const slider = h("input", { type: "range", min: 0, max: first.total, value: first.total,
    id: "replay-slider", "aria-label": "replay position" });
  const label = h("span", { class: "ply", id: "replay-ply" });
  const board = h("section", { class: "board card", id: "board" });
  const logList = h("ol", { class: "log", id: "log" });
  const play = h("button", { id: "replay-play" }, "▶ Play");
  const step = (d) => {
    slider.value = Math.max(0, Math.min(first.total, Number(slider.value) + d));
    draw();
  };
  app.append(
    h("div", { class: "game-head" }, h("h1", { class: "game-title" }, `${meta.name}: replay`),
      h("div", { class: "status-line" }, seat === null ? "Public view" : `As ${meta.seats[seat].name}`)),
    h("section", { class: "card replay-bar" },
      h("button", { onclick: () => step(-1), id: "replay-prev", "aria-label": "previous" }, "◀"),
      slider,
      h("button", { onclick: () => step(1), id: "replay-next", "aria-label": "next" }, "▶"),
      label, play,
      h("a", { class: "button", href: `/api/games/${gameId}/record`, download: "" }, "Download record"),
      meta.status === "uploaded" ? null
        : h("a", { class: "button", href: `/g/${gameId}`, "data-link": "" }, "Back to the game")),
    h("div", { class: "game-grid" },
      h("div", { class: "main-col" }, board),
      h("aside", { class: "side-col" }, h("section", { class: "card" }, h("h2", {}, "Log"), logList))),
  );

  let pending = 0;
  async function draw() {
    const ply = Number(slider.value);
    const ticket = ++pending;
    const headers = seat === null ? {} : { "x-ballroom-token": tokens[0] };
    const url = `/api/games/${gameId}/replay?ply=${ply}${seat === null ? "" : `&seat=${seat}`}`;
    const frame = await (await fetch(url, { headers })).json();
    if (ticket !== pending) return;
    label.textContent = `step ${frame.ply} of ${frame.total}`;
    clear(board);
    view.render({ board, actions: null, msg: { ...frame, legal: [] }, meta: frame.meta,
      seat, move: () => {}, entry, live: false });
    clear(logList);
    for (const event of frame.events.slice(-200)) {
      logList.append(h("li", { class: `ev ${event.kind}` }, event.text));
    }
    logList.scrollTop = logList.scrollHeight;
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
route();
