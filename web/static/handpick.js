// The winner's hand picker (issue 24): the winner picks its concealed
// tiles by their pictures, laid out as a hand beside the melds the table
// recorded; the table scores the hand as it grows (POST /api/hand/preview)
// and shows the value with its yaku and fu, or why it cannot be scored;
// "enter this hand" sends it like a value (POST /api/seat, action hand).
// After a ron the discard is the winning tile, preset; after a tsumo the
// player marks the tile it drew. The tiles it offers are the server's
// (GET /api/game: red fives only under rules with them); the value, the
// yaku and the fu are said in the catalog's words (vocab.js).
import { el } from "./js/dom.js";
import { p as pg, meldTiles, entryAuth } from "./page.js";
import { entry } from "./entry.js";
import { tileSVG } from "./tiles.js";
import { yakuWord, fuPart, valueWords, actionWord } from "./vocab.js";

// handPicks are each seat's picks: the key of the win they are for (a new
// win starts afresh), the tiles picked and which of them is the winning
// tile (-1 for none marked yet); fixed: the winning tile is a ron's discard.
const handPicks = {};

// tileOrder sorts tiles as players arrange a hand: characters, circles,
// bamboo, honours, each by rank, a red five just before the other fives.
const tileOrder = (t) => "mpsz".indexOf(t[1]) * 20 + (t[0] === "0" ? 9 : Number(t[0]) * 2);
// fuWords are a hand's fu part by part, each part by its code with its
// tile in words ("pair of white dragon (dragon) 2"): players never read
// mpsz.
const fuWords = (fu) => pg.w.t("hand.fu", { parts: fu.map((f) => fuPart(pg.w, f)).join(", ") });

// handSize is how many concealed tiles the winner holds, the winning tile
// included: 14, three less for each meld (a kong's fourth tile is extra).
const handSize = (s) => 14 - 3 * s.melds.length;

// handPicker is a seat's hand picker, built once in its value entry.
export function handPicker(seat) {
  const w = pg.w;
  const box = el("div", "handpick");
  box.dataset.seat = seat;
  const grid = el("div", "handtiles"); // its tiles are drawn when it is first shown
  grid.setAttribute("aria-label", w.t("hand.tiles"));
  const tools = el("div", "row");
  for (const [what, label] of [["undo", w.t("hand.undo")], ["clear", w.t("hand.clear")]]) {
    const b = el("button", "", label);
    b.type = "button";
    b.dataset.handtool = what;
    b.dataset.seat = seat;
    tools.append(b);
  }
  const go = el("button", "confirm", w.t("hand.enter"));
  go.type = "button";
  go.dataset.handtool = "enter";
  go.dataset.seat = seat;
  go.disabled = true;
  box.append(el("div", "hint"), el("div", "hand"), el("div", "hvalue"), grid, tools, go, el("div", "handmsg"));
  return box;
}

// showHandPicker brings seat s's picker up to date with its win.
export function showHandPicker(pick, s) {
  const st = pg.st;
  const box = pick.querySelector(".handpick");
  const w = s.win;
  box.hidden = !w;
  if (!w) return;
  const grid = box.querySelector(".handtiles");
  if (!grid.children.length) {
    const red = pg.game.tiles.some((t) => t[0] === "0");
    grid.style.setProperty("--cols", red ? 10 : 9); // a suit a row
    for (const t of pg.game.tiles) {
      const b = el("button");
      b.type = "button";
      b.dataset.add = t;
      b.dataset.seat = s.seat;
      b.append(tileSVG(t));
      grid.append(b);
    }
  }
  const key = `${st.round_wind}${st.hand}/${st.honba}/${s.seat}/${w.tsumo}/${w.on || ""}/${s.melds.length}`;
  let p = handPicks[s.seat];
  if (!p || p.key !== key) {
    p = handPicks[s.seat] = { key, tiles: [], win: -1, fixed: false, shown: "" };
    if (!w.tsumo && w.on) { p.tiles = [w.on]; p.win = 0; p.fixed = true; }
  }
  drawHand(box, s, p);
}

