// The table companion's service worker, served at /sw.js (scope "/"), registered by the page where it is served
// from a secure context (HTTPS, or localhost / 127.0.0.1): it keeps the page, its files and the answers it has read
// (the presets, their rules, the points tables) so they stay usable while the service is unreachable for a moment.
// Every request goes to the service first; only when that fails is the kept copy used. Scoring (POST) is never
// kept: a hand entered then says the service does not answer.
const CACHE = "riichi-companion-1";
const SHELL = [
  "/",
  "/app/app.css",
  "/app/icon.svg",
  "/app/app-icon.svg",
  "/app/manifest.webmanifest",
  "/app/fonts/noto-sans-jp.css",
  "/app/js/api.js",
  "/app/js/diagram.js",
  "/app/js/game.js",
  "/app/js/hand.js",
  "/app/js/i18n.js",
  "/app/js/main.js",
  "/app/js/table.js",
  "/app/js/tiles.js",
  "/app/i18n/en.json",
  "/app/i18n/ru.json",
  "/app/i18n/ja.json",
];
// The answers kept: GET /v1/rules, /v1/rules/{preset} and /v1/table (per language: Accept-Language).
const KEPT_API = /^\/v1\/(rules(\/[a-z0-9_]+)?|table)$/;

self.addEventListener("install", (event) => {
  // each file on its own: one missing (the font, when it was not copied in) does not stop the others
  event.waitUntil(
    caches.open(CACHE).then((cache) => Promise.all(SHELL.map((path) => cache.add(path).catch(() => undefined)))),
  );
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// The key an answer is kept under: its address, and for the API its language (the same address answers in
// each language).
function keyOf(request, url) {
  if (!url.pathname.startsWith("/v1/")) return url.pathname === "/" ? "/" : url.pathname + url.search;
  const lang = (request.headers.get("Accept-Language") || "en").slice(0, 8);
  return `${url.pathname}${url.search}${url.search ? "&" : "?"}kept-lang=${encodeURIComponent(lang)}`;
}

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const page = url.pathname === "/" || url.pathname.startsWith("/app/");
  if (!page && !KEPT_API.test(url.pathname)) return;
  event.respondWith(networkFirst(request, keyOf(request, url)));
});
