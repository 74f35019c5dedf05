// Parlour Ledger's phone page: records through the REST API only. Every write gets an id made
// here and waits in an outbox in localStorage until the server has it, so a phone can lose its
// connection, be reloaded or restarted, and a resend is never counted twice. Every default a
// sheet shows (the dealer, the seller, the price, the deal) is sent explicitly, and a game's
// fact names the deal it was recorded in: sent late, it means what its recorder saw, or the
// server refuses it and it waits here for a decision. User text only ever goes in textContent.
"use strict";

const UNKNOWN = {title: "Game", reads: [], buttons: [], options: []};  // a kind no longer served
let SPECS = {};  // the games' catalogue by kind (GET /api/v1/games), kept for opening offline
const POLL_MS = 500;  // a conditional GET of the version: 304 while nothing changed
const SETUP = ["session_created", "player_added", "table_added", "game_started", "event_voided"];
let ev = null;   // the evening open here: {id, write?, read?}
let view = null; // its last known state, kept for opening offline

// ---- evenings and their tokens. A write token, once given, stays: opening the table's
// (read-only) link on the recorder's own phone does not make it read-only.
function readFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const all = keep.get("ledger:evenings", {});
  const old = keep.get("ledger:evening", null);  // the page's earlier storage
  if (old && !all[old.id]) all[old.id] = {[old.role]: old.token, read: localStorage.getItem(`ledger:read:${old.id}`) || undefined};
  const id = params.get("s");
  if (id && (params.get("w") || params.get("r"))) {
    const given = params.get("w") ? {write: params.get("w")} : {read: params.get("r")};
    all[id] = {...all[id], ...given};
    keep.set("ledger:current", id);
    history.replaceState(null, "", location.pathname);  // kept here: the token leaves the address bar and the history
  }
  keep.set("ledger:evenings", all);
  if (params.has("new")) { ev = view = null; return; }  // the first screen: another evening
  const current = keep.get("ledger:current", old && old.id);
  ev = current && all[current] ? {id: current, ...all[current]} : null;
  view = ev ? keep.get(`ledger:view:${ev.id}`, null) : null;
}

const writer = () => !!(ev && ev.write);
const shareLink = (flag, token) => `${location.origin}/#s=${encodeURIComponent(ev.id)}&${flag}=${encodeURIComponent(token)}`;

function call(path, options = {}) {
  const headers = {"Content-Type": "application/json", ...options.headers};
  if (ev) headers.Authorization = `Bearer ${ev.write || ev.read}`;
  return fetch(`${API}${path}`, {cache: "no-store", ...options, headers});
}

