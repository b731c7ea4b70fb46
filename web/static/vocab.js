// vocab: the game's vocabulary in the reader's language, from the
// catalog's sections the rules packages key (wind.*, tile.*, yaku.*,
// fu.*, limit.*, value.*, action.*), and what the page offers to pick
// (GET api/game: the tiles under the table's rules, the fu counts, the
// limits, the actions), served from Go: nothing is copied here.

// game fetches what the pickers offer.
export async function game() {
  return (await fetch("/api/game")).json();
}

// windName is a wind by its letter: "East", "Est".
export const windName = (w, x) => (x ? w.t("wind." + x) : "");

// actionWord is an action as its button names it, any other input (a
// value, a hand, a confirmation) as the panel names it (outcome.InputWord:
// [action], then [panel.input], else its code); callWord the same as a
// seat's light shouts it ("PON", "VALEUR").
export function actionWord(w, a) {
  for (const key of ["action." + a, "panel.input." + a]) if (w.msgs[key] !== undefined) return w.t(key);
  return a;
}
export const callWord = (w, c) => (c ? actionWord(w, c).toLocaleUpperCase(w.lang) : "");

// tileName is a tile in words, by its mpsz code ("0p" a red five, "" a
// tile not seen): "5 circles (red)", "vent d'Est".
export function tileName(w, t) {
  if (!t || t === "?") return w.t("tile.unknown");
  const r = Number(t[0]), s = t[1];
  if (s === "z") return w.t("tile.honour." + r);
  const n = w.count("tile." + s, r === 0 ? 5 : r);
  return r === 0 ? w.t("tile.red", { tile: n }) : n;
}

// yakuWord is a yaku with its han: "Riichi 1"; a name the catalog lacks
// is shown as it is.
export const yakuWord = (w, y) => `${w.msgs["yaku." + y.name] !== undefined ? w.t("yaku." + y.name) : y.name} ${w.num(y.han)}`;

// fuPart is one part of a fu count with its fu: "pair of white dragon
// (dragon) 2"; a part with no code (an older record) keeps its name.
export const fuPart = (w, f) => `${f.code ? w.t("fu." + f.code, { tile: tileName(w, f.tile) }) : f.name} ${w.num(f.fu)}`;

// valueWords is a value (payment.Value: han, fu, limit, yakuman) in
// words: "3 han 40 fu", "5 han", "mangan", "2x yakuman".
export function valueWords(w, v) {
  if (v.limit === "yakuman" && v.yakuman > 1) return w.t("value.yakuman_times", { n: v.yakuman });
  if (v.limit) return w.t("limit." + v.limit);
  if (!v.fu) return w.t("value.han", { han: v.han });
  return w.t("value.han_fu", { han: v.han, fu: v.fu });
}
