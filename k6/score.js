// POST /v1/score at a steady arrival rate (open model: RATE requests/s whatever the latency).
//
//   RATE      requests per second (default 500)
//   DURATION  e.g. 60s (default)
//   FRESH     fraction of requests never seen before in the test (default 0.5); the rest repeat
//             the 2,000 seeded hands, as a client asking again would
//   P99_MS    p99 latency bound in ms (default 50)
//
// Thresholds: no failed request, every check passed, no dropped iteration (k6 had a VU free for
// every scheduled request), p99 under P99_MS. k6 exits 99 when one is crossed.

import { BASE_URL, envNumber, iteration, postScore, scoreRequest } from "./lib.js";

const RATE = envNumber("RATE", 500);
const FRESH = envNumber("FRESH", 0.5);

export const options = {
  scenarios: {
    steady: {
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
    http_req_duration: [`p(99)<${envNumber("P99_MS", 50)}`],
  },
  summaryTrendStats: ["avg", "min", "med", "p(90)", "p(95)", "p(99)", "max"],
};

export default function () {
  const n = iteration();
  // Deterministic mix: of every 100 iterations, the first FRESH × 100 are fresh.
  const fresh = n % 100 < FRESH * 100;
  postScore(scoreRequest(n, fresh), { name: "POST /v1/score" });
}

export function setup() {
  if (!BASE_URL) throw new Error("BASE_URL is not set");
}
