// The head referee's page (tournament.html): players, seating, the
// round's clock, results, penalties, corrections and options. Every
// sentence comes from the catalog (tour.* keys) in the reader's language.
import { el, $ } from "./js/dom.js";
import { words, live, post, clock, remaining, playerName, WINDS, fit, alertText, refusedText } from "./tournament.js";

const w = await words();
let view = null, since = 0;

// texts puts the fixed words on the page: element id → message key.
function texts() {
  document.title = w.t("tour.title");
  const set = { title: "tour.title", lwall: "tour.link.wall", lme: "tour.link.me", lstandings: "tour.link.standings", ltables: "tour.link.tables",
    hclock: "tour.clock.head", bstart: "tour.clock.start", bpause: "tour.clock.pause", bresume: "tour.clock.resume", bend: "tour.clock.end",
    hplayers: "tour.players.head", lreserve: "tour.players.reserve", bplayer: "tour.players.save", bimport: "tour.players.import", lexport: "tour.players.export",
    hseating: "tour.seating.head", lfrom: "tour.seating.from", lseed: "tour.seating.seed", bseat: "tour.seating.seat",
    hresults: "tour.results.head", bpenalty: "tour.penalty.give", bcorrect: "tour.correct.save", bswap: "tour.swap.swap",
    hoptions: "tour.options.head", lconfirmed: "tour.options.confirmed", boptions: "tour.options.save", lby: "tour.options.by" };
  for (const [id, k] of Object.entries(set)) $(id).textContent = w.t(k);
  const ph = { pnumber: "tour.players.number", pname: "tour.players.name", pema: "tour.players.ema", pcountry: "tour.players.country", pclub: "tour.players.club",
    pcards: "tour.players.cards", csv: "tour.players.csv", yplayer: "tour.penalty.player", yamount: "tour.penalty.amount", ywhy: "tour.penalty.why",
    cround: "tour.correct.round", ctable: "tour.correct.table", cpoints: "tour.correct.points", csticks: "tour.correct.sticks", cwhy: "tour.penalty.why",
    wround: "tour.correct.round", wa: "tour.swap.a", wb: "tour.swap.b", wwhy: "tour.penalty.why",
    oname: "tour.options.name", orounds: "tour.options.rounds", ominutes: "tour.options.minutes", oafter: "tour.options.after", otables: "tour.options.tables",
    obook: "tour.options.book", ohide: "tour.options.hide" };
  for (const [id, k] of Object.entries(ph)) { $(id).placeholder = w.t(k); $(id).title = w.t(k); }
  $("ckind").append(new Option(w.t("tour.correct.kind_correct"), "correct"), new Option(w.t("tour.correct.kind_result"), "result"));
}

async function send(path, body) {
  const by = $("by").value.trim();
  if (!by) { $("error").textContent = w.t("tour.penalty.need_by"); return null; }
  try { const out = await post(path, { by, ...body }); $("error").textContent = ""; return out; }
  catch (e) { $("error").textContent = refusedText(w, e); return null; }
}

function row(cells, tag = "td") { const tr = el("tr"); for (const c of cells) tr.append(c instanceof Node ? c : el(tag, "", String(c))); return tr; }
const round = (n) => w.t("tour.round", { n });
const STATES = { waiting: "tour.clock.waiting", running: "tour.clock.running", paused: "tour.clock.paused", over: "tour.clock.over" };

function showClock() {
  if (!view || !view.current) { $("round").textContent = w.t("tour.clock.none"); $("clock").textContent = ""; return; }
  const c = view.clocks[view.current - 1], left = remaining(c, since);
  $("round").textContent = round(view.current);
  $("clock").textContent = clock(left);
  $("clock").className = left <= 0 || c.state === "over" ? "over" : left < 5 * 60000 ? "near" : "";
  $("clockstate").textContent = w.t(STATES[c.state]);
}

// sub says whom a substitute stands in for, or who replaces a player.
function sub(p) {
  if (p.replaces) return w.t("tour.players.substitute_for", { player: p.replaces, round: p.from });
  if (p.reserve) return w.t("tour.players.reserve");
  if (p.replaced_by) return w.t("tour.players.replaced_by", { player: p.replaced_by, round: p.from });
  return "";
}

function showPlayers(v) {
  const head = [w.t("tour.players.col_number"), w.t("tour.players.name"), w.t("tour.players.col_ema"), w.t("tour.players.country"), w.t("tour.players.club"), w.t("tour.players.col_cards"), ""];
  const pt = $("players"); pt.replaceChildren(row(head, "th"));
  for (const p of v.players || []) pt.append(row([p.number, p.name, p.ema || "", p.country || "", p.club || "", (p.cards || []).join(" "), sub(p)]));
}

function showSeating(v) {
  const seating = $("seating"); seating.replaceChildren();
  for (const r of v.rounds || []) {
    const t = el("table"); t.append(el("caption", "", round(r.number)), row([w.t("tour.seating.table"), ...WINDS.map((k) => w.t(k))], "th"));
    for (const g of r.games) t.append(row([g.table, ...g.players.map((n) => playerName(v, n))]));
    seating.append(t);
  }
  const prog = $("progress"); prog.replaceChildren();
  const cur = v.current ? v.rounds[v.current - 1] : null;
  for (const g of cur ? cur.games : []) {
    const p = v.progress[g.table] || { online: false };
    const hand = p.deal ? `${p.deal} · ${p.last || ""}` : (p.last || "");
    const d = el("div", "game");
    d.append(el("b", p.online ? "good" : "bad", p.online ? g.table : w.t("tour.results.offline", { table: g.table })), el("div", "muted", hand),
      el("div", "", g.players.map((n) => playerName(v, n)).join(" · ")));
    prog.append(d);
  }
}

