// The print style (print.css), loaded when a page is first printed rather than with the page:
// the night sheet (night.js) and the season sheet (club.js) wait for it, then print.
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