// drawHand draws the picks as a hand: the concealed tiles sorted, the
// winning tile set apart, the melds beside them; then asks for the value.
function drawHand(box, s, p) {
  // Redrawn only when the picks change: a button is never replaced under a finger.
  const drawn = JSON.stringify([p.tiles, p.win, s.melds.length]);
  if (p.drawn === drawn) return;
  p.drawn = drawn;
  const order = p.tiles.map((t, i) => i).filter((i) => i !== p.win).sort((a, b) => tileOrder(p.tiles[a]) - tileOrder(p.tiles[b]));
  const hand = box.querySelector(".hand");
  hand.replaceChildren();
  const mine = el("span", "concealed");
  for (const i of order) mine.append(handTile(s.seat, p, i));
  const win = el("span", "wintile");
  const w = pg.w;
  if (p.win >= 0) win.append(handTile(s.seat, p, p.win));
  else win.append(el("span", "nowin", w.t(s.win.tsumo ? "hand.drawn_q" : "hand.won_q")));
  hand.append(mine, win);
  for (const m of s.melds) hand.append(meldTiles(m));
  const need = handSize(s), n = p.tiles.length;
  const mark = w.t(s.win.tsumo ? "hand.mark_drawn" : "hand.mark_won");
  const left = w.t("hand.pick", { need, left: need - n });
  box.querySelector(".hint").textContent = n < need
    ? (p.fixed ? left : w.t("hand.pick_and_mark", { pick: left, mark }))
    : p.win < 0 ? w.t("hand.mark_it", { mark }) : w.t("hand.complete");
  for (const b of box.querySelectorAll(".handtiles button")) b.disabled = n >= need;
  previewHand(box, s, p);
}

// handTile is picked tile i: after a tsumo (or a ron on a discard the
// table did not see) a tap marks it as the winning tile, a second takes
// it out; after a ron the discard stays, any other tile is taken out.
function handTile(seat, p, i) {
  const b = el("button", i === p.win ? "win" : "");
  b.type = "button";
  b.dataset.seat = seat;
  b.dataset.picked = i;
  b.disabled = p.fixed && i === p.win;
  b.title = pg.w.t(i === p.win ? "hand.winning" : p.fixed ? "hand.take_out" : "hand.mark_title");
  b.append(tileSVG(p.tiles[i]));
  return b;
}

// previewHand asks the table what the complete hand is worth, and shows
// the value with its yaku and fu, or the reason it is refused. An answer
// to an older hand than the one now picked is dropped.
async function previewHand(box, s, p) {
  const out = box.querySelector(".hvalue"), go = box.querySelector(".confirm");
  const ready = p.tiles.length === handSize(s) && p.win >= 0;
  const body = ready ? { seat: s.seat, hand: p.tiles.join(" "), win: p.tiles[p.win] } : null;
  const asked = JSON.stringify(body);
  if (asked === p.shown) return; // already shown (or being asked)
  p.shown = asked;
  go.disabled = true;
  out.replaceChildren();
  out.className = "hvalue";
  if (!body) return;
  out.textContent = pg.w.t("hand.counting");
  const headers = { "Content-Type": "application/json" };
  const auth = entryAuth();
  if (auth) headers.Authorization = auth;
  let j;
  try {
    const r = await fetch("/api/hand/preview?lang=" + pg.w.lang, { method: "POST", headers, body: asked });
    j = await r.json();
  } catch (e) { j = { error: String(e) }; }
  if (p.shown !== asked || handPicks[s.seat] !== p) return;
  out.replaceChildren();
  if (!j.value) {
    out.className = "hvalue bad";
    out.textContent = pg.w.t("status.refused", { reason: j.error || pg.w.t("hand.no_answer") });
    return;
  }
  const v = j.value, w = pg.w;
  // The limit the han reach, beside a value that names none ("5 han 30 fu (mangan)").
  const words = valueWords(w, v.worth);
  const value = v.limit && v.limit !== v.worth.limit ? w.t("hand.reaches", { value: words, limit: w.t("limit." + v.limit) }) : words;
  out.append(el("div", "hv", w.t("hand.value", { value, points: v.points })));
  const ul = el("ul", "yaku");
  for (const y of j.yaku) ul.append(el("li", "", yakuWord(w, y)));
  out.append(ul, el("div", "fu", fuWords(j.fu)));
  if (j.furiten) out.append(el("div", "bad", j.furiten));
  go.disabled = false;
}

