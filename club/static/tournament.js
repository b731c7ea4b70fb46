// What the tournament's pages share: reading the tournament live, sending
// a change, making elements. No sentence a person reads is here: each
// page keeps its own in its MESSAGES object.
"use strict";

export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// live calls show with the tournament's view at once and at each change
// (GET /api/tournament/stream; the players' view when public is true);
// status gets true while the stream is up.
export function live(show, status, public_ = false) {
  const es = new EventSource("api/tournament/stream" + (public_ ? "?public=1" : ""));
  es.onmessage = (ev) => { status(true); show(JSON.parse(ev.data)); };
  es.onerror = () => status(false);
  return es;
}

// post sends a change as JSON; it resolves to the answer's body and
// rejects with the console's error in words.
export async function post(path, body) {
  const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const out = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(out.error || r.status + " " + r.statusText);
  return out;
}

// clock returns minutes:seconds of a number of milliseconds.
export function clock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}

// remaining is the time a round's clock has left now, counted from the
// view's moment on the page's own clock (the console's and the page's
// clocks need not agree).
export function remaining(c, since) {
  return c.state === "running" ? c.remaining_ms - (Date.now() - since) : c.remaining_ms;
}

// playerName is "12 Ana" for player 12, or the number alone.
export function playerName(view, n) {
  const p = view.players && view.players[n - 1];
  return p ? n + " " + p.name : String(n);
}
