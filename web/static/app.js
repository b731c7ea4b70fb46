"use strict";
// The status page: renders the table state and the stream of outcomes.
// Works without any framework; the virtual seat buttons appear on a simulated table.
const $ = (id) => document.getElementById(id);
let sim = false;
let panel = false; // the daemon drives a table panel: /api/panel.png serves its frame

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function render(st) {
  $("round").textContent = `${st.round_wind} ${st.hand}, honba ${st.honba}, riichi sticks ${st.riichi_sticks} (${st.profile})`;
  const dora = st.indicators.map((t, i) => `${t}→${st.dora[i]}`).join("  ");
  $("dora").textContent = "dora: " + (dora || "indicator not read") + (st.kan_dora_due ? `  — reveal kan dora (${st.kan_dora_due})` : "");
  $("wall").textContent = st.ended ? `hand over: ${st.result}` : `wall ${st.wall}, kongs ${st.kongs}, ${st.turn} to play`;
  for (const s of st.seats) {
    const box = seatBox(s.seat);
    box.classList.toggle("turn", st.turn === s.wind);
    box.querySelector(".wind").textContent = s.name;
    box.querySelector(".riichi").hidden = !s.riichi;
    box.querySelector(".dead").hidden = !s.dead;
    box.querySelector(".times").textContent = s.avg_turn_ms ? ` turn ${(s.last_turn_ms / 1000).toFixed(1)} s, avg ${(s.avg_turn_ms / 1000).toFixed(1)} s` : "";
    box.querySelector(".discards").textContent = s.discards.join(" ") || "—";
    box.querySelector(".melds").textContent = s.melds.length ? "melds: " + s.melds.join(", ") : "";
  }
}

// seatBox builds a seat's box once; later renders change only its text, so
// a button is never replaced under a finger.
function seatBox(seat) {
  const box = $("seat-" + seat);
  if (box.dataset.built) return box;
  box.dataset.built = "1";
  const head = el("div");
  head.append(el("span", "wind"), ` seat ${seat}`, el("span", "riichi", "RIICHI"), el("span", "dead", " (dead hand)"), el("span", "times"));
  box.append(head, el("div", "tiles discards"), el("div", "tiles melds"));
  if (sim) {
    const row = el("div");
    for (const a of ["discard", "chii", "pon", "kan", "ron", "tsumo", "riichi", "cancel"]) {
      const b = el("button", "", a);
      b.dataset.seat = seat;
      b.dataset.action = a;
      row.append(b);
    }
    box.append(row);
  }
  return box;
}

function show(entries) {
  for (const e of entries) {
    if (e.void && e.text) { $("log").prepend(el("li", "flag", e.text)); continue; }
    if (!e.outcome) continue;
    const o = e.outcome;
    const li = el("li", o.type, e.text);
    li.dataset.seq = e.seq;
    $("log").prepend(li);
    if (o.type === "decision") {
      $("decision").textContent = o.reason;
      $("decision").classList.toggle("late", !!o.late);
    }
  }
}

async function press(body) {
  const r = await fetch("/api/press", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!r.ok) alert((await r.json()).error);
}

document.addEventListener("click", (ev) => {
  const b = ev.target.closest("button");
  if (!b) return;
  const tile = $("tile").value.trim();
  if (b.dataset.action) press({ seat: Number(b.dataset.seat), action: b.dataset.action, tile });
  if (b.dataset.table) press({ action: b.dataset.table, tile });
});

async function start() {
  const r = await fetch("/api/state");
  const j = await r.json();
  sim = j.sim;
  panel = j.panel;
  $("simctl").hidden = !sim;
  render(j.state);
  show(j.recent);
  let seen = j.state.seq;
  const es = new EventSource("/api/events");
  es.onopen = () => { $("conn").textContent = "live"; $("conn").className = "good"; };
  es.onerror = () => { $("conn").textContent = "reconnecting…"; $("conn").className = "bad"; };
  es.addEventListener("update", (m) => {
    const u = JSON.parse(m.data);
    if (u.resync) { location.reload(); return; } // away too long: start again from the state
    if (u.entries) show(u.entries.filter((e) => e.seq > seen));
    if (u.entries && u.entries.length) seen = Math.max(seen, u.entries[u.entries.length - 1].seq);
    if (u.state) render(u.state);
    // Only the image's src changes; a new URL per update makes the browser refetch the frame.
    if (panel) $("panel").src = "/api/panel.png?seq=" + encodeURIComponent(m.lastEventId);
  });
}
start();