async function read(path) {
  const response = await call(`/sessions/${ev.id}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

// ---- the outbox: what was recorded here and is not yet in the log, oldest first. An item the
// server refused waits with its reason (`look`) until someone records it anyway or discards it.
const outboxKey = () => `ledger:queue:${ev.id}`;
const outbox = () => (ev ? keep.get(outboxKey(), []) : []);
function saveOutbox(items) {
  keep.set(outboxKey(), items);
  drawOutbox();
  if (view && view.summary && !$("#evening").hidden) drawGames();  // a pending deal moves the card on
  showStatus();
  if (view && view.summary) $("#undo").hidden = !items.some(i => !i.look) && !lastUndoable(described().voided);
}

function enqueue(path, body, words, sheet) {  // `sheet`: the sheet it was typed on, kept
  if (body.game_id) keep.set(playingKey(), body.game_id);  // the game recorded in is the one played
  const item = {path, body: {id: uuid(), ...body}, words, ...(sheet ? {sheet} : {})};
  saveOutbox([...outbox(), item]);
  flush();
  return item.body.id;
}

async function flush() {
  if (!ev || flush.busy) return;
  flush.busy = true;
  let sent = false;
  try {
    for (let item; (item = outbox().find(i => !i.look));) {
      let response;
      try {
        response = await call(`/sessions/${ev.id}${item.path}`, {method: "POST", body: JSON.stringify(item.body)});
      } catch {
        break; // no network: it waits, and goes when the page is back online or opened again
      }
      if (response.status >= 500) break; // the server is busy: try again later
      if (response.ok) {
        if (item.sheet && !outbox().some(i => i.sheet === item.sheet && i !== item)) keptSheets.delete(item.sheet);
        saveOutbox(outbox().filter(i => i.body.id !== item.body.id));
        sent = true;
        continue;
      }
      const problem = await response.json().catch(() => ({}));
      if (item.sheet && keptSheets.has(item.sheet)) {  // back to the sheet it was typed on
        saveOutbox(outbox().filter(i => i.body.id !== item.body.id));
        refused(keptSheets.get(item.sheet), problem);
        continue;
      }
      const look = {reason: plain(problem), problem, moved: "current_deal" in problem || "current_version" in problem};
      saveOutbox(outbox().map(i => (i.body.id === item.body.id ? {...i, look} : i)));
    }
  } finally {
    flush.busy = false;
  }
  if (sent) await refresh();
}

function recordAnyway(id) {  // no longer bound to the deal or version it was recorded in
  saveOutbox(outbox().map(i => {
    if (i.body.id !== id) return i;
    const {deal, expected_version, ...body} = i.body;
    return {path: i.path, body, words: i.words};
  }));
  flush();
}

// A refusal in the table's words: the fields at fault by their labels, never `data.x:`.
function plain(problem, labels = {}) {
  const who = view ? names() : {};
  const words = text => String(text).replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, id => who[id] || "someone");
  if (problem.errors && problem.status === 422) {
    return Object.entries(problem.errors).map(([path, messages]) => {
      const name = path.split(".").filter(p => p !== "data").pop();
      return `${labels[name] || words(name).replace(/_/g, " ")}: ${messages.map(m => words(m).replace(/^[\w.]+: /, "")).join(" ")}`;
    }).join(" ");
  }
  return words(String(problem.detail || `Refused (${problem.status || "no answer"}).`).replace(/^(data\.)?[\w.-]+: /, ""));
}

// ---- the games' catalogue: kept with the tag the page was served with, asked for again
// only when the page names another (a new version of the service)
function loadGames() {
  return (loadGames.done = loadGames.done || fetchGames());
}

async function fetchGames() {
  const tag = document.documentElement.dataset.games, kept = keep.get("ledger:games", null);
  let games = kept && kept.tag === tag ? kept.games : null;
  if (!games) {
    try {
      const response = await fetch(`${API}/games`);
      if (response.ok) keep.set("ledger:games", {tag, games: games = (await response.json()).games});
    } catch {
      // offline: the catalogue kept by an earlier version, if any
    }
  }
  games = games || (kept ? kept.games : []);
  SPECS = Object.fromEntries(games.map(g => [g.kind, g]));
  const kind = $("#game-form [name=kind]");
  if (!kind.options.length) kind.append(...games.map(g => el("option", g.offered_as || g.title, {value: g.kind})));
}

// ---- reading: the session's read models and its log, kept for opening offline
async function refresh() {
  if (!ev) return;
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      const known = view && view.id === ev.id ? view.events : [];
      const after = known.length ? known[known.length - 1].version : 0;
      const [summary, balances, settlement, pools, fresh] = await Promise.all(
        ["", "/balances", "/settlement", "/pools", `/events?after=${after}`].map(read));
      const events = [...known, ...fresh.events], cold = !view || view.id !== ev.id;
      await loadGames.done;
      view = {id: ev.id, summary, balances, settlement, pools, events,
              extras: Object.fromEntries(summary.games.map(g => [g.id, cold ? {} : {...view.extras[g.id]}]))};
      if (cold) draw();  // opened cold: the games can be played before their scores arrive
      const extras = await Promise.all(summary.games.map(gameExtras));
      summary.games.forEach((g, i) => Object.assign(view.extras[g.id], extras[i]));
      if (events.length && events[events.length - 1].version === summary.version) break; // one moment
    }
    keep.set(`ledger:view:${ev.id}`, view);
    draw();
  } catch {
    showStatus();
  }
}

async function gameExtras(game) {  // a game's own reads (what is due comes with the summary)
  const {reads} = SPECS[game.kind] || UNKNOWN;
  const wanted = {scores: reads.includes("scores") && `/games/${game.id}/scores`,
                  tally: reads.includes("progressive") && `/progressive?game_id=${game.id}`};
  const asked = Object.entries(wanted).filter(([, path]) => path);
  return Object.fromEntries(await Promise.all(asked.map(async ([name, path]) => [name, await read(path)])));
}

// Live: another phone's fact shows here the moment it is recorded. The stream (`…/stream`,
// Server-Sent Events) pushes each new version; where it cannot be had (a server that only
// answers "poll", a proxy that holds the stream back, a browser without EventSource) the
// phone asks for the version every half second instead, as long as the page is visible. A
// 304 is answered without folding anything while the version is the one this phone has.
const live = {mode: "poll", source: null};
function listen() {
  if (!ev || document.hidden || !window.EventSource) return hush();
  if (live.source || live.mode === "stay-polling") return;
  const token = encodeURIComponent(ev.write || ev.read);
  const source = live.source = new EventSource(`${API}/sessions/${ev.id}/stream?access_token=${token}`);
  const silent = setTimeout(() => live.mode !== "push" && hush("stay-polling"), 5000);  // held back
  source.addEventListener("hello", e => {
    const {mode, version} = JSON.parse(e.data);
    clearTimeout(silent);
    if (mode !== "push") return hush("stay-polling");
    live.mode = "push";
    moved(version);
  });
  source.addEventListener("version", e => moved(JSON.parse(e.data).version));
  source.onerror = () => {  // the browser reconnects by itself, with the last version seen
    if (source.readyState === EventSource.CLOSED) return hush("stay-polling");
    live.mode = "poll";  // until the next hello, the half-second poll covers the gap
    showStatus();
  };
}

function hush(mode = "poll") {  // no stream: hidden, or it cannot be had here
  if (live.source) live.source.close();
  live.source = null;
  live.mode = mode;
  showStatus();
}

async function moved(version) {
  showStatus();
  if (!view || !view.summary || version !== view.summary.version) await refresh();
  if (outbox().some(i => !i.look)) await flush();
}

async function watch() {
  if (!ev || document.hidden || watch.busy || live.mode === "push") return;
  watch.busy = true;
  try {
    const response = await call(`/sessions/${ev.id}/version`, {headers: watch.tag ? {"If-None-Match": watch.tag} : {}});
    if (response.status === 200) {
      watch.tag = response.headers.get("ETag");
      const {version} = await response.json();
      if (!view || !view.summary || version !== view.summary.version) await refresh();
    }
    if (outbox().some(i => !i.look)) await flush();
  } catch {
    // offline: the status says so
  } finally {
    watch.busy = false;
    showStatus();
  }
}

// ---- drawing
const names = () => Object.fromEntries(view.summary.players.map(p => [p.id, p.name]));
const titleOf = game => (SPECS[game.kind] || UNKNOWN).title;
function draw() {
  if (!view || !view.summary) return;
  const {summary, balances, settlement} = view;
  const who = names(), money = moneyIn(balances.currency);
  $("#title").textContent = summary.name;
  document.title = `${summary.name} · Parlour Ledger`;
  $("#welcome").hidden = true;
  $("#evening").hidden = false;
  document.body.classList.toggle("reader", !writer());
  $("#strip").replaceChildren(...balances.players.map(p => el("li", null,
    {class: p.counters < 0 ? "down" : p.counters > 0 ? "up" : "", title: `${p.name} ${signed(p.counters)}`},
    el("span", p.name, {class: "who"}), " ", el("span", signed(p.counters), {class: "figure"}))));
  $("#players").replaceChildren(...summary.players.map(p => el("li", p.group ? `${p.name} (${p.group})` : p.name)));
  drawSeatPicker(summary.players);
  drawOptions();
  placeSetup(summary);
  drawGames();
  const moved = view.events.some(e => e.postings.length);  // what does not apply yet is not shown
  $("#balances-box").hidden = $("#strip").hidden = !summary.games.length && !moved;
  $("#owes-box").hidden = !moved;
  $("#balances tbody").replaceChildren(...balances.players.map(p =>
    el("tr", null, {}, el("th", p.name, {scope: "row"}), el("td", signed(p.counters), {class: "num"}), el("td", signedMoney(p.amount_minor, money), {class: "num"}))));
  const owes = settlement.transfers.map(t => {
    const item = el("li", `${who[t.from]} pays ${who[t.to]} ${money(t.amount_minor)} (${counted(t.counters)})`);
    if (writer()) item.append(button("Paid…", () => askPayment(t), {class: "writer", "aria-label": `Paid… ${who[t.from]} to ${who[t.to]}`}));
    return item;
  });
  const pools = settlement.unsettled_pools.map(p => {
    const item = el("li", `${counted(p.counters)} still in ${poolName(p)}`);
    if (writer()) item.append(button("Share back…", () => askRefund(p), {class: "writer", "aria-label": `Share back… ${counted(p.counters)} still in ${poolName(p)}`}));
    return item;
  });
  const square = !owes.length && !pools.length;
  $("#settlement").replaceChildren(...(square ? [el("li", "All square.", {class: "square"})] : [...owes, ...pools]));
  const paid = settlement.payments || [];
  $("#h-paid").hidden = !paid.length;
  $("#payments").replaceChildren(...paid.map(p => el("li", `${who[p.from]} paid ${who[p.to]} ${money(p.amount_minor)}`)));
  drawLog();
  drawChart();
  drawOutbox();
  showStatus();
}

// The first minutes: on an evening not yet in play the set-up leads (who is playing, then
// "Start a game" once two are in, every player seated in the order added); once a game is
// started its card leads and the set-up folds away at the foot of the page.
function placeSetup(summary) {
  const leading = writer() && !summary.games.length, lead = $("#lead"), setup = $("#setup");
  const boxes = [$("#players-box"), $("#game-box")];
  if (boxes[0].parentElement !== (leading ? lead : setup)) {
    (leading ? lead : setup).append(...boxes);
    setup.open = false;
  }
  lead.hidden = !leading;
  setup.hidden = leading;
  boxes[1].hidden = summary.players.length < 2;
  lead.classList.toggle("seated", summary.players.length > 1);  // the game now leads: less said
  const name = $("#player-form [name=name]");
  if (leading && !summary.players.length && document.activeElement === document.body) name.focus();
}

function poolName(pool) {
  const game = view.summary.games.find(g => g.id === pool.game_id);
  const title = game ? titleOf(game) : "a game";
  return pool.pool ? `${title}'s ${pool.pool} pool` : `the ${title} pool`;
}

function showStatus() {
  const waiting = outbox().filter(i => !i.look).length;
  const status = $("#status");
  const pushed = live.mode === "push";
  status.textContent = waiting ? `${waiting} pending${navigator.onLine ? "" : " · offline"}` : (navigator.onLine ? (pushed ? "live" : "online") : "offline");
  status.title = pushed ? "Changes arrive as they are recorded" : "Asking for changes twice a second";
  status.classList.toggle("pending", waiting > 0);
}

// What waits: pending facts (not yet in the totals) and refusals kept for a decision.
function drawOutbox() {
  if (!ev) return;  // items queued by an earlier version of the page carry no words: their type
  const items = outbox().map(i => ({...i, words: i.words || (i.body.type || i.path.slice(1)).replace(/_/g, " ")}));
  const box = $("#attention");
  const pending = items.filter(i => !i.look);
  const rows = items.filter(i => i.look).map(item => {
    const actions = el("div", null, {class: "row"});
    // A start of a deal that another phone already started, recorded anyway, would start the
    // next deal with the same dealer again and take the antes twice: it can only be discarded.
    if (item.look.moved && item.body.type !== "deal_started") actions.append(button("Record anyway", () => recordAnyway(item.body.id)));
    actions.append(button(item.look.moved ? "Discard" : "Dismiss", () => saveOutbox(outbox().filter(i => i.body.id !== item.body.id))));
    return el("div", null, {class: "look", role: "group", "aria-label": "Not recorded"}, el("p", `Nothing was recorded: ${item.words}.`), el("p", item.look.reason), actions);
  });
  if (pending.length) {
    rows.unshift(el("ul", null, {class: "pending-list", "aria-label": "Pending, not yet in the totals"}, ...pending.map(i => el("li", `Pending: ${i.words}`))));
  }
  box.replaceChildren(...rows);
}

// ---- games: each card offers the next deal in one tap and, while a deal is open, the sheet
// that settles it; the game's other facts open a sheet each.
// Half-filled inline sheets survive a redraw while their deal is unchanged, even one that
// hid them for a moment (a deal sent and not yet confirmed, another game chosen).
const keptSheets = new Map();
function drawGames() {
  const box = $("#games");
  const focused = document.activeElement && box.contains(document.activeElement);
  for (const form of box.querySelectorAll("form[data-key]")) keptSheets.set(form.dataset.key, form);
  while (keptSheets.size > 24) keptSheets.delete(keptSheets.keys().next().value);
  const kept = Object.fromEntries(keptSheets);
  const order = playedFirst();
  drawSwitcher(order);
  box.replaceChildren(...order.slice(0, 1).map(game => drawGame(game, kept)));
  if (focused) box.querySelector("button")?.focus({preventScroll: true});
}

// With several games, the one being played comes first and alone; the others are one tap
// away in the switcher. Being played: the one this phone last chose or recorded in, else the
// one with the latest fact.
const playingKey = () => `ledger:playing:${ev.id}`;
function playedFirst() {
  const latest = {};
  for (const e of view.events) latest[e.game_id || (e.type === "game_started" ? e.id : "")] = e.version;
  const games = [...view.summary.games].sort((a, b) => (latest[b.id] || 0) - (latest[a.id] || 0));
  const chosen = games.find(g => g.id === keep.get(playingKey()));
  return chosen ? [chosen, ...games.filter(g => g !== chosen)] : games;
}

function play(game) {
  keep.set(playingKey(), game.id);
  drawGames();
  $("#games button")?.focus({preventScroll: true});
  scrollTo(0, 0);
}

function labelled() {  // each game's title, numbered when a kind is played twice
  const seen = {}, count = {};
  for (const g of view.summary.games) count[g.kind] = (count[g.kind] || 0) + 1;
  return Object.fromEntries(view.summary.games.map(g => {
    seen[g.kind] = (seen[g.kind] || 0) + 1;
    return [g.id, count[g.kind] > 1 ? `${titleOf(g)} ${seen[g.kind]}` : titleOf(g)];
  }));
}

function drawSwitcher(order) {
  const nav = $("#switcher"), label = labelled();
  nav.hidden = order.length < 2;
  nav.replaceChildren(...order.map((game, i) => {
    const due = dueOf(game), pool = view.pools.pools.find(p => p.game_id === game.id);
    const state = ended(game) || [due.deal ? `deal ${due.deal}` : "", pool ? `pool ${pool.counters}` : ""].filter(Boolean).join(" · ");
    return button(label[game.id] + (state ? " · " + state : ""), () => play(game), {class: "small", "aria-pressed": String(i === 0), "data-game": game.id});
  }));
}

function ended(game) {  // a game that is over, with its result in words (Cassino won)
  const scores = (view.extras[game.id] || {}).scores, who = names();
  if (!scores || !scores.winner) return "";
  const totals = Object.values(scores.totals).sort((a, b) => b - a);
  return `won by ${(scores.winners || [scores.winner]).map(p => who[p]).join(" & ")} ${totals.slice(0, 2).join("–")}`;
}

function drawGame(game, kept) {
  const spec = SPECS[game.kind] || UNKNOWN, who = names(), extras = view.extras[game.id] || {};
  const title = titleOf(game), due = dueOf(game);
  const card = el("article", null, {class: "game", "data-game": game.id, "aria-label": title});
  const over = ended(game);  // a game that is over folds away with its result
  const parts = over ? el("details", null, {}, el("summary", `${title} · ${over}`)) : card;
  if (over) card.append(parts);
  parts.append(el("h2", `${title} · stake ${game.stake}`));
  const pool = view.pools.pools.find(p => p.game_id === game.id) || {counters: 0, named: {}};
  const meta = [];
  if (due.deals) meta.push(due.deal ? `Deal ${due.deal}: ${who[due.dealer]} deals` + (game.stakes_doubled && due.open ? ", stakes doubled" : "") : "No deal yet");
  const named = Object.entries(pool.named || {});
  meta.push(named.length ? named.map(([name, n]) => `${name} ${n}`).join(" · ") : `pool ${pool.counters}`);
  parts.append(el("p", meta.join(" · "), {class: "meta"}));
  if (extras.scores) {
    const totals = game.seats.filter(p => p in extras.scores.totals).map(p => `${who[p]} ${extras.scores.totals[p]}`).join(", ");
    const won = extras.scores.winner ? ` · won by ${(extras.scores.winners || [extras.scores.winner]).map(p => who[p]).join(" & ")}` : "";
    parts.append(el("p", `Points: ${totals}${won}`, {class: "meta"}));
  }
  if (extras.tally) parts.append(...drawTally(extras.tally, who));
  if (!writer()) return card;
  // What is offered, and what comes first, is the service's word on the game (`due`):
  // the page keeps no deal logic of its own.
  const deal = spec.buttons.find(b => b.type === "deal_started");
  const quick = spec.buttons.find(b => b.quick);
  const offered = new Set(due.offered);
  if (quick && offered.has(quick.type) && (due.open || !due.deals)) {  // a sheet per table where
    const perTable = quick.fields.some(f => f.input === "table") && extras.tally;  // the fact
    const tables = Object.fromEntries(view.summary.tables.map(t => [t.id, t.name]));  // names it
    const done = perTable ? extras.tally.pots_this_round || [] : [];  // a table's pot is in once a round
    const scopes = perTable ? Object.entries(extras.tally.seating).filter(([table]) => !done.includes(table))
      .map(([table, seats]) => ({table, seats, name: tables[table]})) : [{}];
    for (const scope of scopes) {
      const key = `${game.id}:${quick.type}:${due.deal}:${scope.table || ""}:${(scope.seats || []).join()}`;
      parts.append(kept[key] || inlineSheet(game, quick, key, scope));
    }
  }
  if (deal && offered.has("deal_started")) {  // after the sheet while a deal is open: the sheet is the next step
    const next = due.deal + 1, dealer = who[due.next_dealer];
    parts.append(el("div", null, {class: "row"},
      button(`Deal ${next}: ${dealer} deals`, () => recordNow(game, deal), {class: due.next === "deal_started" ? "primary" : "small", "data-fact": "deal_started", "aria-label": `Deal ${next}: ${dealer} deals, ${title}`}),
      button("Other dealer…", () => ask(game, deal), {class: "small", "aria-label": `Other dealer… (or another ante), ${title}`})));
  }
  const more = el("div", null, {class: "row facts"});
  for (const b of spec.buttons) {
    if (b === deal || (b === quick && (due.open || !due.deals)) || !offered.has(b.type)) continue;
    more.append(button(b.label, () => ask(game, b), {"data-fact": b.type, "aria-label": `${b.label}, ${title}`}));
  }
  parts.append(more);
  return card;
}

function drawTally(tally, who) {
  const tables = Object.fromEntries(view.summary.tables.map(t => [t.id, t.name]));
  const lines = Object.entries(tally.seating).map(([table, seated]) =>
    el("p", `${tables[table] || "a table"}: ${seated.map(p => who[p] + " " + tally.players[p].counters).join(", ")}`, {class: "meta"}));
  const prizes = tally.prizes;
  lines.push(el("p", `Most yellow chips: ${prizes.most_yellow_chips ? who[prizes.most_yellow_chips] : "nobody yet"} · booby: ${who[prizes.booby] || "nobody yet"}`, {class: "meta"}));
  if (tally.last_round) lines.push(el("p", `Last bell: ${tally.last_round.moves.map(m => who[m.player] + " → " + (tables[m.to] || "a table")).join(", ")}`, {class: "meta"}));
  return lines;
}

// ---- sheets: one input per field of a game's button, every default resolved now
function known(game) {
  const due = dueOf(game);
  return {next_dealer: due.next_dealer, dealer: due.dealer, stake: game.stake};
}

// What is due in a game as the service will have it once the outbox is sent: a deal started
// here and not yet sent is the deal in play (its facts are bound to it, and it is not offered
// again), and a pending fact that settles it closes it. The service says what each comes to
// (`after_deal`, `after_end`, `ending`): the page only follows.
function dueOf(game) {  // the game as the service last told it (a sheet may hold an older copy)
  const now = view.summary.games.find(g => g.id === game.id) || game;
  const told = now.due || {deal: 0, offered: [], ending: []};
  const deals = "after_deal" in told, ahead = told.dealers_ahead || [];
  let due = {...told, deals};
  for (const {body, look} of outbox()) {
    if (look || body.game_id !== game.id || !deals) continue;
    const gone = body.deal - told.deal;  // deals started here since the service last said
    if (body.type === "deal_started" && body.deal === due.deal + 1) {
      due = {...told.after_deal, deals, deal: body.deal,
             dealer: (body.data && body.data.dealer) || ahead[gone - 1], next_dealer: ahead[gone]};
    } else if (body.deal === due.deal && due.ending.includes(body.type)) {
      due = {...told.after_end, deals, deal: due.deal, dealer: due.dealer,
             next_dealer: due.next_dealer};
    }
  }
  return due;
}

function bound(game, type) {  // the deal a fact of this game belongs to, as this phone sees it
  const due = dueOf(game);
  if (!due.deals) return {};
  const deal = type === "deal_started" ? due.deal + 1 : due.deal;
  return deal ? {deal} : {};  // before the first deal there is none to bind to
}

function factBody(game, spec, data) {
  return {type: spec.type, game_id: game.id, data, ...bound(game, spec.type)};
}

function recordNow(game, spec) {  // every default taken as shown
  const values = known(game), data = {};
  for (const f of spec.fields) {
    const value = typeof f.default === "string" ? values[f.default] : f.default;
    if (value !== null && value !== undefined) data[f.name] = value;
  }
  enqueue("/events", factBody(game, spec, data), words(game, spec, data));
}

function words(game, spec, data) {
  const who = names();
  const said = spec.fields.filter(f => f.name in data).map(f => {
    const v = data[f.name];
    const shown = Array.isArray(v) ? v.map(x => who[x] || x).join(", ") || "nobody"
      : typeof v === "object" ? Object.entries(v).map(([p, n]) => `${who[p]} ${typeof n === "object" ? Object.values(n).join("/") : n}`).join(", ")
      : typeof v === "boolean" ? (v ? "yes" : "no") : who[v] || v;
    return `${f.label} ${shown}`;
  });
  if (spec.outcomes.length) said.push(...Object.entries(data).map(([p, o]) => `${who[p]} ${o}`));
  const deal = bound(game, spec.type).deal;
  return `${titleOf(game)}${deal ? ", deal " + deal : ""} · ${spec.label}${said.length ? ": " + said.join("; ") : ""}`;
}

function inlineSheet(game, spec, key, scope) {
  const heading = scope.name ? `${spec.label} at ${scope.name}` : spec.label;
  const form = el("form", null, {class: "sheet", "data-key": key, "aria-label": `${heading}, ${titleOf(game)}`});
  form.append(el("h3", heading));
  const fields = el("div"), error = el("p", null, {class: "error", role: "alert"});
  const collect = fill(fields, game, spec, scope);
  form.append(fields, error, el("button", `Record ${spec.label.toLowerCase()}`, {type: "submit", class: "primary", "data-fact": spec.type}));
  form.addEventListener("submit", event => {
    event.preventDefault();
    clearFaults(form);
    keptSheets.set(key, form);  // kept, with what was typed, until the service has taken it
    if (submit(game, spec, collect, error, key).length) form.remove();
  });
  return form;
}

function ask(game, spec) {
  const collect = fill($("#sheet-fields"), game, spec);
  openSheet(`${spec.label} · ${titleOf(game)}`, "Record", async error => {
    clearFaults($("#sheet-form"));
    const ids = submit(game, spec, collect, error);
    return ids.length > 0 && answered(ids, $("#sheet-form"));
  });
}

// The sheet stays open until the service has answered (or the phone is offline: then the fact
// waits in the outbox); refused, it stays as it was typed, the reason beside the field at fault.
async function answered(ids, sheet) {
  for (let tries = 0; tries < 50 && (flush.busy || outbox().some(i => ids.includes(i.body.id) && !i.look && navigator.onLine)); tries++) {
    await flush();
    if (outbox().some(i => ids.includes(i.body.id) && !i.look)) await new Promise(done => setTimeout(done, 100));
  }
  const turned = outbox().find(i => ids.includes(i.body.id) && i.look);
  if (!turned) return true;
  saveOutbox(outbox().filter(i => !ids.includes(i.body.id)));
  refused(sheet, turned.look.problem);
  return false;
}

// A refusal shown on the sheet: in the table's words, beside the field at fault (marked, and
// focused), or at the sheet's foot; announced (role=alert), and cleared by the next try.
function refused(sheet, problem) {
  const labels = Object.fromEntries([...sheet.querySelectorAll("[data-field]")].map(f => [f.dataset.field, f.dataset.label]));
  const errors = Object.entries(problem.errors || {});
  const faults = errors.map(([path, messages]) => [path.split(".").filter(p => p !== "data")[0],
    errors.length === 1 && problem.detail ? tableWords(problem.detail) : messages.map(tableWords).join(" ")]);
  let first = null;
  for (const [name, message] of faults) {
    const slot = sheet.querySelector(`[data-field="${CSS.escape(name)}"]`);
    if (!slot) continue;
    const note = el("p", message, {class: "fault error", id: `fault-${uuid().slice(0, 8)}`});
    slot.prepend(note);  // above the field, which may be a tall grid
    for (const field of slot.querySelectorAll("input")) {
      field.setAttribute("aria-invalid", "true");
      field.setAttribute("aria-describedby", note.id);
    }
    first = first || slot;
  }
  const error = sheet.querySelector(".error[role=alert]") || $("#sheet-error");
  error.textContent = first ? `Not recorded: ${labels[first.dataset.field]} — ${first.querySelector(".fault").textContent}`
                            : `Not recorded: ${plain(problem)}`;
  requestAnimationFrame(() => {  // after the card is drawn again with the sheet in it
    const target = (first && first.querySelector("input")) || error;
    if (target === error) error.setAttribute("tabindex", "-1");
    target.focus({preventScroll: true});
    (first ? first.querySelector(".fault") : error).scrollIntoView({block: "center"});
  });
}

function clearFaults(sheet) {
  for (const note of sheet.querySelectorAll(".fault")) note.remove();
  for (const field of sheet.querySelectorAll("[aria-invalid]")) {
    field.removeAttribute("aria-invalid");
    field.removeAttribute("aria-describedby");
  }
  const error = sheet.querySelector(".error[role=alert]");
  if (error) error.textContent = "";
}

// A message the service gave, as the table says it: no `data.x:` prefix, names for ids.
function tableWords(text) {
  const who = view ? names() : {};
  return String(text).replace(/^(data\.)?[\w.-]+: /, "").replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, id => who[id] || "someone");
}

