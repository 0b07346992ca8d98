// Calls the live service through the Go client openapi-generator makes from openapi/openapi.json.
// Run by tests/contract/test_openapi_generator.py: built (`go vet`, `go build`) in a module beside the generated
// package github.com/riichi/client, then `use_go DOCUMENT BASE_URL`. Each call sends the document's own request
// example; every answer is read as the client's typed model, the refusal too.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"reflect"
	"sort"
	"strings"

	riichi "github.com/riichi/client"
)

func check(ok bool, what interface{}) {
	if !ok {
		panic(fmt.Sprintf("unexpected: %+v", what))
	}
}

// dig follows keys down the decoded document.
func dig(value interface{}, keys ...string) interface{} {
	for _, key := range keys {
		value = value.(map[string]interface{})[key]
	}
	return value
}

// textLogs sends a log as text/plain, one of the media types the log operations declare: the generated code
// picks application/json from their list whatever the body is, and mjai events one object a line are no JSON text.
type textLogs struct{ next http.RoundTripper }

func (t textLogs) RoundTrip(request *http.Request) (*http.Response, error) {
	if strings.Contains(request.URL.Path, "/v1/logs/") {
		request = request.Clone(request.Context())
		request.Header.Set("Content-Type", "text/plain; charset=utf-8")
	}
	return t.next.RoundTrip(request)
}

// example decodes the request example of POST path in the document into the typed request.
func example(document map[string]interface{}, path string, into interface{}) {
	value := dig(document, "paths", path, "post", "requestBody", "content", "application/json", "examples", "ok", "value")
	text, err := json.Marshal(value)
	check(err == nil, err)
	check(json.Unmarshal(text, into) == nil, string(text))
}

