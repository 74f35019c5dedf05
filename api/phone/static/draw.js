// Drawing the evening: the header's balances, the set-up or the game being played, who owes
// whom, the log, the chart, and what waits in the outbox.
import {$, el, lost, moneyIn, signed, signedMoney, steady} from "./core.js";
import {on, view, writer} from "./state.js";
import {showStatus} from "./sync.js";
import {drawGames} from "./cards.js";

export function draw() {
  if (!view || !view.summary) return;
  steady(drawView);
  const then = on.drawn;
  on.drawn = null;
  then?.();
}

function drawView() {
  const {summary, balances} = view, money = moneyIn(balances.currency);
  $("#title").textContent = summary.name;
  document.title = `${summary.name} · Parlour Ledger`;
  $("#welcome").hidden = true;
  $("#evening").hidden = false;
  document.body.classList.toggle("reader", !writer());
  $("#strip").replaceChildren(...balances.players.map(p => el("li", null,
    {class: p.counters < 0 ? "down" : p.counters > 0 ? "up" : "", title: `${p.name} ${signed(p.counters)}`},
    el("span", p.name, {class: "who"}), " ", el("span", signed(p.counters), {class: "figure"}))));
  setting(s => { s.drawPlayers(summary.players); s.drawSeatPicker(summary.players); s.drawOptions(); });
  placeSetup(summary);
  drawGames();
  const moved = view.events.some(e => e.postings.length);  // what does not apply yet is not shown
  $("#balances-box").hidden = $("#strip").hidden = !summary.games.length && !moved;
  $("#owes-box").hidden = !moved;
  $("#balances tbody").replaceChildren(...balances.players.map(p =>
    el("tr", null, {}, el("th", p.name, {scope: "row"}), el("td", signed(p.counters), {class: "num"}), el("td", signedMoney(p.amount_minor, money), {class: "num"}))));
  logged(log => log.drawLog());
  settling(s => s.drawEnd());  // who owes whom, the tab, the chart
  drawOutbox();
  showStatus();
}

// The first minutes: on an evening not yet in play the set-up leads (who is playing, then
// "Start a game" once two are in, every player seated in the order added); once a game is
// started its card leads and the set-up folds away at the foot of the page.
function placeSetup(summary) {
  const leading = writer() && !summary.games.length, lead = $("#lead"), setup = $("#setup");
  const boxes = [$("#players-box"), $("#game-box")];
  if (boxes[0].parentElement !== (leading ? lead : setup)) {
    (leading ? lead : setup).append(...boxes);
    setup.open = false;
  }
  lead.hidden = !leading;
  setup.hidden = leading;
  boxes[1].hidden = summary.players.length < 2;
  lead.classList.toggle("seated", summary.players.length > 1);  // the game now leads: less said
  const name = $("#player-form [name=name]");
  if (leading && !summary.players.length && document.activeElement === document.body) name.focus();
}

export function outboxChanged(items) {
  drawOutbox();
  if (view && view.summary && !$("#evening").hidden) steady(drawGames);
  showStatus();
  logged(log => log.drawUndo(items));  // (on the evening open once loaded)
}

// What the first screen of an evening in play does not need (the set-up, folded away; the log,
// the chart and settling up, below it) loads after it is drawn
// (each acts on the evening open here: not if it has gone by the time the module has loaded)
// (a module that did not come, on a link that failed a moment, is asked for again by drawing
// again: never a set-up, log or end of the night missing until the evening changes). A module
// is asked for once for every act that waits for it, and they are done in the order asked for:
// names typed while the set-up's module comes join in the order typed.
const later = loading => {
  let module = null;
  return act => (module ||= loading().catch(problem => { module = null; throw problem; }))
    .then(m => view && view.summary && act(m)).catch(problem => {
      lost(problem);
      clearTimeout(draw.again);
      draw.again = setTimeout(draw, 2e3);
    });
};
export const setting = later(() => import("./setup.js"));
export const logged = later(() => import("./log.js"));
const settling = later(() => import("./settle.js"));
// what waits (outbox.js): drawn as soon as it has loaded, which the page asks for once drawn
export const drawOutbox = () => import("./outbox.js").then(module => steady(module.drawOutbox)).catch(lost);