function submit(game, spec, collect, error, sheet) {  // the ids of the facts queued
  let data;
  try {
    data = collect();
  } catch (problem) {
    error.textContent = problem.message;  // refused here, before anything was sent
    return [];
  }
  if (spec.outcomes.length) {  // one fact per seat of the sheet
    return Object.entries(data).map(([seat, outcome]) => enqueue("/events",
      factBody(game, spec, {player: seat, ...Object.fromEntries(spec.outcomes)[outcome]}),
      `${words(game, spec, {})}: ${names()[seat]} ${outcome}`, sheet));
  }
  return [enqueue("/events", factBody(game, spec, data), words(game, spec, data), sheet)];
}

// Builds the sheet's inputs in `box`; returns collect() → the fact's data, or throws in words.
function fill(box, game, spec, scope = {}) {
  box.replaceChildren();
  const values = known(game), readers = {}, labels = {};
  const dealer = values.dealer, seats = scope.seats || game.seats;
  for (const f of spec.fields) {
    labels[f.name] = f.label;
    const follows = typeof f.default === "string" && f.default.startsWith("=") && spec.fields.find(x => x.name === f.default.slice(1));
    const preset = typeof f.default === "string" ? (follows ? undefined : values[f.default]) : f.default;
    // a field that takes another's value until chosen (Commerce's winner: the stander) is
    // folded, saying so: the usual deal needs no tap on it
    const slot = el("div", null, {class: "field", "data-field": f.name, "data-label": f.label});
    const into = follows ? el("details", null, {class: "follows"}, el("summary", `${f.label}: ${f.hint || "as " + follows.label.toLowerCase()}, unless chosen`)) : slot;
    box.append(follows ? into : slot);
    if (follows) into.append(slot);
    readers[f.name] = f.input === "table" && scope.table ? () => scope.table : input(slot, game, f, preset, seats);
  }
  if (spec.outcomes.length) {
    const seats = game.seats.filter(s => s !== dealer);
    const choices = spec.outcomes.map(([label]) => label);
    for (const seat of seats) readers[seat] = chips(box, names()[seat], choices.map(c => [c, c]), false, choices[0]);
  }
  for (const f of spec.fields) {  // `besides`: a count for every seat but the one chosen there
    if (f.besides && readers[f.besides]) {
      const slot = box.querySelector(`[data-field="${CSS.escape(f.name)}"]`);
      const hide = () => {
        const chosen = readers[f.besides]();
        for (const row of slot.querySelectorAll("[data-seat]")) row.hidden = row.dataset.seat === chosen;
      };
      box.addEventListener("change", hide);
      hide();
    }
  }
  return () => {
    const data = {};
    for (const [name, take] of Object.entries(readers)) {
      const value = take();
      const f = spec.fields.find(x => x.name === name);
      if (value === undefined || value === "") {
        if (f && !f.optional && !(typeof f.default === "string" && f.default.startsWith("="))) throw new Error(`${f.label}: choose one.`);
        continue;
      }
      data[name] = value;
    }
    for (const f of spec.fields) if (f.totals) checkTotals(f, game, data[f.name]);
    return data;
  };
}

