// A reader's page (the table's read-only link) says so plainly, and how to record too; over
// plain http (the guests' link) it offers, never forces, setting the phone up for the secure
// link: the trust page keeps the evening's fragment and ends on it. Loaded by phone.js for
// a read-only evening.
import {_, $, el} from "./core.js";
import {ev, writer} from "./state.js";

export function show() {
  $("#watching")?.remove();
  if (!ev || writer()) return;  // another evening was opened meanwhile
  const note = el("section", null, {id: "watching", class: "look", "aria-label": _("Read only")},
    el("p", _("Read only: this phone shows the evening as it is recorded, and records nothing.")),
    el("p", _("To record too, ask a recorder for the recorders' link: Share this evening → Link for recorders.")));
  if (!isSecureContext && document.documentElement.dataset.secure) {
    const evening = `#s=${encodeURIComponent(ev.id)}&r=${encodeURIComponent(ev.read)}`;
    note.append(el("a", _("Set up this phone for the secure link (once)"), {id: "set-up", href: `/trust${evening}`}));
  }
  $("#evening").prepend(note);
}
