// The club's tab on its page: per currency, what each member owes or is owed across the
// evenings carried to it, the fewest payments that settle it (each recorded by a tap: the
// amount shown, editable for a part payment, then confirmed), what is on it, newest first,
// and a member's statement; shared as text and card, printed as a sheet, downloaded. Loaded
// by the club's page once it has drawn its standings (it imports the page's entry).
import {LANG, $, _, button, el, eveningDay, moneyIn, openSheet, signedMoney} from "./core.js";
import {DAY, act, ask, club, download, fact, seen} from "./club.js";

const digitsOf = currency => new Intl.NumberFormat(LANG, {style: "currency", currency}).resolvedOptions().maximumFractionDigits;
const names = () => Object.fromEntries(seen.summary.members.map(m => [m.id, m.name]));
const day = at => new Date(at).toLocaleDateString(LANG, DAY);
// an evening carried: the day its own page says it was carried on (its time zone's); the
// rest, the club's own payments, on the phone's day
const entryDay = e => (e.carried_on ? eveningDay({date: e.carried_on}, DAY) : day(e.at));
const standing = (minor, money) => (minor < 0 ? _("owes {amount}", {amount: money(-minor)}) : minor > 0 ? _("is owed {amount}", {amount: money(minor)}) : _("square"));

const paying = (who, t, money) => _("{from} pays {to} {amount}", {from: who[t.from], to: who[t.to], amount: money(t.amount_minor)});

export function drawTab() {
  const tabs = (seen.tab || {currencies: []}).currencies, who = names();
  $("#tab-files").hidden = $("#share-tab").hidden = !tabs.length;
  $("#tab").replaceChildren(...(tabs.length ? tabs.flatMap(tab => drawCurrency(tab, who))
    : [el("p", _("Nothing is on the tab yet: at an evening's end, what is still owed can be put on it."), {class: "hint"})]));
}

function drawCurrency(tab, who) {
  const money = moneyIn(tab.currency);
  const rows = tab.members.filter(m => m.balance_minor).map(m => el("tr", null, {class: m.balance_minor < 0 ? "down" : "up"},
    el("th", null, {scope: "row"}, button(m.name, () => showStatement(m.member, m.name), {class: "small", "aria-label": _("{member}'s statement on the tab", {member: m.name})})),
    el("td", signedMoney(m.balance_minor, money), {class: "num"})));
  const payments = tab.transfers.map(t => {
    const item = el("li", paying(who, t, money));
    if (club.write) item.append(button(_("Paid…"), () => askPaid(tab, t), {class: "writer", "aria-label": _("Paid… {from} to {to} in {currency}", {from: who[t.from], to: who[t.to], currency: tab.currency})}));
    return item;
  });
  return [
    el("h3", _("In {currency}", {currency: tab.currency})),
    rows.length ? el("table", null, {}, el("thead", null, {}, el("tr", null, {}, el("th", _("Member"), {scope: "col"}), el("th", _("Owed (+) or owes (−)"), {scope: "col"}))), el("tbody", null, {}, ...rows))
      : el("p", _("Everyone is square."), {class: "square"}),
    el("ul", null, {class: "owes", "aria-label": _("Payments that settle the tab in {currency}", {currency: tab.currency})}, ...payments),
    ...(tab.bound ? [el("p", tab.bound, {class: "hint"})] : []),
    el("details", null, {}, el("summary", _("What is on it ({n})", {n: tab.entries.length})),
       el("ol", null, {class: "log", reversed: ""}, ...[...tab.entries].reverse().map(e => el("li", `${entryDay(e)} · ${e.said}`))))];
}

// A payment on the tab: the whole sum owed unless changed (part payments), then recorded once
function askPaid(tab, t) {
  const who = names(), digits = digitsOf(tab.currency), money = moneyIn(tab.currency);
  const amount = el("input", null, {inputmode: "decimal", autocomplete: "off", value: asDecimal(t.amount_minor, digits)});
  const note = el("input", null, {maxlength: "200", placeholder: _("cash, bank transfer…")});
  $("#sheet-fields").replaceChildren(el("label", _("Paid, in {currency}", {currency: tab.currency}), {}, amount),
    el("p", _("The whole sum owed is {amount}.", {amount: money(t.amount_minor)}), {class: "hint"}), el("label", _("How (if you like)"), {}, note));
  openSheet(_("{from} pays {to}", {from: who[t.from], to: who[t.to]}), _("Record the payment"), (error, intent) => {
    const minor = minorOf(amount.value, digits);
    if (!minor || minor > t.amount_minor) {
      error.textContent = _("Between {least} and {most}.", {least: money(1), most: money(t.amount_minor)});
      return false;
    }
    const data = {from: t.from, to: t.to, currency: tab.currency, amount_minor: minor, ...(note.value.trim() ? {note: note.value.trim()} : {})};
    return act(() => fact("tab_paid", data, intent), error);
  });
}