function chips(box, legend, choices, many, preset) {
  const set = el("fieldset", null, {class: "chips"});
  set.append(el("legend", legend));
  const name = `f${uuid().slice(0, 8)}`;
  const boxes = choices.map(([value, text]) =>
    chip(set, {type: many ? "checkbox" : "radio", name, value}, text, many ? (preset || []).includes(value) : value === preset));
  box.append(set);
  return many ? () => boxes.filter(b => b.checked).map(b => b.value)
              : () => (boxes.find(b => b.checked) || {}).value;
}

function stepper(box, text, preset, min, attributes = {}) {
  const label = el("label", text, {class: "stepper"});
  // named itself: its label holds the − button first, which would otherwise take the name
  const number = el("input", null, {type: "number", min: String(min), inputmode: "numeric", "aria-label": text, ...attributes});
  if (preset !== undefined && preset !== null) number.value = preset;
  const step = by => () => { number.value = Math.max(min, Number(number.value || 0) + by); number.dispatchEvent(new Event("input", {bubbles: true})); };
  label.append(el("span", null, {class: "row"}, button("−", step(-1), {"aria-label": `${text}: one fewer`}), number, button("+", step(1), {"aria-label": `${text}: one more`})));
  box.append(label);
  return () => (number.value === "" ? undefined : Number(number.value));
}

