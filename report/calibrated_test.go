package report

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// calibratedInput is a simulated log of three judges (probabilities,
// log-probabilities and hard choices), judges interleaved item by item,
// with texts and an extra field, read from JSON Lines so that every record
// has a position.
func calibratedInput(t *testing.T) *model.Log {
	t.Helper()
	cfg := simtest.Config(300, 0, 0)
	cfg.Judges[1].Mode = model.SourceLogprob
	cfg.Judges[2].Mode = model.SourceChoice
	var buf bytes.Buffer
	if err := sim.Write(&buf, cfg); err != nil {
		t.Fatal(err)
	}
	data := strings.Replace(buf.String(), `"judge":"judge-fair",`, `"judge":"judge-fair","latency_ms":7,`, 1)
	lg, err := model.Read(strings.NewReader(data), "in.jsonl", model.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return lg
}

// calField is the calibrated object as read back.
type calField struct {
	Method      string             `json:"method"`
	Lambda      float64            `json:"lambda"`
	EstFrac     float64            `json:"est_frac"`
	Objective   string             `json:"objective"`
	Seed        uint64             `json:"seed"`
	PA          map[string]float64 `json:"p_a"`
	Pref        map[string]float64 `json:"pref"`
	InEst       *bool              `json:"in_estimation_set"`
	Unavailable string             `json:"unavailable"`
	Degenerate  string             `json:"degenerate"`
}

// TestWriteCalibrated writes the calibrated log and reads it back with
// plumb's reader: the records are the input's, in file order, each with
// p_a = g*(s) (calib.Curve.Apply) and pref = g*(s) or 1 − g*(s); the
// metrics of the written preferences, all items and held-out items, equal
// the Selection's CalibraEval results (the reference); the hard-choice
// judge's records say why they are not calibrated.
func TestWriteCalibrated(t *testing.T) {
	lg := calibratedInput(t)
	orig := slices.Clone(lg.Pairs)
	opt := analysis.Options{Selection: selection.Options{Lambda: 0.5, EstFrac: 0.6, Objective: calibraeval.ObjectiveBoth, Seed: 7}}
	an, err := analysis.Analyze(lg, opt) // sorts lg.Pairs by judge
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	sum, err := WriteCalibrated(&out, lg, an)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Written != 900 || sum.Calibrated != 600 || sum.Unavailable != 300 || len(sum.Judges) != 3 {
		t.Fatalf("summary %+v", sum)
	}
	for _, j := range sum.Judges {
		if hard := j.Judge == "judge-tokenA"; j.Records != 300 || (j.Reason != "") != hard {
			t.Errorf("judge summary %+v", j)
		}
	}
	// The same bytes from the log in its original order.
	var again bytes.Buffer
	if _, err := WriteCalibrated(&again, &model.Log{Pairs: orig, Files: lg.Files}, an); err != nil || again.String() != out.String() {
		t.Errorf("the unsorted log gives different output (err %v)", err)
	}

	back, err := model.Read(bytes.NewReader(out.Bytes()), "out.jsonl", model.ReadOptions{})
	if err != nil {
		t.Fatalf("plumb cannot read the calibrated log: %v", err)
	}
	if len(back.Pairs) != len(orig) {
		t.Fatalf("%d records read back, want %d", len(back.Pairs), len(orig))
	}
	sels := map[string]*selection.Result{}
	for i := range an.Judges {
		sels[an.Judges[i].Judge] = an.Judges[i].Selection
	}
	prefs := map[string]*calib.Prefs{}
	inEst := map[string][]bool{}
	degen := map[string]string{}
	rawPairs := map[string][]model.Pair{}
	for i := range back.Pairs {
		got, want := back.Pairs[i], orig[i]
		var cf calField
		if err := json.Unmarshal(got.Extra[CalibratedField], &cf); err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
		// Everything else is the input record, in file order.
		delete(got.Extra, CalibratedField)
		if len(got.Extra) == 0 {
			got.Extra = nil
		}
		got.Pos = want.Pos
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("record %d differs:\n got %+v\nwant %+v", i, got, want)
		}
		if cf.Method != "calibraeval" || cf.Lambda != 0.5 || cf.EstFrac != 0.6 || cf.Objective != "both" || cf.Seed != 7 {
			t.Fatalf("record %d: options %+v", i, cf)
		}
		sel := sels[want.Judge]
		if sel.Fit == nil {
			if cf.Unavailable == "" || cf.PA != nil || !strings.Contains(cf.Unavailable, "hard choices") {
				t.Fatalf("record %d of %s: %+v", i, want.Judge, cf)
			}
			continue
		}
		p := prefs[want.Judge]
		if p == nil {
			p = &calib.Prefs{}
			prefs[want.Judge] = p
		}
		var r [model.NumArrangements]float64
		for _, a := range model.Arrangements {
			pa, ok := cf.PA[a.String()]
			if ok != want.Has[a] {
				t.Fatalf("record %d: p_a.%s present %v, want %v", i, a, ok, want.Has[a])
			}
			if !ok {
				continue
			}
			if g := sel.Fit.Curve.Apply(want.S[a]); pa != g {
				t.Fatalf("record %d: p_a.%s = %v, want g*(%v) = %v", i, a, pa, want.S[a], g)
			}
			r[a] = cf.Pref[a.String()]
			if r[a] != a.Preference(pa) {
				t.Fatalf("record %d: pref.%s = %v, want %v", i, a, r[a], a.Preference(pa))
			}
		}
		p.R = append(p.R, r)
		degen[want.Judge] = cf.Degenerate
		rawPairs[want.Judge] = append(rawPairs[want.Judge], want)
		p.Has = append(p.Has, want.Has)
		p.Gold = append(p.Gold, want.Gold)
		inEst[want.Judge] = append(inEst[want.Judge], *cf.InEst)
	}
	for judge, p := range prefs {
		m := sels[judge].Method(selection.MethodCalibraEval)
		if m.Degenerate {
			// Its metrics are "collapsed"; the written preferences are
			// g*'s all the same, and say so.
			if degen[judge] != m.DegenerateReason {
				t.Errorf("%s: records say degenerate %q, want %q", judge, degen[judge], m.DegenerateReason)
			}
			if bad, _ := calib.Collapsed(calib.RawPrefs(rawPairs[judge]), *p, sels[judge].Fit.Curve); !bad {
				t.Errorf("%s: the written preferences are not collapsed", judge)
			}
			continue
		}
		if degen[judge] != "" {
			t.Errorf("%s: records say degenerate %q", judge, degen[judge])
		}
		if got := metrics.Compute(*p); !reflect.DeepEqual(got, m.All) {
			t.Errorf("%s: metrics of the written preferences\n%+v\nwant the Selection's\n%+v", judge, got, m.All)
		}
		var held []int
		for i, in := range inEst[judge] {
			if !in {
				held = append(held, i)
			}
		}
		if len(held) != sels[judge].HeldoutSize || m.Heldout == nil {
			t.Fatalf("%s: %d held-out items, want %d", judge, len(held), sels[judge].HeldoutSize)
		}
		if got := metrics.ComputeSubset(*p, held); !reflect.DeepEqual(got, *m.Heldout) {
			t.Errorf("%s: held-out metrics of the written preferences differ from the Selection's", judge)
		}
	}
	if len(prefs) != 2 {
		t.Errorf("%d calibrated judges, want 2", len(prefs))
	}
}

// TestWriteCalibratedFilters: only the analysed judges and group are
// written; a log that does not match the analysis is an error.
func TestWriteCalibratedFilters(t *testing.T) {
	lg := calibratedInput(t)
	group := lg.Pairs[0].Group
	want := 0
	for _, p := range lg.Pairs {
		if p.Judge == "judge-fair" && p.Group == group {
			want++
		}
	}
	an, err := analysis.Analyze(lg, analysis.Options{Judges: []string{"judge-fair"}, Group: group, Selection: selection.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	sum, err := WriteCalibrated(&out, lg, an)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Written != want || sum.Calibrated != want || strings.Count(out.String(), "\n") != want {
		t.Errorf("wrote %+v, want %d records of group %q", sum, want, group)
	}
	if strings.Contains(out.String(), "judge-first") || strings.Count(out.String(), `"group":"`+group+`"`) != want {
		t.Error("records outside the analysed judge and group were written")
	}
	short := &model.Log{Pairs: lg.Pairs[1:], Files: lg.Files}
	if _, err := WriteCalibrated(&out, short, an); err == nil || !strings.Contains(err.Error(), "in the analysis") {
		t.Errorf("a log missing a record: %v", err)
	}
}
