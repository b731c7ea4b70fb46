// page: what the status page's modules share: the table's latest state,
// the page's words and picks, and the helpers that name seats and draw
// melds. app.js fills it in at start.
import { el } from "./js/dom.js";
import { tileSVG } from "./tiles.js";
import { windName } from "./vocab.js";

// p is the page: w its words (words.js), game what the pickers offer
// (GET /api/game), st the latest state, outcomes this hand's outcome
// entries oldest first (withdrawn ones removed), sim and pairing what
// the table is.
export const p = { w: null, game: null, st: null, outcomes: [], sim: false, pairing: false };

// name is a seat as a person reads it: the player's name where given,
// else its wind.
export function name(x) {
  const s = p.st && p.st.seats.find((o) => o.wind === x);
  return s && s.player ? s.player : windName(p.w, x);
}

// seatLabel is a seat as a person picks it, the same in every menu: its
// player, with the seat's wind this hand, or the wind alone.
export function seatLabel(s) {
  const wind = windName(p.w, s.wind);
  return s.player ? p.w.t("status.seat.player", { player: s.player, wind }) : wind;
}

// meldTiles draws a meld as the table publishes it (outcome.Meld): its
// tiles left to right, "" for one not seen, the called one sideways.
export function meldTiles(m) {
  const g = el("span", "meld");
  const call = p.w.t("action." + m.call);
  g.title = m.from ? p.w.t("status.meld.from", { call, seat: name(m.from) }) : call;
  m.tiles.forEach((t, i) => g.append(tileSVG(t, i === m.turned ? "side" : "")));
  return g;
}

// entryAuth is the credential this tablet enters values and names with:
// the referee token this tab holds (from the claim log page), else the
// token the pairing code gave; "" for none.
export function entryAuth() {
  const ref = sessionStorage.getItem("token");
  if (ref) return "Bearer " + ref;
  const pair = localStorage.getItem("pair");
  return pair ? "Pair " + pair : "";
}

// mayEnter: this tablet may enter values and names (the server checks again).
export const mayEnter = () => (p.sim && !p.pairing) || entryAuth() !== "";