function input(box, game, f, preset, seated = game.seats) {
  const who = names();
  const seats = seated.map(s => [s, who[s]]);
  if (f.input === "player") return chips(box, f.label, f.optional ? [["", "nobody"], ...seats] : seats, false, preset ?? (f.optional ? "" : undefined));
  if (f.input === "players") return chips(box, f.label, seats, true, []);
  if (f.input === "choice") return chips(box, f.label, f.choices.map(c => [c, String(c).replace(/_/g, " ")]), false, preset ?? f.choices[0]);
  if (f.input === "table") return chips(box, f.label, view.summary.tables.map(t => [t.id, t.name]), false, (view.summary.tables[0] || {}).id);
  if (f.input === "amount") return stepper(box, f.label, preset, 1);
  if (f.input === "bool") {
    const tick = el("input", null, {type: "checkbox"});
    box.append(el("label", null, {class: "tick"}, tick, el("span", f.label)));
    return () => tick.checked;
  }
  if (f.input === "counts") return counts(box, game, f, seated);
  const text = el("input", null, {maxlength: "200"});
  box.append(el("label", f.label, {}, text));
  return () => text.value.trim() || undefined;
}

// A number per seat, or several (Cassino's cards, spades…) with running totals.
function counts(box, game, f, seated) {
  const who = names(), keys = f.choices.length ? f.choices : ["n"], words = k => k.replace(/_/g, " ");
  const set = el("fieldset", null, {class: "counts"}), totals = f.totals && f.totals[String(game.options[f.totals_option])];
  set.append(el("legend", f.label));
  const inputs = {};
  if (keys.length === 1) {  // a number per seat, with steppers
    for (const seat of seated) {
      inputs[seat] = {n: stepper(set, who[seat], undefined, 0)};
      set.lastElementChild.dataset.seat = seat;
    }
  } else {  // a grid: what each took, a column per player, a row per kind of card
    // The last player's column fills itself with what remains of a whole deal once the others'
    // counts are being typed, each kind of card until the recorder types in it.
    const table = el("table", null, {class: "grid"}), head = el("tr"), last = seated[seated.length - 1], ends = {};
    const remains = () => {
      for (const key in ends) ends[key].value = Math.max(0, seated.reduce((left, s) => left - (s === last ? 0 : inputs[s][key]() || 0), totals[key]));
    };
    head.append(el("td"), ...seated.map(seat => el("th", who[seat], {scope: "col"})));
    table.append(head);
    for (const seat of seated) inputs[seat] = {};
    for (const key of keys) {
      const row = el("tr");
      row.append(el("th", words(key), {scope: "row"}));
      for (const seat of seated) {
        const cell = el("input", null, {type: "number", min: "0", value: "0", inputmode: "numeric", "aria-label": `${who[seat]}: ${words(key)}`});
        inputs[seat][key] = () => (cell.value === "" ? undefined : Number(cell.value));
        if (seat !== last) cell.addEventListener("input", remains);
        else if (totals && key in totals) {
          ends[key] = cell;
          cell.addEventListener("input", () => delete ends[key]);
        }
        row.append(el("td", null, {}, cell));
      }
      table.append(row);
    }
    set.append(el("div", null, {class: "scroll"}, table));
    if (totals) set.append(el("p", `${who[last]}'s column is what remains, until typed in.`, {class: "hint"}));
  }
  if (totals) {  // running totals, ticked when a kind of card is all counted
    const line = el("p", null, {class: "totals", "aria-live": "polite"});
    const show = () => {
      line.textContent = keys.filter(key => key in totals).map(key => [key, totals[key]]).map(([key, whole]) => {
        const sum = seated.reduce((total, s) => total + (inputs[s][key]() || 0), 0);
        return `${words(key)} ${sum}/${whole}${sum === whole ? " ✓" : ""}`;
      }).join(" · ");
    };
    set.addEventListener("input", show);
    show();
    set.append(line);
  }
  box.append(set);
  return () => {
    const out = {};
    for (const seat of seated) {
      if (keys.length > 1) out[seat] = Object.fromEntries(keys.map(k => [k, inputs[seat][k]() || 0]));
      else if (inputs[seat].n() !== undefined && !set.querySelector(`[data-seat="${CSS.escape(seat)}"]`).hidden) out[seat] = inputs[seat].n();
    }
    return f.optional && !Object.keys(out).length ? undefined : out;
  };
}

