// In step with the service: the outbox (what this phone recorded, sent in order and never
// counted twice), what is due in each game once it is sent, and live updates (pushed, or
// asked for twice a second).
// ---- the outbox: what was recorded here and is not yet in the log, oldest first. An item the
// server refused waits with its reason (`look`) until someone records it anyway or discards it.
import {_, $, API, keep, uuid} from "./core.js";
import {call, ev, keptSheets, on, plain, playingKey, refresh, view} from "./state.js";

const outboxKey = () => `ledger:queue:${ev.id}`;
// what the service has taken from here but the view read before it does not show yet: the card
// follows it as it follows the outbox, so the moment between an answer and the next read
// offers nothing twice (a deal just taken is not "Deal N" again)
const landed = [];
function unread() {
  const still = landed.filter(l => view && l.ev === view.id && l.version > view.summary.version);
  landed.splice(0, landed.length, ...still);
  return still;
}
export const outbox = () => (ev ? keep.get(outboxKey(), []) : []);
export function saveOutbox(items) {
  keep.set(outboxKey(), items);
  on.outbox(items);
}

// One intent, one fact: a control that records names its intent (the deal it starts, the
// sheet it sends, the sheet dialog as opened, the game as set), and for as long as that
// intent is pending (in the outbox, or taken and not yet read back) another tap, a retry or a
// reload gives the same id, never a second fact; a resend of an id is answered once.
export function enqueue(path, body, words, sheet, intent) {  // `sheet`: the sheet it was typed on
  if (body.game_id) keep.set(playingKey(), body.game_id);  // the game recorded in is the one played
  const same = intent && [...outbox().filter(i => !i.look), ...unread()].find(i => i.intent === intent);
  if (same) return same.body.id;
  const item = {path, body: {id: uuid(), ...body}, words, at: Date.now(), ...(sheet ? {sheet} : {}), ...(intent ? {intent} : {})};
  saveOutbox([...outbox(), item]);
  flush();
  return item.body.id;
}

export async function flush() {
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
        const taken = await response.json().catch(() => ({}));
        landed.push({ev: ev.id, body: item.body, intent: item.intent, version: taken.version || 0});  // until the view has it
        saveOutbox(outbox().filter(i => i.body.id !== item.body.id));
        sent = true;
        continue;
      }
      const problem = await response.json().catch(() => ({}));
      // kept with the outbox (a reload draws its sheet again as it was typed, the reason
      // beside the field), and shown on its sheet if that is on the page
      const look = {reason: plain(problem), problem, moved: "current_deal" in problem || "current_version" in problem};
      saveOutbox(outbox().map(i => (i.body.id === item.body.id ? {...i, look} : i)));
      if (item.sheet && keptSheets.has(item.sheet)) on.refused(keptSheets.get(item.sheet), problem);
    }
  } finally {
    flush.busy = false;
  }
  if (sent) await refresh();
}

// A refused fact whose sheet is drawn again, as it was typed (a reload, a redraw), or null
export const heldFor = key => outbox().find(i => i.look && i.sheet === key) || null;
export const drop = key => saveOutbox(outbox().filter(i => !(i.look && i.sheet === key)));

export function recordAnyway(id) {  // no longer bound to the deal or version it was recorded in
  saveOutbox(outbox().map(i => {
    if (i.body.id !== id) return i;
    const {deal, expected_version, ...body} = i.body;
    return {path: i.path, body, words: i.words};
  }));
  flush();
}

// ---- what is due in each game, as the service says it (`due` in the summary), followed
// through what this phone has recorded and not yet sent: the page keeps no deal logic of its own.

// The defaults a sheet resolves now (a field's `default` names one of them)
export function known(game) {
  const due = dueOf(game);
  return {next_dealer: due.next_dealer, dealer: due.dealer, stake: game.stake};
}

