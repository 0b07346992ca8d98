// The points table of the chosen preset (GET /v1/table), laid out for printing; for kids, the
// points list of the rules (GET /v1/rules/kids).
import { call, problemLines } from "./api.js";
import { language, number, presetName, t } from "./i18n.js";
import { parse, tileFigure } from "./tiles.js";

const $ = (id) => document.getElementById(id);

function cellText(cell, who) {
  const pay = cell[who] || {};
  const ron = cell.exists_ron && pay.ron != null ? number(pay.ron) : "—";
  let tsumo = "—";
  if (cell.exists_tsumo) {
    if (who === "dealer" && pay.tsumo_each != null) tsumo = `${number(pay.tsumo_each)} ${t("table.each")}`;
    else if (pay.tsumo_dealer != null) tsumo = `${number(pay.tsumo_non_dealer)} / ${number(pay.tsumo_dealer)}`;
  }
  return [ron, tsumo];
}

function grid(cells, who, caption) {
  const table = document.createElement("table");
  table.className = "points";
  table.createCaption().textContent = caption;
  const hans = [...new Set(cells.map((c) => c.han))].sort((a, b) => a - b);
  const fus = [...new Set(cells.map((c) => c.fu))].sort((a, b) => a - b);
  const head = table.createTHead().insertRow();
  const corner = document.createElement("th");
  corner.scope = "col";
  corner.textContent = t("table.fu_han");
  head.append(corner);
  for (const han of hans) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = t("result.han", { n: han });
    head.append(th);
  }
  const body = table.createTBody();
  for (const fu of fus) {
    const row = body.insertRow();
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = t("result.fu", { n: fu });
    row.append(th);
    for (const han of hans) {
      const cell = cells.find((c) => c.han === han && c.fu === fu);
      const td = row.insertCell();
      if (!cell) continue;
      const [ron, tsumo] = cellText(cell, who);
      td.textContent = ron;
      const small = document.createElement("small");
      small.textContent = tsumo;
      td.append(document.createElement("br"), small);
      if (cell.limit === "mangan") td.className = "limit";
    }
  }
  return table;
}

function limits(rows) {
  const table = document.createElement("table");
  table.className = "points limits";
  table.createCaption().textContent = t("table.limits");
  const head = table.createTHead().insertRow();
  for (const key of ["table.limit", "table.han", "table.non_dealer", "table.dealer"]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = t(key);
    head.append(th);
  }
  const body = table.createTBody();
  for (const r of rows) {
    const row = body.insertRow();
    row.insertCell().textContent = r.name || r.limit;
    row.insertCell().textContent = r.han || (r.yakuman ? `×${r.yakuman}` : "");
    const nd = r.non_dealer || {};
    const d = r.dealer || {};
    row.insertCell().textContent = `${number(nd.ron ?? 0)} · ${number(nd.tsumo_non_dealer ?? 0)} / ${number(nd.tsumo_dealer ?? 0)}`;
    row.insertCell().textContent = `${number(d.ron ?? 0)} · ${number(d.tsumo_each ?? 0)} ${t("table.each")}`;
  }
  return table;
}

// The kids' rules' worked example (riichi, two concealed triplets, tsumo): its tiles drawn, and the service's
// own explanation lines for it (POST /v1/score, in the page's language), so the sheet shows how a total is made.
const KIDS_EXAMPLE = { hand: "333p777s123m456m8p", win_tile: "8p", win: "tsumo", riichi: true, rules: "kids" };

async function kidsExample() {
  const section = document.createElement("section");
  section.className = "kids-example";
  section.setAttribute("aria-labelledby", "kids-example-title");
  const h = document.createElement("h3");
  h.id = "kids-example-title";
  h.textContent = t("table.kids_example");
  const p = document.createElement("p");
  p.textContent = t("table.kids_example_note");
  const tiles = document.createElement("div");
  tiles.className = "tiles example-tiles";
  tiles.setAttribute("role", "group");
  tiles.setAttribute("aria-label", t("table.kids_example_tiles"));
  for (const code of parse(KIDS_EXAMPLE.hand)) tiles.append(tileFigure(code));
  tiles.append(tileFigure(KIDS_EXAMPLE.win_tile, "win")); // the 14th, drawn: set a little apart
  const answer = await call("/v1/score", { body: KIDS_EXAMPLE, lang: language() });
  const lines = answer.ok && Array.isArray(answer.data.explanation) ? answer.data.explanation : [];
  const ol = document.createElement("ul");
  ol.className = "explanation";
  for (const line of lines) {
    const li = document.createElement("li");
    li.textContent = String(line);
    ol.append(li);
  }
  section.append(h, p, tiles, ol);
  return section;
}

// The kids' points as the sheet says them (/docs/rules §5): a win is 1, or 2 with riichi (instead of the 1), the
// rest are added ("+1"); chi is worth nothing; the closed-hand point goes to a win without riichi unless the rules
// give it with riichi too (option kids_closed_bonus_with_riichi). The points are the service's (GET /v1/rules/kids).
const KIDS_BASE = ["base", "riichi"];

function kidsSheet(rules) {
  const items = Array.isArray(rules.kids_points) ? [...rules.kids_points] : [];
  const at = items.findIndex((p) => p.id === "kan");
  if (at >= 0) items.splice(at + 1, 0, { id: "chi", points: 0 });
  const withRiichi = rules.preset.defaults.kids_closed_bonus_with_riichi === true;
  const ul = document.createElement("ul");
  ul.className = "kids-points";
  for (const p of items) {
    const key = `kids_sheet.${p.id === "closed_hand" && withRiichi ? "closed_hand_any" : p.id}`;
    const own = t(key);
    const li = document.createElement("li");
    li.dataset.item = p.id;
    const a = document.createElement("span");
    a.textContent = own !== key ? own : p.name || p.id;
    const b = document.createElement("span");
    b.className = "value";
    b.textContent = KIDS_BASE.includes(p.id) || !p.points ? String(p.points) : `+${p.points}`;
    li.append(a, b);
    ul.append(li);
  }
  return ul;
}

// The preset and language the table shows (or is being drawn for): asked again for the same (a preset chosen
// and the tab opened at once both ask), it is not drawn twice; one that could not be drawn is asked again.
let drawnFor = null;

export async function showTable(rules) {
  const box = $("table-body");
  const preset = rules.preset.id;
  const key = `${preset} ${language()}`;
  if (key === drawnFor) return;
  drawnFor = key;
  $("table-title").textContent = t("table.title", { preset: presetName(preset) });
  if (rules.preset.scoring === "kids") {
    const example = await kidsExample();
    if (drawnFor === key) box.replaceChildren(kidsSheet(rules), example); // else another table was asked for since
    return;
  }
  const answer = await call(`/v1/table?preset=${encodeURIComponent(preset)}`, { lang: language() });
  if (drawnFor !== key) return;
  if (!answer.ok || !Array.isArray(answer.data.cells)) {
    drawnFor = null;
    const p = document.createElement("p");
    p.textContent = `${t("result.invalid")} ${problemLines(answer, () => "").join(" ")}`;
    box.replaceChildren(p);
    return;
  }
  const note = document.createElement("p");
  note.className = "muted";
  note.textContent = t("table.note");
  box.replaceChildren(
    note,
    grid(answer.data.cells, "non_dealer", t("table.non_dealer")),
    grid(answer.data.cells, "dealer", t("table.dealer")),
    limits(Array.isArray(answer.data.limits) ? answer.data.limits : []),
  );
}
