// The log in words, newest first; a tap undoes an event (with a reason).
import {$, button, el, moneyIn, openSheet, signed} from "./core.js";
import {names, SETUP, SPECS, titleOf, UNKNOWN, view, writer} from "./state.js";
import {enqueue, flush, outbox, saveOutbox} from "./sync.js";

export function described() {
  const who = names(), games = Object.fromEntries(view.summary.games.map(g => [g.id, g]));
  const voided = {}, deals = {}, out = {};
  for (const e of view.events) if (e.type === "event_voided") voided[e.data.event_id] = e.data.reason;
  const money = moneyIn(view.balances.currency), value = view.summary.counter_value;
  for (const e of view.events) {
    const game = games[e.game_id];
    let text;
    if (e.type === "session_created") text = `The evening opened: ${e.data.name}`;
    else if (e.type === "player_added") text = `${e.data.name} joined`;
    else if (e.type === "table_added") text = `Table ${e.data.name} set up`;
    else if (e.type === "game_started") text = `${titleOf(e.data)} started, stake ${e.data.stake}`;
    else if (e.type === "event_voided") text = `Undone: ${out[e.data.event_id] || "an event"} (${e.data.reason})`;
    else if (e.type === "payment_made") text = `${who[e.data.from]} paid ${who[e.data.to]} ${money(e.data.amount * value)}`;
    else {
      const spec = game && (SPECS[game.kind] || UNKNOWN).buttons.find(b => b.type === e.type);
      const label = spec ? spec.label : e.type.replace(/_/g, " ");
      if (e.type === "deal_started" && !(e.id in voided)) deals[e.game_id] = (deals[e.game_id] || 0) + 1;
      const deal = deals[e.game_id] ? `Deal ${deals[e.game_id]} · ` : "";
      text = e.type === "deal_started" ? `${deal}${who[e.data.dealer] || "the next dealer"} dealt` : `${deal}${label}`;
      const flow = movement(e.postings, who);
      if (flow) text += ` · ${flow}`;
      if (game) text = `${titleOf(game)} · ${text}`;
    }
    out[e.id] = text;
  }
  return {out, voided};
}

function movement(postings, who) {
  const name = account => (account.startsWith("player:") ? who[account.slice(7)] : "the pool");
  const give = postings.filter(p => p.amount < 0), take = postings.filter(p => p.amount > 0);
  if (give.length === 1 && take.length === 1) return `${name(give[0].account)} paid ${name(take[0].account)} ${take[0].amount}`;
  return postings.map(p => `${name(p.account)} ${signed(p.amount)}`).join(", ");
}

// Undo is offered only when there is something to undo
export function drawUndo(items = outbox()) {
  $("#undo").hidden = !items.some(i => !i.look) && !lastUndoable(described().voided);
}

export function drawLog() {
  const {out, voided} = described();
  $("#undo").hidden = !outbox().some(i => !i.look) && !lastUndoable(voided);
  const list = $("#log");
  const items = [...view.events].reverse().slice(0, 200).map(e => {
    const item = el("li");
    const time = el("time", new Date(e.recorded_at).toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"}), {datetime: e.recorded_at});
    const text = el(e.id in voided ? "s" : "span", out[e.id]);
    item.append(time, " ", text);
    if (e.id in voided) item.append(el("span", ` — undone: ${voided[e.id]}`, {class: "hint"}));
    else if (writer() && !SETUP.includes(e.type)) item.append(button("Undo…", () => askUndo(e, out[e.id]), {class: "small", "aria-label": `Undo: ${out[e.id]}`}));
    return item;
  });
  list.replaceChildren(...items);
}

function askUndo(e, text) {
  const reason = el("input", null, {maxlength: "200", value: "recorded by mistake"});
  $("#sheet-fields").replaceChildren(el("p", text), el("label", "Why", {}, reason));
  openSheet("Undo this?", "Undo it", () => {
    enqueue("/events", {type: "event_voided", data: {event_id: e.id, reason: reason.value.trim() || "recorded by mistake"}}, `Undo: ${text}`);
    return true;
  });
}

export function undoLast() {
  const waiting = outbox().filter(i => !i.look);
  if (waiting.length && !flush.busy) {  // not yet sent: take it back from the outbox
    const last = waiting[waiting.length - 1];
    if (confirm(`Take back: ${last.words}?`)) saveOutbox(outbox().filter(i => i.body.id !== last.body.id));
    return;
  }
  const {out, voided} = described();
  const last = lastUndoable(voided);
  if (last) askUndo(last, out[last.id]);
  else alert("Nothing to undo yet.");
}

export const lastUndoable = voided => [...view.events].reverse().find(e => !SETUP.includes(e.type) && !(e.id in voided));
