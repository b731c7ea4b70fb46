"use strict";
// The status page: the table as it sits, from the state and the outcomes on
// the event stream. No framework; tiles are drawn by tiles.js. On a
// simulated table each seat has its buttons, enabled only when they apply.
const $ = (id) => document.getElementById(id);
const WINDS = { E: "East", S: "South", W: "West", N: "North" };
const HOLD = 3000; // ms a seat shows won, lost, rejected: as its light does
let sim = false, panel = false;
let pairing = false; // the table asks for its pairing code before values and names
let st = null; // the latest state
let offset = 0; // performance.now() - table time at the latest state
let outcomes = []; // this hand's outcome entries, oldest first (withdrawn ones removed)
let facing = Number(localStorage.getItem("facing") || 0);
let dismissed = new Set(JSON.parse(localStorage.getItem("dismissed") || "[]"));
let picking = null; // the press waiting for a tile from the picker
// lastInput is the latest input on the stream. The table publishes an
// input when it arrives and may apply it later without a new update, so
// an input stamped after the state's time is not in the state yet.
let lastInput = null;
const unapplied = () => lastInput && st && lastInput.at_ms > st.now_ms ? lastInput : null;

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
const tableNow = () => performance.now() - offset;
const windOf = (seat) => st && st.seats[seat] ? st.seats[seat].wind : "";
const seatOfWind = (w) => st ? st.seats.findIndex((s) => s.wind === w) : -1;
// name is a seat as a person reads it: the player's name where given,
// else its wind.
const name = (w) => {
  const s = st && st.seats.find((x) => x.wind === w);
  return s && s.player ? s.player : WINDS[w] || w;
};
// seatLabel is a seat as a person picks it, the same in every menu: its
// player, with the seat's wind this hand, or the wind alone.
const seatLabel = (s) => (s.player ? `${s.player} (${s.name})` : s.name);
// seen is a tile of a record as the tiles draw it: "" for one not seen ("?").
const seen = (t) => (t && t !== "?" ? t : "");
const callWord = (c) => (c || "").toUpperCase();

// place puts each seat where it sits for a viewer at seat facing: the next
// seat in turn order (counter-clockwise) on the right, the opposite on top.
function place() {
  const areas = ["bottom", "right", "top", "left"];
  for (let s = 0; s < 4; s++) $("seat-" + s).style.gridArea = areas[(s - facing + 4) % 4];
  $("facing").value = String(facing);
}

function tiles(list, cls) {
  const d = el("div", cls);
  for (const t of list) d.append(tileSVG(t.tile, (t.called ? "called" : "") + (t.riichi ? " side" : "")));
  return d;
}

// meldTiles draws a meld as the table publishes it (outcome.Meld): its
// tiles left to right, "" for one not seen, the called one sideways.
function meldTiles(m) {
  const g = el("span", "meld");
  g.title = m.call + (m.from ? " from " + name(m.from) : "");
  m.tiles.forEach((t, i) => g.append(tileSVG(t, i === m.turned ? "side" : "")));
  return g;
}

// status is what a seat's light says now: [class, words].
function status(seat) {
  const w = windOf(seat);
  for (const c of st.pending) if (c.seat === seat) return ["pending", "CALLING " + callWord(c.call)];
  if (st.ended && (st.winners || []).includes(w)) return ["won", "WON"];
  const now = tableNow();
  let s = null;
  for (const e of outcomes) {
    const v = e.outcome;
    if (!v || now - e.at_ms >= HOLD || e.at_ms > now + 50) continue;
    if (v.type === "decision") {
      for (const c of v.lost || []) if (c.seat === w) s = ["lost", "LOST " + callWord(c.call)];
      for (const c of v.won || []) if (c.seat === w) s = c.late ? ["late", "LATE " + callWord(c.call)] : ["won", callWord(c.call)];
    } else if (v.type === "rejected" && v.seat === w) s = ["rejected", "REJECTED " + callWord(v.call)];
    else if (v.type === "flag" && v.seat === w) s = ["referee", "CHECK"];
    // A player's card: the seat where the round seats that player, green
    // with the name (as the seat's light, which cannot show the name).
    else if (v.type === "seated" && v.seat === w) s = ["won", v.name];
  }
  if (s) return s;
  if (st.turn === w) return ["turn", st.open && st.open.wind === w ? "" : "TO PLAY"];
  return ["", ""];
}

