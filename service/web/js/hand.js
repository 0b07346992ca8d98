// The hand: tiles tapped into the picker (or typed as mpsz), the calls, the winning tile, the
// situation; scored with POST /v1/score as it changes, or studied with POST /v1/tenpai while it
// has 13 tiles; with the winning tile, its 14 tiles' discards ranked (POST /v1/analysis/discards).
import { call, problemLines } from "./api.js";
import { language, number, plural, t } from "./i18n.js";
import { payDiagram } from "./diagram.js";
import { format, kind, PICKER_ROWS, parse, sorted, tileFigure, tileName, tileSvg } from "./tiles.js";

const $ = (id) => document.getElementById(id);
const STORAGE = "riichi-companion-hand";

const state = {
  hand: [], // concealed tiles, in the order they were entered
  melds: [], // { type: "chi" | "pon" | "kan", closed: bool, tiles: [codes] }
  win: null,
  dora: [],
};
let rules = null; // the preset's answer of GET /v1/rules/{preset}
let sequence = 0; // the latest request: older answers are dropped
let onChange = () => {};
let countSaid = null; // what #situation-message says of which field: { id, text() } (said again after a language switch)
let tapSaid = null; // what #hand-message says of the last tap, as a function (said again in the new language after a switch)
const typedSaid = new Map(); // typed field's id → what it says while its text is not taken, as a function

export function capacity() {
  return 13 - 3 * state.melds.length;
}

function copies(code) {
  const all = [...state.hand, ...state.melds.flatMap((m) => m.tiles), ...(state.win ? [state.win] : [])];
  return all.filter((c) => kind(c) === kind(code)).length;
}

// #hand-message says `message()` of the last tap (nothing when null), then what each typed field whose text is
// not taken says; all said again after a language switch.
function say(message) {
  tapSaid = message || null;
  sayAll();
}

function sayAll() {
  const said = [tapSaid, ...Object.keys(TYPED).map((id) => typedSaid.get(id))].filter(Boolean);
  $("hand-message").textContent = said.map((message) => message()).join(" ");
}

function target() {
  const checked = document.querySelector("input[name=target]:checked");
  return checked ? checked.value : "hand";
}

function meldTiles(type, code) {
  if (type === "chi") {
    const n = Number(kind(code)[0]);
    if (code[1] === "z" || n > 7) return null;
    return [code, `${n + 1}${code[1]}`, `${n + 2}${code[1]}`];
  }
  return Array(type === "pon" ? 3 : 4).fill(code);
}

// Three players play without 2m–8m (108 tiles).
function absent(code) {
  return Boolean(rules && rules.preset.defaults.players === 3 && code[1] === "m" && "2345678".includes(kind(code)[0]));
}

// A tap on the picker (or Enter on a focused tile).
export function addTile(code) {
  const where = target();
  if (absent(code)) return say(() => t("msg.sanma_tile"));
  if (where === "dora") {
    if (state.dora.length >= 10) return say(() => t("msg.dora_full"));
    state.dora.push(code);
  } else if (where === "win") {
    if (copies(code) >= 4 && state.win !== code) return say(() => t("msg.four_copies", { tile: tileName(code) }));
    state.win = code;
  } else if (where === "hand") {
    if (copies(code) >= 4) return say(() => t("msg.four_copies", { tile: tileName(code) }));
    if (state.hand.length < capacity()) state.hand.push(code);
    else if (!state.win) state.win = code;
    else return say(() => t("msg.hand_full"));
  } else {
    const [type, closed] = where === "ankan" ? ["kan", true] : [where, false];
    const tiles = meldTiles(type, code);
    if (!tiles) return say(() => t("msg.chi_lowest"));
    if (state.melds.length >= 4 || state.hand.length > capacity() - 3) return say(() => t("msg.no_room"));
    if (tiles.some((c) => copies(c) + tiles.filter((x) => kind(x) === kind(c)).length > 4)) {
      return say(() => t("msg.four_copies", { tile: tileName(code) }));
    }
    state.melds.push({ type, closed, tiles });
    // one tap, one call: the next tap goes to the hand again (a second pon is chosen again, not kept)
    document.querySelector("input[name=target][value=hand]").checked = true;
  }
  say(null);
  changed();
}

// The tiles changed: kept, drawn, scored. A change that is not typed (a tap, a tile taken back) decides the
// tiles: every typed field shows them again, none is wrong any more.
function changed(typing = false) {
  if (!typing) {
    typedSaid.clear();
    for (const id of Object.keys(TYPED)) $(id).setAttribute("aria-invalid", "false");
    sayAll();
  }
  keep();
  render();
  update();
  onChange();
}

