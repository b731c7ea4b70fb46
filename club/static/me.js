// Where do I sit (me.html): a player types their number and sees their
// table and wind each round, whom they play and their results.
import { el, $ } from "./js/dom.js";
import { words, WINDS } from "./tournament.js";

const w = await words();
document.title = w.t("tour.me.title");
$("lnum").textContent = w.t("tour.me.number");
$("bgo").textContent = w.t("tour.me.go");
const out = $("out"), num = $("num");
async function show(n) {
  const r = await fetch("api/tournament/where?player=" + n);
  out.replaceChildren();
  if (!r.ok) { out.append(el("p", "", w.t("tour.me.unknown"))); return; }
  const where = await r.json(), names = {};
  const v = await (await fetch("api/tournament/public")).json();
  for (const p of v.players) names[p.number] = p.name;
  out.append(el("p", "big", `${where.player.number} ${where.player.name}`));
  if (!where.rounds || !where.rounds.length) out.append(el("p", "", w.t("tour.me.none")));
  for (const pr of where.rounds || []) {
    const now = pr.round === where.current, d = el("div", "seat" + (now ? " now" : ""));
    d.append(el("div", "", w.t("tour.round", { n: pr.round }) + (now ? " · " + w.t("tour.me.now") : "")),
      el("div", "big", w.t("tour.me.seat", { table: pr.table, wind: w.t(WINDS[pr.wind]) })),
      el("div", "muted", w.t("tour.me.against", { players: pr.opponents.map((o) => names[o] || o).join(", ") })));
    if (pr.result) d.append(el("div", "", w.t("tour.me.result", { result: w.signed(pr.result.result / 1000, 1) }) + (pr.confirmed ? "" : " · " + w.t("tour.provisional"))));
    out.append(d);
  }
}
const saved = new URLSearchParams(location.search).get("player") || localStorage.getItem("tabled-player");
if (saved) { num.value = saved; show(saved); }
$("who").addEventListener("submit", (e) => { e.preventDefault(); localStorage.setItem("tabled-player", num.value); show(num.value); });
setInterval(() => { if (num.value) show(num.value); }, 30000);
