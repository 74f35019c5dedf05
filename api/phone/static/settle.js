// Settling up: a transfer of the settlement paid, in whole or in part; a pool nobody won
// shared back; the evening's chart.
import {$, chart, counted, el, moneyIn, openSheet} from "./core.js";
import {names, poolName, read, titleOf, view} from "./state.js";
import {enqueue} from "./sync.js";
import {answered, stepper} from "./sheets.js";

// A transfer of the settlement paid, in whole or in part
export function askPayment(t) {
  const who = names(), box = $("#sheet-fields");
  box.replaceChildren();
  const amount = stepper(box, "Counters paid", t.counters, 1);
  box.append(el("p", `The whole sum owed is ${counted(t.counters)} (${moneyIn(view.balances.currency)(t.amount_minor)}).`, {class: "hint"}));
  openSheet(`${who[t.from]} pays ${who[t.to]}`, "Record the payment", (error, intent) => {
    const n = amount();
    if (!n || n < 1 || n > t.counters) { error.textContent = `Between 1 and ${counted(t.counters)}.`; return false; }
    return answered([enqueue("/events", {type: "payment_made", data: {from: t.from, to: t.to, amount: n}},
                             `${who[t.from]} paid ${who[t.to]} ${counted(n)}`, undefined, intent)], $("#sheet-form"));
  });
}

// A pool nobody won is shared back before the evening can be all square: by default to those
// who put it there, each his share (the service works it out from the log), as the table
// agrees (every figure can be changed); recorded as `pool_refunded`.
export function askRefund(pool) {
  const game = view.summary.games.find(g => g.id === pool.game_id), who = names();
  const box = $("#sheet-fields"), shares = {};
  const draw = model => {
    box.replaceChildren();
    for (const seat of game.seats) shares[seat] = stepper(box, who[seat], model.shares[seat] || 0, 0);
    const odd = (model.odd || []).map(p => who[p]);
    box.append(el("p", `${counted(pool.counters)} to share back` + (odd.length ? `; the odd counter${odd.length > 1 ? "s" : ""} to ${odd.join(", ")}.` : "."), {class: "hint"}));
  };
  draw({shares: {}});
  const ok = $("#sheet-ok"), ready = () => { ok.disabled = false; };
  ok.disabled = true;  // until the shares the rules give are in (offline: as the table types them)
  read(`/games/${pool.game_id}/refund` + (pool.pool ? "?pool=" + encodeURIComponent(pool.pool) : ""))
    .then(draw).catch(() => {}).finally(ready);
  openSheet(`Share back ${poolName(pool)}`, "Record", (error, intent) => {
    const given = Object.fromEntries(Object.entries(shares).map(([seat, take]) => [seat, take() || 0]).filter(([, n]) => n > 0));
    const total = Object.values(given).reduce((a, b) => a + b, 0);
    if (total !== pool.counters) {
      error.textContent = `The shares come to ${counted(total)}; the pool holds ${counted(pool.counters)}.`;
      return false;
    }
    const said = Object.entries(given).map(([seat, n]) => `${who[seat]} ${n}`).join(", ");
    return answered([enqueue("/events", {type: "pool_refunded", game_id: pool.game_id, data: {shares: given, ...(pool.pool ? {pool: pool.pool} : {})}},
                             `${titleOf(game)} · ${poolName(pool)} shared back: ${said}`, undefined, intent)], $("#sheet-form"));
  });
}

export function drawChart() {
  const who = names(), running = Object.fromEntries(view.summary.players.map(p => [p.id, 0]));
  const points = Object.fromEntries(Object.keys(running).map(id => [id, [0]]));
  for (const e of view.events) {
    const moved = e.postings.filter(p => p.account.startsWith("player:") && p.account.slice(7) in running);
    if (!moved.length) continue;
    for (const p of moved) running[p.account.slice(7)] += p.amount;
    for (const id in running) points[id].push(running[id]);
  }
  const place = Object.fromEntries(view.summary.players.map((p, n) => [p.id, n]));  // each player's colour in every chart
  const series = Object.entries(points).map(([id, pts]) => ({name: who[id], points: pts, n: place[id]}));
  const figure = $("#chart");
  figure.hidden = !series.length || series[0].points.length < 2;
  if (!figure.hidden) {
    const drawn = chart(series, {head: "After", at: j => (j ? `event ${j}` : "start")});
    $("#chart-svg").replaceChildren(drawn.svg, drawn.legend);
    $("#chart-table").replaceChildren(drawn.table);
  }
  const races = view.summary.games.filter(g => (view.extras[g.id] || {}).scores && view.extras[g.id].scores.deals.length).map(game => {
    const scores = view.extras[game.id].scores, sums = {};
    const race = Object.keys(scores.totals).sort((a, b) => place[a] - place[b]).map(p => ({name: who[p], n: place[p], points: [0, ...scores.deals.map(d => (sums[p] = (sums[p] || 0) + (d.scored[p] || 0)))]}));
    const drawn = chart(race, {head: "After", at: j => (j ? `deal ${j}` : "start")}, game.options.target);
    return el("figure", null, {}, el("figcaption", `The race to ${game.options.target} (${titleOf(game)})`), drawn.svg, drawn.legend,
              el("details", null, {}, el("summary", "The same as a table"), drawn.table));
  });
  $("#races").replaceChildren(...races);
}
