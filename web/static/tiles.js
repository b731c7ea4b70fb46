"use strict";
// Tiles drawn as SVG, in the page: no images fetched from anywhere. A tile is
// its mpsz code ("3p", "0s" a red five, "7z" the red dragon); "" is a tile
// not seen, drawn face down. Players never read the code: it is only the
// tile's title for a screen reader.
const SVGNS = "http://www.w3.org/2000/svg";
const HONOURS = ["東", "南", "西", "北", "", "發", "中"];
const HONOUR_NAMES = ["East wind", "South wind", "West wind", "North wind", "white dragon", "green dragon", "red dragon"];
const SUIT_NAMES = { m: "characters", p: "circles", s: "bamboo" };
// Pip centres in a 30x40 face, by rank.
const PIPS = {
  1: [[15, 20]], 2: [[15, 11], [15, 29]], 3: [[8, 9], [15, 20], [22, 31]],
  4: [[9, 11], [21, 11], [9, 29], [21, 29]], 5: [[9, 10], [21, 10], [15, 20], [9, 30], [21, 30]],
  6: [[9, 9], [21, 9], [9, 20], [21, 20], [9, 31], [21, 31]],
  7: [[7, 7], [15, 11], [23, 15], [9, 24], [21, 24], [9, 33], [21, 33]],
  8: [[9, 7], [21, 7], [9, 16], [21, 16], [9, 25], [21, 25], [9, 34], [21, 34]],
  9: [[7, 8], [15, 8], [23, 8], [7, 20], [15, 20], [23, 20], [7, 32], [15, 32], [23, 32]],
};

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
  const r = Number(t[0]), s = t[1];
  const red = r === 0;
  const rank = red ? 5 : r;
  const text = (x, y, size, str, fill) => {
    const n = svg("text", { x, y, "font-size": size, fill, "text-anchor": "middle", "font-weight": "bold" });
    n.textContent = str;
    e.append(n);
  };
  if (s === "z") {
    if (rank === 5) e.append(svg("rect", { x: 6, y: 7, width: 18, height: 26, rx: 2, fill: "none", stroke: "#2a62c9", "stroke-width": 2.5 }));
    else text(15, 28, 19, HONOURS[rank - 1], rank === 6 ? "#16803a" : rank === 7 ? "#d0202a" : "#222");
    if (rank <= 4) text(25, 10, 7, "ESWN"[rank - 1], "#555");
  } else if (s === "m") {
    text(15, 18, 15, String(rank), red ? "#d0202a" : "#1b2f7a");
    text(15, 35, 14, "萬", "#d0202a");
  } else if (rank === 1 && s === "p") {
    e.append(svg("circle", { cx: 15, cy: 20, r: 10, fill: "none", stroke: red ? "#d0202a" : "#16803a", "stroke-width": 3 }));
    e.append(svg("circle", { cx: 15, cy: 20, r: 4.5, fill: "#d0202a" }));
  } else if (rank === 1) { // the bird of one bamboo: a body, a head and a tail
    e.append(svg("ellipse", { cx: 15, cy: 22, rx: 7, ry: 9, fill: "#16803a" }));
    e.append(svg("circle", { cx: 15, cy: 11, r: 4, fill: "#d0202a" }));
    e.append(svg("path", { d: "M9 30 L15 37 L21 30 Z", fill: "#1b5fb5" }));
  } else {
    for (const [i, [x, y]] of PIPS[rank].entries()) {
      const centre = rank === 5 && i === 2;
      const colour = red || centre ? "#d0202a" : s === "p" ? ["#1b5fb5", "#16803a"][i % 2] : "#16803a";
      if (s === "p") {
        const rad = rank <= 2 ? 6 : rank <= 6 ? 4.4 : 3.5;
        e.append(svg("circle", { cx: x, cy: y, r: rad, fill: "none", stroke: colour, "stroke-width": 2.2 }));
      } else {
        e.append(svg("rect", { x: x - 2, y: y - 4.5, width: 4, height: 9, rx: 1.5, fill: colour }));
      }
    }
  }
  if (red) e.append(svg("circle", { cx: 5, cy: 5, r: 2.2, fill: "#d0202a" }));
  return e;
}

// ALL_TILES are the tiles a picker offers, suits then honours, red fives last in their suit.
const ALL_TILES = [];
for (const s of "mps") { for (let r = 1; r <= 9; r++) ALL_TILES.push(r + s); ALL_TILES.push("0" + s); }
for (let r = 1; r <= 7; r++) ALL_TILES.push(r + "z");
