// The status page: the table as it sits, from the state and the outcomes on
// the event stream. No framework; tiles are drawn by tiles.js, every word
// comes from the catalog in the reader's language (words.js, vocab.js).
// On a simulated table each seat has its buttons, enabled only when the
// table says they apply.
import { el, $ } from "./js/dom.js";
import { load, fill, nodes, list, decimal, clock } from "./js/words.js";
import { p, name, seatLabel, meldTiles } from "./page.js";
import { tileSVG, nameTiles } from "./tiles.js";
import { game, tileName, callWord, actionWord, windName } from "./vocab.js";
import { showPairing, entry, valuePicker, nameEditor, showEntry, sendValue, limitValue } from "./entry.js";
import { handClick, wonHand } from "./handpick.js";

const [w, picks] = await Promise.all([load(), game()]);
p.game = picks;
nameTiles((t) => tileName(w, t));
p.w = w;
fill(w);
$("langpick").append(w.picker());
const HOLD = 3000; // ms a seat shows won, lost, rejected: as its light does
let panel = false;
let st = null; // the latest state (p.st, for the other modules)
let offset = 0; // performance.now() - table time at the latest state
let facing = Number(localStorage.getItem("facing") || 0);
let dismissed = new Set(JSON.parse(localStorage.getItem("dismissed") || "[]"));
let picking = null; // the press waiting for a tile from the picker
// lastInput is the latest input on the stream. The table publishes an
// input when it arrives and may apply it later without a new update, so
// an input stamped after the state's time is not in the state yet.
let lastInput = null;
const unapplied = () => lastInput && st && lastInput.at_ms > st.now_ms ? lastInput : null;
const tableNow = () => performance.now() - offset;
const windOf = (seat) => st && st.seats[seat] ? st.seats[seat].wind : "";
// seen is a tile of a record as the tiles draw it: "" for one not seen ("?").
const seen = (t) => (t && t !== "?" ? t : "");
const call = (c) => callWord(w, c);

// place puts each seat where it sits for a viewer at seat facing: the next
// seat in turn order (counter-clockwise) on the right, the opposite on top.
function place() {
  const areas = ["bottom", "right", "top", "left"];
  for (let s = 0; s < 4; s++) $("seat-" + s).style.gridArea = areas[(s - facing + 4) % 4];
  $("facing").value = String(facing);
}

function tiles(ds, cls) {
  const d = el("div", cls);
  for (const t of ds) d.append(tileSVG(t.tile, (t.called ? "called" : "") + (t.riichi ? " side" : "")));
  return d;
}

// status is what a seat's light says now: [class, words, and the call a
// speech bubble shouts].
function status(seat) {
  const x = windOf(seat);
  for (const c of st.pending) if (c.seat === seat) return ["pending", w.t("status.light.calling", { call: call(c.call) }), call(c.call)];
  if (st.ended && (st.winners || []).includes(x)) return ["won", w.t("status.light.won")];
  const now = tableNow();
  let s = null;
  for (const e of p.outcomes) {
    const v = e.outcome;
    if (!v || now - e.at_ms >= HOLD || e.at_ms > now + 50) continue;
    if (v.type === "decision") {
      for (const c of v.lost || []) if (c.seat === x) s = ["lost", w.t("status.light.lost", { call: call(c.call) })];
      for (const c of v.won || []) if (c.seat === x) s = c.late ? ["late", w.t("status.light.late", { call: call(c.call) }), call(c.call)] : ["won", call(c.call), call(c.call)];
    } else if (v.type === "rejected" && v.seat === x) s = ["rejected", w.t("status.light.rejected", { call: call(v.call) })];
    else if (v.type === "flag" && v.seat === x) s = ["referee", w.t("status.light.check")];
    // A player's card: the seat where the round seats that player, green
    // with the name (as the seat's light, which cannot show the name).
    else if (v.type === "seated" && v.seat === x) s = ["won", v.name];
  }
  if (s) return s;
  if (st.turn === x) return ["turn", st.open && st.open.wind === x ? "" : w.t("status.light.to_play")];
  return ["", ""];
}

