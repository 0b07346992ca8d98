// Issue 16's mixed load: 14-tile POST /v1/tenpai beside POST /v1/score, both at a steady arrival rate
// (open model), as two scenarios; bench/bench_tenpai_beside_score.py runs it against python -m service.serve.
//
//   SCORE_RATE   score requests per second (default 300), fresh hands (never repeated in the run)
//   TENPAI_RATE  tenpai requests per second (default 150): 11123456789999m, seat S (14 tiles: the
//                analysis per possible discard, the costly case)
//   DURATION     e.g. 20s (default)
//   SCORE_P99_MS the bound on score's p99 (default 20, the target)
//
// Thresholds: no failed request, every check passed, no dropped iteration, score p99 < SCORE_P99_MS.

import http from "k6/http";
import { check } from "k6";
import { BASE_URL, JSON_PARAMS, envNumber, iteration, postScore, scoreRequest } from "./lib.js";

const SCORE_RATE = envNumber("SCORE_RATE", 300);
const TENPAI_RATE = envNumber("TENPAI_RATE", 150);
const DURATION = __ENV.DURATION || "20s";
const TENPAI_BODY = JSON.stringify({ hand: "11123456789999m", seat_wind: "S" });

function steady(rate, exec) {
  return {
    executor: "constant-arrival-rate",
    exec,
    rate,
    timeUnit: "1s",
    duration: DURATION,
    preAllocatedVUs: Math.max(20, Math.ceil(rate / 10)),
    maxVUs: Math.max(100, rate),
  };
}

export const options = {
  scenarios: { score: steady(SCORE_RATE, "score"), tenpai: steady(TENPAI_RATE, "tenpai") },
  thresholds: {
    http_req_failed: ["rate==0"],
    checks: ["rate==1"],
    dropped_iterations: ["count==0"],
    "http_req_duration{scenario:score}": [`p(99)<${envNumber("SCORE_P99_MS", 20)}`],
    "http_req_duration{scenario:tenpai}": ["max>=0"], // declared so the summary has the submetric
  },
  summaryTrendStats: ["med", "p(99)", "max"],
};

export function score() {
  postScore(scoreRequest(iteration(), true), { name: "POST /v1/score" });
}

export function tenpai() {
  const res = http.post(`${BASE_URL}/v1/tenpai`, TENPAI_BODY, Object.assign({ tags: { name: "POST /v1/tenpai" } }, JSON_PARAMS));
  check(res, { "tenpai: 200": (r) => r.status === 200 });
}
