package importer

import (
	"math"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/internal/mathx"
	"github.com/plumb-eval/plumb/model"
)

// The hand-written fixtures in testdata/ hold every case of each format;
// the expected values below are read off the fixtures by hand.

func TestFastChat(t *testing.T) {
	const file = "testdata/fastchat/gpt-4_pair.jsonl"
	lg := load(t, file)
	if len(lg.Pairs) != 4 {
		t.Fatalf("%d pairs, want 4 (q112 has no game-1 verdict)", len(lg.Pairs))
	}
	p := pairOf(t, lg, "gpt-4", "81/vicuna-13b vs llama-13b/turn 1")
	// Game 2 shows model_2 first as A (x2): model_1 winning it is the token B.
	wantRuns(t, p, 1, 0) // model_1 won both games
	if p.Group != "pair-v2" || p.Source != model.SourceChoice || p.Gold != model.GoldNone || p.Pos.Line != 1 {
		t.Errorf("pair %+v", p)
	}
	// model_1 and model_2 were extra fields before issue 21; they are the
	// record's generators now, and only turn stays extra.
	if p.Model(1) != "vicuna-13b" || p.Model(2) != "llama-13b" || string(p.Extra["turn"]) != "1" || len(p.Extra) != 1 {
		t.Errorf("generators %+v, extra %v", p.Gen, p.Extra)
	}
	wantRuns(t, pairOf(t, lg, "gpt-4", "81/vicuna-13b vs llama-13b/turn 2"), 1, 1) // model_1, then model_2: A both times
	wantArr(t, pairOf(t, lg, "gpt-4", "111/vicuna-13b vs llama-13b/turn 1"), 0.5)  // tie, error
	q := pairOf(t, lg, "claude-v1", "q-113/alpaca-13b vs vicuna-13b/turn 1")
	wantRuns(t, q, 0, 0.5)
	if q.Group != "" || q.Pos.Line != 6 {
		t.Errorf("judge given as a string: group %q, line %d (want none, 6: line 4 is blank)", q.Group, q.Pos.Line)
	}
	wantNotes(t, lg, 1, `judge gpt-4: 2 of 8 verdicts could not be read ("error" ×2); 1 kept as missing arrangements; 1 item left out`,
		"(with 1 readable verdict in other orders)")
	roundTrip(t, lg)
}

func TestLLMBarFolder(t *testing.T) {
	lg := load(t, "testdata/llmbar") // dataset.json and statistics.json are passed over
	if len(lg.Files) != 2 {
		t.Fatalf("files %v, want the two result.json", lg.Files)
	}
	const g = "Processed/Tiny"
	p := pairOf(t, lg, "GPT-4/Vanilla", g+"/0")
	wantRuns(t, p, 1, 0) // output_1 won both runs: A, then B (swap = True shows output_2 first as "Output (a)")
	if p.Group != g || p.Gold != model.Gold1 || p.Prompt != "Name a prime number." || p.Response1 != "7" || p.Response2 != "8" {
		t.Errorf("pair %+v", p)
	}
	wantRuns(t, pairOf(t, lg, "GPT-4/Vanilla", g+"/1"), 1, 1) // picked the first shown (A) both times
	for _, q := range lg.Pairs {
		if q.Judge == "GPT-4/Vanilla" && q.ID == g+"/2" {
			t.Errorf("item 2 has no readable swap = False winner and must be left out: %+v", q)
		}
	}
	// Rating: the winners as LLMBar derived them, and the ratings as a soft preference.
	wantRuns(t, pairOf(t, lg, "GPT-4/Rating", g+"/1"), 0, 0) // winners "2" then "1": the second-shown both times
	s := pairOf(t, lg, "GPT-4/Rating/scores", g+"/0")
	wantArr(t, s, 0.5+(9-2)/20.0)
	if s.Source != model.SourceProb || string(s.Extra["score_1"]) != "9" || s.Gold != model.Gold1 {
		t.Errorf("soft pair %+v", s)
	}
	wantArr(t, pairOf(t, lg, "GPT-4/Rating/scores", g+"/1"), 0.5) // 5 and " 5\n"
	wantNotes(t, lg, 4, "judge GPT-4/Rating: a Rating strategy rates each output alone",
		"judge GPT-4/Vanilla: 1 of 6 verdicts could not be read (null ×1); 1 item left out",
		"judge GPT-4/Rating/scores: 1 item without readable scores",
		"judge GPT-4/Rating/scores: the ratings score each output alone")
	roundTrip(t, lg)
}

