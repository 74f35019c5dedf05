// Parlour Ledger's phone page: records through the REST API only. Every write gets an id made
// here and waits in an outbox in localStorage until the server has it, so a phone can lose its
// connection, be reloaded or restarted, and a resend is never counted twice. Every default a
// sheet shows (the dealer, the seller, the price, the deal) is sent explicitly, and a game's
// fact names the deal it was recorded in: sent late, it means what its recorder saw, or the
// server refuses it and it waits here for a decision. User text only ever goes in textContent.
//
// The page's modules, lowest first: core.js (elements, storage, the sheet dialog; the club's
// page shares it), state.js (the evening open here, its last known state, reading it),
// sync.js (the outbox, what is due, live updates), sheets.js (recording a fact), cards.js
// (the games), draw.js (the evening's screen); loaded once the first screen is drawn:
// setup.js (players, tables, a new game), log.js (the log, undo), settle.js (paying up,
// sharing a pool back, the chart); on first use: night.js and share.js (the night's results,
// the night sheet), files.js (the evening's files), watching.js (a read-only evening's
// note). Over plain http (the table's read-only link) guest.js runs first. This one, the
// entry, wires the page and tells state.js how to draw it.
import {$, _, API, LANG, button, copy, el, eveningDay, keep, keepOffline, showQr, working} from "./core.js";
import {call, ev, loadGames, on, plain, POLL_MS, readFragment, refresh, shareLink, view, writer} from "./state.js";
import {flush, hush, listen, showStatus, watch} from "./sync.js";
import {refused} from "./sheets.js";
import {draw, drawOutbox, logged, outboxChanged, setting} from "./draw.js";

async function openEvening(form, zone = Intl.DateTimeFormat().resolvedOptions().timeZone) {
  const body = Object.fromEntries(new FormData(form));
  body.counter_value = Number(body.counter_value);
  body.language = LANG;  // the phone's: what the evening's words are said in unless asked otherwise
  if (zone) body.time_zone = zone;  // the phone's: the journal's times are the table's
  let response;
  try {
    response = await fetch(`${API}/sessions`, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  } catch {
    return alert(_("Opening an evening needs the connection."));
  }
  const opened = await response.json();
  if (zone && opened.errors?.time_zone) return openEvening(form, "");  // one the server's tz database lacks: UTC
  if (!response.ok) return alert(_("Nothing was opened: {said}", {said: plain(opened)}));
  const all = keep.get("ledger:evenings", {});
  all[opened.id] = {write: opened.write_token, read: opened.read_token};
  keep.set("ledger:evenings", all);
  form.reset();  // the next new evening starts empty
  await openKept(opened.id);
}

async function drawShare() {
  if (!ev) return;  // (no evening open: nothing to share)
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
  $("#open-form").addEventListener("submit", e => {
    e.preventDefault();
    working(e.target.querySelector("button"), "Opening…", () => openEvening(e.target));
  });
  const playerForm = $("#player-form"), nameField = playerForm.elements.name;
  playerForm.addEventListener("submit", e => {
    e.preventDefault();
    const typed = nameField.value, group = playerForm.elements.group.value;  // as they were when sent: the next name may be typed at once
    if (typed.trim() && !/[,;]/.test(typed)) nameField.value = playerForm.elements.group.value = "";  // (one with a comma is asked about)
    setting(s => s.addPlayers(typed, false, group));
  });
  nameField.addEventListener("paste", e => {  // several names pasted at once: each added
    const pasted = e.clipboardData.getData("text"), f = e.target;
    const text = f.value.slice(0, f.selectionStart) + pasted + f.value.slice(f.selectionEnd);  // with what was typed
    if (/[,;\n]/.test(pasted)) { e.preventDefault(); f.value = ""; const group = playerForm.elements.group.value; setting(s => s.addPlayers(text, true, group)); }
  });
  $("#table-form").addEventListener("submit", e => { e.preventDefault(); setting(s => s.addTable(e.target)); });
  $("#game-form").addEventListener("submit", e => { e.preventDefault(); setting(s => s.startGame(e.target)); });
  for (const changed of ["#game-form [name=kind]", "#seat-picker"]) $(changed).addEventListener("change", () => setting(s => s.drawOptions()));
  $("#undo").addEventListener("click", () => logged(log => log.undoLast()));
  for (const [id, act] of [["#share-results", night => night.shareResults()], ["#print-sheet", night => night.printSheet()]]) {
    $(id).addEventListener("click", () => import("./night.js").then(act).catch(problem => alert(problem.message)));
  }
  $("#share").addEventListener("toggle", drawShare);
  for (const b of document.querySelectorAll("[data-file]")) {  // one tap: busy until the file is saved
    const name = b.textContent;
    b.addEventListener("click", () => working(b, "Preparing…", () => import("./files.js").then(f => f.download(name, b), () => alert(`${name} needs the connection.`))));
  }
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
    return {id, name: seen ? seen.name : _("An evening"), at: seen ? seen.created_at : "", seen, role: all[id].write ? _("recording") : _("watching")};
  }).sort((a, b) => (b.at > a.at) - (b.at < a.at));
  list.replaceChildren(...kept.map(k => el("li", null, {}, button(k.name, () => openKept(k.id)),
    el("span", ` ${k.at ? dayOf(k.seen) + " · " : ""}${k.role}`, {class: "meta"}))));
  return kept.length;
}

const dayOf = seen => eveningDay({date: seen.date, at: seen.created_at, zone: seen.time_zone},
  {weekday: "short", day: "numeric", month: "short", year: "numeric"});

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
  // a read-only evening says so, and how to record too (watching.js, loaded only then)
  writer() ? $("#watching")?.remove() : import("./watching.js").then(w => w.show());
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

on.draw = draw;
on.outbox = outboxChanged;
on.status = showStatus;
on.refused = refused;
wire();
start();
