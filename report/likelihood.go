package report

import (
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
)

// Reporting is the judge's verdict rate reported correctly (Lee et al.,
// docs/methods.md §5). Values are null when undefined; notes say why.
type Reporting struct {
	// Target is "verdict" or "pair:<verdict source>".
	Target   string      `json:"target"`
	PHat     *float64    `json:"p_hat"`
	PHatCI   *[2]float64 `json:"p_hat_ci"`
	ThetaHat *float64    `json:"theta_hat"`
	CILower  *float64    `json:"ci_lower"`
	CIUpper  *float64    `json:"ci_upper"`
	CIWidth  *float64    `json:"ci_width"`
	Alpha    float64     `json:"alpha"`
	Q0Hat    *float64    `json:"q0_hat"`
	Q1Hat    *float64    `json:"q1_hat"`
	// Items is how many items entered, N the test set's size, Pool the
	// number of labelled items; M0 and M1 the calibration set's classes.
	Items int `json:"items"`
	N     int `json:"n"`
	M0    int `json:"m0"`
	M1    int `json:"m1"`
	Pool  int `json:"pool"`
	// Holdout is true when every item was labelled: the test set is the
	// labelled items left after drawing the calibration set.
	Holdout bool `json:"holdout"`
	// TrueTheta is the test set's true θ when known (null otherwise), and
	// Covered whether the CI covers it.
	TrueTheta *float64              `json:"true_theta"`
	Covered   *bool                 `json:"covered"`
	Splits    map[string]SplitWidth `json:"splits"`
	// BestMinPerClass is the fewest items per class the "best" split may
	// give a class (Algorithm 1's pilot size, at most half the budget).
	BestMinPerClass int          `json:"best_min_per_class"`
	Plan            string       `json:"plan"`
	WidthCurve      []SplitWidth `json:"width_curve"`
	LeftOut         int          `json:"left_out"`
	Notes           []string     `json:"notes"`
}

// SplitWidth is the CI width at one split of the calibration budget.
type SplitWidth struct {
	M0      int      `json:"m0"`
	M1      int      `json:"m1"`
	CIWidth *float64 `json:"ci_width"`
}

// Likelihood is the judge's likelihood bias (Ohi et al., docs/methods.md §6).
type Likelihood struct {
	Criteria map[string]*BiasScore `json:"criteria"`
	Total    *BiasScore            `json:"total"`
	// Points and TopRS are those of the total (micro) analysis; each
	// criterion has its own. Points is nil (the key left out) unless
	// DocSettings.Points asked for them.
	Points []Point  `json:"points,omitzero"`
	TopRS  []Point  `json:"top_rs"`
	Notes  []string `json:"notes"`
}

// BiasScore is the likelihood-bias analysis of one criterion (or the total).
type BiasScore struct {
	BiasScore *float64 `json:"bias_score"`
	// CI95 is BiasScore's bootstrap interval (null when none).
	CI95   *[2]float64 `json:"ci95"`
	PValue *float64    `json:"p_value"`
	// PValueSE is the Monte Carlo standard error of the permutation
	// p-value (null when there is no p-value).
	PValueSE *float64 `json:"p_value_se"`
	EvalRho  *float64 `json:"eval_rho"`
	N        int      `json:"n"`
	Points   []Point  `json:"points,omitempty"`
	TopRS    []Point  `json:"top_rs,omitempty"`
	Notes    []string `json:"notes"`
}

// Point is one item of the LS–US scatter.
type Point struct {
	ID string  `json:"id"`
	LS float64 `json:"ls"`
	US float64 `json:"us"`
	RS float64 `json:"rs"`
	Sm float64 `json:"s_m"`
	Sh float64 `json:"s_h"`
}

func buildReporting(ja *JudgeAnalysis, alpha float64) *Reporting {
	r := ja.Reporting
	out := &Reporting{
		Target: ja.Target, Alpha: alpha, Items: r.N, N: r.TestSize, M0: r.M0, M1: r.M1, Pool: r.PoolSize, Holdout: r.Holdout,
		TrueTheta: r.TrueTheta, Covered: r.Covered, Plan: r.Plan, LeftOut: ja.ReportingLeftOut.Total(),
		BestMinPerClass: r.BestMinPerClass,
		Splits:          map[string]SplitWidth{}, WidthCurve: []SplitWidth{}, Notes: nonNil(r.Notes),
	}
	stat := func(key string, s calib.Stat) *float64 {
		if !s.OK() {
			out.Notes = append(out.Notes, key+": "+s.Reason)
		}
		return value(s)
	}
	out.PHat = stat("p_hat", r.PHat)
	if r.PHat.OK() && r.PHat.CI != nil {
		out.PHatCI = &[2]float64{r.PHat.CI.Lower, r.PHat.CI.Upper}
	}
	out.ThetaHat = stat("theta_hat", r.ThetaHat)
	out.CILower = stat("ci_lower", r.Lower)
	out.CIUpper = value(r.Upper)
	out.CIWidth = value(r.Width)
	out.Q0Hat = stat("q0_hat", r.Q0Hat)
	out.Q1Hat = stat("q1_hat", r.Q1Hat)
	sw := func(s reporting.SplitWidth) SplitWidth {
		return SplitWidth{M0: s.M0, M1: s.M1, CIWidth: value(s.Width)}
	}
	out.Splits["current"] = sw(r.Splits.Current)
	out.Splits["equal"] = sw(r.Splits.Equal)
	out.Splits["exact"] = sw(r.Splits.Exact)
	out.Splits["approx"] = sw(r.Splits.Approx)
	out.Splits["adaptive"] = sw(r.Splits.Adaptive)
	out.Splits["best"] = sw(r.Splits.Best)
	for _, s := range r.WidthCurve {
		out.WidthCurve = append(out.WidthCurve, sw(s))
	}
	return out
}

func buildLikelihood(l *likelihood.Analysis, withPoints bool) *Likelihood {
	out := &Likelihood{Criteria: map[string]*BiasScore{}, Notes: nonNil(l.Notes)}
	for i := range l.Criteria {
		c := &l.Criteria[i]
		out.Criteria[c.Criterion] = buildBias(c, true, withPoints)
	}
	out.Total = buildBias(&l.Total, false, false)
	if withPoints {
		out.Points = points(l.Total.Points)
	}
	out.TopRS = points(l.Total.TopRS)
	return out
}

// buildBias converts one result; withTop adds its top-RS items and, with
// withPoints, its LS–US points.
func buildBias(b *likelihood.BiasResult, withTop, withPoints bool) *BiasScore {
	out := &BiasScore{N: b.N, Notes: nonNil(b.Notes)}
	for _, f := range []struct {
		key string
		s   calib.Stat
		dst **float64
	}{{"bias_score", b.BiasScore, &out.BiasScore}, {"p_value", b.PValue, &out.PValue}, {"eval_rho", b.EvalRho, &out.EvalRho}} {
		*f.dst = value(f.s)
		if !f.s.OK() {
			out.Notes = append(out.Notes, f.key+": "+f.s.Reason)
		}
	}
	if withTop {
		if withPoints {
			out.Points = points(b.Points)
		}
		out.TopRS = points(b.TopRS)
	}
	return out
}

func points(ps []likelihood.Point) []Point {
	out := make([]Point, len(ps))
	for i, p := range ps {
		out[i] = Point{ID: p.ID, LS: p.LS, US: p.US, RS: p.RS, Sm: p.Sm, Sh: p.Sh}
	}
	return out
}
