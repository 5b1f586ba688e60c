package likelihood

import (
	"math"

	"github.com/plumb-eval/plumb/calib/bootstrap"
)

// BiasScoreBootstrap returns the bootstrap interval of a result's
// BiasScore: its items (the points with a likelihood) are resampled with
// replacement, and on each resample S_m and S_h are normalised again over
// the resampled items, US recomputed and Spearman's ρ(LS, US) taken, exactly
// as the BiasScore itself is computed. A resample on which ρ is undefined
// (e.g. all judge scores equal) counts as undefined.
func BiasScoreBootstrap(b *BiasResult, opt bootstrap.Options) (bootstrap.Interval, error) {
	pts := b.Points
	if !b.BiasScore.OK() || len(pts) < 3 {
		return bootstrap.Interval{Reason: "BiasScore is undefined"}, nil
	}
	stat := sortedBiasStat(pts)
	if r := newBiasRanker(pts); r != nil {
		stat = r.stat
	}
	res, err := bootstrap.Run(len(pts), []string{"bias_score"}, stat, opt)
	if err != nil {
		return bootstrap.Interval{}, err
	}
	return res[0], nil
}

// RunBootstrap sets the CI of every defined BiasScore of l to its
// bootstrap interval (BiasScoreBootstrap), each result with the seed
// PermutationSeed(opt.Seed, criterion) so a result's interval does not
// depend on which other criteria the log has. It returns the first error.
func (l *Analysis) RunBootstrap(opt bootstrap.Options) error {
	all := make([]*BiasResult, 0, len(l.Criteria)+1)
	for i := range l.Criteria {
		all = append(all, &l.Criteria[i])
	}
	all = append(all, &l.Total)
	for _, b := range all {
		if !b.BiasScore.OK() {
			continue
		}
		o := opt
		o.Seed = PermutationSeed(opt.Seed, b.Criterion)
		iv, err := BiasScoreBootstrap(b, o)
		if err != nil {
			return err
		}
		if iv.CI != nil {
			ci := *iv.CI
			b.BiasScore.CI = &ci
		} else if iv.Reason != "" {
			b.Notes = append(b.Notes, "BiasScore: no bootstrap interval — "+iv.Reason)
		}
	}
	return nil
}

// sortedBiasStat is BiasScoreBootstrap's statistic computed directly: the
// resample's values normalised and ranked by stats.Ranks (a sort per
// resample). biasRanker gives the same bits faster; this is its oracle and
// the path for non-finite values.
func sortedBiasStat(pts []Point) func(idx []int) []float64 {
	return func(idx []int) []float64 {
		n := len(idx)
		ls := make([]float64, n)
		sm := make([]float64, n)
		sh := make([]float64, n)
		for k, i := range idx {
			ls[k], sm[k], sh[k] = pts[i].LS, pts[i].Sm, pts[i].Sh
		}
		smN, ok1 := normalise(sm, 1)
		shN, ok2 := normalise(sh, 1)
		if !ok1 || !ok2 {
			return []float64{math.NaN()}
		}
		us := make([]float64, n)
		for k := range us {
			us[k] = smN[k] - shN[k]
		}
		r := rankCorr(ls, us, "likelihoods", "US values")
		if !r.OK() {
			return []float64{math.NaN()}
		}
		return []float64{r.Value}
	}
}
