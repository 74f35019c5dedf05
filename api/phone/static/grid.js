// A sheet's `grid` fields, asked together (Cassino's "who took what", Pope Joan's Out): every
// name whole however long, every target 44 px, the sheet short enough to record a deal
// without hunting. The player fields are one group: a button a thing (Most cards, the Pope…)
// saying who took it, and one row of the seats' names for the thing being asked, which moves
// on to the next as each is answered (a tap a thing, in order; another thing a tap away). A
// count a seat is a row of name chips counting taps (to `most`, then back to none); a number
// a seat a row of named boxes (`besides`: not asked of the seat chosen in that other field).
import {_, button, chip, el, uuid} from "./core.js";
import {names} from "./state.js";

const nobody = _("nobody");

// → {name: reader}, each reader () → the field's value, or throws in the table's words
export function grid(box, fields, seats, named, given) {
  const who = names(), readers = {};
  const players = fields.filter(f => f.input === "player");
  const chosen = players.length ? whoTook(box, players, seats, named, given, readers) : () => null;
  for (const f of fields.filter(x => x.input === "counts")) {
    const row = el("fieldset", null, {class: "chips", "data-field": f.name, "data-label": f.label, "data-most": f.most});
    row.append(el("legend", f.label));
    box.append(row);
    readers[f.name] = f.most ? taps(row, f, seats, (given[f.name] || {}), who)
      : numbers(box, row, f, seats, given[f.name] || {}, who, () => chosen(f.besides));
  }
  return readers;
}

// The things taken, a button each, and the names for the one being asked
function whoTook(box, fields, seats, named, given, readers) {
  const who = names(), taken = {}, things = {};
  const group = el("div", null, {class: "took", role: "group", "aria-label": _("Who took what")});
  const row = el("div", null, {class: "things"});
  const pick = el("fieldset", null, {class: "chips pick"});
  const legend = el("legend");
  group.append(row, pick);
  box.append(group);
  let asked = null;
  const holds = f => named[f.name.split(".")[1]];
  const shown = f => (f.name in taken ? (taken[f.name] ? who[taken[f.name]] : f.hint || nobody)
                      : f.optional && f.default === "none" ? f.hint || nobody : "?");
  const say = f => {
    const n = holds(f), thing = n === undefined ? f.grid : `${f.grid} (${n})`;
    things[f.name].replaceChildren(el("span", thing), " ", el("b", shown(f)));  // (named by what it shows)
  };
  const ask = f => {
    asked = f;
    for (const [name, b] of Object.entries(things)) b.setAttribute("aria-pressed", String(name === f.name));
    legend.textContent = f.label;  // (what it holds is on its button)
    const name = `t${uuid().slice(0, 8)}`;
    pick.dataset.field = f.name;
    pick.dataset.label = f.label;
    pick.replaceChildren(legend);
    // (`besides`: not the seat taken in that other field: who went out holds no Pope)
    const choices = [...seats.filter(s => !f.besides || s !== taken[f.besides]).map(s => [s, who[s]]),
                     ...(f.optional ? [["", f.hint || nobody]] : [])];
    for (const [value, text] of choices) {
      const radio = chip(pick, {type: "radio", name, value, "aria-label": `${f.label}: ${text}`}, text,
                         f.name in taken ? taken[f.name] === value : false);
      radio.addEventListener("change", () => took(f, value));
    }
  };
  const took = (f, value) => {
    taken[f.name] = value;
    say(f);
    box.dispatchEvent(new Event("change", {bubbles: true}));
    const open = fields.filter(x => !things[x.name].hidden);
    const next = open[open.indexOf(f) + 1];  // the next thing, in the sheet's order
    if (next) ask(next);
  };
  for (const f of fields) {
    things[f.name] = button("", () => ask(f), {class: "thing", "data-thing": f.name, "data-unless": f.unless});
    row.append(things[f.name]);
    if (typed(given, f.name) !== undefined) taken[f.name] = typed(given, f.name) || "";
    say(f);
    readers[f.name] = () => {
      if (things[f.name].hidden) return "";  // settled already this deal
      const value = taken[f.name];
      if (value === undefined && f.optional && f.default === "none") return "";
      if (value === undefined) {
        ask(f);
        throw new Error(f.optional ? _("{field}: tap one (or {hint}).", {field: f.label, hint: f.hint || nobody}) : _("{field}: tap one.", {field: f.label}));
      }
      return value;
    };
  }
  // the first thing not yet answered, once the sheet's settled things are hidden (settledRows)
  const first = () => fields.find(f => !things[f.name].hidden && !(f.name in taken) && f.default !== "none")
    || fields.find(f => !things[f.name].hidden) || fields[0];
  ask(first());
  queueMicrotask(() => ask(first()));
  return name => (name ? taken[name] : null);
}

