// Old results from a spreadsheet, for the club's page (loaded when a file is chosen):
// previewed (every problem by its line, the names the club lacks to add or link), recorded
// only when the officer confirms
import {$, API, button, el, signed, uuid, working} from "./core.js";
import {act, club, said, seen} from "./club.js";

// (one id per file and choices: a second tap, or a retry, records it once)
const importing = {file: null, choices: {}, id: null};
async function sendFile(confirm) {
  const form = $("#import-form"), query = new URLSearchParams({confirm: String(confirm), ...(confirm ? {id: importing.id} : {}),
    currency: form.elements.currency.value.trim().toUpperCase() || "GBP",
    counter_value: form.elements.counter_value.value || "1"});
  for (const [name, choice] of Object.entries(importing.choices)) {
    if (choice === "new") query.append("new", name); else if (choice) query.append("link", `${name}=${choice}`);
  }
  let response;
  try {
    response = await fetch(`${API}/clubs/${club.id}/imports?${query}`, {method: "POST", body: importing.file,
      headers: {"Content-Type": "text/csv", Authorization: `Bearer ${club.write}`}});
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
  const evenings = found.evenings.slice(0, 12).map(e => el("li",
    `${e.date} ${e.name}${e.already ? " (brought in already)" : ""}: ` +
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
  const last = !found.ready ? el("p", "Nothing is recorded until every line is right and every name chosen.", {class: "hint"})
    : !found.new ? el("p", "Everything in it is in the club already.")
    : button(`Record ${many(found.new, "evening")}`, event => working(event.currentTarget, "Recording…", () => act(async () => {
      const done = await sendFile(true);
      box.replaceChildren(el("p", `Recorded ${many(done.recorded, "evening")}` +
        (done.members_added ? ` and ${many(done.members_added, "new member")}.` : "."), {class: "square"}));
    })), {class: "primary", id: "import-confirm"});
  box.replaceChildren(
    el("p", `${many(found.evenings.length, "evening")} in the file, ${found.new} not brought in yet.`),
    el("ul", null, {class: "owes", "aria-label": "Evenings in the file"}, ...evenings),
    ...(problems.length ? [el("p", "To put right in the file first:", {class: "error"}),
                           el("ul", null, {class: "owes", "aria-label": "Problems"}, ...problems)] : []),
    ...(names.length ? [el("ul", null, {class: "owes", "aria-label": "Names the club lacks"}, ...names)] : []),
    last);
}

export function chosen(file) {  // a file chosen: previewed with no choices made yet
  importing.file = file;
  importing.choices = {};
  return previewImport();
}