// The situation's controls kept with the tiles (a reload shows the same score): their ids and what each holds.
const SITUATION = {
  "seat-wind": "value",
  "round-wind": "value",
  honba: "value",
  sticks: "value",
  riichi: "checked",
  ippatsu: "checked",
  dealer: "checked",
};

function keep() {
  const kept = { win_type: checkedValue("win-type") };
  for (const [id, prop] of Object.entries(SITUATION)) kept[id] = $(id)[prop];
  try {
    localStorage.setItem(STORAGE, JSON.stringify({ ...state, situation: kept }));
  } catch {
    /* private mode: the hand is not kept */
  }
}

// The kept situation set back on its controls (each value checked; anything else is left as the page has it).
function restoreSituation(kept) {
  if (!kept || typeof kept !== "object") return;
  const radio = document.querySelector(`input[name=win-type][value="${kept.win_type === "tsumo" ? "tsumo" : "ron"}"]`);
  radio.checked = true;
  for (const [id, prop] of Object.entries(SITUATION)) {
    const el = $(id);
    const value = kept[id];
    if (prop === "checked") el.checked = value === true;
    else if (el.tagName === "SELECT" ? ["E", "S", "W", "N"].includes(value) : /^\d{1,3}$/.test(String(value))) el.value = value;
  }
}

function removeButton(label, onClick, child) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "tile-button";
  button.setAttribute("aria-label", label);
  button.append(child);
  button.addEventListener("click", onClick);
  return button;
}

// Riichi needs a closed hand: with an open call the box cannot be ticked (nor ippatsu without riichi).
function lockRiichi() {
  const open = state.melds.some((m) => !m.closed);
  const riichi = $("riichi");
  if (open && riichi.checked) riichi.checked = false;
  riichi.disabled = open;
  riichi.title = open ? t("msg.riichi_closed") : "";
  $("riichi-note").hidden = !open;
  const ippatsu = $("ippatsu");
  if (!riichi.checked) ippatsu.checked = false;
  ippatsu.disabled = !riichi.checked;
}

// The entered tiles marked as refused (greyed out), or not: a refused hand's tiles are not taken for a score.
// Not refused: no control is marked as the field at fault either.
function markRefused(on) {
  for (const id of ["hand-tiles", "meld-list", "win-tile", "dora-tiles"]) $(id).classList.toggle("stale", on);
  if (!on) markFields(null);
}

// The Hand view's control each field of a score or tenpai request is entered with.
const CONTROLS = {
  hand: "hand-tiles",
  win_tile: "win-tile",
  melds: "meld-list",
  dora_indicators: "dora-tiles",
  riichi: "riichi",
  double_riichi: "riichi",
  ippatsu: "ippatsu",
  seat_wind: "seat-wind",
  round_wind: "round-wind",
  dealer: "dealer",
  honba: "honba",
  riichi_sticks: "sticks",
};