function checkTotals(f, game, counted) {  // the deal must add up before it is sent
  const totals = f.totals[String(game.options[f.totals_option])], who = names();
  for (const [key, whole] of Object.entries(totals)) {
    const sum = Object.values(counted).reduce((s, c) => s + c[key], 0);
    if (sum !== whole) throw new Error(`The ${key.replace(/_/g, " ")} come to ${sum}; a whole deal has ${whole}. Nothing was sent.`);
  }
  for (const [seat, c] of Object.entries(counted)) {
    if (c.spades > c.cards || c.aces > c.cards) throw new Error(`${who[seat]} has more spades or aces than cards. Nothing was sent.`);
  }
}

// ---- the log in words, newest first; a tap undoes an event (with a reason)
function described() {
  const who = names(), games = Object.fromEntries(view.summary.games.map(g => [g.id, g]));
  const voided = {}, deals = {}, out = {};
  for (const e of view.events) if (e.type === "event_voided") voided[e.data.event_id] = e.data.reason;
  const money = moneyIn(view.balances.currency), value = view.summary.counter_value;
  for (const e of view.events) {
    const game = games[e.game_id];
    let text;
    if (e.type === "session_created") text = `The evening opened: ${e.data.name}`;
    else if (e.type === "player_added") text = `${e.data.name} joined`;
    else if (e.type === "table_added") text = `Table ${e.data.name} set up`;
    else if (e.type === "game_started") text = `${titleOf(e.data)} started, stake ${e.data.stake}`;
    else if (e.type === "event_voided") text = `Undone: ${out[e.data.event_id] || "an event"} (${e.data.reason})`;
    else if (e.type === "payment_made") text = `${who[e.data.from]} paid ${who[e.data.to]} ${money(e.data.amount * value)}`;
    else {
      const spec = game && (SPECS[game.kind] || UNKNOWN).buttons.find(b => b.type === e.type);
      const label = spec ? spec.label : e.type.replace(/_/g, " ");
      if (e.type === "deal_started" && !(e.id in voided)) deals[e.game_id] = (deals[e.game_id] || 0) + 1;
      const deal = deals[e.game_id] ? `Deal ${deals[e.game_id]} · ` : "";
      text = e.type === "deal_started" ? `${deal}${who[e.data.dealer] || "the next dealer"} dealt` : `${deal}${label}`;
      const flow = movement(e.postings, who);
      if (flow) text += ` · ${flow}`;
      if (game) text = `${titleOf(game)} · ${text}`;
    }
    out[e.id] = text;
  }
  return {out, voided};
}

function movement(postings, who) {
  const name = account => (account.startsWith("player:") ? who[account.slice(7)] : "the pool");
  const give = postings.filter(p => p.amount < 0), take = postings.filter(p => p.amount > 0);
  if (give.length === 1 && take.length === 1) return `${name(give[0].account)} paid ${name(take[0].account)} ${take[0].amount}`;
  return postings.map(p => `${name(p.account)} ${signed(p.amount)}`).join(", ");
}

