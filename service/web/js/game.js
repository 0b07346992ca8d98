// A game kept in the browser (localStorage; the service stays stateless): names, scores, dealer,
// honba and sticks; each hand applied with POST /v1/settle, the sticks to hand over from
// POST /v1/sticks, the end and the standings from POST /v1/final. Export / import as JSON.
import { call, problemLines } from "./api.js";
import { language, number, plural, presetName, signed, t, thousands } from "./i18n.js";
import { payDiagram } from "./diagram.js";
import { tileFigure } from "./tiles.js";

const $ = (id) => document.getElementById(id);
const STORAGE = "riichi-companion-game";
const PAST = "riichi-companion-past-games"; // the last few games set aside by New game, newest first
const PAST_KEPT = 5;
const ALL_SEATS = [0, 1, 2, 3];
let game = null;
let rulesFor = async () => null; // preset id → its GET /v1/rules/{preset} answer
let handRequest = () => null; // the hand entered on the hand view, as a POST /v1/score body
let selectPreset = async () => {}; // preset id → chosen in the Rules selector (the page follows)
let rules = null;
let said = null; // what #game-message says, as a function (said again in the new language after a switch)
let shown = null; // the hand #last-hand shows: { request, result, sticks, previous } (drawn again after a switch)
let winControls = [""]; // the suffix of the controls of each ron winner sent (wins[1] is entered in "winner-1", …)

function save() {
  try {
    if (game) localStorage.setItem(STORAGE, JSON.stringify(game));
    else localStorage.removeItem(STORAGE);
  } catch {
    /* private mode: the game lasts as long as the page */
  }
}

// Three or four players: the preset's option `players`.
function playersOf(presetRules) {
  return presetRules && presetRules.preset.defaults.players === 3 ? 3 : 4;
}

// The seats of the game (or of a new game under the chosen preset).
function seats() {
  const n = game ? game.names.length : playersOf(rules);
  return ALL_SEATS.slice(0, n);
}

// A game read from storage or a file: every field checked, anything else is refused (null). The
// preset (one of GET /v1/rules, with as many players as the game has) is checked by checkedGame.
export function validGame(data) {
  if (!data || typeof data !== "object" || Array.isArray(data) || data.format !== "riichi-companion-game/1") return null;
  const int = (x) => Number.isInteger(x);
  const count = (x) => Array.isArray(x) && (x.length === 3 || x.length === 4);
  const n = Array.isArray(data.names) ? data.names.length : 0;
  if (typeof data.preset !== "string" || !/^[a-z0-9_]{1,40}$/.test(data.preset)) return null;
  if (!count(data.names) || !Array.isArray(data.scores) || data.scores.length !== n) return null;
  if (!data.names.every((x) => typeof x === "string")) return null;
  // Scores, dealer, honba and sticks now and before each hand (what an undo goes back to).
  const state = (x) =>
    x &&
    typeof x === "object" &&
    Array.isArray(x.scores) &&
    x.scores.length === n &&
    x.scores.every((v) => int(v) && Math.abs(v) <= 1e9) &&
    [x.dealer, data.first_dealer].every((v) => int(v) && v >= 0 && v < n) &&
    [x.honba, x.riichi_sticks].every((v) => int(v) && v >= 0 && v <= 1000);
  if (!state(data) || !Array.isArray(data.hands)) return null;
  const hands = data.hands.filter((h) => h && typeof h === "object" && h.result && typeof h.result === "object");
  if (hands.length !== data.hands.length || !hands.every((h) => state(h.before))) return null;
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
    // the round the service decides the game's end by (null in a game saved before rounds were kept)
    round_wind: ["E", "S", "W"].includes(data.round_wind) ? data.round_wind : null,
    hands,
    over: Boolean(data.over),
    end_reason: typeof data.end_reason === "string" ? data.end_reason : null,
    end_reason_name: typeof data.end_reason_name === "string" ? data.end_reason_name.slice(0, 200) : null,
    final: data.final && typeof data.final === "object" ? data.final : null,
    // ended with End the game (no hand ended it): an undo takes back only the end
    manual_end: Boolean(data.over) && (typeof data.manual_end === "boolean" ? data.manual_end : typeof data.end_reason !== "string"),
    ...(typeof data.saved_at === "string" ? { saved_at: data.saved_at.slice(0, 40) } : {}),
  };
}

// A game whose preset the service has (GET /v1/rules lists it) and plays with as many players.
async function checkedGame(data) {
  const valid = validGame(data);
  if (!valid) return null;
  const list = await call("/v1/rules", { lang: language() });
  const ids = list.ok && Array.isArray(list.data.presets) ? list.data.presets.map((p) => p && p.id) : [];
  if (!ids.includes(valid.preset)) return null;
  const presetRules = await rulesFor(valid.preset);
  return fits(valid, presetRules) ? withoutRounds(valid, presetRules) : null;
}

// A game under rules without winds has no rounds (one kept from before this was so drops its "East"): the
// service is not asked to end it by the rules' length (the family's game ends when a player is out, /docs/rules §4).
function withoutRounds(valid, presetRules) {
  if (presetRules.preset.winds) return valid;
  valid.round_wind = null;
  for (const h of valid.hands) h.before.round_wind = null; // its history names each hand by its dealer, too
  return valid;
}

