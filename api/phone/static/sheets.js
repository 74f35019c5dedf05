// Recording a game's fact: at once with its defaults, on the card's own sheet, or on the
// dialog; each is kept as typed until the service has taken it, and a refusal is shown on the
// sheet it was typed on.
import {$, _, button, chip, el, keepOnScreen, lost, openSheet, uuid} from "./core.js";
import {keptSheets, names, on, titleOf, view} from "./state.js";
import {admitted, bound, drop, dueOf, enqueue, factBody, flush, heldFor, known, outbox, saveOutbox} from "./sync.js";

export function recordNow(game, spec) {  // every default taken as shown
  const values = known(game), data = {};
  for (const f of admitted(game, spec)) {
    const value = typeof f.default === "string" ? values[f.default] : f.default;
    if (value !== null && value !== undefined) data[f.name] = value;
  }
  const body = factBody(game, spec, data);
  enqueue("/events", body, words(game, spec, data), undefined, `${game.id}:${spec.type}:${body.deal || 0}`);
}

// A fact not yet sent, in the log's words: its button's sentence (`said`), each {field} what was
// chosen in the table's words, a […] part only when what it names was given
function words(game, spec, data) {
  const who = {...names(), ...Object.fromEntries(view.summary.tables.map(t => [t.id, t.name]))};
  const word = v => (Array.isArray(v) ? v.map(word).join(_(" and ")) || _("nobody")
    : v && typeof v === "object" ? Object.entries(v).map(([k, n]) => `${word(k)} ${typeof n === "object" ? Object.values(n).join("/") : word(n)}`).join(", ")
    : who[v] || String(v).replace(/_/g, " "));
  const given = k => data[k] !== undefined && String(data[k]) !== "";  // ("" and [] are not given)
  const said = (spec.said || spec.label).replace(/\[([^\]]*)\]/g, (all, part) =>
    [...part.matchAll(/\{(\w+)\}/g)].every(m => given(m[1])) ? part : "").replace(/\{(\w+)\}/g, (all, k) => word(data[k]));
  const deal = bound(game, spec.type).deal;
  const dealt = deal ? _(" · Deal {n}", {n: deal}) : "";
  return `${titleOf(game)}${dealt} · ${said}`;
}

// `scope`: the table a sheet is for (Progressive Poker's pots), or the deal it starts with
// (`deal`: a deal recorded whole, its start sent first; `due`: what is due once it is dealt)
const asOther = other => _("as {other}", {other: other.label.toLowerCase()});

export function inlineSheet(game, spec, key, scope, given = {}) {  // `given`: typed so far
  const heading = scope.deal ? `${scope.name} · ${spec.label}` : scope.name ? _("{fact} at {table}", {fact: spec.label, table: scope.name}) : spec.label;
  const form = el("form", null, {class: "sheet", "data-key": key, "aria-label": `${heading}, ${titleOf(game)}`});
  form.append(el("h3", heading));
  // a fact of this sheet the service refused is kept with the outbox: after a reload the sheet
  // is drawn again as it was typed, the reason beside the field at fault
  const held = heldFor(key);
  const fields = el("div"), error = el("p", null, {class: "error", role: "alert"});
  const collect = fill(fields, game, spec, scope, held && !spec.outcomes.length ? held.body.data : given);
  form.typed = () => collect(true);
  form.append(fields, error, el("button", _("Record"), {type: "submit", class: "primary", "data-fact": spec.type}));
  keepOnScreen(form);
  form.addEventListener("submit", event => {
    event.preventDefault();
    clearFaults(form);
    keptSheets.set(key, form);  // kept, with what was typed, until the service has taken it
    const ids = submit(game, spec, collect, error, key, key, scope);
    if (ids.length) {
      drop(key);  // the refusal kept for it goes: this is the next try
      form.remove();
      form.typed = () => ({});  // (sent: what it held is no other sheet's)
    }
  });
  if (held) {
    keptSheets.set(key, form);
    refused(form, held.look.problem);
  }
  return form;
}

