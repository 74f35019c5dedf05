// Old results from a spreadsheet, for the club's page (loaded when a file is chosen):
// previewed (every problem by its line, the names the club lacks to add or link, how its
// dates read when they read both ways, each figure changed since an evening was brought in),
// recorded only when the officer confirms (the changed figures as corrections)
import {$, _, n_, API, button, chip, el, eveningDay, signed, uuid, working, moneyIn, signedMoney} from "./core.js";
import {act, club, dated, said, seen} from "./club.js";

// (one id per file and choices: a second tap, or a retry, records it once)
const importing = {file: null, choices: {}, id: null, dates: null};
async function sendFile(confirm, correct = false) {
  const form = $("#import-form"), query = new URLSearchParams({confirm: String(confirm), ...(confirm ? {id: importing.id} : {}),
    currency: form.elements.currency.value.trim().toUpperCase() || "GBP",
    counter_value: form.elements.counter_value.value || "1", ...(importing.dates ? {dates: importing.dates} : {}), ...(correct ? {correct: "true"} : {})});
  for (const [name, choice] of Object.entries(importing.choices)) {
    if (choice === "new") query.append("new", name); else if (choice) query.append("link", `${name}=${choice}`);
  }
  let response;
  try {
    response = await fetch(`${API}/clubs/${club.id}/imports?${query}`, {method: "POST", body: importing.file,
      headers: {"Content-Type": "application/octet-stream", Authorization: `Bearer ${club.write}`}});  // read as what it is
  } catch {
    throw new Error(_("This needs the connection."));
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(said(body));
  return body;
}

async function previewImport() {
  const box = $("#import-preview");
  importing.id = uuid();  // a new file or another choice: another intent
  let found;
  try {
    found = await sendFile(false);
  } catch (problem) {
    return box.replaceChildren(el("p", problem.message, {class: "error", role: "alert"}));
  }
  const members = (seen ? seen.summary.members : []).filter(m => !m.retired);
  const changed = new Set(found.conflicts.map(c => c.evening));
  const evenings = found.evenings.slice(0, 12).map(e => el("li",
    _("{date} {evening}{state}: {results}", {date: dated(e.date), evening: e.name, state: stateOf(e, changed),
      results: e.results.map(r => r.name + " " + signed(r.counters)).join(", ")})));
  if (found.evenings.length > 12) evenings.push(el("li", _("and {n} more", {n: found.evenings.length - 12})));
  const problems = found.problems.map(p => el("li", lined(p)));
  const names = found.unknown_members.map(u => {
    const pick = el("select", null, {"aria-label": _("{name} (line {line})", {name: u.name, line: u.line})},
      el("option", _("choose…"), {value: ""}), el("option", _("a new member"), {value: "new"}),
      ...members.map(m => el("option", _("is {member}", {member: m.name}), {value: m.id})));
    pick.value = importing.choices[u.name] || "";
    pick.addEventListener("change", () => { importing.choices[u.name] = pick.value; previewImport(); });
    return el("li", _("{name} (line {line}) is no member: ", {name: u.name, line: u.line}), {}, pick);
  });
  const evenings_ = n => n_("{n} evening", "{n} evenings", n), corrections = n => n_("{n} correction", "{n} corrections", n);
  const asked = !found.ready ? _("Nothing is recorded until every line is right, every name and the dates' order chosen.") : "";
  const both = {evenings: evenings_(found.new), corrections: corrections(found.corrections)};
  const what = found.new && found.corrections ? _("{evenings} and {corrections}", both)
    : found.new ? evenings_(found.new) : found.corrections ? corrections(found.corrections) : "";
  const last = asked ? el("p", asked, {class: "hint"}) : !what ? el("p", _("Everything in it is in the club already."))
    : button(_("Record {what}", {what}), event => working(event.currentTarget, _("Recording…"), () => act(async () => {
      const done = await sendFile(true, found.conflicts.length > 0);
      const what = evenings_(done.recorded) + (done.corrected ? ", " + corrections(done.corrected) : "");
      const members = n_("{n} new member", "{n} new members", done.members_added);
      box.replaceChildren(el("p", done.members_added ? _("Recorded {what} and {members}.", {what, members})
        : _("Recorded {what}.", {what}), {class: "square"}));
    })), {class: "primary", id: "import-confirm"});
  box.replaceChildren(
    el("p", n_("{n} evening in the file, {new} not brought in yet.", "{n} evenings in the file, {new} not brought in yet.", found.evenings.length, {new: found.new})
      + (found.format === "splitwise" ? " " + _("Read as a Splitwise export: each expense an evening.") : "")),
    ...datesAsked(found.dates),
    el("ul", null, {class: "owes", "aria-label": _("Evenings in the file")}, ...evenings),
    ...listed(_("Changed since it was brought in (recorded as corrections):"), _("Changed figures"), found.conflicts.map(c => conflict(c, found.evenings.find(e => e.id === c.evening).currency))),
    ...listed(_("Left out:"), _("Left out"), found.left_out.map(lined)),
    ...(problems.length ? [el("p", _("To put right in the file first:"), {class: "error"}),
                           el("ul", null, {class: "owes", "aria-label": _("Problems")}, ...problems)] : []),
    ...(names.length ? [el("ul", null, {class: "owes", "aria-label": _("Names the club lacks")}, ...names)] : []),
    last);
}

const stateOf = (e, changed) => (e.withdrawn ? _(" (withdrawn)") : changed.has(e.id) ? _(" (changed)") : e.already ? _(" (brought in already)") : "");
const lined = l => _("Line {line}: {message}", {line: l.line, message: l.message});
const figures = (f, currency) => (f ? `${signed(f.counters)} (${signedMoney(f.amount_minor, moneyIn(currency))})` : _("none"));
function conflict(c, currency) {
  return `${dated(c.date)} ${c.evening_name}: ${c.name} ${figures(c.before, currency)} → ${figures(c.after, currency)}`;
}

function listed(title, label, lines) {
  return lines.length ? [el("p", title), el("ul", null, {class: "owes", "aria-label": label}, ...lines.map(line => el("li", line)))] : [];
}

function datesAsked(dates) {  // dates that read both ways: which, as the officer says
  if (!dates.example) return [];
  const {text, readings} = dates.example, box = el("fieldset", null, {class: "chips"}, el("legend", _("How are the dates written? {text} is", {text})));
  for (const order of ["day_first", "month_first"]) {
    const day = readings[order] ? eveningDay({date: readings[order]}, {day: "numeric", month: "long", year: "numeric"}) : _("no day");
    const named = order === "day_first" ? _("day first") : _("month first");
    chip(box, {type: "radio", name: "dates", value: order}, `${day} (${named})`, dates.choice === order)
      .addEventListener("change", () => { importing.dates = order; previewImport(); });
  }
  return [box];
}

export function chosen(file) {  // a file chosen: previewed with no choices made yet
  importing.file = file;
  importing.choices = {};
  importing.dates = null;
  return previewImport();
}