// Why the scores of a game (from a file) cannot be those of a game played under its preset's rules, as the key of
// the page's sentence, or null: points that are not whole hundreds (points scoring), or a table whose scores and
// riichi sticks (option `riichi_deposit` each) do not add up to what everyone started with (`start_points`), before
// any hand and while the game goes on (a chombo's deduction takes points from the table: not checked past one).
export function scoresProblem(valid, presetRules) {
  const d = presetRules.preset.defaults;
  if (presetRules.preset.scoring === "kids") return null; // points only won: no total kept
  const done = valid.hands.findIndex((h) => h.request?.outcome?.type === "chombo");
  const states = [...valid.hands.map((h) => h.before), ...(valid.over ? [] : [valid])];
  if (states.some((x) => x.scores.some((v) => v % 100 !== 0))) return "game.bad_file_hundreds";
  const start = Number.isInteger(d.start_points) ? d.start_points : null;
  const deposit = Number.isInteger(d.riichi_deposit) ? d.riichi_deposit : 0;
  const checked = done < 0 ? states : states.slice(0, done + 1);
  const total = (x) => x.scores.reduce((a, b) => a + b, 0) + x.riichi_sticks * deposit;
  if (start !== null && checked.some((x) => total(x) !== start * valid.names.length)) return "game.bad_file_total";
  return null;
}

// A game fits its preset's rules: as many players, and no score below zero in a game still going
// unless the rules play on below zero (bust: none); the same before each hand.
function fits(valid, presetRules) {
  if (!presetRules || playersOf(presetRules) !== valid.names.length) return false;
  if (presetRules.preset.defaults.bust === "none") return true;
  const states = [...valid.hands.map((h) => h.before), ...(valid.over ? [] : [valid])];
  return states.every((x) => x.scores.every((v) => v >= 0));
}

// The kept game's rules: a game whose preset the service does not have (any more), or that does not fit it, is
// dropped; while the service does not answer, it is kept as it is (rules null) and checked once it answers.
async function checkKept() {
  rules = await rulesFor(game.preset);
  if (rules && fits(game, rules)) {
    withoutRounds(game, rules);
    return;
  }
  if (!rules && !(await presetGone(game.preset))) return;
  game = null;
  save();
}

// The service lists its presets, and `preset` is not among them.
async function presetGone(preset) {
  const list = await call("/v1/rules", { lang: language() });
  return list.ok && Array.isArray(list.data.presets) && !list.data.presets.some((p) => p && p.id === preset);
}

function load() {
  try {
    return validGame(JSON.parse(localStorage.getItem(STORAGE) || "null"));
  } catch {
    return null;
  }
}

// The games set aside (each checked as a kept game is), newest first.
function pastGames() {
  try {
    const list = JSON.parse(localStorage.getItem(PAST) || "[]");
    return Array.isArray(list) ? list.map(validGame).filter(Boolean).slice(0, PAST_KEPT) : [];
  } catch {
    return [];
  }
}

function savePast(list) {
  try {
    localStorage.setItem(PAST, JSON.stringify(list.slice(0, PAST_KEPT)));
  } catch {
    /* private mode */
  }
}

// A game set aside (New game): kept first in the list of earlier games, the oldest beyond the last few dropped.
function setAside(old) {
  savePast([{ ...old, saved_at: new Date().toISOString() }, ...pastGames()]);
}

// The in-page question before a step that would lose something: resolves true when `yes` is chosen
// (Escape or the other button keep things as they are).
export function confirmStep(question, yes) {
  const dialog = $("confirm");
  $("confirm-text").textContent = question;
  $("confirm-yes").textContent = yes;
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
    dialog.showModal();
    $("confirm-no").focus();
  });
}

// An earlier game opened again: it becomes the game (the one open now, if any, is set aside first).
async function openPast(index) {
  const list = pastGames();
  const chosen = list[index];
  if (!chosen) return;
  const data = await checkedGame(chosen);
  list.splice(index, 1);
  if (game) list.unshift({ ...game, saved_at: new Date().toISOString() });
  savePast(list);
  if (!data) return render();
  game = data;
  rules = await rulesFor(game.preset);
  save();
  tell(null);
  render();
  await Promise.all([restoreTransfers(), relabelEnd()]);
  await selectPreset(game.preset);
}

function renderPast() {
  const list = pastGames();
  $("past-games").hidden = list.length === 0;
  $("past-list").replaceChildren(
    ...list.map((g, i) => {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "open-past";
      const when = typeof g.saved_at === "string" ? new Date(g.saved_at) : null;
      const date = when && !Number.isNaN(when.getTime()) ? when.toLocaleString(language()) : "";
      button.textContent = t("game.open_past", {
        names: g.names.join(", "),
        preset: presetName(g.preset),
        hands: plural("game.hands", g.hands.length),
        date,
      });
      button.addEventListener("click", () => openPast(i));
      li.append(button);
      return li;
    }),
  );
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
  const players = ALL_SEATS.slice(0, playersOf(rules));
  game = {
    format: "riichi-companion-game/1",
    preset,
    // a blank name is the seat's number ("Player 1"), without the setup form's note of who deals first
    names: players.map((s) => $(`name-${s}`).value.trim().slice(0, 40) || t("game.player_name", { n: s + 1 })),
    start_points: start,
    scores: players.map(() => start),
    dealer: 0,
    first_dealer: 0,
    honba: 0,
    riichi_sticks: 0,
    round_wind: rules.preset.winds ? "E" : null, // no winds (kostarev, kids): no rounds, no end after South 4
    hands: [],
    over: false,
    end_reason: null,
    final: null,
  };
  save();
  clearTransfers();
  render();
}

