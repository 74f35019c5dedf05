// The club's page: standings over a season with the race as a tonight's evening opened
// with members picked from a list, each evening's players linked to members, members and
// seasons kept. Reads work offline from the last known state; writes need the connection.
import {LANG, $, _, n_, API, button, chip, copy, el, eveningDay, keep, keepOffline, lost, moneyIn, openSheet, showQr, signed, signedMoney, uuid, working} from "./core.js";
import {chart} from "./chart.js";

export let club = null;   // the club open here: {id, write?, read?}
export let seen = null;   // its last known state: {summary, standings}

function readFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const all = keep.get("ledger:clubs", {});
  const id = params.get("c");
  if (id && (params.get("w") || params.get("r"))) {
    all[id] = {...all[id], ...(params.get("w") ? {write: params.get("w")} : {read: params.get("r")})};
    keep.set("ledger:club", id);
  }
  keep.set("ledger:clubs", all);
  const current = keep.get("ledger:club", null);
  club = current && all[current] ? {id: current, ...all[current]} : null;
  seen = club ? keep.get(`ledger:clubview:${club.id}`, null) : null;
}

const officer = () => !!(club && club.write);
const link = (flag, token) => `${location.origin}/club#c=${encodeURIComponent(club.id)}&${flag}=${encodeURIComponent(token)}`;

