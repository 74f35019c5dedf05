// Progressive Poker's card: who sits at each table with his counters, the prizes' holders and
// the last bell's moves. Loaded with the first evening that plays it (cards.js).
import {_, el} from "./core.js";
import {view} from "./state.js";

export function drawTally(tally, who) {
  const tables = Object.fromEntries(view.summary.tables.map(t => [t.id, t.name]));
  const at = id => tables[id] || _("a table"), yet = _("nobody yet");
  const lines = Object.entries(tally.seating).map(([table, seated]) =>
    el("p", _("{table}: {seated}", {table: at(table), seated: seated.map(p => who[p] + " " + tally.players[p].counters).join(", ")}), {class: "meta"}));
  const prizes = tally.prizes;
  lines.push(el("p", _("Most yellow chips: {holder} · booby: {booby}", {holder: who[prizes.most_yellow_chips] || yet, booby: who[prizes.booby] || yet}), {class: "meta"}));
  if (tally.last_round) lines.push(el("p", _("Last bell: {moves}", {moves: tally.last_round.moves.map(m => who[m.player] + " → " + at(m.to)).join(", ")}), {class: "meta"}));
  return lines;
}