function renderSeat(s) {
  const box = $("seat-" + s.seat);
  const [cls, words, shout] = status(s.seat);
  box.className = "seat" + (cls ? " " + cls : "") + (st.turn === s.wind ? " turn" : "");
  const head = el("div", "head");
  const wind = windName(w, s.wind);
  head.append(el("span", "wind", s.player || wind));
  if (s.player) head.append(el("span", "times", wind)); // the wind, which the rules need
  head.append(el("span", "times", w.t("status.seat.number", { n: s.seat })));
  if (st.scoring) {
    head.append(el("span", "points", w.num(s.points)));
    if (s.delta !== undefined) head.append(el("span", "delta " + (s.delta > 0 ? "up" : s.delta < 0 ? "down" : ""), signed(s.delta)));
  }
  if (s.seat === facing) head.append(el("span", "times", w.t("status.seat.you")));
  if (s.riichi) head.append(el("span", "badge riichi", w.t("status.badge.riichi")));
  if (s.dead) head.append(el("span", "badge dead", w.t("status.badge.dead")));
  if (s.tenpai) head.append(el("span", "badge tenpai", w.t("status.badge.tenpai")));
  if (words) head.append(el("span", "badge status", words));
  if (s.avg_turn_ms) {
    const times = el("span", "times", w.t("status.seat.turns", { last: decimal(w, s.last_turn_ms / 1000, 1), avg: decimal(w, s.avg_turn_ms / 1000, 1) }));
    times.title = w.t("status.seat.turns_title");
    head.append(times);
  }
  const parts = [head];
  if (shout) parts.push(el("div", "bubble", w.t("status.bubble", { call: shout })));
  if (s.melds.length) {
    const m = el("div", "melds");
    for (const x of s.melds) m.append(meldTiles(x));
    parts.push(m);
  }
  if (s.win && s.win.laid) { // the hand laid tile by tile on the seat's reader
    const l = el("div", "laid");
    l.append(el("span", "", w.t("status.seat.laid", { n: s.win.laid.length, count: s.win.lay_count })));
    for (const t of s.win.laid) l.append(tileSVG(t));
    parts.push(l);
  }
  parts.push(tiles(s.discards, "river"));
  // The buttons are built once and only enabled or disabled: a button is
  // never replaced under a finger.
  let info = box.querySelector(".info");
  if (!info) {
    info = el("div", "info");
    box.append(info, nameEditor(s.seat));
    $("values").append(valuePicker(s.seat)); // full width under the table, for a phone's fingers
    if (p.sim) box.append(simButtons(s.seat));
  }
  info.replaceChildren(...parts);
  if (p.sim) enable(box, s);
  showEntry(box, s);
}

// signed is a change of points: "+1,000", "-1,000", and "±0" for none,
// so that a zero beside the points is not read as one more digit.
const signed = (n) => (n > 0 ? "+" + w.num(n) : n < 0 ? w.num(n) : "±0");

// simButtons are a seat's virtual buttons.
function simButtons(seat) {
  const row = el("div", "sim");
  for (const a of p.game.actions) {
    const b = el("button", "", actionWord(w, a));
    b.dataset.seat = seat;
    b.dataset.action = a;
    row.append(b);
  }
  return row;
}

// enable enables the buttons of the presses the table says the seat may
// make now (the engine decides them: the page works nothing out).
function enable(box, s) {
  if (unapplied()) { // the state is behind the latest press: nothing is known to be impossible
    for (const b of box.querySelectorAll(".sim button")) b.disabled = st.ended;
    return;
  }
  const can = new Set(s.can || []);
  for (const b of box.querySelectorAll(".sim button")) b.disabled = !can.has(b.dataset.action);
}

// whoList is seats by wind as the language lists them: "East and South".
const whoList = (xs) => list(w, (xs || []).map(name));