function drawLog() {
  const {out, voided} = described();
  // Undo is offered only when there is something to undo
  $("#undo").hidden = !outbox().some(i => !i.look) && !lastUndoable(voided);
  const list = $("#log");
  const items = [...view.events].reverse().slice(0, 200).map(e => {
    const item = el("li");
    const time = el("time", new Date(e.recorded_at).toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"}), {datetime: e.recorded_at});
    const text = el(e.id in voided ? "s" : "span", out[e.id]);
    item.append(time, " ", text);
    if (e.id in voided) item.append(el("span", ` — undone: ${voided[e.id]}`, {class: "hint"}));
    else if (writer() && !SETUP.includes(e.type)) item.append(button("Undo…", () => askUndo(e, out[e.id]), {class: "small", "aria-label": `Undo: ${out[e.id]}`}));
    return item;
  });
  list.replaceChildren(...items);
}

function askUndo(e, text) {
  const reason = el("input", null, {maxlength: "200", value: "recorded by mistake"});
  $("#sheet-fields").replaceChildren(el("p", text), el("label", "Why", {}, reason));
  openSheet("Undo this?", "Undo it", () => {
    enqueue("/events", {type: "event_voided", data: {event_id: e.id, reason: reason.value.trim() || "recorded by mistake"}}, `Undo: ${text}`);
    return true;
  });
}

function undoLast() {
  const waiting = outbox().filter(i => !i.look);
  if (waiting.length && !flush.busy) {  // not yet sent: take it back from the outbox
    const last = waiting[waiting.length - 1];
    if (confirm(`Take back: ${last.words}?`)) saveOutbox(outbox().filter(i => i.body.id !== last.body.id));
    return;
  }
  const {out, voided} = described();
  const last = lastUndoable(voided);
  if (last) askUndo(last, out[last.id]);
  else alert("Nothing to undo yet.");
}

const lastUndoable = voided => [...view.events].reverse().find(e => !SETUP.includes(e.type) && !(e.id in voided));

// ---- settle-up: a transfer of the settlement paid, in whole or in part
function askPayment(t) {
  const who = names(), box = $("#sheet-fields");
  box.replaceChildren();
  const amount = stepper(box, "Counters paid", t.counters, 1);
  box.append(el("p", `The whole sum owed is ${counted(t.counters)} (${moneyIn(view.balances.currency)(t.amount_minor)}).`, {class: "hint"}));
  openSheet(`${who[t.from]} pays ${who[t.to]}`, "Record the payment", error => {
    const n = amount();
    if (!n || n < 1 || n > t.counters) { error.textContent = `Between 1 and ${counted(t.counters)}.`; return false; }
    return answered([enqueue("/events", {type: "payment_made", data: {from: t.from, to: t.to, amount: n}},
                             `${who[t.from]} paid ${who[t.to]} ${counted(n)}`)], $("#sheet-form"));
  });
}

// A pool nobody won is shared back before the evening can be all square: by default to those
// who put it there, each his share (the service works it out from the log), as the table
// agrees (every figure can be changed); recorded as `pool_refunded`.
function askRefund(pool) {
  const game = view.summary.games.find(g => g.id === pool.game_id), who = names();
  const box = $("#sheet-fields"), shares = {};
  const draw = model => {
    box.replaceChildren();
    for (const seat of game.seats) shares[seat] = stepper(box, who[seat], model.shares[seat] || 0, 0);
    const odd = (model.odd || []).map(p => who[p]);
    box.append(el("p", `${counted(pool.counters)} to share back` + (odd.length ? `; the odd counter${odd.length > 1 ? "s" : ""} to ${odd.join(", ")}.` : "."), {class: "hint"}));
  };
  draw({shares: {}});
  read(`/games/${pool.game_id}/refund${pool.pool ? `?pool=${encodeURIComponent(pool.pool)}` : ""}`)
    .then(draw).catch(() => {});  // offline: shared as the table types it
  openSheet(`Share back ${poolName(pool)}`, "Record", error => {
    const given = Object.fromEntries(Object.entries(shares).map(([seat, take]) => [seat, take() || 0]).filter(([, n]) => n > 0));
    const total = Object.values(given).reduce((a, b) => a + b, 0);
    if (total !== pool.counters) {
      error.textContent = `The shares come to ${counted(total)}; the pool holds ${counted(pool.counters)}.`;
      return false;
    }
    const said = Object.entries(given).map(([seat, n]) => `${who[seat]} ${n}`).join(", ");
    return answered([enqueue("/events", {type: "pool_refunded", game_id: pool.game_id, data: {shares: given, ...(pool.pool ? {pool: pool.pool} : {})}},
                             `${titleOf(game)} · ${poolName(pool)} shared back: ${said}`)], $("#sheet-form"));
  });
}

function drawChart() {
  const who = names(), running = Object.fromEntries(view.summary.players.map(p => [p.id, 0]));
  const points = Object.fromEntries(Object.keys(running).map(id => [id, [0]]));
  for (const e of view.events) {
    const moved = e.postings.filter(p => p.account.startsWith("player:") && p.account.slice(7) in running);
    if (!moved.length) continue;
    for (const p of moved) running[p.account.slice(7)] += p.amount;
    for (const id in running) points[id].push(running[id]);
  }
  const place = Object.fromEntries(view.summary.players.map((p, n) => [p.id, n]));  // each player's colour in every chart
  const series = Object.entries(points).map(([id, pts]) => ({name: who[id], points: pts, n: place[id]}));
  const figure = $("#chart");
  figure.hidden = !series.length || series[0].points.length < 2;
  if (!figure.hidden) {
    const drawn = chart(series, {head: "After", at: j => (j ? `event ${j}` : "start")});
    $("#chart-svg").replaceChildren(drawn.svg, drawn.legend);
    $("#chart-table").replaceChildren(drawn.table);
  }
  const races = view.summary.games.filter(g => (view.extras[g.id] || {}).scores && view.extras[g.id].scores.deals.length).map(game => {
    const scores = view.extras[game.id].scores, sums = {};
    const race = Object.keys(scores.totals).sort((a, b) => place[a] - place[b]).map(p => ({name: who[p], n: place[p], points: [0, ...scores.deals.map(d => (sums[p] = (sums[p] || 0) + (d.scored[p] || 0)))]}));
    const drawn = chart(race, {head: "After", at: j => (j ? `deal ${j}` : "start")}, game.options.target);
    return el("figure", null, {}, el("figcaption", `The race to ${game.options.target} (${titleOf(game)})`), drawn.svg, drawn.legend,
              el("details", null, {}, el("summary", "The same as a table"), drawn.table));
  });
  $("#races").replaceChildren(...races);
}

// ---- setting up: players, tables, a game with its seats and options
// In the order they were ticked, as the picker asks ("clockwise from the first dealer"), not
// the order the players joined: ticking Zoë then Ben seats Zoë first.
let seatOrder = [];
function chosenSeats() {
  const ticked = [...document.querySelectorAll("#seat-picker input:checked")].map(b => b.value);
  seatOrder = [...seatOrder.filter(id => ticked.includes(id)), ...ticked.filter(id => !seatOrder.includes(id))];
  return [...seatOrder];
}

function drawSeatPicker(players) {
  const picker = $("#seat-picker");
  const shape = JSON.stringify(players.map(p => [p.id, p.name]));
  if (picker.dataset.shape === shape) return;
  const chosen = new Set(chosenSeats()), shown = new Set(JSON.parse(picker.dataset.shape || "[]").map(([id]) => id));
  for (const p of players) if (!shown.has(p.id)) { chosen.add(p.id); seatOrder.push(p.id); }  // a new player sits, last
  picker.dataset.shape = shape;
  picker.replaceChildren(el("legend", "Seats, clockwise from the first dealer"));
  for (const p of players) chip(picker, {type: "checkbox", value: p.id}, p.name, chosen.has(p.id));
}

function drawOptions() {
  const box = $("#option-fields");
  const kind = $("#game-form [name=kind]").value;
  const seats = chosenSeats(), tables = view ? view.summary.tables : [];
  const shape = JSON.stringify([kind, seats, tables.map(t => [t.id, t.name])]);
  if (box.dataset.shape === shape) return;
  const kept = box.dataset.kind === kind ? Object.fromEntries(
    [...box.querySelectorAll("[name]")].map(i => [i.name, i.type === "checkbox" ? i.checked : i.value])) : {};
  box.dataset.shape = shape;
  box.dataset.kind = kind;
  drawOptions.collect = {};
  box.replaceChildren(...(SPECS[kind] || UNKNOWN).options.map(spec => optionField(spec, kept, seats, tables)));
  $("#table-form").hidden = !(SPECS[kind] || UNKNOWN).options.some(o => o.input === "tables");
}

function optionField(spec, kept, seats, tables) {
  const who = view ? names() : {};
  const label = el("label", spec.label);
  const given = (node, value) => {
    const v = node.name in kept ? kept[node.name] : value;
    if (node.type === "checkbox") node.checked = !!v; else node.value = v ?? "";
    return node;
  };
  const name = spec.name;
  let collect;
  if (spec.input === "bool" || spec.input === "partners") {
    const tick = given(el("input", null, {type: "checkbox", name}), spec.default);
    label.prepend(tick);
    label.classList.add("tick");
    collect = spec.input === "bool" ? () => tick.checked : () => {
      if (!tick.checked) return undefined;
      if (seats.length !== 4) throw new Error("Partnerships need four seats.");
      return [[seats[0], seats[2]], [seats[1], seats[3]]]; // partners sit opposite
    };
  } else if (spec.input === "number") {
    const number = given(el("input", null, {type: "number", name, min: String(spec.min)}), spec.default);
    label.append(number);
    collect = () => (number.value === "" ? undefined : Number(number.value));
  } else if (spec.input === "choice" || spec.input === "seat") {
    const select = el("select", null, {name});
    const choices = spec.input === "seat" ? [["", "—"], ...seats.map(s => [s, who[s]])] : spec.choices.map(c => [c, String(c).replace(/_/g, " ")]);
    select.append(...choices.map(([value, text]) => el("option", text, {value})));
    given(select, spec.input === "seat" ? "" : spec.default);
    label.append(select);
    collect = () => (spec.input === "seat" ? select.value || undefined : typeof spec.choices[0] === "number" ? Number(select.value) : select.value);
  } else { // tables: each seated player at one of the session's tables, filled in rank order
    const per = Math.ceil(seats.length / Math.max(tables.length, 1));
    const picks = seats.map((seat, index) => {
      const select = el("select", null, {name: `table-of-${seat}`, "aria-label": `${who[seat]}'s table`});
      select.append(...tables.map(t => el("option", t.name, {value: t.id})));
      if (tables.length) given(select, tables[Math.min(Math.floor(index / per), tables.length - 1)].id);
      const row = el("div", null, {class: "row"});
      row.append(el("span", who[seat]), select);
      label.append(row);
      return [seat, select];
    });
    if (!tables.length) label.append(el("span", " — add the tables first", {class: "hint"}));
    collect = () => tables.map(t => ({table_id: t.id, seats: picks.filter(([, s]) => s.value === t.id).map(([seat]) => seat)})).filter(t => t.seats.length);
  }
  if (spec.hint) label.append(el("small", ` ${spec.hint}`, {class: "hint"}));  // read aloud "Target points that…", not "Targetpoints"
  drawOptions.collect[name] = collect;
  return label;
}

// ---- actions
function said(where, text) { $(where).textContent = text; }

// A typed name is one name, commas and all ("Bennet, Mrs"); pasted text is a list, a name a
// line or between commas or semicolons.
function addPlayers(text, list = false) {
  const form = $("#player-form"), field = form.elements.name;
  const given = (list ? text.split(/[,;\n]+/) : [text]).map(n => n.trim()).filter(Boolean);
  if (!given.length) { said("#player-error", "Type a name first."); field.focus(); return; }
  said("#player-error", "");
  const group = form.elements.group.value.trim();
  for (const name of given) enqueue("/players", {name, ...(group ? {group} : {})}, `${name} joins`);
  form.reset();
  field.focus();  // the next name goes straight in
}

async function openEvening(form) {
  const body = Object.fromEntries(new FormData(form));
  body.counter_value = Number(body.counter_value);
  let response;
  try {
    response = await fetch(`${API}/sessions`, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  } catch {
    return alert("Opening an evening needs the connection.");
  }
  const opened = await response.json();
  if (!response.ok) return alert(`Nothing was opened: ${plain(opened)}`);
  const all = keep.get("ledger:evenings", {});
  all[opened.id] = {write: opened.write_token, read: opened.read_token};
  keep.set("ledger:evenings", all);
  await openKept(opened.id);
}

async function download(name) {
  try {
    const response = await call(`/sessions/${ev.id}/export/${name}.csv`);
    if (!response.ok) throw new Error();
    const given = /filename="?([^";]+)"?/.exec(response.headers.get("Content-Disposition") || "");
    const link = el("a", null, {href: URL.createObjectURL(await response.blob()), download: given ? given[1] : `${name}.csv`});
    document.body.append(link);
    link.click();
    link.remove();
  } catch {
    alert(`${name}.csv needs the connection.`);
  }
}

