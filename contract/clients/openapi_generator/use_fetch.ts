// Calls the live service through the typescript-fetch client openapi-generator makes from openapi/openapi.json.
// Run by tests/contract/test_openapi_generator.py: compiled with `tsc --strict` beside the generated code, then
// `node use_fetch.js DOCUMENT BASE_URL`. Each call sends the document's own request example; every answer is
// read as the client's typed model, the refusal too.
import { readFileSync } from "node:fs";
import {
  BatchRequestFromJSON,
  Configuration,
  FinalRequestFromJSON,
  Format,
  InitOverrideFunction,
  GameApi,
  instanceOfProblem,
  instanceOfScoreResult,
  ProblemFromJSON,
  ReferenceApi,
  ResponseError,
  ScoreRequestFromJSON,
  ScoreResultFromJSON,
  ScoreResultToJSON,
  ScoringApi,
  SettleRequestFromJSON,
  StudyApi,
  TenpaiRequestFromJSON,
} from "./index";

declare const process: { argv: string[]; exit(code: number): never };

function check(ok: boolean, what: unknown): void {
  if (!ok) throw new Error(`unexpected: ${JSON.stringify(what)}`);
}

async function main(documentPath: string, basePath: string): Promise<number> {
  const document = JSON.parse(readFileSync(documentPath, "utf-8"));
  const example = (path: string): unknown =>
    document.paths[path].post.requestBody.content["application/json"].examples.ok.value;
  const configuration = new Configuration({ basePath });
  const scoring = new ScoringApi(configuration);
  const game = new GameApi(configuration);
  const study = new StudyApi(configuration);
  const reference = new ReferenceApi(configuration);

  const score = await scoring.scoreHand({ scoreRequest: ScoreRequestFromJSON(example("/v1/score")) });
  check(score.points === 8000, score); // the README's mangan
  const ids = score.yaku.map((y) => String(y.id));
  check(ids.join() === "riichi,pinfu,tanyao,sanshoku", ids);

  const batch = await scoring.scoreBatch({ batchRequest: BatchRequestFromJSON(example("/v1/score/batch")) });
  const slots = batch.results.map((slot) => (instanceOfScoreResult(slot) ? "ScoreResult" : instanceOfProblem(slot) ? "Problem" : "?"));
  check(slots.join() === "ScoreResult,Problem,ScoreResult", slots);

  const settle = await game.settleHand({ settleRequest: SettleRequestFromJSON(example("/v1/settle")) });
  check(settle.deltas.join() === "0,8000,-8000,0", settle.deltas); // the mangan by ron; the winner's own stick back

  const final = await game.finalStandings({ finalRequest: FinalRequestFromJSON(example("/v1/final")) });
  check(final.placings[0]._final === 47000, final.placings); // `final`, which the generator renames; 42,000 − 30,000 + 15,000 uma + 20,000 oka

  const tenpai = await study.analyseTenpai({ tenpaiRequest: TenpaiRequestFromJSON(example("/v1/tenpai")) });
  check(tenpai.tenpai && tenpai.waits.map((w) => w.tile).join() === "2p,5p", tenpai.waits);

  const rules = await reference.listRules();
  const kazoe = rules.options.find((o) => o.name === "kazoe");
  check(kazoe !== undefined && kazoe.type === "enum" && kazoe.values.join() === "yakuman,sanbaiman,uncapped", kazoe);
  const startPoints = rules.options.find((o) => o.name === "start_points");
  check(startPoints !== undefined && startPoints.type === "integer" && startPoints.maximum === 1_000_000, startPoints);

  const impossible = { ...(example("/v1/score") as object), riichi: false, ippatsu: true };
  try {
    await scoring.scoreHand({ scoreRequest: ScoreRequestFromJSON(impossible) });
    throw new Error("ippatsu without riichi was accepted");
  } catch (error) {
    if (!(error instanceof ResponseError)) throw error;
    check(error.response.status === 422, error.response.status);
    const problem = ProblemFromJSON(await error.response.json());
    check(problem.status === 422 && String(problem.type) === "/problems/impossible-hand", problem);
    check(problem.errors.map((e) => e.field).join() === "ippatsu", problem.errors);
  }

  // option aotenjou (no limits, /docs/rulesets §8): kokushi musou 13-sided (26 han) + menzen tsumo = 27 han, 30 fu,
  // the dealer's tsumo. Base 30 × 2^29 = 16,106,127,360; each non-dealer pays 2 × base = 32,212,254,720, rounded
  // up to 32,212,254,800; the dealer gains 3 × that = 96,636,764,400, past 2^31 − 1: a JavaScript number holds it exactly
  const kokushi = { hand: "19m19p19s1234567z", win_tile: "1m", win: "tsumo", seat_wind: "E" };
  const aotenjou = await scoring.scoreHand({ scoreRequest: ScoreRequestFromJSON({ ...kokushi, rules: { aotenjou: true } }) });
  check(aotenjou.basePoints === 16_106_127_360 && aotenjou.points === 96_636_764_400, aotenjou);
  check(String(aotenjou.limit) === "none", aotenjou.limit);
  check(aotenjou.payments.length === 1 && aotenjou.payments[0].amount === 32_212_254_800 && aotenjou.payments[0].count === 3, aotenjou.payments);
  const settled = await game.settleHand({
    settleRequest: SettleRequestFromJSON({
      scores: [25000, 25000, 25000, 25000],
      dealer: 0,
      rules: { aotenjou: true },
      outcome: { type: "tsumo", winner: 0, hand: kokushi },
    }),
  });
  check(settled.deltas.join() === "96636764400,-32212254800,-32212254800,-32212254800", settled.deltas);
  check(settled.scores.join() === "96636789400,-32212229800,-32212229800,-32212229800", settled.scores);

  // the document's mjai log: one round, the dealer's tenhou (a yakuman, 48,000) by tsumo from 25,000 each. The
  // generated code labels every log application/xml, the first media type the log operations declare; the body is
  // mjai text, so it goes as text/plain, another of them.
  const mjai: string = document.paths["/v1/logs/replay"].post.requestBody.content["text/plain"].examples.one_round.value;
  const asText: InitOverrideFunction = async ({ init }) => ({ headers: { ...init.headers, "Content-Type": "text/plain" } });
  const replay = await game.replayLog({ body: mjai, format: Format.Mjai }, asText);
  const summary = replay.summary;
  check(summary.rounds === 1 && summary.roundsAgreeing === 1 && summary.wins === 1 && replay.agrees, summary);
  const round = replay.rounds[0];
  check(round.wins.length === 1 && round.wins[0].yakuman === 1 && round.wins[0].points === 48000, round.wins);
  check(round.deltas?.join() === "48000,-16000,-16000,-16000", round.deltas); // 16,000 from each
  check(round.scores?.join() === "73000,9000,9000,9000", round.scores);
  const standings = replay._final;
  check(standings !== null && standings.placings[0].seat === 0, standings);
  check(standings?.placings[0]._final === 78000, standings); // 73,000 − 30,000 + 15,000 uma + 20,000 oka
  const converted = await game.convertLog({ body: mjai, format: Format.Mjai }, asText);
  const events = converted.trim().split("\n").map((line) => JSON.parse(line) as { type: string; scores?: number[] });
  check(events[0].type === "start_game" && events[events.length - 1].type === "end_game", events);
  const hora = events.find((event) => event.type === "hora");
  check(hora?.scores?.join() === "73000,9000,9000,9000", hora);

  // an id added within /v1 after this client was generated (/docs/compatibility)
  const later = ScoreResultFromJSON({
    ...ScoreResultToJSON(score),
    yaku: [{ id: "yaku_added_later", han: 1, name: "A new yaku" }],
  });
  check(String(later.yaku[0].id) === "yaku_added_later", later.yaku);
  console.log("typescript-fetch client: 11 calls, every answer parsed into its typed model; a yaku id added later decoded");
  return 0;
}

main(process.argv[2], process.argv[3]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
