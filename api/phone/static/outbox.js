// What waits on the evening's page: facts pending (not yet in the totals) and refusals kept for
// a decision (recorded anyway, or discarded). Loaded once the page has drawn (draw.js).
import {$, _, button, el, steady} from "./core.js";
import {ev, keptSheets, SPECS, UNKNOWN, view} from "./state.js";
import {outbox, recordAnyway, saveOutbox} from "./sync.js";

const SOON_MS = 1500;

export function drawOutbox() {
  if (!ev) return;  // items queued by an earlier version of the page carry no words: their type
  const items = outbox().map(i => ({...i, words: i.words || (i.body.type || i.path.slice(1)).replace(/_/g, " ")}));
  const box = $("#attention");
  // a fact is listed as pending once it has waited a moment (offline, at once): one the service
  // answers as it is tapped never flashes a list above the games, which moved them
  const now = Date.now(), young = i => navigator.onLine && i.at && now - i.at < SOON_MS;
  const pending = items.filter(i => !i.look && !young(i));
  const soon = items.filter(i => !i.look && young(i)).map(i => i.at + SOON_MS - now);
  clearTimeout(drawOutbox.later);
  if (soon.length) drawOutbox.later = setTimeout(() => steady(drawOutbox), Math.min(...soon));
  // a refusal kept for a sheet on the page is shown on that sheet, as typed, not here
  const rows = items.filter(i => i.look && !(i.sheet && keptSheets.has(i.sheet))).map(item => {
    const actions = el("div", null, {class: "row"});
    // A start of a deal that another phone already started, recorded anyway, would start the
    // next deal with the same dealer again and take the antes twice; a fact of a deal's play or
    // outcome (a purchase from its dealer, a stand) means nothing in another: only discarded.
    const game = view.summary.games.find(g => g.id === item.body.game_id);
    const ofDeal = game && (SPECS[game.kind] || UNKNOWN).buttons.some(b => b.type === item.body.type && b.in_deal);
    if (item.look.moved && item.body.type !== "deal_started" && !ofDeal) actions.append(button(_("Record anyway"), () => recordAnyway(item.body.id)));
    actions.append(button(item.look.moved ? _("Discard") : _("Dismiss"), () => saveOutbox(outbox().filter(i => i.body.id !== item.body.id))));
    return el("div", null, {class: "look", role: "group", "aria-label": _("Not recorded")}, el("p", _("Nothing was recorded: {what}.", {what: item.words})), el("p", item.look.reason), actions);
  });
  if (pending.length) {
    rows.unshift(el("ul", null, {class: "pending-list", "aria-label": _("Pending, not yet in the totals")}, ...pending.map(i => el("li", _("Pending: {what}", {what: i.words})))));
  }
  box.replaceChildren(...rows);
}

// The outbox changed: what waits, the card (a pending deal moves it on), the status, Undo