// headline: who won, from whom, and why each other claim lost; the open
// discard while calls may come; the hand's end until the next deal. The
// reasons are the engine's, as the outcome records carry them.
function renderHeadline() {
  const dec = $("decision"), why = $("why");
  why.replaceChildren();
  dec.replaceChildren();
  const latest = (f) => [...p.outcomes].reverse().find((e) => e.outcome && f(e.outcome));
  const last = latest((v) => ["decision", "rejected", "flag", "hand_end", "kong_stands", "deal"].includes(v.type));
  const openSince = st.open ? st.open.since_ms : -1;
  if (st.ended) {
    const end = latest((v) => v.type === "hand_end");
    const d = latest((v) => v.type === "decision" && v.won && v.won.some((c) => c.call === "ron"));
    if (st.result === "draw") dec.textContent = w.t("status.head.draw");
    else if (st.result === "tsumo") dec.textContent = w.t("status.head.tsumo", { who: whoList(st.winners) });
    else if (st.result === "chombo") {
      const sc = latest((v) => v.type === "score" && v.chombo);
      dec.textContent = sc ? w.t("status.head.chombo_on", { who: name(sc.outcome.chombo) }) : w.t("status.head.chombo");
      if (end && end.outcome.reason) why.append(el("li", "", end.outcome.reason));
    }
    else if (d) { explain(d.outcome, dec, why); }
    else dec.textContent = w.t("status.head.result", { result: st.result ? call(st.result) : w.t("status.wall.over"), who: whoList(st.winners) });
    if (end && end.outcome.reason && st.result === "draw") why.append(el("li", "", end.outcome.reason));
    why.append(el("li", "", w.t(st.game_over ? "status.head.game_over" : "status.head.next_deal")));
    return;
  }
  if (st.pending.length) {
    dec.textContent = w.t("status.head.calling", { calls: st.pending.map((c) => w.t("status.head.claim", { call: call(c.call), who: name(c.wind) })).join(", ") });
    why.append(el("li", "", w.t("status.head.deciding")));
    return;
  }
  if (last && last.at_ms >= openSince) {
    const v = last.outcome;
    if (v.type === "decision") return explain(v, dec, why);
    if (v.type === "rejected") { dec.textContent = w.t("status.head.refused", { call: call(v.call), who: name(v.seat) }); why.append(el("li", "", v.reason)); return; }
    if (v.type === "flag") { dec.textContent = w.t("status.head.check", { who: v.seat ? name(v.seat) : w.t("status.head.the_table") }); why.append(el("li", "", v.reason)); return; }
    if (v.type === "kong_stands") { dec.textContent = w.t("status.head.kong_stands", { who: name(v.kong.seat) }); return; }
  }
  const u = unapplied();
  if (u && u.input.action === "discard") {
    dec.append(...nodes(w, "status.head.discarded", { who: name(windOf(u.input.seat)), tile: tileSVG(seen(u.input.tile), "big") }));
    return;
  }
  if (st.open) {
    dec.append(...nodes(w, "status.head.discarded", { who: name(st.open.wind), tile: tileSVG(st.open.tile, "big") }));
    why.append(el("li", "", w.t(st.open.kong ? "status.head.kong_open" : "status.head.open")));
    return;
  }
  dec.textContent = st.turn ? w.t("status.head.to_play", { who: name(st.turn) }) : "";
}

// claims are a decision's winning claims in words: "PON West and RON North".
const claims = (cs) => list(w, (cs || []).map((c) => w.t("status.head.claim", { call: call(c.call), who: name(c.seat) })));

// explain writes a decision (an outcome record): the winner, from whom,
// and every loser's rule.
function explain(v, dec, why) {
  dec.append(...nodes(w, "status.head.won", { won: claims(v.won), tile: tileSVG(seen(v.discard.tile), "big"), from: name(v.discard.seat) }));
  if (v.robbing) why.append(el("li", "", w.t("status.head.robs")));
  for (const c of v.won || []) if (c.late) why.append(el("li", "late", w.t("status.head.was_late", { call: call(c.call), who: name(c.seat) })));
  for (const c of v.lost || []) why.append(el("li", "", w.t("status.head.lost", { call: call(c.call), who: name(c.seat), why: c.why })));
  if (v.overrides) why.append(el("li", "late", w.t("status.head.overrides")));
  if (v.referee) why.append(el("li", "late", w.t("status.head.referee", { why: v.referee })));
  if (!(v.lost || []).length && !v.late) why.append(el("li", "", w.t("status.head.only")));
}

