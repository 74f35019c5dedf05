// What the phone's pages share (the evening's, phone.js, and the club's, club.js): making
// elements, keeping things in localStorage, words for numbers and money, the sheet dialog,
// the share links' QR codes. User text only ever goes in textContent.
export const API = "/api/v1";
// The page's language (its <html lang>) and its words: each module is served with its strings
// in it (api/phone/words.py); `_` fills in a message's {named} parts, `n_` takes the form the
// language's plural rules give n. Numbers, money and dates are written the language's way.
export const LANG = document.documentElement.lang;
export const _ = (text, values) => text.replace(/\{(\w+)\}/g, (m, k) => values?.[k] ?? m);
const plural = new Intl.PluralRules(LANG);
export const n_ = (forms, n, values) => _(forms[plural.select(n)] ?? forms.other, {n, ...values});
export const $ = (selector, root = document) => root.querySelector(selector);
// a module loaded on first use that did not come: the page's fault to log, unless the phone has
// no signal (each is asked for again when next needed)
export const lost = problem => navigator.onLine && console.error(problem);
// the switch at a page's foot: kept as a cookie the service reads (api/language.py), and the page again in it
// (heard by the window: this module runs early, state.js, maybe before the page's foot is parsed)
addEventListener("change", ({target: t}) => { if (t.id == "language") { document.cookie = `lang=${t.value};path=/;max-age=31536000`; location.reload(); } });
export const keep = {
  get(key, otherwise) { try { return JSON.parse(localStorage.getItem(key)) ?? otherwise; } catch { return otherwise; } },
  set(key, value) { localStorage.setItem(key, JSON.stringify(value)); },
};
export function el(tag, text, attributes = {}, ...children) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [key, value] of Object.entries(attributes)) if (value !== undefined) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

export function button(text, onClick, attributes = {}) {
  const node = el("button", text, {type: "button", ...attributes});
  node.addEventListener("click", onClick);
  return node;
}

export function uuid() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16)); // plain http on a LAN has no randomUUID
  b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map(x => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const counted = n => n_("{n} counter", "{n} counters", n);
export const signed = n => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
export const signedMoney = (minor, money) => `${minor > 0 ? "+" : minor < 0 ? "−" : ""}${money(Math.abs(minor))}`;  // as `signed`
export function moneyIn(currency) {
  const format = new Intl.NumberFormat(LANG, {style: "currency", currency});
  const digits = format.resolvedOptions().maximumFractionDigits;
  return minor => format.format(minor / 10 ** digits);
}

// An evening's day in the phone's words for a date, as the evening's own time zone has it
// (not the phone's: an evening in Kiritimati is the 28th on a phone in Samoa too): the day
// the server gives it (`date`, YYYY-MM-DD), which its files and its club's seasons give it
// too; for a state kept before the server said it, its time (`at`) in its zone (`zone`).
export function eveningDay({date, at, zone}, style) {
  if (date) return new Date(`${date}T12:00:00Z`).toLocaleDateString(LANG, {...style, timeZone: "UTC"});
  try {
    return new Date(at).toLocaleDateString(LANG, {...style, timeZone: zone || "UTC"});
  } catch {  // a zone this phone's calendar lacks: UTC, as the server reads it then
    return new Date(at).toLocaleDateString(LANG, {...style, timeZone: "UTC"});
  }
}

const rect = e => e.getBoundingClientRect(), header = () => rect($("header")).bottom;
// Bring an element's top into view just under the sticky header, unless it is there already
// (the page does not move under a thumb that can already see what it needs)
export function reveal(element) {
  const top = rect(element).top;
  if (top < header() || top >= innerHeight / 2) scrollBy({top: top - header() - 8});
}

// A sheet being filled in stays put on the screen as the evening is drawn again above it
export function steady(draw) {
  const sheet = $("#games form.sheet"), shown = () => sheet?.isConnected && sheet.getClientRects().length > 0;
  const top = shown() ? rect(sheet).top : null;
  draw();
  const moved = top !== null && shown() ? rect(sheet).top - top : 0;
  if (moved) scrollBy({top: moved});
}

// A finger down (`down`, for keepOnScreen below) and the button it went down on (`pressed`):
// a mouse's click the evening is drawn anew under (a push, a read) is not lost, the button
// having been replaced by its like, which the browser does not click; it is clicked here. A
// finger or a pen on a touch screen is left alone: the browser clicks what is under it as it
// lifts, and a click here as well was a second action for one tap. Nor is a press the page or
// the browser cancelled (its default prevented) clicked.
let down = false, pressed = null, clicked = false;
// (a button whose words say an amount that changes, as a pool's, is its like by its `data-key`)
const same = (a, b) => a.dataset.key ? a.dataset.key === b.dataset.key
  : a.textContent === b.textContent && a.getAttribute("aria-label") === b.getAttribute("aria-label");
addEventListener("pointerdown", e => {
  down = true;
  const button = e.pointerType === "mouse" && e.target.closest?.("button");
  pressed = button ? {button, e} : null;
}, true);
addEventListener("click", () => { clicked = true; }, true);
addEventListener("pointerup", e => {
  const was = pressed;
  pressed = null;
  clicked = false;
  if (was && !was.button.isConnected) setTimeout(() => {
    const now = document.elementFromPoint(e.clientX, e.clientY)?.closest("button");
    if (!clicked && !was.e.defaultPrevented && !e.defaultPrevented && now && !now.disabled && same(now, was.button)) now.click();
  });
}, true);
// A sheet keeps its Record (its last child) on the screen as it is filled in: the page moves
// up, never past the sheet's top, and never under a finger still down (a box left by a tap
// on a name says "change" as the finger lands: moved then, the tap would lift elsewhere)
for (const type of ["pointerup", "pointercancel"]) addEventListener(type, () => setTimeout(() => { down = false; }), true);
export const keepOnScreen = form => form.addEventListener("change", function keep() {
  requestAnimationFrame(() => {
    if (down) return setTimeout(keep, 50);
    const below = rect(form.lastChild).bottom + 8 - innerHeight, room = rect(form).top - header() - 8;
    if (below > 0 && room > 0) scrollBy({top: Math.min(below, room)});
  });
});

export function chip(box, attributes, text, checked) {  // a tappable name with its box or radio
  const tick = el("input", null, attributes);
  tick.checked = checked;
  box.append(el("label", null, {class: "chip"}, tick, el("span", text)));
  return tick;
}

// A control that records: busy while its write is on its way (disabled, saying so, and
// announced as busy), so that a second tap is not a second write; `act()` → its promise.
export async function working(control, text, act) {
  if (control.disabled) return undefined;  // a second tap while the first is on its way
  const was = control.textContent;
  control.disabled = true;
  control.setAttribute("aria-busy", "true");
  control.textContent = text;
  try {
    return await act();
  } finally {
    control.disabled = false;
    control.removeAttribute("aria-busy");
    control.textContent = was;
  }
}

// The sheet dialog, its fields filled in: `done(error, intent)` → true once recorded, and it
// closes. `intent`: this opening of the sheet, one fact however often Record is tapped while
// it waits (sync.js enqueue).
export function openSheet(title, ok, done) {  // `done(error)`: true (or a promise of it) closes it
  const dialog = $("#sheet"), error = $("#sheet-error"), button = $("#sheet-ok"), intent = uuid();
  $("#sheet-title").textContent = title;
  error.textContent = "";
  button.textContent = ok;
  $("#sheet-form").onsubmit = async event => {
    event.preventDefault();
    if (await working(button, _("Recording…"), () => done(error, intent))) dialog.close();
  };
  $("#sheet-cancel").onclick = () => dialog.close();
  dialog.showModal();
}

export async function copy(id, control) {
  const text = $(`#${id}`).value;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    $(`#${id}`).select();
    document.execCommand("copy");
  }
  control.textContent = _("Copied");
  setTimeout(() => { control.textContent = _("Copy"); }, 2000);
}