export async function ask(path, options = {}) {  // the club's API with its token; throws in words
  let response;
  try {
    response = await fetch(`${API}/clubs/${club.id}${path}`, {cache: "no-store", ...options,
      headers: {"Content-Type": "application/json", Authorization: `Bearer ${club.write || club.read}`}});
  } catch {
    throw new Error(_("This needs the connection."));
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw Object.assign(new Error(said(body)), {problem: body});
  return body;
}

export function said(problem) {  // a refusal in words: the messages, never the field paths
  const errors = Object.values(problem.errors || {}).flat();
  return errors.length && problem.status === 422 ? errors.join(" ") : problem.detail || _("Refused.");
}

const post = (path, body) => ask(path, {method: "POST", body: JSON.stringify(body)});
export const fact = (type, data, id = uuid()) => post("/events", {id, type, data});
const inSeason = season => (season ? "?season=" + encodeURIComponent(season) : "");

async function refresh() {
  if (!club) return;
  const season = $("#season").value;
  try {
    const [summary, standings, tab] = await Promise.all(
      ["", "/standings" + inSeason(season), "/tab"].map(path => ask(path)));
    seen = {summary, standings, tab};
    keep.set(`ledger:clubview:${club.id}`, seen);
    $("#status").textContent = _("online");
    if ($("#log-panel").open) showLog($("#club-log"));
  } catch (problem) {
    $("#status").textContent = navigator.onLine ? problem.message : _("offline");
  }
  draw();
}

function draw() {
  $("#welcome").hidden = !!club;
  $("#club").hidden = !club;
  if (!club) return drawKnown();
  document.body.classList.toggle("reader", !officer());
  $("#write-link").value = club.write ? link("w", club.write) : "";
  $("#read-link").value = club.read ? link("r", club.read) : "";
  $("#share-read").hidden = !club.read;
  if (!seen) return;
  const {summary, standings} = seen;
  $("#title").textContent = summary.name;
  document.title = `${summary.name} · Parlour Ledger`;
  const all = keep.get("ledger:clubs", {});
  all[club.id] = {...all[club.id], name: summary.name};
  keep.set("ledger:clubs", all);
  drawSeasons(summary.seasons);
  drawStandings(standings);
  drawTonight(summary.members);
  drawEvenings(summary);
  drawMembers(summary);
  import("./clubtab.js").then(tab => seen && tab.drawTab()).catch(lost);
}

function drawKnown() {
  const all = keep.get("ledger:clubs", {});
  $("#known").replaceChildren(...Object.entries(all).map(([id, known]) =>
    el("li", null, {}, el("a", known.name || id.slice(0, 8), {href: `/club#c=${id}&${known.write ? "w" : "r"}=${known.write || known.read}`}))));
}

function drawSeasons(seasons) {
  const select = $("#season"), chosen = select.value;
  select.replaceChildren(el("option", _("All evenings"), {value: ""}),
    ...seasons.map(s => el("option", `${s.name} (${dated(s.starts)} – ${dated(s.ends)})`, {value: s.id})));
  select.value = seasons.some(s => s.id === chosen) ? chosen : "";
}

// a day as the phone's language writes it (4 Mar 2026, 4. März 2026): never read the wrong way round
export const DAY = {day: "numeric", month: "short", year: "numeric"};
export const dated = date => eveningDay({date}, DAY);

function money(amounts) {  // signed as counters are: −€0.80, +€2.30
  return Object.entries(amounts).map(([currency, minor]) => signedMoney(minor, moneyIn(currency))).join(", ") || "—";
}

const TALLIES = {cassino_games_won: _("Cassino won"), yellow_chips: _("yellow chips"),
                 progressive_prizes: _("prizes"), booby_prizes: _("booby prizes")};

function drawStandings(table) {
  $("#standings tbody").replaceChildren(...table.members.map(m => {
    const notes = [n_("{n} evening", "{n} evenings", m.evenings), m.deals ? _("dealt {n}", {n: m.deals}) : "", ...Object.entries(m.tallies).filter(([, n]) => n)
      .map(([t, n]) => `${TALLIES[t] || t.replace(/_/g, " ")} ${n}`),
      m.biggest_win ? _("best {counters}", {counters: signed(m.biggest_win.counters)}) : "", m.biggest_loss ? _("worst {counters}", {counters: signed(m.biggest_loss.counters)}) : ""];
    const who = el("th", null, {scope: "row"}, button(m.name, () => showHistory(m), {class: "small", "aria-label": _("{member}'s evenings", {member: m.name})}),
      el("small", [m.retired ? _("retired") : "", ...notes].filter(Boolean).join(" · "), {class: "hint"}));
    return el("tr", null, {}, who, el("td", signed(m.counters), {class: "num"}), el("td", money(m.money), {class: "num"}));
  }));
  const figure = $("#chart");
  figure.hidden = !table.evenings.length;
  if (figure.hidden) return;
  const series = table.members.filter(m => m.evenings).map(m => ({name: m.name, points: [0, ...m.running]}));
  const drawn = chart(series, {head: _("After"), at: j => (j ? dated(table.evenings[j - 1].date) : _("start"))});
  $("#chart-svg").replaceChildren(drawn.svg, drawn.legend);
  $("#chart-table").replaceChildren(drawn.table);
}

async function showHistory(m) {
  const season = $("#season").value, box = $("#sheet-fields");
  box.replaceChildren(el("p", "…"));
  openSheet(_("{member}'s evenings", {member: m.name}), _("Close"), () => true);
  try {
    const history = await ask(`/members/${m.member_id}/history` + inSeason(season));
    box.replaceChildren(history.evenings.length ? el("ol", null, {class: "log"}, ...history.evenings.map(e =>
      el("li", _("{date} · {evening}: {counters} ({amount}) · in all {running}", {date: dated(e.date), evening: e.name, counters: signed(e.counters),
        amount: signedMoney(e.amount_minor, moneyIn(e.currency)), running: signed(e.running_counters)}))))
      : el("p", _("No evening yet.")));
  } catch (problem) {
    box.replaceChildren(el("p", problem.message));
  }
}

function drawTonight(members) {
  const box = $("#tonight-members"), ticked = new Set([...box.querySelectorAll("input:checked")].map(b => b.value));
  box.replaceChildren(el("legend", _("Who plays tonight")));
  for (const m of members.filter(m => !m.retired)) chip(box, {type: "checkbox", value: m.id}, m.name, ticked.has(m.id));
}

function drawEvenings(summary) {
  const mine = keep.get("ledger:evenings", {}), inClub = new Set(summary.evenings.map(e => e.session_id));
  $("#evenings").replaceChildren(...[...summary.evenings].reverse().map(e => {
    const tokens = mine[e.session_id] || {};
    const opened = tokens.write ? `w=${tokens.write}` : `r=${tokens.read || club.read || club.write}`;
    const item = el("li", null, {}, el("a", `${dated(e.date)} · ${e.name}`, {href: `/#s=${e.session_id}&${opened}`}));
    if (officer()) {
      const who = el("details", null, {}, el("summary", _("Who is who")));
      for (const p of e.players) {
        const select = el("select", null, {"aria-label": _("{player} is", {player: p.name})},
          el("option", _("no member"), {value: ""}), ...summary.members.map(m => el("option", m.name, {value: m.id})));
        select.value = p.member || "";
        select.addEventListener("change", () => act(() => fact("player_linked", {session_id: e.session_id, player: p.id, member: select.value || null})));
        who.append(el("label", p.name, {}, select));
      }
      item.append(who);
    }
    return item;
  }), ...[...(summary.imported || [])].sort((a, b) => (a.date < b.date ? 1 : -1)).map(e => {
    const item = el("li", `${dated(e.date)} · ${e.name} · ` + (e.withdrawn ? _("withdrawn: {reason}", {reason: e.withdrawn.reason}) : _("brought in (results only)")), {class: "hint"});
    if (officer() && !e.withdrawn) item.append(" ", button(_("Withdraw…"), () => withdraw(e), {class: "small", "aria-label": _("Withdraw {evening}", {evening: e.name})}));
    return item;
  }));
  const strangers = Object.entries(mine).filter(([id, t]) => t.write && !inClub.has(id));
  $("#bring").replaceChildren(...(strangers.length ? [el("h3", _("Evenings recorded on this phone")), ...strangers.map(([id, t]) =>
    el("div", null, {class: "row"}, el("span", ((keep.get(`ledger:view:${id}`, null) || {}).summary || {}).name || _("Evening {id}", {id: id.slice(0, 8)})),
       button(_("Bring into the club"), () => act(() => ask(`/evenings/${id}`, {method: "PUT", body: JSON.stringify({write_token: t.write})})))))] : []));
}

// An evening brought in by mistake leaves the standings, with the reason, and stays in the log
function withdraw(e) {
  const reason = el("input", null, {maxlength: "200", required: ""}), id = uuid();
  $("#sheet-fields").replaceChildren(el("p", _("It leaves the standings; the club's log keeps it, with why.")), el("label", _("Why"), {}, reason));
  openSheet(_("Withdraw {evening} ({date})", {evening: e.name, date: dated(e.date)}), _("Withdraw"), error => act(() => post(`/imported/${e.id}/withdrawal`, {id, reason: reason.value}), error));
}

async function showLog(list) {  // the club's facts in words, newest first
  try {
    list.replaceChildren(...(await ask("/events")).events.reverse().map(e => el("li", e.said)));
  } catch (problem) {
    list.replaceChildren(el("li", problem.message));
  }
}

function drawMembers(summary) {
  $("#members").replaceChildren(...summary.members.map(m => {
    const item = el("li", m.name + (m.group ? ` (${m.group})` : "") + (m.retired ? " · " + _("retired") : ""));
    if (officer()) item.append(button(_("Change…"), () => editMember(m), {class: "small", "aria-label": _("Change {member}", {member: m.name})}));
    return item;
  }));
  $("#seasons").replaceChildren(...summary.seasons.map(s => el("li", `${s.name}: ${dated(s.starts)} – ${dated(s.ends)}`)));
}

function editMember(m) {
  const name = el("input", null, {maxlength: "100", value: m.name}), retire = el("input", null, {type: "checkbox"});
  $("#sheet-fields").replaceChildren(el("label", _("Name"), {}, name),
    ...(m.retired ? [] : [el("label", null, {class: "tick"}, retire, el("span", _("Retired: no longer offered for new evenings (his history stays)")))]));
  openSheet(_("Change {member}", {member: m.name}), _("Record"), error => {
    const steps = [];
    if (name.value.trim() && name.value.trim() !== m.name) steps.push(() => fact("member_renamed", {member: m.id, name: name.value.trim()}));
    if (retire.checked) steps.push(() => fact("member_retired", {member: m.id}));
    act(async () => { for (const step of steps) await step(); }, error).then(done => done && $("#sheet").close());
    return false;
  });
}

// A write, then the page again; a refusal shown where it was asked (or in the status). Each
// write waits for the one before: tapped in turn, recorded in turn.
let writing = Promise.resolve();
export const act = (write, error = null) => (writing = writing.then(() => acted(write, error)));
async function acted(write, error) {
  try {
    await write();
  } catch (problem) {
    if (error) error.textContent = problem.message; else alert(_("Nothing was recorded: {said}", {said: problem.message}));
    return false;
  }
  await refresh();
  return true;
}

async function openClub(form) {
  const body = {...Object.fromEntries(new FormData(form)), language: LANG};  // the phone's
  let response;
  try {
    response = await fetch(`${API}/clubs`, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  } catch {
    return alert(_("Opening a club needs the connection."));
  }
  const opened = await response.json();
  if (!response.ok) return alert(_("Nothing was opened: {said}", {said: said(opened)}));
  history.replaceState(null, "", `/club#c=${opened.id}&w=${opened.write_token}&r=${opened.read_token}`);
  const all = keep.get("ledger:clubs", {});
  all[opened.id] = {write: opened.write_token, read: opened.read_token};
  keep.set("ledger:clubs", all);
  keep.set("ledger:club", opened.id);
  readFragment();
  draw();
  await refresh();
}

// Tonight's evening: one id per intent, kept while the form is unchanged, so that a second tap
// or a retry on a slow link opens it once (the service answers the same id with the original).
// In the phone's time zone, as an evening opened on the evening's page: its day in the
// standings and seasons is the table's, whatever the hour in UTC.
async function openTonight(form, zone = Intl.DateTimeFormat().resolvedOptions().timeZone) {
  const body = Object.fromEntries(new FormData(form));
  const members = [...form.querySelectorAll("#tonight-members input:checked")].map(b => b.value);
  if (members.length < 2) return alert(_("Tick at least two members."));
  const asked = {name: body.name, counter_value: Number(body.counter_value), currency: body.currency, members,
                 ...(zone ? {time_zone: zone} : {})};
  if (!openTonight.intent || JSON.stringify(openTonight.intent.asked) !== JSON.stringify(asked)) openTonight.intent = {id: uuid(), asked};
  let opened;
  try {
    opened = await post("/evenings", {id: openTonight.intent.id, ...asked});
  } catch (problem) {
    if (zone && problem.problem?.errors?.time_zone) return openTonight(form, "");  // one the server's tz database lacks: UTC
    return alert(_("Nothing was opened: {said}", {said: problem.message}));
  }
  openTonight.intent = null;
  form.reset();  // back here later, the form starts empty
  const all = keep.get("ledger:evenings", {});
  all[opened.id] = {write: opened.write_token, read: opened.read_token};
  keep.set("ledger:evenings", all);
  keep.set("ledger:current", opened.id);
  location.assign(`/#s=${opened.id}&w=${opened.write_token}`);
}

export function download(control, name, query = "") {  // a file of the club's, as the server names it; one tap
  return working(control, _("Preparing…"), () => save(name, query));
}

async function save(name, query) {
  try {
    const response = await fetch(`${API}/clubs/${club.id}/export/${name}${query}`,
                                 {headers: {Authorization: `Bearer ${club.write || club.read}`}});
    if (!response.ok) throw new Error();
    const given = /filename="?([^";]+)"?/.exec(response.headers.get("Content-Disposition") || "");
    const file = el("a", null, {href: URL.createObjectURL(await response.blob()), download: given ? given[1] : name});
    document.body.append(file);
    file.click();
    file.remove();
  } catch {
    alert(_("{file} needs the connection.", {file: name}));
  }
}

