// The games: each card offers the next deal in one tap and, while a deal is open, the sheet
// that settles it; the game's other facts open a sheet each. Half-filled inline sheets survive
// a redraw while their deal is unchanged, even one that hid them for a moment (a deal sent and
// not yet confirmed, another game chosen).
import {$, _, n_, button, el, keep, lost, steady} from "./core.js";
import {keptSheets, labelled, names, playingKey, poolKey, poolLabel, SPECS, titleOf, UNKNOWN, view, writer} from "./state.js";
import {admitted, dueOf, outbox} from "./sync.js";
import {ask, inlineSheet, ready, recordNow, settledRows} from "./sheets.js";

export function drawGames() {
  const box = $("#games");
  const at = document.activeElement, said = b => b.getAttribute("aria-label") || b.textContent;
  const focused = box.contains(at);  // kept on the same control (or its like, drawn anew)
  for (const form of box.querySelectorAll("form[data-key]")) keptSheets.set(form.dataset.key, form);
  while (keptSheets.size > 24) keptSheets.delete(keptSheets.keys().next().value);
  const kept = Object.fromEntries(keptSheets);
  const order = playedFirst();
  drawSwitcher(order);
  box.replaceChildren(...order.slice(0, 1).map(game => drawGame(game, kept)));
  if (focused) (at.isConnected ? at : [...box.querySelectorAll("button")].find(b => said(b) === said(at)) || box.querySelector("button"))?.focus({preventScroll: true});
}

// With several games, the one being played comes first and alone; the others are one tap
// away in the switcher. Being played: the one this phone last chose or recorded in, else the
// one with the latest fact.
function playedFirst() {
  const latest = {};
  for (const e of view.events) latest[e.game_id || (e.type === "game_started" ? e.id : "")] = e.version;
  const games = [...view.summary.games].sort((a, b) => (latest[b.id] || 0) - (latest[a.id] || 0));
  const chosen = games.find(g => g.id === keep.get(playingKey()));
  return chosen ? [chosen, ...games.filter(g => g !== chosen)] : games;
}

function play(game) {
  keep.set(playingKey(), game.id);
  drawGames();
  $("#games button")?.focus({preventScroll: true});
  scrollTo(0, 0);
}

const dealt = (n, dealer) => _("Deal {n}: {dealer} deals", {n, dealer});
const OTHER = _("Other dealer…");

// A game's button stays the same button as its words change (a deal, a win another phone
// recorded): a press on it as it is drawn again is still a tap on that game.
function drawSwitcher(order) {
  const nav = $("#switcher"), label = labelled(), had = new Map([...nav.children].map(b => [b.dataset.game, b]));
  nav.hidden = order.length < 2;
  const buttons = order.map((game, i) => {
    const due = dueOf(game), pool = view.pools.pools.find(p => p.game_id === game.id);
    const state = ended(game) || [due.deal ? _("deal {n}", {n: due.deal}) : "", pool ? _("pool {n}", {n: pool.counters}) : ""].filter(Boolean).join(" · ");
    const b = had.get(game.id) || button("", () => play(game), {class: "small", "data-game": game.id}), text = label[game.id] + (state ? " · " + state : "");
    if (b.textContent !== text) b.textContent = text;
    b.setAttribute("aria-pressed", String(i === 0));
    return b;
  });
  if (buttons.length !== nav.children.length || buttons.some((b, i) => nav.children[i] !== b)) nav.replaceChildren(...buttons);
}

export function ended(game) {  // a game that is over, with its result by side in words (Cassino won)
  const result = ((view.extras[game.id] || {}).scores || {}).result, who = names();
  return result ? _("won by {winners} {points}–{against}", {winners: result.winners.map(p => who[p]).join(" & "), points: result.points, against: result.against}) : "";
}