function outcome(kind) {
  const value = () => {
    if ($("value-from-hand").checked) {
      const hand = handRequest();
      if (!hand) return null;
      // The game's own situation is the hand's: the service takes the rules, the dealer, the seat and round
      // winds, the honba and the sticks from the settlement (the Hand view's may be of another hand).
      const { rules: _r, dealer: _d, seat_wind: _s, round_wind: _w2, honba: _h, riichi_sticks: _k, win: _w, ...rest } = hand;
      return { hand: rest };
    }
    return { value: manualValue("") };
  };
  // A riichi player is tenpai at a draw (their box is ticked and kept ticked).
  if (kind === "draw") {
    const out = { type: "draw", tenpai: seats().filter((s) => $(`tenpai-${s}`).checked || $(`riichi-${s}`).checked) };
    const nagashi = seats().filter((s) => $(`nagashi-${s}`).checked && !$("nagashi-seats").hidden);
    if (nagashi.length) out.nagashi = nagashi;
    return out;
  }
  if (kind === "abortive") return { type: "abortive", kind: abortiveKind() };
  if (kind === "chombo") return { type: "chombo", seat: Number($("chombo-seat").value) };
  const winner = Number($("winner").value);
  const v = value();
  if (!v) return null;
  // the seat liable for a daisangen / daisuushii (pao), where the rules have it
  const pao = !$("pao-row").hidden && $("pao").value !== "" ? { pao: Number($("pao").value) } : {};
  if (kind === "tsumo") return { type: "tsumo", winner, ...v, ...pao };
  const wins = [{ winner, ...v, ...pao }];
  winControls = [""];
  // a double (triple) ron: each further winner on the same discard with the value entered beside them
  for (const i of [1, 2]) {
    if ($(`extra-win-${i}`).hidden || $(`winner-${i}`).value === "") continue;
    wins.push({ winner: Number($(`winner-${i}`).value), value: manualValue(`-${i}`) });
    winControls.push(`-${i}`);
  }
  return { type: "ron", discarder: Number($("discarder").value), wins };
}

// The value controls of each winner (`suffix` "", "-1", "-2"): han, fu, yakuman and kids points.
const VALUE_SUFFIXES = ["", "-1", "-2"];

// Every winner's value back to the form's start (han 1, fu 30, yakuman 0, points 1): after a hand is applied
// and for a new game, so a yakuman (or a second winner's han and fu) never carries over into the next hand.
function resetValues() {
  for (const suffix of VALUE_SUFFIXES) {
    for (const id of ["value-han", "value-yakuman", "value-points"]) $(`${id}${suffix}`).value = $(`${id}${suffix}`).defaultValue;
    const fu = $(`value-fu${suffix}`);
    fu.value = [...fu.options].find((o) => o.defaultSelected)?.value ?? "";
  }
}

// Entering han or fu clears that winner's yakuman: a yakuman count left in the form never outweighs the han and
// fu typed after it (a yakuman typed last is sent as a yakuman).
function valueTyped(event) {
  const match = /^value-(han|fu)(-\d)?$/.exec(event.target.id);
  if (match) $(`value-yakuman${match[2] ?? ""}`).value = "0";
}

// A value typed in the form (`suffix` "" for the first winner, "-1" and "-2" for the further winners of a ron).
function manualValue(suffix) {
  if (rules.preset.scoring === "kids") return { points: Number($(`value-points${suffix}`).value) };
  const yakuman = Number($(`value-yakuman${suffix}`).value);
  if (yakuman > 0) return { yakuman };
  const v = { han: Number($(`value-han${suffix}`).value) };
  if ($(`value-fu${suffix}`).value) v.fu = Number($(`value-fu${suffix}`).value);
  return v;
}

async function apply(event) {
  event.preventDefault();
  if (!game || game.over) return;
  if (!rules) return tell(() => t("msg.offline")); // a kept game not yet checked: the service has not answered
  const kind = $("outcome").value;
  const out = outcome(kind);
  if (!out) {
    tell(() => t("game.need_hand"));
    markPrevious();
    return;
  }
  const riichi = seats().filter((s) => $(`riichi-${s}`).checked && !$("riichi-seats").hidden);
  if (out.wins && out.wins[0].hand?.riichi && !riichi.includes(out.wins[0].winner)) riichi.push(out.wins[0].winner);
  if (out.hand?.riichi && !riichi.includes(out.winner)) riichi.push(out.winner);
  const own = entryProblem(out, riichi);
  if (own) {
    // said in the page's own words before anything is sent (the service's reason names its fields and types)
    tell(() => t(own.key));
    markFields({ data: { errors: [{ field: own.field }] } });
    markPrevious();
    return;
  }
  const body = { rules: game.preset, scores: game.scores, dealer: game.dealer, first_dealer: game.first_dealer, outcome: out };
  if (game.honba) body.honba = game.honba;
  if (game.riichi_sticks) body.riichi_sticks = game.riichi_sticks;
  if (riichi.length) body.riichi = riichi;
  if ($("last-hand-flag").checked) body.last_hand = true;
  if (game.round_wind) body.round_wind = game.round_wind; // the service decides the end by the rules' length
  const answer = await call("/v1/settle", { body, lang: language() });
  if (!answer.ok || !Array.isArray(answer.data.scores) || answer.data.scores.length !== game.scores.length) {
    tell(refusal(answer, body));
    markFields(answer);
    markPrevious();
    return;
  }
  tell(null);
  markFields(null);
  const r = answer.data;
  const next = r.next_hand || {};
  const before = {
    scores: game.scores,
    dealer: game.dealer,
    honba: game.honba,
    riichi_sticks: game.riichi_sticks,
    round_wind: game.round_wind,
  };
  game.hands.push({ before, request: body, result: r });
  game.scores = r.scores;
  if (Number.isInteger(next.dealer)) game.dealer = next.dealer;
  game.honba = Number.isInteger(next.honba) ? next.honba : 0;
  game.riichi_sticks = Number.isInteger(next.riichi_sticks) ? next.riichi_sticks : 0;
  if (game.round_wind && ["E", "S", "W"].includes(next.round_wind)) game.round_wind = next.round_wind;
  for (const s of ALL_SEATS) {
    // each hand starts with no riichi and no tenpai: a tick (or a riichi's automatic one) is this hand's only
    $(`riichi-${s}`).checked = false;
    $(`tenpai-${s}`).checked = false;
    $(`nagashi-${s}`).checked = false;
  }
  for (const id of ["winner-1", "winner-2", "pao"]) $(id).value = ""; // one winner, nobody liable, next hand
  resetValues(); // this hand's han, fu, yakuman and points are not the next one's
  riichiTicked();
  $("last-hand-flag").checked = false;
  if (r.game_over) {
    game.over = true;
    game.manual_end = false;
    game.end_reason = r.end_reason || null;
    game.end_reason_name = typeof r.end_reason_name === "string" ? r.end_reason_name : null;
  }
  save();
  if (game.over) await finish();
  render();
  await showTransfers(r, body);
}

