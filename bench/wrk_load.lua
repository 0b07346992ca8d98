-- wrk script for bench/bench_http.py: the request mix of one measurement, and a JSON summary.
--
--   wrk -t1 -c16 -d10s -s bench/wrk_load.lua http://127.0.0.1:PORT -- MODE SIZE TEMPLATES START
--
-- TEMPLATES: a file with one score request per line, each ending in
--   "honba": %d, "riichi_sticks": %d}
-- MODE: get-health | noop | score-repeat | score-fresh | batch-repeat | batch-fresh | batch-pool
--   *-repeat cycles through the templates with honba 0 and no sticks (the result cache is warm
--   after the first pass); *-fresh never sends the same request twice in a run (honba and riichi
--   sticks vary, so the whole-result cache never hits; the per-hand decomposition caches do).
-- SIZE: hands per batch (batch modes only).
-- batch-pool: TEMPLATES is instead a file of whole batch bodies, one per line, posted in turn (built by
--   bench_http.py from fresh hands: wrk then only sends them, so it takes less of the shared CPU).
-- START: the number of the run's first request (fresh modes: give each run its own range, so a
--   later run does not repeat an earlier one's requests; 20.4 million are distinct).
-- Prints one line: BENCH {"requests": …, "duration_us": …, "non_2xx": …, "socket_errors": …, "p50_us": …, "p99_us": …}

local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

local mode, size, templates, counter, count
local heads, middles, numbers = {}, {}, {}

local function load_templates(path)
  local list = {}
  for line in io.lines(path) do
    if #line > 0 then table.insert(list, line) end
  end
  return list
end

-- Each template cut at its two %d, and 0-100 as text, so a batch body is one table.concat of pieces
-- (string.format per hand was most of wrk's CPU, which it takes from the server on the shared cores).
local function cut_templates()
  for i, t in ipairs(templates) do
    local a = t:find("%d", 1, true)
    local b = t:find("%d", a + 2, true)
    heads[i], middles[i] = t:sub(1, a - 1), t:sub(a + 2, b - 1)
    assert(t:sub(b + 2) == "}", "a template ends in %d}")
  end
  for k = 0, 100 do numbers[k] = tostring(k) end
end

-- The n-th request of a run: hand n mod count; in fresh mode honba and sticks make it unique.
local function hand(n, fresh)
  local t = templates[(n % count) + 1]
  if not fresh then return string.format(t, 0, 0) end
  local k = math.floor(n / count)
  return string.format(t, k % 101, math.floor(k / 101) % 101)
end

function init(args)
  mode = args[1]
  size = tonumber(args[2]) or 1
  templates = load_templates(args[3])
  count = #templates
  counter = (tonumber(args[4]) or 0) + id * 500000
  if mode ~= "batch-pool" then cut_templates() end
  wrk.headers["Content-Type"] = "application/json"
end

function request()
  local n = counter
  if mode == "get-health" then
    return wrk.format("GET", "/health", nil, nil)
  elseif mode == "noop" then
    counter = counter + 1
    return wrk.format("POST", "/bench/noop", nil, hand(n, false))
  elseif mode == "score-repeat" or mode == "score-fresh" then
    counter = counter + 1
    return wrk.format("POST", "/v1/score", nil, hand(n, mode == "score-fresh"))
  elseif mode == "batch-pool" then
    counter = counter + 1
    return wrk.format("POST", "/v1/score/batch", nil, templates[(n % count) + 1])
  else
    -- the same bodies as hand() would make, joined: piece by piece (see cut_templates)
    local fresh = mode == "batch-fresh"
    local parts, p = {'{"hands": ['}, 1
    for j = 0, size - 1 do
      local m = n + j
      local i = (m % count) + 1
      local k = fresh and math.floor(m / count) or 0
      parts[p + 1], parts[p + 2], parts[p + 3] = j > 0 and ", " or "", heads[i], numbers[k % 101]
      parts[p + 4], parts[p + 5], parts[p + 6] = middles[i], numbers[math.floor(k / 101) % 101], "}"
      p = p + 6
    end
    parts[p + 1] = "]}"
    counter = counter + size
    return wrk.format("POST", "/v1/score/batch", nil, table.concat(parts))
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH {"requests": %d, "duration_us": %d, "non_2xx": %d, "socket_errors": %d, "p50_us": %d, "p99_us": %d}\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
