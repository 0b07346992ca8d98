// A game kept in the browser (localStorage; the service stays stateless): names, scores, dealer,
// honba and sticks; each hand applied with POST /v1/settle, the sticks to hand over from
// POST /v1/sticks, the end and the standings from POST /v1/final. Export / import as JSON.
import { call, problemText } from "./api.js";
import { language, number, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const STORAGE = "riichi-companion-game";
const SEATS = [0, 1, 2, 3];
let game = null;
let rulesFor = async () => null; // preset id → its GET /v1/rules/{preset} answer
let handRequest = () => null; // the hand entered on the hand view, as a POST /v1/score body
let rules = null;

function save() {
  try {
    if (game) localStorage.setItem(STORAGE, JSON.stringify(game));
    else localStorage.removeItem(STORAGE);
  } catch {
    /* private mode: the game lasts as long as the page */
  }
}

// A game read from storage or a file: every field checked, anything else is refused (null).
export function validGame(data) {
  if (!data || typeof data !== "object" || data.format !== "riichi-companion-game/1") return null;
  const int = (x) => Number.isInteger(x);
  const four = (x) => Array.isArray(x) && x.length === 4;
  if (typeof data.preset !== "string" || !four(data.names) || !four(data.scores) || !data.scores.every(int)) return null;
  if (![data.dealer, data.first_dealer, data.honba, data.riichi_sticks].every(int)) return null;
  if (!Array.isArray(data.hands)) return null;
  return {
    format: data.format,
    preset: data.preset,
    names: data.names.map((n, i) => String(n || "").slice(0, 40) || `${i + 1}`),
    start_points: int(data.start_points) ? data.start_points : 0,
    scores: data.scores,
    dealer: data.dealer,
    first_dealer: data.first_dealer,
    honba: data.honba,
    riichi_sticks: data.riichi_sticks,
    hands: data.hands.filter((h) => h && typeof h === "object" && h.before && h.result),
    over: Boolean(data.over),
    end_reason: typeof data.end_reason === "string" ? data.end_reason : null,
    final: data.final && typeof data.final === "object" ? data.final : null,
  };
}

function load() {
  try {
    return validGame(JSON.parse(localStorage.getItem(STORAGE) || "null"));
  } catch {
    return null;
  }
}

export function current() {
  return game;
}

function name(seat) {
  return seat === null || seat === undefined ? t("game.table") : game.names[seat];
}

async function start(event) {
  event.preventDefault();
  const preset = $("preset").value;
  rules = await rulesFor(preset);
  if (!rules) return;
  const defaults = rules.preset.defaults || {};
  const start = Number.isInteger(defaults.start_points) ? defaults.start_points : 25000;
  game = {
    format: "riichi-companion-game/1",
    preset,
    names: SEATS.map((s) => $(`name-${s}`).value.trim().slice(0, 40) || t(`seat.${s}`)),
    start_points: start,
    scores: SEATS.map(() => start),
    dealer: 0,
    first_dealer: 0,
    honba: 0,
    riichi_sticks: 0,
    hands: [],
    over: false,
    end_reason: null,
    final: null,
  };
  save();
  $("last-hand").replaceChildren();
  render();
}

function outcome(kind) {
  const value = () => {
    if ($("value-from-hand").checked) {
      const hand = handRequest();
      if (!hand) return null;
      const { rules: _r, dealer: _d, seat_wind: _s, win: _w, ...rest } = hand;
      return { hand: rest };
    }
    if (rules.preset.scoring === "kids") return { value: { points: Number($("value-points").value) } };
    const yakuman = Number($("value-yakuman").value);
    if (yakuman > 0) return { value: { yakuman } };
    const v = { han: Number($("value-han").value) };
    if ($("value-fu").value) v.fu = Number($("value-fu").value);
    return { value: v };
  };
  if (kind === "draw") return { type: "draw", tenpai: SEATS.filter((s) => $(`tenpai-${s}`).checked) };
  const winner = Number($("winner").value);
  const v = value();
  if (!v) return null;
  if (kind === "tsumo") return { type: "tsumo", winner, ...v };
  return { type: "ron", discarder: Number($("discarder").value), wins: [{ winner, ...v }] };
}

async function apply(event) {
  event.preventDefault();
  if (!game || game.over) return;
  const kind = $("outcome").value;
  const out = outcome(kind);
  const message = $("game-message");
  if (!out) {
    message.textContent = t("game.need_hand");
    return;
  }
  const riichi = SEATS.filter((s) => $(`riichi-${s}`).checked);
  if (out.wins && out.wins[0].hand?.riichi && !riichi.includes(out.wins[0].winner)) riichi.push(out.wins[0].winner);
  if (out.hand?.riichi && !riichi.includes(out.winner)) riichi.push(out.winner);
  const body = { rules: game.preset, scores: game.scores, dealer: game.dealer, first_dealer: game.first_dealer, outcome: out };
  if (game.honba) body.honba = game.honba;
  if (game.riichi_sticks) body.riichi_sticks = game.riichi_sticks;
  if (riichi.length) body.riichi = riichi;
  if ($("last-hand-flag").checked) body.last_hand = true;
  const answer = await call("/v1/settle", { body, lang: language() });
  if (!answer.ok || !Array.isArray(answer.data.scores) || answer.data.scores.length !== 4) {
    message.textContent = `${t("game.refused")} ${problemText(answer)}`;
    return;
  }
  message.textContent = "";
  const r = answer.data;
  const next = r.next_hand || {};
  const before = { scores: game.scores, dealer: game.dealer, honba: game.honba, riichi_sticks: game.riichi_sticks };
  game.hands.push({ before, request: body, result: r });
  game.scores = r.scores;
  if (Number.isInteger(next.dealer)) game.dealer = next.dealer;
  game.honba = Number.isInteger(next.honba) ? next.honba : 0;
  game.riichi_sticks = Number.isInteger(next.riichi_sticks) ? next.riichi_sticks : 0;
  for (const s of SEATS) $(`riichi-${s}`).checked = false;
  $("last-hand-flag").checked = false;
  if (r.game_over) {
    game.over = true;
    game.end_reason = r.end_reason || null;
  }
  save();
  if (game.over) await finish();
  render();
  await showTransfers(r);
}

async function finish() {
  const body = { rules: game.preset, scores: game.scores, first_dealer: game.first_dealer };
  if (game.riichi_sticks) body.riichi_sticks = game.riichi_sticks;
  const answer = await call("/v1/final", { body, lang: language() });
  game.over = true;
  game.final = answer.ok && Array.isArray(answer.data.placings) ? answer.data : null;
  if (!game.final) $("game-message").textContent = `${t("game.refused")} ${problemText(answer)}`;
  save();
}

// Who pays whom this hand, and in which sticks (the fewest for each amount).
async function showTransfers(result) {
  const box = $("last-hand");
  const transfers = (Array.isArray(result.transfers) ? result.transfers : []).filter((x) => x && x.amount > 0);
  const kids = rules && rules.preset.scoring === "kids";
  const sticks = await Promise.all(
    transfers.map((x) => (kids || x.amount % 100 ? null : call("/v1/sticks", { body: { amount: x.amount }, lang: language() }))),
  );
  const ul = document.createElement("ul");
  ul.className = "transfers";
  transfers.forEach((x, i) => {
    const li = document.createElement("li");
    li.textContent = t("game.transfer", { payer: name(x.payer), payee: name(x.payee), amount: number(x.amount), kind: x.name || x.kind });
    const s = sticks[i];
    if (s && s.ok && s.data.sticks) {
      const parts = ["10000", "5000", "1000", "100"]
        .filter((v) => s.data.sticks[v] > 0)
        .map((v) => `${s.data.sticks[v]} × ${number(Number(v))}`);
      const small = document.createElement("span");
      small.className = "sticks";
      small.textContent = ` — ${t("game.sticks")}: ${parts.join(", ")}`;
      li.append(small);
    }
    ul.append(li);
  });
  const h = document.createElement("h3");
  h.textContent = t("game.last_hand");
  box.replaceChildren(h, transfers.length ? ul : paragraph(t("game.no_transfers")));
}

function paragraph(text) {
  const p = document.createElement("p");
  p.textContent = text;
  return p;
}

function undo() {
  if (!game || !game.hands.length) return;
  const last = game.hands.pop();
  Object.assign(game, last.before, { over: false, end_reason: null, final: null });
  save();
  $("last-hand").replaceChildren();
  render();
}

function exportGame() {
  if (!game) return;
  const blob = new Blob([JSON.stringify(game, null, 2)], { type: "application/json" });
  const link = $("export-link");
  link.href = URL.createObjectURL(blob);
  link.download = `riichi-game-${new Date().toISOString().slice(0, 10)}.json`;
  link.hidden = false;
  link.click();
}

async function importGame(event) {
  const file = event.target.files && event.target.files[0];
  if (!file) return;
  let data = null;
  try {
    data = validGame(JSON.parse(await file.text()));
  } catch {
    data = null;
  }
  event.target.value = "";
  if (!data) {
    $("game-message").textContent = t("game.bad_file");
    return;
  }
  game = data;
  rules = await rulesFor(game.preset);
  save();
  render();
}

function fillSeats(select) {
  const value = select.value;
  select.replaceChildren(...SEATS.map((s) => new Option(game ? game.names[s] : t(`seat.${s}`), String(s))));
  if (value) select.value = value;
}

function render() {
  $("game-setup").hidden = Boolean(game);
  $("game-board").hidden = !game;
  if (!game) {
    $("start-points").textContent = "";
    return;
  }
  $("game-preset").textContent = t("game.preset", { preset: game.preset, n: game.hands.length });
  const body = $("board-body");
  body.replaceChildren();
  const last = game.hands.length ? game.hands[game.hands.length - 1].result : null;
  for (const s of SEATS) {
    const row = body.insertRow();
    row.dataset.seat = s;
    const who = row.insertCell();
    who.className = "who";
    who.textContent = game.names[s];
    if (s === game.dealer && !game.over) {
      const badge = document.createElement("span");
      badge.className = "badge";
      badge.textContent = t("game.dealer");
      who.append(" ", badge);
    }
    const score = row.insertCell();
    score.className = "score";
    score.textContent = number(game.scores[s]);
    const delta = row.insertCell();
    const d = last && Array.isArray(last.deltas) ? last.deltas[s] : 0;
    delta.className = `delta ${d > 0 ? "good" : d < 0 ? "bad" : ""}`;
    delta.textContent = d ? (d > 0 ? "+" : "−") + number(Math.abs(d)) : "";
    if (last && Array.isArray(last.out) && last.out.includes(s)) row.classList.add("bust");
  }
  $("board-honba").textContent = t("game.honba_sticks", { honba: game.honba, sticks: game.riichi_sticks });
  for (const id of ["winner", "discarder"]) fillSeats($(id));
  SEATS.forEach((s) => {
    $(`riichi-name-${s}`).textContent = game.names[s];
    $(`tenpai-name-${s}`).textContent = game.names[s];
  });
  const hanFu = !rules || rules.preset.scoring !== "kids";
  for (const el of document.querySelectorAll(".game-han-fu")) el.hidden = !hanFu;
  for (const el of document.querySelectorAll(".game-kids")) el.hidden = hanFu;
  $("riichi-seats").hidden = !rules || !rules.preset.defaults.riichi_deposit;
  showOutcome();
  $("record").hidden = game.over;
  $("undo").disabled = game.hands.length === 0;
  $("finish").hidden = game.over;
  const end = $("game-end");
  end.hidden = !game.over;
  if (game.over) {
    $("end-reason").textContent = t(`end.${game.end_reason || "manual"}`);
    const table = $("standings-body");
    table.replaceChildren();
    for (const p of game.final && Array.isArray(game.final.placings) ? game.final.placings : []) {
      const row = table.insertRow();
      for (const value of [p.place, game.names[p.seat] ?? p.seat, number(p.score), number(p.uma ?? 0), number(p.oka ?? 0), number(p.final ?? p.score)]) {
        row.insertCell().textContent = String(value);
      }
    }
  }
}

function showOutcome() {
  const kind = $("outcome").value;
  $("winner-row").hidden = kind === "draw";
  $("discarder-row").hidden = kind !== "ron";
  $("value-rows").hidden = kind === "draw";
  $("tenpai-seats").hidden = kind !== "draw";
  $("manual-value").hidden = $("value-from-hand").checked;
}

export function relabel() {
  render();
}

export async function initGame(options) {
  rulesFor = options.rulesFor;
  handRequest = options.handRequest;
  game = load();
  if (game) rules = await rulesFor(game.preset);
  $("game-setup").addEventListener("submit", start);
  $("record").addEventListener("submit", apply);
  $("outcome").addEventListener("change", showOutcome);
  $("value-from-hand").addEventListener("change", showOutcome);
  $("undo").addEventListener("click", undo);
  $("finish").addEventListener("click", async () => {
    if (!game) return;
    await finish();
    render();
  });
  $("new-game").addEventListener("click", () => {
    game = null;
    save();
    render();
  });
  $("export").addEventListener("click", exportGame);
  $("import").addEventListener("change", importGame);
  render();
}

export async function presetChanged(preset) {
  if (!game) {
    rules = await rulesFor(preset);
    const start = rules && Number.isInteger(rules.preset.defaults.start_points) ? rules.preset.defaults.start_points : null;
    $("start-points").textContent = start === null ? "" : t("game.start_points", { n: number(start) });
  }
}