function renderCountdown() {
  const box = $("countdown");
  if (!st || !st.open || st.ended) { box.hidden = true; return false; }
  const now = tableNow();
  let end, label, span;
  if (st.pending.length) {
    const first = Math.min(...st.pending.map((c) => c.at_ms ?? now));
    span = st.open.window_ms; end = (isFinite(first) ? first : now) + span; label = "status.count.deciding";
  } else {
    // Once a call is decided on the tile, only a ron may still come: no countdown.
    if (p.outcomes.some((e) => e.outcome && e.outcome.type === "decision" && e.at_ms >= st.open.since_ms)) { box.hidden = true; return false; }
    span = st.open.deadline_ms; end = st.open.since_ms + span; label = "status.count.open";
  }
  const left = end - now;
  if (left <= 0 || !span) { box.hidden = true; return false; }
  box.hidden = false;
  $("bar").style.width = Math.max(0, Math.min(100, (100 * left) / span)) + "%";
  $("countlabel").textContent = w.t(label, { s: decimal(w, left / 1000, 1) });
  return true;
}

function renderAlerts() {
  const box = $("alerts");
  box.replaceChildren();
  for (const a of st.alerts || []) {
    if (dismissed.has(a.seq)) continue;
    const row = el("div", "alert");
    row.dataset.seq = a.seq;
    const b = el("button", "", "✕");
    b.title = w.t("status.dismiss");
    b.setAttribute("aria-label", w.t("status.dismiss"));
    b.dataset.dismiss = a.seq;
    // One line in a person's words; the technical detail one tap away.
    const line = el("details", "text");
    const sum = el("summary", "", a.line || a.label);
    line.append(sum, el("div", "detail", a.text));
    row.append(el("span", "time", clock(w, a.wall, false)), line, b);
    box.append(row);
  }
}

function render() {
  if (!st) return;
  $("round").textContent = w.t("status.round", { wind: windName(w, st.round_letter), hand: st.hand, honba: w.count("status.honba", st.honba),
    sticks: w.count("status.sticks", st.riichi_sticks) });
  const dora = $("dora");
  dora.replaceChildren(w.t("status.dora.label") + " ");
  st.indicators.forEach((t, i) => { dora.append(tileSVG(t), "→", tileSVG(st.dora[i], "dora"), " "); });
  if (!st.indicators.length) dora.append(w.t("status.dora.none"));
  if (st.kan_dora_due) dora.append(el("b", "late-tag", " " + w.t("status.dora.due", { n: st.kan_dora_due })));
  $("wall").textContent = st.ended ? w.t("status.wall.over") : w.t("status.wall.left", { tiles: w.count("status.wall.tiles", st.wall), kongs: w.count("status.wall.kongs", st.kongs) });
  for (const s of st.seats) renderSeat(s);
  for (const s of st.seats) $("facing").options[s.seat].textContent = seatLabel(s);
  $("wins").replaceChildren(...st.seats.filter((s) => s.win && s.win.scored).map(wonHand));
  renderStandings();
  renderCards();
  renderHeadline();
  renderCountdown();
  renderAlerts();
}
p.render = render;

// thousands is a result in thousands of points with one decimal, as the
// language writes it: +45.3, +45,3.
const thousands = (n) => w.signed(n / 1000, 1);

// renderStandings shows the final standings once the game is over.
function renderStandings() {
  const box = $("standings");
  box.hidden = !(st.game_over && st.standings);
  if (box.hidden) return;
  const rows = [...st.standings].sort((a, b) => a.place - b.place);
  const body = $("standrows");
  body.replaceChildren();
  for (const r of rows) {
    const s = st.seats[r.seat];
    const tr = el("tr");
    const result = el("td", "num", thousands(r.result));
    if (r.penalty) result.append(el("span", "times", " " + w.t("status.standings.penalty", { n: thousands(-r.penalty) }))); // a chombo
    tr.append(el("td", "", w.num(r.place)), el("td", "", seatLabel(s)), el("td", "num", w.num(r.points)), result);
    // Each player confirms the result at its seat (a paired phone, or this page on a simulated table).
    const td = el("td", "confirm");
    if (st.confirmed && st.confirmed[r.seat]) { td.textContent = "✓"; td.title = w.t("status.standings.confirmed"); } else {
      const b = el("button", "", w.t("status.standings.ok"));
      b.title = b.ariaLabel = w.t("status.standings.confirm", { who: seatLabel(s) });
      b.dataset.confirm = String(r.seat);
      b.addEventListener("click", async () => { const err = await entry({ action: "confirm", seat: r.seat }); if (err) alert(err); });
      td.append(b);
    }
    tr.append(td);
    body.append(tr);
  }
}

