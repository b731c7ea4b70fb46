// The referee's view of the claim log (log.html), in words: every press
// with its stamp, source and error, every decision with every loser's
// rule. Filters live in the URL, so a link shows a dispute. With the
// token, a press can be voided from its row and the hand corrected. The
// page's words are the catalog's in the reader's language; times are on
// the 24-hour clock and numbers in the language's form; the rows' words
// (logrow) are the table's; a meld is drawn as every view draws one
// (outcome.Meld).
import { el, $ } from "./js/dom.js";
import { load as words, fill, decimal, clock } from "./js/words.js";
import { tileSVG, nameTiles } from "./tiles.js";
import { tileName, windName, actionWord } from "./vocab.js";

const w = await words();
nameTiles((t) => tileName(w, t));
fill(w);
document.title = w.t("logpage.title");
$("langpick").append(w.picker());

let next = 0;
function query() {
  const q = new URLSearchParams();
  for (const [k, v] of new FormData($("filters"))) if (v) q.set(k, v);
  return q;
}
// The words of a row's kind, its flags and a referee's action, by the
// names the log gives them.
const KINDS = { input: "logpage.kind.input", outcome: "logpage.kind.outcome", void: "logpage.kind.void", note: "logpage.kind.note" };
const FLAGS = { late: "logpage.flag.late", override: "logpage.flag.override", alert: "logpage.flag.alert", referee: "logpage.flag.referee", revised: "logpage.flag.revised" };
const FOR = { deadhand: "logpage.referee.deadhand_for", tenpai: "logpage.referee.tenpai_for" };
const known = (keys, k) => (keys[k] ? w.t(keys[k]) : k);

const secs = (ms) => w.t("logpage.seconds", { s: decimal(w, ms / 1000, 3) });

// meld draws a meld (outcome.Meld): its tiles left to right, the called
// one sideways, "" a tile not seen.
function meld(m) {
  const g = el("span", "meld");
  const call = actionWord(w, m.call);
  g.title = m.from ? w.t("status.meld.from", { call, seat: windName(w, m.from) }) : call;
  m.tiles.forEach((t, i) => g.append(tileSVG(t, i === m.turned ? "side" : "")));
  return g;
}

function cells(r) {
  const time = el("td", "time", r.in_hand_ms != null ? secs(r.in_hand_ms) : secs(r.table_ms));
  if (r.in_hand_ms == null) time.title = w.t("logpage.table_time");
  if (r.plus_minus_ms) time.append(el("span", "pm", " " + w.t("logpage.plus_minus", { ms: decimal(w, r.plus_minus_ms, 1) })));
  const what = el("td", "what", r.what);
  // A call's meld as the table lays it, else the tiles the record names.
  if (r.melds && r.melds.length) for (const m of r.melds) what.append(meld(m));
  else for (const t of r.tiles || []) what.append(tileSVG(t));
  for (const f of r.flags || []) what.append(el("span", "flag", known(FLAGS, f).toLocaleUpperCase(w.lang)));
  if (r.lost && r.lost.length) { const ul = el("ul"); for (const l of r.lost) ul.append(el("li", "", l)); what.append(ul); }
  // A press the referee voided, a decision withdrawn: struck through, and by what.
  if (r.voided_by) what.append(el("span", "mark", w.t("logpage.voided_by", { seq: "#" + r.voided_by })));
  if (r.withdrawn_by) what.append(el("span", "mark", w.t("logpage.withdrawn_by", { seq: "#" + r.withdrawn_by })));
  const act = el("td");
  if (r.voidable) { const b = el("button", "", w.t("logpage.void")); b.dataset.void = r.seq; b.dataset.what = r.what; act.append(b); }
  return [el("td", "num", "#" + r.seq), el("td", "num", r.hand ? w.t("logpage.hand", { n: r.hand }) : ""), time, el("td", "", r.source),
    el("td", "wall", clock(w, r.wall)), el("td", "", windName(w, r.seat)), el("td", "kind", known(KINDS, r.kind)), what, act];
}

async function page(from) {
  const q = query();
  if (from) q.set("from", from);
  q.set("lang", w.lang); // the rows' words in the page's language
  const res = await fetch("/api/log?" + q);
  const j = await res.json();
  if (!res.ok) {
    // A filter the log cannot pass says so: the rows are not left as if they answered it.
    $("error").textContent = j.error;
    $("rows").replaceChildren();
    $("more").hidden = true;
    return;
  }
  $("error").textContent = "";
  if (!from) $("rows").replaceChildren();
  for (const r of j.rows) {
    const tr = el("tr", r.kind + ((r.flags || []).includes("alert") ? " flag-alert" : "") +
      (r.voided_by ? " voided" : "") + (r.withdrawn_by ? " withdrawn" : ""));
    tr.dataset.seq = r.seq;
    tr.append(...cells(r));
    $("rows").append(tr);
  }
  next = j.next;
  $("more").hidden = !next;
  for (const f of ["csv", "json", "mjai"]) { const e = query(); e.set("format", f); $(f).href = "/api/export?" + e; }
}