function drawGame(game, kept) {
  const spec = SPECS[game.kind] || UNKNOWN, who = names(), extras = view.extras[game.id] || {};
  const title = titleOf(game), due = dueOf(game);
  const card = el("article", null, {class: "game", "data-game": game.id, "aria-label": title});
  const over = ended(game);  // a game that is over folds away with its result
  const parts = over ? el("details", null, {}, el("summary", `${title} · ${over}`)) : card;
  if (over) card.append(parts);
  parts.append(el("h2", _("{game} · stake {stake}", {game: title, stake: game.stake})));
  const pool = view.pools.pools.find(p => p.game_id === game.id) || {counters: 0, named: {}};
  const meta = [];
  const doubled = game.stakes_doubled && due.open ? _(", stakes doubled") : "";
  if (due.deals) meta.push(due.deal ? dealt(due.deal, who[due.dealer]) + doubled : _("No deal yet"));
  const named = Object.entries(pool.named || {});
  // a board of many pools (Pope Joan's) is summed here: its sheet's rows say what each holds
  meta.push(named.length > 4 ? _("board {n}", {n: pool.counters})
    : named.length ? named.map(([name, n]) => `${poolLabel(game, name)} ${n}`).join(" · ") : _("pool {n}", {n: pool.counters}));
  parts.append(el("p", meta.join(" · "), {class: "meta"}));
  if (extras.scores) {
    // partners as one side (a view kept from before sides were read: each player alone)
    const sides = extras.scores.by_side || game.seats.filter(p => p in extras.scores.totals).map(p => ({players: [p], points: extras.scores.totals[p]}));
    const totals = sides.map(s => `${s.players.map(p => who[p]).join(" & ")} ${s.points}`).join(", ");
    const won = extras.scores.result ? _(" · won by {winners}", {winners: extras.scores.result.winners.map(p => who[p]).join(" & ")}) : "";
    parts.append(el("p", _("Points: {totals}{won}", {totals, won}), {class: "meta"}));
  }
  if (extras.tally) parts.append(...tallied(extras.tally, who));
  if (!writer()) return card;
  // What is offered, and what comes first, is the service's word on the game (`due`):
  // the page keeps no deal logic of its own.
  const deal = spec.buttons.find(b => b.type === "deal_started");
  const quick = spec.buttons.find(b => b.quick);
  // (a fact whose every choice is settled, by a fact not yet sent, is offered no more)
  const offered = new Set(due.offered.filter(type => {
    const b = spec.buttons.find(x => x.type === type);
    return !b || !admitted(game, b).some(f => f.input === "choice" && !f.choices.length);
  }));
  if (quick && offered.has(quick.type) && (due.open || !due.deals) && ready(quick)) {  // a sheet per table where
    const perTable = quick.fields.some(f => f.input === "table") && extras.tally;  // the fact
    const tables = Object.fromEntries(view.summary.tables.map(t => [t.id, t.name]));  // names it
    const done = perTable ? extras.tally.pots_this_round || [] : [];  // a table's pot is in once a round
    const scopes = perTable ? Object.entries(extras.tally.seating).filter(([table]) => !done.includes(table))
      .map(([table, seats]) => ({table, seats, name: tables[table]})) : [{}];
    for (const scope of scopes) {
      // a sheet kept as typed is for the deal as it stood: once something of it is settled
      // (a stake won), the sheet is drawn afresh for what is still open
      const key = `${game.id}:${quick.type}:${due.deal}:${(due.settled || []).join("|")}:${scope.table || ""}:${(scope.seats || []).join()}`;
      // a sheet whose fact is on its way is not offered again (a second tap is not a second fact)
      if (outbox().some(i => i.sheet === key && !i.look)) continue;
      if (kept[key]) settledRows(kept[key], due.settled || []);
      // (a deal being typed on the sheet that starts it, started meanwhile by another phone:
      // what was typed there, not sent, is this sheet's, not lost)
      const whole = kept[`${game.id}:${quick.type}:${due.deal}:whole`];
      parts.append(kept[key] || inlineSheet(game, quick, key, scope, whole?.typed()));
    }
  }
  // a deal on its way to the service is not offered again (a second tap is not a second deal)
  const dealing = navigator.onLine && outbox().some(i => !i.look && i.body.game_id === game.id && i.body.type === "deal_started");
  // a deal recorded whole (Cassino: nothing happens between its start and its count): between
  // deals, the next deal's outcome is asked for with the deal itself, one Record for both
  const whole = due.whole && deal && quick && offered.has("deal_started") && !due.open && !dealing
    && (due.after_deal.offered || []).includes(quick.type) && ready(quick);
  const scopeOf = () => ({deal, number: due.deal + 1, due: due.after_deal, name: dealt(due.deal + 1, who[due.next_dealer])});
  if (whole) {
    const key = `${game.id}:${quick.type}:${due.deal + 1}:whole`;
    if (!outbox().some(i => i.sheet === key && !i.look)) parts.append(kept[key] || inlineSheet(game, quick, key, scopeOf()));
  }
  const more = el("div", null, {class: "row facts"});
  if (deal && offered.has("deal_started") && due.open && !dealing) {  // the deal in play is not settled: the
    const said = _("Deal {n}…", {n: due.deal + 1});        // next one is asked for, never one tap away
    const note = _("Deal {n} is still in play. Start deal {next} anyway?", {n: due.deal, next: due.deal + 1});
    more.append(button(said, () => ask(game, deal, note), {class: "small", "data-fact": "deal_started", "aria-label": `${said}, ${title}`}));
  } else if (deal && offered.has("deal_started") && whole) {
    more.append(button(OTHER, () => ask(game, deal), {class: "small", "data-fact": "deal_started", "aria-label": `${OTHER}, ${title}`}));
  } else if (deal && offered.has("deal_started")) {
    const next = due.deal + 1, dealer = who[due.next_dealer];
    const said = dealing ? _("Dealing…") : dealt(next, dealer);
    const start = button(said, () => recordNow(game, deal), {class: due.next === "deal_started" ? "primary" : "small", "data-fact": "deal_started", "aria-label": `${said}, ${title}`});
    start.disabled = dealing;
    parts.append(el("div", null, {class: "row"}, start,
      button(OTHER, () => ask(game, deal), {class: "small", "aria-label": _("Other dealer… (or another ante), {game}", {game: title})})));
  }
  for (const b of spec.buttons) {
    // a deal recorded whole: its other outcomes too (Cassino's count in full), with the deal
    const withDeal = whole && b !== quick && b.settles && (due.after_deal.offered || []).includes(b.type);
    if (withDeal) more.append(button(b.label, () => ask(game, b, "", scopeOf(whole)), {"data-fact": b.type, "aria-label": `${b.label}, ${title}`}));
    if (b === deal || (b === quick && (due.open || !due.deals)) || !offered.has(b.type)) continue;
    more.append(button(b.label, () => ask(game, b), {"data-fact": b.type, "aria-label": `${b.label}, ${title}`}));
  }
  const remove = _("Remove this game…");
  if (!due.deal) more.append(button(remove, () => import("./setup.js").then(m => m.askRemove(game)), {class: "small", "aria-label": `${remove}, ${title}`}));
  parts.append(more);
  // Between deals (or once the game is over) a pool nobody won can be shared back at once, as
  // the night's end offers it: the table that stops playing closes its game here. Which pools
  // may go back now is the service's word (`refundable`)
  if (!due.open) {
    const left = (due.refundable || []).map(p => ({...p, game_id: game.id}));
    if (left.length) parts.append(el("div", null, {class: "row"}, ...left.map(p => {
      const said = p.pool ? n_("Share back {n} counter of the {pool} pool…", "Share back {n} counters of the {pool} pool…", p.counters, {pool: poolLabel(game, p.pool)})
        : n_("Share back {n} counter…", "Share back {n} counters…", p.counters);
      return button(said, () => import("./settle.js").then(s => s.askRefund(p)), {class: "small", "data-fact": "pool_refunded", "data-key": poolKey(p), "aria-label": `${said}, ${title}`});
    })));
  }
  return card;
}

// Progressive Poker's tallies (tally.js), loaded with the first evening that plays it
let tally = null;
function tallied(read, who) {
  if (tally) return tally.drawTally(read, who);
  import("./tally.js").then(module => { tally = module; steady(drawGames); }, lost);
  return [];
}