function renderSeat(s) {
  const box = $("seat-" + s.seat);
  const [cls, words] = status(s.seat);
  box.className = "seat" + (cls ? " " + cls : "") + (st.turn === s.wind ? " turn" : "");
  const head = el("div", "head");
  head.append(el("span", "wind", s.player || s.name));
  if (s.player) head.append(el("span", "times", s.name)); // the wind, which the rules need
  head.append(el("span", "times", `seat ${s.seat}`));
  if (st.scoring) {
    head.append(el("span", "points", String(s.points)));
    if (s.delta !== undefined) head.append(el("span", "delta " + (s.delta > 0 ? "up" : s.delta < 0 ? "down" : ""), signed(s.delta)));
  }
  if (s.seat === facing) head.append(el("span", "times", "(you)"));
  if (s.riichi) head.append(el("span", "badge riichi", "RIICHI"));
  if (s.dead) head.append(el("span", "badge dead", "DEAD HAND"));
  if (s.tenpai) head.append(el("span", "badge tenpai", "TENPAI"));
  if (words) head.append(el("span", "badge status", words));
  if (s.avg_turn_ms) {
    const times = el("span", "times", `last turn ${(s.last_turn_ms / 1000).toFixed(1)} s, avg ${(s.avg_turn_ms / 1000).toFixed(1)} s`);
    times.title = "how long this seat took to discard: its last turn, and on average this hand";
    head.append(times);
  }
  const parts = [head];
  if (cls === "pending" || (cls === "won" && words !== "WON") || cls === "late") parts.push(el("div", "bubble", words.replace(/^(CALLING|LATE) /, "") + "!"));
  if (s.melds.length) {
    const m = el("div", "melds");
    for (const x of s.melds) m.append(meldTiles(x));
    parts.push(m);
  }
  if (s.win && s.win.laid) { // the hand laid tile by tile on the seat's reader
    const l = el("div", "laid");
    l.append(el("span", "", `laid on the reader, ${s.win.laid.length} of ${s.win.lay_count}:`));
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
    if (sim) box.append(simButtons(s.seat));
  }
  info.replaceChildren(...parts);
  if (sim) enable(box, s);
  showEntry(box, s);
}

// signed is a change of points: "+1000", "-1000", and "±0" for none, so
// that a zero beside the points is not read as one more digit.
const signed = (n) => (n > 0 ? "+" + n : n < 0 ? String(n) : "±0");
const FU = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110];

// valuePicker is a seat's value entry: han and fu (fu only below 5 han,
// where it counts), or a limit; for a yakuman how many and who is liable.
// Built once per seat and shown while the seat's value is due.
function valuePicker(seat) {
  const box = el("form", "valuepick");
  box.hidden = true;
  box.dataset.seat = seat;
  const han = el("select", "han"), fu = el("select", "fu");
  han.setAttribute("aria-label", "han");
  fu.setAttribute("aria-label", "fu");
  for (let h = 1; h <= 13; h++) han.append(new Option(String(h), String(h)));
  for (const f of FU) fu.append(new Option(String(f), String(f)));
  fu.value = "30";
  const fuLabel = el("label", "fulabel");
  fuLabel.append(" fu ", fu);
  han.addEventListener("change", () => { fuLabel.hidden = Number(han.value) >= 5; });
  const go = el("button", "", "enter");
  go.dataset.value = seat;
  const row1 = el("div", "row");
  const hl = el("label", "");
  hl.append("han ", han);
  row1.append(hl, fuLabel, go);
  const row2 = el("div", "row limits");
  for (const l of ["mangan", "haneman", "baiman", "sanbaiman", "yakuman"]) {
    const b = el("button", "", l);
    b.type = "button";
    b.dataset.limit = l;
    b.dataset.seat = seat;
    row2.append(b);
  }
  const times = el("select", "times-y");
  times.setAttribute("aria-label", "how many yakuman");
  const pao = el("select", "pao");
  pao.setAttribute("aria-label", "liable seat (pao)");
  const yrow = el("div", "row yakuman");
  const tl = el("label", ""), pl = el("label", "");
  tl.append("yakuman × ", times);
  pl.append("pao ", pao);
  yrow.append(tl, pl);
  // The hand's tiles first (the table works the value out); the value
  // as han and fu stays for a hand the picker cannot express or a ruling.
  box.append(el("b", "what", ""), handPicker(seat), el("div", "or", "or enter the value as han and fu:"), row1, row2, yrow, el("div", "msg", ""));
  box.addEventListener("submit", (ev) => { ev.preventDefault(); sendValue(seat, { value: Number(han.value) < 5 ? `${han.value} ${fu.value}` : han.value }); });
  return box;
}