// Money typed as a person writes it (0.06, 0,06, 6) as whole minor units: never a float
function minorOf(text, digits) {
  const found = /^\s*(\d{1,9})(?:[.,](\d*))?\s*$/.exec(text);
  if (!found || (found[2] || "").length > digits) return 0;
  return Number(found[1]) * 10 ** digits + Number((found[2] || "").padEnd(digits, "0") || 0);
}
const asDecimal = (minor, digits) => (digits ? `${Math.floor(minor / 10 ** digits)}.${String(minor % 10 ** digits).padStart(digits, "0")}` : String(minor));

async function showStatement(member, name) {
  const box = $("#sheet-fields");
  box.replaceChildren(el("p", "…"));
  openSheet(_("{member} on the tab", {member: name}), _("Close"), () => true);
  try {
    const statement = await ask(`/members/${member}/tab`);
    box.replaceChildren(...statement.currencies.flatMap(line => {
      const money = moneyIn(line.currency);
      return [el("h3", _("In {currency}: {member} {standing}", {currency: line.currency, member: name, standing: standing(line.balance_minor, money)})),
        el("ol", null, {class: "log"}, ...line.entries.map(e => el("li", `${entryDay(e)} · ${e.said}`, {},
          el("small", _("{member} {amount}, then {balance}", {member: name, amount: signedMoney(e.amount_minor, money), balance: signedMoney(e.balance_minor, money)}), {class: "hint"}))))];
    }));
    if (!statement.currencies.length) box.replaceChildren(el("p", _("{member} has nothing on the tab.", {member: name})));
  } catch (problem) {
    box.replaceChildren(el("p", problem.message));
  }
}

// The tab as figures to share (share.js): who is owed or owes what, and the payments to make
function tabFigures() {
  const who = names(), tabs = seen.tab.currencies;
  return {title: _("{club} · the tab", {club: seen.summary.name}), games: [], paid: [],
    date: new Date().toLocaleDateString(LANG, {day: "numeric", month: "long", year: "numeric"}),
    rows: tabs.flatMap(tab => tab.members.filter(m => m.balance_minor).map(m => ({
      name: m.name, counters: signedMoney(m.balance_minor, moneyIn(tab.currency)),
      money: m.balance_minor < 0 ? _("owes") : _("is owed"), up: m.balance_minor > 0, down: m.balance_minor < 0}))),
    owed: tabs.flatMap(tab => tab.transfers.map(t => paying(who, t, moneyIn(tab.currency))))};
}

// The tab printed as a sheet for the club's book: the balances, the payments to make and
// everything on it, each page's margin naming the club and the day
function printTab() {
  const sheet = new CSSStyleSheet(), title = _("{club} · the tab · {day}", {club: seen.summary.name, day: day(new Date())});
  sheet.replaceSync(`@page { size: A4; margin: 16mm 14mm; @top-left { content: ${JSON.stringify(title)}; font-size: 8pt; } }
@media print { #club > #tab-box, #tab-box details { display: block !important; }
  #club > #standings-box, #tab-box button:not(.small), #tab-box .row { display: none !important; }
  #tab-box button.small { border: 0; padding: 0; min-height: 0; } #tab-box li { break-inside: avoid; } }`);
  const closed = [...$("#tab").querySelectorAll("details:not([open])")];
  closed.forEach(d => { d.open = true; });
  document.adoptedStyleSheets = [sheet];
  window.addEventListener("afterprint", () => {  // the page as it was
    closed.forEach(d => { d.open = false; });
    document.adoptedStyleSheets = [];
  }, {once: true});
  window.print();
}

function wire() {
  $("#tab-csv").addEventListener("click", e => download(e.currentTarget, "tab.csv"));
  $("#club-xlsx").addEventListener("click", e => download(e.currentTarget, "club.xlsx"));
  $("#print-tab").addEventListener("click", printTab);
  $("#share-tab").addEventListener("click", () => import("./share.js")
    .then(share => share.shareFigures(tabFigures())).catch(problem => alert(problem.message)));
}

wire();
