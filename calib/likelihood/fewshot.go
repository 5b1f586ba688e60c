package likelihood

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/plumb-eval/plumb/model"
)

// fewShotStream is the PCG stream constant of the few-shot train/test split.
const fewShotStream = 0x6c696b5f73706c74 // "lik_splt"

// FewShotOptions are the knobs of SelectFewShot.
type FewShotOptions struct {
	// Criterion is the criterion whose records are split and ranked.
	Criterion string
	// K is how many items to pick; 0 means DefaultTopK (the paper's 8).
	K int
	// TrainFrac is the training share of the items, in (0, 1] (paper: 0.8,
	// a 4:1 split). The training split has ⌈TrainFrac·n⌉ items (at least 1).
	TrainFrac float64
	// Seed draws the split.
	Seed uint64
	// PerToken ranks by LS/tokens instead of LS (see Options).
	PerToken bool
}

// FewShot is the likelihood-bias mitigation set of Ohi et al. (2024, §2.2;
// docs/methods.md §6): the training items of highest RS, to be shown to the judge
// as few-shot examples with the human score as the answer.
type FewShot struct {
	Judge, Criterion string
	// Train and Test count the items in each split; TestIDs lists the test
	// items (sorted), to evaluate the mitigated judge on.
	Train, Test int
	TestIDs     []string
	// Analysis is the likelihood analysis of the training split; its TopRS
	// are the chosen items (no permutation test is run).
	Analysis BiasResult
	// Items are the chosen records in order of decreasing RS (Analysis.TopRS
	// order), copied with every field kept except that judge_score is
	// replaced by the human score and score_probs removed.
	Items []model.Score
	// Notes are remarks (items without a likelihood, fewer than K items).
	Notes []string
}

func (o *FewShotOptions) validate() error {
	var errs []error
	if o.Criterion == "" {
		errs = append(errs, errors.New("no criterion given"))
	}
	if o.K < 0 {
		errs = append(errs, fmt.Errorf("k must be ≥ 0 (0: the default %d), got %d", DefaultTopK, o.K))
	}
	if !(o.TrainFrac > 0 && o.TrainFrac <= 1) {
		errs = append(errs, fmt.Errorf("training share %v is not in (0, 1]", o.TrainFrac))
	}
	return errors.Join(errs...)
}

// SelectFewShot builds the mitigation set of judge on opt.Criterion from its
// score records: it sorts the records by ID, splits them at random (seeded)
// into a training share opt.TrainFrac and a test rest, computes RS over the
// training split alone (Analyze's formulas), and returns the K
// training records of highest RS (ties by ID) with the judge's score
// replaced by the human score.
//
// It returns an error for bad options, when the judge has no records on the
// criterion, or when RS is undefined on the training split (the reason is
// given). Fewer than K ranked items give them all, with a note.
func SelectFewShot(judge string, scores []model.Score, opt FewShotOptions) (*FewShot, error) {
	if err := opt.validate(); err != nil {
		return nil, fmt.Errorf("few-shot selection: %w", err)
	}
	k := opt.K
	if k == 0 {
		k = DefaultTopK
	}
	var recs []*model.Score
	for i := range scores {
		if s := &scores[i]; s.Judge == judge && s.Criterion == opt.Criterion {
			recs = append(recs, s)
		}
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("few-shot selection: judge %q has no score records on criterion %q", judge, opt.Criterion)
	}
	slices.SortStableFunc(recs, func(a, b *model.Score) int { return cmp.Compare(a.ID, b.ID) })

	trainIdx, testIdx := splitTrain(len(recs), opt.TrainFrac, opt.Seed)
	train := make([]model.Score, len(trainIdx))
	byID := make(map[string]*model.Score, len(trainIdx))
	for i, j := range trainIdx {
		train[i] = *recs[j]
		if _, ok := byID[recs[j].ID]; !ok {
			byID[recs[j].ID] = recs[j]
		}
	}
	fs := &FewShot{Judge: judge, Criterion: opt.Criterion, Train: len(trainIdx), Test: len(testIdx)}
	for _, j := range testIdx {
		fs.TestIDs = append(fs.TestIDs, recs[j].ID)
	}
	g, err := gatherLikelihood(judge, train, opt.PerToken)
	if err != nil {
		return nil, fmt.Errorf("few-shot selection: %w", err)
	}
	fs.Notes = g.notes
	if len(g.criteria) == 0 {
		return nil, fmt.Errorf("few-shot selection: no training record of %q on %q has a usable score (%v)",
			judge, opt.Criterion, g.notes)
	}
	c := g.criteria[0]
	fs.Analysis = analyzeSet(opt.Criterion, c.items, c.notes, k)
	fs.Notes = append(fs.Notes, fs.Analysis.Notes...)
	if fs.Analysis.TopRS == nil {
		why := fs.Analysis.BiasScore.Reason
		if fs.Analysis.Points != nil || why == "" {
			why = "the likelihoods or US values of the training items are all equal (range 0)"
		}
		return nil, fmt.Errorf("few-shot selection: RS is undefined on the %s of the training split: %s",
			likPlural(fs.Train, "item"), why)
	}
	if n := len(fs.Analysis.TopRS); n < k {
		fs.Notes = append(fs.Notes, fmt.Sprintf("only %s of the training split can be ranked by RS; all are used (k = %d)",
			likPlural(n, "item"), k))
	}
	for _, p := range fs.Analysis.TopRS {
		fs.Items = append(fs.Items, humanScored(byID[p.ID]))
	}
	return fs, nil
}

// humanScored copies s with the human score as the judge's score.
func humanScored(s *model.Score) model.Score {
	out := *s
	h := s.HumanScore
	out.JudgeScore = &h
	out.ScoreProbs = nil
	if s.LS != nil {
		v := *s.LS
		out.LS = &v
	}
	if s.Tokens != nil {
		v := *s.Tokens
		out.Tokens = &v
	}
	out.Truth = s.Truth // a value: Set and Delete copy
	out.Extra = maps.Clone(s.Extra)
	return out
}

// splitTrain draws ⌈frac·n⌉ (at least 1) of the indices 0..n−1 for
// training, uniformly without replacement (a partial Fisher–Yates shuffle
// seeded by seed), and returns both splits sorted. frac·n within 1e-9 of an
// integer counts as that integer.
func splitTrain(n int, frac float64, seed uint64) (train, test []int) {
	x := frac * float64(n)
	k := int(math.Ceil(x))
	if r := math.Round(x); math.Abs(x-r) <= 1e-9*math.Max(1, x) {
		k = int(r)
	}
	k = max(1, min(k, n))
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	rng := rand.New(rand.NewPCG(seed, fewShotStream))
	for i := 0; i < k && i < n-1; i++ {
		j := i + rng.IntN(n-i)
		perm[i], perm[j] = perm[j], perm[i]
	}
	train, test = perm[:k], perm[k:]
	slices.Sort(train)
	slices.Sort(test)
	return train, test
}