func TestLLMBarPath(t *testing.T) {
	for path, want := range map[string]llmbarPath{
		"Dataset/LLMBar/Natural/evaluators/GPT-4/Rating/result.json":            {"GPT-4/Rating", "LLMBar/Natural"},
		"/x/LLMBar/Dataset/Processed/FairEval/evaluators/PaLM2/CoT/result.json": {"PaLM2/CoT", "Processed/FairEval"},
		"FairEval/evaluators/PaLM2/CoT/result.json":                             {"PaLM2/CoT", "FairEval"},
		"evaluators/PaLM2/CoT/result.json":                                      {"PaLM2/CoT", ""},
		"result.json":                                                           {"llmbar", ""},
		"a/evaluators/result.json":                                              {"llmbar", ""},
	} {
		if got := parseLLMBarPath(path); got != want {
			t.Errorf("parseLLMBarPath(%q) = %+v, want %+v", path, got, want)
		}
	}
}

func TestArenaHard(t *testing.T) {
	lg := load(t, "testdata/arena-hard/model_judgment/gpt-4-1106-preview/model-x.jsonl")
	const judge = "gpt-4-1106-preview"
	p := pairOf(t, lg, judge, "328c149ed45a41c0b9d6f14659e63599/model-x")
	// Game 1: A (the baseline) >> B: P(A) = 1. Game 2 (x2, the model as A):
	// B (the baseline) > A: P(A) = 0.25, a preference for the baseline of 0.75.
	wantRuns(t, p, 1, 0.25)
	if p.R(model.X2) != 0.75 {
		t.Errorf("game 2 preference for the baseline %v, want 0.75", p.R(model.X2))
	}
	if p.Source != model.SourceProb || string(p.Extra["model"]) != `"model-x"` {
		t.Errorf("pair %+v", p)
	}
	wantArr(t, pairOf(t, lg, judge, "a2b4c6/model-x"), 0.5) // A=B, then no verdict
	v2 := pairOf(t, lg, judge, "c8/model-x")
	wantRuns(t, v2, 0, 0.75) // B>>A; then A (the model) > B: P(A) 0.75, preference 0.25
	if v2.Group != "hard_prompt" || string(v2.Extra["baseline"]) != `"o3-mini"` {
		t.Errorf("v2.0 record %+v", v2)
	}
	if len(lg.Pairs) != 3 {
		t.Errorf("%d pairs, want 3 (b7's game 1 is null)", len(lg.Pairs))
	}
	wantNotes(t, lg, 1, "judge gpt-4-1106-preview: 2 of 8 verdicts could not be read (null ×2); 1 kept as missing arrangements; 1 item left out")
	roundTrip(t, lg)
}