// sendValue enters a seat's value and shows the answer in its picker.
async function sendValue(seat, v) {
  const box = document.querySelector(`.valuepick[data-seat="${seat}"]`);
  const msg = box.querySelector(".msg");
  msg.textContent = "sending…";
  msg.className = "msg";
  const err = await entry({ action: "value", seat, ...v });
  msg.textContent = err;
  msg.className = err ? "msg bad" : "msg";
}

// nameEditor sets the player's name at a seat.
function nameEditor(seat) {
  const d = el("details", "nameedit");
  d.hidden = true;
  d.append(el("summary", "", "name"));
  const f = el("form", "");
  d.append(f);
  const input = el("input", "");
  input.maxLength = 40;
  input.placeholder = "player's name";
  input.setAttribute("aria-label", "player's name");
  const b = el("button", "", "set name");
  f.append(input, b, el("span", "msg", ""));
  f.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const err = await entry({ action: "name", seat, name: input.value });
    f.querySelector(".msg").textContent = err;
    f.querySelector(".msg").className = err ? "msg bad" : "msg";
    if (!err) { input.value = ""; d.open = false; }
  });
  return d;
}

// showEntry shows a seat's value entry while its value is due (its hand
// picker, and the value as han and fu), with the engine's reason for a
// value or hand it refused, and the name editor, to a tablet that may
// enter them.
function showEntry(box, s) {
  const may = mayEnter();
  const pick = document.querySelector(`.valuepick[data-seat="${s.seat}"]`);
  pick.hidden = !(may && st.scoring && s.value_due);
  if (!pick.hidden) {
    pick.querySelector(".what").textContent = `value of ${s.player ? s.player + " (" + s.name + ")" : s.name}'s win`;
    const times = pick.querySelector(".times-y");
    times.parentElement.hidden = (st.max_yakuman || 1) <= 1; // one yakuman at most: nothing to choose
    if (times.options.length !== (st.max_yakuman || 1)) {
      times.replaceChildren();
      for (let n = 1; n <= (st.max_yakuman || 1); n++) times.append(new Option(String(n), String(n)));
    }
    const pao = pick.querySelector(".pao");
    if (!pao.options.length) {
      pao.append(new Option("none", ""));
      for (const o of st.seats) if (o.seat !== s.seat) pao.append(new Option("", String(o.seat)));
    }
    for (const o of pao.options) if (o.value !== "") o.textContent = seatLabel(st.seats[Number(o.value)]);
    showHandPicker(pick, s);
    const refused = [...outcomes].reverse().find((e) => e.outcome && e.outcome.type === "rejected" && ["value", "hand"].includes(e.outcome.call) && e.outcome.seat === s.wind);
    if (refused) {
      const msg = pick.querySelector(refused.outcome.call === "hand" ? ".handmsg" : ".msg");
      if (msg.textContent !== "sending…") { msg.textContent = "refused: " + refused.outcome.reason; msg.classList.add("bad"); }
    }
  }
  box.querySelector(".nameedit").hidden = !may;
}

