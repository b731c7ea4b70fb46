// The seating for the wall (wall.html): each round's tables, and the same
// round by player name, to print.
import { el, $ } from "./js/dom.js";
import { words, live, WINDS } from "./tournament.js";

const w = await words();
const title = (name) => name ? w.t("tour.wall.title", { name }) : w.t("tour.wall.untitled");
const round = (n) => w.t("tour.round", { n });
// The East column says East deals first; the others are the winds' names.
const winds = [w.t("tour.wall.east"), ...WINDS.slice(1).map((k) => w.t(k))];
const want = Number(new URLSearchParams(location.search).get("round")) || 0;
document.title = title("");
live((v) => {
  document.title = title(v.name);
  const playerName = (n) => n + " " + v.players[n - 1].name;
  const nav = $("nav"); nav.replaceChildren();
  const a = el("a", "", w.t("tour.wall.all")); a.href = "wall.html"; nav.append(a);
  for (const r of v.seating || []) { const l = el("a", "", round(r.number)); l.href = "wall.html?round=" + r.number; nav.append(l); }
  const out = $("rounds"); out.replaceChildren();
  const rounds = (v.seating || []).filter((r) => !want || r.number === want);
  if (!rounds.length) out.append(el("p", "", w.t("tour.wall.none")));
  for (const r of rounds) {
    const d = el("div", "round"), t = el("table"), head = el("tr");
    d.append(el("h1", "", `${title(v.name)} · ${round(r.number)}`));
    for (const h of [w.t("tour.wall.table"), ...winds]) head.append(el("th", "", h));
    t.append(head);
    for (const g of r.games) { const tr = el("tr"); tr.append(el("td", "", g.table)); for (const n of g.players) tr.append(el("td", "", playerName(n))); t.append(tr); }
    // The same round by player, for finding one's name on the wall.
    const byName = el("table"), h2 = el("tr");
    for (const h of [w.t("tour.wall.player"), w.t("tour.wall.where")]) h2.append(el("th", "", h));
    byName.append(h2);
    const seats = [];
    for (const g of r.games) g.players.forEach((n, i) => seats.push([v.players[n - 1].name, n, g.table, i]));
    seats.sort((x, y) => x[0].localeCompare(y[0], w.lang));
    for (const [name, n, table, i] of seats) { const tr = el("tr"); tr.append(el("td", "", `${name} (${n})`), el("td", "", `${table} · ${w.t(WINDS[i])}`)); byName.append(tr); }
    d.append(t, el("h2", "", w.t("tour.wall.by_player")), byName);
    out.append(d);
  }
}, () => {}, true);
