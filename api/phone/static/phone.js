// Parlour Ledger's phone page: records through the REST API only. Every write gets a
// client-made id and waits in a queue in localStorage until the server has it, so a phone
// can lose its connection and a resend is never counted twice. User text is only ever
// inserted with textContent.
"use strict";

const API = "/api/v1";
const $ = (selector, root = document) => root.querySelector(selector);
let evening = null; // {id, token, role}
let view = {summary: null, balances: null, settlement: null, pools: {}, games: {}};

// ---- session and share links (the token travels in the URL fragment, never to a server log)
function readFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("s") && (params.get("w") || params.get("r"))) {
    const write = params.get("w");
    evening = {id: params.get("s"), token: write || params.get("r"), role: write ? "write" : "read"};
    localStorage.setItem("ledger:evening", JSON.stringify(evening));
  } else {
    evening = JSON.parse(localStorage.getItem("ledger:evening") || "null");
  }
}

function shareLink(flag, token) {
  return `${location.origin}/#s=${encodeURIComponent(evening.id)}&${flag}=${encodeURIComponent(token)}`;
}

function uuid() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16)); // plain http on a LAN has no randomUUID
  b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map(x => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

async function call(path, options = {}) {
  const headers = {"Content-Type": "application/json", ...(options.headers || {})};
  if (evening) headers.Authorization = `Bearer ${evening.token}`;
  return fetch(`${API}${path}`, {...options, headers});
}

async function read(path) {
  const response = await call(`/sessions/${evening.id}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

// ---- the queue of writes
const queueKey = () => `ledger:queue:${evening.id}`;
const queued = () => JSON.parse(localStorage.getItem(queueKey()) || "[]");
const saveQueue = items => localStorage.setItem(queueKey(), JSON.stringify(items));
let sending = false;

function enqueue(path, body) {
  saveQueue([...queued(), {path, body: {id: uuid(), ...body}}]);
  showStatus();
  return flush();
}

async function flush() {
  if (sending) return;
  sending = true;
  try {
    let items = queued();
    while (items.length) {
      let response;
      try {
        response = await call(`/sessions/${evening.id}${items[0].path}`,
                              {method: "POST", body: JSON.stringify(items[0].body)});
      } catch (offline) {
        break; // no network: keep it, try again when we are back online
      }
      if (!response.ok) {
        const problem = await response.json().catch(() => ({}));
        say(problem.detail || `Refused (${response.status})`);
      }
      items = queued().slice(1); // recorded (201), already recorded (200) or refused
      saveQueue(items);
      showStatus();
    }
  } finally {
    sending = false;
  }
  if (!queued().length) await refresh();
}

function showStatus() {
  const waiting = evening ? queued().length : 0;
  const status = $("#status");
  status.textContent = waiting ? `${waiting} pending` : (navigator.onLine ? "online" : "offline");
  status.classList.toggle("pending", waiting > 0);
}

function say(text) {
  const message = $("#message");
  message.textContent = text;
  message.hidden = false;
  clearTimeout(say.timer);
  say.timer = setTimeout(() => { message.hidden = true; }, 4000);
}

// ---- reading and drawing
async function refresh() {
  if (!evening) return;
  try {
    const [summary, balances, settlement, pools] = await Promise.all(
      ["", "/balances", "/settlement", "/pools"].map(read));
    view = {summary, balances, settlement, pools: {}, games: {}};
    for (const pool of pools.pools) view.pools[pool.game_id] = pool.counters;
    for (const game of summary.games) view.games[game.id] = await gameExtras(game);
    draw();
  } catch (error) {
    showStatus();
  }
}

// Each game's title, read models and buttons, as its module in ledger/games declares them.
const GAME_SPECS = JSON.parse($("#game-specs").textContent);

async function gameExtras(game) {
  const {reads, buttons} = GAME_SPECS[game.kind];
  const extras = {};
  if (buttons.some(b => b.type === "deal_started")) extras.dealing = await read(`/games/${game.id}/dealing`);
  if (reads.includes("scores")) extras.scores = await read(`/games/${game.id}/scores`);
  if (reads.includes("progressive")) extras.tally = await read(`/progressive?game_id=${game.id}`);
  return extras;
}

const names = () => Object.fromEntries(view.summary.players.map(p => [p.id, p.name]));

function el(tag, text, attributes = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

// ---- the start-game form: seats, then the kind's options (described by the server from the
// options schemas). Redrawn only when what it shows changes, so a refresh never resets a
// half-filled form.
const OPTION_SPECS = JSON.parse($("#option-specs").textContent);
const chosenSeats = () => [...document.querySelectorAll("#seat-picker input:checked")].map(b => b.value);

function drawSeatPicker(players) {
  const picker = $("#seat-picker");
  const shape = JSON.stringify(players.map(p => [p.id, p.name]));
  if (picker.dataset.shape === shape) return;
  const chosen = new Set(chosenSeats());
  picker.dataset.shape = shape;
  picker.replaceChildren(el("legend", "Seats, clockwise"), ...players.map(p => {
    const label = el("label");
    const tick = el("input", null, {type: "checkbox", value: p.id});
    tick.checked = chosen.has(p.id);
    label.append(tick, el("span", p.name));
    return label;
  }));
}

function drawOptions() {
  const box = $("#option-fields");
  const kind = $("#game-form [name=kind]").value;
  const seats = chosenSeats();
  const tables = view.summary ? view.summary.tables : [];
  const shape = JSON.stringify([kind, seats, tables.map(t => [t.id, t.name]), view.summary && names()]);
  if (box.dataset.shape === shape) return;
  const kept = box.dataset.kind === kind ? Object.fromEntries(
    [...box.querySelectorAll("[name]")].map(i => [i.name, i.type === "checkbox" ? i.checked : i.value])) : {};
  box.dataset.shape = shape;
  box.dataset.kind = kind;
  drawOptions.collect = {};
  box.replaceChildren(...OPTION_SPECS[kind].map(spec => optionField(spec, kept, seats, tables)));
}

function optionField(spec, kept, seats, tables) {
  const who = view.summary ? names() : {};
  const label = el("label", spec.label);
  const keep = (input, value) => {
    const given = input.name in kept ? kept[input.name] : value;
    if (input.type === "checkbox") input.checked = !!given;
    else input.value = given ?? "";
    return input;
  };
  const name = spec.name;
  let collect;
  if (spec.input === "bool" || spec.input === "partners") {
    const tick = keep(el("input", null, {type: "checkbox", name}), spec.default);
    label.prepend(tick);
    label.classList.add("tick");
    collect = spec.input === "bool" ? () => tick.checked : () => {
      if (!tick.checked) return undefined;
      if (seats.length !== 4) throw new Error("Partnerships need four seats.");
      return [[seats[0], seats[2]], [seats[1], seats[3]]]; // partners sit opposite
    };
  } else if (spec.input === "number") {
    const input = keep(el("input", null, {type: "number", name, min: String(spec.min),
                                         placeholder: spec.default === null ? "—" : ""}), spec.default);
    label.append(input);
    collect = () => (input.value === "" ? undefined : Number(input.value));
  } else if (spec.input === "choice") {
    const select = el("select", null, {name});
    for (const choice of spec.choices) select.append(el("option", String(choice).replace(/_/g, " "), {value: choice}));
    keep(select, spec.default);
    label.append(select);
    collect = () => (typeof spec.choices[0] === "number" ? Number(select.value) : select.value);
  } else if (spec.input === "seat") {
    const select = el("select", null, {name});
    select.append(el("option", "—", {value: ""}), ...seats.map(seat => el("option", who[seat], {value: seat})));
    keep(select, "");
    label.append(select);
    collect = () => select.value || undefined;
  } else { // tables: each seated player at one of the session's tables, filled in rank order
    const per = Math.ceil(seats.length / Math.max(tables.length, 1));
    const picks = seats.map((seat, index) => {
      const row = el("div", null, {class: "row"});
      const select = el("select", null, {name: `table-of-${seat}`, "aria-label": `${who[seat]}'s table`});
      select.append(...tables.map(t => el("option", t.name, {value: t.id})));
      if (tables.length) keep(select, tables[Math.min(Math.floor(index / per), tables.length - 1)].id);
      row.append(el("span", who[seat]), select);
      label.append(row);
      return [seat, select];
    });
    if (!tables.length) label.append(el("span", " — add the tables first", {class: "hint"}));
    collect = () => tables.map(t => ({table_id: t.id, seats: picks.filter(([, s]) => s.value === t.id).map(([seat]) => seat)}))
      .filter(t => t.seats.length);
  }
  if (spec.hint) label.append(el("small", spec.hint, {class: "hint"}));
  drawOptions.collect[name] = collect;
  return label;
}

