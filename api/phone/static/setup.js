// Setting up: players, tables, a game with its seats and options.
import {_, $, button, chip, el, keep, openSheet, reveal, working} from "./core.js";
import {loadGames, names, on, plain, playingKey, SPECS, titleOf, UNKNOWN, view, writer} from "./state.js";
import {enqueue} from "./sync.js";
import {answered, clearFaults, sent} from "./sheets.js";

// In the order they were ticked, as the picker asks ("clockwise from the first dealer"), not
// the order the players joined: ticking Zoë then Ben seats Zoë first.
let seatOrder = [];
export function chosenSeats() {
  const ticked = [...document.querySelectorAll("#seat-picker input:checked")].map(b => b.value);
  seatOrder = [...seatOrder.filter(id => ticked.includes(id)), ...ticked.filter(id => !seatOrder.includes(id))];
  return [...seatOrder];
}

export function drawSeatPicker(players) {
  const picker = $("#seat-picker");
  const shape = JSON.stringify(players.map(p => [p.id, p.name]));
  if (picker.dataset.shape === shape) return;
  const chosen = new Set(chosenSeats()), shown = new Set(JSON.parse(picker.dataset.shape || "[]").map(([id]) => id));
  for (const p of players) if (!shown.has(p.id)) { chosen.add(p.id); seatOrder.push(p.id); }  // a new player sits, last
  picker.dataset.shape = shape;
  picker.replaceChildren(el("legend", _("Seats, clockwise from the first dealer")));
  for (const p of players) chip(picker, {type: "checkbox", value: p.id}, p.name, chosen.has(p.id));
}

export function drawOptions() {
  const box = $("#option-fields"), kinds = $("#game-form [name=kind]");
  if (!kinds.options.length && Object.keys(SPECS).length) {  // (a list that did not come is drawn once it has)
    kinds.append(...Object.values(SPECS).map(g => el("option", g.offered_as || g.title, {value: g.kind})));
    said("#game-error", "");
  }
  const kind = kinds.value;
  const seats = chosenSeats(), tables = view ? view.summary.tables : [];
  const shape = JSON.stringify([kind, seats, tables.map(t => [t.id, t.name])]);
  if (box.dataset.shape === shape) return;
  const kept = box.dataset.kind === kind ? Object.fromEntries(
    [...box.querySelectorAll("[name]")].map(i => [i.name, i.type === "checkbox" ? i.checked : i.value])) : {};
  box.dataset.shape = shape;
  box.dataset.kind = kind;
  drawOptions.collect = {};
  // an option offered only where it can apply: for so many seats, and not beside another set
  const offered = (SPECS[kind] || UNKNOWN).options.filter(o => !o.seats || (seats.length >= o.seats[0] && seats.length <= o.seats[1]));
  box.replaceChildren(...offered.map(spec => optionField(spec, kept, seats, tables)));
  for (const spec of offered.filter(o => o.without)) {
    const other = box.querySelector(`[name="${spec.without}"]`), label = box.querySelector(`[name="${spec.name}"]`).closest("label");
    const collect = drawOptions.collect[spec.name], shown = () => { label.hidden = !!(other && other.checked); };
    if (other) other.addEventListener("change", shown);
    shown();
    drawOptions.collect[spec.name] = () => (label.hidden ? undefined : collect());
  }
  $("#table-form").hidden = !(SPECS[kind] || UNKNOWN).options.some(o => o.input === "tables");
}

