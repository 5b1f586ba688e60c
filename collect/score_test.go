package collect

import (
	"context"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// TestScoresOverHTTP rates the simulator's score items over HTTP on every
// criterion, with LS from echoed prompt log-probabilities: every collected
// score_probs and LS must equal the simulator's, and a re-run skips all.
func TestScoresOverHTTP(t *testing.T) {
	c := simConfig(t, 0)
	c.Scores = 60
	srv, ts := startSim(t, c, nil)
	lc := c
	lc.Judges = lc.Judges[:1]
	lg, err := sim.Collect(lc)
	if err != nil {
		t.Fatal(err)
	}
	var items []ScoreItem
	for _, s := range lg.Scores {
		items = append(items, ScoreItem{ID: s.ID, Criterion: s.Criterion, Input: s.Input, Output: s.Output, HumanScore: s.HumanScore})
	}
	tp, err := LoadScoreTemplate("")
	if err != nil {
		t.Fatal(err)
	}
	mk := func(completions bool) *Client {
		return NewClient(ClientConfig{BaseURL: ts.URL + "/v1", Model: "judge-tokenA", TopLogprobs: 20, MaxTokens: tp.MaxTokens,
			Completions: completions, Timeout: 5 * time.Second, Retries: 2, BackoffBase: time.Millisecond, BackoffMax: 5 * time.Millisecond})
	}
	cfg := &ScoreConfig{Items: items, Judge: "judge-tokenA", Template: tp, Client: mk(false), LS: mk(true),
		Min: 1, Max: 5, Jobs: 4, Output: t.TempDir() + "/scores.jsonl", TaskDescription: "Rate it."}
	var st Stats
	if _, err := RunScores(context.Background(), cfg, &st); err != nil {
		t.Fatal(err)
	}
	if st.Written != 60 || st.Failed != 0 || st.WithLP != int64(len(items)) || st.Done != int64(len(items))+60 {
		t.Fatalf("written %d, failed %d (%v), with logprobs %d, done %d", st.Written, st.Failed, st.Reasons(), st.WithLP, st.Done)
	}
	got := readLog(t, cfg.Output)
	if len(got.Scores) != len(items) {
		t.Fatalf("%d score records, want %d", len(got.Scores), len(items))
	}
	for i := range got.Scores {
		s := &got.Scores[i]
		n, _ := strconv.Atoi(strings.TrimLeft(s.ID[1:], "0"))
		want := srv.ScoreProbs("judge-tokenA", n, s.Criterion)
		for k, w := range want {
			if math.Abs(s.ScoreProbs[k]-w) > 1e-12 {
				t.Fatalf("%s %s: score_probs %v, simulator's %v", s.ID, s.Criterion, s.ScoreProbs, want)
			}
		}
		if s.LS == nil || math.Abs(*s.LS-srv.LS(n)) > 1e-9*math.Abs(srv.LS(n)) || s.Tokens == nil || *s.Tokens < 1 {
			t.Fatalf("%s: LS %v, simulator's %v", s.ID, s.LS, srv.LS(n))
		}
	}
	var st2 Stats
	if _, err := RunScores(context.Background(), cfg, &st2); err != nil || st2.Skipped != int64(len(items)) || st2.Requests != 0 {
		t.Errorf("re-run: skipped %d, requests %d, %v", st2.Skipped, st2.Requests, err)
	}
}

func TestReadScore(t *testing.T) {
	a := Answer{Text: "4", Tokens: []Token{{Text: "4", Top: []Alt{{"4", math.Log(0.5)}, {" 4", math.Log(0.1)}, {"3", math.Log(0.3)}, {"10", math.Log(0.05)}, {"x", -1}}}}}
	p, lp, _, ok := readScore(&a, 1, 5, false)
	if !ok || !lp || math.Abs(p["4"]-0.6/0.9) > 1e-12 || math.Abs(p["3"]-0.3/0.9) > 1e-12 || p["5"] != 0 {
		t.Errorf("%v %v %v", p, lp, ok)
	}
	a = Answer{Text: "**2** because"}
	if p, lp, _, ok := readScore(&a, 1, 5, false); !ok || lp || p["2"] != 1 {
		t.Errorf("text fallback: %v %v %v", p, lp, ok)
	}
	a = Answer{Text: "seven"}
	if _, _, _, ok := readScore(&a, 1, 5, false); ok {
		t.Error("no rating read as one")
	}
	if _, _, err := ParseScale("5-1"); err == nil {
		t.Error("5-1 accepted")
	}
	if lo, hi, err := ParseScale("0-4"); err != nil || lo != 0 || hi != 4 {
		t.Error("0-4")
	}
	_ = model.KindScore
}