// The controls of the fields a refusal names marked invalid and described by the result that says why (in the
// page's language: the service answers in the language asked for); none when `answer` is null.
function markFields(answer) {
  const errors = answer && answer.data && Array.isArray(answer.data.errors) ? answer.data.errors : [];
  const named = new Set(errors.map((e) => CONTROLS[String(e && e.field).split(/[.[]/)[0]]).filter(Boolean));
  for (const id of new Set(Object.values(CONTROLS))) {
    const el = $(id);
    el.dataset.describedby ??= el.getAttribute("aria-describedby") || ""; // its own description, kept
    const own = el.dataset.describedby;
    if (named.has(id)) {
      el.setAttribute("aria-invalid", "true");
      el.setAttribute("aria-describedby", own ? `${own} result` : "result");
    } else {
      el.removeAttribute("aria-invalid");
      if (own) el.setAttribute("aria-describedby", own);
      else el.removeAttribute("aria-describedby");
    }
  }
}

function render() {
  markRefused(false);
  lockRiichi();
  const handBox = $("hand-tiles");
  handBox.replaceChildren();
  for (const code of sorted(state.hand)) {
    handBox.append(
      removeButton(t("remove", { tile: tileName(code) }), () => {
        state.hand.splice(state.hand.lastIndexOf(code), 1);
        changed();
      }, tileFigure(code)),
    );
  }
  $("hand-count").textContent = t("hand.count", { n: state.hand.length, of: capacity() });
  const meldBox = $("meld-list");
  meldBox.replaceChildren();
  state.melds.forEach((meld, i) => {
    const group = document.createElement("span");
    group.className = "meld";
    for (const code of meld.tiles) group.append(tileFigure(code, "small"));
    const name = t(meld.closed ? "call.ankan" : `call.${meld.type}`);
    meldBox.append(
      removeButton(t("remove", { tile: `${name} ${format(meld.tiles)}` }), () => {
        state.melds.splice(i, 1);
        changed();
      }, group),
    );
  });
  $("melds-row").hidden = state.melds.length === 0;
  const winBox = $("win-tile");
  winBox.replaceChildren();
  if (state.win) {
    winBox.append(removeButton(t("remove", { tile: tileName(state.win) }), () => {
      state.win = null;
      changed();
    }, tileFigure(state.win)));
  } else {
    const none = document.createElement("span");
    none.className = "muted";
    none.textContent = t("hand.win_none");
    winBox.append(none);
  }
  const doraBox = $("dora-tiles");
  doraBox.replaceChildren();
  state.dora.forEach((code, i) => {
    doraBox.append(removeButton(t("remove", { tile: tileName(code) }), () => {
      state.dora.splice(i, 1);
      changed();
    }, tileFigure(code, "small")));
  });
  for (const [id, value] of [["mpsz-hand", format(sorted(state.hand))], ["mpsz-win", state.win || ""], ["mpsz-dora", format(state.dora)]]) {
    const input = $(id);
    if (document.activeElement !== input && !typedSaid.has(id)) input.value = value; // a text not taken stays
  }
}

function buildPicker() {
  const picker = $("picker");
  picker.replaceChildren();
  PICKER_ROWS.forEach((row, r) => {
    const line = document.createElement("div");
    line.className = "picker-row";
    line.setAttribute("role", "group");
    line.dataset.i18nLabel = `picker.row${r}`;
    row.forEach((code, c) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "tile-button pick";
      button.dataset.tile = code;
      button.dataset.row = r;
      button.dataset.col = c;
      button.tabIndex = r === 0 && c === 0 ? 0 : -1;
      button.append(tileSvg(code));
      button.addEventListener("click", () => addTile(code));
      line.append(button);
    });
    picker.append(line);
  });
  // One tab stop; the arrow keys move between tiles, Enter or Space adds the focused tile.
  picker.addEventListener("keydown", (event) => {
    const from = event.target.closest("button.pick");
    if (!from) return;
    let r = Number(from.dataset.row);
    let c = Number(from.dataset.col);
    const moves = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] };
    if (event.key === "Home") c = 0;
    else if (event.key === "End") c = PICKER_ROWS[r].length - 1;
    else if (moves[event.key]) {
      r = Math.max(0, Math.min(PICKER_ROWS.length - 1, r + moves[event.key][0]));
      c = Math.max(0, Math.min(PICKER_ROWS[r].length - 1, c + moves[event.key][1]));
    } else if (event.key === "Backspace") {
      event.preventDefault();
      return undoTile();
    } else return;
    event.preventDefault();
    const to = picker.querySelector(`button.pick[data-row="${r}"][data-col="${c}"]`);
    from.tabIndex = -1;
    to.tabIndex = 0;
    to.focus();
  });
  labelPicker();
}

function labelPicker() {
  for (const button of document.querySelectorAll("#picker button.pick")) {
    button.setAttribute("aria-label", tileName(button.dataset.tile));
  }
}

function undoTile() {
  if (target() === "dora" && state.dora.length) state.dora.pop();
  else if (state.win) state.win = null;
  else if (state.hand.length) state.hand.pop();
  else if (state.melds.length) state.melds.pop();
  changed();
}

// The tiles typed in a field, or null (the field marked invalid, the reason said until its text is taken) when
// the text is not mpsz, holds more than `most` tiles or a fifth copy of a tile with the rest of the hand.
function readText(id, most, others) {
  const input = $(id);
  const tiles = parse(input.value);
  let problem = null;
  if (tiles === null) problem = () => t("msg.not_mpsz");
  else if (tiles.some(absent)) problem = () => t("msg.sanma_tile");
  else if (tiles.length > most) problem = () => t("msg.too_many", { n: most });
  else {
    const all = [...tiles, ...others];
    const over = all.find((c) => all.filter((x) => kind(x) === kind(c)).length > 4);
    if (over) problem = () => t("msg.four_copies", { tile: tileName(kind(over)) });
  }
  input.setAttribute("aria-invalid", problem ? "true" : "false");
  if (problem) typedSaid.set(id, problem);
  else typedSaid.delete(id);
  return problem ? null : tiles;
}

const meldTileList = () => state.melds.flatMap((m) => m.tiles);

// The typed fields, in the order their messages are said: how many tiles each takes, the rest of the hand's tiles
// (for the fifth-copy check) and what its tiles change once taken.
const TYPED = {
  "mpsz-hand": {
    most: () => capacity() + (state.win ? 0 : 1),
    others: () => [...meldTileList(), ...(state.win ? [state.win] : [])],
    take(tiles) {
      if (tiles.length === capacity() + 1 && !state.win) state.win = tiles.pop();
      state.hand = tiles.slice(0, capacity());
    },
  },
  "mpsz-win": {
    most: () => 1,
    others: () => [...state.hand, ...meldTileList()],
    take(tiles) {
      state.win = tiles[0] || null;
    },
  },
  "mpsz-dora": {
    most: () => 10,
    others: () => [],
    take(tiles) {
      state.dora = tiles;
    },
  },
};

