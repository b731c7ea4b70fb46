// What the tournament's pages share: their words, reading the tournament
// live, sending a change. No sentence a person reads is here: every one
// comes from the catalog (words.js), in the reader's language.
import { load } from "./js/words.js";
import { $ } from "./js/dom.js";

// words loads the page's words and puts the language picker in
// #langpick.
export async function words() {
  const w = await load("api/messages");
  const pick = $("langpick");
  if (pick) pick.replaceChildren(w.picker());
  return w;
}

// live calls show with the tournament's view at once and at each change
// (GET /api/tournament/stream; the players' view when public is true);
// status gets true while the stream is up.
export function live(show, status, public_ = false) {
  const es = new EventSource("api/tournament/stream" + (public_ ? "?public=1" : ""));
  es.onmessage = (ev) => { status(true); show(JSON.parse(ev.data)); };
  es.onerror = () => status(false);
  return es;
}

// post sends a change as JSON; it resolves to the answer's body and
// rejects with the console's reason (the API's English: its contract),
// its code and parameters when the API gives them.
export async function post(path, body) {
  const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const out = await r.json().catch(() => ({}));
  if (!r.ok) throw Object.assign(new Error(out.error || r.status + " " + r.statusText), { code: out.code, args: out.args || {} });
  return out;
}

// refusedText is a refusal of the console in the reader's words: from
// its code when the catalog has it, else the API's English after the
// page's own words.
const REFUSED = { need_by: "tour.penalty.need_by", seat_options: "tour.refused.seat_options", seat_from: "tour.refused.seat_from",
  seat_tables: "tour.refused.seat_tables", seat_unseen: "tour.refused.seat_unseen", player_name: "tour.refused.player_name",
  no_player: "tour.refused.no_player", ema_taken: "tour.refused.ema_taken", card_taken: "tour.refused.card_taken",
  round_unseated: "tour.refused.round_unseated", table_not_in_round: "tour.refused.table_not_in_round", result_exists: "tour.refused.result_exists",
  no_result: "tour.refused.no_result", confirmed_already: "tour.refused.confirmed_already", swap_self: "tour.refused.swap_self",
  swap_apart: "tour.refused.swap_apart", penalty_amount: "tour.refused.penalty_amount", need_why: "tour.refused.need_why",
  too_long: "tour.refused.too_long", bad_ema: "tour.refused.bad_ema", bad_card: "tour.refused.bad_card", player_seated: "tour.refused.player_seated", bad_rounds: "tour.refused.bad_rounds",
  bad_minutes: "tour.refused.bad_minutes", bad_after: "tour.refused.bad_after", bad_hide: "tour.refused.bad_hide", rounds_seated: "tour.refused.rounds_seated", bad_table: "tour.refused.bad_table",
  table_plays: "tour.refused.table_plays", clock_state: "tour.refused.clock_state", nothing_to_confirm: "tour.refused.nothing_to_confirm", swap_none: "tour.refused.swap_none" };
export function refusedText(w, e) {
  if (e.code === "fit") return fit(w, e.args.seated);
  if (REFUSED[e.code]) return w.t(REFUSED[e.code], e.args);
  return w.t("page.refused", { reason: e.message });
}

// clock returns minutes:seconds of a number of milliseconds.
export function clock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}

// remaining is the time a round's clock has left now, counted from the
// view's moment on the page's own clock (the console's and the page's
// clocks need not agree).
export function remaining(c, since) {
  return c.state === "running" ? c.remaining_ms - (Date.now() - since) : c.remaining_ms;
}

// playerName is "12 Ana" for player 12, or the number alone.
export function playerName(view, n) {
  const p = view.players && view.players[n - 1];
  return p ? n + " " + p.name : String(n);
}

// WINDS are the winds' message keys, East to North (a seat's index).
export const WINDS = ["wind.E", "wind.S", "wind.W", "wind.N"];

// fit says what the seated players lack to make tables, or "".
export function fit(w, n) {
  if (n === 0) return w.t("tour.fit.none");
  if (n % 4 === 0) return "";
  const players = w.count("tour.fit.players", n), more = w.count("tour.fit.more", 4 - (n % 4));
  if (n < 4) return w.t("tour.fit.short", { players, more });
  return w.t("tour.fit.either", { players, more, subs: w.count("tour.fit.subs", n % 4) });
}

// alertText is a result that does not add up, in the reader's words.
const ALERTS = { points_sum: "tour.alert.points_sum", results_sum: "tour.alert.results_sum", two_tables: "tour.alert.two_tables", no_table: "tour.alert.no_table" };
export function alertText(w, a) {
  return ALERTS[a.code] ? w.t(ALERTS[a.code], a.args || {}) : a.text;
}

// withheldText is why a round is not in the standings.
const WITHHELD = { hidden: "tour.standings.hidden", unconfirmed: "tour.standings.unconfirmed", missing: "tour.standings.missing" };
export function withheldText(w, h) {
  return WITHHELD[h.code] ? w.t(WITHHELD[h.code], { round: h.round, table: h.table, players: h.players }) : h.why;
}
