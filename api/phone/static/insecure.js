// The notice of a page opened where the browser withholds its powers (core.js keepOffline):
// said once on this phone, with the way to the secure link.
import {$, _, button, el, keep} from "./core.js";

// (not on the table's read-only link over plain http, data-secure: a reader's note offers the
// secure link there, watching.js, and a guest needs none of what it would bring)
if (!$("#insecure") && !keep.get("insecure-seen") && !document.documentElement.dataset.secure) {
  const why = {http: _("This page was opened over plain http."),
               untrusted: _("This phone does not trust the table's certificate yet.")}[document.documentElement.dataset.insecure];
  const without = _("Without the secure link this phone cannot open the evening without a connection, keep the screen awake, or copy links.");
  const note = el("section", null, {id: "insecure", class: "look", "aria-label": _("Not the secure link")},
    el("p", why + " " + without),
    el("a", _("Set up this phone for the secure link (once)"), {href: "/trust"}),
    button(_("Understood"), () => { keep.set("insecure-seen", 1); note.remove(); }, {class: "small"}));
  $("main").prepend(note);
}