// The field's text taken when it is good; true when it is.
function takeText(id) {
  const field = TYPED[id];
  const tiles = readText(id, field.most(), field.others());
  if (tiles) field.take(tiles);
  return Boolean(tiles);
}

// A field typed in: its own check says its message (or takes its tiles) and leaves the other fields' messages.
// Once its tiles are taken, each other field whose text was not taken is checked again against the hand as it
// now is (the fifth copy may be gone).
function typed(id) {
  tapSaid = null;
  if (takeText(id)) {
    for (const other of Object.keys(TYPED)) if (other !== id && typedSaid.has(other)) takeText(other);
    changed(true);
  }
  sayAll();
  if (typedSaid.size) markStale(true);
}

// The result shown is the hand before's while a typed field's text is not taken: dimmed (the Score card and the
// line under the hand), each under a note that says so, until a result arrives with every typed text taken.
function markStale(on) {
  for (const id of ["result", "quick-score"]) $(id).classList.toggle("stale", on);
  for (const id of ["stale-note", "quick-stale"]) $(id).hidden = !on;
}

function bindText() {
  for (const id of Object.keys(TYPED)) $(id).addEventListener("input", () => typed(id));
}

// A count typed in (honba, riichi sticks) is a whole number from 0 to 100, what the service takes: another is
// set to the nearest one, and the message by the fields says so until that field is changed again (an empty
// field counts as 0, silently). Checked as it is typed.
function checkCount(id, label) {
  const input = $(id);
  const value = Number(input.value);
  const n = Number.isFinite(value) ? Math.max(0, Math.min(100, Math.floor(value))) : 0;
  if (input.value !== "" && n !== value) {
    input.value = String(n);
    countSaid = { id, text: () => t("msg.out_of_range", { field: t(label), max: 100, n }) };
  } else if (countSaid && countSaid.id === id) countSaid = null;
  $("situation-message").textContent = countSaid ? countSaid.text() : "";
}

// The situation controls the preset has: winds or a dealer flag, han/fu-only flags, honba, sticks.
export function applyRules(presetRules) {
  rules = presetRules;
  const info = rules.preset;
  const defaults = info.defaults || {};
  const hanFu = info.scoring !== "kids";
  // Kids: three alike drawn by yourself go into the hand (closed: riichi and the worked example's 5 points stay);
  // the call modes say they are for a tile taken from another player's discard.
  $("kids-hint").hidden = hanFu;
  for (const [id, key] of [["label-pon", "call.pon"], ["label-kan", "call.kan"]]) {
    $(id).dataset.i18n = hanFu ? key : `${key}_kids`;
    $(id).textContent = t($(id).dataset.i18n);
  }
  $("winds-row").hidden = !info.winds;
  $("dealer-row").hidden = info.winds || !hanFu;
  for (const el of document.querySelectorAll(".han-fu-only")) el.hidden = !hanFu;
  $("honba-row").hidden = !hanFu || !defaults.honba;
  $("sticks-row").hidden = !hanFu || !defaults.riichi_deposit;
  $("situation-message").hidden = $("honba-row").hidden && $("sticks-row").hidden;
  // Three players: no 2m–8m to tap, no chi, no North seat or round.
  const three = defaults.players === 3;
  for (const button of document.querySelectorAll("#picker button.pick")) {
    button.setAttribute("aria-disabled", String(absent(button.dataset.tile)));
  }
  $("target-chi").hidden = three;
  if (three && target() === "chi") document.querySelector("input[name=target][value=hand]").checked = true;
  for (const id of ["seat-wind", "round-wind"]) {
    const select = $(id);
    select.querySelector("option[value=N]").disabled = three;
    if (three && select.value === "N") select.value = "E";
  }
  update();
}

export function scoreRequest() {
  if (!rules || !state.win || state.hand.length !== capacity()) return null;
  return { ...situation(), hand: format(state.hand), win_tile: state.win, win: checkedValue("win-type") };
}

function checkedValue(name) {
  const checked = document.querySelector(`input[name=${name}]:checked`);
  return checked ? checked.value : "";
}

function situation() {
  const info = rules.preset;
  const hanFu = info.scoring !== "kids";
  const body = { rules: info.id };
  if (state.melds.length) body.melds = state.melds.map((m) => ({ type: m.type, tiles: format(m.tiles), closed: m.closed }));
  if ($("riichi").checked) body.riichi = true;
  if (hanFu) {
    if ($("ippatsu").checked && body.riichi) body.ippatsu = true;
    if (state.dora.length) body.dora_indicators = format(state.dora);
    if (info.winds) {
      body.seat_wind = $("seat-wind").value;
      body.round_wind = $("round-wind").value;
    } else body.dealer = $("dealer").checked;
    const honba = Number($("honba").value);
    if (info.defaults.honba && honba > 0) body.honba = Math.min(100, Math.floor(honba));
    const sticks = Number($("sticks").value);
    if (info.defaults.riichi_deposit && sticks > 0) body.riichi_sticks = Math.min(100, Math.floor(sticks));
  }
  return body;
}