// renderCards lays the simulated table's virtual player cards: each
// seated player's card, on any seat's reader or the table's.
function renderCards() {
  const box = $("cards");
  box.hidden = !(p.sim && st.round);
  if (box.hidden) return;
  const cards = $("cardlist");
  cards.replaceChildren();
  for (const pl of st.round.players) {
    if (!pl.cards || !pl.cards.length) continue;
    const li = el("li", "", w.t("status.cards.card", { name: pl.name }) + " ");
    for (const seat of [0, 1, 2, 3, null]) {
      const b = el("button", "", seat === null ? w.t("status.cards.table") : w.t("status.seat.number", { n: seat }));
      b.dataset.card = pl.cards[0];
      b.dataset.seat = seat === null ? "table" : String(seat);
      b.addEventListener("click", () => press(seat === null ? { action: "card", card: pl.cards[0] } : { action: "card", seat, card: pl.cards[0] }));
      li.append(b, " ");
    }
    cards.append(li);
  }
}

// outcomeText is an entry of the outcomes' list: a decision in the
// page's words, anything else as the table words it.
function outcomeText(e) {
  if (e.outcome && e.outcome.type === "decision") {
    const v = e.outcome;
    return w.t("status.log.decision", { won: claims(v.won), from: name(v.discard.seat), tile: tileName(w, seen(v.discard.tile)) }) +
      (v.lost || []).map((c) => "; " + w.t("status.head.lost", { call: call(c.call), who: name(c.seat), why: c.why })).join("");
  }
  return e.text;
}

function show(entries) {
  for (const e of entries) {
    if (e.input) lastInput = e;
    if (e.revision && e.revision.retracted) {
      const gone = new Set(e.revision.retracted);
      p.outcomes = p.outcomes.filter((o) => !gone.has(o.seq));
      for (const li of $("log").querySelectorAll("li")) if (gone.has(Number(li.dataset.seq))) li.classList.add("withdrawn");
    }
    if (e.outcome && e.outcome.type === "deal") p.outcomes = [];
    if (e.outcome) p.outcomes.push(e);
    if (!e.outcome && !e.void && !e.revision && !e.alert) continue;
    const li = el("li", e.outcome ? e.outcome.type : e.alert ? "alert" : "rejected", outcomeText(e));
    li.dataset.seq = e.seq;
    $("log").prepend(li);
  }
  while ($("log").children.length > 60) $("log").lastChild.remove();
}

async function press(body) {
  const r = await fetch("/api/press?lang=" + w.lang, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!r.ok) alert((await r.json()).error);
}

// pick asks for a tile by its picture; two for a chii or pon's shown
// tiles. The tiles are the server's, red fives only under rules with them.
function pick(body, what, two) {
  picking = { body, two, chosen: [] };
  $("pickwhat").textContent = what;
  const grid = $("picktiles");
  if (!grid.children.length) {
    for (const t of p.game.tiles) {
      const b = el("button");
      b.dataset.tile = t;
      b.append(tileSVG(t));
      grid.append(b);
    }
  }
  for (const b of grid.children) b.classList.remove("chosen");
  $("picker").hidden = false;
}

function picked(t) {
  const pk = picking;
  if (t !== null && pk.two) {
    pk.chosen.push(t);
    document.querySelector(`#picktiles [data-tile="${t}"]`).classList.add("chosen");
    if (pk.chosen.length < 2) return;
    t = pk.chosen.join("");
  }
  $("picker").hidden = true;
  picking = null;
  press(t ? { ...pk.body, tile: t } : pk.body);
}

