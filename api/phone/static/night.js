// What the night comes to, from the page's last known state (so it works offline too): shared
// as text and a card (share.js), or printed as the night sheet. Loaded on first use.
import {$, _, counted, el, eveningDay, moneyIn, n_, signed, signedMoney} from "./core.js";
import {gameExtras, labelled, names, read, view} from "./state.js";
import {shareFigures} from "./share.js";
import {printed} from "./printing.js";
import {paidSaid, stillIn} from "./settle.js";

// What the night comes to, in figures, from the evening's results read model (the same the
// files and the club's standings are drawn from): winners first.
function night() {
  const {summary, settlement: s} = view, who = names();
  const results = view.results || {...s, name: summary.name, opened_at: summary.created_at,  // kept before it was read
                                   date: summary.date, players: s.results, unclaimed_pools: s.unsettled_pools};
  const money = moneyIn(results.currency);
  const date = eveningDay({date: results.date, at: results.opened_at, zone: summary.time_zone},
    {weekday: "long", day: "numeric", month: "long", year: "numeric"});
  const players = [...results.players].sort((a, b) => b.result_counters - a.result_counters || a.name.localeCompare(b.name));
  const label = labelled();
  const games = summary.games.map(game => {
    const dealt = (game.due || {}).deal, over = ((view.extras[game.id] || {}).scores || {}).result;
    const deals = dealt ? n_("{n} deal", "{n} deals", dealt) : "";
    return [label[game.id], over ? _("{who} won {points}–{against}", {who: over.winners.map(p => who[p]).join(" & "), ...over})
      : deals].filter(Boolean).join(", ");
  });
  const owed = results.transfers.map(t => _("{from} pays {to} {amount}", {from: who[t.from], to: who[t.to], amount: money(t.amount_minor)}));
  const pools = results.unclaimed_pools.map(stillIn);
  const paid = results.payments.map(p => paidSaid(who[p.from], who[p.to], money(p.amount_minor)));
  const figures = results.carried && results.carried.players.map(p => who[p.id] + " " + signedMoney(p.amount_minor, money)).join(", ");
  const carried = figures && _("Carried to the club's tab: {figures}.", {figures});
  return {title: results.name, date, money, value: results.counter_value, games, owed: [...owed, ...pools], paid, tab: carried,
          rows: players.map(p => ({name: p.name, counters: signed(p.result_counters),
                                   money: signedMoney(p.result_minor, money), up: p.result_counters > 0,
                                   down: p.result_counters < 0}))};
}

// A page opened cold draws before each game's own reads (scores, tallies) arrive: a result
// shared or printed meanwhile reads those still missing first (offline, it goes without them).
const scored = () => Promise.all(view.summary.games.filter(g => !Object.keys(view.extras[g.id] || {}).length).map(
  g => gameExtras(g).then(extras => Object.assign(view.extras[g.id] ||= {}, extras), () => {})));

export const shareResults = () => scored().then(() => shareFigures(night()));

// The sheet's print style (its own, loaded with it): A4, each page's margin naming the evening
// (added when printed) and the page; no line split across pages.
const PRINT = `@page { size: A4; margin: 16mm 14mm; @top-left, @top-right { font-size: 8pt; } }
@media print {
  #night-sheet h2 { font-size: 12pt; margin: 10pt 0 3pt; break-after: avoid; }
  #night-sheet ul { margin: 0; padding-left: 14pt; }
  #night-sheet :is(li, tr) { break-inside: avoid; }
  #night-sheet table { width: auto; }
  #night-sheet :is(td, th) + :is(td, th) { text-align: right; padding-left: 28pt; }
  #night-sheet .foot { font-size: 7pt; color: #444; margin-top: 14pt; overflow-wrap: anywhere; }
  #night-sheet code { font-family: monospace; font-variant-ligatures: none; }
}`;  // (code: "ff" stays two letters, as ledger verify prints it)

// Text as a CSS string, for the page's margins (a name may hold quotes or a backslash).
const cssText = text => '"' + [...text].map(c => (/[\w .,'·-]/u.test(c) ? c : "\\" + c.codePointAt(0).toString(16) + " ")).join("") + '"';

// The night sheet: a print view of the evening for the club's book (print stylesheet only):
// each player's result, the payments made, what is still to pay, the games, and at its foot
// the log's length and head hash, which `ledger verify` prints too, so that the paper can
// later be checked against the log. One A4 page for a usual evening; where it runs on, no
// line is split and each page's margin names the evening and the page.
export async function printSheet() {
  let verified = null;
  try {
    verified = await read("/verify");
  } catch {
    // offline: the sheet says the hash is to be noted once online
  }
  await scored();
  const n = night(), {summary} = view;
  const games = summary.games.map((game, i) => {
    const extras = view.extras[game.id] || {}, who = names();
    const pool = view.pools.pools.find(p => p.game_id === game.id);
    const seated = figures => game.seats.filter(p => p in figures);  // in seat order, as the game's card
    const each = (figures, figure) => seated(figures).map(p => who[p] + " " + figure(figures[p])).join(", ");
    const sides = scores => (scores.by_side || seated(scores.totals).map(p => ({players: [p], points: scores.totals[p]})))
      .map(s => s.players.map(p => who[p]).join(" & ") + " " + s.points).join(", ");  // partners as one side
    return [n.games[i], extras.scores && _("points {sides}", {sides: sides(extras.scores)}),
            extras.tally && _("yellow chips {each}", {each: each(extras.tally.players, t => t.yellow_chips)}),
            pool && pool.counters && _("{counters} left in the pool", {counters: counted(pool.counters)})].filter(Boolean).join(" · ");
  });
  const margins = new CSSStyleSheet();
  const paged = _("page {page} of {pages}").split(/\{(pages?)\}/).map((part, i) => (i % 2 ? `counter(${part})` : part && cssText(part)));
  margins.replaceSync(PRINT + "@page { @top-left { content: " + cssText(n.title + " · " + n.date) + "; } @top-right { content: "
                      + paged.filter(Boolean).join(" ") + "; } }");
  document.adoptedStyleSheets = [margins];
  const sheet = $("#night-sheet") || $("#evening").appendChild(el("section", null, {id: "night-sheet"}));
  const list = (title, items) => [el("h2", title), el("ul", null, {}, ...items.map(item => el("li", item)))];
  const row = (cells, tag = "td") => el("tr", null, {}, ...cells.map(text => el(tag, text)));
  sheet.replaceChildren(
    el("p", [n.date, n_("{n} player", "{n} players", summary.players.length), _("counter {value}", {value: n.money(n.value)})].join(" · ")),
    el("h2", _("Results")),
    el("table", null, {}, el("thead", null, {}, row([_("Player"), _("Counters"), _("Money")], "th")),
       el("tbody", null, {}, ...n.rows.map(r => row([r.name, r.counters, r.money])))),
    ...(n.paid.length ? list(_("Paid"), n.paid) : []),
    ...list(_("Still to pay"), n.owed.length ? n.owed : [n.tab || _("All square.")]),
    ...list(_("Games"), games.length ? games : [_("none")]),
    verified ? el("p", n_("The log: {n} event, head ", "The log: {n} events, head ", verified.events), {class: "foot"}, el("code", verified.head_hash), _(" (ledger verify prints the same)"))
      : el("p", _("The log's head hash: open the evening online and print again to have it."), {class: "foot"}));
  await printed();
  window.print();
}
