// Calls the live service through the Java client (library native) openapi-generator makes from
// openapi/openapi.json. Run by tests/contract/test_openapi_generator.py: compiled with javac beside the generated
// sources, then `java UseJava DOCUMENT BASE_URL`. Each call sends the document's own request example; every answer
// is read as the client's typed model, the refusal too.

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.openapitools.client.ApiClient;
import org.openapitools.client.ApiException;
import org.openapitools.client.api.GameApi;
import org.openapitools.client.api.ReferenceApi;
import org.openapitools.client.api.ScoringApi;
import org.openapitools.client.api.StudyApi;
import org.openapitools.client.model.BatchRequest;
import org.openapitools.client.model.BatchResult;
import org.openapitools.client.model.BatchResultResultsInner;
import org.openapitools.client.model.FieldError;
import org.openapitools.client.model.FinalRequest;
import org.openapitools.client.model.FinalResult;
import org.openapitools.client.model.Format;
import org.openapitools.client.model.OptionInfo;
import org.openapitools.client.model.OptionScalar;
import org.openapitools.client.model.Problem;
import org.openapitools.client.model.ProblemType;
import org.openapitools.client.model.ReplayResult;
import org.openapitools.client.model.ReplaySummary;
import org.openapitools.client.model.RoundReplay;
import org.openapitools.client.model.RulesCatalogue;
import org.openapitools.client.model.ScoreRequest;
import org.openapitools.client.model.ScoreResult;
import org.openapitools.client.model.SettleRequest;
import org.openapitools.client.model.SettleResult;
import org.openapitools.client.model.TenpaiRequest;
import org.openapitools.client.model.TenpaiResult;
import org.openapitools.client.model.Wait;
import org.openapitools.client.model.YakuItem;

public final class UseJava {
    private UseJava() {}

    private static void check(boolean ok, Object what) {
        if (!ok) {
            throw new IllegalStateException("unexpected: " + what);
        }
    }

    public static void main(String[] args) throws Exception {
        ApiClient client = new ApiClient();
        client.updateBaseUri(args[1]);
        // The generated oneOf decoder counts the variants an answer decodes into without checking their required
        // properties, so with unknown properties ignored a batch slot's problem also "decodes" as a score (and is
        // refused as matching two). Failing on unknown properties makes each slot match its one variant; a client
        // that must outlive a field added within /v1 (/docs/compatibility) cannot do this and reads the batch
        // slots itself. Without coercing scalars, a word or an integer (`OptionScalar`) matches one variant too.
        ObjectMapper mapper = client.getObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true)
            .configure(MapperFeature.ALLOW_COERCION_OF_SCALARS, false);
        client.setObjectMapper(mapper);
        JsonNode paths = mapper.readTree(new File(args[0])).get("paths");
        java.util.function.Function<String, JsonNode> example = path ->
            paths.get(path).get("post").get("requestBody").get("content").get("application/json")
                .get("examples").get("ok").get("value");
        ScoringApi scoring = new ScoringApi(client);
        GameApi game = new GameApi(client);
        StudyApi study = new StudyApi(client);
        ReferenceApi reference = new ReferenceApi(client);

        ScoreResult score = scoring.scoreHand(mapper.treeToValue(example.apply("/v1/score"), ScoreRequest.class), null, null);
        check(score.getPoints() == 8000, score); // the README's mangan
        List<String> ids = new ArrayList<>();
        for (YakuItem y : score.getYaku()) {
            ids.add(String.valueOf(y.getId().getActualInstance())); // YakuId or String: the anyOf's first match

        }
        check(ids.equals(List.of("riichi", "pinfu", "tanyao", "sanshoku")), ids);

        BatchResult batch = scoring.scoreBatch(mapper.treeToValue(example.apply("/v1/score/batch"), BatchRequest.class), null, null);
        List<String> slots = new ArrayList<>();
        for (BatchResultResultsInner slot : batch.getResults()) {
            slots.add(slot.getActualInstance().getClass().getSimpleName());
        }
        check(slots.equals(List.of("ScoreResult", "Problem", "ScoreResult")), slots);