function optionField(spec, kept, seats, tables) {
  const who = view ? names() : {};
  const label = el("label", spec.label);
  const given = (node, value) => {
    const v = node.name in kept ? kept[node.name] : value;
    if (node.type === "checkbox") node.checked = !!v; else node.value = v ?? "";
    return node;
  };
  const name = spec.name;
  let collect;
  if (spec.input === "bool" || spec.input === "partners") {
    const tick = given(el("input", null, {type: "checkbox", name}), spec.default);
    label.prepend(tick);
    label.classList.add("tick");
    collect = spec.input === "bool" ? () => tick.checked : () => {
      if (!tick.checked) return undefined;
      if (seats.length !== 4) throw new Error(_("Partnerships need four seats."));
      return [[seats[0], seats[2]], [seats[1], seats[3]]]; // partners sit opposite
    };
  } else if (spec.input === "number") {
    const number = given(el("input", null, {type: "number", name, min: String(spec.min)}), spec.default);
    label.append(number);
    collect = () => (number.value === "" ? undefined : Number(number.value));
  } else if (spec.input === "choice" || spec.input === "seat") {
    const select = el("select", null, {name});
    const choices = spec.input === "seat" ? [["", "—"], ...seats.map(s => [s, who[s]])] : spec.choices.map(c => [c, spec.choice_labels?.[c] ?? String(c)]);
    select.append(...choices.map(([value, text]) => el("option", text, {value})));
    given(select, spec.input === "seat" ? "" : spec.default);
    label.append(select);
    collect = () => (spec.input === "seat" ? select.value || undefined : typeof spec.choices[0] === "number" ? Number(select.value) : select.value);
  } else { // tables: each seated player at one of the session's tables, filled in rank order
    const per = Math.ceil(seats.length / Math.max(tables.length, 1));
    const picks = seats.map((seat, index) => {
      const select = el("select", null, {name: `table-of-${seat}`, "aria-label": _("{player}'s table", {player: who[seat]})});
      select.append(...tables.map(t => el("option", t.name, {value: t.id})));
      if (tables.length) given(select, tables[Math.min(Math.floor(index / per), tables.length - 1)].id);
      const row = el("div", null, {class: "row"});
      row.append(el("span", who[seat]), select);
      label.append(row);
      return [seat, select];
    });
    if (!tables.length) label.append(el("span", " — add the tables first", {class: "hint"}));
    collect = () => tables.map(t => ({table_id: t.id, seats: picks.filter(([, s]) => s.value === t.id).map(([seat]) => seat)})).filter(t => t.seats.length);
  }
  if (spec.hint) label.append(el("small", ` ${spec.hint}`, {class: "hint"}));  // read aloud "Target points that…", not "Targetpoints"
  drawOptions.collect[name] = collect;
  return label;
}

export function said(where, text) { $(where).textContent = text; }

// Pasted text is a list, a name a line or between commas or semicolons; a typed line with a
// comma or semicolon may be either ("Bennet, Mrs", or "Ann, Ben, Zoë"): the page asks which.
// (each pattern a constant: a regular expression after `?` is read as a division by Babel's
// extraction of the page's words, which then misses every word after it)
const LIST = /[,;\n]+/, ONE_LINE = /[,;]+/;
export function addPlayers(text, list = false, group = "") {  // `group`: as typed beside them
  const form = $("#player-form"), field = form.elements.name, ask = $("#player-ask");
  const names = text.split(list ? LIST : ONE_LINE).map(n => n.trim()).filter(Boolean);
  ask.replaceChildren();
  if (!names.length) { said("#player-error", _("Type a name first.")); field.focus(); return; }
  said("#player-error", "");
  if (!list && names.length > 1) {
    const one = text.trim(), take = many => () => { ask.replaceChildren(); join(many ? names : [one], text, group); };
    ask.append(el("p", _("“{one}”: one player, or {n}?", {one, n: names.length})),
      el("div", null, {class: "row"},
        button(_("{n} players: {names}", {n: names.length, names: names.join(" · ")}), take(true)),
        button(_("One player: {one}", {one}), take(false), {class: "small"})));
    ask.querySelector("button").focus();
    return;
  }
  join(names, text, group);
}

function join(names, text, group) {
  const form = $("#player-form"), field = form.elements.name;
  for (const name of names) enqueue("/players", {name, ...(group.trim() ? {group: group.trim()} : {})}, _("{name} joins", {name}), undefined, `player:${name}`);
  if (field.value === text) field.value = "";  // not the next name (or group), if typing it has begun
  if (form.elements.group.value === group) form.elements.group.value = "";
  field.focus();  // the next name goes straight in
}

export function addTable(form) {
  const body = Object.fromEntries(new FormData(form));
  if (!body.name.trim()) return said("#game-error", _("Name the table first."));
  form.reset();
  enqueue("/tables", {name: body.name, rank: Number(body.rank) || 1}, _("Table {name}", {name: body.name}), undefined, `table:${body.name}`);
}