async function finish() {
  const body = { rules: game.preset, scores: game.scores, first_dealer: game.first_dealer };
  if (game.riichi_sticks) body.riichi_sticks = game.riichi_sticks;
  const answer = await call("/v1/final", { body, lang: language() });
  game.over = true;
  game.final = answer.ok && Array.isArray(answer.data.placings) ? answer.data : null;
  if (!game.final) tell(refusal(answer, body));
  save();
}

// What the form holds that the service would refuse, found before asking it: { key, field } (the page's sentence and
// the body's field, whose control is marked), or null. A han (1 to 200), a yakuman count (0 to 10) or kids points
// (1 or more) that is not a whole number in range (an empty field is none); four riichi without all the seats'
// Riichi ticked.
function entryProblem(out, riichi) {
  const int = (v, low, high) => Number.isInteger(v) && v >= low && v <= high;
  const values = out.type === "ron" ? out.wins.map((w, i) => [`outcome.wins[${i}].value`, w.value]) : [["outcome.value", out.value]];
  for (const [path, v] of values) {
    if (!v) continue; // the hand on the Hand view: the service scores it
    if ("han" in v && !int(v.han, 1, 200)) return { key: "game.need_han", field: `${path}.han` };
    if ("yakuman" in v && !int(v.yakuman, 1, 10)) return { key: "game.need_yakuman", field: `${path}.yakuman` };
    if ("points" in v && !int(v.points, 1, 1000)) return { key: "game.need_points", field: `${path}.points` };
  }
  if (out.type === "abortive" && out.kind === "suucha_riichi" && riichi.length < seats().length) {
    return { key: "game.need_four_riichi", field: "riichi" };
  }
  return null;
}

// #game-message says `message()` (nothing when null), and says it again after a language switch.
function tell(message) {
  said = message;
  $("game-message").textContent = message ? message() : "";
}

// The service's refusal of `body` in the page's words (or that it does not answer: no refusal then).
function refusal(answer, body) {
  if (answer.status === 0) return () => t("msg.offline");
  // a body the schema refuses (400) is named by its fields alone: the schema's reason is in its own terms ("`int` >= 1")
  const reasons = answer.status !== 400;
  return () => `${t("game.refused")} ${problemLines(answer, (field) => fieldName(field, body), { reasons }).join(" ")}`;
}

// The form's control a refused field is entered with (the longest known start of its path, indexes left out).
const CONTROLS = {
  "outcome.type": "outcome",
  "outcome.winner": "winner",
  "outcome.wins.winner": "winner",
  "outcome.discarder": "discarder",
  "outcome.hand": "value-from-hand",
  "outcome.wins.hand": "value-from-hand",
  "outcome.value.han": "value-han",
  "outcome.wins.value.han": "value-han",
  "outcome.value.fu": "value-fu",
  "outcome.wins.value.fu": "value-fu",
  "outcome.value.yakuman": "value-yakuman",
  "outcome.wins.value.yakuman": "value-yakuman",
  "outcome.value.points": "value-points",
  "outcome.wins.value.points": "value-points",
  "outcome.value": "value-han",
  "outcome.wins.value": "value-han",
  "outcome.kind": "abortive-kind",
  "outcome.seat": "chombo-seat",
  "outcome.pao": "pao",
  "outcome.wins.pao": "pao",
  "outcome.nagashi": "nagashi-seats",
  last_hand: "last-hand-flag",
};
// The controls each further ron winner has of their own (with the suffix "-1" or "-2").
const FURTHER = ["winner", "value-han", "value-fu", "value-yakuman", "value-points"];
const MARKABLE = [...new Set(Object.values(CONTROLS)), ...FURTHER.flatMap((id) => [`${id}-1`, `${id}-2`])];

// The controls of the fields a refusal names marked invalid (described by the message that says why); none
// when `answer` is null (a hand applied).
function markFields(answer) {
  const named = new Set();
  const errors = answer && answer.data && Array.isArray(answer.data.errors) ? answer.data.errors : [];
  for (const e of errors) {
    const parts = String(e && e.field).match(/[^.[\]]+/g) || [];
    const path = parts.filter((p) => !/^\d+$/.test(p));
    // a further ron winner's fields are their own controls ("outcome.wins[2].value.fu" is value-fu-2)
    const win = parts[0] === "outcome" && parts[1] === "wins" && /^\d+$/.test(parts[2] ?? "") ? Number(parts[2]) : 0;
    const suffix = winControls[win] ?? "";
    for (let n = path.length; n > 0; n--) {
      const id = CONTROLS[path.slice(0, n).join(".")];
      if (id) {
        named.add(suffix && FURTHER.includes(id) ? `${id}${suffix}` : id);
        break;
      }
    }
  }
  for (const id of MARKABLE) {
    const el = $(id);
    if (named.has(id)) {
      el.setAttribute("aria-invalid", "true");
      el.setAttribute("aria-describedby", "game-message");
    } else {
      el.removeAttribute("aria-invalid");
      el.removeAttribute("aria-describedby");
    }
  }
}

