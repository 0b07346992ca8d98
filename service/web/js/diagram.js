// Who pays whom drawn between the seats, as around the table: the first spot at the bottom, the next ones to
// the right, across and to the left (three players: bottom, right, left); the table (riichi sticks) in a corner.
// Used by the Game view (the last hand's transfers between the players) and the Hand view's result card (the
// winner at the bottom, the payers around). Decorative (aria-hidden): both say the same in a list beside it.
import { number } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
let drawn = 0; // each diagram's arrow marker has its own id (two diagrams may be on the page)

// Whether two segments [x1, y1, x2, y2] cross (touching ends do not count).
function crosses([ax, ay, bx, by], [cx, cy, dx, dy]) {
  const side = (px, py, qx, qy, rx, ry) => Math.sign((qx - px) * (ry - py) - (qy - py) * (rx - px));
  return side(ax, ay, bx, by, cx, cy) * side(ax, ay, bx, by, dx, dy) < 0 && side(cx, cy, dx, dy, ax, ay) * side(cx, cy, dx, dy, bx, by) < 0;
}

function el(name, attrs, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

// The width of `text` drawn in the page's font at `size` px (bold): a canvas measures it without drawing it.
let measurer = null;
function textWidth(text, size) {
  measurer = measurer || document.createElement("canvas").getContext("2d");
  if (!measurer) return text.length * size * 0.6;
  measurer.font = `700 ${size}px ${getComputedStyle(document.body).fontFamily}`;
  return measurer.measureText(text).width;
}

// `text` cut to `max` px wide with "…" at the end where it is longer.
function cut(text, size, max) {
  if (textWidth(text, size) <= max) return text;
  let chars = [...text];
  while (chars.length > 1 && textWidth(`${chars.join("").trimEnd()}…`, size) > max) chars = chars.slice(0, -1);
  return `${chars.join("").trimEnd()}…`;
}

// A seat's name in at most `lines` lines of at most `max` px: split between words where it is too long for one,
// each line cut with "…" where a word alone is too long.
function nameLines(name, size, max, lines) {
  if (textWidth(name, size) <= max || lines === 1) return [cut(name, size, max)];
  const words = name.split(/\s+/).filter(Boolean);
  let first = words[0] ?? "";
  let i = 1;
  while (i < words.length && textWidth(`${first} ${words[i]}`, size) <= max) first += ` ${words[i++]}`;
  const rest = words.slice(i).join(" ");
  return rest ? [cut(first, size, max), cut(rest, size, max)] : [cut(first, size, max)];
}

// Two boxes { x1, y1, x2, y2 } overlap (by more than touching).
const overlap = (a, b) => Math.max(0, Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1)) * Math.max(0, Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1));

// Transfers between the same two spots drawn as one arrow with their sum (a ron and its honba, two payments of a
// draw): one label per payer and payee.
function joined(transfers) {
  const pairs = new Map();
  for (const x of transfers) {
    const key = `${x.payer}>${x.payee}`;
    const had = pairs.get(key);
    pairs.set(key, had ? { ...had, amount: had.amount + x.amount } : { ...x });
  }
  return [...pairs.values()];
}

const NAME_SIZE = 15;
const AMOUNT_SIZE = 13;

