package collect

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// logit returns log(s/(1−s)) for a record's arrangement a, from its
// log-probabilities.
func logitOf(p *model.Pair, a model.Arrangement) float64 {
	return p.Logprobs[a][0] - p.Logprobs[a][1]
}

// TestAcceptanceRecoversBiases runs collect over HTTP against the simulated
// judge server: 500 items × 4 arrangements per judge. The logit contrasts
// of docs/methods.md §1 on the collected log, β̂ = mean (l0 − l1 + l2 − l3)/4 and
// τ̂ = mean (l0 + l1 + l2 + l3)/4, must recover the simulator's position
// bias β and token bias τ (the simulator's logits are ±u + β f_j + τ +
// noise, so the contrasts are β and τ plus the mean of the noise, sd
// noise/2/√500 ≈ 0.01). Every collected logit must also equal the
// simulator's own, which shows each prompt was arranged as docs/methods.md §1 says.
func TestAcceptanceRecoversBiases(t *testing.T) {
	t.Parallel() // mostly waiting (timeouts, a child process): beside the llama.cpp tests
	const n = 500
	c := simConfig(t, n)
	srv, ts := startSim(t, c, nil)
	items := simItems(t, c)
	for _, tmpl := range []string{"calibraeval", "mt-bench"} {
		for _, jc := range []struct {
			name      string
			beta, tau float64
		}{{"judge-first", 1.5, 0}, {"judge-tokenA", 0.6, 1.2}} {
			if tmpl == "mt-bench" && jc.name == "judge-first" {
				continue // one judge suffices for the second template
			}
			cfg := testConfig(t, ts.URL, jc.name, tmpl, items)
			st, _ := run(t, cfg)
			if st.Written != n || st.WithLP != 4*n || st.Failed != 0 {
				t.Fatalf("%s/%s: written %d, with logprobs %d, failed %d (%v)", tmpl, jc.name, st.Written, st.WithLP, st.Failed, st.Reasons())
			}
			lg := readLog(t, cfg.Output)
			if len(lg.Pairs) != n {
				t.Fatalf("%d records", len(lg.Pairs))
			}
			var beta, tau float64
			exact, skipped := 0, 0
			for i := range lg.Pairs {
				p := &lg.Pairs[i]
				if p.Source != model.SourceLogprob || p.NumArrangementsPresent() != 4 {
					t.Fatalf("record %s: source %v, %d arrangements", p.ID, p.Source, p.NumArrangementsPresent())
				}
				l := [4]float64{logitOf(p, 0), logitOf(p, 1), logitOf(p, 2), logitOf(p, 3)}
				beta += (l[0] - l[1] + l[2] - l[3]) / 4
				tau += (l[0] + l[1] + l[2] + l[3]) / 4
				num, _ := strconv.Atoi(strings.TrimLeft(p.ID[1:], "0"))
				if p.Response1 == p.Response2 {
					skipped++ // identical texts: the arrangements cannot differ
					continue
				}
				for a := range model.NumArrangements {
					want, _ := srv.Logit(jc.name, num, model.Arrangement(a))
					if math.Abs(l[a]-want) > 1e-9*math.Max(1, math.Abs(want)) {
						t.Fatalf("%s %s %s: collected logit %v, simulator's %v", jc.name, p.ID, model.Arrangement(a), l[a], want)
					}
				}
				exact++
			}
			beta /= n
			tau /= n
			// plumb's own analysis of the collected log equals its analysis of
			// the simulator's log of the same judge (same items, same numbers).
			simLog, err := sim.Collect(c)
			if err != nil {
				t.Fatal(err)
			}
			var simPairs []model.Pair
			for _, p := range simLog.Pairs {
				if p.Judge == jc.name {
					simPairs = append(simPairs, p)
				}
			}
			got, want := metrics.Compute(calib.RawPrefs(lg.Pairs)), metrics.Compute(calib.RawPrefs(simPairs))
			if math.Abs(got.FirstPositionRate.Value-want.FirstPositionRate.Value) > 1e-12 ||
				math.Abs(got.Consistency.Value-want.Consistency.Value) > 1e-12 || got.N != want.N {
				t.Errorf("%s: calib on the collected log: first-position rate %v, consistency %v; on the simulated log %v, %v",
					jc.name, got.FirstPositionRate, got.Consistency, want.FirstPositionRate, want.Consistency)
			}
			t.Logf("%s: calib first-position rate %.3f, consistency %.3f (n = %d), as on the simulated log",
				jc.name, got.FirstPositionRate.Value, got.Consistency.Value, got.N)
			t.Logf("%s/%s: β̂ = %.4f (β = %v), τ̂ = %.4f (τ = %v); %d items equal the simulator's logits, %d identical pairs",
				tmpl, jc.name, beta, jc.beta, tau, jc.tau, exact, skipped)
			if math.Abs(beta-jc.beta) > 0.05 || math.Abs(tau-jc.tau) > 0.05 {
				t.Errorf("%s/%s: β̂ = %v (want %v ± 0.05), τ̂ = %v (want %v ± 0.05)", tmpl, jc.name, beta, jc.beta, tau, jc.tau)
			}
		}
	}
}

// TestCompletionsAndChoiceJudge runs the legacy completions endpoint and a
// judge that answers without log-probabilities (text verdicts only, counted).
func TestCompletionsAndChoiceJudge(t *testing.T) {
	const n = 60
	c := simConfig(t, n)
	srv, ts := startSim(t, c, nil)
	items := simItems(t, c)
	cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", items)
	cfg.Client = NewClient(ClientConfig{BaseURL: ts.URL + "/v1", Model: "judge-first", Completions: true, TopLogprobs: 20, MaxTokens: 4, Retries: 1})
	st, _ := run(t, cfg)
	if st.Written != n || st.ItemsLP != n || st.WithLP != 4*n {
		t.Fatalf("completions: written %d, all-logprob items %d, answers with logprobs %d", st.Written, st.ItemsLP, st.WithLP)
	}
	lg := readLog(t, cfg.Output)
	for i := range lg.Pairs {
		p := &lg.Pairs[i]
		num, _ := strconv.Atoi(strings.TrimLeft(p.ID[1:], "0"))
		for a := range model.NumArrangements {
			want, _ := srv.Logit("judge-first", num, model.Arrangement(a))
			if d := logitOf(p, model.Arrangement(a)) - want; math.Abs(d) > 1e-9 {
				t.Fatalf("completions %s %d: logit off by %v", p.ID, a, d)
			}
		}
	}
	cfg = testConfig(t, ts.URL, "judge-choice", "calibraeval", items)
	st, prior := run(t, cfg)
	if st.Written != n || st.ItemsText != n || st.HardOnly != 4*n || st.WithLP != 0 {
		t.Fatalf("choice judge: written %d, text-only items %d, hard answers %d", st.Written, st.ItemsText, st.HardOnly)
	}
	if s := Summary(st, prior, 0); !strings.Contains(s, "60 with text verdicts only") || !strings.Contains(s, "240 from the text's verdict only") {
		t.Errorf("summary:\n%s", s)
	}
	for _, p := range readLog(t, cfg.Output).Pairs {
		if p.Source != model.SourceChoice {
			t.Fatalf("%s: source %v", p.ID, p.Source)
		}
	}
}
