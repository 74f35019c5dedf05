// The evening's files (results.csv … evening.json), saved under the names the server gives
// them. A long evening's workbook is written off the request: the server answers 202 with the
// rows written so far, and the file is asked for again after its Retry-After, the button
// saying how far it is. Loaded on first use.
import {_, el} from "./core.js";
import {call, ev} from "./state.js";

const later = seconds => new Promise(done => setTimeout(done, 1000 * (Number(seconds) || 1)));

export async function download(name, control) {
  let response;
  try {
    while ((response = await call(`/sessions/${ev.id}/export/${name}`)).status === 202) {
      const {written, rows} = await response.json();
      if (rows) control.textContent = _("Preparing… {percent}%", {percent: Math.floor(100 * written / rows)});
      await later(response.headers.get("Retry-After"));
    }
  } catch {
    return alert(_("{file} needs the connection.", {file: name}));
  }
  if (!response.ok) return alert(_("{file} could not be made ({status}); try again.", {file: name, status: response.status}));
  const given = /filename="?([^";]+)"?/.exec(response.headers.get("Content-Disposition") || "");
  const link = el("a", null, {href: URL.createObjectURL(await response.blob()), download: given ? given[1] : name});
  document.body.append(link);
  link.click();
  link.remove();
}