const ACTIONS = ["discard", "chii", "pon", "kan", "ron", "tsumo", "riichi", "cancel"];

// simButtons are a seat's virtual buttons.
function simButtons(seat) {
  const row = el("div", "sim");
  for (const a of ACTIONS) {
    const b = el("button", "", a);
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

// headline: who won, from whom, and why each other claim lost; the open
// discard while calls may come; the hand's end until the next deal.
function renderHeadline() {
  const dec = $("decision"), why = $("why");
  why.replaceChildren();
  dec.replaceChildren();
  const last = [...outcomes].reverse().find((e) => e.outcome && ["decision", "rejected", "flag", "hand_end", "kong_stands", "deal"].includes(e.outcome.type));
  const openSince = st.open ? st.open.since_ms : -1;
  if (st.ended) {
    const end = [...outcomes].reverse().find((e) => e.outcome && e.outcome.type === "hand_end");
    const d = [...outcomes].reverse().find((e) => e.outcome && e.outcome.type === "decision" && e.outcome.won && e.outcome.won.some((c) => c.call === "ron"));
    if (st.result === "draw") dec.textContent = "Draw: the hand is over";
    else if (st.result === "tsumo") dec.textContent = "TSUMO: " + (st.winners || []).map(name).join(" and ") + " wins";
    else if (st.result === "chombo") {
      const sc = [...outcomes].reverse().find((e) => e.outcome && e.outcome.type === "score" && e.outcome.chombo);
      dec.textContent = "CHOMBO" + (sc ? " - " + name(sc.outcome.chombo) : "");
      if (end && end.outcome.reason) why.append(el("li", "", end.outcome.reason));
    }
    else if (d) { explain(d.outcome, dec, why); }
    else dec.textContent = (st.result || "hand over").toUpperCase() + " " + (st.winners || []).map(name).join(" and ");
    if (end && end.outcome.reason && st.result === "draw") why.append(el("li", "", end.outcome.reason));
    why.append(el("li", "", st.game_over ? "the game is over: the standings are below; a new hand starts the next game" : "waiting for the next deal"));
    return;
  }
  if (st.pending.length) {
    dec.textContent = st.pending.map((c) => callWord(c.call) + " " + name(c.wind)).join(", ") + "…";
    why.append(el("li", "", "deciding: calls within the window are simultaneous"));
    return;
  }
  if (last && last.at_ms >= openSince) {
    const v = last.outcome;
    if (v.type === "decision") return explain(v, dec, why);
    if (v.type === "rejected") { dec.textContent = `${callWord(v.call)} ${name(v.seat)} refused`; why.append(el("li", "", v.reason)); return; }
    if (v.type === "flag") { dec.textContent = `Referee: check ${name(v.seat) || "the table"}`; why.append(el("li", "", v.reason)); return; }
    if (v.type === "kong_stands") { dec.textContent = `${name(v.kong.seat)}'s kong stands`; return; }
  }
  const u = unapplied();
  if (u && u.input.action === "discard") {
    dec.append(`${name(windOf(u.input.seat))} discarded `, tileSVG(u.input.tile && u.input.tile !== "?" ? u.input.tile : "", "big"));
    return;
  }
  if (st.open) {
    dec.append(`${name(st.open.wind)} discarded `, tileSVG(st.open.tile, "big"));
    why.append(el("li", "", st.open.kong ? "a kong: open for a win (ron) only" : "open for calls"));
    return;
  }
  dec.textContent = st.turn ? `${name(st.turn)} to play` : "";
}

// explain writes a decision (an outcome record): the winner, from whom,
// and every loser's rule.
function explain(v, dec, why) {
  const won = (v.won || []).map((c) => callWord(c.call) + " " + name(c.seat)).join(" and ");
  dec.append(won + " ", tileSVG(seen(v.discard.tile), "big"), ` from ${name(v.discard.seat)}`);
  if (v.robbing) why.append(el("li", "", "robs the kong"));
  for (const c of v.won || []) if (c.late) why.append(el("li", "late", `${callWord(c.call)} ${name(c.seat)} was late: after the call deadline (referee)`));
  for (const c of v.lost || []) why.append(el("li", "", `${callWord(c.call)} ${name(c.seat)} lost: ${c.why}`));
  if (v.overrides) why.append(el("li", "late", "this overrides the earlier decision"));
  if (v.referee) why.append(el("li", "late", "referee: " + v.referee));
  if (!(v.lost || []).length && !v.late) why.append(el("li", "", "the only claim"));
}

function renderCountdown() {
  const box = $("countdown");
  if (!st || !st.open || st.ended) { box.hidden = true; return false; }
  const now = tableNow();
  let end, label, span;
  if (st.pending.length) {
    const first = Math.min(...st.pending.map((c) => c.at_ms ?? now));
    span = st.open.window_ms; end = (isFinite(first) ? first : now) + span; label = "deciding";
  } else {
    // Once a call is decided on the tile, only a ron may still come: no countdown.
    if (outcomes.some((e) => e.outcome && e.outcome.type === "decision" && e.at_ms >= st.open.since_ms)) { box.hidden = true; return false; }
    span = st.open.deadline_ms; end = st.open.since_ms + span; label = "calls open";
  }
  const left = end - now;
  if (left <= 0 || !span) { box.hidden = true; return false; }
  box.hidden = false;
  $("bar").style.width = Math.max(0, Math.min(100, (100 * left) / span)) + "%";
  $("countlabel").textContent = `${label} ${(left / 1000).toFixed(1)} s`;
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
    b.title = "dismiss";
    b.setAttribute("aria-label", "dismiss");
    b.dataset.dismiss = a.seq;
    // One line in a person's words; the technical detail one tap away.
    const line = el("details", "text");
    const sum = el("summary", "", a.line || a.label);
    line.append(sum, el("div", "detail", a.text));
    row.append(el("span", "time", new Date(a.wall).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", hour12: false })), line, b);
    box.append(row);
  }
}

function render() {
  if (!st) return;
  $("round").textContent = `${st.round_wind} ${st.hand} · ${st.honba} honba · ${st.riichi_sticks} riichi stick${st.riichi_sticks === 1 ? "" : "s"}`;
  const dora = $("dora");
  dora.replaceChildren("dora ");
  st.indicators.forEach((t, i) => { dora.append(tileSVG(t), "→", tileSVG(st.dora[i], "dora"), " "); });
  if (!st.indicators.length) dora.append("indicator not read yet");
  if (st.kan_dora_due) dora.append(el("b", "late-tag", ` reveal kan dora (${st.kan_dora_due})`));
  $("wall").textContent = st.ended ? "hand over" : `${st.wall} tiles in the wall · ${st.kongs} kong${st.kongs === 1 ? "" : "s"}`;
  for (const s of st.seats) renderSeat(s);
  for (const s of st.seats) $("facing").options[s.seat].textContent = seatLabel(s);
  $("wins").replaceChildren(...st.seats.filter((s) => s.win && s.win.scored).map(wonHand));
  renderStandings();
  renderCards();
  renderHeadline();
  renderCountdown();
  renderAlerts();
}

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
    const result = el("td", "num", (r.result > 0 ? "+" : "") + (r.result / 1000).toFixed(1));
    if (r.penalty) result.append(el("span", "times", ` incl. penalty ${(-r.penalty / 1000).toFixed(1)}`)); // a chombo
    tr.append(el("td", "", String(r.place)), el("td", "", seatLabel(s)), el("td", "num", String(r.points)), result);
    // Each player confirms the result at its seat (a paired phone, or this page on a simulated table).
    const td = el("td", "confirm");
    if (st.confirmed && st.confirmed[r.seat]) { td.textContent = "✓"; td.title = "confirmed"; } else {
      const b = el("button", "", "OK");
      b.title = b.ariaLabel = "confirm the result for seat " + r.seat;
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
  box.hidden = !(sim && st.round);
  if (box.hidden) return;
  const list = $("cardlist");
  list.replaceChildren();
  for (const p of st.round.players) {
    if (!p.cards || !p.cards.length) continue;
    const li = el("li", "", `${p.name}'s card: `);
    for (const seat of [0, 1, 2, 3, null]) {
      const b = el("button", "", seat === null ? "table reader" : "seat " + seat);
      b.dataset.card = p.cards[0];
      b.dataset.seat = seat === null ? "table" : String(seat);
      b.addEventListener("click", () => press(seat === null ? { action: "card", card: p.cards[0] } : { action: "card", seat, card: p.cards[0] }));
      li.append(b, " ");
    }
    list.append(li);
  }
}

function outcomeText(e) {
  if (e.outcome && e.outcome.type === "decision") {
    const v = e.outcome;
    return `${(v.won || []).map((c) => callWord(c.call) + " " + name(c.seat)).join(" and ")} on ${name(v.discard.seat)}'s ${tileName(seen(v.discard.tile))}` +
      (v.lost || []).map((c) => `; ${callWord(c.call)} ${name(c.seat)} lost: ${c.why}`).join("");
  }
  return e.text;
}

function show(entries) {
  for (const e of entries) {
    if (e.input) lastInput = e;
    if (e.revision && e.revision.retracted) {
      const gone = new Set(e.revision.retracted);
      outcomes = outcomes.filter((o) => !gone.has(o.seq));
      for (const li of $("log").querySelectorAll("li")) if (gone.has(Number(li.dataset.seq))) li.classList.add("withdrawn");
    }
    if (e.outcome && e.outcome.type === "deal") outcomes = [];
    if (e.outcome) outcomes.push(e);
    if (!e.outcome && !e.void && !e.revision && !e.alert) continue;
    const li = el("li", e.outcome ? e.outcome.type : e.alert ? "alert" : "rejected", outcomeText(e));
    li.dataset.seq = e.seq;
    $("log").prepend(li);
  }
  while ($("log").children.length > 60) $("log").lastChild.remove();
}

// entryAuth is the credential this tablet enters values and names with:
// the referee token this tab holds (from the claim log page), else the
// token the pairing code gave; "" for none.
function entryAuth() {
  const ref = sessionStorage.getItem("token");
  if (ref) return "Bearer " + ref;
  const p = localStorage.getItem("pair");
  return p ? "Pair " + p : "";
}
// mayEnter: this tablet may enter values and names (the server checks again).
const mayEnter = () => (sim && !pairing) || entryAuth() !== "";

function showPairing(msg) {
  $("pairbox").hidden = !pairing || entryAuth() !== "";
  if (msg) { $("pairmsg").textContent = msg; $("pairmsg").className = "bad"; }
}

// pairTablet trades the typed code for the table's pairing token.
async function pairTablet(code) {
  const r = await fetch("/api/pair", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code }) });
  const j = await r.json();
  if (!r.ok) return showPairing(j.error);
  localStorage.setItem("pair", j.token);
  $("paircode").value = "";
  showPairing();
  render();
}
$("pairbox").addEventListener("submit", (ev) => { ev.preventDefault(); pairTablet($("paircode").value); });

