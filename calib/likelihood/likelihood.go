package likelihood

import (
	"errors"
	"fmt"
	"slices"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// TotalCriterion names the "total (micro)" result of a likelihood analysis:
// per item, the judge and human scores averaged over its criteria first.
const TotalCriterion = "total (micro)"

// DefaultPermutations is the number of permutations of the likelihood-bias
// test in DefaultOptions (the paper used 100,000).
const DefaultPermutations = 10000

// DefaultTopK is the number of top-RS items kept (the paper's 8 few-shot
// examples).
const DefaultTopK = 8

// Options are the knobs of a likelihood-bias analysis
// (docs/methods.md §6).
type Options struct {
	// Permutations is the number R of permutations of the two-sided
	// permutation test of BiasScore; 0 runs no test (PValue is undefined),
	// which keeps the analysis cheap. DefaultOptions sets 10,000.
	Permutations int
	// Seed seeds the permutation test.
	Seed uint64
	// PerToken uses LS/tokens (mean token log-likelihood) instead of LS.
	// Records without tokens then have no likelihood: like records without
	// ls they are counted, noted and left out of BiasScore (mixing sums and
	// means of log-probabilities would be meaningless).
	PerToken bool
	// TopK is how many items TopRS keeps; 0 means DefaultTopK.
	TopK int
}

// DefaultOptions returns R = 10,000 permutations, seed 1, LS as
// given (not per token) and the top 8 RS items.
func DefaultOptions() Options {
	return Options{Permutations: DefaultPermutations, Seed: 1, TopK: DefaultTopK}
}

func (o *Options) validate() error {
	if o.Permutations < 0 {
		return fmt.Errorf("permutations must be ≥ 0, got %d", o.Permutations)
	}
	if o.TopK < 0 {
		return fmt.Errorf("top k must be ≥ 0, got %d", o.TopK)
	}
	return nil
}

func (o *Options) topK() int {
	if o.TopK == 0 {
		return DefaultTopK
	}
	return o.TopK
}

// Point is one item of the LS–US scatter (docs/methods.md §6).
type Point struct {
	ID string
	// LS is the item's log-likelihood (per token under PerToken).
	LS float64
	// US = S_m' − S_h', the normalised judge score minus the normalised
	// human score: positive when the judge over-rates the item.
	US float64
	// RS = |LS* + US*|, high in the top-right and bottom-left of the
	// scatter. It is 0 when LS or US has range 0 (RS is then undefined and
	// a note says so).
	RS float64
	// Sm and Sh are the raw judge score (or expected score) and human
	// score; for "total (micro)" their means over the item's criteria.
	Sm, Sh float64
}

// BiasResult is the likelihood bias of one judge on one criterion, or on
// all of them ("total (micro)").
type BiasResult struct {
	Criterion string
	// N counts the items with a judge score (the items of EvalRho);
	// BiasScore.N counts those of them with a likelihood.
	N int
	// BiasScore is Spearman's ρ(LS, US) over the items with a likelihood.
	BiasScore calib.Stat
	// PValue is the two-sided permutation p-value of BiasScore, undefined
	// when no test was run.
	PValue calib.Stat
	// PValueSE is the Monte Carlo standard error of PValue (undefined when
	// no test ran or the loop was skipped as settled).
	PValueSE calib.Stat
	// EvalRho is the judge's evaluation performance, Spearman's ρ(S_m, S_h).
	EvalRho calib.Stat
	// Points are the items of BiasScore in order of ID; nil when US is
	// undefined (judge or human scores of range 0) or there are fewer than
	// 3 items with a likelihood.
	Points []Point
	// TopRS holds the TopK points of highest RS, ties broken by ID; nil
	// when RS is undefined.
	TopRS []Point
	// Notes are remarks about this result (items left out, why a value is
	// undefined).
	Notes []string
}

// Analysis is a judge's likelihood-bias analysis (seed 004, Ohi et al.
// 2024; docs/methods.md §6).
type Analysis struct {
	Judge string
	// Criteria holds one result per criterion, sorted by name.
	Criteria []BiasResult
	// Total is the "total (micro)" result over items (IDs).
	Total BiasResult
	// Notes are remarks about the judge's records as a whole.
	Notes []string
}

// Analyze measures the likelihood bias of judge from its score
// records (records of other judges in scores are ignored), per criterion
// and in total (docs/methods.md §6):
//
//   - S_m is judge_score, or the expected score Σ r·Q(r) / Σ Q(r) over
//     score_probs; S_h is human_score; LS is ls (or ls/tokens).
//   - S_m and S_h are normalised as x' = (x − mean)/(max − min) over the
//     items with a likelihood, and US = S_m' − S_h'.
//   - BiasScore = Spearman ρ(LS, US) (Pearson correlation of mid-ranks);
//     EvalRho = ρ(S_m, S_h) over every item with a judge score.
//   - RS = |LS* + US*| with x* = 2(x − mean)/(max − min).
//   - Total: each item's S_m and S_h are averaged over its criteria first
//     and its LS over its records (they should agree; a note says when not).
//
// Items without ls (or without tokens under PerToken) are counted in N and
// EvalRho but cannot enter BiasScore; a note counts them. With
// opt.Permutations > 0 every defined BiasScore also gets a permutation
// p-value (see PermutationPValue and RunPermutationTests).
//
// It returns an error for bad options or when judge has no score records.
func Analyze(judge string, scores []model.Score, opt Options) (*Analysis, error) {
	if err := opt.validate(); err != nil {
		return nil, fmt.Errorf("likelihood analysis: %w", err)
	}
	g, err := gatherLikelihood(judge, scores, opt.PerToken)
	if err != nil {
		return nil, fmt.Errorf("likelihood analysis of %q: %w", judge, err)
	}
	k := opt.topK()
	l := &Analysis{Judge: judge, Notes: g.notes}
	for _, c := range g.criteria {
		l.Criteria = append(l.Criteria, analyzeSet(c.name, c.items, c.notes, k))
	}
	l.Total = analyzeSet(TotalCriterion, g.total, g.totalNotes, k)
	l.RunPermutationTests(opt.Permutations, opt.Seed)
	return l, nil
}

// RunPermutationTests fills the PValue of every result with R permutations
// (the expensive part of the analysis; run it once per change of the data).
// Result c is tested with PermutationSeed(seed, c.Criterion), so a result's
// p-value does not depend on which other criteria the log has. R ≤ 0
// leaves every PValue undefined.
func (l *Analysis) RunPermutationTests(r int, seed uint64) {
	for i := range l.Criteria {
		l.Criteria[i].runPermutationTest(r, seed)
	}
	l.Total.runPermutationTest(r, seed)
}

// runPermutationTest sets b.PValue.
func (b *BiasResult) runPermutationTest(r int, seed uint64) {
	switch {
	case !b.BiasScore.OK():
		b.PValue = calib.Undefined(b.BiasScore.N, b.BiasScore.Reason)
		b.PValueSE = b.PValue
	case r <= 0:
		b.PValue = calib.Undefined(b.BiasScore.N, "no permutation test was run (permutations = 0)")
		b.PValueSE = b.PValue
	default:
		ls := make([]float64, len(b.Points))
		us := make([]float64, len(b.Points))
		for i, p := range b.Points {
			ls[i], us[i] = p.LS, p.US
		}
		b.PValue, b.PValueSE = permutationPValue(ls, us, r, PermutationSeed(seed, b.Criterion))
	}
}

// Result returns the result for criterion (TotalCriterion for the total),
// or nil when there is none.
func (l *Analysis) Result(criterion string) *BiasResult {
	if criterion == TotalCriterion {
		return &l.Total
	}
	i, ok := slices.BinarySearchFunc(l.Criteria, criterion, func(b BiasResult, c string) int {
		switch {
		case b.Criterion < c:
			return -1
		case b.Criterion > c:
			return 1
		}
		return 0
	})
	if !ok {
		return nil
	}
	return &l.Criteria[i]
}

// errNoScores is returned when a judge has no score records.
var errNoScores = errors.New("no score records")
