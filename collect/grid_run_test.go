package collect

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/plumb-eval/plumb/collect/simserver"
	"github.com/plumb-eval/plumb/internal/mathx"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// teach gives the practice server collect's built-in pair templates, as
// plumb simulate --serve does.
func teach(t testing.TB, s *simserver.Server) {
	t.Helper()
	for _, name := range IDTemplates() {
		tp, err := LoadTemplate(name)
		if err != nil {
			t.Fatal(err)
		}
		err = s.AddTemplate(name, func(f simserver.Fields) (string, string, error) {
			return tp.Render(&Prompt{Question: f.Question, First: f.First, Second: f.Second, FirstID: f.FirstID, SecondID: f.SecondID,
				ID1: f.ID1, ID2: f.ID2, Arrangement: f.Arrangement})
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// gridRun runs every condition of the grid into cfg.Output, as plumb
// collect does, and returns the stats of each.
func gridRun(t *testing.T, cfg *Config, conds []Condition) []*Stats {
	t.Helper()
	var out []*Stats
	for i := range conds {
		st, _ := run(t, cfg.ForCondition(&conds[i], true))
		out = append(out, st)
	}
	return out
}

type condKey struct {
	template, ids string
	shots         int
}

func keyOf(t *testing.T, raw json.RawMessage) condKey {
	t.Helper()
	var c conditionJSON
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatalf("condition %s: %v", raw, err)
	}
	return condKey{c.Template.Name, c.IDs, c.Shots}
}

// TestGridRecoversConditionBiases collects a grid — two templates × three
// ID sets × 0 and 2 shots, with CC and DC probes — from the practice
// server with condition biases Alice/Bob tok +0.8 and X/Y pos +0.5 (and
// mt-bench pos +0.3 with 2 shots), and checks each record against the
// server's truth: a simulated item's logit in a condition is its logit in
// the plain condition (calibraeval, A/B, 0 shots) plus exactly the
// condition's biases pos·f + tok (f = +1 when A is shown first: x0, x2),
// so the examples shown change nothing else; a CC probe's logit is the
// judge's β·f + τ (noise 0) plus the same biases. Every record carries its
// condition, and running the grid again writes nothing.
func TestGridRecoversConditionBiases(t *testing.T) {
	t.Parallel() // mostly waiting (timeouts, a child process): beside the llama.cpp tests
	const n = 40
	c := simConfig(t, n)
	c.GoldShare = 1
	quiet, err := sim.ParseJudge("judge-quiet:pos=0.7,tok=0.4,noise=0", sim.DefaultJudge(""))
	if err != nil {
		t.Fatal(err)
	}
	c.Judges = append(c.Judges[:1], quiet)
	srv, ts := startSim(t, c, nil)
	teach(t, srv)
	biases := append(simserver.DefaultBiases(), simserver.Bias{Template: "mt-bench", Shots: 2, Pos: 0.3})
	srv.SetBiases(biases)
	items := simItems(t, c)
	probes, err := ProbeItems([]model.ProbeKind{model.ProbeCC, model.ProbeDC}, items, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(t, ts.URL, "judge-quiet", "calibraeval", append(items, probes...))
	cfg.Pool, cfg.Seed = ShotPool(cfg.Items), 1
	tps, _ := LoadTemplates("calibraeval,mt-bench")
	ids, _ := ParseIDSets("A/B,Alice/Bob,X/Y")
	conds, err := Grid(tps, ids, []int{0, 2})
	if err != nil {
		t.Fatal(err)
	}
	for i, st := range gridRun(t, cfg, conds) {
		if st.Written != n+6 || st.Failed != 0 || st.WithLP != 4*(n+6) {
			t.Fatalf("condition %s: written %d, failed %d (%v), with logprobs %d", conds[i].Label(), st.Written, st.Failed, st.Reasons(), st.WithLP)
		}
	}
	lg := readLog(t, cfg.Output)
	if len(lg.Pairs) != n*len(conds) || len(lg.Probes) != 6*len(conds) {
		t.Fatalf("%d pair and %d probe records", len(lg.Pairs), len(lg.Probes))
	}
	bias := func(k condKey, a model.Arrangement) float64 {
		f := map[model.Arrangement]float64{model.X0: 1, model.X1: -1, model.X2: 1, model.X3: -1}[a]
		add := 0.0
		for _, b := range biases {
			if (b.Template == "" || b.Template == k.template) && (b.IDs == "" || b.IDs == k.ids) && (b.Shots < 0 || b.Shots == k.shots) {
				add += b.Pos*f + b.Tok
			}
		}
		return add
	}
	plain := condKey{"calibraeval", "A/B", 0}
	base := map[string][4]float64{}
	for i := range lg.Pairs {
		if p := &lg.Pairs[i]; keyOf(t, p.Condition) == plain {
			base[p.ID] = [4]float64{logitOf(p, 0), logitOf(p, 1), logitOf(p, 2), logitOf(p, 3)}
		}
	}
	seen := map[condKey]int{}
	for i := range lg.Pairs {
		p := &lg.Pairs[i]
		k := keyOf(t, p.Condition)
		seen[k]++
		for _, a := range model.Arrangements {
			if want := base[p.ID][a] + bias(k, a); math.Abs(logitOf(p, a)-want) > 1e-9 {
				t.Fatalf("%v item %s %s: logit %.12f, want %.12f", k, p.ID, a, logitOf(p, a), want)
			}
		}
	}
	for i := range lg.Probes {
		pr := &lg.Probes[i]
		k := keyOf(t, pr.Condition)
		seen[k]++
		if pr.Probe != model.ProbeCC {
			continue
		}
		for _, a := range model.Arrangements {
			f := map[model.Arrangement]float64{model.X0: 1, model.X1: -1, model.X2: 1, model.X3: -1}[a]
			if want := mathx.Sigmoid(0.7*f + 0.4 + bias(k, a)); math.Abs(pr.S[a]-want) > 1e-9 {
				t.Fatalf("%v CC probe %s: P(A) %.12f, want %.12f", k, a, pr.S[a], want)
			}
		}
	}
	if len(seen) != len(conds) {
		t.Fatalf("conditions in the log: %v", seen)
	}
	for k, m := range seen {
		if m != n+6 {
			t.Fatalf("condition %v: %d records", k, m)
		}
	}
	for i, st := range gridRun(t, cfg, conds) {
		if st.Written != 0 || st.Skipped != n+6 {
			t.Fatalf("again, condition %s: written %d, skipped %d", conds[i].Label(), st.Written, st.Skipped)
		}
	}
}

// TestNoConditionAsBefore: a run of one condition without the grid's
// flags writes no condition, and its resume does not count a grid's
// records of the same items (nor a grid run the plain ones).
func TestNoConditionAsBefore(t *testing.T) {
	c := simConfig(t, 10)
	_, ts := startSim(t, c, nil)
	items := simItems(t, c)
	cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", items)
	if st, _ := run(t, cfg); st.Written != 10 {
		t.Fatalf("written %d", st.Written)
	}
	lg := readLog(t, cfg.Output)
	for i := range lg.Pairs {
		if lg.Pairs[i].Condition != nil {
			t.Fatalf("record %s has condition %s", lg.Pairs[i].ID, lg.Pairs[i].Condition)
		}
	}
	cond := Condition{Template: cfg.Template, IDs: cfg.IDs}
	if st, _ := run(t, cfg.ForCondition(&cond, true)); st.Written != 10 || st.Skipped != 0 {
		t.Fatalf("with its condition: written %d, skipped %d", st.Written, st.Skipped)
	}
	if st, _ := run(t, cfg); st.Written != 0 || st.Skipped != 10 {
		t.Fatalf("plain again: written %d, skipped %d", st.Written, st.Skipped)
	}
}

// TestProbeFailureNamed: a failed request of a probe says which probe
// and condition in the failures file (a probe may share an item's ID).
func TestProbeFailureNamed(t *testing.T) {
	c := simConfig(t, 3)
	_, ts := startSim(t, c, nil) // taught no template: a probe's prompt is no pair it can read (HTTP 400)
	items := simItems(t, c)
	probes, _ := ProbeItems([]model.ProbeKind{model.ProbeCC}, items, 1, 1)
	cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", append(items, probes...))
	cond := Condition{Template: cfg.Template, IDs: cfg.IDs}
	cfg = cfg.ForCondition(&cond, true)
	if st, _ := run(t, cfg); st.Written != 3 || st.ItemsFailed != 1 {
		t.Fatalf("written %d, items failed %d", st.Written, st.ItemsFailed)
	}
	fails := readFailures(t, cfg.Output+".failures.jsonl")
	if len(fails) != 4 || fails[0]["probe"] != "cc" || fails[0]["id"] != "cc1" || fails[0]["condition"].(map[string]any)["ids"] != "A/B" {
		t.Fatalf("failures %v", fails)
	}
}