// A field of a POST /v1/settle or /v1/final body in the page's words, with the player's name where
// the field names a seat: "scores[2]" is seat 2, "riichi[0]" the seat listed first in `riichi`,
// "outcome.wins[0].winner" the seat in that field.
const FIELDS = {
  scores: "game.score",
  riichi: "game.riichi",
  dealer: "field.dealer",
  first_dealer: "field.first_dealer",
  honba: "situation.honba",
  riichi_sticks: "situation.sticks",
  last_hand: "game.last",
  outcome: "game.outcome",
  "outcome.type": "game.outcome",
  "outcome.tenpai": "game.tenpai",
  "outcome.winner": "game.winner",
  "outcome.discarder": "game.discarder",
  "outcome.wins": "game.winner",
  "outcome.wins.winner": "game.winner",
  "outcome.wins.hand": "game.from_hand",
  "outcome.hand": "game.from_hand",
  "outcome.wins.value": "game.han",
  "outcome.value": "game.han",
  "outcome.wins.value.han": "game.han",
  "outcome.value.han": "game.han",
  "outcome.wins.value.fu": "game.fu",
  "outcome.value.fu": "game.fu",
  "outcome.wins.value.yakuman": "game.yakuman",
  "outcome.value.yakuman": "game.yakuman",
  "outcome.wins.value.points": "game.points",
  "outcome.value.points": "game.points",
  "outcome.kind": "game.abortive_kind",
  "outcome.seat": "game.chombo_seat",
  "outcome.pao": "game.pao",
  "outcome.wins.pao": "game.pao",
  "outcome.nagashi": "game.nagashi",
};

function fieldName(field, body) {
  const parts = String(field).match(/[^.[\]]+/g) || [];
  const path = parts.filter((p) => !/^\d+$/.test(p));
  let key = null;
  for (let n = path.length; n > 0 && !key; n--) key = FIELDS[path.slice(0, n).join(".")] || null;
  if (!key) return "";
  // The value at the field (or the index, for scores): a seat when it is a seat number.
  let value = body;
  for (const p of parts) value = value && typeof value === "object" ? value[/^\d+$/.test(p) ? Number(p) : p] : undefined;
  const last = parts[parts.length - 1];
  let seat = null;
  if (path[0] === "scores" && /^\d+$/.test(last)) seat = Number(last);
  else if (["riichi", "tenpai", "nagashi", "winner", "discarder", "dealer", "first_dealer", "seat", "pao"].includes(path[path.length - 1]) && Number.isInteger(value)) seat = value;
  else if (parts[0] === "outcome" && parts[1] === "wins" && /^\d+$/.test(parts[2] ?? "") && body?.outcome?.wins?.length > 1) {
    const win = body.outcome.wins[Number(parts[2])]; // one of several winners' values: named with that winner
    if (win && Number.isInteger(win.winner)) seat = win.winner;
  }
  const label = t(key);
  return seat !== null && game && game.names[seat] !== undefined ? t("problem.seat", { field: label, name: game.names[seat] }) : label;
}

// A riichi player is tenpai at a draw: their tenpai box is ticked and cannot be unticked.
function riichiTicked() {
  for (const s of ALL_SEATS) {
    const riichi = $(`riichi-${s}`).checked && !$("riichi-seats").hidden;
    const box = $(`tenpai-${s}`);
    if (riichi) box.checked = true;
    box.disabled = riichi;
  }
}

const paidTransfers = (result) => (Array.isArray(result.transfers) ? result.transfers : []).filter((x) => x && x.amount > 0);

// Who pays whom this hand (POST /v1/settle's answer to `request`), and in which sticks (the fewest for each amount).
async function showTransfers(result, request) {
  const kids = rules && rules.preset.scoring === "kids";
  const sticks = await Promise.all(
    paidTransfers(result).map((x) => (kids || x.amount % 100 ? null : call("/v1/sticks", { body: { amount: x.amount }, lang: language() }))),
  );
  shown = { request, result, sticks };
  drawTransfers();
}

// The hand entered was not applied (refused, or not complete): #last-hand still shows the hand before it,
// and says so (until a hand is applied).
function markPrevious() {
  if (!shown) return;
  shown.previous = true;
  drawTransfers();
}

function clearTransfers() {
  shown = null;
  $("last-hand").replaceChildren();
}

// A stored answer's transfers can be drawn: each a whole amount between two of the game's seats (or the table).
function drawable(result) {
  const seat = (s) => s === null || (Number.isInteger(s) && s >= 0 && s < game.names.length);
  const fine = (x) => x && typeof x === "object" && Number.isInteger(x.amount) && seat(x.payer) && seat(x.payee);
  return Array.isArray(result.transfers) && result.transfers.every(fine);
}

// The panel of a game kept or loaded: its last hand's transfers from the stored answer (and its request), as they
// were shown when it was applied; their names asked again in the page's language (it may have been saved in another).
async function restoreTransfers() {
  clearTransfers();
  const last = game && game.hands.length ? game.hands[game.hands.length - 1] : null;
  if (!last || !last.request || typeof last.request !== "object" || !drawable(last.result)) return;
  await showTransfers(last.result, last.request);
  await relabelTransfers();
}

function drawTransfers() {
  const box = $("last-hand");
  const transfers = paidTransfers(shown.result);
  const sticks = shown.sticks;
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
  h.textContent = t(shown.previous ? "game.previous_hand" : "game.last_hand");
  box.replaceChildren(h, transfers.length ? ul : paragraph(t("game.no_transfers")));
  if (transfers.length) box.append(seatsDiagram(transfers));
}

// Who pays whom drawn between the seats, the first player at the bottom (the list above says the same).
function seatsDiagram(transfers) {
  return payDiagram(game.names, transfers, t("game.table_pot"));
}

function paragraph(text) {
  const p = document.createElement("p");
  p.textContent = text;
  return p;
}

async function undo() {
  if (!game || !(game.hands.length || game.over)) return;
  const endOnly = game.over && game.manual_end;
  if (!(await confirmStep(t(endOnly ? "confirm.undo_end" : "confirm.undo"), t("confirm.undo_yes")))) return;
  if (endOnly) {
    // End the game changed nothing but the end: the hands and scores stay as they were before it
    Object.assign(game, { over: false, end_reason: null, end_reason_name: null, final: null, manual_end: false });
  } else {
    const last = game.hands.pop();
    Object.assign(game, last.before, { over: false, end_reason: null, end_reason_name: null, final: null, manual_end: false });
  }
  save();
  clearTransfers();
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
  if (data) data = await checkedGame(data);
  const problem = data ? scoresProblem(data, await rulesFor(data.preset)) : "game.bad_file";
  if (problem) {
    $("import-message").dataset.i18n = problem; // relabelled with the page
    $("import-message").textContent = t(problem);
    return;
  }
  delete $("import-message").dataset.i18n;
  $("import-message").textContent = "";
  game = data;
  rules = await rulesFor(game.preset);
  save();
  render();
  await Promise.all([restoreTransfers(), relabelEnd()]); // a file may have been saved in another language
  await selectPreset(game.preset); // the Rules selector (and the hand view) follow the game loaded
}