// `labels`: the name shown at each spot (3 or 4, in the order above); `transfers`: { payer, payee, amount } with
// spots' indexes, or null for the table; `potName`: the table's name (shown when something goes to or comes from it).
// Each payer and payee has one arrow with the sum of what passes between them; no amount is drawn over another
// or over a name (it moves along its arrow, or to its other side, until it is clear).
export function payDiagram(labels, allTransfers, potName) {
  const transfers = joined(allTransfers);
  const spots = labels.length === 3 ? [[160, 196], [284, 110], [36, 110]] : [[160, 196], [284, 110], [160, 22], [36, 110]];
  const svg = el("svg", { viewBox: "0 0 320 220", class: "seats-diagram", "aria-hidden": "true", focusable: "false" });
  const id = `arrow-${++drawn}`;
  const defs = el("defs", {});
  const marker = el("marker", { id, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
  marker.append(el("path", { d: "M0 0L10 5L0 10z", class: "arrow-head" }));
  defs.append(marker);
  svg.append(defs);
  // The arrows as drawn: each stops short of the names (less of the table's short word); several on one line lie
  // side by side.
  const segments = (pot) =>
    transfers.map((x, i) => {
      const at = (spot) => (spot === null ? pot : spots[spot]);
      const [x1, y1] = at(x.payer);
      const [x2, y2] = at(x.payee);
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
      const [from, to] = [x.payer === null ? 14 : 30, x.payee === null ? 14 : 30];
      const offset = (i % 2 ? -1 : 1) * 5 * Math.min(i, 2);
      const [ox, oy] = [-uy * offset, ux * offset];
      return { x, ux, uy, start: [x1 + ox, y1 + oy], end: [x2 + ox, y2 + oy], line: [x1 + ux * from + ox, y1 + uy * from + oy, x2 - ux * to + ox, y2 - uy * to + oy] };
    });
  // The table's sticks lie in the corner where their arrows cross the fewest others (the top left one first).
  const CORNERS = [[34, 26], [286, 26], [34, 194], [286, 194]];
  const crossings = (pot) => {
    const all = segments(pot);
    const mine = all.filter((a) => a.x.payer === null || a.x.payee === null);
    const others = all.filter((a) => !mine.includes(a));
    return mine.reduce((n, a) => n + others.filter((b) => crosses(a.line, b.line)).length, 0);
  };
  const pot = CORNERS.reduce((best, corner) => (crossings(corner) < crossings(best) ? corner : best));
  // The names first (the amounts keep clear of them): those at the sides run inwards from the edge, in at most
  // two lines of half the picture each, so a long name on the left never runs into one on the right.
  const taken = [];
  const names = [];
  labels.forEach((name, s) => {
    if (name === null) return; // an empty seat (nobody there pays or is paid)
    const [x, y] = spots[s];
    const side = x < 100 ? ["seat-name seat-left", 4] : x > 220 ? ["seat-name seat-right", 316] : ["seat-name", x];
    const lines = nameLines(String(name), NAME_SIZE, side[1] === x ? 300 : 148, side[1] === x ? 1 : 2);
    const top = y + 5 - ((lines.length - 1) * 17) / 2;
    const text = el("text", { x: side[1], y: top, class: side[0] });
    lines.forEach((line, i) => text.append(el("tspan", { x: side[1], y: top + i * 17 }, line)));
    names.push(text);
    const width = Math.max(...lines.map((line) => textWidth(line, NAME_SIZE)));
    const x1 = side[1] === x ? x - width / 2 : side[1] === 4 ? 4 : 316 - width;
    taken.push({ x1, y1: top - 12, x2: x1 + width, y2: top + (lines.length - 1) * 17 + 4 });
  });
  if (transfers.some((x) => x.payer === null || x.payee === null)) {
    const width = textWidth(potName, 12);
    names.push(el("text", { x: pot[0], y: pot[1] + 4, class: "seat-name table-pot" }, potName));
    taken.push({ x1: pot[0] - width / 2, y1: pot[1] - 6, x2: pot[0] + width / 2, y2: pot[1] + 7 });
  }
  const amounts = [];
  for (const { x, ux, uy, start, end, line } of segments(pot)) {
    const [x1, y1, x2, y2] = line;
    svg.append(el("line", { x1, y1, x2, y2, class: "pay-line", "marker-end": `url(#${id})` }));
    // the amount beside its arrow (further from an upright one: the number is wide), halfway or nearer the table
    // on an arrow from it; else the first place along the arrow, on either side, that is clear of the others
    const text = number(x.amount);
    const w = textWidth(text, AMOUNT_SIZE) + 4;
    const box = ([lx, ly]) => ({ x1: lx - w / 2, y1: ly - 9, x2: lx + w / 2, y2: ly + 9 });
    const d = 10 + 12 * Math.abs(uy);
    const places = [];
    for (const f of x.payer === null ? [0.35, 0.5, 0.25, 0.65] : [0.5, 0.35, 0.65, 0.25, 0.75]) {
      const mid = [start[0] + (end[0] - start[0]) * f, start[1] + (end[1] - start[1]) * f];
      for (const sign of [1, -1]) places.push([mid[0] - sign * uy * d, mid[1] + sign * ux * d]);
    }
    const inside = ([lx, ly]) => lx - w / 2 >= 0 && lx + w / 2 <= 320 && ly - 9 >= 0 && ly + 9 <= 220;
    const clash = (p) => taken.reduce((sum, b) => sum + overlap(box(p), b), 0) + (inside(p) ? 0 : 1e6);
    const best = places.reduce((a, b) => (clash(b) < clash(a) ? b : a));
    taken.push(box(best));
    amounts.push(el("text", { x: best[0], y: best[1] + 4, class: "pay-amount" }, text));
  }
  svg.append(...amounts, ...names);
  return svg;
}