        SettleResult settle = game.settleHand(mapper.treeToValue(example.apply("/v1/settle"), SettleRequest.class), null, null);
        check(settle.getDeltas().equals(List.of(0L, 8000L, -8000L, 0L)), settle.getDeltas()); // the mangan by ron; the winner's own stick back

        FinalResult fin = game.finalStandings(mapper.treeToValue(example.apply("/v1/final"), FinalRequest.class), null, null);
        check(fin.getPlacings().get(0).getFinal() == 47000, fin); // 42,000 − 30,000 + 15,000 uma + 20,000 oka

        TenpaiResult tenpai = study.analyseTenpai(mapper.treeToValue(example.apply("/v1/tenpai"), TenpaiRequest.class), null, null);
        List<String> waits = new ArrayList<>();
        for (Wait w : tenpai.getWaits()) {
            waits.add(w.getTile());
        }
        Collections.sort(waits);
        check(tenpai.getTenpai() && waits.equals(List.of("2p", "5p")), waits);

        RulesCatalogue rules = reference.listRules(null, null, null);
        int found = 0;
        for (OptionInfo option : rules.getOptions()) {
            Object shape = option.getActualInstance();
            if (shape instanceof org.openapitools.client.model.EnumOption e && e.getName().equals("kazoe")) {
                List<String> values = new ArrayList<>();
                for (OptionScalar v : e.getValues()) {
                    values.add(v.getString());
                }
                check(values.equals(List.of("yakuman", "sanbaiman", "uncapped")), values);
                found++;
            }
            if (shape instanceof org.openapitools.client.model.IntegerOption i && i.getName().equals("start_points")) {
                check(i.getMaximum() == 1_000_000, i);
                found++;
            }
        }
        check(found == 2, found);

        ObjectNode impossible = example.apply("/v1/score").deepCopy();
        impossible.put("riichi", false).put("ippatsu", true);
        try {
            scoring.scoreHand(mapper.treeToValue(impossible, ScoreRequest.class), null, null);
            throw new IllegalStateException("ippatsu without riichi was accepted");
        } catch (ApiException refused) {
            check(refused.getCode() == 422, refused.getCode());
            Problem problem = mapper.readValue(refused.getResponseBody(), Problem.class);
            check(problem.getStatus() == 422, problem);
            check(problem.getType().getProblemType() == ProblemType.PROBLEMS_IMPOSSIBLE_HAND, problem.getType());
            List<String> fields = new ArrayList<>();
            for (FieldError e : problem.getErrors()) {
                fields.add(e.getField());
            }
            check(fields.equals(List.of("ippatsu")), fields);
        }

        // option aotenjou (no limits, /docs/rulesets §8): kokushi musou 13-sided (26 han) + menzen tsumo = 27 han, 30 fu,
        // the dealer's tsumo. Base 30 × 2^29 = 16,106,127,360; each non-dealer pays 2 × base = 32,212,254,720, rounded
        // up to 32,212,254,800; the dealer gains 3 × that = 96,636,764,400, past 2^31 − 1: only a long holds it
        ObjectNode kokushi = mapper.createObjectNode()
            .put("hand", "19m19p19s1234567z").put("win_tile", "1m").put("win", "tsumo").put("seat_wind", "E");
        ObjectNode kokushiRequest = kokushi.deepCopy();
        kokushiRequest.putObject("rules").put("aotenjou", true);
        ScoreResult aotenjou = scoring.scoreHand(mapper.treeToValue(kokushiRequest, ScoreRequest.class), null, null);
        check(aotenjou.getBasePoints() == 16_106_127_360L && aotenjou.getPoints() == 96_636_764_400L, aotenjou);
        check("none".equals(String.valueOf(aotenjou.getLimit().getActualInstance())), aotenjou.getLimit());
        check(aotenjou.getPayments().size() == 1 && aotenjou.getPayments().get(0).getAmount() == 32_212_254_800L
            && aotenjou.getPayments().get(0).getCount() == 3, aotenjou.getPayments());
        ObjectNode settleText = mapper.createObjectNode().put("dealer", 0);
        settleText.putArray("scores").add(25000).add(25000).add(25000).add(25000);
        settleText.putObject("rules").put("aotenjou", true);
        settleText.putObject("outcome").put("type", "tsumo").put("winner", 0).set("hand", kokushi);
        SettleResult settled = game.settleHand(mapper.treeToValue(settleText, SettleRequest.class), null, null);
        check(settled.getDeltas().equals(List.of(96_636_764_400L, -32_212_254_800L, -32_212_254_800L, -32_212_254_800L)), settled.getDeltas());
        check(settled.getScores().equals(List.of(96_636_789_400L, -32_212_229_800L, -32_212_229_800L, -32_212_229_800L)), settled.getScores());

