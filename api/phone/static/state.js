// The evening open on this phone and what it last knew of it: its id and tokens (`ev`), its
// read models and log (`view`), the games' catalogue (`SPECS`). Each module reads them as live
// bindings; only this module assigns them (`setView`, `setSpecs`). What changes here is drawn
// by the page's entry (phone.js), told through `on`, so that no lower module imports a
// higher one.
import {LANG, API, _, keep} from "./core.js";

export const on = {
  draw() {},             // the view changed: draw the evening again
  drawn: null,           // once, after the next draw
  outbox(items) {},      // the outbox changed
  status() {},           // the connection or the outbox's count changed
  refused(sheet, problem) {},  // a fact typed on a sheet was refused: shown on that sheet
};

export const UNKNOWN = {title: _("Game"), reads: [], buttons: [], options: []};  // a kind no longer served
export let SPECS = {};  // the games' catalogue by kind (GET /api/v1/games), kept for opening offline
export const POLL_MS = 500;  // a conditional GET of the version: 304 while nothing changed
export const SETUP = ["session_created", "player_added", "table_added", "game_started", "event_voided",
  "player_renamed", "player_removed", "game_removed"];  // facts the log keeps that no undo takes back
export let ev = null;   // the evening open here: {id, write?, read?}
export let view = null; // its last known state, kept for opening offline