function typed(given, name) {  // `compartments.pope`: one of a dict
  const [head, key] = name.split(".");
  return key ? (given[head] || {})[key] : given[name];
}

// A count a seat by taps: each tap one more, one past the most back to none
function taps(row, f, seats, given, who) {
  const counts = Object.fromEntries(seats.map(s => [s, given[s] || 0]));
  for (const seat of seats) {
    const figure = el("b", String(counts[seat]), {class: "n"});
    const cell = button("", () => {
      counts[seat] = (counts[seat] + 1) % ((f.most || 3) + 1);
      figure.textContent = String(counts[seat]);
    }, {class: "tally"});  // named by what it shows, in its group ("Aces, a tap each")
    cell.append(el("span", who[seat]), " ", figure);
    row.append(cell);
  }
  return () => Object.fromEntries(Object.entries(counts).filter(([, n]) => n));
}

// A number a seat, typed (the cards left in each hand)
function numbers(box, row, f, seats, given, who, besides) {
  const cells = {};
  for (const seat of seats) {
    cells[seat] = el("input", null, {type: "number", min: "0", inputmode: "numeric", "aria-label": `${f.label}: ${who[seat]}`,
                                     value: given[seat] ?? ""});
    row.append(el("label", null, {class: "number", "data-seat": seat}, el("span", who[seat]), cells[seat]));
  }
  const hide = () => {
    for (const [seat, cell] of Object.entries(cells)) cell.closest("label").hidden = seat === besides();
  };
  box.addEventListener("change", hide);
  hide();
  return () => {
    const asked = seats.filter(seat => seat !== besides());
    const blank = asked.filter(seat => cells[seat].value === "");
    if (blank.length) throw new Error(`${f.label}: ${blank.map(s => who[s]).join(", ")}?`);
    return Object.fromEntries(asked.map(seat => [seat, Number(cells[seat].value)]));
  };
}

// A sheet of outcomes (Vingt-un's): a row a hand, a column an outcome (the first taken unless
// another is tapped), five hands and their Record on one screen
export function outcomes(box, game, spec, dealer, readers) {
  const seats = game.seats.filter(s => s !== dealer);
  const choices = spec.outcomes.map(([label]) => label);
  const who = names(), table = el("table", null, {class: "outcomes"});
  table.append(el("tr", null, {}, el("td"), ...choices.map(c => el("th", c, {scope: "col"}))));
  for (const seat of seats) {
    const name = `o${uuid().slice(0, 8)}`, row = el("tr", null, {"data-field": seat, "data-label": who[seat]});
    row.append(el("th", who[seat], {scope: "row"}), ...choices.map((c, i) => el("td", null, {},
      el("label", null, {class: "pick"}, el("input", null, {type: "radio", name, value: c, "aria-label": `${who[seat]}: ${c}`, ...(i ? {} : {checked: ""})})))));
    table.append(row);
    readers[seat] = () => row.querySelector("input:checked").value;
  }
  box.append(el("div", null, {class: "scroll"}, table));
}