export async function update() {
  const mine = ++sequence;
  const out = $("result");
  if (!rules) return;
  if (state.hand.length === capacity() && !state.win) {
    const body = { ...situation(), hand: format(state.hand) };
    const answer = await call("/v1/tenpai", { body, lang: language() });
    if (mine !== sequence) return;
    showTenpai(out, answer);
  } else if (state.hand.length === capacity() && state.win) {
    const body = scoreRequest();
    const answer = await call("/v1/score", { body, lang: language() });
    if (mine !== sequence) return;
    showScore(out, answer, body);
    // The same 14 tiles as a discard question: every discard ranked (POST /v1/analysis/discards).
    const ask = { ...situation(), hand: format([...state.hand, state.win]) };
    const discards = await call("/v1/analysis/discards", { body: ask, lang: language() });
    if (mine !== sequence) return;
    if (discards.ok && Array.isArray(discards.data.discards)) out.append(showDiscards(discards.data));
  } else {
    const more = plural("hand.more", capacity() - state.hand.length);
    markRefused(false);
    out.replaceChildren(para(more, "muted"));
    quick(more, "muted");
  }
  markStale(typedSaid.size > 0);
}

function para(text, cls = "") {
  const p = document.createElement("p");
  p.textContent = text;
  if (cls) p.className = cls;
  return p;
}

function list(items, cls) {
  const ul = document.createElement("ul");
  ul.className = cls;
  for (const [name, value] of items) {
    const li = document.createElement("li");
    const a = document.createElement("span");
    a.textContent = name;
    const b = document.createElement("span");
    b.className = "value";
    b.textContent = value;
    li.append(a, b);
    ul.append(li);
  }
  return ul;
}

function heading(text) {
  const h = document.createElement("h3");
  h.textContent = text;
  return h;
}

// The fields of the request at fault, by the page's own names (the service's reasons follow them, in the page's
// language: the request asks for it with Accept-Language).
const FIELDS = {
  hand: "hand.title",
  win_tile: "hand.win",
  melds: "hand.calls",
  dora_indicators: "hand.dora",
  riichi: "situation.riichi",
  ippatsu: "situation.ippatsu",
  seat_wind: "situation.seat_wind",
  round_wind: "situation.round_wind",
  dealer: "situation.dealer",
  honba: "situation.honba",
  riichi_sticks: "situation.sticks",
  win: "situation.legend",
};

