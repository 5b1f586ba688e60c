package collect

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFixtures parses the response bodies in testdata/responses (shapes
// from the servers' documentation; see its README) and reads P(A). The
// expected values are worked out by hand from the fixtures' numbers, whose
// logprobs are logs of round probabilities.
func TestFixtures(t *testing.T) {
	ab := IDs{"A", "B"}
	cases := []struct {
		file        string
		completions bool
		marker, tie string
		hasLP       bool
		p           float64 // P(A)
		verdict     int
	}{
		{"openai_chat.json", false, "", "", true, 0.8, 1},                            // A 0.8, B 0.2; "**" and −9999 "The" are not options
		{"vllm_chat.json", false, "", "", true, 0.3 / (0.3 + 0.7 + 0.03 + 0.002), 2}, // B, " B", "b" summed
		{"vllm_completions.json", true, "", "", true, 0.65 / 0.95, 1},                // " A" 0.6 + "A" 0.05 vs " B" 0.3
		{"ollama_chat.json", false, "", "", true, 0.9, 1},                            // "(" is passed over
		{"llamacpp_chat.json", false, "", "", true, 0.6, 1},                          // "**" passed over; A 0.5 + " A" 0.1 vs B 0.4
		{"mtbench_chat.json", false, "[[", "C", true, 0.1 / 0.9, 2},                  // the token after "[[", not the " A" of the explanation
		{"nologprobs_chat.json", false, "", "", false, 0, 2},                         // text "B." only
	}
	for _, c := range cases {
		body, err := os.ReadFile(filepath.Join("testdata", "responses", c.file))
		if err != nil {
			t.Fatal(err)
		}
		parse := ParseChat
		if c.completions {
			parse = ParseCompletion
		}
		a, err := parse(body)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if a.PromptTokens == 0 || a.CompletionTokens == 0 {
			t.Errorf("%s: usage %d/%d not read", c.file, a.PromptTokens, a.CompletionTokens)
		}
		r := Reader{IDs: ab, Marker: c.marker, Tie: c.tie}
		o := r.Read(&a)
		if o.HasLP != c.hasLP || o.Verdict != c.verdict {
			t.Errorf("%s: hasLP %v verdict %d, want %v %d", c.file, o.HasLP, o.Verdict, c.hasLP, c.verdict)
			continue
		}
		if c.hasLP {
			if got := o.P(); math.Abs(got-c.p) > 1e-6 {
				t.Errorf("%s: P(A) = %.9f, want %.9f", c.file, got, c.p)
			}
		}
	}
}

func TestReaderVariants(t *testing.T) {
	tok := func(text string, alts ...Alt) Token { return Token{Text: text, Top: alts} }
	r := Reader{IDs: IDs{"A", "B"}}
	for _, v := range []string{"A", " A", "(A", "**A", "[A", "A)", "A.", " a", "ĠA", "▁A", "\"A\""} {
		if r.match(v) != 1 {
			t.Errorf("%q is not read as A", v)
		}
	}
	for _, v := range []string{"Assistant", "AB", "", " ", "An", "The"} {
		if r.match(v) != 0 {
			t.Errorf("%q is read as an option", v)
		}
	}
	cs := Reader{IDs: IDs{"A", "B"}, CaseSensitive: true}
	if cs.match("a") != 0 {
		t.Error("case-sensitive reader matched a")
	}
	// Only B in the top list: P(A) = 0 (a missing token counts as probability 0).
	a := Answer{Text: "B", Tokens: []Token{tok("B", Alt{"B", -0.01}, Alt{"Both", -5})}}
	o := r.Read(&a)
	if !o.HasLP || o.P() != 0 || !math.IsInf(o.LP[0], -1) {
		t.Errorf("B only: %+v", o)
	}
	// Neither ID in the top list: fall back to the text.
	a = Answer{Text: "A", Tokens: []Token{tok("A", Alt{"The", -0.1})}}
	if o := r.Read(&a); o.HasLP || o.Verdict != 1 {
		t.Errorf("neither: %+v", o)
	}
	// A token straddling the marker ("[[A") holds the answer.
	m := Reader{IDs: IDs{"A", "B"}, Marker: "[["}
	a = Answer{Text: "so [[A]]", Tokens: []Token{tok("so"), tok(" [[A", Alt{" [[A", -0.1}, Alt{" [[B", -2.4}), tok("]]")}}
	if o := m.Read(&a); !o.HasLP || math.Abs(o.P()-1/(1+math.Exp(-2.3))) > 1e-12 || o.Verdict != 1 {
		t.Errorf("straddling marker: %+v", o)
	}
	// Numeric IDs.
	n := Reader{IDs: IDs{"1", "2"}}
	a = Answer{Text: "2", Tokens: []Token{tok("2", Alt{"2", math.Log(0.75)}, Alt{"1", math.Log(0.25)})}}
	if o := n.Read(&a); math.Abs(o.P()-0.25) > 1e-12 || o.Verdict != 2 {
		t.Errorf("numeric IDs: %+v", o)
	}
}

// FuzzParseChat feeds arbitrary bodies to the response parsers and the
// reader: they must never panic, and an outcome's P(A) is in [0, 1].
func FuzzParseChat(f *testing.F) {
	for _, dir := range []string{"responses", "llamacpp"} { // llamacpp: real llama.cpp answers, both shapes
		ents, _ := os.ReadDir(filepath.Join("testdata", dir))
		for _, e := range ents {
			if b, err := os.ReadFile(filepath.Join("testdata", dir, e.Name())); err == nil && strings.HasSuffix(e.Name(), ".json") {
				f.Add(b)
			}
		}
	}
	f.Add([]byte(`{"choices":[{"message":{"content":null},"logprobs":{"content":[{"token":"A","top_logprobs":null}]}}]}`))
	f.Add([]byte(`{"choices":[{"text":"A","logprobs":{"tokens":["A"],"top_logprobs":[null]}}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, parse := range []func([]byte) (Answer, error){ParseChat, ParseCompletion} {
			a, err := parse(body)
			if err != nil {
				continue
			}
			for _, r := range []Reader{{IDs: IDs{"A", "B"}}, {IDs: IDs{"A", "B"}, Marker: "[[", Tie: "C"}} {
				o := r.Read(&a)
				if o.HasLP != (o.Miss == LPHit) {
					t.Fatalf("HasLP %v with Miss %d", o.HasLP, o.Miss)
				}
				if o.HasLP {
					if p := o.P(); !(p >= 0 && p <= 1) {
						t.Fatalf("P(A) = %v", p)
					}
				}
			}
		}
	})
}

// TestVariantSumCapped (issue 17 item 2): "A" at 0.0 and " A" at −17.5
// sum (log-sum-exp) to +2.5e-8 in floating point, which the log writer
// rejects as no log-probability: the run stopped for good at that item.
// Sums are capped at 0.
func TestVariantSumCapped(t *testing.T) {
	if s := logAddExp(0, -17.5); s <= 0 {
		t.Fatalf("logAddExp(0, -17.5) = %v: the case no longer reproduces", s)
	}
	r := Reader{IDs: IDs{"A", "B"}}
	a := Answer{Text: "A", Tokens: []Token{{Text: "A", Top: []Alt{{"A", 0.0}, {" A", -17.5}, {"B", -20}}}}}
	o := r.Read(&a)
	if !o.HasLP || o.LP[0] != 0 || o.LP[1] != -20 || o.Positive {
		t.Fatalf("LP = %v (positive %v), want [0 -20], not positive", o.LP, o.Positive)
	}
	if p := o.P(); !(p > 0.999999) || p > 1 {
		t.Errorf("P(A) = %v", p)
	}
}

// TestPositiveLogprobNeverInverts (issue 17 item 3): a positive
// log-probability from a buggy server was skipped, so {A: +5, B: −3}
// became P(A) = 0 — the answer inverted, nothing counted. It is read as 0
// (probability 1) and marked.
func TestPositiveLogprobNeverInverts(t *testing.T) {
	r := Reader{IDs: IDs{"A", "B"}}
	for _, c := range []struct {
		top      []Alt
		p        float64
		positive bool
	}{
		{[]Alt{{"A", 5}, {"B", -3}}, 1 / (1 + math.Exp(-3)), true},
		{[]Alt{{"B", -3}, {" A", 1e-7}}, 1 / (1 + math.Exp(-3)), true}, // rounding of a near-certain token
		{[]Alt{{"A", 5}, {"B", 3}}, 0.5, true},                         // both impossible: a tie, not an inversion
		{[]Alt{{"A", -3}, {"B", 2}}, 1 / (1 + math.Exp(3)), true},      // B positive: B stays the answer
		{[]Alt{{"A", -0.1}, {"B", -3}}, 1 / (1 + math.Exp(-2.9)), false},
	} {
		a := Answer{Text: "A", Tokens: []Token{{Text: "A", Top: c.top}}}
		o := r.Read(&a)
		if p := o.P(); math.Abs(p-c.p) > 1e-12 || o.Positive != c.positive || o.LP[0] > 0 || o.LP[1] > 0 {
			t.Errorf("%v: P(A) = %v, positive %v, LP %v; want %v, %v", c.top, p, o.Positive, o.LP, c.p, c.positive)
		}
	}
	// The score task reads a positive log-probability the same way.
	a := Answer{Text: "4", Tokens: []Token{{Text: "4", Top: []Alt{{"4", 2}, {"3", math.Log(0.25)}}}}}
	probs, fromLP, positive, ok := readScore(&a, 1, 5, false)
	if !ok || !fromLP || !positive || math.Abs(probs["4"]-0.8) > 1e-12 || math.Abs(probs["3"]-0.2) > 1e-12 {
		t.Errorf("score: %v, from log-probabilities %v, positive %v", probs, fromLP, positive)
	}
}