// `select` filled with the seats (after "—", nobody, when `none`), the one chosen kept.
function fillSeats(select, none = false) {
  const value = select.value;
  const options = seats().map((s) => new Option(game ? game.names[s] : t(`seat.${s}`), String(s)));
  select.replaceChildren(...(none ? [new Option(t("game.nobody"), "")] : []), ...options);
  if (value || none) select.value = value;
}

// The abortive draw chosen ("" when none is).
function abortiveKind() {
  return document.querySelector("input[name=abortive-kind]:checked")?.value ?? "";
}

// The abortive draws the preset has (option `abortive_draws`), by the page's names: one radio button each, whose
// words wrap on a phone (a select cuts a long name at its edge); the one chosen kept, else the first.
function fillAbortive() {
  const fieldset = $("abortive-kind");
  const value = abortiveKind();
  const kinds = rules && Array.isArray(rules.preset.defaults.abortive_draws) ? rules.preset.defaults.abortive_draws : [];
  const chosen = kinds.includes(value) ? value : kinds[0];
  const choices = kinds.map((k) => {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "radio";
    input.name = "abortive-kind";
    input.id = `abortive-${k}`;
    input.value = k;
    input.checked = k === chosen;
    const words = document.createElement("span");
    words.textContent = t(`abortive.${k}`);
    label.append(input, " ", words);
    return label;
  });
  fieldset.replaceChildren(fieldset.querySelector("legend"), ...choices);
}

// The outcomes the preset has: abortive draws (`abortive_draws`), chombo (`chombo` not "none"), nagashi mangan,
// pao, and a second and third winner on one discard (`multiple_ron`; the third only where three rons are not
// the abortive sanchahou).
function has() {
  const d = rules ? rules.preset.defaults : {};
  const abortive = Array.isArray(d.abortive_draws) ? d.abortive_draws : [];
  return {
    abortive: abortive.length > 0,
    chombo: Boolean(d.chombo) && d.chombo !== "none",
    nagashi: d.nagashi_mangan === true,
    pao: d.pao === true,
    double: d.multiple_ron === "allowed",
    triple: d.multiple_ron === "allowed" && !abortive.includes("sanchahou") && seats().length === 4,
  };
}

// What everyone starts with under the chosen preset (the New game card).
function startPoints() {
  const start = rules && Number.isInteger(rules.preset.defaults.start_points) ? rules.preset.defaults.start_points : null;
  return start === null ? "" : t("game.start_points", { n: number(start) });
}

// The end reasons the page has its own sentence for (end.<reason>); the others are named by the service.
const OWN_ENDS = ["bust", "last_hand", "target", "manual"];

// A game that ended for a reason the page has no sentence for shows the service's name of it, in the page's
// language: the last hand's POST /v1/settle (stateless) is asked again for it after a language switch, and
// when a game is kept or loaded (saved in another language, maybe).
async function relabelEnd() {
  if (!game || !game.over || OWN_ENDS.includes(game.end_reason || "manual") || !game.hands.length) return;
  const request = game.hands[game.hands.length - 1].request;
  if (!request || typeof request !== "object") return;
  const [mine, lang] = [game, language()];
  const answer = await call("/v1/settle", { body: request, lang });
  if (game !== mine || lang !== language() || !answer.ok || answer.data.end_reason !== mine.end_reason) return;
  if (typeof answer.data.end_reason_name !== "string") return;
  mine.end_reason_name = answer.data.end_reason_name.slice(0, 200);
  save();
  render();
}

