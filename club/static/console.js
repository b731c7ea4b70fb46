// The head referee's console (index.html): every table side by side,
// live. A table silent for STALL seconds stands out; alerts stay until
// acknowledged. Every sentence comes from the catalog (words.js), in the
// reader's language; a seat is named as the table's status page names
// it, by its player and its wind ("Ana (South)"), or by its number and
// wind ("seat 1 (South)"), the same in the names form, the scores and the
// events. What a table said itself (a decision's reason, an alert's
// text) the console words in the page's language (api/stream?lang=); an
// alert note's technical detail, in the table's words, is its title.
import { el, $ } from "./js/dom.js";
import { words, WINDS } from "./tournament.js";

const STALL = 120;
const w = await words();
let tables = [], received = 0;

const windName = (letter) => { const i = "ESWN".indexOf(letter); return i < 0 ? letter : w.t(WINDS[i]); };
// seatLabel is a physical seat (seat) with its wind then (letter) and its
// player (name, or "").
function seatLabel(seat, letter, name) {
  const wind = windName(letter);
  if (name) return w.t("seat.named", { name, wind });
  if (seat === undefined || seat === null) return wind;
  return w.t("seat.numbered", { seat, wind });
}
// nameOf is a table's player at a physical seat now, or "".
const nameOf = (t, seat) => (t.seats && t.seats[seat] && t.seats[seat].name) || "";

function ago(s) {
  if (s < 60) return w.t("console.ago.seconds", { s: Math.round(s) });
  if (s < 3600) return w.t("console.ago.minutes", { m: Math.floor(s / 60), s: Math.round(s % 60) });
  return w.t("console.ago.hours", { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
}
function age(t) { return t.updated && !t.updated.startsWith("0001") ? t.age_s + (performance.now() - received) / 1000 : null; }
const points = (n) => w.num(n);
const change = (n) => (n === 0 ? "" : w.signed(n, 0));

// dealText is a deal in words: "East 2 · 1 honba · 0 riichi sticks ·
// dealer Ana (East)".
function dealText(t, d) {
  const parts = [w.t("console.deal.hand", { wind: windName(d.wind), hand: d.hand }), w.count("console.deal.honba", d.honba),
    w.count("console.deal.sticks", d.sticks), w.t("console.deal.dealer", { who: seatLabel(d.dealer, "E", nameOf(t, d.dealer)) })];
  return parts.join(" · ");
}
// handText is the card's line on the hand in play, the same on every
// table: the deal when the console saw it, else the session's hand number
// (a session's first hand has no deal line), with the dealer.
function handText(t) {
  if (t.round) return dealText(t, t.round);
  const dealer = (t.seats || []).find((s) => s.wind === "E");
  if (t.hand && dealer) return [w.t("console.deal.session", { hand: t.hand }), w.t("console.deal.dealer", { who: seatLabel(dealer.seat, "E", dealer.name) })].join(" · ");
  return w.t("console.deal.none");
}

// scores are a table's points after its latest settled hand, in physical
// seat order, each seat with its wind in the hand they scored.
function scores(t) {
  const tb = el("table", "scores");
  // The hand scored in the words of the card's hand line: its deal, or
  // the session's hand when no deal line was seen (a session's first).
  const scored = t.scored ? w.t("console.deal.hand", { wind: windName(t.scored.wind), hand: t.scored.hand })
    : t.scored_hand ? w.t("console.deal.session", { hand: t.scored_hand }) : "";
  tb.append(el("caption", "", scored ? w.t("console.scores.after", { hand: scored }) : w.t("console.scores.latest")));
  for (const s of t.scores.slice().sort((a, b) => a.seat - b.seat)) {
    const tr = el("tr");
    tr.append(el("td", "", seatLabel(s.seat, s.wind, s.name)), el("td", "num", points(s.points)),
      el("td", "num " + (s.delta > 0 ? "up" : s.delta < 0 ? "down" : ""), change(s.delta)));
    tb.append(tr);
  }
  return tb;
}
// standings are a table's final standings: place, player, points, result
// after uma in thousands.
function standings(t) {
  const tb = el("table", "standings");
  tb.append(el("caption", "", w.t("console.standings")));
  for (const p of t.standings) {
    const tr = el("tr");
    tr.append(el("td", "", w.num(p.place)), el("td", "", seatLabel(p.seat, p.wind, p.name)), el("td", "num", points(p.points)),
      el("td", "num", w.signed(p.result / 1000, 1)));
    tb.append(tr);
  }
  return tb;
}

// eventText is a table's event (e: its latest, or an alert's) in words.
const REFEREE = { deadhand: "console.referee.deadhand", tenpai: "console.referee.tenpai", newhand: "console.referee.newhand", chombo: "console.referee.chombo" };
function eventText(t, e) {
  if (!e) return "";
  const who = seatLabel(e.seat, e.wind, e.seat !== undefined ? nameOf(t, e.seat) : "");
  switch (e.what) {
    case "discard": return w.t("console.event.discard", { who });
    case "name": return w.t("console.event.name", { seat: seatLabel(e.seat, e.wind, ""), name: e.name });
    case "referee": return w.t("console.event.referee", { what: REFEREE[e.action] ? w.t(REFEREE[e.action], { who }) : w.t("console.referee.other", { action: e.action, who }) });
    case "void": return e.note ? w.t("console.event.void_refused", { input: e.input, note: e.note }) : w.t("console.event.void", { input: e.input });
    case "decision": return e.text;
    // A press for the whole table (a new hand, a dora) has no seat to name.
    default:
      if (e.seat === undefined && !e.wind) return e.action === "newhand" ? w.t("console.referee.newhand") : w.t("i31p.table_press", { action: e.action });
      return w.t("console.event.press", { who, action: e.action });
  }
}

// ALERT are the alert kinds' names on a card; a refusal, a referee's
// action and an alert note say what they are in their text.
const ALERT = { late: "console.alert.late", override: "console.alert.override", flag: "console.alert.flag" };
const clock = new Intl.DateTimeFormat(w.lang, { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });

function card(t) {
  const a = age(t);
  const box = el("section", "table" + (t.online ? "" : " offline") + (a !== null && a > STALL ? " stalled" : ""));
  box.id = "table-" + t.table;
  const h = el("h2", "", t.online ? t.table : w.t("console.offline", { table: t.table }));
  if (t.url) {
    const link = el("a", "", w.t("console.open"));
    link.href = t.url;
    link.target = "_blank";
    h.append(link);
  }
  box.append(h, el("div", "deal", handText(t)), el("div", "muted", w.count("console.discards", t.discards)),
    el("div", "decision", t.decision || w.t("console.no_decision")));
  if (t.standings && t.standings.length) box.append(standings(t));
  else if (t.scores && t.scores.length) box.append(scores(t));
  const last = el("div", "muted"), text = t.event ? eventText(t, t.event) : t.last || "";
  last.append(w.t("console.last") + " ", el("span", "age", a === null ? w.t("console.none_yet") : ago(a)), text ? " · " + text : "");
  box.append(last);
  const ul = el("ul", "alerts");
  for (const al of t.alerts.slice().reverse()) {
    const li = el("li", al.kind), b = el("button", "", w.t("console.acknowledge"));
    b.dataset.table = t.table;
    b.dataset.seq = al.seq;
    li.append(el("time", "", clock.format(new Date(al.wall))));
    if (ALERT[al.kind]) li.append(el("span", "kind", w.t(ALERT[al.kind])));
    if (al.detail) li.title = al.detail;
    li.append(al.event ? eventText(t, al.event) : al.text, b);
    ul.append(li);
  }
  box.append(ul);
  return box;
}
function render() {
  $("empty").hidden = tables.length > 0;
  $("tables").replaceChildren(...tables.map(card));
}

document.addEventListener("click", async (ev) => {
  const b = ev.target.closest("button[data-seq]");
  if (!b) return;
  b.disabled = true;
  await fetch("api/ack", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ table: b.dataset.table, seq: Number(b.dataset.seq) }) });
});