function chosenOptions() {
  const options = {};
  for (const [name, collect] of Object.entries(drawOptions.collect || {})) {
    const value = collect();
    if (value !== undefined) options[name] = value;
  }
  return options;
}

function draw() {
  const {summary, balances, settlement} = view;
  const who = names();
  $("#title").textContent = summary.name;
  $("#welcome").hidden = true;
  $("#evening").hidden = false;
  document.body.classList.toggle("reader", evening.role !== "write");
  $("#players").replaceChildren(...summary.players.map(
    p => el("li", p.group ? `${p.name} (${p.group})` : p.name)));
  drawSeatPicker(summary.players);
  drawOptions();
  $("#games").replaceChildren(...summary.games.map(drawGame));
  const playing = summary.games.length > 0; // once play starts, the games come first
  if (playing !== draw.playing) $("#setup").open = !playing;
  draw.playing = playing;
  const money = moneyIn(balances.currency);
  $("#balances tbody").replaceChildren(...balances.players.map(p => {
    const row = el("tr");
    row.append(el("td", p.name), el("td", p.counters, {class: "num"}),
               el("td", money(p.amount_minor), {class: "num"}));
    return row;
  }));
  const owes = settlement.transfers.map(t => el("li",
    `${who[t.from]} pays ${who[t.to]} ${money(t.amount_minor)} (${t.counters} counters)`));
  const pools = settlement.unsettled_pools.map(p => el("li", `${p.counters} counters still in a pool`));
  $("#settlement").replaceChildren(...(owes.length || pools.length ? [...owes, ...pools] : [el("li", "All square.")]));
  showStatus();
}