export async function ask(game, spec, note = "", scope = {}) {  // `scope.deal`: dealt with it
  await Promise.all([countedFor(spec), gridFor(spec)]);
  const collect = fill($("#sheet-fields"), game, spec, scope);
  if (note) $("#sheet-fields").prepend(el("p", note, {class: "warn"}));
  openSheet(scope.deal ? `${scope.name} · ${spec.label}` : `${spec.label} · ${titleOf(game)}`, _("Record"), async (error, intent) => {
    clearFaults($("#sheet-form"));
    const ids = submit(game, spec, collect, error, undefined, intent, scope);
    return ids.length > 0 && answered(ids, $("#sheet-form"));
  });
}

// The sheet stays open until the service has answered (or the phone is offline: then the fact
// waits in the outbox); refused, it stays as it was typed, the reason beside the field at fault.
export async function answered(ids, sheet) {
  const problem = await sent(ids);
  if (problem) refused(sheet, problem);
  return !problem;
}

// The service's answer to facts queued here: null once taken (or waiting offline), else the
// problem it refused one with (taken out of the outbox: what was typed is where it was typed).
export async function sent(ids) {
  for (let tries = 0; tries < 50 && (flush.busy || outbox().some(i => ids.includes(i.body.id) && !i.look && navigator.onLine)); tries++) {
    await flush();
    if (outbox().some(i => ids.includes(i.body.id) && !i.look)) await new Promise(done => setTimeout(done, 100));
  }
  const turned = outbox().find(i => ids.includes(i.body.id) && i.look);
  if (!turned) return null;
  saveOutbox(outbox().filter(i => !ids.includes(i.body.id)));
  return turned.look.problem;
}

// The ids of the facts queued: one intent each (a second tap while they wait sends nothing);
// `scope.deal`: a deal recorded whole, sent first (the outcome is of it). The outcome is of the
// deal the sheet was drawn for (`scope.number`): were it recorded meanwhile by another phone,
// that is this deal, not dealt again; were the game dealt on past it, the outcome is refused.
function submit(game, spec, collect, error, sheet, intent, scope = {}) {
  let data;
  try {
    data = collect();
  } catch (problem) {
    error.textContent = problem.message;  // refused here, before anything was sent
    return [];
  }
  if (scope.deal && dueOf(game).deal < scope.number) recordNow(game, scope.deal);
  const body = of => ({...factBody(game, spec, of), ...(scope.deal ? {deal: scope.number} : {})});
  if (spec.outcomes.length) {  // one fact per seat of the sheet
    return Object.entries(data).map(([seat, outcome]) => enqueue("/events",
      body({player: seat, ...Object.fromEntries(spec.outcomes)[outcome]}),
      `${words(game, spec, {player: seat})}: ${outcome}`, sheet, intent && `${intent}:${seat}`));
  }
  return [enqueue("/events", body(data), words(game, spec, data), sheet, intent)];
}

// ---- a sheet's inputs, one per field of a game's fact as the catalogue describes it: chips for
// players and choices, steppers for amounts, a grid for counts; every default resolved now.

