// POST /v1/score/batch at a steady arrival rate.
//
//   BATCH_SIZE  hands per call (default 100; the service takes up to 1,000)
//   RATE        calls per second (default 20: 2,000 hands/s at 100 hands per call)
//   DURATION    e.g. 60s (default)
//   FRESH       fraction of hands never seen before in the test (default 1: a log analyser's case)
//   P99_MS      p99 latency bound in ms (default 250)
//
// Thresholds as in score.js; also counts hands scored (metric `hands`).

import { Counter } from "k6/metrics";
import { envNumber, iteration, postBatch, scoreRequest } from "./lib.js";

const SIZE = envNumber("BATCH_SIZE", 100);
const RATE = envNumber("RATE", 20);
const FRESH = envNumber("FRESH", 1);
const hands = new Counter("hands");

export const options = {
  scenarios: {
    steady: {
      executor: "constant-arrival-rate",
      rate: RATE,
      timeUnit: "1s",
      duration: __ENV.DURATION || "60s",
      preAllocatedVUs: Math.max(10, RATE),
      maxVUs: Math.max(50, 4 * RATE),
    },
  },
  thresholds: {
    http_req_failed: ["rate==0"],
    checks: ["rate==1"],
    dropped_iterations: ["count==0"],
    http_req_duration: [`p(99)<${envNumber("P99_MS", 250)}`],
  },
  summaryTrendStats: ["avg", "min", "med", "p(90)", "p(95)", "p(99)", "max"],
};

export default function () {
  const first = iteration() * SIZE;
  const requests = [];
  for (let j = 0; j < SIZE; j++) {
    const n = first + j;
    requests.push(scoreRequest(n, n % 100 < FRESH * 100));
  }
  const res = postBatch(requests, { name: "POST /v1/score/batch" });
  if (res.status === 200) hands.add(SIZE);
}
