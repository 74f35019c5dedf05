// The night's results to send to the group's chat: a text that reads well there and a card
// (PNG) drawn from the same figures, shared with the Web Share API where the phone has it
// (the card too where it can share files), copied otherwise. Loaded on first use, by the
// evening's page (night.js) and the club's (a season's standings).
import {$, _, el, openSheet} from "./core.js";

function resultsText(n) {
  return [
    `${n.title} — ${n.date}`, "",
    ...n.rows.map(r => `${r.name}: ${r.counters} (${r.money})`), "",
    n.paid && n.paid.length ? _("Paid: {paid}.", {paid: n.paid.join("; ")}) : "",
    n.owed ? (n.owed.length ? _("Still to pay: {owed}.", {owed: n.owed.join("; ")}) : n.tab || _("All square.")) : "",
    n.games.length ? _("Played: {games}.", {games: n.games.join("; ")}) : "",
  ].join("\n").trim();
}

// The card's lines under the results: what is still to pay first, then what is paid, as many
// as fit (ROOM), and how many more the text has.
const ROOM = 12;
function cardLines(n) {
  const owed = n.owed ? (n.owed.length ? n.owed : [n.tab || _("All square.")]) : [], paid = n.paid || [];
  const all = owed.length + paid.length, room = all > ROOM ? ROOM - 1 : all, lines = [];
  let shown = 0;
  for (const [title, items] of [[n.owed && n.owed.length && _("Still to pay"), owed], [_("Paid"), paid]]) {
    const fit = items.slice(0, room - shown);
    if (fit.length) lines.push(...(title ? [{title}] : []), ...fit.map(text => ({text})));
    shown += fit.length;
  }
  if (all > shown) lines.push({text: _("and {n} more — see the text", {n: all - shown})});
  return lines;
}

// The card: light, legible at a chat's thumbnail size, in the phone's own fonts.
function resultsCard(n) {
  const width = 1080, pad = 64, line = 76, font = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
  const below = cardLines(n);
  const height = pad * 2 + 190 + n.rows.length * line + (below.length ? 40 + below.length * 52 : 0);
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
  // the figures' two columns from the right, each as wide as its widest figure; a name has
  // what is left (a long one drawn narrower), never the figures' room
  c.font = `600 48px ${font}`;
  const widest = key => Math.max(0, ...n.rows.map(r => c.measureText(r[key]).width));
  const gap = 40, counted = width - pad - widest("money") - gap;
  const named = Math.max(counted - widest("counters") - gap - pad, 160);
  let y = pad + 190;
  for (const r of n.rows) {
    c.fillStyle = "#1d2a22";
    c.textAlign = "left";
    c.fillText(r.name, pad, y, named);
    c.textAlign = "right";
    c.fillStyle = r.up ? "#1b6b40" : r.down ? "#a42a22" : "#1d2a22";
    c.fillText(r.counters, counted, y);
    c.fillText(r.money, width - pad, y);
    y += line;
  }
  c.textAlign = "left";
  c.fillStyle = "#4f5a52";
  for (const {title, text} of below) {
    y += 52;
    c.font = `${title ? 600 : 400} 36px ${font}`;
    c.fillText(title || text, pad, y - 12, width - 2 * pad);
  }
  return new Promise(done => canvas.toBlob(blob => done(blob && new File([blob], "results.png", {type: "image/png"})), "image/png"));
}

// Any figures shaped as night() makes them (a club's season too, club.js): shared or copied.
export async function shareFigures(n) {
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
    alert(_("The results are copied: paste them in the chat."));
  } catch {  // no clipboard (plain http): the text to copy by hand
    const box = el("textarea", text, {rows: "10", readonly: "", "aria-label": _("The results")});
    $("#sheet-fields").replaceChildren(box);
    openSheet(_("The night's results"), _("Done"), () => true);
    box.select();
  }
}