func TestArenaStrength(t *testing.T) {
	for in, want := range map[string]float64{
		`"A>>B"`: 1, `"A>B"`: 0.75, `"A=B"`: 0.5, `"B>A"`: 0.25, `"B>>A"`: 0,
		`"a > b"`: 0.75, `"A<B"`: 0.25, `"B=A"`: 0.5, `"B<<A"`: 1,
	} {
		got, ok := arenaStrength([]byte(in))
		if !ok || got != want {
			t.Errorf("arenaStrength(%s) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{`null`, `"A>>>B"`, `"C"`, `""`, `3`} {
		if _, ok := arenaStrength([]byte(in)); ok {
			t.Errorf("arenaStrength(%s) read a verdict", in)
		}
	}
}

func TestJudgeBench(t *testing.T) {
	lg := load(t, "testdata/judgebench")
	rm := "reward_model/Tiny/RM"
	p := pairOf(t, lg, rm, "e302b0a0")
	// Scores 5.625 (A) and 14.625 (B): P(response_A better) = σ(−9) in both
	// orders; the swapped run (x2) shows response_B as A, so its P(A) is σ(9).
	wantRuns(t, p, mathx.Sigmoid(-9), mathx.Sigmoid(9))
	if p.R(model.X2) != 1-mathx.Sigmoid(9) {
		t.Errorf("swapped preference %v, want 1 − σ(9)", p.R(model.X2))
	}
	if p.Source != model.SourceProb || p.Gold != model.Gold1 || p.Group != "mmlu-pro-law" ||
		p.Prompt != "Is the evidence admissible?" || p.Response1 != "Yes. FFFFF" {
		t.Errorf("pair %+v", p)
	}
	wantRuns(t, pairOf(t, lg, rm, "2d989dfb"), 0.5, mathx.Sigmoid(2))
	ah := "arena_hard/claude-3-haiku-20240307"
	// The swapped judgment's A>B means response_B (shown first, as A) won:
	// P(A) = 1 in x2, a preference for response_A of 0.
	q := pairOf(t, lg, ah, "e302b0a0")
	wantRuns(t, q, 1, 1)
	if q.Source != model.SourceChoice {
		t.Errorf("decisions only: source %v, want choice", q.Source)
	}
	wantArr(t, pairOf(t, lg, ah, "9f00aa11"), 0) // the swapped judgment is null
	if len(lg.Pairs) != 4 {
		t.Errorf("%d pairs, want 4", len(lg.Pairs))
	}
	wantNotes(t, lg, 1, "judge arena_hard/claude-3-haiku-20240307: 2 of 6 verdicts could not be read (null ×2); 1 kept as missing arrangements; 1 item left out")
	roundTrip(t, lg)
}

func TestJudgeBenchFileJudge(t *testing.T) {
	for in, want := range map[string]string{
		"outputs/dataset=judgebench,response_model=gpt-4o,judge_name=arena_hard,judge_model=o1-mini.jsonl": "arena_hard/o1-mini",
		"dataset=judgebench,judge_name=reward_model.jsonl.gz":                                              "reward_model",
		"judgments.jsonl": "",
	} {
		if got := judgeBenchFileJudge(in); got != want {
			t.Errorf("judgeBenchFileJudge(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAlpacaEval(t *testing.T) {
	lg := load(t, "testdata/alpacaeval/annotations.json")
	const judge, pre = "weighted_alpaca_eval_gpt4_turbo", "gpt4_1106_preview vs my-model/"
	p := pairOf(t, lg, judge, pre+"0")
	wantArr(t, p, 1) // preference 1: output_1 preferred
	if p.Group != "helpful_base" || p.Pos.Line != 2 || !strings.HasPrefix(p.Prompt, "What are the names") {
		t.Errorf("pair %+v", p)
	}
	wantArr(t, pairOf(t, lg, judge, pre+"1"), 0.25) // 2 − 1.75
	wantArr(t, pairOf(t, lg, judge, pre+"3"), 0.5)  // 0: a draw
	if len(lg.Pairs) != 3 {
		t.Errorf("%d pairs, want 3 (preference null is left out)", len(lg.Pairs))
	}
	wantNotes(t, lg, 2, "1 of 4 verdicts could not be read (null ×1); 1 item left out",
		"judge weighted_alpaca_eval_gpt4_turbo: AlpacaEval annotations record one order per pair", "position bias cannot be measured")
	roundTrip(t, lg)
}

func TestAlpacaPreference(t *testing.T) {
	for in, want := range map[string]float64{"1": 1, "2": 0, "1.5": 0.5, "0": 0.5, "1.2": 0.8, "1e0": 1} {
		got, ok := alpacaPreference([]byte(in))
		if !ok || math.Abs(got-want) > 1e-15 {
			t.Errorf("alpacaPreference(%s) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{"null", "0.5", "2.01", "-1", `"1"`, "3"} {
		if _, ok := alpacaPreference([]byte(in)); ok {
			t.Errorf("alpacaPreference(%s) read a preference", in)
		}
	}
}

func TestPandaLM(t *testing.T) {
	lg := load(t, "testdata/pandalm")
	gpt, panda := "gpt-3.5-turbo", "pandalm-7b"
	p := pairOf(t, lg, gpt, "0")
	wantArr(t, p, 0) // "2"
	if p.Gold != model.Gold2 || p.Group != "Grammarly" ||
		p.Prompt != "Rewrite the sentence to be concise.\n\nIf you have any questions about my rate, please let me know." ||
		string(p.Extra["annotations"]) != "[2,2,1]" || string(p.Extra["cmp_key"]) != `"bloom-7b_llama-7b"` {
		t.Errorf("pair %+v", p)
	}
	wantArr(t, pairOf(t, lg, gpt, "2"), 0.5) // "Tie"
	if g := pairOf(t, lg, gpt, "2").Gold; g != model.GoldTie {
		t.Errorf("idx 2: gold %v, want tie (annotators 0, 0, 2)", g)
	}
	if g := pairOf(t, lg, gpt, "3").Gold; g != model.GoldNone {
		t.Errorf("idx 3: gold %v, want none (annotators 0, 1, 2)", g)
	}
	q := pairOf(t, lg, panda, "1")
	wantArr(t, q, 1)
	if q.Gold != model.Gold1 || q.Response1 != "true" || q.Prompt != "Is this sentence grammatical? Answer true or false." {
		t.Errorf("pair %+v", q)
	}
	if len(lg.Pairs) != 7 {
		t.Errorf("%d pairs, want 7 (gpt's garbage verdict is left out)", len(lg.Pairs))
	}
	wantNotes(t, lg, 6, `judge gpt-3.5-turbo: 1 of 4 verdicts could not be read ("garbage" ×1); 1 item left out`,
		"testset-v1.json: 1 text is a JSON boolean or number, not a string: kept as written (response1 ×1; the first at line 14: true)",
		"judge gpt-3.5-turbo: 1 item without gold: the annotators have no majority",
		"judge pandalm-7b: 1 item without gold",
		"judge gpt-3.5-turbo: every item was judged in one order only (x0): position bias cannot be measured",
		"judge pandalm-7b: every item was judged in one order only")
	roundTrip(t, lg)

	// A judge file alone finds testset-v1.json beside it.
	alone := load(t, "testdata/pandalm/pandalm-7b-testset-v1.json")
	if p := pairOf(t, alone, panda, "0"); p.Gold != model.Gold2 || p.Response2 == "" {
		t.Errorf("judge file alone: %+v", p)
	}
}

func TestMixedWithV1(t *testing.T) {
	v1 := writeFile(t, "log.jsonl", `{"kind":"pair","id":"x","judge":"gpt-4","choice":{"x0":"A"}}`+"\n"+
		`{"kind":"verdict","id":"v","judge":"j","verdict":true,"human":null}`+"\n")
	lg := load(t, v1, "testdata/fastchat/gpt-4_pair.jsonl")
	if len(lg.Pairs) != 5 || len(lg.Verdicts) != 1 || len(lg.Files) != 2 || lg.Files[0].Pairs != 1 || lg.Files[1].Pairs != 4 {
		t.Fatalf("merged log: %d pairs, %d verdicts, files %+v", len(lg.Pairs), len(lg.Verdicts), lg.Files)
	}
	// Only v1 inputs: exactly model.ReadFiles, no notes.
	only := load(t, v1)
	if len(only.Pairs) != 1 || len(only.Notes) != 0 {
		t.Errorf("v1 only: %+v", only)
	}
}

func TestGzipByContent(t *testing.T) {
	lg := load(t, gzipCopy(t, "testdata/fastchat/gpt-4_pair.jsonl"), gzipCopy(t, "testdata/alpacaeval/annotations.json"))
	if len(lg.Pairs) != 7 {
		t.Errorf("%d pairs from gzip copies, want 4 + 3", len(lg.Pairs))
	}
}
