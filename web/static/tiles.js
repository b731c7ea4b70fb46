"use strict";
// Tiles drawn as SVG, in the page: no images and no font. A tile is its
// mpsz code ("3p", "0s" a red five, "7z" the red dragon); "" is a tile not
// seen, drawn face down. Its face is the shapes of TILE_FACES (made by the
// server from package tileface, the shapes the panel draws too). Players
// never read the code: it is only the tile's title for a screen reader.
const SVGNS = "http://www.w3.org/2000/svg";
const HONOUR_NAMES = ["East wind", "South wind", "West wind", "North wind", "white dragon", "green dragon", "red dragon"];
const SUIT_NAMES = { m: "characters", p: "circles", s: "bamboo" };

function svg(tag, attrs) {
  const e = document.createElementNS(SVGNS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  return e;
}

// tileName is a tile in words: "red five of circles", "East wind".
function tileName(t) {
  if (!t) return "tile not seen";
  const r = Number(t[0]), s = t[1];
  if (s === "z") return HONOUR_NAMES[r - 1] || t;
  return (r === 0 ? "red five" : r) + " of " + SUIT_NAMES[s];
}

// tileSVG draws tile t; cls adds classes ("called", "side", "dora").
function tileSVG(t, cls) {
  const e = svg("svg", { viewBox: "0 0 30 40", class: "tile" + (cls ? " " + cls : ""), role: "img" });
  const title = svg("title", {});
  title.textContent = tileName(t);
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

// ALL_TILES are the tiles a picker offers, suits then honours, red fives last in their suit.
const ALL_TILES = [];
for (const s of "mps") { for (let r = 1; r <= 9; r++) ALL_TILES.push(r + s); ALL_TILES.push("0" + s); }
for (let r = 1; r <= 7; r++) ALL_TILES.push(r + "z");
