package likelihood

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/plumb-eval/plumb/model"
)

// likItem is one item of a likelihood analysis.
type likItem struct {
	id     string
	sm, sh float64
	ls     float64 // valid when hasLS
	hasLS  bool
}

// likCriterion holds the items of one criterion, sorted by ID.
type likCriterion struct {
	name  string
	items []likItem
	notes []string
}

// likGathered is a judge's score records turned into analysis items.
type likGathered struct {
	criteria   []likCriterion // sorted by name
	total      []likItem      // per ID, sorted by ID
	totalNotes []string
	notes      []string
}

// ExpectedScore returns the expected rating Σ r·Q(r) / Σ Q(r) of a judge's
// probabilities over the rating scale, keyed by the rating written as a
// number (docs/methods.md §6). Ratings are summed in increasing order, so the
// result does not depend on map order. It returns an error for a key that
// is not a number, a probability that is negative or not finite, or a sum
// that is not positive.
func ExpectedScore(probs map[string]float64) (float64, error) {
	type rq struct{ r, q float64 }
	buf := make([]rq, 0, len(probs))
	for k, q := range probs {
		r, err := strconv.ParseFloat(k, 64)
		if err != nil || math.IsNaN(r) || math.IsInf(r, 0) {
			return 0, fmt.Errorf("score_probs key %q is not a number", k)
		}
		if !(q >= 0) || math.IsInf(q, 0) {
			return 0, fmt.Errorf("score_probs[%q] = %v is not a probability", k, q)
		}
		buf = append(buf, rq{r, q})
	}
	slices.SortFunc(buf, func(a, b rq) int { return cmp.Compare(a.r, b.r) })
	var num, den float64
	for _, e := range buf {
		num += e.r * e.q
		den += e.q
	}
	if !(den > 0) {
		return 0, fmt.Errorf("score_probs has no positive probability")
	}
	return num / den, nil
}

// judgeScore returns S_m of a record: judge_score, or the expected score
// of score_probs.
func judgeScore(s *model.Score) (float64, error) {
	if s.JudgeScore != nil {
		v := *s.JudgeScore
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, fmt.Errorf("judge_score %v is not finite", v)
		}
		return v, nil
	}
	if s.ScoreProbs == nil {
		return 0, fmt.Errorf("neither judge_score nor score_probs is given")
	}
	return ExpectedScore(s.ScoreProbs)
}

// likCounts counts why records or items were left out.
type likCounts struct {
	noLS, noTokens, badLS int
}

// recordLS returns the record's likelihood (ls, or ls/tokens under
// perToken) and whether it has one, counting why not in c.
func recordLS(s *model.Score, perToken bool, c *likCounts) (float64, bool) {
	switch {
	case s.LS == nil:
		c.noLS++
		return 0, false
	case !isFinite(*s.LS):
		c.badLS++
		return 0, false
	case perToken && (s.Tokens == nil || *s.Tokens < 1):
		c.noTokens++
		return 0, false
	case perToken:
		return *s.LS / float64(*s.Tokens), true
	}
	return *s.LS, true
}

// notes describes the counts of n items.
func (c likCounts) notes(n int, what string) []string {
	var out []string
	if c.noLS > 0 {
		out = append(out, fmt.Sprintf("%d of %d %s have no ls and are left out of BiasScore", c.noLS, n, what))
	}
	if c.badLS > 0 {
		out = append(out, fmt.Sprintf("%d of %d %s have a non-finite ls and are left out of BiasScore", c.badLS, n, what))
	}
	if c.noTokens > 0 {
		out = append(out, fmt.Sprintf("%d of %d %s have no tokens, so no per-token likelihood, and are left out of BiasScore",
			c.noTokens, n, what))
	}
	return out
}

