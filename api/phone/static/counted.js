// A whole deal counted in full (Cassino's cards, spades, aces…): a group a player, a box
// a kind of card, with running totals, and the deal refused here unless it adds up.
// Loaded when its sheet is asked for (sheets.js `ask`); the service worker keeps it offline.
import {_, el} from "./core.js";
import {names} from "./state.js";

// a kind of card in the table's words (the catalogue's `choice_labels`), else its own name
const words = (f, key) => f.choice_labels?.[key] ?? key.replace(/_/g, " ");

// A group a player (his name whole, however long), a box a kind of card; the last player's
// boxes fill themselves with what remains of a whole deal once the others' counts are being
// typed, each kind of card until the recorder types in it.
export function wholeDeal(box, game, f, seated) {
  const who = names(), keys = f.choices, totals = f.totals && f.totals[String(game.options[f.totals_option])];
  const set = el("fieldset", null, {class: "counts"}), inputs = {};
  set.append(el("legend", f.label));
  const last = seated[seated.length - 1], ends = {};
  const remains = () => {
    for (const key in ends) ends[key].value = Math.max(0, seated.reduce((left, s) => left - (s === last ? 0 : inputs[s][key]() || 0), totals[key]));
  };
  for (const seat of seated) {
    inputs[seat] = {};
    const group = el("fieldset", null, {class: "chips", "data-seat": seat});
    group.append(el("legend", who[seat]));
    for (const key of keys) {
      const cell = el("input", null, {type: "number", min: "0", value: "0", inputmode: "numeric", "aria-label": `${who[seat]}: ${words(f, key)}`});
      inputs[seat][key] = () => (cell.value === "" ? undefined : Number(cell.value));
      if (seat !== last) cell.addEventListener("input", remains);
      else if (totals && key in totals) {
        ends[key] = cell;
        cell.addEventListener("input", () => delete ends[key]);
      }
      group.append(el("label", null, {class: "number"}, el("span", words(f, key)), cell));
    }
    set.append(group);
  }
  remains();  // the last player holds the whole deal until the others' counts are typed
  if (totals) {  // running totals, ticked when a kind of card is all counted
    set.append(el("p", _("{player}'s counts are what remains, until typed in.", {player: who[last]}), {class: "hint"}));
    const line = el("p", null, {class: "totals", "aria-live": "polite"});
    const show = () => {
      line.textContent = keys.filter(key => key in totals).map(key => {
        const sum = seated.reduce((total, s) => total + (inputs[s][key]() || 0), 0);
        return `${words(f, key)} ${sum}/${totals[key]}${sum === totals[key] ? " ✓" : ""}`;
      }).join(" · ");
    };
    set.addEventListener("input", show);
    show();
    set.append(line);
  }
  box.append(set);
  return () => Object.fromEntries(seated.map(seat => [seat, Object.fromEntries(keys.map(k => [k, inputs[seat][k]() || 0]))]));
}

export function checkTotals(f, game, counted) {  // the deal must add up before it is sent
  const totals = f.totals[String(game.options[f.totals_option])], who = names();
  for (const [key, whole] of Object.entries(totals)) {
    const sum = Object.values(counted).reduce((s, c) => s + c[key], 0);
    if (sum !== whole) throw new Error(_("The {kind} come to {sum}; a whole deal has {whole}. Nothing was sent.", {kind: words(f, key), sum, whole}));
  }
  for (const [seat, c] of Object.entries(counted)) {
    if (c.spades > c.cards || c.aces > c.cards) throw new Error(_("{player} has more spades or aces than cards. Nothing was sent.", {player: who[seat]}));
  }
}