// A form emptied as it is sent has what it sent given back if that was refused, unless
// something was typed in meanwhile
const given = (form, sent) => Object.keys(sent).every(name => form.elements[name].value === form.elements[name].defaultValue)
  && Object.entries(sent).forEach(([name, value]) => { form.elements[name].value = value; });

function wire() {
  const submitted = (selector, handler) => $(selector).addEventListener("submit", e => { e.preventDefault(); handler(e.target); });
  submitted("#club-form", openClub);
  submitted("#tonight-form", form => working(form.querySelector("button[type=submit]"), _("Opening…"), () => openTonight(form)));
  submitted("#member-form", form => {
    const body = Object.fromEntries(new FormData(form));
    act(() => post("/members", {id: uuid(), name: body.name, group: body.group || null})).then(done => done || given(form, body));
    form.reset();  // the next name typed straight in
  });
  submitted("#season-form", form => {
    const body = Object.fromEntries(new FormData(form));
    act(() => fact("season_declared", body)).then(done => done || given(form, body));
    form.reset();
  });
  $("#season").addEventListener("change", refresh);
  $("#log-panel").addEventListener("toggle", e => e.target.open && showLog($("#club-log")));
  $("#csv").addEventListener("click", e => download(e.currentTarget, "standings.csv", inSeason($("#season").value)));
  submitted("#import-form", async form => {
    const [file] = form.elements.file.files;
    if (!file) return $("#import-preview").replaceChildren(el("p", _("Choose the file first."), {class: "error", role: "alert"}));
    const importing = await import("./clubimport.js");
    importing.chosen(await file.arrayBuffer());
  });
  $("#share-season").addEventListener("click", () => import("./share.js")
    .then(share => share.shareFigures(seasonFigures())).catch(problem => alert(problem.message)));
  $("#print-season").addEventListener("click", () => {  // the season sheet for the club's book
    $("#h-standings").dataset.season = $("#season").selectedOptions[0]?.textContent || "";
    window.print();
  });
  $("#share").addEventListener("toggle", () => $("#share").open && showQr([["#write-link", "#write-qr"], ["#read-link", "#read-qr"]]));
  document.querySelectorAll("[data-copy]").forEach(b => b.addEventListener("click", () => copy(b.dataset.copy, b)));
  window.addEventListener("hashchange", () => { readFragment(); draw(); refresh(); tag = null; follow(); });
  document.addEventListener("visibilitychange", () => { follow(); document.hidden || refresh(); });
  window.addEventListener("online", refresh);
  keepOffline();
}