// Builds the sheet's inputs in `box` (`given`: the data of a try refused, shown as typed);
// returns collect() → the fact's data, or throws in words.
export function fill(box, game, spec, scope = {}, given = {}) {
  box.replaceChildren();
  const due = scope.due || dueOf(game);  // (a sheet for the next deal: what is due once dealt)
  const values = known(game), readers = {}, labels = {}, fields = admitted(game, spec, due);
  const typed = name => {  // what was typed for a field (`compartments.pope`: one of a dict)
    const [head, key] = name.split(".");
    return key ? (given[head] || {})[key] : given[name];
  };
  const dealer = values.dealer, seats = scope.seats || game.seats;
  // a row for one of the game's named pools (`compartments.pope`) says what that pool holds
  const named = (view.pools.pools.find(p => p.game_id === game.id) || {}).named || {};
  const settled = due.settled || [];  // a row for what the deal has settled is not asked
  for (const f of fields) {
    labels[f.name] = f.label;
    if (f.unless && !f.grid && settled.includes(f.unless)) continue;
    if (f.grid) {  // the sheet's grid fields, asked together where the first of them stands
      if (!(f.name in readers)) {
        const taken = box.appendChild(el("div", null, {class: "taken"}));
        Object.assign(readers, gridded.grid(taken, fields.filter(x => x.grid), seats, named, given));
        settledRows(taken, settled);
      }
      continue;
    }
    const follows = typeof f.default === "string" && f.default.startsWith("=") && fields.find(x => x.name === f.default.slice(1));
    const preset = typed(f.name) ?? (typeof f.default === "string" ? (follows ? undefined : values[f.default]) : f.default);
    // a field that takes another's value until chosen (Commerce's winner: the stander) is
    // folded, saying so: the usual deal needs no tap on it
    const slot = el("div", null, {class: "field", "data-field": f.name, "data-label": f.label, ...(f.optional ? {"data-optional": ""} : {})});
    const into = follows ? el("details", null, {class: "follows", ...(typed(f.name) === undefined ? {} : {open: ""})}, el("summary", _("{field}: {hint}, unless chosen", {field: f.label, hint: f.hint || asOther(follows)}))) : slot;
    box.append(follows ? into : slot);
    if (follows) into.append(slot);
    readers[f.name] = f.input === "table" && scope.table ? () => scope.table : input(slot, game, f, preset, seats);
  }
  if (spec.outcomes.length) gridded.outcomes(box, game, spec, dealer, readers);  // (grid.js's)
  for (const f of fields) {  // `besides`: a count for every seat but the one chosen there
    if (f.besides && !f.grid && readers[f.besides]) {
      const slot = box.querySelector(`[data-field="${CSS.escape(f.name)}"]`);
      const hide = () => {
        const chosen = readers[f.besides]();
        for (const row of slot.querySelectorAll("[data-seat]")) row.hidden = row.dataset.seat === chosen;
      };
      box.addEventListener("change", hide);
      hide();
    }
  }
  // → what was typed, as the fact's data; one not typed in full is refused in the table's
  // words, unless `asTyped` (a sheet drawn anew for the same deal takes what was typed so far)
  return asTyped => {
    const data = {};
    for (const [name, take] of Object.entries(readers)) {
      let value;
      try { value = take(); } catch (problem) { if (!asTyped) throw problem; }
      const f = fields.find(x => x.name === name);
      if (value === undefined || value === "") {
        if (!asTyped && f && !f.optional && !(typeof f.default === "string" && f.default.startsWith("="))) throw new Error(_("{field}: choose one.", {field: f.label}));
        continue;
      }
      const [head, key] = name.split(".");  // `compartments.pope`: one of a fact's dict
      if (key) (data[head] = data[head] || {})[key] = value;
      else data[name] = value;
    }
    for (const f of fields) if (f.totals && !asTyped) counted.checkTotals(f, game, data[f.name]);
    return data;
  };
}

export function chips(box, legend, choices, many, preset) {
  const set = el("fieldset", null, {class: "chips"});
  set.append(el("legend", legend));
  const name = `f${uuid().slice(0, 8)}`;
  const boxes = choices.map(([value, text]) =>
    chip(set, {type: many ? "checkbox" : "radio", name, value}, text, many ? (preset || []).includes(value) : value === preset));
  box.append(set);
  return many ? () => boxes.filter(b => b.checked).map(b => b.value)
              : () => (boxes.find(b => b.checked) || {}).value;
}

export function stepper(box, text, preset, min, attributes = {}) {
  const label = el("label", text, {class: "stepper"});
  // named itself: its label holds the − button first, which would otherwise take the name
  const number = el("input", null, {type: "number", min: String(min), inputmode: "numeric", "aria-label": text, ...attributes});
  if (preset !== undefined && preset !== null) number.value = preset;
  const step = by => () => { number.value = Math.max(min, Number(number.value || 0) + by); number.dispatchEvent(new Event("input", {bubbles: true})); };
  label.append(el("span", null, {class: "row"}, button("−", step(-1), {"aria-label": _("{field}: one fewer", {field: text})}), number, button("+", step(1), {"aria-label": _("{field}: one more", {field: text})})));
  box.append(label);
  return () => (number.value === "" ? undefined : Number(number.value));
}

