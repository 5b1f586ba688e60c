package mec

import (
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// Row is one method's agreement with gold and the items it decided.
type Row struct {
	Name string
	// Items counts the items with a verdict.
	Items int
	Agreement
}

// Result is the MEC analysis of one judge.
type Result struct {
	// Items counts the pairs with a read score sample; Samples the read
	// score samples over all of them, Unread the samples of those records
	// that gave no scores (kept in the log, used by no method).
	Items, Samples, Unread int
	// MaxK is the most read score samples of one arrangement of an item,
	// MinK the fewest over the arrangements that have any.
	MaxK, MinK int
	// Conflict is the share of items with samples in x0 and x2 whose MEC
	// verdicts in the two orders differ (all samples).
	Conflict calib.Stat
	// Rows holds MEC, BPC over scores and MEC + BPC, in Names' order.
	Rows []Row
	// Curve is accuracy and the conflict rate as K grows (seeded).
	Curve []Point
	// Seed drew the curve's subsamples.
	Seed uint64
}

// Analyze runs MEC on pairs (one judge's); ok is false when no pair has a
// read score sample.
func Analyze(pairs []model.Pair, seed uint64) (*Result, bool) {
	if !HasScores(pairs) {
		return nil, false
	}
	items := make([]Scores, len(pairs))
	gold := make([]model.Gold, len(pairs))
	res := &Result{Seed: seed, MinK: -1}
	for i := range pairs {
		items[i] = ItemScores(&pairs[i])
		gold[i] = pairs[i].Gold
		res.count(&pairs[i], &items[i])
	}
	for _, name := range Names() {
		v, has := Verdicts(Prefs(items, gold, name, 0))
		row := Row{Name: name, Agreement: AgainstGold(v, has, gold)}
		for _, h := range has {
			if h {
				row.Items++
			}
		}
		res.Rows = append(res.Rows, row)
	}
	if c, n := conflicts(items); n > 0 {
		res.Conflict = calib.Defined(c, n)
	} else {
		res.Conflict = calib.Undefined(0, "no item has samples in both x0 and x2")
	}
	res.Curve = Curve(items, gold, seed)
	return res, true
}

// count adds one pair's samples to the totals.
func (r *Result) count(p *model.Pair, s *Scores) {
	if p.Samples == nil {
		return
	}
	scored := false
	for _, a := range model.Arrangements {
		for i := range p.Samples[a] {
			if p.Samples[a][i].Kind == model.SampleUnread {
				r.Unread++
			}
		}
		n := len(s[a])
		if n == 0 {
			continue
		}
		scored = true
		r.Samples += n
		r.MaxK = max(r.MaxK, n)
		if r.MinK < 0 || n < r.MinK {
			r.MinK = n
		}
	}
	if scored {
		r.Items++
	}
}