// The names form is built once: a new view refreshes its tables and the
// chosen table's seats, each named as the status page names it.
function choices() {
  const sel = $("ntable"), was = sel.value;
  sel.replaceChildren(...tables.map((t) => new Option(t.table, t.table)));
  if (tables.some((t) => t.table === was)) sel.value = was;
  const t = tables.find((x) => x.table === sel.value), seat = $("nseat"), chosen = seat.value;
  const seats = (t && t.seats) || [0, 1, 2, 3].map((s) => ({ seat: s, wind: "ESWN"[s] }));
  seat.replaceChildren(...seats.map((s) => new Option(seatLabel(s.seat, s.wind, s.name), String(s.seat))));
  if (chosen !== "") seat.value = chosen;
}
$("ntable").addEventListener("change", choices);

// A name goes to the console, which sends it on to the table with the
// table's referee token (kept in this tab only).
$("ntoken").value = sessionStorage.getItem("token") || "";
$("nameform").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const token = $("ntoken").value, out = $("nresult");
  sessionStorage.setItem("token", token);
  const r = await fetch("api/name", { method: "POST", headers: { "Content-Type": "application/json", authorization: "Bearer " + token },
    body: JSON.stringify({ table: $("ntable").value, seat: Number($("nseat").value), name: $("nname").value.trim() }) });
  const j = await r.json().catch(() => ({}));
  out.textContent = r.ok ? w.t("console.names.done") : w.t("console.names.refused", { reason: j.error || r.statusText });
});

// The page's own words.
document.title = w.t("console.title");
for (const [id, key] of [["title", "console.title"], ["ltournament", "tour.title"], ["lnames", "console.names.title"], ["lntable", "console.names.table"],
  ["lnseat", "console.names.seat"], ["lnname", "console.names.name"], ["lntoken", "console.names.token"], ["bname", "console.names.set"], ["empty", "console.empty"]]) {
  $(id).textContent = w.t(key);
}

// The header says how the console stands with the club's broker, in
// words: "live" only while the broker is connected.
function conn(text, good) { const c = $("conn"); c.textContent = text; c.className = good ? "good" : "bad"; }
conn(w.t("console.connecting"), false);
// What the tables said themselves (a decision's reason, an alert's text)
// comes worded by the console in the page's language.
const es = new EventSource("api/stream?lang=" + encodeURIComponent(w.lang));
// brokerText is the console's status with its broker in words: from the
// broker's address and the cause when the status gives them, else the
// console's own detail.
function brokerText(s) {
  if (s.broker === "connected") return w.t("page.live") + " · " + (s.host ? w.t("console.broker.connected", { host: s.host }) : s.detail);
  if (!s.host) return s.broker === "connecting" ? w.t("console.broker.not_yet") : s.detail;
  if (s.broker === "connecting") return w.t("console.broker.connecting", { host: s.host });
  return w.t("console.broker.unreachable", { host: s.host, cause: s.cause || "" });
}
es.addEventListener("broker", (m) => {
  const s = JSON.parse(m.data);
  conn(brokerText(s), s.broker === "connected");
});
es.onerror = () => conn(w.t("console.lost"), false);
es.onmessage = (m) => { tables = JSON.parse(m.data); received = performance.now(); choices(); render(); };
setInterval(render, 5000); // the ages move on between updates
