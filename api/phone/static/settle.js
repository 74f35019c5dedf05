// Settling up: who owes whom, a transfer of the settlement paid, in whole or in part; a pool
// nobody won shared back; the rest put on the club's tab; the evening's chart. Loaded once
// the first screen is drawn.
import {_, $, button, counted, el, eveningDay, moneyIn, n_, openSheet, signedMoney} from "./core.js";
import {chart} from "./chart.js";
import {ev, names, poolKey, poolName, read, titleOf, view, writer} from "./state.js";
import {enqueue} from "./sync.js";
import {answered, stepper} from "./sheets.js";

export function drawEnd() {
  drawSettlement();
  drawChart();
}

// Who owes whom (each with "Paid…"), the pools to share back, or all square; once carried to
// the club's tab, what went on it; and the payments made.
function drawSettlement() {
  const {settlement, balances} = view, who = names(), money = moneyIn(balances.currency);
  const owes = settlement.transfers.map(t => {
    const item = el("li", _("{from} pays {to} {amount} ({counters})", {from: who[t.from], to: who[t.to], amount: money(t.amount_minor), counters: counted(t.counters)}));
    if (writer()) item.append(button(_("Paid…"), () => askPayment(t), {class: "writer", "data-fact": "payment_made", "aria-label": _("Paid… {from} to {to}", {from: who[t.from], to: who[t.to]})}));
    return item;
  });
  const pools = settlement.unsettled_pools.map(p => {
    const item = el("li", stillIn(p));
    if (writer()) item.append(button(_("Share back…"), () => askRefund(p), {class: "writer", "data-fact": "pool_refunded", "data-key": poolKey(p), "aria-label": _("Share back… {counters} still in {pool}", {counters: counted(p.counters), pool: poolName(p)})}));
    return item;
  });
  const carried = settlement.carried, square = !owes.length && !pools.length;
  const said = carried ? el("li", carriedSaid(carried, who, money), {class: "square"}) : square && el("li", _("All square."), {class: "square"});
  $("#settlement").replaceChildren(...(said ? [said] : [...owes, ...pools]), ...tabChoice(owes.length && !pools.length && !carried));
  const paid = settlement.payments || [];
  $("#h-paid").hidden = !paid.length;
  $("#payments").replaceChildren(...paid.map(p => el("li", paidSaid(who[p.from], who[p.to], money(p.amount_minor)))));
}

// ---- the club's tab: what is still owed at the evening's end put on it, in one tap where
// the evening is in a club (what would be carried shown first); the evening then owes nothing
// in itself, and Undo takes it off the tab again.
const clubOf = {};  // evening id -> its club ({id, name}) or null, asked once a page
// (no template inside a template: the served code's minifier would drop the space between)
const figures = (carried, who, money) => carried.players.map(p => who[p.id] + " " + signedMoney(p.amount_minor, money)).join(", ");
// a pool not yet won and a payment, as this list and the night's results say them
export const stillIn = p => _("{counters} still in {pool}", {counters: counted(p.counters), pool: poolName(p)});
export const paidSaid = (from, to, amount) => _("{from} paid {to} {amount}", {from, to, amount});
const carriedSaid = (carried, who, money) => _("Carried to the club's tab on {day}: {figures}.", {day: eveningDay({date: carried.date, at: carried.at, zone: view.summary.time_zone}, {day: "numeric", month: "long"}), figures: figures(carried, who, money)});

function tabChoice(applies) {
  if (!applies || !writer()) return [];
  const id = ev.id;
  if (!(id in clubOf)) {
    clubOf[id] = null;  // (asked once: an evening in no club offers nothing)
    read("/tab").then(preview => {
      clubOf[id] = preview.club;
      if (preview.club && ev && ev.id === id) drawSettlement();
    }).catch(() => delete clubOf[id]);
  }
  const club = clubOf[ev.id];
  return club ? [el("li", null, {class: "tab"}, button(_("Put the rest on {club}'s tab…", {club: club.name}), askCarry, {class: "writer"}))] : [];
}

