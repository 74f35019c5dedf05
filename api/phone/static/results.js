// The night's results to send to the group's chat: a text that reads well there and a card
// (PNG) drawn from the same figures, shared with the Web Share API where the phone has it
// (the card too where it can share files), copied otherwise. Loaded by the evening's page on
// first use (phone.js); it reads the page's last known state, so it works offline too.
"use strict";

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

function resultsText(n) {
  return [
    `${n.title} — ${n.date}`, "",
    ...n.rows.map(r => `${r.name}: ${r.counters} (${r.money})`), "",
    n.owed ? (n.owed.length ? `Still to pay: ${n.owed.join("; ")}.` : "All square.") : "",
    n.games.length ? `Played: ${n.games.join("; ")}.` : "",
  ].join("\n").trim();
}

// The card: light, legible at a chat's thumbnail size, in the phone's own fonts.
function resultsCard(n) {
  const width = 1080, pad = 64, line = 76, font = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
  const owed = n.owed || [];
  const height = pad * 2 + 190 + n.rows.length * line + (owed.length ? 40 + Math.min(owed.length, 6) * 52 : 0);
  const canvas = el("canvas", null, {width, height});
  const c = canvas.getContext("2d");
  c.fillStyle = "#fbf8f1";
  c.fillRect(0, 0, width, height);
  c.fillStyle = "#1f5f3a";
  c.fillRect(0, 0, width, 18);
  c.fillStyle = "#1d2a22";
  c.font = `700 64px ${font}`;
  c.fillText(n.title, pad, pad + 60, width - 2 * pad);
  c.font = `400 36px ${font}`;
  c.fillStyle = "#4f5a52";
  c.fillText(n.date, pad, pad + 112, width - 2 * pad);  // (a season: its name and dates)
  let y = pad + 190;
  for (const r of n.rows) {
    c.font = `600 48px ${font}`;
    c.fillStyle = "#1d2a22";
    c.textAlign = "left";
    c.fillText(r.name, pad, y, 520);
    c.textAlign = "right";
    c.fillStyle = r.up ? "#1b6b40" : r.down ? "#a42a22" : "#1d2a22";
    c.fillText(r.counters, width - pad - 300, y);
    c.fillText(r.money, width - pad, y);
    y += line;
  }
  c.textAlign = "left";
  c.font = `400 36px ${font}`;
  c.fillStyle = "#4f5a52";
  for (const text of owed.slice(0, 6)) {
    y += 52;
    c.fillText(text, pad, y - 12, width - 2 * pad);
  }
  return new Promise(done => canvas.toBlob(blob => done(blob && new File([blob], "results.png", {type: "image/png"})), "image/png"));
}

const shareResults = () => shareFigures(night());

// Any figures shaped as night() makes them (a club's season too, club.js): shared or copied.
async function shareFigures(n) {
  const text = resultsText(n), card = await resultsCard(n);
  const data = {title: n.title, text};
  if (card && navigator.canShare && navigator.canShare({files: [card]})) data.files = [card];
  if (navigator.share) {
    try {
      return await navigator.share(data);
    } catch (problem) {
      if (problem.name === "AbortError") return;  // the recorder changed his mind
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    alert("The results are copied: paste them in the chat.");
  } catch {  // no clipboard (plain http): the text to copy by hand
    const box = el("textarea", text, {rows: "10", readonly: "", "aria-label": "The results"});
    $("#sheet-fields").replaceChildren(box);
    openSheet("The night's results", "Done", () => true);
    box.select();
  }
}

// The night sheet: a print view of the evening for the club's book (print stylesheet only),
// on one A4 page for a usual evening; at its foot the log's length and head hash, which
// `ledger verify` prints too, so that the paper can later be checked against the log.
async function printSheet() {
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
    const points = extras.scores ? ` · points ${seated(extras.scores.totals).map(p => `${who[p]} ${extras.scores.totals[p]}`).join(", ")}` : "";
    const chips = extras.tally ? ` · yellow chips ${seated(extras.tally.players).map(p => `${who[p]} ${extras.tally.players[p].yellow_chips}`).join(", ")}` : "";
    return `${line}${points}${chips}${pool && pool.counters ? ` · ${counted(pool.counters)} left in the pool` : ""}`;
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