// The vendored QR library (a classic script), loaded on first use: a promise of its having run.
const loaded = {};
function load(src) {
  return (loaded[src] = loaded[src] || new Promise((done, failed) => {
    const script = el("script", null, {src});
    script.onload = done;
    script.onerror = () => { delete loaded[src]; failed(new Error(_("{file} needs the connection once.", {file: src}))); };
    document.head.append(script);
  }));
}

// Each link drawn as a QR code on its canvas: [[link input, canvas], …]
export async function showQr(pairs) {
  await load("/phone/static/vendor/qrcode.js").catch(() => null);
  if (!window.qrcode) return;
  for (const [link, canvas] of pairs) {
    const text = $(link).value, target = $(canvas);
    target.hidden = !text;
    if (!text) continue;
    const qr = window.qrcode(0, "M");
    qr.addData(text);
    qr.make();
    const cell = 4, size = (qr.getModuleCount() + 8) * cell;
    target.width = target.height = size;
    const context = target.getContext("2d");
    context.fillStyle = "#fff";
    context.fillRect(0, 0, size, size);
    context.fillStyle = "#000";
    context.translate(4 * cell, 4 * cell);
    qr.renderTo2dContext(context, cell);
  }
}


// ---- the secure link: opening offline (the service worker), keeping the screen awake and
// copying are granted by the browser to a secure context only. Where they are missing
// (feature detection, never the browser's name) the page says so once, plainly: the
// notice's own module (insecure.js) is loaded only then.
export function keepOffline() {
  if (!isSecureContext) return insecureNotice("http");
  navigator.serviceWorker?.register("/sw.js").catch(e => {
    // a link whose certificate the phone does not trust, passed with "proceed anyway"
    if (e.name === "SecurityError") insecureNotice("untrusted");
  });
}

function insecureNotice(why) {  // why: "http" or "untrusted"
  document.documentElement.dataset.insecure = why;
  import("./insecure.js").catch(() => null);
}