function problem(out, answer) {
  const offline = answer.status === 0; // said once, as the heading
  const lines = offline
    ? []
    : problemLines(
        answer,
        (field) => {
          const key = FIELDS[String(field).split(/[.[]/)[0]];
          return key ? t(key) : "";
        },
        { reasons: true },
      );
  const head = t(offline ? "msg.offline" : "result.invalid");
  markRefused(!offline); // the tiles shown are those the service refused: greyed out until the hand changes
  markFields(offline ? null : answer);
  out.replaceChildren(para(head, "bad"), ...lines.map((line) => para(line)));
  quick(head, "bad");
}

// The compact result right under the hand (on a phone the Score card is below the whole form).
function quick(text, cls = "") {
  const box = $("quick-score");
  box.textContent = text;
  box.className = `quick ${cls}`;
}

// A limit hand (mangan and up): its name is said; an ordinary hand's limit is "none".
const hasLimit = (r) => Boolean(r.limit && r.limit !== "none" && r.limit_name);

// The winning hand large, as the service read it (its sets, the called ones boxed as on the table) and the tile
// it was won on; above it a limit hand's name as a banner (mangan and up).
function winningHand(r, body) {
  const out = [];
  if (hasLimit(r)) {
    const banner = document.createElement("p");
    banner.className = "limit-banner";
    banner.textContent = r.limit_name;
    out.push(banner);
  }
  const sets = r.reading && Array.isArray(r.reading.sets) ? r.reading.sets : [];
  if (!sets.length) return out;
  const box = document.createElement("div");
  box.className = "win-hand";
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", t("result.hand"));
  for (const set of sets) {
    const tiles = parse(String(set.tiles || "")) || [];
    const group = document.createElement("span");
    group.className = set.open ? "set meld" : "set";
    for (const code of tiles) group.append(tileFigure(code));
    box.append(group);
  }
  if (body && typeof body.win_tile === "string") {
    const won = document.createElement("span");
    won.className = "won-on";
    won.textContent = t(body.win === "tsumo" ? "result.won_tsumo" : "result.won_ron");
    won.append(tileFigure(body.win_tile));
    box.append(won);
  }
  out.push(box);
  return out;
}

// `body` is the POST /v1/score request `answer` answers.
function showScore(out, answer, body) {
  if (!answer.ok) return problem(out, answer);
  markRefused(false);
  const r = answer.data;
  if (!r.is_win) {
    out.replaceChildren(para(t("result.no_win"), "bad verdict"), para(r.reason_name || r.reason || ""));
    quick(t("result.no_win"), "bad");
    return;
  }
  const kids = rules.preset.scoring === "kids";
  const total = document.createElement("p");
  total.className = "total";
  total.id = "score-total";
  total.textContent = number(r.total ?? r.points ?? 0);
  const unit = document.createElement("span");
  unit.className = "unit";
  unit.textContent = ` ${plural(kids ? "unit.kids" : "unit.points", r.total ?? r.points ?? 0)}`;
  total.append(unit);
  const parts = [...winningHand(r, body), total];
  if (!kids) {
    const line = [];
    if (r.yakuman) line.push(t("result.yakuman", { n: r.yakuman }));
    else if (r.han != null) line.push(t("result.han", { n: r.han }));
    if (r.fu != null && !r.yakuman) line.push(t("result.fu", { n: r.fu }));
    if (hasLimit(r)) line.push(r.limit_name); // an ordinary hand (limit "none") has no limit to name
    parts.push(para(line.join(" · "), "summary"));
    const yaku = Array.isArray(r.yaku) ? r.yaku : [];
    parts.push(heading(t("result.yaku")), list(yaku.map((y) => [y.name || y.id, t("result.han", { n: y.han })]), "yaku"));
    const fu = Array.isArray(r.fu_breakdown) ? r.fu_breakdown : [];
    if (fu.length) parts.push(heading(t("result.fu_items")), list(fu.map((f) => [f.name || f.id, t("result.fu", { n: f.fu })]), "fu"));
    const pays = Array.isArray(r.payments) ? r.payments : [];
    if (pays.length) {
      parts.push(heading(t("result.payments")));
      parts.push(list(paymentLines(r, pays, body), "payments"));
      parts.push(paymentDiagram(r, pays, body));
    }
  } else {
    const items = Array.isArray(r.points_breakdown) ? r.points_breakdown : [];
    if (items.length) parts.push(kidsList(items));
  }
  const lines = Array.isArray(r.explanation) ? r.explanation : [];
  if (lines.length) {
    parts.push(heading(t("result.explanation")));
    const ol = document.createElement("ol");
    ol.className = "explanation";
    for (const line of lines) {
      const li = document.createElement("li");
      li.append(...withTiles(String(line)));
      ol.append(li);
    }
    parts.push(ol);
  }
  out.replaceChildren(...parts);
  const short = [`${number(r.total ?? r.points ?? 0)} ${plural(kids ? "unit.kids" : "unit.points", r.total ?? r.points ?? 0)}`];
  if (!kids && hasLimit(r)) short.push(r.limit_name);
  else if (!kids && r.yakuman) short.push(t("result.yakuman", { n: r.yakuman }));
  else if (!kids && r.han != null) short.push(t("result.han", { n: r.han }) + (r.fu != null ? ` ${t("result.fu", { n: r.fu })}` : ""));
  quick(short.join(" · "), "good");
}

// Who pays, in lines that add up to the total: each payer's part of the hand, the honba (which the
// payments' amounts include, so each payer's equal part of them is taken out) and the riichi sticks won.
function paymentLines(r, pays, body) {
  const payers = pays.reduce((n, p) => n + p.count, 0);
  const honba = pays.reduce((n, p) => n + p.amount * p.count, 0) - (r.points ?? 0);
  const each = honba > 0 && Number.isInteger(honba / payers) ? honba / payers : 0;
  const lines = pays.map((p) => [p.count > 1 ? `${p.name} × ${p.count}` : p.name, number(p.amount - each)]);
  const n = body.honba ?? 0;
  if (each) lines.push([payers > 1 ? t("result.honba_each", { n, each: number(each) }) : t("result.honba", { n }), number(honba)]);
  if (r.riichi_sticks_won > 0) lines.push([t("result.sticks", { n: body.riichi_sticks ?? 0 }), number(r.riichi_sticks_won)]);
  return lines;
}

const WINDS = ["E", "S", "W", "N"];
const windName = (w) => t(w === "E" ? "wind.round_E" : `wind.${w}`);

// Who pays whom drawn around the table: the winner at the bottom, the payers in their seats (by the seat winds
// where the preset has them: the next wind to the right), each arrow with what that payer pays (honba included),
// the riichi sticks won from the middle. On ron the discarder sits across (any of the others could be);
// without winds a non-dealer winner's dealer sits across too.
function paymentDiagram(r, pays, body) {
  const n = rules.preset.defaults.players === 3 ? 3 : 4;
  const labels = Array(n).fill(null);
  const transfers = [];
  const paid = (payer) => pays.find((p) => p.payer === payer);
  const across = n === 4 ? 2 : 1;
  const winds = typeof body.seat_wind === "string" && WINDS.includes(body.seat_wind);
  const dealer = winds ? body.seat_wind === "E" : body.dealer === true;
  labels[0] = winds ? t("diagram.winner_wind", { wind: windName(body.seat_wind) }) : t(dealer ? "diagram.winner_dealer" : "diagram.winner");
  const discarder = paid("discarder");
  if (discarder) {
    labels[across] = discarder.name || t("game.discarder");
    transfers.push({ payer: across, payee: 0, amount: discarder.amount });
  } else {
    for (let spot = 1; spot < n; spot++) {
      const wind = winds ? WINDS[(WINDS.indexOf(body.seat_wind) + spot) % n] : null;
      const isDealer = winds ? wind === "E" : !dealer && spot === across;
      const pay = paid(isDealer ? "dealer" : "non_dealer");
      labels[spot] = winds ? windName(wind) : t(isDealer ? "diagram.dealer" : "diagram.non_dealer");
      if (pay) transfers.push({ payer: spot, payee: 0, amount: pay.amount });
    }
  }
  if (r.riichi_sticks_won > 0) transfers.push({ payer: null, payee: 0, amount: r.riichi_sticks_won });
  return payDiagram(labels, transfers, t("game.table_pot"));
}

// A line of text with its mpsz codes ("Pon 333p") drawn as small tile pictures (named for a screen
// reader), the rest kept as text.
function withTiles(line) {
  const parts = [];
  let at = 0;
  for (const match of line.matchAll(/(?<![\p{L}\p{N}])(?:\d+[mps]|[1-7]+z)+(?![\p{L}\p{N}])/gu)) {
    const shown = parse(match[0]);
    if (!shown || !shown.length) continue;
    if (match.index > at) parts.push(line.slice(at, match.index));
    const group = tileGroup(shown);
    group.dataset.tiles = match[0];
    parts.push(group);
    at = match.index + match[0].length;
  }
  if (at < line.length) parts.push(line.slice(at));
  return parts;
}

function tileGroup(shown) {
  const group = document.createElement("span");
  group.className = "item-tiles";
  group.setAttribute("role", "img");
  group.setAttribute("aria-label", shown.map(tileName).join(", "));
  for (const code of shown) group.append(tileFigure(code, "small"));
  return group;
}

// The kids' points: each item's name, the tiles it is for as small pictures, its points.
function kidsList(items) {
  const ul = document.createElement("ul");
  ul.className = "kids-points";
  for (const p of items) {
    const li = document.createElement("li");
    const a = document.createElement("span");
    a.className = "item";
    a.textContent = p.name || p.id;
    const shown = typeof p.tiles === "string" ? parse(p.tiles) : null;
    if (shown && shown.length) a.append(" ", tileGroup(shown));
    const b = document.createElement("span");
    b.className = "value";
    b.textContent = String(p.points);
    li.append(a, b);
    ul.append(li);
  }
  return ul;
}

function showTenpai(out, answer) {
  if (!answer.ok) return problem(out, answer);
  markRefused(false);
  const r = answer.data;
  const kids = rules.preset.scoring === "kids";
  if (!r.tenpai) {
    out.replaceChildren(para(t("tenpai.not", { n: r.shanten }), "verdict"), para(t("tenpai.pick_win"), "muted"));
    quick(t("tenpai.not", { n: r.shanten }), "muted");
    return;
  }
  const waits = Array.isArray(r.waits) ? r.waits : [];
  const table = document.createElement("table");
  table.className = "waits";
  const head = table.createTHead().insertRow();
  for (const key of ["tenpai.wait", "tenpai.left", "tenpai.ron", "tenpai.tsumo"]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = t(key);
    head.append(th);
  }
  const body = table.createTBody();
  const value = (s) => (s && s.is_win ? number(s.total ?? s.points ?? 0) : "—");
  for (const w of waits) {
    const row = body.insertRow();
    row.insertCell().append(tileFigure(w.tile, "small"));
    row.insertCell().textContent = String(w.remaining);
    row.insertCell().textContent = w.no_yaku_on_ron ? t("tenpai.no_yaku") : value(w.ron);
    row.insertCell().textContent = value(w.tsumo);
  }
  const unit = t(kids ? "unit.kids" : "unit.points");
  const ready = t("tenpai.yes", { tiles: waits.map((w) => tileName(w.tile)).join(", ") });
  out.replaceChildren(para(ready, "good verdict"), para(t("tenpai.unseen", { n: r.wait_tiles_unseen ?? 0, unit })), table);
  quick(ready, "good");
}

// A ready discard that waits on the tile it throws away: furiten by its own discard. From 14 tiles that already
// make a winning shape every ready discard is one (the thrown tile completes the 13 left), so the page says it once.
const ownFuriten = (d) => d.tenpai && d.waits.some((w) => kind(w.tile) === kind(d.discard));

// The discards of a 14-tile hand, best first; each one opens (a <details>) to its waits or the tiles that help.
function showDiscards(r) {
  const section = document.createElement("section");
  section.className = "discards";
  section.append(heading(t("discards.title")), para(t("discards.intro"), "muted"));
  const complete = r.discards.some(ownFuriten);
  if (complete) section.append(para(t("discards.complete"), "discards-note"));
  const value = (s) => (s && s.is_win ? number(s.total ?? s.points ?? 0) : "—");
  for (const d of r.discards) {
    const item = document.createElement("details");
    const summary = document.createElement("summary");
    const stage = d.tenpai ? t("discards.ready") : t("discards.away", { n: d.shanten });
    const words = t("discards.row", { rank: d.rank, state: stage, n: d.ukeire_unseen });
    const reason = t(`discards.reason.${d.reason}`);
    const marked = d.furiten && !(complete && ownFuriten(d)); // the note above says it for these
    summary.append(tileFigure(d.discard, "small"), ` ${words} (${reason})${marked ? ` — ${t("discards.furiten")}` : ""}`);
    item.append(summary);
    if (d.tenpai && d.waits.length) {
      const table = document.createElement("table");
      table.className = "waits";
      const head = table.createTHead().insertRow();
      for (const key of ["tenpai.wait", "tenpai.left", "tenpai.ron", "tenpai.tsumo"]) {
        const th = document.createElement("th");
        th.scope = "col";
        th.textContent = t(key);
        head.append(th);
      }
      const body = table.createTBody();
      for (const w of d.waits) {
        const row = body.insertRow();
        row.insertCell().append(tileFigure(w.tile, "small"));
        row.insertCell().textContent = String(w.remaining);
        const ron = w.no_yaku_on_ron ? t("tenpai.no_yaku") : value(w.ron);
        row.insertCell().textContent = w.furiten || d.furiten ? t("discards.no_ron") : ron; // furiten: no ron at all
        row.insertCell().textContent = value(w.tsumo);
      }
      item.append(table);
    } else {
      const helps = document.createElement("p");
      helps.append(t("discards.ukeire"), " ");
      for (const u of d.ukeire) helps.append(tileFigure(u.tile, "small"), ` ×${u.remaining} `);
      item.append(helps);
    }
    section.append(item);
  }
  return section;
}

export function clearHand() {
  state.hand = [];
  state.melds = [];
  state.win = null;
  state.dora = [];
  changed();
}

export function relabel() {
  sayAll();
  if (countSaid) $("situation-message").textContent = countSaid.text();
  labelPicker();
  render();
  update();
}

export function initHand(changedCallback) {
  onChange = changedCallback;
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE) || "null");
    const tileList = (x) => (Array.isArray(x) ? x.filter((c) => typeof c === "string" && parse(c)?.length === 1) : []);
    if (saved && typeof saved === "object") {
      state.hand = tileList(saved.hand).slice(0, 13);
      state.melds = (Array.isArray(saved.melds) ? saved.melds : [])
        .filter((m) => m && ["chi", "pon", "kan"].includes(m.type))
        .slice(0, 4)
        .map((m) => ({ type: m.type, closed: Boolean(m.closed), tiles: tileList(m.tiles) }));
      state.hand = state.hand.slice(0, capacity());
      state.win = tileList([saved.win])[0] || null;
      state.dora = tileList(saved.dora).slice(0, 10);
      restoreSituation(saved.situation);
    }
  } catch {
    /* a broken saved hand is forgotten */
  }
  buildPicker();
  bindText();
  $("hand-clear").addEventListener("click", clearHand);
  $("hand-undo").addEventListener("click", undoTile);
  $("riichi").addEventListener("change", lockRiichi); // before the situation's own listener keeps it
  // Honba and sticks count as they are typed (not only once the field is left).
  for (const [id, label] of [["honba", "situation.honba"], ["sticks", "situation.sticks"]]) {
    $(id).addEventListener("input", () => {
      checkCount(id, label);
      keep();
      update();
    });
  }
  for (const el of document.querySelectorAll("#situation input, #situation select")) {
    if (el.id !== "honba" && el.id !== "sticks") {
      el.addEventListener("change", () => {
        keep();
        update();
      });
    }
  }
  render();
}