        // the document's mjai log: one round, the dealer's tenhou (a yakuman, 48,000) by tsumo from 25,000 each.
        // The generated code labels every log application/xml, the first media type the log operations declare;
        // the body is mjai text, so a request interceptor sends it as text/plain, another of them. The convert
        // answer is NDJSON, which the generated code would read as one JSON string (and fail on its first object):
        // the response interceptor reads the lines instead, and the generated code finds the body empty.
        String mjai = paths.get("/v1/logs/replay").get("post").get("requestBody").get("content").get("text/plain")
            .get("examples").get("one_round").get("value").asText();
        StringBuilder ndjson = new StringBuilder();
        ApiClient logClient = new ApiClient();
        logClient.updateBaseUri(args[1]);
        logClient.setRequestInterceptor(request -> request.setHeader("Content-Type", "text/plain; charset=utf-8"));
        logClient.setResponseInterceptor(response -> {
            if (response.uri().getPath().endsWith("/v1/logs/convert") && response.statusCode() == 200) {
                try {
                    ndjson.append(new String(response.body().readAllBytes(), StandardCharsets.UTF_8));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        });
        GameApi logs = new GameApi(logClient);
        ReplayResult replay = logs.replayLog(mjai, Format.MJAI, null, null, null, null);
        ReplaySummary summary = replay.getSummary();
        check(summary.getRounds() == 1 && summary.getRoundsAgreeing() == 1 && summary.getWins() == 1 && replay.getAgrees(), summary);
        RoundReplay round = replay.getRounds().get(0);
        check(round.getWins().size() == 1 && round.getWins().get(0).getYakuman() == 1 && round.getWins().get(0).getPoints() == 48000L, round.getWins());
        check(round.getDeltas().equals(List.of(48000L, -16000L, -16000L, -16000L)), round.getDeltas()); // 16,000 from each
        check(round.getScores().equals(List.of(73000L, 9000L, 9000L, 9000L)), round.getScores());
        check(replay.getFinal().getPlacings().get(0).getSeat() == 0, replay.getFinal());
        check(replay.getFinal().getPlacings().get(0).getFinal() == 78000L, replay.getFinal()); // 73,000 − 30,000 + 15,000 uma + 20,000 oka
        logs.convertLog(mjai, Format.MJAI, null, null, null, null, null);
        List<String> kinds = new ArrayList<>();
        JsonNode hora = null;
        for (String line : ndjson.toString().strip().split("\n")) {
            JsonNode event = mapper.readTree(line);
            kinds.add(event.get("type").asText());
            if (event.get("type").asText().equals("hora")) {
                hora = event;
            }
        }
        check(kinds.get(0).equals("start_game") && kinds.get(kinds.size() - 1).equals("end_game"), kinds);
        check(hora != null && hora.get("scores").toString().equals("[73000,9000,9000,9000]"), hora);

        // an id added within /v1 after this client was generated (/docs/compatibility)
        ObjectNode answer = mapper.valueToTree(score);
        answer.putArray("yaku").addObject().put("id", "yaku_added_later").put("han", 1).put("name", "A new yaku");
        ScoreResult later = mapper.treeToValue(answer, ScoreResult.class);
        check("yaku_added_later".equals(later.getYaku().get(0).getId().getActualInstance()), later.getYaku());
        System.out.println("java client: 11 calls, every answer parsed into its typed model; a yaku id added later decoded");
    }
}