// What is due in a game as the service will have it once the outbox is sent: a deal started
// here and not yet sent is the deal in play (its facts are bound to it, and it is not offered
// again), and a pending fact that settles it closes it. The service says what each comes to
// (`after_deal`, `after_end`, `ending`): the page only follows.
export function dueOf(game) {  // the game as the service last told it (a sheet may hold an older copy)
  const now = view.summary.games.find(g => g.id === game.id) || game;
  const told = now.due || {deal: 0, offered: [], ending: []};
  const deals = "after_deal" in told, ahead = told.dealers_ahead || [];
  let due = {...told, deals};
  for (const {body, look} of [...unread(), ...outbox()]) {
    if (look || body.game_id !== game.id || !deals) continue;
    const gone = body.deal - told.deal;  // deals started here since the service last said
    if (body.type === "deal_started" && body.deal === due.deal + 1) {
      due = {...told.after_deal, deals, deal: body.deal,
             dealer: (body.data && body.data.dealer) || ahead[gone - 1], next_dealer: ahead[gone]};
    } else if (body.deal === due.deal && due.ending.includes(body.type)) {
      due = {...told.after_end, deals, deal: due.deal, dealer: due.dealer,
             next_dealer: due.next_dealer};
    } else if (body.deal === due.deal) {  // a stake or compartment settled, the deal goes on
      due = {...due, settled: [...(due.settled || []), ...settledBy(told, body)]};
    }
  }
  return due;
}

// What a fact settles of its deal by its choice (three-stake Brag's stake), as the service
// says it (`settles_by`)
function settledBy(told, body) {
  const by = (told.settles_by || {})[body.type] || {};
  return Object.entries(by).flatMap(([field, whats]) => whats[(body.data || {})[field]] || []);
}

// A fact's sheet as the game in play admits it (`sheets` of its due): the choices still open
// (less what a fact not yet sent settles), the fields asked, the game's own defaults
export function admitted(game, spec, due = dueOf(game)) {
  const admits = (due.sheets || {})[spec.type] || {};
  const by = ((told(game).settles_by || {})[spec.type]) || {}, settled = due.settled || [];
  return spec.fields.filter(f => (admits[f.name] || {}).asked !== false).map(f => {
    const narrowed = {...f, ...admits[f.name]};
    const open = by[f.name] ? narrowed.choices.filter(c => !(by[f.name][c] || []).some(w => settled.includes(w))) : narrowed.choices;
    return {...narrowed, choices: open};
  });
}

const told = game => (view.summary.games.find(g => g.id === game.id) || game).due || {};

export function bound(game, type) {  // the deal a fact of this game belongs to, as this phone sees it
  const due = dueOf(game);
  if (!due.deals) return {};
  const deal = type === "deal_started" ? due.deal + 1 : due.deal;
  return deal ? {deal} : {};  // before the first deal there is none to bind to
}

export function factBody(game, spec, data) {
  return {type: spec.type, game_id: game.id, data, ...bound(game, spec.type)};
}

// ---- live: another phone's fact shows here the moment it is recorded. The stream (`…/stream`,
// Server-Sent Events) pushes each new version; where it cannot be had (a server that only
// answers "poll", a proxy that holds the stream back, a browser without EventSource) the
// phone asks for the version every half second instead, as long as the page is visible. A
// 304 is answered without folding anything while the version is the one this phone has.
const live = {mode: "poll", source: null};
export function listen() {
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
    if (source.readyState === EventSource.CLOSED) {  // refused (503: the server is full): poll, try later
      hush("stay-polling");
      return setTimeout(() => live.mode === "stay-polling" && (live.mode = "poll", listen()), 60000);
    }
    live.mode = "poll";  // until the next hello, the half-second poll covers the gap
    showStatus();
  };
}

export function hush(mode = "poll") {  // no stream: hidden, or it cannot be had here
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

export async function watch() {
  if (!ev || document.hidden || watch.busy || live.mode === "push") return;
  watch.busy = true;
  try {
    const response = await call(`/sessions/${ev.id}/version`, {headers: watch.tag ? {"If-None-Match": watch.tag} : {}});
    if (response.ok) [watch.tag, watch.version] = [response.headers.get("ETag"), (await response.json()).version];
    if (response.status < 400 && watch.version !== view?.summary?.version) await refresh();  // (304: behind still?)
    if (outbox().some(i => !i.look)) await flush();
  } catch {
    // offline: the status says so
  } finally {
    watch.busy = false;
    showStatus();
  }
}

export function showStatus() {
  const waiting = outbox().filter(i => !i.look).length;
  const status = $("#status");
  const pushed = live.mode === "push";
  const up = navigator.onLine, off = _("offline");
  const words = waiting ? _("{n} pending", {n: waiting}) + (up ? "" : " · " + off) : up ? pushed ? _("live") : _("online") : off;
  if (status.textContent !== words) status.textContent = words;
  const title = pushed ? _("Changes arrive as they are recorded") : _("Asking for changes twice a second");
  if (status.title !== title) status.title = title;
  status.classList.toggle("pending", waiting > 0);
}
