// The page's own labels: one JSON catalogue per language under /app/i18n/. The API's names come in
// the same language through Accept-Language.

export const LANGUAGES = ["en", "ru", "ja"];
const STORAGE = "riichi-companion-lang";
let catalogue = {};
let fallback = {};
let current = "en";

export function language() {
  return current;
}

export function preferredLanguage() {
  const saved = safeGet(STORAGE);
  if (LANGUAGES.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

async function load(lang) {
  try {
    const response = await fetch(`/app/i18n/${lang}.json`);
    return response.ok ? await response.json() : {};
  } catch {
    return {};
  }
}

// The pieces of the shipped Japanese font (fonts/noto-sans-jp.css, split by unicode-range) that hold the
// characters of `text`, loaded before they are drawn: a label drawn while its piece was still loading
// could stay an empty box on a system without a CJK font. Never fails (no font shipped: the system's is used).
export async function fontFor(text) {
  try {
    await document.fonts.load('1em "Noto Sans JP"', text);
  } catch {
    // the system's fonts draw the labels
  }
}

export async function setLanguage(lang, remember = false) {
  if (!LANGUAGES.includes(lang)) lang = "en";
  if (!Object.keys(fallback).length) fallback = await load("en");
  catalogue = lang === "en" ? fallback : await load(lang);
  if (lang === "ja") await fontFor(Object.values(catalogue).join(""));
  current = lang;
  if (remember) safeSet(STORAGE, lang);
  document.documentElement.lang = lang;
  applyLabels(document);
}

// The label `key`, with {name} placeholders filled from `vars`.
export function t(key, vars = {}) {
  const text = catalogue[key] ?? fallback[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
}

// A count in words: the label `key.one`, `key.few`, `key.many` or `key.other` the language's plural
// rules pick for `n` (falling back to `key.other`), with {n} and `vars` filled in.
export function plural(key, n, vars = {}) {
  const category = new Intl.PluralRules(current).select(n);
  const chosen = `${key}.${category}`;
  const found = catalogue[chosen] ?? fallback[chosen];
  return t(found === undefined ? `${key}.other` : chosen, { n, ...vars });
}

// A preset's name in the page's language (its id where the page has no name for it).
export function presetName(id) {
  const key = `preset_name.${id}`;
  const name = t(key);
  return name === key ? id : name;
}

// A signed amount with the same minus sign everywhere (U+2212), and "+" when `plus` is set.
export function signed(value, plus = false) {
  if (value < 0) return `\u2212${number(Math.abs(value))}`;
  return (plus && value > 0 ? "+" : "") + number(value);
}

// Points as players read a final result: thousands with one decimal and a sign (45000 → "+45.0", −3000 → "−3.0").
export function thousands(value) {
  const locale = current === "ja" ? "ja-JP" : current === "ru" ? "ru-RU" : "en-US";
  const text = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.abs(value) / 1000);
  return value < 0 ? `\u2212${text}` : value > 0 ? `+${text}` : text;
}

export function number(value) {
  return new Intl.NumberFormat(current === "ja" ? "ja-JP" : current === "ru" ? "ru-RU" : "en-US").format(value);
}

// Fills every [data-i18n] element's text and every [data-i18n-label] element's aria-label.
export function applyLabels(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
  document.title = t("title");
}

export function safeGet(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function safeSet(key, value) {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