export async function startGame(form) {
  // as the form is drawn: a tap can come before this module's first drawing of it (a link
  // that was slow, or failed a moment, to bring the module)
  drawSeatPicker(view.summary.players);
  drawOptions();
  const body = Object.fromEntries(new FormData(form));
  const seats = chosenSeats(), spec = SPECS[body.kind];
  if (!spec) {  // the list of games did not come when the page opened: asked for again, and
    // once here, shown to choose from (a game is started as chosen, never one not seen)
    await loadGames();
    drawOptions();
    const kinds = form.elements.kind;
    if (!kinds.options.length) return said("#game-error", _("The list of games needs the connection once."));
    return kinds.focus();  // (the list drawn, the message gone: `drawOptions`)
  }
  const [low, high] = spec.seats;
  if (seats.length < low || seats.length > high) return said("#game-error", _("{game} takes {low} to {high} players: tick them in the order they sit.", {game: spec.title, low, high}));
  if (!(Number(body.stake) >= 1)) return said("#game-error", _("The stake: a whole number, 1 or more."));
  let options;
  try { options = Object.fromEntries(Object.entries(drawOptions.collect).map(([n, c]) => [n, c()]).filter(([, v]) => v !== undefined)); } catch (problem) { return said("#game-error", problem.message); }
  const game = {kind: body.kind, stake: Number(body.stake), seats, options};
  // the same game waiting to be sent or read back (a second tap, a tap offline and another)
  // is one intent: its id again, never a second game
  const intent = `game:${JSON.stringify(game)}`;
  said("#game-error", "");
  keep.set(playingKey(), null);  // the game just started is the one being played
  return working(form.querySelector("button[type=submit]"), _("Starting…"), async () => {
    const id = enqueue("/games", game, _("{game} starts", {game: spec.title}), undefined, intent);
    const problem = await sent([id]);
    if (problem) return said("#game-error", _("Not started: {said}", {said: plain(problem)}));
    // the game just started in view, once drawn (the set-up folded away above it)
    const shown = () => { if ($(`[data-game="${id}"]`)) reveal($("#games")); else on.drawn = shown; };
    shown();
  });
}

// ---- mending the set-up, as facts in the log (the audit shows them): a player tapped is
// renamed, or removed while nothing is recorded of him; the service says why if not.
export function drawPlayers(players) {
  $("#players").replaceChildren(...players.map(p => {
    const shown = p.group ? `${p.name} (${p.group})` : p.name;
    return el("li", null, {}, writer() ? button(shown, () => mendPlayer(p), {class: "mend", "aria-label": _("{player}: rename or remove", {player: shown})}) : shown);
  }));
}

function mendPlayer(p) {
  const sheet = $("#sheet-form"), name = el("input", null, {maxlength: "100", autocomplete: "off", value: p.name});
  const remove = button(_("Remove {player} from the evening", {player: p.name}), async () => {
    if (remove.disabled) return;
    clearFaults(sheet);
    remove.disabled = true;
    const ids = [enqueue("/events", {type: "player_removed", data: {player: p.id}}, _("{player} removed", {player: p.name}), undefined, `removed:${p.id}`)];
    if (await answered(ids, sheet)) $("#sheet").close();
    remove.disabled = false;
  }, {class: "small"});
  $("#sheet-fields").replaceChildren(
    el("div", null, {class: "field", "data-field": "name", "data-label": _("Name")}, el("label", _("Name"), {}, name)),
    el("p", _("A player can be removed while nothing is recorded of him."), {class: "hint"}), remove);
  openSheet(p.name, _("Rename"), async (error, intent) => {
    clearFaults(sheet);
    const wanted = name.value.trim();
    if (wanted === p.name) return true;
    if (!wanted) { error.textContent = _("Type his name."); return false; }
    return answered([enqueue("/events", {type: "player_renamed", data: {player: p.id, name: wanted}},
                             _("{player} renamed {name}", {player: p.name, name: wanted}), undefined, intent)], sheet);
  });
}

// A game started by mistake (a second tap, the wrong game) goes while nothing is dealt in it;
// the log keeps that it was started and removed
export function askRemove(game) {
  $("#sheet-fields").replaceChildren(el("p", _("{game}, stake {stake}: {seats}.", {game: titleOf(game), stake: game.stake, seats: game.seats.map(p => names()[p]).join(", ")})),
    el("p", _("It goes from the evening; the log keeps that it was started and removed."), {class: "hint"}));
  openSheet(_("Remove {game}?", {game: titleOf(game)}), _("Remove it"), (error, intent) =>
    answered([enqueue("/events", {type: "game_removed", game_id: game.id, data: {}}, _("{game} removed", {game: titleOf(game)}), undefined, intent)], $("#sheet-form")));
}