function render() {
  $("game-setup").hidden = Boolean(game);
  $("game-board").hidden = !game;
  const three = seats().length === 3;
  $("name-row-3").hidden = three;
  $("tenpai-row-3").hidden = three;
  $("riichi-row-3").hidden = three;
  $("nagashi-row-3").hidden = three;
  $("first-dealer-note").textContent = t(three ? "game.players3" : "game.first_dealer");
  if (!game) {
    $("start-points").textContent = startPoints();
    renderPast();
    return;
  }
  $("game-preset").textContent = t("game.preset", { preset: presetName(game.preset), n: game.hands.length });
  const body = $("board-body");
  body.replaceChildren();
  const last = game.hands.length ? game.hands[game.hands.length - 1].result : null;
  // The dealer whose East the winds count from: this hand's; once the service has ended the game, that of the
  // hand that ended it (the next hand's dealer is never played); after "End the game", the hand not played.
  const final = game.over && !game.manual_end && game.hands.length ? game.hands[game.hands.length - 1].before : null;
  const windDealer = final && Number.isInteger(final.dealer) ? final.dealer : game.dealer;
  for (const s of seats()) {
    const row = body.insertRow();
    row.dataset.seat = s;
    const who = row.insertCell();
    who.className = "who";
    // the seat wind this hand, as its tile (East is the dealer's); none where the rules have no winds (the badge
    // says who deals). A finished game keeps the winds of its last hand.
    if (!rules || rules.preset.winds) who.append(tileFigure(`${((s - windDealer + game.scores.length) % game.scores.length) + 1}z`, "small"));
    who.append(game.names[s]);
    if (s === game.dealer && !game.over) {
      const badge = document.createElement("span");
      badge.className = "badge";
      badge.textContent = t("game.dealer");
      who.append(" ", badge);
    }
    const score = row.insertCell();
    score.className = "score";
    score.textContent = signed(game.scores[s]);
    const delta = row.insertCell();
    const d = last && Array.isArray(last.deltas) ? last.deltas[s] : 0;
    delta.className = `delta ${d > 0 ? "good" : d < 0 ? "bad" : ""}`;
    delta.textContent = d ? signed(d, true) : "";
    if (last && Array.isArray(last.out) && last.out.includes(s)) row.classList.add("bust");
  }
  // honba and riichi sticks only where the rules pay for them (options `honba` and `riichi_deposit` above 0)
  const counts = [];
  if (counted("honba")) counts.push(t("game.honba_only", { honba: game.honba }));
  if (counted("riichi_deposit")) counts.push(t("game.sticks_only", { sticks: game.riichi_sticks }));
  const honba = counts.length === 2 ? t("game.honba_sticks", { honba: game.honba, sticks: game.riichi_sticks }) : counts.join("");
  if (game.round_wind) {
    const wind = t(game.round_wind === "E" ? "wind.round_E" : `wind.${game.round_wind}`);
    const number = ((game.dealer - game.first_dealer + game.scores.length) % game.scores.length) + 1;
    $("board-honba").textContent = [t("game.round", { wind, number }), honba].filter(Boolean).join(" · ");
  } else {
    $("board-honba").textContent = honba;
  }
  $("board-honba").hidden = game.over || !$("board-honba").textContent;
  renderHistory();
  for (const id of ["winner", "discarder", "chombo-seat"]) fillSeats($(id));
  for (const id of ["winner-1", "winner-2", "pao"]) fillSeats($(id), true);
  fillAbortive();
  seats().forEach((s) => {
    $(`riichi-name-${s}`).textContent = game.names[s];
    $(`tenpai-name-${s}`).textContent = game.names[s];
    $(`nagashi-name-${s}`).textContent = game.names[s];
  });
  const hanFu = !rules || rules.preset.scoring !== "kids";
  for (const el of document.querySelectorAll(".game-han-fu")) el.hidden = !hanFu;
  for (const el of document.querySelectorAll(".game-kids")) el.hidden = hanFu;
  $("riichi-seats").hidden = !rules || !rules.preset.defaults.riichi_deposit;
  riichiTicked();
  showOutcome();
  $("record").hidden = game.over;
  $("undo").disabled = game.hands.length === 0 && !game.over;
  $("finish").hidden = game.over;
  const end = $("game-end");
  end.hidden = !game.over;
  if (game.over) {
    const known = OWN_ENDS.includes(game.end_reason || "manual");
    // the page's own sentence where it has one, else the service's localised name of the reason
    $("end-reason").textContent = known ? t(`end.${game.end_reason || "manual"}`) : game.end_reason_name || game.end_reason;
    const table = $("standings-body");
    table.replaceChildren();
    // Uma, oka and the final as players read them: ± thousands of points with one decimal (+45.0); kids points
    // as they are. The first place is marked.
    const kids = rules && rules.preset.scoring === "kids";
    const read = (v) => (kids ? signed(v, true) : thousands(v));
    for (const p of game.final && Array.isArray(game.final.placings) ? game.final.placings : []) {
      const row = table.insertRow();
      for (const value of [p.place, game.names[p.seat] ?? p.seat, signed(p.score), read(p.uma ?? 0), read(p.oka ?? 0), read(p.final ?? p.score)]) {
        row.insertCell().textContent = String(value);
      }
      if (p.place === 1) {
        row.classList.add("winner");
        const badge = document.createElement("span");
        badge.className = "badge";
        badge.textContent = `★ ${t("final.winner")}`;
        row.cells[1].append(" ", badge);
      }
    }
    $("final-unit").textContent = kids ? "" : t("final.unit");
    // The final is measured from the return (score − return + uma + oka), rounded where the rules round it.
    const back = game.final && Number.isInteger(game.final.return_points) ? game.final.return_points : null;
    const rounded = rules && rules.preset.defaults.final_rounding === "gosha_rokunyuu";
    $("final-note").textContent = back === null ? "" : t(rounded ? "final.note_rounded" : "final.note", { n: number(back) });
  }
}

// The rules pay for honba (option `honba`: points per honba) or riichi sticks (`riichi_deposit`): the option above 0;
// while the rules are not known (the service has not answered), counted.
function counted(option) {
  const v = rules ? rules.preset.defaults[option] : null;
  return !rules || (typeof v === "number" && v > 0);
}

// The round and honba of a hand, from the state before it ("East 2 · honba 1").
function handRound(before) {
  const n = game.scores.length;
  const wind = before.round_wind ? t(before.round_wind === "E" ? "wind.round_E" : `wind.${before.round_wind}`) : "";
  const number = ((before.dealer - game.first_dealer + n) % n) + 1;
  // without winds (no rounds) the hand is named by its dealer (the column says "Dealer")
  const round = wind ? t("game.round", { wind, number }) : (game.names[before.dealer] ?? "");
  return before.honba && counted("honba") ? `${round} · ${t("history.honba", { n: before.honba })}` : round;
}

// What happened in a hand, from its request: "Ron: Anya + Grandpa ← Papa", "Tsumo: Mama", "Draw", ...
function handWhat(outcome) {
  const who = (s) => game.names[s] ?? String(s);
  if (!outcome || typeof outcome !== "object") return "";
  if (outcome.type === "ron" && Array.isArray(outcome.wins)) {
    return `${t("outcome.ron")}: ${outcome.wins.map((w) => who(w.winner)).join(" + ")} ← ${who(outcome.discarder)}`;
  }
  if (outcome.type === "tsumo") return `${t("outcome.tsumo")}: ${who(outcome.winner)}`;
  if (outcome.type === "draw") {
    const nagashi = Array.isArray(outcome.nagashi) && outcome.nagashi.length ? ` (${t("game.nagashi")}: ${outcome.nagashi.map(who).join(", ")})` : "";
    return t("outcome.draw") + nagashi;
  }
  if (outcome.type === "abortive") return `${t("outcome.abortive")}: ${t(`abortive.${outcome.kind}`)}`;
  if (outcome.type === "chombo") return `${t("outcome.chombo")}: ${who(outcome.seat)}`;
  return String(outcome.type);
}

