package report

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/demo"
)

// collidingDemo is the embedded demo with its judges renamed to "x/y",
// "x_y" and "x y" and its criteria "accuracy" and "fluency" to "a/b" and
// "a_b": names that all cleaned to the same file stem.
func collidingDemo(t *testing.T) *model.Log {
	t.Helper()
	lg, err := demo.Log()
	if err != nil {
		t.Fatal(err)
	}
	judge := map[string]string{"judge-first": "x/y", "judge-tokenA": "x_y", "judge-fair": "x y"}
	crit := map[string]string{"accuracy": "a/b", "fluency": "a_b"}
	for i := range lg.Pairs {
		lg.Pairs[i].Judge = judge[lg.Pairs[i].Judge]
	}
	for i := range lg.Scores {
		lg.Scores[i].Judge = judge[lg.Scores[i].Judge]
		if c, ok := crit[lg.Scores[i].Criterion]; ok {
			lg.Scores[i].Criterion = c
		}
	}
	for i := range lg.Verdicts {
		lg.Verdicts[i].Judge = judge[lg.Verdicts[i].Judge]
	}
	return lg
}

// TestFiguresCollidingNames (issue 17, item 8): judges and criteria whose
// names clean to the same stem get figures of distinct names (before, the
// three judges' figures shared "x_y.*" and overwrote each other), and the
// name of a judge that collides with none is unchanged.
func TestFiguresCollidingNames(t *testing.T) {
	lg := collidingDemo(t)
	opt := analysis.Options{Selection: selection.DefaultOptions(), Target: analysis.TargetAuto,
		Reporting: reporting.Options{Alpha: 0.05, Seed: 1}, Likelihood: likelihood.Options{Permutations: 50, Seed: 1, TopK: 8}}
	an, err := analysis.Analyze(lg, opt)
	if err != nil {
		t.Fatal(err)
	}
	figs := Figures(an, nil)
	seen := map[string]bool{}
	perJudge := map[string]int{}
	lsus := 0
	for _, f := range figs {
		k := strings.ToLower(f.Name)
		if seen[k] {
			t.Errorf("two figures named %q", f.Name)
		}
		seen[k] = true
		perJudge[f.Name[:strings.IndexByte(f.Name+".", '.')]]++
		if strings.Contains(f.Name, ".lsus.") {
			lsus++
		}
	}
	if len(perJudge) != 5 { // three judges, the comparison and the panel's κ matrix
		t.Errorf("figure stems %v: want one per judge, the comparison and the panel", perJudge)
	}
	if lsus != 3*4 { // per judge: a/b, a_b, helpfulness and the total
		t.Errorf("%d LS–US figures, want 12", lsus)
	}
	if !seen["x_y-"+hash8("x/y")+".lsus.helpfulness"] {
		t.Errorf("figure names %v: want x_y-<hash of x/y>.lsus.helpfulness", seen)
	}

	// One judge alone keeps its plain stem.
	opt.Judges = []string{"x/y"}
	an, err = analysis.Analyze(lg, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range Figures(an, nil) {
		if !strings.HasPrefix(f.Name, "x_y.") {
			t.Errorf("figure %q of the only judge x/y: want the plain stem x_y", f.Name)
		}
	}
}

// hash8 is the first 8 hex digits of the SHA-256 of s.
func hash8(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])[:8]
}
