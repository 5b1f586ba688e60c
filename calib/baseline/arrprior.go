package baseline

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/model"
)

// priorClip bounds an arrangement's prior P(A) away from 0 and 1 before it
// divides (docs/methods.md §4, "CC, DC and BC").
const priorClip = 1e-6

// ArrPrior is a judge's prior P(A) in each arrangement: the mean P(A) of
// the inputs it was estimated from (BC: the estimation items; CC and DC:
// the probes), with their spread and count.
type ArrPrior struct {
	// P[a] is the mean P(A) in arrangement a (0 when N[a] = 0), SD[a] the
	// sample standard deviation (0 when N[a] < 2).
	P, SD [model.NumArrangements]float64
	N     [model.NumArrangements]int
}

// Debias returns the calibrated P(A) of an observed P(A) s in arrangement
// a: (s/p)/(s/p + (1 − s)/(1 − p)), p = P[a] clipped to [10⁻⁶, 1 − 10⁻⁶]
// (Zhao et al.'s W = diag(p)⁻¹ renormalised over {A, B}); in logits,
// logit s − logit p.
func (q ArrPrior) Debias(a model.Arrangement, s float64) float64 {
	p := min(max(q.P[a], priorClip), 1-priorClip)
	x := s / p
	y := (1 - s) / (1 - p)
	return x / (x + y)
}

// Interval is the Student-t interval of the mean P[a] at the level (e.g.
// 0.95): P[a] ± t(level, N[a] − 1)·SD[a]/√N[a]; ok is false with fewer than
// two inputs.
func (q ArrPrior) Interval(a model.Arrangement, level float64) (calib.Interval, bool) {
	n := q.N[a]
	if n < 2 {
		return calib.Interval{}, false
	}
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile(1 - (1-level)/2)
	h := t * q.SD[a] / math.Sqrt(float64(n))
	return calib.Interval{Lower: q.P[a] - h, Upper: q.P[a] + h, Level: level}, true
}

// String lists the prior of every arrangement that has one, e.g.
// "x0 0.6123 (n = 20), x1 0.4010 (n = 20)".
func (q ArrPrior) String() string {
	s := ""
	for _, a := range model.Arrangements {
		if q.N[a] == 0 {
			continue
		}
		if s != "" {
			s += ", "
		}
		s += fmt.Sprintf("%s %.4f (n = %d)", a, q.P[a], q.N[a])
	}
	return s
}

// priorAcc accumulates the mean and sum of squares of P(A) per
// arrangement (Welford's update, so the spread is exact for a near-constant
// prior).
type priorAcc struct {
	mean, m2 [model.NumArrangements]float64
	n        [model.NumArrangements]int
}

// add adds one input's P(A) in the arrangements it has.
func (c *priorAcc) add(has *[model.NumArrangements]bool, s *[model.NumArrangements]float64) {
	for _, a := range model.Arrangements {
		if !has[a] {
			continue
		}
		c.n[a]++
		d := s[a] - c.mean[a]
		c.mean[a] += d / float64(c.n[a])
		c.m2[a] += d * (s[a] - c.mean[a])
	}
}

// prior returns the accumulated prior.
func (c *priorAcc) prior() ArrPrior {
	var q ArrPrior
	for _, a := range model.Arrangements {
		q.N[a] = c.n[a]
		q.P[a] = c.mean[a]
		if c.n[a] > 1 {
			q.SD[a] = math.Sqrt(c.m2[a] / float64(c.n[a]-1))
		}
	}
	return q
}

// ArrPriorPrefsIn maps every arrangement of every pair through q.Debias and
// returns the preferences (arrays from ws; nil: allocated). It fails when a
// pair was judged in an arrangement q has no prior for, with missing(a) as
// the error (a reason the methods table shows).
func ArrPriorPrefsIn(pairs []model.Pair, q ArrPrior, missing func(a model.Arrangement) string, ws *work.Space) (calib.Prefs, error) {
	for i := range pairs {
		for _, a := range model.Arrangements {
			if pairs[i].Has[a] && q.N[a] == 0 {
				return calib.Prefs{}, fmt.Errorf("%s", missing(a))
			}
		}
	}
	p := calib.PrefsIn(len(pairs), ws)
	for i := range pairs {
		arrPriorRow(pairs, q, i, p)
	}
	return p, nil
}

// arrPriorRow sets row i of p to pair i's preferences mapped through
// q.Debias.
func arrPriorRow(pairs []model.Pair, q ArrPrior, i int, p calib.Prefs) {
	pr := &pairs[i]
	p.Has[i] = pr.Has
	p.Gold[i] = pr.Gold
	var r [model.NumArrangements]float64
	for _, a := range model.Arrangements {
		if pr.Has[a] {
			r[a] = a.Preference(q.Debias(a, pr.S[a]))
		}
	}
	p.R[i] = r
}

// ArrPriorRows sets the rows rows of p (allocated for every pair) to
// those of ArrPriorPrefsIn(pairs, q, …), bit for bit, leaving the others
// as they were; q must cover every arrangement the pairs were judged in
// (ArrPrior.Covers), where ArrPriorPrefsIn would fail.
func ArrPriorRows(pairs []model.Pair, q ArrPrior, rows []int, p calib.Prefs) {
	for _, i := range rows {
		arrPriorRow(pairs, q, i, p)
	}
}

// JudgedIn reports, for each arrangement, whether some pair was judged
// in it.
func JudgedIn(pairs []model.Pair) [model.NumArrangements]bool {
	var in [model.NumArrangements]bool
	for i := range pairs {
		for _, a := range model.Arrangements {
			in[a] = in[a] || pairs[i].Has[a]
		}
	}
	return in
}

// Covers reports whether q has a prior for every arrangement of judged
// (JudgedIn): when it does not, ArrPriorPrefsIn fails.
func (q ArrPrior) Covers(judged [model.NumArrangements]bool) bool {
	for _, a := range model.Arrangements {
		if judged[a] && q.N[a] == 0 {
			return false
		}
	}
	return true
}

// needProbs returns an error when a record gives hard choices: the
// calibration divides probabilities.
func needProbs(method string, pairs []model.Pair) error {
	hard := 0
	for i := range pairs {
		if pairs[i].Source == model.SourceChoice {
			hard++
		}
	}
	if hard > 0 {
		return fmt.Errorf("%s needs probabilities of A and B; %d of %d records give hard choices", method, hard, len(pairs))
	}
	return nil
}
