// The table companion: wires the views (hand, game, points table), the preset and the language.
import { call } from "./api.js";
import { current, initGame, presetChanged, relabel as relabelGame } from "./game.js";
import { applyRules, initHand, relabel as relabelHand, scoreRequest } from "./hand.js";
import { language, preferredLanguage, presetName, safeGet, safeSet, setLanguage, t } from "./i18n.js";
import { showTable } from "./table.js";

const $ = (id) => document.getElementById(id);
const PRESET = "riichi-companion-preset";
const VIEW = "riichi-companion-view"; // the tab open last: a reload opens it again
const VIEWS = ["hand", "game", "table"];
const cache = new Map(); // "preset lang" → GET /v1/rules/{preset} answer
const RETRY_MS = 3000; // while the service does not answer: how often the preset is asked for again
let retry = 0; // the timer of the next time it is asked

async function rulesFor(preset) {
  const key = `${preset} ${language()}`;
  if (!cache.has(key)) {
    const answer = await call(`/v1/rules/${encodeURIComponent(preset)}`, { lang: language() });
    if (!answer.ok || !answer.data.preset || !answer.data.preset.defaults) return null;
    cache.set(key, answer.data);
  }
  return cache.get(key);
}

// The Rules selector filled from GET /v1/rules, `chosen` selected (the one remembered, when the page opens); true
// when the service listed them. When it does not answer, the selector lists `chosen` alone (it stays chosen).
async function fillPresets(chosen = $("preset").value) {
  const select = $("preset");
  const answer = await call("/v1/rules", { lang: language() });
  const listed = answer.ok && Array.isArray(answer.data.presets);
  const presets = listed ? answer.data.presets : [{ id: chosen || "standard", summary: "" }];
  select.replaceChildren(...presets.map((p) => new Option(presetName(p.id), p.id)));
  select.value = presets.some((p) => p.id === chosen) ? chosen : presets[0].id;
  const summary = presets.find((p) => p.id === select.value);
  // The page's own one-line description of the preset, else the service's summary.
  const own = t(`preset.${select.value}`);
  $("preset-summary").textContent = own !== `preset.${select.value}` ? own : summary ? summary.summary || "" : "";
  return listed;
}

// While the service does not answer (the page opened, or a preset was chosen, then), the chosen preset is asked
// for again every few seconds; once the service answers, the Rules list and the preset's controls are filled.
function retryLater() {
  if (!retry) {
    retry = setTimeout(() => {
      retry = 0;
      presetSelected();
    }, RETRY_MS);
  }
}

async function presetSelected() {
  const preset = $("preset").value;
  safeSet(PRESET, preset);
  const listed = await fillPresets();
  const rules = await rulesFor(preset);
  if (!listed || !rules) retryLater();
  if (!rules) {
    $("preset-summary").textContent = t("msg.offline");
    return;
  }
  applyRules(rules);
  await presetChanged(preset);
  if (!$("view-table").hidden) await showTable(rules);
}

// The Rules selector set to `preset` (a saved game loaded), as if chosen there.
async function selectPreset(preset) {
  $("preset").value = preset;
  await presetSelected();
}

function showView(name) {
  safeSet(VIEW, name);
  for (const tab of document.querySelectorAll("[role=tab]")) {
    const on = tab.dataset.view === name;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    $(`view-${tab.dataset.view}`).hidden = !on;
  }
  if (name === "table") rulesFor($("preset").value).then((rules) => rules && showTable(rules));
}

async function main() {
  await setLanguage(preferredLanguage());
  $("lang").value = language();
  initHand(() => {});
  for (const tab of document.querySelectorAll("[role=tab]")) tab.addEventListener("click", () => showView(tab.dataset.view));
  $("tabs").addEventListener("keydown", (event) => {
    const tabs = [...document.querySelectorAll("[role=tab]")];
    const i = tabs.indexOf(document.activeElement);
    if (i < 0 || !["ArrowLeft", "ArrowRight"].includes(event.key)) return;
    const next = tabs[(i + (event.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
    next.focus();
    showView(next.dataset.view);
  });
  $("preset").addEventListener("change", presetSelected);
  $("lang").addEventListener("change", async () => {
    await setLanguage($("lang").value, true);
    await presetSelected();
    relabelHand();
    relabelGame();
  });
  $("print").addEventListener("click", () => {
    document.body.classList.remove("print-history"); // the points table, not a game's history
    window.print();
  });
  await fillPresets(safeGet(PRESET) || "standard");
  await initGame({ rulesFor, handRequest: scoreRequest, selectPreset });
  await presetSelected();
  // the tab open before a reload; where none was kept, the Game tab while a game is being played
  const kept = safeGet(VIEW);
  const game = current();
  const view = VIEWS.includes(kept) ? kept : game && !game.over ? "game" : "hand";
  if (view !== "hand") showView(view); // the page opens on the Hand tab
  document.body.dataset.ready = "true";
}

// Installable: where the page is served from a secure context (HTTPS, or localhost) its service worker keeps the
// page and the points tables read so far usable while the service is unreachable; plain HTTP on a home network
// cannot register one (the page works the same without it).
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
}

main();
