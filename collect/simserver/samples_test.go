package simserver

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/collect"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// evidenceScores asks s for n samples of the FairEval prompt of (a shown
// first, b second) and returns the scores FairEval's rule reads (others
// are left out).
func evidenceScores(t *testing.T, s *Server, tp *collect.Template, a, b string, n int) [][2]float64 {
	t.Helper()
	pr := collect.Prompt{Question: "Q?", First: a, Second: b, Arrangement: "x0"}
	sys, user, err := tp.Render(&pr)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]any{"model": "judge-first", "n": n, "temperature": 1, "seed": 5, "max_tokens": 512,
		"messages": []map[string]string{{"role": "system", "content": sys}, {"role": "user", "content": user}}})
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/v1/chat/completions", strings.NewReader(string(body))))
	ans, err := collect.ParseChat(rec.Body.Bytes())
	if err != nil || len(ans.Choices) != n {
		t.Fatalf("answer %v with %d choices, want %d: %s", err, len(ans.Choices), n, rec.Body.String())
	}
	var out [][2]float64
	for _, text := range ans.Choices {
		if sc, ok := collect.FairEvalScores(text); ok {
			out = append(out, sc)
		}
	}
	return out
}

// TestEvidenceJudgeRecoversTruth: the evidence judge answers n choices,
// and its known position effect and noise come back out of its scores.
// Shown in both orders, an item's mean first-minus-second score is
// quality gap + β in one order and −gap + β in the other, so their
// average over items estimates β (judge-first: 1.5 points); the spread of
// one answer's score around its mean is the noise, sd 1 point (plus the
// rounding's variance 1/12), a little less where 1 or 10 clips it.
func TestEvidenceJudgeRecoversTruth(t *testing.T) {
	s, err := New(sim.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	tp, err := collect.LoadTemplate("faireval")
	if err != nil || !tp.Scores || tp.MaxTokens != 512 {
		t.Fatalf("faireval template: %v (scores %v, max tokens %d)", err, tp != nil && tp.Scores, tp.MaxTokens)
	}
	var beta, sq float64
	var items, m int
	for i := range 120 {
		a, b := fmt.Sprintf("answer %d one", i), fmt.Sprintf("answer %d two", i)
		x0 := evidenceScores(t, s, tp, a, b, 30)
		x2 := evidenceScores(t, s, tp, b, a, 30)
		d0, d2 := meanDiff(x0), meanDiff(x2)
		beta += (d0 + d2) / 2
		items++
		for _, list := range [][][2]float64{x0, x2} {
			var mean float64
			for _, sc := range list {
				mean += sc[1]
			}
			mean /= float64(len(list))
			for _, sc := range list {
				sq += (sc[1] - mean) * (sc[1] - mean)
				m++
			}
		}
	}
	beta /= float64(items)
	if math.Abs(beta-1.5) > 0.15 {
		t.Errorf("position effect %.3f points, want 1.5", beta)
	}
	if sd := math.Sqrt(sq / float64(m)); sd < 0.85 || sd > 1.15 {
		t.Errorf("noise sd %.3f points, want about √(1 + 1/12) = 1.04", sd)
	}
}

// meanDiff is the mean of first − second score.
func meanDiff(list [][2]float64) float64 {
	var d float64
	for _, s := range list {
		d += s[0] - s[1]
	}
	return d / float64(len(list))
}

// TestSampledVerdicts: a sampling request for an ID template's prompt
// gets n verdicts, the favoured ID in a share near the judge's P(A).
func TestSampledVerdicts(t *testing.T) {
	c := sim.DefaultConfig()
	c.Pairs = 1
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	lg, err := sim.Collect(c)
	if err != nil {
		t.Fatal(err)
	}
	tp, _ := collect.LoadTemplate("calibraeval")
	it := collect.Item{ID: lg.Pairs[0].ID, Prompt: lg.Pairs[0].Prompt, Response1: lg.Pairs[0].Response1, Response2: lg.Pairs[0].Response2}
	pr := collect.Arrange(&it, model.X0, collect.IDs{"A", "B"})
	sys, user, _ := tp.Render(&pr)
	body, _ := json.Marshal(map[string]any{"model": "judge-first", "n": 2000, "temperature": 1,
		"messages": []map[string]string{{"role": "system", "content": sys}, {"role": "user", "content": user}}})
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/v1/chat/completions", strings.NewReader(string(body))))
	ans, err := collect.ParseChat(rec.Body.Bytes())
	if err != nil || len(ans.Choices) != 2000 {
		t.Fatalf("%v, %d choices", err, len(ans.Choices))
	}
	a := 0
	for _, c := range ans.Choices {
		if c == "A" {
			a++
		}
	}
	l, _ := s.Logit("judge-first", 1, model.X0)
	p := 1 / (1 + math.Exp(-l))
	if share := float64(a) / 2000; math.Abs(share-p) > 4*math.Sqrt(p*(1-p)/2000)+1e-9 {
		t.Errorf("share of A %.4f, P(A) %.4f", share, p)
	}
}
