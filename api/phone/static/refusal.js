// A refusal shown on the sheet it was typed on, loaded on the first one (the service worker
// keeps it for a refusal offline).
import {$, el, uuid} from "./core.js";
import {plain, tableWords} from "./state.js";

// A refusal shown on the sheet: in the table's words, beside the field at fault (marked, and
// focused), or at the sheet's foot; announced (role=alert), and cleared by the next try.
export function refused(sheet, problem) {
  const labels = Object.fromEntries([...sheet.querySelectorAll("[data-field]")].map(f => [f.dataset.field, f.dataset.label]));
  const errors = Object.entries(problem.errors || {});
  const faults = errors.map(([path, messages]) => [path.split(".").filter(p => p !== "data")[0],
    errors.length === 1 && problem.detail ? tableWords(problem.detail) : messages.map(tableWords).join(" ")]);
  let first = null, firstSaid = null;
  for (const [name, message] of faults) {
    const slot = sheet.querySelector(`[data-field="${CSS.escape(name)}"]`);
    if (!slot) continue;
    const row = slot.tagName === "TR";  // a grid's row: the note above the grid, naming the row
    const note = el("p", row ? `${slot.dataset.label}: ${message}` : message, {class: "fault error", id: `fault-${uuid().slice(0, 8)}`, "data-for": name});
    if (row) { slot.closest(".scroll").before(note); slot.classList.add("faulty"); }
    else slot.prepend(note);  // above the field, which may be a tall grid
    for (const field of slot.querySelectorAll("input, button")) {
      if (field.tagName === "INPUT") field.setAttribute("aria-invalid", "true");
      field.setAttribute("aria-describedby", note.id);
    }
    if (!first) [first, firstSaid] = [slot, message];
  }
  const error = sheet.querySelector(".error[role=alert]") || $("#sheet-error");
  error.textContent = first ? `Not recorded: ${labels[first.dataset.field]} — ${firstSaid}`
                            : `Not recorded: ${plain(problem)}`;
  requestAnimationFrame(() => {  // after the card is drawn again with the sheet in it
    const target = (first && first.querySelector("input, button")) || error;
    if (target === error) error.setAttribute("tabindex", "-1");
    target.focus({preventScroll: true});
    (first ? sheet.querySelector(".fault") : error).scrollIntoView({block: "center"});
  });
}

