// A refusal shown on the sheet it was typed on, loaded on the first one (the service worker
// keeps it for a refusal offline).
import {_, $, el, uuid} from "./core.js";
import {plain, tableWords} from "./state.js";

// A refusal shown on the sheet: in the table's words, beside the field at fault (marked, and
// focused), or at the sheet's foot; announced (role=alert), and cleared by the next try.
export function refused(sheet, problem) {
  const errors = Object.entries(problem.errors || {});
  const faults = errors.map(([path, messages]) => [path.split(".").filter(p => p !== "data"),
    errors.length === 1 && problem.detail ? tableWords(problem.detail) : messages.map(tableWords).join(" ")]);
  let first = null, firstSaid = null;
  for (const [parts, message] of faults) {
    // the field named, or the sheet's field it is part of (`compartments.king`, `counts.<id>`);
    // a thing of the "who took what" group is asked again, its names shown
    const named = parts.map((part, i) => parts.slice(0, parts.length - i).join(".")).find(n =>
      sheet.querySelector(`[data-field="${CSS.escape(n)}"], [data-thing="${CSS.escape(n)}"]`));
    if (!named) continue;
    sheet.querySelector(`[data-thing="${CSS.escape(named)}"]`)?.click();
    const slot = sheet.querySelector(`[data-field="${CSS.escape(named)}"]`), name = named;
    if (!slot) continue;
    const note = el("p", message, {class: "fault error", id: `fault-${uuid().slice(0, 8)}`, "data-for": name});
    const legend = slot.tagName === "FIELDSET" && slot.querySelector(":scope > legend");
    if (legend) { legend.after(note); slot.classList.add("faulty"); }  // a group: under its words
    else slot.prepend(note);  // above the field
    for (const field of slot.querySelectorAll("input, button")) {
      if (field.tagName === "INPUT") field.setAttribute("aria-invalid", "true");
      field.setAttribute("aria-describedby", note.id);
    }
    if (!first) [first, firstSaid] = [slot, message];
  }
  const error = sheet.querySelector(".error[role=alert]") || $("#sheet-error");
  error.textContent = first ? _("Not recorded: {field} — {said}", {field: first.dataset.label, said: firstSaid})
                            : _("Not recorded: {said}", {said: plain(problem)});
  requestAnimationFrame(() => {  // after the card is drawn again with the sheet in it
    const target = (first && first.querySelector("input, button")) || error;
    if (target === error) error.setAttribute("tabindex", "-1");
    target.focus({preventScroll: true});
    (first ? sheet.querySelector(".fault") : error).scrollIntoView({block: "center"});
  });
}

