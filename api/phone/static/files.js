// The evening's files (results.csv … evening.json), saved under the names the server gives
// them. A long evening's workbook is written off the request: the server answers 202 with the
// rows written so far, and the file is asked for again after its Retry-After, the button
// saying how far it is. Loaded on first use.
import {el} from "./core.js";
import {call, ev} from "./state.js";

const later = seconds => new Promise(done => setTimeout(done, 1000 * (Number(seconds) || 1)));

export async function download(name, control) {
  let response;
  try {
    while ((response = await call(`/sessions/${ev.id}/export/${name}`)).status === 202) {
      const {written, rows} = await response.json();
      if (rows) control.textContent = `Preparing… ${Math.floor(100 * written / rows)}%`;
      await later(response.headers.get("Retry-After"));
    }
  } catch {
    return alert(`${name} needs the connection.`);
  }
  if (!response.ok) return alert(`${name} could not be made (${response.status}); try again.`);
  const given = /filename="?([^";]+)"?/.exec(response.headers.get("Content-Disposition") || "");
  const link = el("a", null, {href: URL.createObjectURL(await response.blob()), download: given ? given[1] : name});
  document.body.append(link);
  link.click();
  link.remove();
}