function moneyIn(currency) {
  // minor units to the currency's own format: pence, cents, or none at all for yen
  const format = new Intl.NumberFormat(undefined, {style: "currency", currency});
  const digits = format.resolvedOptions().maximumFractionDigits;
  return minor => format.format(minor / 10 ** digits);
}

function drawGame(game) {
  const who = names(), extras = view.games[game.id] || {};
  const box = el("article", null, {class: "game", "data-game": game.id});
  box.append(el("h3", `${GAME_SPECS[game.kind].title} · stake ${game.stake} · pool ${view.pools[game.id] || 0}`));
  if (extras.dealing) {
    const dealer = extras.dealing.current_dealer;
    box.append(el("p", `${dealer ? `Dealer: ${who[dealer]}. ` : ""}Next to deal: ${who[extras.dealing.next_dealer]}` +
                       (extras.dealing.equal ? " · all have dealt equally" : ""), {class: "meta"}));
  }
  if (extras.scores) {
    const totals = Object.entries(extras.scores.totals).map(([p, n]) => `${who[p]} ${n}`).join(", ");
    const won = extras.scores.winner ? ` · won by ${extras.scores.winners.map(p => who[p]).join(" & ")}` : "";
    box.append(el("p", `Points: ${totals}${won}`, {class: "meta"}));
  }
  if (extras.tally) box.append(...drawTally(extras.tally, who));
  const facts = el("div", null, {class: "facts writer"});
  for (const [label, type, fields] of factsFor(game, extras)) {
    const button = el("button", label, {type: "button", "data-fact": type});
    button.addEventListener("click", () => ask(game, label, type, fields));
    facts.append(button);
  }
  box.append(facts);
  return box;
}

