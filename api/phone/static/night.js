// What the night comes to, from the page's last known state (so it works offline too): shared
// as text and a card (share.js), or printed as the night sheet. Loaded on first use.
import {$, counted, el, moneyIn, signed, signedMoney} from "./core.js";
import {labelled, names, poolName, read, view} from "./state.js";
import {ended} from "./cards.js";
import {shareFigures} from "./share.js";

// What the night comes to, in figures: winners first.
function night() {
  const {summary, balances, settlement} = view, who = names(), money = moneyIn(balances.currency);
  const date = new Date(summary.created_at).toLocaleDateString(undefined,
    {weekday: "long", day: "numeric", month: "long", year: "numeric"});
  const players = [...balances.players].sort((a, b) => b.result_counters - a.result_counters || a.name.localeCompare(b.name));
  const label = labelled();
  const games = summary.games.map(game => {
    const dealt = (game.due || {}).deal, over = ended(game);
    const deals = dealt ? `${dealt} ${dealt === 1 ? "deal" : "deals"}` : "";
    return [label[game.id], over ? over.replace(/^won by (.+?) (\d)/, "$1 won $2") : deals].filter(Boolean).join(", ");
  });
  const owed = settlement.transfers.map(t => `${who[t.from]} pays ${who[t.to]} ${money(t.amount_minor)}`);
  const pools = settlement.unsettled_pools.map(p => `${counted(p.counters)} still in ${poolName(p)}`);
  return {title: summary.name, date, money, games, owed: [...owed, ...pools],
          rows: players.map(p => ({name: p.name, counters: signed(p.result_counters),
                                   money: signedMoney(p.result_minor, money), up: p.result_counters > 0,
                                   down: p.result_counters < 0}))};
}

export const shareResults = () => shareFigures(night());

// The night sheet: a print view of the evening for the club's book (print stylesheet only),
// on one A4 page for a usual evening; at its foot the log's length and head hash, which
// `ledger verify` prints too, so that the paper can later be checked against the log.
export async function printSheet() {
  let verified = null;
  try {
    verified = await read("/verify");
  } catch {
    // offline: the sheet says the hash is to be noted once online
  }
  const n = night(), who = names(), money = n.money;
  const paid = (view.settlement.payments || []).map(p => `${who[p.from]} paid ${who[p.to]} ${money(p.amount_minor)}`);
  const games = view.summary.games.map(game => {
    const line = n.games[view.summary.games.indexOf(game)], extras = view.extras[game.id] || {};
    const pool = view.pools.pools.find(p => p.game_id === game.id);
    const seated = figures => game.seats.filter(p => p in figures);  // in seat order, as the game's card
    const each = (figures, figure) => seated(figures).map(p => who[p] + " " + figure(figures[p])).join(", ");
    return [line, extras.scores && "points " + each(extras.scores.totals, n => n),
            extras.tally && "yellow chips " + each(extras.tally.players, t => t.yellow_chips),
            pool && pool.counters && counted(pool.counters) + " left in the pool"].filter(Boolean).join(" · ");
  });
  const sheet = $("#night-sheet") || $("#evening").appendChild(el("section", null, {id: "night-sheet"}));
  const list = (title, items) => [el("h2", title), el("ul", null, {}, ...items.map(item => el("li", item)))];
  sheet.replaceChildren(
    el("p", `${n.date} · ${view.summary.players.length} players · counter ${money(view.balances.counter_value)}`),
    ...list("Games", games.length ? games : ["none"]),
    ...list("Still to pay", n.owed.length ? n.owed : ["All square."]),
    ...(paid.length ? list("Paid", paid) : []),
    verified ? el("p", `The log: ${verified.events} events, head `, {class: "foot"}, el("code", verified.head_hash), " (ledger verify prints the same)")
      : el("p", "The log's head hash: open the evening online and print again to have it.", {class: "foot"}));
  window.print();
}
