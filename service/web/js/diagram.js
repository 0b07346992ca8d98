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

// `labels`: the name shown at each spot (3 or 4, in the order above); `transfers`: { payer, payee, amount } with
// spots' indexes, or null for the table; `potName`: the table's name (shown when something goes to or comes from it).
export function payDiagram(labels, transfers, potName) {
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
      // the amount halfway, or nearer the table on an arrow from it (clear of the arrows at the seat it goes to)
      const f = x.payer === null ? 0.35 : 0.5;
      const mid = [x1 + (x2 - x1) * f + ox, y1 + (y2 - y1) * f + oy];
      return { x, ux, uy, mid, line: [x1 + ux * from + ox, y1 + uy * from + oy, x2 - ux * to + ox, y2 - uy * to + oy] };
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
  for (const { x, ux, uy, mid, line } of segments(pot)) {
    const [x1, y1, x2, y2] = line;
    svg.append(el("line", { x1, y1, x2, y2, class: "pay-line", "marker-end": `url(#${id})` }));
    // the amount beside its arrow (further from an upright one: the number is wide), inside the picture
    const d = 10 + 12 * Math.abs(uy);
    let [lx, ly] = [mid[0] - uy * d, mid[1] + ux * d];
    if (lx < 24 || lx > 296 || ly < 12 || ly > 212) [lx, ly] = [mid[0] + uy * d, mid[1] - ux * d];
    svg.append(el("text", { x: lx, y: ly + 4, class: "pay-amount" }, number(x.amount)));
  }
  if (transfers.some((x) => x.payer === null || x.payee === null)) svg.append(el("text", { x: pot[0], y: pot[1] + 4, class: "seat-name table-pot" }, potName));
  labels.forEach((name, s) => {
    if (name === null) return; // an empty seat (nobody there pays or is paid)
    const [x, y] = spots[s];
    // the names at the sides run inwards from the edge: a long one stays inside the picture
    const side = x < 100 ? ["seat-name seat-left", 4] : x > 220 ? ["seat-name seat-right", 316] : ["seat-name", x];
    svg.append(el("text", { x: side[1], y: y + 5, class: side[0] }, name));
  });
  return svg;
}
