// Tiles in mpsz notation ("5p", "0p" = red five, "1z"–"7z" = E S W N, white, green, red) and their
// pictures, drawn here as SVG (no image files, no fonts needed for the suits' pips).
import { t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
export const SUITS = ["m", "p", "s"];
// The picker's rows: every suit 1–9 and its red five, then the seven honours.
export const PICKER_ROWS = [
  ...SUITS.map((s) => [..."123456789"].map((n) => n + s).concat("0" + s)),
  [..."1234567"].map((n) => n + "z"),
];

// "234m0p" → ["2m", "3m", "4m", "0p"]; null when the text is not mpsz.
export function parse(text) {
  const compact = String(text).replace(/\s+/g, "");
  if (!/^(\d+[mps]|[1-7]+z)*$/.test(compact)) return null;
  const tiles = [];
  for (const [, digits, suit] of compact.matchAll(/(\d+)([mpsz])/g)) {
    for (const d of digits) tiles.push(d + suit);
  }
  return tiles;
}

// The order tiles are shown in: by suit (m p s z), then number, the red five with the fives.
export function sortKey(code) {
  const n = code[0] === "0" ? 5.5 : Number(code[0]);
  return "mpsz".indexOf(code[1]) * 10 + n;
}

export function sorted(tiles) {
  return [...tiles].sort((a, b) => sortKey(a) - sortKey(b));
}

// ["2m", "3m", "0p"] → "23m0p" (the tiles in the given order, each suit run grouped).
export function format(tiles) {
  let out = "";
  let run = "";
  let suit = "";
  for (const code of tiles) {
    if (code[1] !== suit && run) {
      out += run + suit;
      run = "";
    }
    suit = code[1];
    run += code[0];
  }
  return run ? out + run + suit : out;
}

// The kind of a tile: a red five is a five.
export function kind(code) {
  return code[0] === "0" ? "5" + code[1] : code;
}

export function tileName(code) {
  if (code[1] === "z") return t(`tile.z${code[0]}`);
  const name = t(`tile.${code[1]}`, { n: code[0] === "0" ? 5 : code[0] });
  return code[0] === "0" ? t("tile.red", { tile: name }) : name;
}

const PIPS = {
  1: [[15, 20]],
  2: [[15, 11], [15, 29]],
  3: [[8, 9], [15, 20], [22, 31]],
  4: [[9, 11], [21, 11], [9, 29], [21, 29]],
  5: [[9, 10], [21, 10], [15, 20], [9, 30], [21, 30]],
  6: [[9, 9], [21, 9], [9, 20], [21, 20], [9, 31], [21, 31]],
  7: [[8, 7], [15, 11], [22, 15], [9, 23], [21, 23], [9, 32], [21, 32]],
  8: [[9, 7], [21, 7], [9, 15], [21, 15], [9, 25], [21, 25], [9, 33], [21, 33]],
  9: [[8, 9], [15, 9], [22, 9], [8, 20], [15, 20], [22, 20], [8, 31], [15, 31], [22, 31]],
};
const HONOURS = { 1: "東", 2: "南", 3: "西", 4: "北", 6: "發", 7: "中" };
const WIND_LETTERS = { 1: "E", 2: "S", 3: "W", 4: "N" };

function el(name, attrs, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

// The picture of one tile: an <svg> (decorative: the button or list item around it has the name).
export function tileSvg(code) {
  const svg = el("svg", { viewBox: "0 0 30 40", class: "tile-svg", "aria-hidden": "true", focusable: "false" });
  svg.append(el("rect", { x: 1, y: 1, width: 28, height: 38, rx: 4, class: "tile-face" }));
  const red = code[0] === "0";
  const n = red ? 5 : Number(code[0]);
  const suit = code[1];
  if (suit === "p" || suit === "s") {
    const count = PIPS[n].length;
    PIPS[n].forEach(([x, y], i) => {
      const cls = red || (suit === "p" && n === 1) || (n === 5 && i === 2) ? "pip red" : `pip ${suit}`;
      if (suit === "p") {
        const r = n === 1 ? 7.5 : n === 2 ? 5 : count <= 6 ? 4.2 : 3.4;
        svg.append(el("circle", { cx: x, cy: y, r, class: cls }));
        svg.append(el("circle", { cx: x, cy: y, r: r / 2.6, class: `${cls} core` }));
      } else {
        const h = n === 1 ? 18 : count <= 6 ? 8 : 6.4;
        const w = n === 1 ? 7 : 3.6;
        svg.append(el("rect", { x: x - w / 2, y: y - h / 2, width: w, height: h, rx: 1.4, class: cls }));
      }
    });
    if (n !== 1) svg.append(el("text", { x: 3.5, y: 8, class: "corner" }, String(n)));
  } else if (suit === "m") {
    svg.append(el("text", { x: 15, y: 18, class: red ? "man-digit red" : "man-digit" }, String(n)));
    svg.append(el("text", { x: 15, y: 34, class: "man-sign" }, "萬"));
  } else if (n === 5) {
    svg.append(el("rect", { x: 6, y: 8, width: 18, height: 24, rx: 2, class: "haku" }));
  } else {
    svg.append(el("text", { x: 15, y: 27, class: `honour z${n}` }, HONOURS[n]));
    if (WIND_LETTERS[n]) svg.append(el("text", { x: 3.5, y: 8, class: "corner" }, WIND_LETTERS[n]));
  }
  return svg;
}

// A tile as a list item with its name (for hands shown, not tapped).
export function tileFigure(code, extraClass = "") {
  const span = document.createElement("span");
  span.className = `tile ${extraClass}`.trim();
  span.setAttribute("role", "img");
  span.setAttribute("aria-label", tileName(code));
  span.dataset.tile = code;
  span.append(tileSvg(code));
  return span;
}
