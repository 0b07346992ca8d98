// Who pays whom drawn between the seats, as around the table: the first spot at the bottom, the next ones to
// the right, across and to the left (three players: bottom, right, left); the table (riichi sticks) in the middle.
// Used by the Game view (the last hand's transfers between the players) and the Hand view's result card (the
// winner at the bottom, the payers around). Decorative (aria-hidden): both say the same in a list beside it.
import { number } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
let drawn = 0; // each diagram's arrow marker has its own id (two diagrams may be on the page)

function el(name, attrs, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

// `labels`: the name shown at each spot (3 or 4, in the order above); `transfers`: { payer, payee, amount } with
// spots' indexes, or null for the table; `pot`: the name of the table's middle (shown when something comes from it).
export function payDiagram(labels, transfers, pot) {
  const spots = labels.length === 3 ? [[160, 196], [284, 110], [36, 110]] : [[160, 196], [284, 110], [160, 22], [36, 110]];
  const svg = el("svg", { viewBox: "0 0 320 220", class: "seats-diagram", "aria-hidden": "true", focusable: "false" });
  const id = `arrow-${++drawn}`;
  const defs = el("defs", {});
  const marker = el("marker", { id, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
  marker.append(el("path", { d: "M0 0L10 5L0 10z", class: "arrow-head" }));
  defs.append(marker);
  svg.append(defs);
  // the table's sticks lie off the middle, below and to the right: an arrow across the table does not cross them
  const POT = [212, 150];
  const at = (spot) => (spot === null ? POT : spots[spot]);
  transfers.forEach((x, i) => {
    const [x1, y1] = at(x.payer);
    const [x2, y2] = at(x.payee);
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
    const shrink = 30; // stop short of the names
    const from = x.payer === null ? 14 : shrink; // the table's word is short
    const offset = (i % 2 ? -1 : 1) * 5 * Math.min(i, 2); // several arrows on one line side by side
    const [ox, oy] = [-uy * offset, ux * offset];
    svg.append(
      el("line", {
        x1: x1 + ux * from + ox, y1: y1 + uy * from + oy, x2: x2 - ux * shrink + ox, y2: y2 - uy * shrink + oy,
        class: "pay-line", "marker-end": `url(#${id})`,
      }),
    );
    svg.append(el("text", { x: (x1 + x2) / 2 + ox - uy * 10, y: (y1 + y2) / 2 + oy + ux * 10 + 4, class: "pay-amount" }, number(x.amount)));
  });
  if (transfers.some((x) => x.payer === null)) svg.append(el("text", { x: POT[0], y: POT[1] + 4, class: "seat-name table-pot" }, pot));
  labels.forEach((name, s) => {
    if (name === null) return; // an empty seat (nobody there pays or is paid)
    const [x, y] = spots[s];
    svg.append(el("text", { x, y: y + 5, class: "seat-name" }, name));
  });
  return svg;
}
