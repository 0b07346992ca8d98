// Shared by the k6 scripts: the base URL, the seeded hands, request builders and checks.
//
// Environment (k6/run.py sets all of them):
//   BASE_URL    the service, e.g. http://127.0.0.1:8000 (loopback only)
//   HANDS_FILE  JSON file {"hands": [score request, ...]} (k6/run.py writes the 2,000 seeded hands
//               of bench/bench_core.py; `python k6/run.py --write-hands FILE` writes it alone)

import http from "k6/http";
import { check } from "k6";
import exec from "k6/execution";
import { SharedArray } from "k6/data";

export const BASE_URL = __ENV.BASE_URL || "http://127.0.0.1:8000";

if (!/^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(BASE_URL)) {
  throw new Error(`BASE_URL must be a loopback address, got ${BASE_URL}`);
}

export const HANDS = new SharedArray("hands", () => {
  if (!__ENV.HANDS_FILE) throw new Error("HANDS_FILE is not set (k6/run.py sets it)");
  return JSON.parse(open(__ENV.HANDS_FILE)).hands;
});

export const JSON_PARAMS = { headers: { "Content-Type": "application/json" } };

/** A number from the environment, or the default. */
export function envNumber(name, fallback) {
  const value = __ENV[name];
  return value === undefined || value === "" ? fallback : Number(value);
}

/** Score request n of the test. Fresh requests never repeat within a test (honba and riichi
 *  sticks vary, so the whole-result cache cannot answer them); repeated ones cycle the hands. */
export function scoreRequest(n, fresh) {
  const hand = HANDS[n % HANDS.length];
  if (!fresh) return Object.assign({}, hand, { honba: 0, riichi_sticks: 0 });
  const k = Math.floor(n / HANDS.length);
  return Object.assign({}, hand, { honba: k % 101, riichi_sticks: Math.floor(k / 101) % 101 });
}

/** A unique number for this iteration across all VUs. */
export function iteration() {
  return exec.scenario.iterationInTest;
}

/** POST /v1/score one hand and check the answer is a score. */
export function postScore(request, tags) {
  const res = http.post(`${BASE_URL}/v1/score`, JSON.stringify(request), Object.assign({ tags }, JSON_PARAMS));
  check(res, {
    "score: 200": (r) => r.status === 200,
    "score: has is_win": (r) => r.status === 200 && typeof r.json("is_win") === "boolean",
  });
  return res;
}

/** POST /v1/score/batch and check one slot per hand. */
export function postBatch(requests, tags) {
  const res = http.post(
    `${BASE_URL}/v1/score/batch`,
    JSON.stringify({ hands: requests }),
    Object.assign({ tags }, JSON_PARAMS),
  );
  check(res, {
    "batch: 200": (r) => r.status === 200,
    "batch: one slot per hand": (r) => r.status === 200 && r.json("results").length === requests.length,
  });
  return res;
}
