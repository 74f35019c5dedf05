// The log in words, newest first; a tap undoes an event (with a reason).
import {_, LANG, $, button, el, openSheet} from "./core.js";
import {SETUP, view, writer} from "./state.js";
import {enqueue, flush, outbox, saveOutbox} from "./sync.js";

// what each event did, in words, is the service's (`said`): the log here only lays it out
const voidedOf = () => Object.fromEntries(view.events.filter(e => e.type === "event_voided").map(e => [e.data.event_id, e.data.reason]));
const told = e => e.said || e.type.replace(/_/g, " ");

// Undo is offered only when there is something to undo
export function drawUndo(items = outbox()) {
  $("#undo").hidden = !items.some(i => !i.look) && !lastUndoable(voidedOf());
}

export function drawLog() {
  const voided = voidedOf();
  $("#undo").hidden = !outbox().some(i => !i.look) && !lastUndoable(voided);
  const list = $("#log");
  const items = [...view.events].reverse().slice(0, 200).map(e => {
    const item = el("li");
    const time = el("time", new Date(e.recorded_at).toLocaleTimeString(LANG, {hour: "2-digit", minute: "2-digit"}), {datetime: e.recorded_at});
    const text = el(e.id in voided ? "s" : "span", told(e));
    item.append(time, " ", text);
    if (e.id in voided) item.append(el("span", " — " + _("undone: {reason}", {reason: voided[e.id]}), {class: "hint"}));
    else if (writer() && !SETUP.includes(e.type)) item.append(button(_("Undo…"), () => askUndo(e, told(e)), {class: "small", "aria-label": _("Undo: {what}", {what: told(e)})}));
    return item;
  });
  list.replaceChildren(...items);
}

function askUndo(e, text) {
  const reason = el("input", null, {maxlength: "200", value: _("recorded by mistake")});
  $("#sheet-fields").replaceChildren(el("p", text), el("label", _("Why"), {}, reason));
  openSheet(_("Undo this?"), _("Undo it"), () => {  // one undo of an event, however often tapped
    enqueue("/events", {type: "event_voided", data: {event_id: e.id, reason: reason.value.trim() || _("recorded by mistake")}}, _("Undo: {what}", {what: text}), undefined, `undo:${e.id}`);
    return true;
  });
}

export function undoLast() {
  const waiting = outbox().filter(i => !i.look);
  if (waiting.length && !flush.busy) {  // not yet sent: take it back from the outbox
    const last = waiting[waiting.length - 1];
    if (confirm(_("Take back: {what}?", {what: last.words}))) saveOutbox(outbox().filter(i => i.body.id !== last.body.id));
    return;
  }
  const last = lastUndoable(voidedOf());
  if (last) askUndo(last, told(last));
  else alert(_("Nothing to undo yet."));
}

export const lastUndoable = voided => [...view.events].reverse().find(e => !SETUP.includes(e.type) && !(e.id in voided));
