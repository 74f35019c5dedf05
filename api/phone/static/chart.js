// The chart: each player's counters after each event that moved them (and Cassino races),
// drawn as an SVG with its legend and, for a screen reader, its table. Loaded with what
// draws it (settling up, the club's standings), not with the evening's first screen.
import {el, signed} from "./core.js";

const COLOURS = ["#1b7f4b", "#b3261e", "#1f5fbf", "#8a5a00", "#7b3fa0", "#00838f", "#5d4037", "#c2185b"];

export function chart(series, labels, target) {
  const W = 320, H = 170, pad = 28;
  const all = series.flatMap(s => s.points).concat(target ? [target, 0] : [0]);
  const lo = Math.min(...all), hi = Math.max(...all, lo + 1);
  const steps = Math.max(1, ...series.map(s => s.points.length - 1));
  const x = i => pad + (i * (W - pad - 6)) / steps, y = v => 6 + ((hi - v) * (H - 24)) / (hi - lo);
  const ns = "http://www.w3.org/2000/svg", node = (tag, attrs) => {
    const n = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
    return n;
  };
  const svg = node("svg", {viewBox: `0 0 ${W} ${H}`, class: "chart", "aria-hidden": "true"});
  svg.append(node("line", {x1: pad, x2: W, y1: y(0), y2: y(0), class: "axis"}));
  if (target) svg.append(node("line", {x1: pad, x2: W, y1: y(target), y2: y(target), class: "target"}));
  for (const v of [hi, lo]) { const t = node("text", {x: 2, y: y(v) + 4}); t.textContent = v < 0 ? signed(v) : v; svg.append(t); }
  // a series' colour is its `n` (a player's place in the evening: the same in every chart), else its place here
  const colour = (s, i) => COLOURS[(s.n ?? i) % 8], dashed = (s, i) => ((s.n ?? i) >= 8 ? "4 3" : "none");
  series.forEach((s, i) => svg.append(node("polyline", {points: s.points.map((v, j) => `${x(j)},${y(v)}`).join(" "), stroke: colour(s, i), "stroke-dasharray": dashed(s, i)})));
  const legend = el("ul", null, {class: "legend"});
  series.forEach((s, i) => { const li = el("li", s.name); li.style.setProperty("--c", colour(s, i)); legend.append(li); });
  const table = el("table", null, {}, el("tr", null, {}, el("th", labels.head, {scope: "col"}), ...series.map(s => el("th", s.name, {scope: "col"}))));
  const every = Math.ceil((steps + 1) / 50);  // at most 50 rows: every k-th point, and the last
  for (let j = 0; j <= steps; j++) {
    if (j % every && j !== steps) continue;
    table.append(el("tr", null, {}, el("th", labels.at(j), {scope: "row"}), ...series.map(s => el("td", s.points[j] == null ? "" : signed(s.points[j]), {class: "num"}))));
  }
  return {svg, legend, table};
}
