// Tiles in mpsz notation ("5p", "0p" = red five, "1z"–"7z" = E S W N, white, green, red) and their
// pictures, drawn here as SVG paths (no image files, no text: no font is needed, whatever the system has).
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
// Every mark on a tile is drawn here as strokes (no text, so no font is needed and a tile looks the same on
// every system). Glyphs are stroke paths in a box 100 units high: digits and letters 60 wide, the Chinese
// characters 100 wide (a simplified brush: the stroke order of the real character, straight and round strokes).
const GLYPHS = {
  1: "M16 22L34 6V94",
  2: "M8 26Q10 6 30 6Q52 6 52 28Q52 46 8 94H54",
  3: "M8 14Q20 4 32 6Q52 8 50 28Q48 46 26 48Q54 50 54 72Q54 96 28 96Q14 96 6 86",
  4: "M40 94V6L4 68H56",
  5: "M50 6H14L10 46Q22 38 32 38Q54 40 54 66Q54 96 28 96Q14 96 6 86",
  6: "M48 10Q40 4 30 6Q8 10 8 56Q8 96 30 96Q54 96 54 70Q54 44 30 44Q14 44 8 60",
  7: "M6 6H54Q32 40 24 94",
  8: "M30 48Q8 44 8 26Q8 6 30 6Q52 6 52 26Q52 44 30 48Q6 52 6 72Q6 96 30 96Q54 96 54 72Q54 52 30 48Z",
  9: "M52 40Q46 58 30 58Q8 58 8 32Q8 6 30 6Q54 6 52 44Q50 90 14 92",
  E: "M52 6H8V94H52M8 50H44",
  S: "M52 18Q44 6 30 6Q8 6 8 26Q8 44 30 50Q54 56 54 74Q54 96 30 96Q12 96 6 82",
  W: "M2 6L16 94L30 30L44 94L58 6",
  N: "M8 94V6L52 94V6",
  // 東 east: the top bar, the box 日 with its middle bar, the long upright, the two sweeps.
  z1: "M14 18H86M26 30V64M26 30H74V64M26 47H74M26 64H74M50 4V97M47 66Q35 85 12 94M53 66Q65 85 88 94",
  // 南 south: 十 on top, the frame 冂 with its hook, 丷, two bars and the upright inside.
  z2: "M15 14H85M50 3V26M18 30V97M18 30H82V90Q82 97 72 96M36 38L42 48M64 38L58 48M30 56H70M26 72H74M50 56V97",
  // 西 west: the top bar, the frame 口 and the two legs inside it.
  z3: "M12 10H88M18 36V94M18 36H82V94M40 12V50Q38 62 24 68M60 12V60Q60 66 66 66H82M18 90H82",
  // 北 north: the left upright with its bar and rising stroke, the right upright with its tick and hook.
  z4: "M36 8V92M12 40H36M10 84L36 72M64 8V86Q64 94 74 94H90V84M64 46L86 32",
  // 發 green: 癶 on top, 弓 below left, 殳 below right.
  z6:
    "M14 8H36L22 26M28 16L40 24M58 6L64 14M52 14H80M70 14L88 30" +
    "M14 38H40V52H14V66H42V88Q42 96 32 94M60 34L58 48Q56 54 50 56M60 34H76V48Q76 52 84 52" +
    "M56 62H84Q76 80 60 94M64 70Q74 86 90 96",
  // 中 red: the box 口 and the upright through it.
  z7: "M20 30V66M20 30H80V66M20 66H80M50 5V97",
  // 萬 (ten thousand) of the characters suit: 艹, 田, 禸.
  man: "M12 14H88M34 4V24M66 4V24M24 30V52M24 30H76V52M24 41H76M24 52H76M50 30V52" +
    "M18 60V96M18 60H82V90Q82 97 72 96M50 52V70M36 84L50 70L64 82M58 74L66 86",
};
const WIND_LETTERS = { 1: "E", 2: "S", 3: "W", 4: "N" };

function el(name, attrs) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

// The glyph `name` with its box's top left corner at (x, y), `height` high, strokes `weight` wide (tile units).
function glyph(name, x, y, height, weight, cls) {
  const scale = height / 100;
  return el("path", {
    d: GLYPHS[name],
    transform: `translate(${x} ${y}) scale(${scale})`,
    "stroke-width": (weight / scale).toFixed(2),
    class: `glyph ${cls}`,
  });
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
    if (n !== 1) svg.append(glyph(String(n), 2.2, 2.4, 5, 0.9, "corner"));
  } else if (suit === "m") {
    svg.append(glyph(String(n), 10.8, 4, 14, 2.3, red ? "man-digit red" : "man-digit"));
    svg.append(glyph("man", 7, 21.5, 16, 1.5, "man-sign"));
  } else if (n === 5) {
    svg.append(el("rect", { x: 6, y: 8, width: 18, height: 24, rx: 2, class: "haku" }));
  } else {
    svg.append(glyph(`z${n}`, 5, 10, 20, 2.2, `honour z${n}`));
    if (WIND_LETTERS[n]) svg.append(glyph(WIND_LETTERS[n], 2.2, 2.4, 5, 0.9, "corner"));
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
