package report

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// pooledAccuracy recomputes MEC + BPC's accuracy against gold (ties a
// class) by FairEval's get_eval, independently of calib/mec: the x0
// samples' scores as read and the x2 samples' swapped back, one list, the
// mean of each score, score1 > score2 a win for response_1.
func pooledAccuracy(pairs []model.Pair) (float64, int) {
	right, n := 0, 0
	for i := range pairs {
		p := &pairs[i]
		var s1, s2 float64
		var m int
		for _, a := range []model.Arrangement{model.X0, model.X2} {
			for _, smp := range p.Samples[a] {
				if smp.Kind != model.SampleScores {
					continue
				}
				v := smp.Scores
				if a == model.X2 {
					v[0], v[1] = v[1], v[0]
				}
				s1, s2, m = s1+v[0], s2+v[1], m+1
			}
		}
		if m == 0 || p.SampleCount(model.X2) == 0 || p.Gold == model.GoldNone {
			continue
		}
		s1, s2 = s1/float64(m), s2/float64(m)
		g := model.GoldTie
		if s1 > s2 {
			g = model.Gold1
		} else if s1 < s2 {
			g = model.Gold2
		}
		n++
		if g == p.Gold {
			right++
		}
	}
	return float64(right) / float64(n), n
}

// TestEvidenceSection: a judge with sampled scores gets the three MEC rows
// in the methods table, the evidence section in JSON, Markdown and CSV,
// and MEC + BPC's accuracy is FairEval's rule recomputed here.
func TestEvidenceSection(t *testing.T) {
	lg := simtest.EvidenceLog(120, 3, 1, 1.5, 1)
	an, err := analysis.Analyze(lg, bootOptions(50))
	if err != nil {
		t.Fatal(err)
	}
	d := BuildDoc(an, "t")
	var js, md, csv bytes.Buffer
	if err := WriteJSON(&js, d); err != nil {
		t.Fatal(err)
	}
	if err := WriteMarkdownDoc(&md, d); err != nil {
		t.Fatal(err)
	}
	if err := WriteCSV(&csv, d); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Judges map[string]struct {
			Selection struct {
				Methods  map[string]json.RawMessage `json:"methods"`
				Evidence *Evidence                  `json:"evidence"`
			} `json:"selection"`
		} `json:"judges"`
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	sel := doc.Judges["mec"].Selection
	for _, m := range []string{"mec", "bpc_scores", "mec_bpc"} {
		if _, ok := sel.Methods[m]; !ok {
			t.Errorf("selection.methods lacks %s", m)
		}
	}
	e := sel.Evidence
	if e == nil {
		t.Fatal("no selection.evidence")
	}
	want, n := pooledAccuracy(lg.Pairs)
	g := e.Gold["mec_bpc"]
	if g == nil || g.Accuracy == nil || math.Abs(*g.Accuracy-want) > 1e-12 || g.N != n {
		t.Errorf("mec_bpc against gold %+v, want accuracy %v over %d", g, want, n)
	}
	if e.Unread == 0 || e.MaxK != 3 || len(e.KCurve) != 2 {
		t.Errorf("evidence %+v: want unread samples counted, max_k 3, K = 1 and 3", e)
	}
	for _, s := range []string{"### Multiple Evidence Calibration (sampled scores)", "| MEC + BPC |", "| BPC (scores) |", "conflict rate |"} {
		if !strings.Contains(md.String(), s) {
			t.Errorf("Markdown lacks %q", s)
		}
	}
	for _, s := range []string{"evidence,mec,mec_bpc,accuracy,", "evidence_k,mec,mec,k=1 conflict_rate,", "selection,mec,mec_bpc,accuracy_aggregate,"} {
		if !strings.Contains(csv.String(), s) {
			t.Errorf("CSV lacks %q", s)
		}
	}
}

// TestNoEvidenceWithoutSamples: a log without samples has no MEC rows and
// no evidence key.
func TestNoEvidenceWithoutSamples(t *testing.T) {
	_, js := bootDoc(t, bootOptions(0))
	if bytes.Contains(js, []byte(`"evidence"`)) || bytes.Contains(js, []byte(`"mec"`)) {
		t.Error("the demo's report has MEC keys")
	}
}
