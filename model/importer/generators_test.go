package importer

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"

	"github.com/plumb-eval/plumb/internal/realdata"
)

// Issue 21: the importers fill model_1 and model_2 (Pair.Gen) where the
// source names the generators, FastChat's texts are read out of its judge
// prompts, and AlpacaEval's shown order is recovered from the
// log-probabilities.

// wantGen checks a pair's generators.
func wantGen(t *testing.T, p *model.Pair, m1, m2 string) {
	t.Helper()
	if p.Model(1) != m1 || p.Model(2) != m2 {
		t.Errorf("%s %s: generators %q, %q; want %q, %q", p.Judge, p.ID, p.Model(1), p.Model(2), m1, m2)
	}
}

// prefFor is the preference for the response of generator m.
func prefFor(p *model.Pair, a model.Arrangement, m string) float64 {
	if p.Model(1) == m {
		return p.R(a)
	}
	return 1 - p.R(a)
}

// TestAlpacaEvalOrders imports a fixture in AlpacaEval 2.0's format with
// one item of each kind: output_1 shown first, output_2 shown first (also
// in the completions API's form), no raw_completion, a preference that
// matches neither order and P(m) = P(M).
func TestAlpacaEvalOrders(t *testing.T) {
	lg := load(t, "testdata/alpacaeval-orders/annotations.json")
	const judge, pre = "weighted_alpaca_eval_gpt4_turbo", "gpt4_1106_preview vs my-model/"
	if len(lg.Pairs) != 6 {
		t.Fatalf("%d pairs, want 6", len(lg.Pairs))
	}
	sigma := func(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
	// Item 0, output_1 first: A = m = output_1 in x0, as stored.
	p := pairOf(t, lg, judge, pre+"0")
	wantArr(t, p, sigma(-0.1+2.4))
	wantGen(t, p, "gpt4_1106_preview", "my-model")
	if p.Source != model.SourceLogprob || p.Logprobs[model.X0] != [2]float64{-0.1, -2.4} ||
		p.Response1 != "A long baseline answer." || string(p.Extra["shown_first"]) != `"output_1"` {
		t.Errorf("item 0: %+v", p)
	}
	// Item 1, output_2 first: recorded as shown, output_2 as response_1.
	p = pairOf(t, lg, judge, pre+"1")
	wantArr(t, p, sigma(-0.05+3.0))
	wantGen(t, p, "my-model", "gpt4_1106_preview")
	if p.Response1 != "My model's answer, which is longer." || p.Response2 != "Baseline." || string(p.Extra["shown_first"]) != `"output_2"` {
		t.Errorf("item 1: %+v", p)
	}
	// Item 4, completions form, output_2 first.
	p = pairOf(t, lg, judge, pre+"4")
	wantArr(t, p, sigma(-1.2+0.4))
	wantGen(t, p, "my-model", "gpt4_1106_preview")
	// Items 2, 3 and 5 keep the stored order with P(A) = 2 − preference.
	for _, id := range []string{"2", "3", "5"} {
		p := pairOf(t, lg, judge, pre+id)
		wantArr(t, p, 0.5)
		wantGen(t, p, "gpt4_1106_preview", "my-model")
		if p.Source != model.SourceProb || len(p.Extra) != 0 {
			t.Errorf("item %s: %+v", id, p)
		}
	}
	// In every item, preference − 1 is the preference for output_2's
	// generator: the mean is AlpacaEval's win rate.
	prefs := []float64{1.091122961, 1.9502634884, 1.5, 1.5, 1.3100255189, 1.5} // as in the fixture
	for i, want := range prefs {
		p := pairOf(t, lg, judge, pre+itoa(i))
		if got := prefFor(p, model.X0, "my-model"); math.Abs(got-(want-1)) > 1e-9 {
			t.Errorf("item %d: preference for my-model %.12f, want preference − 1 = %.12f", i, got, want-1)
		}
	}
	wantNotes(t, lg, 1, "judge weighted_alpaca_eval_gpt4_turbo: AlpacaEval showed each pair in one order",
		"for 3 of 6 items (1 with output_1 first, 2 with output_2 first)",
		"1 item without the log-probabilities of m and M keep the stored order",
		"1 item with P(m) = P(M), which either order explains",
		"1 item whose preference matches neither order")
	roundTrip(t, lg)
}

// TestAlpacaShownOrder: preference − 1 is matched with q or 1 − q within
// alpacaOrderTolerance (the files round it to 10 decimals), a preference
// between them is a mismatch, and P(m) = P(M) fits either order.
func TestAlpacaShownOrder(t *testing.T) {
	lm, lM := -0.1, -2.4
	q := 1 / (1 + math.Exp(lm-lM))
	for _, c := range []struct {
		pref2 float64
		want  alpacaOrder
	}{
		{q, orderFirst1}, {1 - q, orderFirst2}, {q + 4e-7, orderFirst1}, {0.5, orderMismatch},
	} {
		if got := alpacaShownOrder(c.pref2, lm, lM); got != c.want {
			t.Errorf("alpacaShownOrder(%v) = %v, want %v", c.pref2, got, c.want)
		}
	}
	if got := alpacaShownOrder(0.5, -0.7, -0.7); got != orderAmbiguous {
		t.Errorf("P(m) = P(M): %v, want ambiguous", got)
	}
	if got := alpacaShownOrder(1, math.Inf(-1), -0.01); got != orderFirst1 {
		t.Errorf("m missing, preference 2: %v, want output_1 first (M, output_2, won with certainty)", got)
	}
}

// TestAlpacaEvalTextLengths: with SkipText and TextLengths the lengths of
// the outputs follow them when an item is recorded output_2 first.
func TestAlpacaEvalTextLengths(t *testing.T) {
	lg, err := Load([]string{"testdata/alpacaeval-orders/annotations.json"}, "", model.ReadOptions{SkipText: true, TextLengths: true}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := pairOf(t, lg, "weighted_alpaca_eval_gpt4_turbo", "gpt4_1106_preview vs my-model/1")
	if n1, ok1 := p.Length(1); !ok1 || n1 != len("My model's answer, which is longer.") || p.Response1 != "" {
		t.Errorf("length 1 = %d, %v", n1, ok1)
	}
	if n2, ok2 := p.Length(2); !ok2 || n2 != len("Baseline.") {
		t.Errorf("length 2 = %d, %v", n2, ok2)
	}
	q := pairOf(t, lg, "weighted_alpaca_eval_gpt4_turbo", "gpt4_1106_preview vs my-model/4")
	if n, _ := q.Length(2); n != 12 { // "Café answer." in code points
		t.Errorf("length of a non-ASCII text %d, want 12 code points", n)
	}
}

// TestGenTextLengthsImporters: under GenTextLengths alone the importers
// keep the lengths of skipped texts where the source names the generators
// (AlpacaEval, FastChat) and not where it does not (LLMBar, PandaLM: Gen
// stays nil, as without it).
func TestGenTextLengthsImporters(t *testing.T) {
	opt := model.ReadOptions{SkipText: true, GenTextLengths: true}
	lg, err := Load([]string{"testdata/alpacaeval-orders/annotations.json"}, "", opt, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := pairOf(t, lg, "weighted_alpaca_eval_gpt4_turbo", "gpt4_1106_preview vs my-model/1")
	if n, ok := p.Length(1); !ok || n != len("My model's answer, which is longer.") {
		t.Errorf("AlpacaEval: length 1 = %d, %v", n, ok)
	}
	fc, err := Load([]string{"testdata/fastchat-texts/gpt-4_pair.jsonl"}, "", opt, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n, ok := pairOf(t, fc, "gpt-4", "81/phi-3 vs phi-3-dpo/turn 1").Length(1); !ok || n != 45 {
		t.Errorf("FastChat: length 1 = %d, %v", n, ok)
	}
	for _, dir := range []string{"testdata/llmbar", "testdata/pandalm"} {
		lg, err := Load([]string{dir}, "", opt, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range lg.Pairs {
			if p.Gen != nil {
				t.Errorf("%s: %s %s names no generator but has %+v", dir, p.Judge, p.ID, p.Gen)
			}
		}
	}
}

// TestFastChatTexts reads the question and the answers out of FastChat's
// judge prompts: single-turn (with a reference answer for math),
// multi-turn (turn 2's answers), and none when an answer quotes a marker.
func TestFastChatTexts(t *testing.T) {
	lg := load(t, "testdata/fastchat-texts/gpt-4_pair.jsonl")
	p := pairOf(t, lg, "gpt-4", "81/phi-3 vs phi-3-dpo/turn 1")
	wantGen(t, p, "phi-3", "phi-3-dpo")
	if p.Prompt != "Write a travel blog post about Hawaii." || p.Response1 != "Aloha! Hawai‘i is lovely.\n\nVisit the volcano." || p.Response2 != "Hawaii." {
		t.Errorf("single turn: %q | %q | %q", p.Prompt, p.Response1, p.Response2)
	}
	if n, _ := p.Length(1); n != 45 {
		t.Errorf("length 1 = %d code points, want 45", n)
	}
	m := pairOf(t, lg, "gpt-4", "111/phi-3 vs phi-3-dpo/turn 1")
	if m.Prompt != "What is 2 + 2?" || m.Response1 != "4" || m.Response2 != "Four, since 2 + 2 = 4." {
		t.Errorf("math: %q | %q | %q", m.Prompt, m.Response1, m.Response2)
	}
	mt := pairOf(t, lg, "gpt-4", "81/phi-3 vs phi-3-dpo/turn 2")
	if mt.Prompt != "Now make it shorter." || mt.Response1 != "Short post." || mt.Response2 != "Shorter." {
		t.Errorf("multi-turn: %q | %q | %q", mt.Prompt, mt.Response1, mt.Response2)
	}
	q := pairOf(t, lg, "gpt-4", "90/phi-3 vs phi-3-dpo/turn 1")
	if q.Prompt != "" || q.Response1 != "" || q.Response2 != "" {
		t.Errorf("an answer quoting a marker must leave the texts empty: %+v", q)
	}
	wantGen(t, q, "phi-3", "phi-3-dpo")
	roundTrip(t, lg)

	// Texts skipped: only the lengths are kept, with TextLengths.
	sk, err := Load([]string{"testdata/fastchat-texts/gpt-4_pair.jsonl"}, "", model.ReadOptions{SkipText: true, TextLengths: true}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := pairOf(t, sk, "gpt-4", "81/phi-3 vs phi-3-dpo/turn 1")
	if n, ok := s.Length(1); !ok || n != 45 || s.Response1 != "" || s.Model(2) != "phi-3-dpo" {
		t.Errorf("skipped texts: length %d %v, %+v", n, ok, s.Gen)
	}
	if g := pairOf(t, sk, "gpt-4", "90/phi-3 vs phi-3-dpo/turn 1").Gen; g.Len1 != nil {
		t.Errorf("no texts, no lengths: %+v", g)
	}
}

// TestGeneratorsOtherFormats: Arena-Hard names the model (and, in v2.0,
// the baseline), JudgeBench the model that wrote both responses; LLMBar
// and PandaLM name none.
func TestGeneratorsOtherFormats(t *testing.T) {
	ah := load(t, "testdata/arena-hard/model_judgment/gpt-4-1106-preview/model-x.jsonl")
	wantGen(t, pairOf(t, ah, "gpt-4-1106-preview", "328c149ed45a41c0b9d6f14659e63599/model-x"), "", "model-x")
	wantGen(t, pairOf(t, ah, "gpt-4-1106-preview", "c8/model-x"), "o3-mini", "model-x")
	jb := load(t, "testdata/judgebench")
	wantGen(t, pairOf(t, jb, "reward_model/Tiny/RM", "e302b0a0"), "gpt-4o-2024-05-13", "gpt-4o-2024-05-13")
	for _, dir := range []string{"testdata/llmbar", "testdata/pandalm"} {
		for _, p := range load(t, dir).Pairs {
			if p.Gen != nil {
				t.Errorf("%s: %s %s has generators %+v", dir, p.Judge, p.ID, p.Gen)
			}
		}
	}
}

// TestAlpacaEvalReal imports the real AlpacaEval 2.0 annotations of
// alpaca-7b and its concise and verbose variants (tatsu-lab/alpaca_eval @
// cd543a1): the shown order is recovered for every item with
// log-probabilities (the data README's counts for alpaca-7b: 399 output_1
// first, 403 output_2 first, 3 without), and the raw win rate — the mean
// preference for the model, each item in its one recorded arrangement —
// equals AlpacaEval's published win_rate (the leaderboard
// weighted_alpaca_eval_gpt4_turbo_leaderboard.csv: 2.591450540223603,
// 1.9911763835447769, 2.9331016025062344).
func TestAlpacaEvalReal(t *testing.T) {
	dir := realdata.Dir(t, "alpacaeval")
	for _, c := range []struct {
		model            string
		first1, first2   int
		without, total   int
		publishedWinRate float64
	}{
		{"alpaca-7b", 399, 403, 3, 805, 2.591450540223603},
		{"alpaca-7b_concise", 398, 404, 2, 804, 1.9911763835447769},
		{"alpaca-7b_verbose", 398, 402, 2, 802, 2.9331016025062344},
	} {
		lg := load(t, filepath.Join(dir, c.model+".annotations.json"))
		if len(lg.Pairs) != c.total {
			t.Fatalf("%s: %d pairs, want %d", c.model, len(lg.Pairs), c.total)
		}
		sum, shown2 := 0.0, 0
		for i := range lg.Pairs {
			p := &lg.Pairs[i]
			sum += prefFor(p, model.X0, c.model)
			if p.Model(1) == c.model {
				shown2++
			}
		}
		if got := 100 * sum / float64(len(lg.Pairs)); math.Abs(got-c.publishedWinRate) > 1e-7 {
			t.Errorf("%s: raw win rate %.12f, published %.12f", c.model, got, c.publishedWinRate)
		}
		if shown2 != c.first2 {
			t.Errorf("%s: %d items with output_2 (the model) first, want %d", c.model, shown2, c.first2)
		}
		want := "for " + itoa(c.first1+c.first2) + " of " + itoa(c.total) + " items (" + itoa(c.first1) + " with output_1 first, " +
			itoa(c.first2) + " with output_2 first)"
		if !slices.ContainsFunc(lg.Notes, func(n string) bool { return strings.Contains(n, want) }) ||
			!slices.ContainsFunc(lg.Notes, func(n string) bool { return strings.Contains(n, itoa(c.without)+" items without") }) {
			t.Errorf("%s: notes %q lack %q or the %d items without log-probabilities", c.model, lg.Notes, want, c.without)
		}
		roundTrip(t, lg)
	}
}

// TestFastChatRealTexts: every one of the 74 real MT-Bench judgments (all
// single-turn) gets its texts from game 1's prompt, and game 2's prompt,
// which quotes the answers the other way round, agrees with them.
func TestFastChatRealTexts(t *testing.T) {
	dir := realdata.Dir(t, "fastchat-mtbench")
	lg := load(t, dir)
	for i := range lg.Pairs {
		p := &lg.Pairs[i]
		wantGen(t, p, "phi-3", "phi-3-dpo")
		if p.Prompt == "" || p.Response1 == "" || p.Response2 == "" {
			t.Errorf("%s: texts not found", p.ID)
		}
	}
	// Game 2 against game 1, from the raw file.
	checked := 0
	eachJSONLine(t, filepath.Join(dir, "gpt-4_pair.jsonl"), func(row map[string]any) {
		q1, a1, b1, ok1 := fastChatTexts(row["g1_user_prompt"].(string), 1)
		q2, a2, b2, ok2 := fastChatTexts(row["g2_user_prompt"].(string), 1)
		if !ok1 || !ok2 || q1 != q2 || a1 != b2 || b1 != a2 {
			t.Errorf("question %v: game 1 and game 2 quote different texts", row["question_id"])
		}
		checked++
	})
	if checked != 75 {
		t.Errorf("checked %d rows, want 75", checked)
	}
}

// eachJSONLine calls fn with every JSON object line of a JSON Lines file.
func eachJSONLine(t *testing.T, path string, fn func(map[string]any)) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var row map[string]any
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatal(err)
		}
		fn(row)
	}
}
