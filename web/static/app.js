"use strict";
// The status page: renders the table state and the stream of outcomes.
// Works without any framework; the virtual seat buttons appear on a simulated table.
const $ = (id) => document.getElementById(id);
let sim = false;

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
    const box = $("seat-" + s.seat);
    box.replaceChildren();
    box.classList.toggle("turn", st.turn === s.wind);
    const head = el("div");
    head.append(el("span", "wind", s.name), ` seat ${s.seat}`);
    if (s.riichi) head.append(el("span", "riichi", "RIICHI"));
    if (s.dead) head.append(" (dead hand)");
    if (s.avg_turn_ms) head.append(el("span", "times", ` turn ${(s.last_turn_ms / 1000).toFixed(1)} s, avg ${(s.avg_turn_ms / 1000).toFixed(1)} s`));
    box.append(head, el("div", "tiles", s.discards.join(" ") || "—"));
    if (s.melds.length) box.append(el("div", "tiles", "melds: " + s.melds.join(", ")));
    if (sim) {
      const row = el("div");
      for (const a of ["discard", "chii", "pon", "kan", "ron", "tsumo", "riichi", "cancel"]) {
        const b = el("button", "", a);
        b.dataset.seat = s.seat;
        b.dataset.action = a;
        row.append(b);
      }
      box.append(row);
    }
  }
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
  });
}
start();