function drawTally(tally, who) {
  const tables = Object.fromEntries((view.summary.tables || []).map(t => [t.id, t.name]));
  const lines = Object.entries(tally.seating).map(([table, seated]) =>
    el("p", `${tables[table] || table}: ${seated.map(p => `${who[p]} ${tally.players[p].counters}`).join(", ")}`, {class: "meta"}));
  const prizes = tally.prizes;
  lines.push(el("p", `Yellow chips: ${prizes.most_yellow_chips ? who[prizes.most_yellow_chips] : "none yet"} · booby: ${who[prizes.booby]}`, {class: "meta"}));
  if (tally.last_round) {
    lines.push(el("p", `Last bell: ${tally.last_round.moves.map(m => `${who[m.player]} → ${tables[m.to] || m.to}`).join(", ")}`, {class: "meta"}));
  }
  return lines;
}

// ---- the facts each game offers, [label, event type, fields], from its module's buttons; a
// field's default names what the page knows when the sheet opens (the next dealer, the stake)
function factsFor(game, extras) {
  const known = {next_dealer: extras.dealing && extras.dealing.next_dealer, stake: game.stake};
  return GAME_SPECS[game.kind].buttons.map(button => [button.label, button.type, button.fields.map(f => [
    f.name,
    (f.choices.length ? `${f.input}:${f.choices.join(",")}` : f.input) + (f.optional ? "?" : ""),
    typeof f.default === "string" ? known[f.default] : f.default,
  ])]);
}

// ---- the fact dialog: one field per entry, built with DOM nodes only
function ask(game, label, type, fields) {
  const who = names();
  $("#fact-title").textContent = label;
  const box = $("#fact-fields");
  box.replaceChildren();
  const readers = {};
  for (const [name, kind, preset] of fields) readers[name] = field(box, game, who, name, kind, preset);
  const dialog = $("#fact");
  $("#fact-form").onsubmit = event => {
    event.preventDefault();
    const data = {};
    for (const [name, take] of Object.entries(readers)) {
      const value = take();
      if (value !== undefined) data[name] = value;
    }
    dialog.close();
    enqueue("/events", {type, game_id: game.id, data});
  };
  $("#fact-cancel").onclick = () => dialog.close();
  dialog.showModal();
}

function field(box, game, who, name, kind, preset) {
  const optional = kind.endsWith("?");
  kind = kind.replace("?", "");
  const label = el("label", name.replace(/_/g, " "));
  box.append(label);
  if (kind === "player") {
    const select = el("select", null, {name});
    if (optional) select.append(el("option", "—", {value: ""}));
    for (const seat of game.seats) select.append(el("option", who[seat], {value: seat}));
    if (preset) select.value = preset;
    label.append(select);
    return () => select.value || undefined;
  }
  if (kind === "players") {
    const boxes = game.seats.map(seat => {
      const choice = el("label");
      const tick = el("input", null, {type: "checkbox", value: seat});
      choice.append(tick, el("span", who[seat]));
      label.append(choice);
      return tick;
    });
    return () => boxes.filter(b => b.checked).map(b => b.value);
  }
  if (kind.startsWith("counts")) { // a number per seat, or several (counts:cards,spades,…)
    const keys = kind.includes(":") ? kind.split(":")[1].split(",") : ["n"];
    const inputs = {};
    for (const seat of game.seats) {
      const row = el("div", null, {class: "row"});
      row.append(el("span", who[seat]));
      inputs[seat] = Object.fromEntries(keys.map(key => {
        const input = el("input", null, {type: "number", min: "0", placeholder: key, "aria-label": `${who[seat]} ${key}`});
        row.append(input);
        return [key, input];
      }));
      label.append(row);
    }
    return () => {
      const out = {};
      for (const [seat, byKey] of Object.entries(inputs)) {
        if (keys.length > 1) out[seat] = Object.fromEntries(Object.entries(byKey).map(([k, i]) => [k, Number(i.value || 0)]));
        else if (byKey.n.value !== "") out[seat] = Number(byKey.n.value);
      }
      return optional && !Object.keys(out).length ? undefined : out;
    };
  }
  if (kind === "table") {
    const select = el("select", null, {name});
    for (const table of view.summary.tables) select.append(el("option", table.name, {value: table.id}));
    label.append(select);
    return () => select.value;
  }
  if (kind.startsWith("choice:")) {
    const select = el("select", null, {name});
    for (const option of kind.slice(7).split(",")) select.append(el("option", option, {value: option}));
    label.append(select);
    return () => select.value;
  }
  if (kind === "bool") {
    const tick = el("input", null, {type: "checkbox", name});
    label.prepend(tick);
    return () => tick.checked;
  }
  const input = el("input", null, kind === "amount" ? {type: "number", min: "1", name} : {name, maxlength: "200"});
  if (preset !== undefined) input.value = preset;
  label.append(input);
  return () => input.value === "" ? undefined : (kind === "amount" ? Number(input.value) : input.value);
}