// ---- evenings and their tokens. A write token, once given, stays: opening the table's
// (read-only) link on the recorder's own phone does not make it read-only.
export function readFragment() {
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

export const writer = () => !!(ev && ev.write);
// the table's read-only link goes by the guests' origin where the page is told it (plain http
// behind the table's proxy: nothing to set up); the recorders' link stays the secure one
export const shareLink = (flag, token) => `${flag == "r" && document.documentElement.dataset.guest || location.origin}/#s=${encodeURIComponent(ev.id)}&${flag}=${encodeURIComponent(token)}`;

export function call(path, options = {}) {
  const headers = {"Content-Type": "application/json", ...options.headers};
  if (ev) headers.Authorization = `Bearer ${ev.write || ev.read}`;
  return fetch(`${API}${path}`, {cache: "no-store", ...options, headers});
}

export async function read(path) {
  const response = await call(`/sessions/${ev.id}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

export const names = () => Object.fromEntries(view.summary.players.map(p => [p.id, p.name]));
export const titleOf = game => (SPECS[game.kind] || UNKNOWN).title;

// A game's named pool as the table calls it (the catalogue's words), else by its name
export const poolLabel = (game, name) => ((SPECS[game?.kind] || UNKNOWN).pool_names || {})[name] || name;

export const poolKey = pool => `pool:${pool.game_id}:${pool.pool || ""}`;  // (its counters change)

export function poolName(pool) {
  const found = view.summary.games.find(g => g.id === pool.game_id);
  const game = found ? titleOf(found) : _("a game");
  return pool.pool ? _("{game}'s {pool} pool", {game, pool: poolLabel(found, pool.pool)}) : _("the {game} pool", {game});
}

// Half-filled inline sheets, by deal, kept across redraws until the service has their fact
export const keptSheets = new Map();

export const playingKey = () => `ledger:playing:${ev.id}`;

export function labelled() {  // each game's title, numbered when a kind is played twice
  const seen = {}, count = {};
  for (const g of view.summary.games) count[g.kind] = (count[g.kind] || 0) + 1;
  return Object.fromEntries(view.summary.games.map(g => {
    seen[g.kind] = (seen[g.kind] || 0) + 1;
    return [g.id, count[g.kind] > 1 ? `${titleOf(g)} ${seen[g.kind]}` : titleOf(g)];
  }));
}

export function setView(next) { view = next; }
export function setSpecs(games) { SPECS = Object.fromEntries(games.map(g => [g.kind, g])); }

// What failed, done again by `act` a second later, then two, four… to half a minute (its
// timer and pause kept on `task`; the refresh starts again from a second once it succeeds)
function retry(task, act) {
  clearTimeout(task.again);
  task.again = setTimeout(act, task.wait = Math.min(3e4, 2 * task.wait || 1e3));
}

// ---- the games' catalogue: kept with the tag the page was served with, asked for again
// only when the page names another (a new version of the service), or when it did not come:
// a read that failed is never the page's for good, it is asked again, less and less often
// (and at once by what needs it), and the evening drawn anew with it
export function loadGames() {
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
  if (!games) {  // meanwhile an earlier version's, if kept
    loadGames.done = null;
    retry(loadGames, () => loadGames().then(() => loadGames.done && on.draw()));
  }
  games = games || (kept ? kept.games : []);
  setSpecs(games);
  return games;
}

// ---- reading: the session's read models and its log, kept for opening offline. The first
// reads are asked for as soon as this module runs (the page runs it early, `async`, while its
// other modules still load): the first refresh takes them.
// (`…/view`: the summary, balances, settlement, results, pools and new events, all of one version)
let early = null;
const RETELL = ["event_voided", "player_renamed", "player_removed", "game_removed"];
const told = events => !events.length || events[0].said !== undefined;  // kept before the log was told
// (a log kept in another language is read again, told in this one)
const seen = () => (view && view.id === ev.id && view.lang === LANG && told(view.events) ? view.events : []);
const lastVersion = () => (seen().length ? seen()[seen().length - 1].version : 0);
const readAll = after => read(`/view?after=${after}`);

function readEarly() {
  if (!ev) return;
  const after = lastVersion();
  early = {id: ev.id, after, reads: readAll(after)};
  early.reads.catch(() => {});  // the first refresh says so, if it fails
}

export async function refresh() {
  if (!ev) return;
  try {
    const after = lastVersion();
    const asked = early && early.id === ev.id && early.after === after ? early.reads : readAll(after);
    early = null;
    const {summary, balances, settlement, results, pools, events: fresh} = await asked;
    await loadGames();
    const cold = !view || view.id !== ev.id, had = lastVersion();  // another read may have come first
    // (an answer overtaken by a later one is not drawn over it)
    if (seen().length && summary.version < view.summary.version) return;
    // an undo or a mend can change how earlier events are told (a deal's number, a name): the
    // whole log is read again, told as the evening stands now
    const retold = had && fresh.some(e => e.version > had && RETELL.includes(e.type)) && (await read("/events")).events;
    const events = retold || [...seen(), ...fresh.filter(e => e.version > had)];
    setView({id: ev.id, lang: LANG, summary, balances, settlement, results, pools, events,
             extras: Object.fromEntries(summary.games.map(g => [g.id, cold ? {} : {...view.extras[g.id]}]))});
    if (cold) on.draw();  // opened cold: the games can be played before their scores arrive
    const drawn = view, extras = await Promise.all(summary.games.map(gameExtras));
    if (view !== drawn) return;  // a later read is drawn, with its own
    summary.games.forEach((g, i) => Object.assign(view.extras[g.id], extras[i]));
    keep.set(`ledger:view:${ev.id}`, view);
    refresh.wait = 0;
    on.draw();
  } catch {
    // asked again, less and less often (a stream says only what is new)
    retry(refresh, refresh);
    on.status();
  }
}

export async function gameExtras(game) {  // a game's own reads (what is due comes with the summary)
  const {reads} = SPECS[game.kind] || UNKNOWN;
  const wanted = {scores: reads.includes("scores") && `/games/${game.id}/scores`,
                  tally: reads.includes("progressive") && `/progressive?game_id=${game.id}`};
  const asked = Object.entries(wanted).filter(([, path]) => path);
  return Object.fromEntries(await Promise.all(asked.map(async ([name, path]) => [name, await read(path)])));
}

// A refusal in the table's words: the fields at fault by their labels, never `data.x:`.
export function plain(problem, labels = {}) {
  if (problem.errors && problem.status === 422) {
    return Object.entries(problem.errors).map(([path, messages]) => {
      const name = path.split(".").filter(p => p !== "data").pop();
      return `${labels[name] || named(name).replace(/_/g, " ")}: ${messages.map(m => named(m).replace(/^[\w.]+: /, "")).join(" ")}`;
    }).join(" ");
  }
  const status = problem.status || _("no answer");
  return tableWords(problem.detail || _("Refused ({status}).", {status}));
}

// A message the service gave, as the table says it: no `data.x:` prefix, names for ids.
export const tableWords = text => named(String(text).replace(/^(data\.)?[\w.-]+: /, ""));

function named(text) {  // the players' ids as their names
  const who = view ? names() : {};
  return String(text).replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, id => who[id] || _("someone"));
}

readFragment();
readEarly();
loadGames();