// handClick handles a tap in a hand picker; true when it was one.
export function handClick(b) {
  const seat = Number(b.dataset.seat), p = handPicks[seat], s = pg.st && pg.st.seats[seat];
  if (!p || !s || !b.closest(".handpick")) return false;
  const box = b.closest(".handpick");
  if (b.dataset.add) {
    if (p.tiles.length < handSize(s)) p.tiles.push(b.dataset.add);
  } else if (b.dataset.picked !== undefined) {
    const i = Number(b.dataset.picked);
    if (!p.fixed && i !== p.win) p.win = i;
    else if (!(p.fixed && i === p.win)) takeOut(p, i);
  } else if (b.dataset.handtool === "undo") {
    let i = p.tiles.length - 1;
    if (i === p.win && p.fixed) i--;
    if (i >= 0) takeOut(p, i);
  } else if (b.dataset.handtool === "clear") {
    p.tiles = p.fixed ? [p.tiles[p.win]] : [];
    p.win = p.fixed ? 0 : -1;
  } else if (b.dataset.handtool === "enter") {
    sendHand(box, seat, p);
    return true;
  }
  drawHand(box, s, p);
  return true;
}

function takeOut(p, i) {
  p.tiles.splice(i, 1);
  if (p.win === i) p.win = -1;
  else if (p.win > i) p.win--;
}

// sendHand enters the hand: the table scores it again and settles it.
async function sendHand(box, seat, p) {
  const msg = box.querySelector(".handmsg");
  msg.textContent = pg.w.t("status.sending");
  msg.className = "handmsg";
  const err = await entry({ action: "hand", seat, hand: p.tiles.join(" "), win: p.tiles[p.win] });
  msg.textContent = err;
  msg.className = err ? "handmsg bad" : "handmsg";
}

// wonHand shows seat s's settled hand scored from its tiles, on every
// tablet, full width under the table: the tiles as a hand (the winning
// tile apart, the melds as recorded), the value and what it paid, the
// yaku in words, the fu.
export function wonHand(s) {
  const w = pg.w;
  const sc = s.win.scored;
  const d = el("div", "wonhand");
  d.dataset.seat = s.seat;
  const row = el("div", "hand");
  const rest = [...sc.hand];
  rest.splice(rest.indexOf(sc.win), 1);
  rest.sort((a, b) => tileOrder(a) - tileOrder(b));
  const mine = el("span", "concealed");
  for (const t of rest) mine.append(tileSVG(t));
  const win = el("span", "wintile");
  win.append(tileSVG(sc.win, "win"));
  row.append(mine, win);
  // The melds as the table recorded them, drawn as every view draws a
  // meld (outcome.Meld: the called tile sideways).
  for (const m of s.melds) row.append(meldTiles(m));
  const ul = el("ul", "yaku");
  for (const y of sc.yaku) ul.append(el("li", "", yakuWord(w, y)));
  const how = actionWord(w, s.win.tsumo ? "tsumo" : "ron");
  d.append(el("div", "who", w.t("hand.who", { who: s.player || pg.w.t("wind." + s.wind), how })), row,
    el("div", "hv", w.t("hand.value", { value: valueWords(w, sc.worth), points: sc.points })), ul, el("div", "fu", fuWords(sc.fu)));
  return d;
}