// httpsURL is the table's HTTPS page when it has one and this page is
// plain HTTP: the token is then never sent from here.
let httpsURL = "";
const state = fetch("/api/state").then((r) => r.json());
state.then((s) => {
  if (!s.https || location.protocol !== "http:") return;
  httpsURL = s.https + "log.html";
  $("httpslink").href = httpsURL;
  $("httpslink").textContent = httpsURL;
  $("httpsnote").hidden = false;
}).catch(() => {});

// result shows what a referee's action came to.
function result(ok, text) {
  $("result").textContent = text;
  $("result").className = ok ? "good" : "bad";
}

// referee posts an action with the token, after the referee confirms it.
async function referee(body, what) {
  if (httpsURL) { location.href = httpsURL; return; }
  if (!confirm(w.t("logpage.referee.sure", { what }))) return;
  const r = await fetch("/api/referee?lang=" + w.lang, { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + $("token").value }, body: JSON.stringify(body) });
  const j = await r.json().catch(() => ({}));
  // A void the table refused (409) says so itself, in the page's words.
  result(r.ok, r.ok ? w.t("logpage.referee.done", { what, seq: "#" + j.seq }) : r.status === 409 && j.error ? j.error : w.t("status.refused", { reason: j.error || r.status }));
  if (r.ok) setTimeout(() => page(0), 300);
}

// renewPairing draws a new pairing code: the tablets paired with the old
// one may no longer enter values until they type the new one.
async function renewPairing() {
  if (!confirm(w.t("logpage.referee.renew_sure"))) return;
  const r = await fetch("/api/pair/renew", { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + $("token").value }, body: "{}" });
  const j = await r.json().catch(() => ({}));
  result(r.ok, r.ok ? w.t("logpage.referee.renewed", { what: j.renewed }) : w.t("status.refused", { reason: j.error || r.status }));
}

document.addEventListener("click", (ev) => {
  const b = ev.target.closest("button");
  if (!b) return;
  if (b.dataset.void) {
    if (!$("token").value) { $("referee").open = true; result(false, w.t("logpage.referee.token_first")); $("token").focus(); return; }
    return referee({ action: "void", seq: Number(b.dataset.void) }, w.t("logpage.referee.void_what", { seq: "#" + b.dataset.void, what: b.dataset.what }));
  }
  if (b.dataset.pair) return renewPairing();
  const a = b.dataset.ref;
  if (!a) return;
  const seat = Number($("rseat").value);
  if (a === "newhand") {
    const d = $("rdealer").value;
    return referee(d === "" ? { action: a } : { action: a, dealer: Number(d) },
      d === "" ? w.t("logpage.referee.deal") : w.t("logpage.referee.deal_by", { who: $("rdealer").selectedOptions[0].textContent }));
  }
  referee({ action: a, seat }, w.t(FOR[a], { who: $("rseat").selectedOptions[0].textContent }));
});

// The referee's seats are named by the winds they sit in now, as the log
// names them: "South (seat 1)".
function nameSeats(st) {
  for (const sel of [$("rseat"), $("rdealer")]) for (const o of sel.options) {
    if (o.value === "") continue;
    const s = st && st.seats ? st.seats[Number(o.value)] : null;
    const seat = w.t("status.seat.number", { n: Number(o.value) });
    o.textContent = s && s.wind ? w.t("logpage.seat", { wind: windName(w, s.wind), seat }) : seat;
  }
}
nameSeats(null);
state.then(({ state: st }) => nameSeats(st)).catch(() => {});

$("token").value = sessionStorage.getItem("token") || "";
$("token").addEventListener("change", () => sessionStorage.setItem("token", $("token").value));
$("filters").addEventListener("submit", (e) => { e.preventDefault(); history.replaceState(null, "", "?" + query()); page(0); });
$("more").addEventListener("click", () => page(next));
// The filters come from the URL: a link shows the same rows.
for (const [k, v] of new URLSearchParams(location.search)) { const f = $("filters").elements[k]; if (f) f.value = v; }
page(0);