// The season's standings as figures to share (share.js draws and sends them): each member
// ranked, his counters and his money in each currency.
function seasonFigures() {
  const {summary, standings} = seen, season = standings.season;
  const line = (minor, currency) => signedMoney(minor, moneyIn(currency));
  const within = season ? season.name : _("all evenings");
  return {title: `${summary.name} · ${within}`, games: [], owed: null,
    date: season ? `${dated(season.starts)} – ${dated(season.ends)}` : n_("{n} evening", "{n} evenings", standings.evenings.length),
    rows: standings.members.filter(m => m.evenings).map(m => ({name: m.name, counters: signed(m.counters),
      money: Object.entries(m.money).map(([c, minor]) => line(minor, c)).join(" "),
      up: m.counters > 0, down: m.counters < 0}))};
}

// Live: the club's stream tells its tag (the club's version plus its evenings'), and the
// standings are read again when it moves, whichever phone recorded. Where the server only
// answers "poll", the tag is asked again every 5 seconds while the page is visible.
let stream = null, tag = null;
function follow() {
  if (stream) stream.close();
  stream = null;
  if (!club || document.hidden || !window.EventSource) return;
  const source = stream = new EventSource(`${API}/clubs/${club.id}/stream?access_token=${encodeURIComponent(club.write || club.read)}`);
  const moved = e => {
    const {version, mode} = JSON.parse(e.data);
    if (tag !== null && version !== tag) refresh();
    tag = version;
    if (mode === "poll") {
      source.close();
      setTimeout(() => stream === source && follow(), 5000);
    }
  };
  source.addEventListener("hello", moved);
  source.addEventListener("version", moved);
}

readFragment();
wire();
draw();
refresh();
follow();