// gatherLikelihood turns judge's score records into items per criterion
// and per ID.
func gatherLikelihood(judge string, scores []model.Score, perToken bool) (*likGathered, error) {
	g := &likGathered{}
	byCrit := map[string]*likCriterion{}
	counts := map[string]*likCounts{}
	var seen, badScore int
	var firstBad string
	// Each criterion's items are allocated once at their final size
	// (growing them by append allocated five times that on the 1M log).
	need := map[string]int{}
	for i := range scores {
		if scores[i].Judge == judge {
			need[scores[i].Criterion]++
		}
	}
	for i := range scores {
		s := &scores[i]
		if s.Judge != judge {
			continue
		}
		seen++
		sm, err := judgeScore(s)
		if err == nil && !isFinite(s.HumanScore) {
			err = fmt.Errorf("human_score %v is not finite", s.HumanScore)
		}
		if err != nil {
			if badScore == 0 {
				firstBad = fmt.Sprintf("%s/%s: %v", s.ID, s.Criterion, err)
			}
			badScore++
			continue
		}
		c := byCrit[s.Criterion]
		if c == nil {
			c = &likCriterion{name: s.Criterion, items: make([]likItem, 0, need[s.Criterion])}
			byCrit[s.Criterion] = c
			counts[s.Criterion] = &likCounts{}
		}
		it := likItem{id: s.ID, sm: sm, sh: s.HumanScore}
		it.ls, it.hasLS = recordLS(s, perToken, counts[s.Criterion])
		c.items = append(c.items, it)
	}
	if seen == 0 {
		return nil, errNoScores
	}
	if badScore > 0 {
		g.notes = append(g.notes, fmt.Sprintf("%d of %d records left out: no usable judge or human score (first: %s)",
			badScore, seen, firstBad))
	}
	for name, c := range byCrit {
		slices.SortStableFunc(c.items, func(a, b likItem) int { return cmp.Compare(a.id, b.id) })
		dups := 0
		c.items = slices.CompactFunc(c.items, func(a, b likItem) bool {
			if a.id == b.id {
				dups++
				return true
			}
			return false
		})
		if dups > 0 {
			c.notes = append(c.notes, fmt.Sprintf("%d repeated records (same id) left out; the first of each is used", dups))
		}
		c.notes = append(c.notes, counts[name].notes(len(c.items)+dups, "records")...)
		g.criteria = append(g.criteria, *c)
	}
	slices.SortFunc(g.criteria, func(a, b likCriterion) int { return cmp.Compare(a.name, b.name) })
	g.total, g.totalNotes = microTotal(g.criteria)
	return g, nil
}

// microTotal averages each ID's judge and human scores over its criteria
// (and its likelihood over its records that have one).
func microTotal(crits []likCriterion) ([]likItem, []string) {
	type acc struct {
		sm, sh, ls   float64
		n, nLS       int
		lsMin, lsMax float64
	}
	byID := map[string]*acc{}
	var ids []string
	for _, c := range crits {
		for _, it := range c.items {
			a := byID[it.id]
			if a == nil {
				a = &acc{lsMin: math.Inf(1), lsMax: math.Inf(-1)}
				byID[it.id] = a
				ids = append(ids, it.id)
			}
			a.sm += it.sm
			a.sh += it.sh
			a.n++
			if it.hasLS {
				a.ls += it.ls
				a.nLS++
				a.lsMin = min(a.lsMin, it.ls)
				a.lsMax = max(a.lsMax, it.ls)
			}
		}
	}
	slices.Sort(ids)
	items := make([]likItem, len(ids))
	var partial, differ, noLS int
	for i, id := range ids {
		a := byID[id]
		items[i] = likItem{id: id, sm: a.sm / float64(a.n), sh: a.sh / float64(a.n)}
		if a.n < len(crits) {
			partial++
		}
		if a.nLS == 0 {
			noLS++
			continue
		}
		items[i].ls, items[i].hasLS = a.ls/float64(a.nLS), true
		if a.lsMax-a.lsMin > 1e-9*max(1, math.Abs(a.lsMin), math.Abs(a.lsMax)) {
			differ++
		}
	}
	var notes []string
	if partial > 0 {
		notes = append(notes, fmt.Sprintf("%d of %d items are scored on only some of the %d criteria; their means use the criteria they have",
			partial, len(ids), len(crits)))
	}
	if differ > 0 {
		notes = append(notes, fmt.Sprintf("%d of %d items have different likelihoods across criteria; their mean is used",
			differ, len(ids)))
	}
	if noLS > 0 {
		notes = append(notes, fmt.Sprintf("%d of %d items have no likelihood on any criterion and are left out of BiasScore",
			noLS, len(ids)))
	}
	return items, notes
}

// isFinite reports whether v is neither NaN nor ±Inf.
func isFinite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
