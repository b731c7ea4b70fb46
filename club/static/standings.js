// The standings (standings.html): each player's place and total, live,
// with their games; provisional results marked. Totals are in thousands
// of points with one decimal, as the language writes them (+45.3, +45,3).
import { el, $ } from "./js/dom.js";
import { words, live, withheldText } from "./tournament.js";

const w = await words();
const signed = (n) => w.signed(n / 1000, 1);
const title = (name) => name ? w.t("tour.standings.title", { name }) : w.t("tour.standings.untitled");
document.title = title("");
live((v) => {
  document.title = title(v.name);
  $("title").textContent = title(v.name);
  const s = v.standings || { rows: [], withheld: [] };
  $("withheld").replaceChildren(...(s.withheld || []).map((h) => el("li", "", withheldText(w, h))));
  const t = $("rows"), head = el("tr");
  ["", w.t("tour.standings.player"), w.t("tour.standings.total")].forEach((h, i) => head.append(el("th", i === 2 ? "num" : "", h)));
  t.replaceChildren(head);
  if (!s.counted || !s.counted.length) { const tr = el("tr"), td = el("td", "muted", w.t("tour.standings.none")); td.colSpan = 3; tr.append(td); t.append(tr); }
  for (const r of s.rows || []) {
    const tr = el("tr", "player");
    // "=" marks a place shared (a symbol, the same in every language).
    tr.append(el("td", "num", w.num(r.place) + (r.tied ? "=" : "")), el("td", "", `${r.player.name} (${r.player.number})`),
      el("td", "num " + (r.total > 0 ? "up" : r.total < 0 ? "down" : ""), signed(r.total)));
    const games = el("tr", "games"), td = el("td");
    td.colSpan = 3;
    for (const g of r.games || []) {
      const text = w.t("tour.standings.game", { round: g.round, table: g.table, place: g.place, result: signed(g.result) });
      td.append(el("span", g.provisional ? "provisional" : "", text + (g.provisional ? " " + w.t("tour.provisional") : "") + "  "));
    }
    games.append(td);
    t.append(tr, games);
  }
}, (up) => { const c = $("conn"); c.textContent = w.t(up ? "page.live" : "page.offline"); c.className = up ? "good" : "warn"; }, true);
