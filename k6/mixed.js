// A mixed, realistic workload at a steady total arrival rate: what game clients, study tools and
// a log analyser together send. Per 100 requests (operations the server does not document in its
// /schema/openapi.json are left out, and their share goes to POST /v1/score):
//
//   70  POST /v1/score, half of them fresh hands, half repeated
//    8  POST /v1/tenpai (the 2,000 hands without their winning tile)
//    5  POST /v1/score/batch, 10–50 fresh hands
//    8  POST /v1/score that the service must refuse: 4 × 400 (an unknown field), 4 × 422 (ippatsu
//       without riichi); these statuses are expected, so they are not failures
//    1  GET /v1/rules (a client reads it once at start-up), else GET /health
//    8  GET /health (probes)
//
//   RATE      requests per second (default 500)
//   DURATION  e.g. 60s (default)
//   P99_MS    p99 latency bound in ms for single requests (default 50); batch calls have their
//             own: BATCH_P99_MS (default 250)

import http from "k6/http";
import { check } from "k6";
import { BASE_URL, JSON_PARAMS, envNumber, iteration, postBatch, postScore, scoreRequest } from "./lib.js";

const RATE = envNumber("RATE", 500);
const REFUSED = http.expectedStatuses(400, 422);

export const options = {
  scenarios: {
    mixed: {
      executor: "constant-arrival-rate",
      rate: RATE,
      timeUnit: "1s",
      duration: __ENV.DURATION || "60s",
      preAllocatedVUs: Math.max(20, Math.ceil(RATE / 10)),
      maxVUs: Math.max(100, RATE),
    },
  },
  thresholds: {
    http_req_failed: ["rate==0"],
    checks: ["rate==1"],
    dropped_iterations: ["count==0"],
    "http_req_duration{kind:single}": [`p(99)<${envNumber("P99_MS", 50)}`],
    "http_req_duration{kind:batch}": [`p(99)<${envNumber("BATCH_P99_MS", 250)}`],
  },
  summaryTrendStats: ["avg", "min", "med", "p(90)", "p(95)", "p(99)", "max"],
};

const TENPAI_FIELDS = ["rules", "hand", "melds", "dealer", "seat_wind", "round_wind", "riichi", "double_riichi",
  "ippatsu", "dora_indicators", "ura_indicators", "honba", "riichi_sticks"];

export function setup() {
  const res = http.get(`${BASE_URL}/schema/openapi.json`, { tags: { name: "setup", kind: "setup" } });
  const paths = res.status === 200 ? Object.keys(res.json("paths")) : [];
  const served = { tenpai: paths.includes("/v1/tenpai"), rules: paths.includes("/v1/rules") };
  console.log(`optional operations served: ${JSON.stringify(served)}`);
  return served;
}

function tenpaiRequest(n) {
  const hand = scoreRequest(n, false);
  const out = {};
  for (const key of TENPAI_FIELDS) if (hand[key] !== undefined) out[key] = hand[key];
  return out;
}

export default function (served) {
  const n = iteration();
  // Kinds interleaved as independent clients would send them (37 is prime to 100, so every run
  // of 100 iterations covers each slot once, without bursts of one kind).
  const slot = (n * 37) % 100;
  const single = { kind: "single" };
  if (slot < 8 && served.tenpai) {
    const res = http.post(`${BASE_URL}/v1/tenpai`, JSON.stringify(tenpaiRequest(n)),
      Object.assign({ tags: Object.assign({ name: "POST /v1/tenpai" }, single) }, JSON_PARAMS));
    check(res, { "tenpai: 200": (r) => r.status === 200 });
  } else if (slot >= 8 && slot < 13) {
    const size = 10 + (n % 41);
    const requests = [];
    for (let j = 0; j < size; j++) requests.push(scoreRequest(n * 50 + j, true));
    postBatch(requests, { name: "POST /v1/score/batch", kind: "batch" });
  } else if (slot >= 13 && slot < 21) {
    const bad = slot < 17
      ? Object.assign(scoreRequest(n, false), { foo: 1 })
      : Object.assign(scoreRequest(n, false), { riichi: false, double_riichi: false, ippatsu: true });
    const res = http.post(`${BASE_URL}/v1/score`, JSON.stringify(bad), Object.assign(
      { tags: Object.assign({ name: "POST /v1/score (refused)" }, single), responseCallback: REFUSED }, JSON_PARAMS));
    check(res, {
      "refused: 400 or 422 problem": (r) =>
        (r.status === 400 || r.status === 422) && r.headers["Content-Type"] === "application/problem+json",
    });
  } else if (slot === 21 && served.rules) {
    const res = http.get(`${BASE_URL}/v1/rules`, { tags: Object.assign({ name: "GET /v1/rules" }, single) });
    check(res, { "rules: 200": (r) => r.status === 200 });
  } else if (slot >= 21 && slot < 30) {
    const res = http.get(`${BASE_URL}/health`, { tags: Object.assign({ name: "GET /health" }, single) });
    check(res, { "health: 200": (r) => r.status === 200 });
  } else {
    postScore(scoreRequest(n, slot % 2 === 0), Object.assign({ name: "POST /v1/score" }, single));
  }
}