func main() {
	raw, err := os.ReadFile(os.Args[1])
	check(err == nil, err)
	var document map[string]interface{}
	check(json.Unmarshal(raw, &document) == nil, "document")
	configuration := riichi.NewConfiguration()
	configuration.Servers = riichi.ServerConfigurations{{URL: os.Args[2]}}
	configuration.HTTPClient = &http.Client{Transport: textLogs{http.DefaultTransport}}
	client := riichi.NewAPIClient(configuration)
	ctx := context.Background()

	var scoreRequest riichi.ScoreRequest
	example(document, "/v1/score", &scoreRequest)
	score, scoreResponse, err := client.ScoringAPI.ScoreHand(ctx).ScoreRequest(scoreRequest).Execute()
	check(err == nil, err)
	answer, err := io.ReadAll(scoreResponse.Body) // the client leaves the body it read for the caller
	check(err == nil, err)
	check(score.Points == 8000, score.Points) // the README's mangan
	var ids []string
	for _, y := range score.Yaku {
		check(y.Id.YakuId != nil, y.Id) // a known id: the enum
		ids = append(ids, string(*y.Id.YakuId))
	}
	check(reflect.DeepEqual(ids, []string{"riichi", "pinfu", "tanyao", "sanshoku"}), ids)

	var batchRequest riichi.BatchRequest
	example(document, "/v1/score/batch", &batchRequest)
	batch, _, err := client.ScoringAPI.ScoreBatch(ctx).BatchRequest(batchRequest).Execute()
	check(err == nil, err)
	var slots []string
	for _, slot := range batch.Results {
		if slot.ScoreResult != nil {
			slots = append(slots, "ScoreResult")
		} else if slot.Problem != nil {
			slots = append(slots, "Problem")
		}
	}
	check(reflect.DeepEqual(slots, []string{"ScoreResult", "Problem", "ScoreResult"}), slots)

	var settleRequest riichi.SettleRequest
	example(document, "/v1/settle", &settleRequest)
	settle, _, err := client.GameAPI.SettleHand(ctx).SettleRequest(settleRequest).Execute()
	check(err == nil, err)
	check(reflect.DeepEqual(settle.Deltas, []int64{0, 8000, -8000, 0}), settle.Deltas) // the mangan by ron; the winner's own stick back

	var finalRequest riichi.FinalRequest
	example(document, "/v1/final", &finalRequest)
	final, _, err := client.GameAPI.FinalStandings(ctx).FinalRequest(finalRequest).Execute()
	check(err == nil, err)
	check(final.Placings[0].Final == 47000, final.Placings) // 42,000 − 30,000 + 15,000 uma + 20,000 oka

	var tenpaiRequest riichi.TenpaiRequest
	example(document, "/v1/tenpai", &tenpaiRequest)
	tenpai, _, err := client.StudyAPI.AnalyseTenpai(ctx).TenpaiRequest(tenpaiRequest).Execute()
	check(err == nil, err)
	var waits []string
	for _, w := range tenpai.Waits {
		waits = append(waits, w.Tile)
	}
	sort.Strings(waits)
	check(tenpai.Tenpai && reflect.DeepEqual(waits, []string{"2p", "5p"}), waits)

	rules, _, err := client.ReferenceAPI.ListRules(ctx).Execute()
	check(err == nil, err)
	found := 0
	for _, option := range rules.Options {
		if option.EnumOption != nil && option.EnumOption.Name == "kazoe" {
			var values []string
			for _, v := range option.EnumOption.Values {
				check(v.String != nil, v)
				values = append(values, *v.String)
			}
			check(reflect.DeepEqual(values, []string{"yakuman", "sanbaiman", "uncapped"}), values)
			found++
		}
		if option.IntegerOption != nil && option.IntegerOption.Name == "start_points" {
			check(option.IntegerOption.Maximum == 1000000, option.IntegerOption)
			found++
		}
	}
	check(found == 2, found)

	impossible := scoreRequest
	riichiFlag, ippatsu := false, true
	impossible.Riichi, impossible.Ippatsu = &riichiFlag, &ippatsu
	_, response, err := client.ScoringAPI.ScoreHand(ctx).ScoreRequest(impossible).Execute()
	check(err != nil && response.StatusCode == 422, err)
	var refusal *riichi.GenericOpenAPIError
	check(errors.As(err, &refusal), err)
	problem, typed := refusal.Model().(riichi.Problem)
	check(typed, refusal.Model())
	check(problem.Status == 422 && problem.Type.ProblemType != nil, problem)
	check(string(*problem.Type.ProblemType) == "/problems/impossible-hand", *problem.Type.ProblemType)
	check(len(problem.Errors) == 1 && problem.Errors[0].Field == "ippatsu", problem.Errors)

	// option aotenjou (no limits, /docs/rulesets §8): kokushi musou 13-sided (26 han) + menzen tsumo = 27 han, 30 fu,
	// the dealer's tsumo. Base 30 × 2^29 = 16,106,127,360; each non-dealer pays 2 × base = 32,212,254,720, rounded
	// up to 32,212,254,800; the dealer gains 3 × that = 96,636,764,400, past 2^31 − 1: only 64-bit fields hold it
	kokushi := `{"hand": "19m19p19s1234567z", "win_tile": "1m", "win": "tsumo", "seat_wind": "E"}`
	var aotenjouRequest riichi.ScoreRequest
	check(json.Unmarshal([]byte(`{"rules": {"aotenjou": true}, `+kokushi[1:]), &aotenjouRequest) == nil, kokushi)
	aotenjou, _, err := client.ScoringAPI.ScoreHand(ctx).ScoreRequest(aotenjouRequest).Execute()
	check(err == nil, err)
	check(*aotenjou.BasePoints.Get() == 16106127360 && aotenjou.Points == 96636764400, aotenjou)
	limit := aotenjou.Limit.Get()
	check(limit != nil && limit.Limit != nil && *limit.Limit == riichi.LIMIT_NONE, limit)
	check(len(aotenjou.Payments) == 1 && aotenjou.Payments[0].Amount == 32212254800 && aotenjou.Payments[0].Count == 3, aotenjou.Payments)
	var aotenjouSettle riichi.SettleRequest
	settleText := `{"scores": [25000, 25000, 25000, 25000], "dealer": 0, "rules": {"aotenjou": true}, "outcome": {"type": "tsumo", "winner": 0, "hand": ` + kokushi + `}}`
	check(json.Unmarshal([]byte(settleText), &aotenjouSettle) == nil, settleText)
	aotenjouSettled, _, err := client.GameAPI.SettleHand(ctx).SettleRequest(aotenjouSettle).Execute()
	check(err == nil, err)
	check(reflect.DeepEqual(aotenjouSettled.Deltas, []int64{96636764400, -32212254800, -32212254800, -32212254800}), aotenjouSettled.Deltas)
	check(reflect.DeepEqual(aotenjouSettled.Scores, []int64{96636789400, -32212229800, -32212229800, -32212229800}), aotenjouSettled.Scores)

	// the document's mjai log: one round, the dealer's tenhou (a yakuman, 48,000) by tsumo from 25,000 each
	mjai := dig(document, "paths", "/v1/logs/replay", "post", "requestBody", "content", "text/plain", "examples", "one_round", "value").(string)
	replay, _, err := client.GameAPI.ReplayLog(ctx).Body(mjai).Format(riichi.FORMAT_MJAI).Execute()
	check(err == nil, err)
	summary := replay.Summary
	check(summary.Rounds == 1 && summary.RoundsAgreeing == 1 && summary.Wins == 1 && replay.Agrees, summary)
	round := replay.Rounds[0]
	check(len(round.Wins) == 1 && round.Wins[0].Yakuman == 1 && *round.Wins[0].Points.Get() == 48000, round.Wins)
	check(reflect.DeepEqual(round.Deltas, []int64{48000, -16000, -16000, -16000}), round.Deltas) // 16,000 from each
	check(reflect.DeepEqual(round.Scores, []int64{73000, 9000, 9000, 9000}), round.Scores)
	standings := replay.Final.Get()
	check(standings != nil && standings.Placings[0].Seat == 0, standings)
	check(standings.Placings[0].Final == 78000, standings.Placings) // 73,000 − 30,000 + 15,000 uma + 20,000 oka
	converted, _, err := client.GameAPI.ConvertLog(ctx).Body(mjai).Format(riichi.FORMAT_MJAI).Execute()
	check(err == nil, err)
	var kinds []string
	var settled []int64
	for _, line := range strings.Split(strings.TrimSpace(converted), "\n") {
		var event struct {
			Type   string  `json:"type"`
			Scores []int64 `json:"scores"`
		}
		check(json.Unmarshal([]byte(line), &event) == nil, line)
		kinds = append(kinds, event.Type)
		if event.Type == "hora" {
			settled = event.Scores
		}
	}
	check(kinds[0] == "start_game" && kinds[len(kinds)-1] == "end_game", kinds)
	check(reflect.DeepEqual(settled, []int64{73000, 9000, 9000, 9000}), settled)

	// an id added within /v1 after this client was generated (/docs/compatibility)
	var wire map[string]interface{}
	check(json.Unmarshal(answer, &wire) == nil, "score")
	wire["yaku"] = []map[string]interface{}{{"id": "yaku_added_later", "han": 1, "name": "A new yaku"}}
	answer, err = json.Marshal(wire)
	check(err == nil, err)
	var later riichi.ScoreResult
	check(json.Unmarshal(answer, &later) == nil, string(answer))
	check(later.Yaku[0].Id.YakuId == nil && later.Yaku[0].Id.String != nil, later.Yaku[0].Id)
	check(*later.Yaku[0].Id.String == "yaku_added_later", *later.Yaku[0].Id.String)
	fmt.Println("go client: 11 calls, every answer parsed into its typed model; a yaku id added later decoded")
}
