// Old results from a spreadsheet, for the club's page (loaded when a file is chosen):
// previewed (every problem by its line, the names the club lacks to add or link, how its
// dates read when they read both ways, each figure changed since an evening was brought in),
// recorded only when the officer confirms (the changed figures as corrections)
import {LANG, $, API, button, chip, el, signed, uuid, working, moneyIn, signedMoney} from "./core.js";
import {act, club, said, seen} from "./club.js";

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
    throw new Error("This needs the connection.");
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
    `${e.date} ${e.name}${e.withdrawn ? " (withdrawn)" : changed.has(e.id) ? " (changed)" : e.already ? " (brought in already)" : ""}: ` +
    e.results.map(r => r.name + " " + signed(r.counters)).join(", ")));
  if (found.evenings.length > 12) evenings.push(el("li", `and ${found.evenings.length - 12} more`));
  const problems = found.problems.map(p => el("li", `Line ${p.line}: ${p.message}`));
  const names = found.unknown_members.map(u => {
    const pick = el("select", null, {"aria-label": `${u.name} (line ${u.line})`},
      el("option", "choose…", {value: ""}), el("option", "a new member", {value: "new"}),
      ...members.map(m => el("option", `is ${m.name}`, {value: m.id})));
    pick.value = importing.choices[u.name] || "";
    pick.addEventListener("change", () => { importing.choices[u.name] = pick.value; previewImport(); });
    return el("li", `${u.name} (line ${u.line}) is no member: `, {}, pick);
  });
  const many = (n, one) => `${n} ${n === 1 ? one : one + "s"}`;
  const asked = !found.ready ? "Nothing is recorded until every line is right, every name and the dates' order chosen." : "";
  const what = [found.new ? many(found.new, "evening") : "", found.corrections ? many(found.corrections, "correction") : ""].filter(Boolean).join(" and ");
  const last = asked ? el("p", asked, {class: "hint"}) : !what ? el("p", "Everything in it is in the club already.")
    : button(`Record ${what}`, event => working(event.currentTarget, "Recording…", () => act(async () => {
      const done = await sendFile(true, found.conflicts.length > 0);
      box.replaceChildren(el("p", `Recorded ${many(done.recorded, "evening")}` + (done.corrected ? `, ${many(done.corrected, "correction")}` : "") +
        (done.members_added ? ` and ${many(done.members_added, "new member")}.` : "."), {class: "square"}));
    })), {class: "primary", id: "import-confirm"});
  box.replaceChildren(
    el("p", `${many(found.evenings.length, "evening")} in the file, ${found.new} not brought in yet.` + (found.format === "splitwise" ? " Read as a Splitwise export: each expense an evening." : "")),
    ...datesAsked(found.dates),
    el("ul", null, {class: "owes", "aria-label": "Evenings in the file"}, ...evenings),
    ...listed("Changed since it was brought in (recorded as corrections):", "Changed figures", found.conflicts.map(c => conflict(c, found.evenings.find(e => e.id === c.evening).currency))),
    ...listed("Left out:", "Left out", found.left_out.map(l => `Line ${l.line}: ${l.message}`)),
    ...(problems.length ? [el("p", "To put right in the file first:", {class: "error"}),
                           el("ul", null, {class: "owes", "aria-label": "Problems"}, ...problems)] : []),
    ...(names.length ? [el("ul", null, {class: "owes", "aria-label": "Names the club lacks"}, ...names)] : []),
    last);
}

const figures = (f, currency) => (f ? `${signed(f.counters)} (${signedMoney(f.amount_minor, moneyIn(currency))})` : "none");
function conflict(c, currency) {
  return `${c.date} ${c.evening_name}: ${c.name} ${figures(c.before, currency)} → ${figures(c.after, currency)}`;
}

function listed(title, label, lines) {
  return lines.length ? [el("p", title), el("ul", null, {class: "owes", "aria-label": label}, ...lines.map(line => el("li", line)))] : [];
}

function datesAsked(dates) {  // dates that read both ways: which, as the officer says
  if (!dates.example) return [];
  const {text, readings} = dates.example, box = el("fieldset", null, {class: "chips"}, el("legend", `How are the dates written? ${text} is`));
  for (const order of ["day_first", "month_first"]) {
    const day = readings[order] ? new Date(readings[order] + "T12:00").toLocaleDateString(LANG, {day: "numeric", month: "long", year: "numeric"}) : "no day";
    chip(box, {type: "radio", name: "dates", value: order}, `${day} (${order.replace("_", " ")})`, dates.choice === order)
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