// ---- actions
async function openEvening(form) {
  const body = Object.fromEntries(new FormData(form));
  body.counter_value = Number(body.counter_value);
  const response = await fetch(`${API}/sessions`, {method: "POST", headers: {"Content-Type": "application/json"},
                                                   body: JSON.stringify(body)});
  const opened = await response.json();
  if (!response.ok) return say(opened.detail);
  evening = {id: opened.id, token: opened.write_token, role: "write"};
  localStorage.setItem("ledger:evening", JSON.stringify(evening));
  localStorage.setItem(`ledger:read:${opened.id}`, opened.read_token);
  history.replaceState(null, "", `#s=${opened.id}&w=${opened.write_token}`);
  await start();
}

async function undo() {
  const {events} = await read("/events");
  const voided = new Set(events.filter(e => e.type === "event_voided").map(e => e.data.event_id));
  const creations = ["session_created", "player_added", "table_added", "game_started", "event_voided"];
  const last = [...events].reverse().find(e => !creations.includes(e.type) && !voided.has(e.id));
  if (!last) return say("Nothing to undo.");
  if (!confirm(`Undo ${last.type.replace(/_/g, " ")} (event ${last.version})?`)) return;
  const reason = prompt("Why?", "recorded by mistake") || "recorded by mistake";
  await enqueue("/events", {type: "event_voided", data: {event_id: last.id, reason}});
}

async function download(name) {
  const response = await call(`/sessions/${evening.id}/export/${name}.csv`);
  if (!response.ok) return say(`Could not download ${name}.csv`);
  const link = el("a", null, {href: URL.createObjectURL(await response.blob()), download: `${name}.csv`});
  document.body.append(link);
  link.click();
  link.remove();
}

function wire() {
  $("#open-form").addEventListener("submit", e => { e.preventDefault(); openEvening(e.target); });
  $("#player-form").addEventListener("submit", e => {
    e.preventDefault();
    const body = Object.fromEntries(new FormData(e.target));
    if (!body.group) delete body.group;
    e.target.reset();
    enqueue("/players", body);
  });
  $("#table-form").addEventListener("submit", e => {
    e.preventDefault();
    const body = Object.fromEntries(new FormData(e.target));
    enqueue("/tables", {name: body.name, rank: Number(body.rank)});
  });
  $("#game-form").addEventListener("submit", e => {
    e.preventDefault();
    const body = Object.fromEntries(new FormData(e.target));
    let options;
    try { options = chosenOptions(); } catch (problem) { return say(problem.message); }
    enqueue("/games", {kind: body.kind, stake: Number(body.stake), seats: chosenSeats(), options});
  });
  $("#game-form [name=kind]").addEventListener("change", drawOptions);
  $("#seat-picker").addEventListener("change", drawOptions);
  $("#undo").addEventListener("click", undo);
  document.querySelectorAll("[data-csv]").forEach(b => b.addEventListener("click", () => download(b.dataset.csv)));
  window.addEventListener("online", flush);
  window.addEventListener("offline", showStatus);
  window.addEventListener("focus", refresh);
  setInterval(() => (queued().length ? flush() : refresh()), 10000);
}

async function start() {
  $("#welcome").hidden = !!evening;
  $("#evening").hidden = !evening;
  if (!evening) return;
  $("#write-link").value = evening.role === "write" ? shareLink("w", evening.token) : "";
  const readToken = localStorage.getItem(`ledger:read:${evening.id}`);
  $("#read-link").value = readToken ? shareLink("r", readToken) : (evening.role === "read" ? shareLink("r", evening.token) : "");
  showStatus();
  await flush();
  await refresh();
}

readFragment();
wire();
start();
