// The print style (print.css), loaded when the evening's night sheet is first printed rather
// than with the page (night.js waits for it, then prints; the club's page links it itself).
export function printed() {
  const kept = document.querySelector("link[data-print]");
  if (kept) return kept.ready;
  const link = document.createElement("link");
  Object.assign(link, {rel: "stylesheet", media: "print", href: new URL("print.css", import.meta.url)});
  link.dataset.print = "";
  link.ready = new Promise(done => { link.onload = link.onerror = done; });
  document.head.append(link);
  return link.ready;
}
