// words: a page's words from the catalog (GET api/messages), in the
// language its reader chose on the page (remembered in localStorage) or
// else the browser's (the server matches Accept-Language to the
// catalog). Messages take named parameters, {name}; numbers are written
// by Intl.NumberFormat in the page's language (36 000 and +45,3 in
// French).

const KEY = "tabled-lang";

// load fetches the messages and returns the page's words: t(key, params),
// count(key, n, params) (the plural forms key.one and key.other), num(n)
// and signed(n, digits), the language's code and the languages there are.
export async function load(api = "api/messages") {
  const chosen = localStorage.getItem(KEY);
  const r = await fetch(api + (chosen ? "?lang=" + encodeURIComponent(chosen) : ""));
  const cat = await r.json();
  document.documentElement.lang = cat.lang;
  return new Words(cat);
}

class Words {
  constructor(cat) {
    this.lang = cat.lang;
    this.languages = cat.languages;
    this.msgs = cat.messages;
    this.plural = new Intl.PluralRules(cat.lang);
    this.ints = new Intl.NumberFormat(cat.lang);
  }
  // t is message key with params filled; a key the catalog lacks shows
  // as [key], which the pages' tests catch.
  t(key, params = {}) {
    const m = this.msgs[key];
    if (m === undefined) return "[" + key + "]";
    return m.replace(/\{(\w+)\}/g, (all, name) => {
      const v = params[name];
      if (v === undefined) return all;
      return typeof v === "number" ? this.ints.format(v) : String(v);
    });
  }
  count(key, n, params = {}) {
    const form = this.plural.select(n) === "one" ? "one" : "other";
    return this.t(key + "." + form, { n, ...params });
  }
  num(n) { return this.ints.format(n); }
  // signed writes n with its sign and digits decimals: +45.3, +45,3.
  signed(n, digits = 1) {
    return new Intl.NumberFormat(this.lang, { minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay: "exceptZero" }).format(n);
  }
  // picker is a select of the languages, each by its own name; choosing
  // one remembers it and reloads the page in it.
  picker() {
    const s = document.createElement("select");
    s.setAttribute("aria-label", this.t("page.language"));
    for (const l of this.languages) {
      const o = new Option(l.name, l.code);
      o.lang = l.code;
      s.append(o);
    }
    s.value = this.lang;
    s.addEventListener("change", () => { localStorage.setItem(KEY, s.value); location.reload(); });
    return s;
  }
}

// fill puts the catalog's words into a page's static elements: an
// element's text from data-t="key", and the attributes a person reads
// from data-t-title, data-t-placeholder, data-t-aria-label, data-t-alt.
export function fill(w, root = document) {
  for (const e of root.querySelectorAll("[data-t]")) e.textContent = w.t(e.dataset.t);
  for (const attr of ["title", "placeholder", "aria-label", "alt"]) {
    const data = "data-t-" + attr;
    for (const e of root.querySelectorAll("[" + data + "]")) e.setAttribute(attr, w.t(e.getAttribute(data)));
  }
}

// nodes is message key with params filled, as a list for append(): a
// parameter that is an element (a tile's picture) stays an element where
// the language puts it in the sentence.
export function nodes(w, key, params = {}) {
  const m = w.msgs[key];
  if (m === undefined) return ["[" + key + "]"];
  const out = [];
  m.split(/(\{\w+\})/).forEach((part, i) => {
    if (i % 2 === 0) { if (part) out.push(part); return; }
    const v = params[part.slice(1, -1)];
    if (v === undefined) out.push(part);
    else if (v instanceof Node) out.push(v);
    else out.push(typeof v === "number" ? w.num(v) : String(v));
  });
  return out;
}

// decimal writes n with digits decimals as the language does: 4.250, 4,250.
export function decimal(w, n, digits) {
  return new Intl.NumberFormat(w.lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
}

// clock is a time of day on the 24-hour clock, in the language's form:
// 21:05:09 (with seconds) or 21:05.
export function clock(w, when, seconds = true) {
  const o = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
  if (seconds) o.second = "2-digit";
  return new Date(when).toLocaleTimeString(w.lang, o);
}

// list joins words as the language does: "East and South", "Est et Sud".
export function list(w, items) {
  return new Intl.ListFormat(w.lang, { type: "conjunction" }).format(items);
}