async function drawShare() {
  $("#write-link").value = ev.write ? shareLink("w", ev.write) : "";
  $("#read-link").value = ev.read ? shareLink("r", ev.read) : "";
  $("#share-read").hidden = !ev.read;
  if (!$("#share").open) return;
  await showQr([["#write-link", "#write-qr"], ["#read-link", "#read-qr"]]);
}

let wakeLock = null;
async function keepAwake() {  // the screen stays on while an evening is open (where it can)
  if (!ev || document.hidden || !navigator.wakeLock || wakeLock) return;
  try {
    wakeLock = await navigator.wakeLock.request("screen");
    wakeLock.addEventListener("release", () => { wakeLock = null; });
  } catch {
    wakeLock = null;
  }
}

function wire() {
  $("#open-form").addEventListener("submit", e => { e.preventDefault(); openEvening(e.target); });
  const playerForm = $("#player-form"), nameField = playerForm.elements.name;
  playerForm.addEventListener("submit", e => { e.preventDefault(); addPlayers(nameField.value); });
  nameField.addEventListener("paste", e => {  // several names pasted at once: each added
    const pasted = e.clipboardData.getData("text"), f = e.target;
    const text = f.value.slice(0, f.selectionStart) + pasted + f.value.slice(f.selectionEnd);  // with what was typed
    if (/[,;\n]/.test(pasted)) { e.preventDefault(); addPlayers(text, true); }
  });
  $("#table-form").addEventListener("submit", e => {
    e.preventDefault();
    const body = Object.fromEntries(new FormData(e.target));
    if (!body.name.trim()) return said("#game-error", "Name the table first.");
    e.target.reset();
    enqueue("/tables", {name: body.name, rank: Number(body.rank) || 1}, `Table ${body.name}`);
  });
  $("#game-form").addEventListener("submit", e => {
    e.preventDefault();
    const body = Object.fromEntries(new FormData(e.target));
    const seats = chosenSeats(), spec = SPECS[body.kind];
    if (!spec) return said("#game-error", "The list of games needs the connection once.");
    const [low, high] = spec.seats;
    if (seats.length < low || seats.length > high) return said("#game-error", `${spec.title} takes ${low} to ${high} players: tick them in the order they sit.`);
    if (!(Number(body.stake) >= 1)) return said("#game-error", "The stake: a whole number, 1 or more.");
    let options;
    try { options = Object.fromEntries(Object.entries(drawOptions.collect).map(([n, c]) => [n, c()]).filter(([, v]) => v !== undefined)); } catch (problem) { return said("#game-error", problem.message); }
    said("#game-error", "");
    keep.set(playingKey(), null);  // the game just started is the one being played
    enqueue("/games", {kind: body.kind, stake: Number(body.stake), seats, options}, `${spec.title} starts`);
  });
  $("#game-form [name=kind]").addEventListener("change", drawOptions);
  $("#seat-picker").addEventListener("change", drawOptions);
  $("#undo").addEventListener("click", undoLast);
  for (const [id, act] of [["#share-results", () => shareResults()], ["#print-sheet", () => printSheet()]]) {
    $(id).addEventListener("click", () => load("/phone/static/results.js").then(act).catch(problem => alert(problem.message)));
  }
  $("#share").addEventListener("toggle", drawShare);
  document.querySelectorAll("[data-csv]").forEach(b => b.addEventListener("click", () => download(b.dataset.csv)));
  document.querySelectorAll("[data-copy]").forEach(b => b.addEventListener("click", () => copy(b.dataset.copy, b)));
  window.addEventListener("online", () => { hush(); flush(); listen(); });  // a stream that failed offline is tried again
  window.addEventListener("offline", showStatus);
  window.addEventListener("hashchange", () => { readFragment(); start(); });
  document.addEventListener("visibilitychange", () => { keepAwake(); listen(); watch(); });
  setInterval(watch, POLL_MS);
  keepOffline();
}

// ---- the evenings this phone keeps: a new one from any of them, and back to each
function openKept(id) {
  keep.set("ledger:current", id);
  history.replaceState(null, "", "/");
  readFragment();
  return start();
}

function drawKept(list, except = null) {
  const all = keep.get("ledger:evenings", {});
  const kept = Object.keys(all).filter(id => id !== except).map(id => {
    const seen = (keep.get(`ledger:view:${id}`, null) || {}).summary;
    return {id, name: seen ? seen.name : "An evening", at: seen ? seen.created_at : "", role: all[id].write ? "recording" : "watching"};
  }).sort((a, b) => (b.at > a.at) - (b.at < a.at));
  list.replaceChildren(...kept.map(k => el("li", null, {}, button(k.name, () => openKept(k.id)),
    el("span", ` ${k.at ? dayOf(k.at) + " · " : ""}${k.role}`, {class: "meta"}))));
  return kept.length;
}

const dayOf = at => new Date(at).toLocaleDateString(undefined, {weekday: "short", day: "numeric", month: "short", year: "numeric"});

function welcome() {
  $("#title").textContent = document.title = "Parlour Ledger";
  $("#strip").replaceChildren();
  $("#kept").hidden = !drawKept($("#kept-evenings"));
}

async function start() {
  $("#welcome").hidden = !!ev;
  $("#evening").hidden = !ev;
  if (start.shown !== (ev && ev.id)) {  // another evening: its own stream and version
    hush();
    watch.tag = null;
    start.shown = ev && ev.id;
    $("#elsewhere").open = false;
  }
  if (!ev) return welcome();
  $("#elsewhere").hidden = false;
  drawKept($("#other-evenings"), ev.id);
  document.body.classList.toggle("reader", !writer());
  const catalogue = loadGames();  // asked for while the session is read
  drawShare();
  if (view && view.summary) { await catalogue; draw(); } // the last known state, also offline
  drawOutbox();
  showStatus();
  keepAwake();
  await flush(); // the outbox goes when the page opens, not only when the network comes back
  await refresh();
  hush();
  listen();
}

readFragment();
wire();
start();