function showResults(v) {
  $("alerts").replaceChildren(...(v.alerts || []).map((a) => el("li", "", alertText(w, a))));
  const res = $("results"); res.replaceChildren();
  for (const r of v.rounds || []) for (const g of r.games) {
    const d = el("div", "game"), state = w.t(!g.result ? "tour.results.playing" : g.confirmed ? "tour.results.confirmed" : "tour.provisional");
    d.append(el("b", "", `${round(r.number)} · ${g.table} `), el("span", g.confirmed ? "good" : "provisional", state));
    if (g.result && g.result.referee) d.append(el("span", "referee", " · " + w.t("tour.results.referee")));
    if (g.corrected) d.append(el("span", "referee", " · " + w.t("tour.results.corrected")));
    if (g.result) {
      const t = el("table");
      for (const s of g.result.seats) t.append(row([w.t("tour.results.place", { place: s.place }), playerName(v, s.player), w.num(s.points), w.signed(s.result, 0)]));
      d.append(t);
      if (!g.confirmed) { const b = el("button", "", w.t("tour.results.confirm")); b.addEventListener("click", () => send("api/tournament/confirm", { round: r.number, table: g.table })); d.append(b); }
    }
    res.append(d);
  }
  const head = ["tour.penalty.player", "tour.penalty.points", "tour.penalty.round", "tour.penalty.why", "tour.penalty.by"].map((k) => w.t(k));
  const pen = $("penalties"); pen.replaceChildren(row([...head, ""], "th"));
  for (const p of v.penalties || []) {
    const b = el("button", "", w.t("tour.penalty.withdraw"));
    b.addEventListener("click", () => {
      const why = $("ywhy").value.trim();
      if (!why) { $("error").textContent = w.t("tour.penalty.need_why"); return; }
      send("api/tournament/withdraw", { seq: p.seq, why });
    });
    pen.append(row([playerName(v, p.player), w.num(p.amount), p.round || "", p.why, p.by, b]));
  }
}

function show(v) {
  view = v; since = Date.now();
  $("fit").textContent = fit(w, v.seated);
  showPlayers(v);
  showSeating(v);
  showResults(v);
  showClock();
}

function num(id) { return Number($(id).value); }
function submit(id, fn) { $(id).addEventListener("submit", (e) => { e.preventDefault(); fn(e); }); }
texts();
for (const b of document.querySelectorAll("#clockform button")) {
  b.addEventListener("click", (e) => { e.preventDefault(); if (view && view.current) send("api/tournament/clock", { round: view.current, action: b.dataset.action }); });
}
submit("playerform", async () => {
  const player = { number: num("pnumber") || 0, name: $("pname").value, ema: $("pema").value.trim(), country: $("pcountry").value, club: $("pclub").value,
    cards: $("pcards").value.toLowerCase().split(/\s+/).filter(Boolean), reserve: $("preserve").checked };
  if (await send("api/tournament/player", { player })) $("playerform").reset();
});
submit("importform", async () => { if (await send("api/tournament/players/import", { csv: $("csv").value })) $("csv").value = ""; });
submit("seatform", () => send("api/tournament/seat", { from: num("sfrom"), seed: num("sseed") }));
submit("penaltyform", () => send("api/tournament/penalty", { player: num("yplayer"), amount: num("yamount"), why: $("ywhy").value }));
submit("correctform", () => send("api/tournament/" + $("ckind").value, { round: num("cround"), table: $("ctable").value.trim(),
  points: $("cpoints").value.split(/[\s,]+/).filter(Boolean).map(Number), sticks: num("csticks"), why: $("cwhy").value }));
submit("swapform", () => send("api/tournament/swap", { round: num("wround"), a: num("wa"), b: num("wb"), why: $("wwhy").value }));
submit("optform", () => send("api/tournament/options", { options: { name: $("oname").value, rounds: num("orounds"), round_minutes: num("ominutes"), after_time: num("oafter"),
  tables: $("otables").value.split(/[\s,]+/).filter(Boolean), book: $("obook").value.trim(), publish_confirmed: $("oconfirmed").checked, hide_last: num("ohide") } }));
live((v) => {
  if (v.options && v.options.rounds && !$("oname").value) {
    const o = v.options; $("oname").value = o.name; $("orounds").value = o.rounds; $("ominutes").value = o.round_minutes; $("oafter").value = o.after_time;
    $("otables").value = (o.tables || []).join(" "); $("obook").value = o.book; $("oconfirmed").checked = o.publish_confirmed; $("ohide").value = o.hide_last || 0;
  }
  show(v);
}, (up) => { $("conn").textContent = w.t(up ? "page.live" : "page.offline"); $("conn").className = up ? "good" : "warn"; });
setInterval(showClock, 250);
// The forms' buttons come disabled (tournament.html): until this module has
// its words and its handlers, which a slow phone or console takes a while
// over, a press would submit the form as a plain page load, reloading the
// page and losing what the referee typed. Now a press is handled.
for (const b of document.querySelectorAll("button[disabled]")) b.disabled = false;
