package calib

import (
	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/model"
)

// Prefs holds one judge's preferences for response_1, r_j, per item and
// arrangement (docs/methods.md §1), with the items' gold labels. Raw preferences
// come from the observed P(A); a calibration method produces new ones.
type Prefs struct {
	R    [][model.NumArrangements]float64
	Has  [][model.NumArrangements]bool
	Gold []model.Gold
}

// Len is the number of items.
func (p Prefs) Len() int { return len(p.R) }

// RawPrefs returns the uncalibrated preferences of the pair records:
// r_j = s_j for x0, x1 and 1 − s_j for x2, x3.
func RawPrefs(pairs []model.Pair) Prefs { return MappedPrefs(pairs, nil) }

// MappedPrefs returns the preferences after mapping every observed P(A)
// through f (nil = identity): r_j = f(s_j) for x0, x1 and 1 − f(s_j) for
// x2, x3 (docs/methods.md §1). Arrangements an item lacks stay absent. Every
// calibration method that maps P(A) (CalibraEval's g*, Pride's debiasing)
// produces its preferences this way.
func MappedPrefs(pairs []model.Pair, f func(s float64) float64) Prefs {
	return MappedPrefsIn(pairs, f, nil)
}

// PrefsIn returns Prefs for n items whose arrays come from ws (not
// zeroed; a nil ws allocates them); give them back with PutPrefs once no
// metric reads them.
func PrefsIn(n int, ws *work.Space) Prefs {
	return Prefs{R: ws.Rows(n), Has: ws.Flags(n), Gold: ws.Golds(n)}
}

// PutPrefs gives the arrays of p, from PrefsIn, back to ws (nil: nothing
// to do).
func PutPrefs(ws *work.Space, p Prefs) {
	ws.PutRows(p.R)
	ws.PutFlags(p.Has)
	ws.PutGolds(p.Gold)
}

// MappedPrefsIn is MappedPrefs with the arrays from ws (nil: allocated);
// every element is written (R[i] in full, 0 where an arrangement is
// missing, as in a new array). Give them back with PutPrefs.
func MappedPrefsIn(pairs []model.Pair, f func(s float64) float64, ws *work.Space) Prefs {
	p := PrefsIn(len(pairs), ws)
	for i := range pairs {
		pr := &pairs[i]
		p.Has[i] = pr.Has
		p.Gold[i] = pr.Gold
		var r [model.NumArrangements]float64
		for _, a := range model.Arrangements {
			if !pr.Has[a] {
				continue
			}
			s := pr.S[a]
			if f != nil {
				s = f(s)
			}
			r[a] = a.Preference(s)
		}
		p.R[i] = r
	}
	return p
}

// Subset returns the preferences of the items idx, in that order. The
// returned value shares no slices with p.
func (p Prefs) Subset(idx []int) Prefs {
	q := Prefs{
		R:    make([][model.NumArrangements]float64, len(idx)),
		Has:  make([][model.NumArrangements]bool, len(idx)),
		Gold: make([]model.Gold, len(idx)),
	}
	for k, i := range idx {
		q.R[k], q.Has[k], q.Gold[k] = p.R[i], p.Has[i], p.Gold[i]
	}
	return q
}

// Choice is a decision read from a preference: 1 if r > 0.5, 2 if r < 0.5,
// and tie (0) if r = 0.5 (docs/methods.md §1), where "= 0.5" means within
// TieTolerance (IsTie), so round-off never decides a choice.
func Choice(r float64) model.Gold {
	switch {
	case r >= 0.5+TieTolerance:
		return model.Gold1
	case r <= 0.5-TieTolerance:
		return model.Gold2
	}
	return model.GoldTie
}
