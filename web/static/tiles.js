// Tiles drawn as SVG, in the page: no images and no font. A tile is its
// mpsz code ("3p", "0s" a red five, "7z" the red dragon); "" is a tile not
// seen, drawn face down. Its face is the shapes of TILE_FACES (made by the
// server from package tileface, the shapes the panel draws too). Players
// never read the code: a tile's title, for a screen reader and a
// pointer, is its name in words (vocab.js's tileName, set by nameTiles).
import { TILE_FACES } from "./tilefaces.js";

const SVGNS = "http://www.w3.org/2000/svg";
let namer = (t) => t;

// nameTiles sets how a tile's title is worded: the page's language.
export function nameTiles(fn) { namer = fn; }

function svg(tag, attrs) {
  const e = document.createElementNS(SVGNS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  return e;
}

// tileSVG draws tile t; cls adds classes ("called", "side", "dora").
export function tileSVG(t, cls) {
  const e = svg("svg", { viewBox: "0 0 30 40", class: "tile" + (cls ? " " + cls : ""), role: "img" });
  const title = svg("title", {});
  title.textContent = namer(t);
  e.append(title);
  if (!t) {
    e.append(svg("rect", { x: 1, y: 1, width: 28, height: 38, rx: 4, class: "back" }));
    return e;
  }
  e.append(svg("rect", { x: 1, y: 1, width: 28, height: 38, rx: 4, class: "face" }));
  for (const sh of TILE_FACES[t] || []) {
    e.append(svg("path", sh.width
      ? { d: sh.d, fill: "none", stroke: sh.colour, "stroke-width": sh.width, "stroke-linecap": "round", "stroke-linejoin": "round" }
      : { d: sh.d, fill: sh.colour }));
  }
  return e;
}