// entry posts a value or a name; it answers "" or the server's reason. A
// pairing token the table no longer knows (a new code) is dropped, and
// the tablet asked for the new code.
async function entry(body) {
  const headers = { "Content-Type": "application/json" };
  const auth = entryAuth();
  if (auth) headers.Authorization = auth;
  const r = await fetch("/api/seat", { method: "POST", headers, body: JSON.stringify(body) });
  if (r.ok) return "";
  const j = await r.json().catch(() => ({ error: r.statusText }));
  if (r.status === 401 && auth.startsWith("Pair ")) {
    localStorage.removeItem("pair");
    showPairing("the table has a new pairing code: type the one on its panel");
    render();
  }
  return j.error || r.statusText;
}

async function press(body) {
  const r = await fetch("/api/press", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!r.ok) alert((await r.json()).error);
}

// pick asks for a tile by its picture; two for a chii or pon's shown tiles.
function pick(body, what, two) {
  picking = { body, two, chosen: [] };
  $("pickwhat").textContent = what;
  const grid = $("picktiles");
  if (!grid.children.length) {
    for (const t of ALL_TILES.filter((t) => st.aka || t[0] !== "0")) { // red fives only in a set with them
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
  const p = picking;
  if (t !== null && p.two) {
    p.chosen.push(t);
    document.querySelector(`#picktiles [data-tile="${t}"]`).classList.add("chosen");
    if (p.chosen.length < 2) return;
    t = p.chosen.join("");
  }
  $("picker").hidden = true;
  picking = null;
  press(t ? { ...p.body, tile: t } : p.body);
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
  if (b.dataset.limit) {
    const seat = Number(b.dataset.seat), pick = b.closest(".valuepick");
    const v = { value: b.dataset.limit };
    if (b.dataset.limit === "yakuman") {
      const n = Number(pick.querySelector(".times-y").value || 1), pao = pick.querySelector(".pao").value;
      if (n > 1) v.value += " " + n;
      if (pao !== "") v.pao = Number(pao);
    }
    return sendValue(seat, v);
  }
  if (b.closest(".handpick")) return handClick(b);
  if (b.closest(".valuepick") || b.closest(".nameedit")) return; // their forms submit themselves
  if (b.dataset.tile) return picked(b.dataset.tile);
  if (b.id === "picknone") return picked(null);
  if (b.id === "pickcancel") { $("picker").hidden = true; picking = null; return; }
  const a = b.dataset.action, seat = Number(b.dataset.seat);
  if (a === "discard" || a === "kan") return pick({ seat, action: a }, `${name(windOf(seat))} ${a}: which tile?`, false);
  if (a === "chii" || a === "pon") return pick({ seat, action: a }, `${name(windOf(seat))} ${a}: the two tiles shown (or without)`, true);
  if (a) return press({ seat, action: a });
  if (b.dataset.table === "dora") return pick({ action: "dora" }, "dora indicator: which tile?", false);
  if (b.dataset.table) press({ action: b.dataset.table });
});
$("facing").addEventListener("change", () => { facing = Number($("facing").value); localStorage.setItem("facing", facing); place(); render(); });

function setState(s) {
  st = s;
  offset = performance.now() - s.now_ms;
  render();
}

// tick redraws what runs by time (countdowns, a seat's 3 s signal) while something does.
setInterval(() => { if (st && (renderCountdown() || outcomes.some((e) => tableNow() - e.at_ms < HOLD + 300))) { for (const s of st.seats) renderSeat(s); if (!st.pending.length) renderHeadline(); } }, 250);

// watchClock shows the tournament round's clock: the table counts it down;
// the page asks each second and turns to warning colours near the end.
function watchClock() {
  const el = $("clock");
  const tick = async () => {
    try {
      const c = await (await fetch("/api/clock")).json();
      el.hidden = !c.round;
      if (!c.round) return;
      const s = Math.ceil(c.remaining_ms / 1000);
      const mmss = Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
      el.textContent = c.state === "over" ? "time is up" : c.state === "running" ? mmss + " left" : mmss + " (" + c.state + ")";
      el.className = c.warn;
    } catch (e) { /* the next tick tries again */ }
  };
  tick();
  setInterval(tick, 1000);
}

async function start() {
  place();
  const r = await fetch("/api/state");
  const j = await r.json();
  sim = j.sim;
  panel = j.panel;
  pairing = j.pairing;
  showPairing();
  $("simctl").hidden = !sim;
  $("loglink").hidden = !j.log;
  if (j.clock) watchClock();
  show(j.recent);
  setState(j.state);
  let seen = j.state.seq;
  const es = new EventSource("/api/events");
  es.onopen = () => { $("conn").textContent = "live"; $("conn").className = "good"; };
  es.onerror = () => { $("conn").textContent = "reconnecting…"; $("conn").className = "bad"; };
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