document.addEventListener("click", (ev) => {
  const b = ev.target.closest("button");
  if (!b) return;
  if (b.dataset.dismiss) {
    dismissed.add(Number(b.dataset.dismiss));
    localStorage.setItem("dismissed", JSON.stringify([...dismissed].slice(-50)));
    renderAlerts();
    return;
  }
  if (b.dataset.limit) return sendValue(Number(b.dataset.seat), limitValue(b));
  if (b.closest(".handpick")) return handClick(b);
  if (b.closest(".valuepick") || b.closest(".nameedit")) return; // their forms submit themselves
  if (b.dataset.tile) return picked(b.dataset.tile);
  if (b.id === "picknone") return picked(null);
  if (b.id === "pickcancel") { $("picker").hidden = true; picking = null; return; }
  const a = b.dataset.action, seat = Number(b.dataset.seat);
  const asked = { who: name(windOf(seat)), action: actionWord(w, a) };
  if (a === "discard" || a === "kan") return pick({ seat, action: a }, w.t("status.pick.which", asked), false);
  if (a === "chii" || a === "pon") return pick({ seat, action: a }, w.t("status.pick.shown", asked), true);
  if (a) return press({ seat, action: a });
  if (b.dataset.table === "dora") return pick({ action: "dora" }, w.t("status.pick.dora"), false);
  if (b.dataset.table) press({ action: b.dataset.table });
});
$("facing").addEventListener("change", () => { facing = Number($("facing").value); localStorage.setItem("facing", facing); place(); render(); });

function setState(s) {
  st = p.st = s;
  offset = performance.now() - s.now_ms;
  render();
}

// tick redraws what runs by time (countdowns, a seat's 3 s signal) while something does.
setInterval(() => { if (st && (renderCountdown() || p.outcomes.some((e) => tableNow() - e.at_ms < HOLD + 300))) { for (const s of st.seats) renderSeat(s); if (!st.pending.length) renderHeadline(); } }, 250);

// watchClock shows the tournament round's clock: the table counts it down;
// the page asks each second and turns to warning colours near the end.
function watchClock() {
  const box = $("clock");
  const tick = async () => {
    try {
      const c = await (await fetch("/api/clock")).json();
      box.hidden = !c.round;
      if (!c.round) return;
      const s = Math.ceil(c.remaining_ms / 1000);
      const time = w.num(Math.floor(s / 60)) + ":" + String(s % 60).padStart(2, "0");
      box.textContent = c.state === "over" ? w.t("tour.clock.over") : c.state === "running" ? w.t("status.clock.left", { time })
        : w.t("status.clock.state", { time, state: w.t("tour.clock." + c.state) });
      box.className = c.warn;
    } catch (e) { /* the next tick tries again */ }
  };
  tick();
  setInterval(tick, 1000);
}

async function start() {
  place();
  const r = await fetch("/api/state?lang=" + w.lang); // the server's words (reasons, alerts) in the page's language
  const j = await r.json();
  p.sim = j.sim;
  panel = j.panel;
  p.pairing = j.pairing;
  showPairing();
  $("simctl").hidden = !p.sim;
  $("loglink").hidden = !j.log;
  // The panel's frame, where the table has a panel.
  $("panelbox").hidden = !panel;
  if (panel) $("panel").src = "/api/panel.png";
  if (j.clock) watchClock();
  show(j.recent);
  setState(j.state);
  let seen = j.state.seq;
  const es = new EventSource("/api/events?lang=" + w.lang);
  es.onopen = () => { $("conn").textContent = w.t("page.live"); $("conn").className = "good"; };
  es.onerror = () => { $("conn").textContent = w.t("page.offline"); $("conn").className = "bad"; };
  es.addEventListener("update", (m) => {
    const u = JSON.parse(m.data);
    if (u.resync) { location.reload(); return; } // away too long: start again from the state
    if (u.entries) show(u.entries.filter((e) => e.seq > seen));
    if (u.entries && u.entries.length) seen = Math.max(seen, u.entries[u.entries.length - 1].seq);
    if (u.state) setState(u.state);
    // Only the image's src changes; a new URL per update makes the browser refetch the frame.
    if (panel) $("panel").src = "/api/panel.png?seq=" + encodeURIComponent(m.lastEventId);
  });
}
start();