// What would go on the tab is read afresh and shown; one tap ("Put it on the tab") carries it
// (one intent, one fact); where it cannot be, the sheet says why and only closes.
async function askCarry() {
  const box = $("#sheet-fields"), ok = $("#sheet-ok");
  let preview = null;
  box.replaceChildren(el("p", "…"));
  openSheet(_("Put the rest on the club's tab"), _("Put it on the tab"), (error, intent) => !preview || preview.refused ||
    answered([enqueue("/events", {type: "carried_to_tab", data: {}}, _("The rest put on the club's tab"), undefined, intent)], $("#sheet-form")));
  ok.disabled = true;  // until what would be carried is shown
  try {
    preview = await read("/tab");
  } catch {
    box.replaceChildren(el("p", _("Putting the evening on the club's tab needs the connection.")));
  } finally {
    ok.disabled = false;
  }
  if (!preview) return void (ok.textContent = _("Close"));
  const money = moneyIn(preview.currency);
  box.replaceChildren(...(preview.refused ? [el("p", preview.refused)] : [
    el("p", _("What is still owed tonight goes on {club}'s tab, each on his member's line:", {club: preview.club.name})),
    el("ul", null, {class: "owes"}, ...preview.players.map(p => el("li", p.amount_minor < 0
      ? _("{member} owes {amount}", {member: p.name, amount: money(-p.amount_minor)}) : _("{member} is owed {amount}", {member: p.name, amount: money(p.amount_minor)})))),
    el("p", _("After this, nothing that moves money is recorded in this evening; Undo takes it off the tab again."), {class: "hint"})]));
  if (preview.refused) ok.textContent = _("Close");
}

// A transfer of the settlement paid, in whole or in part
function askPayment(t) {
  const who = names(), box = $("#sheet-fields");
  box.replaceChildren();
  const amount = stepper(box, _("Counters paid"), t.counters, 1);
  box.append(el("p", _("The whole sum owed is {counters} ({amount}).", {counters: counted(t.counters), amount: moneyIn(view.balances.currency)(t.amount_minor)}), {class: "hint"}));
  openSheet(_("{from} pays {to}", {from: who[t.from], to: who[t.to]}), _("Record the payment"), (error, intent) => {
    const n = amount();
    if (!n || n < 1 || n > t.counters) { error.textContent = _("Between 1 and {counters}.", {counters: counted(t.counters)}); return false; }
    return answered([enqueue("/events", {type: "payment_made", data: {from: t.from, to: t.to, amount: n}},
                             paidSaid(who[t.from], who[t.to], counted(n)), undefined, intent)], $("#sheet-form"));
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
    box.append(el("p", odd.length ? n_("{counters} to share back; the odd counter to {players}.", "{counters} to share back; the odd counters to {players}.", odd.length, {counters: counted(pool.counters), players: odd.join(", ")})
      : _("{counters} to share back.", {counters: counted(pool.counters)}), {class: "hint"}));
  };
  draw({shares: {}});
  const ok = $("#sheet-ok"), ready = () => { ok.disabled = false; };
  ok.disabled = true;  // until the shares the rules give are in (offline: as the table types them)
  read(`/games/${pool.game_id}/refund` + (pool.pool ? "?pool=" + encodeURIComponent(pool.pool) : ""))
    .then(draw).catch(() => {}).finally(ready);
  openSheet(_("Share back {pool}", {pool: poolName(pool)}), _("Record"), (error, intent) => {
    const given = Object.fromEntries(Object.entries(shares).map(([seat, take]) => [seat, take() || 0]).filter(([, n]) => n > 0));
    const total = Object.values(given).reduce((a, b) => a + b, 0);
    if (total !== pool.counters) {
      error.textContent = _("The shares come to {total}; the pool holds {counters}.", {total: counted(total), counters: counted(pool.counters)});
      return false;
    }
    const said = Object.entries(given).map(([seat, n]) => `${who[seat]} ${n}`).join(", ");
    return answered([enqueue("/events", {type: "pool_refunded", game_id: pool.game_id, data: {shares: given, ...(pool.pool ? {pool: pool.pool} : {})}},
                             _("{game} · {pool} shared back: {said}", {game: titleOf(game), pool: poolName(pool), said}), undefined, intent)], $("#sheet-form"));
  });
}

function drawChart() {
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
    const drawn = chart(series, {head: _("After"), at: j => (j ? _("event {n}", {n: j}) : _("start"))});
    $("#chart-svg").replaceChildren(drawn.svg, drawn.legend);
    $("#chart-table").replaceChildren(drawn.table);
  }
  const races = view.summary.games.filter(g => (view.extras[g.id] || {}).scores && view.extras[g.id].scores.deals.length).map(game => {
    const scores = view.extras[game.id].scores, sums = {};
    const race = Object.keys(scores.totals).sort((a, b) => place[a] - place[b]).map(p => ({name: who[p], n: place[p], points: [0, ...scores.deals.map(d => (sums[p] = (sums[p] || 0) + (d.scored[p] || 0)))]}));
    const drawn = chart(race, {head: _("After"), at: j => (j ? _("deal {n}", {n: j}) : _("start"))}, game.options.target);
    return el("figure", null, {}, el("figcaption", _("The race to {target} ({game})", {target: game.options.target, game: titleOf(game)})), drawn.svg, drawn.legend,
              el("details", null, {}, el("summary", _("The same as a table")), drawn.table));
  });
  $("#races").replaceChildren(...races);
}