// Every hand of the game in order: its round, what happened and the points each player got or paid.
function renderHistory() {
  const hands = game.hands.filter((h) => h.before && h.request && h.result && Array.isArray(h.result.deltas));
  $("history").hidden = hands.length === 0;
  const head = $("history-head");
  head.replaceChildren();
  const rounds = hands.some((h) => h.before.round_wind) || (hands.length === 0 && game.round_wind);
  for (const text of ["#", t(rounds ? "history.hand" : "history.dealer_col"), t("history.what"), ...seats().map((s) => game.names[s])]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = text;
    head.append(th);
  }
  const body = $("history-body");
  body.replaceChildren();
  hands.forEach((h, i) => {
    const row = body.insertRow();
    row.insertCell().textContent = String(i + 1);
    const round = row.insertCell();
    round.className = "round";
    round.textContent = handRound(h.before);
    row.insertCell().textContent = handWhat(h.request.outcome);
    for (const s of seats()) {
      const d = h.result.deltas[s] || 0;
      const cell = row.insertCell();
      cell.className = `delta ${d > 0 ? "good" : d < 0 ? "bad" : ""}`;
      cell.textContent = d ? signed(d, true) : "·";
    }
  });
}

// A ron is won on another player's discard: the winner is not among those who can have discarded.
function otherDiscarder() {
  const winner = $("winner").value;
  const discarder = $("discarder");
  for (const option of discarder.options) option.disabled = option.value === winner;
  if (discarder.value === winner) discarder.value = [...discarder.options].find((o) => !o.disabled)?.value ?? "";
}

function showOutcome() {
  otherDiscarder();
  const can = has();
  $("outcome-abortive").hidden = $("outcome-abortive").disabled = !can.abortive;
  $("outcome-chombo").hidden = $("outcome-chombo").disabled = !can.chombo;
  if ($("outcome").selectedOptions[0]?.disabled) $("outcome").value = "ron";
  const kind = $("outcome").value;
  const win = kind === "ron" || kind === "tsumo";
  $("winner-row").hidden = !win;
  $("discarder-row").hidden = kind !== "ron";
  $("value-rows").hidden = !win;
  $("tenpai-seats").hidden = kind !== "draw";
  $("nagashi-seats").hidden = kind !== "draw" || !can.nagashi;
  $("abortive-kind").hidden = kind !== "abortive";
  $("chombo-row").hidden = kind !== "chombo";
  $("pao-row").hidden = !win || !can.pao;
  $("extra-win-1").hidden = kind !== "ron" || !can.double;
  $("extra-win-2").hidden = kind !== "ron" || !can.triple || $("winner-1").value === "";
  $("manual-value").hidden = $("value-from-hand").checked;
}

// After a language switch: the board, the message, the end reason and the last hand's transfers in the new
// language. The transfers' names are the service's: POST /v1/settle (stateless) is asked again for them in the
// new language.
export async function relabel() {
  render();
  if (said) $("game-message").textContent = said();
  await Promise.all([relabelEnd(), relabelTransfers()]);
}

async function relabelTransfers() {
  if (!shown) return;
  drawTransfers();
  const [mine, lang] = [shown, language()];
  const answer = await call("/v1/settle", { body: mine.request, lang });
  const names = answer.ok ? paidTransfers(answer.data) : [];
  if (shown !== mine || lang !== language() || names.length !== paidTransfers(mine.result).length) return;
  mine.result = answer.data;
  drawTransfers();
}

export async function initGame(options) {
  rulesFor = options.rulesFor;
  handRequest = options.handRequest;
  selectPreset = options.selectPreset;
  game = load();
  if (game) await checkKept();
  $("game-setup").addEventListener("submit", start);
  $("record").addEventListener("submit", apply);
  $("outcome").addEventListener("change", showOutcome);
  $("winner").addEventListener("change", otherDiscarder);
  $("winner-1").addEventListener("change", showOutcome);
  $("value-from-hand").addEventListener("change", showOutcome);
  for (const suffix of VALUE_SUFFIXES) {
    $(`value-han${suffix}`).addEventListener("input", valueTyped);
    $(`value-fu${suffix}`).addEventListener("change", valueTyped);
  }
  $("undo").addEventListener("click", undo);
  $("finish").addEventListener("click", async () => {
    if (!game || game.over) return;
    if (!(await confirmStep(t("confirm.finish"), t("game.finish")))) return;
    game.manual_end = true;
    await finish();
    render();
  });
  $("new-game").addEventListener("click", async () => {
    if (!game) return;
    if (!(await confirmStep(t("confirm.new"), t("confirm.new_yes")))) return;
    setAside(game);
    game = null;
    save();
    clearTransfers(); // the last game's hand and message are not the next one's
    resetValues();
    for (const id of ["winner-1", "winner-2", "pao"]) $(id).value = "";
    tell(null);
    rules = await rulesFor($("preset").value); // the new game's preset is the one chosen now
    render();
  });
  $("export").addEventListener("click", exportGame);
  // The history printed alone (the print style sheet shows only it while the body says so).
  $("print-history").addEventListener("click", () => {
    document.body.classList.add("print-history");
    window.print();
  });
  $("import").addEventListener("change", importGame);
  for (const s of ALL_SEATS) $(`riichi-${s}`).addEventListener("change", riichiTicked);
  render();
  await Promise.all([restoreTransfers(), relabelEnd()]);
}

export async function presetChanged(preset) {
  if (game && !rules) {
    // a kept game the service did not answer for when the page opened: checked, and drawn, now it answers
    await checkKept();
    render();
    if (game && rules) await Promise.all([restoreTransfers(), relabelEnd()]);
  }
  if (!game) {
    rules = await rulesFor(preset);
    render();
  }
}
