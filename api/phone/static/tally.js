// Progressive Poker's card: who sits at each table with his counters, the prizes' holders and
// the last bell's moves. Loaded with the first evening that plays it (cards.js).
import {el} from "./core.js";
import {view} from "./state.js";

export function drawTally(tally, who) {
  const tables = Object.fromEntries(view.summary.tables.map(t => [t.id, t.name]));
  const lines = Object.entries(tally.seating).map(([table, seated]) =>
    el("p", `${tables[table] || "a table"}: ${seated.map(p => who[p] + " " + tally.players[p].counters).join(", ")}`, {class: "meta"}));
  const prizes = tally.prizes;
  lines.push(el("p", `Most yellow chips: ${prizes.most_yellow_chips ? who[prizes.most_yellow_chips] : "nobody yet"} · booby: ${who[prizes.booby] || "nobody yet"}`, {class: "meta"}));
  if (tally.last_round) lines.push(el("p", `Last bell: ${tally.last_round.moves.map(m => who[m.player] + " → " + (tables[m.to] || "a table")).join(", ")}`, {class: "meta"}));
  return lines;
}