function input(box, game, f, preset, seated = game.seats) {
  const who = names();  // (a player field the game narrows: only those it admits, a rebuy's)
  // (the only value the rules take, as the sheet opened: said, and sent so, not asked)
  if (f.fixed) return box.append(el("p", `${f.label}: ${who[preset] || preset}`, {class: "hint"})) || (() => preset);
  const seats = seated.filter(s => f.input !== "player" || !f.choices.length || f.choices.includes(s)).map(s => [s, who[s]]);
  if (f.input === "player") return chips(box, f.label, f.optional ? [["", _("nobody")], ...seats] : seats, false, preset ?? (f.optional ? "" : undefined));
  if (f.input === "players") return chips(box, f.label, seats, true, preset || []);
  if (f.input === "choice") return chips(box, f.label, f.choices.map(c => [c, f.choice_labels?.[c] ?? String(c)]), false, preset ?? f.choices[0]);
  if (f.input === "table") return chips(box, f.label, view.summary.tables.map(t => [t.id, t.name]), false, (view.summary.tables[0] || {}).id);
  if (f.input === "amount") return stepper(box, f.label, preset, 1);
  if (f.input === "bool") {
    const tick = el("input", null, {type: "checkbox"});
    tick.checked = !!preset;
    box.append(el("label", null, {class: "tick"}, tick, el("span", f.label)));
    return () => tick.checked;
  }
  if (f.input === "counts") return counts(box, game, f, seated, preset);
  const text = el("input", null, {maxlength: "200", value: preset ?? ""});
  box.append(el("label", f.label, {}, text));
  return () => text.value.trim() || undefined;
}

// A sheet's grid (who took what, who went out; a row a hand and a column an outcome: grid.js)
// is loaded on the first sheet that has one; until then its card draws it again once loaded
// (`ready`)
let gridded = null;
const hasGrid = spec => spec.outcomes.length || spec.fields.some(f => f.grid);
const gridFor = spec => (!gridded && hasGrid(spec)
  ? import("./grid.js").then(module => { gridded = module; }) : Promise.resolve());
export function ready(spec) {
  if (gridded || !hasGrid(spec)) return true;
  gridFor(spec).then(() => on.draw(), lost);
  return false;
}

// A number per seat, with steppers; a whole deal counted (Cassino's cards, spades… with
// running totals) is counted.js's, loaded when its sheet is asked for (`ask`)
let counted = null;
const countedFor = spec => (!counted && spec.fields.some(f => f.input === "counts" && f.choices.length)
  ? import("./counted.js").then(module => { counted = module; }) : Promise.resolve());

function counts(box, game, f, seated, preset) {  // `preset`: a number a seat, the game's own
  if (f.choices.length) return counted.wholeDeal(box, game, f, seated);
  const who = names(), set = el("fieldset", null, {class: "counts"}), inputs = {};
  set.append(el("legend", f.label));
  for (const seat of seated) {
    inputs[seat] = stepper(set, who[seat], (preset || {})[seat], 0);
    set.lastElementChild.dataset.seat = seat;
  }
  box.append(set);
  return () => {
    const out = {};
    for (const seat of seated) {
      if (inputs[seat]() !== undefined && !set.querySelector(`[data-seat="${CSS.escape(seat)}"]`).hidden) out[seat] = inputs[seat]();
    }
    return f.optional && !Object.keys(out).length ? undefined : out;
  };
}

// A refusal shown on the sheet (refusal.js, loaded on the first one: the service worker keeps
// it for a refusal offline)
export const refused = (sheet, problem) => import("./refusal.js").then(r => r.refused(sheet, problem));

export function clearFaults(sheet) {
  for (const note of sheet.querySelectorAll(".fault")) note.remove();
  for (const row of sheet.querySelectorAll(".faulty")) row.classList.remove("faulty");
  for (const field of sheet.querySelectorAll("[aria-invalid], [aria-describedby^=fault-]")) {
    field.removeAttribute("aria-invalid");
    field.removeAttribute("aria-describedby");
  }
  const error = sheet.querySelector(".error[role=alert]");
  if (error) error.textContent = "";
}

// A grid's row for what the deal has settled since (a compartment won meanwhile) is hidden,
// also on a sheet kept with what was typed on it
export function settledRows(sheet, settled) {
  for (const row of sheet.querySelectorAll("[data-unless]")) row.hidden = settled.includes(row.dataset.unless);
}
