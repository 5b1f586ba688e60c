package reporting

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// BinaryItem is one item of a correct-reporting analysis (docs/methods.md §5):
// the judge's verdict ẑ, the human label z when there is one, and the true
// z when the producer of the log knows it (the simulator).
type BinaryItem struct {
	Pred  bool // the judge's verdict ẑ
	Gold  int8 // the human label z: −1 none, 0 or 1
	Truth int8 // the true z: −1 unknown, 0 or 1
}

// VerdictFrom says how a pair item's binary verdict ẑ = "response_1 is
// better" is read from the judge's preferences.
type VerdictFrom int

// The ways to read a pair item's verdict.
const (
	VerdictRawX0      VerdictFrom = iota // raw preference in the default arrangement x0
	VerdictAggregate                     // mean raw preference over the arrangements present
	VerdictCalibrated                    // CalibraEval-calibrated preference in x0
	VerdictBPC                           // BPC: mean of the position-swapped averages present
)

var verdictFromNames = [...]string{"raw-x0", "aggregate", "calibrated", "bpc"}

// String returns the name ParseVerdictFrom accepts.
func (v VerdictFrom) String() string {
	if v < 0 || int(v) >= len(verdictFromNames) {
		return fmt.Sprintf("VerdictFrom(%d)", int(v))
	}
	return verdictFromNames[v]
}

// ParseVerdictFrom parses "raw-x0", "aggregate", "calibrated" or "bpc".
func ParseVerdictFrom(s string) (VerdictFrom, error) {
	for i, n := range verdictFromNames {
		if s == n {
			return VerdictFrom(i), nil
		}
	}
	return 0, fmt.Errorf("unknown verdict source %q (want one of %s)", s, strings.Join(verdictFromNames[:], ", "))
}

// BinaryFromVerdicts turns verdict records into binary items: ẑ = the
// verdict, z = the human label (none when Human is nil), and the true z
// from Truth["z"] when present (> 0.5 is 1).
func BinaryFromVerdicts(vs []model.Verdict) []BinaryItem {
	out := make([]BinaryItem, len(vs))
	for i := range vs {
		v := &vs[i]
		it := BinaryItem{Pred: v.Verdict, Gold: -1, Truth: -1}
		if v.Human != nil {
			it.Gold = boolInt8(*v.Human)
		}
		if t, ok := v.Truth.Get("z"); ok {
			it.Truth = boolInt8(t > 0.5)
		}
		out[i] = it
	}
	return out
}

// LeftOut counts the pair items a conversion to binary items left out.
type LeftOut struct {
	// JudgeTie counts items whose verdict is a tie (r = 0.5), which is
	// neither ẑ = 1 nor ẑ = 0.
	JudgeTie int
	// GoldTie counts items whose gold label is a tie: z = "response_1 is
	// better" is undefined for them, so they belong to neither the test nor
	// the calibration set.
	GoldTie int
	// NoVerdict counts items without the arrangements the verdict needs
	// (e.g. BPC without a position-swapped pair).
	NoVerdict int
}

// Total is the number of items left out.
func (l LeftOut) Total() int { return l.JudgeTie + l.GoldTie + l.NoVerdict }

// Note says what was left out of total items and why, or "" when nothing
// was. Each item is counted once: a missing verdict first, then a judge
// tie, then a gold tie.
func (l LeftOut) Note(total int) string {
	if l.Total() == 0 {
		return ""
	}
	var parts []string
	if l.JudgeTie > 0 {
		parts = append(parts, fmt.Sprintf("%d with a tied verdict", l.JudgeTie))
	}
	if l.GoldTie > 0 {
		parts = append(parts, fmt.Sprintf("%d with a tie as gold", l.GoldTie))
	}
	if l.NoVerdict > 0 {
		parts = append(parts, fmt.Sprintf("%d without the arrangements the verdict needs", l.NoVerdict))
	}
	return fmt.Sprintf("%d of %d pair items are left out (%s)", l.Total(), total, strings.Join(parts, ", "))
}

// BinaryFromPrefs turns preferences into binary items for z = "response_1
// is better": z = 1 for gold 1, 0 for gold 2, no label without gold, and
// items with a tie as gold are left out. ẑ = 1 when the preference is above
// 1/2 and 0 when below; ties (within TieTolerance of 1/2) are left out. With mean
// false the preference is the x0 column (items without x0 are left out);
// with mean true it is the mean r over the arrangements present. pairs
// (nil or one per item, in the same order) supply the true z: from
// Truth["delta"] when present (δ > 0 is 1, δ < 0 is 0; gold is sign(δ) in
// the simulator), else from Truth["p1"] (> 1/2 is 1). Items beyond the
// shorter of p's slices are ignored.
func BinaryFromPrefs(p calib.Prefs, pairs []model.Pair, mean bool) ([]BinaryItem, LeftOut) {
	n := min(len(p.R), len(p.Has), len(p.Gold))
	out := make([]BinaryItem, 0, n)
	var left LeftOut
	for i := range n {
		var r float64
		var ok bool
		if mean {
			r, ok = meanPref(&p.R[i], &p.Has[i])
		} else {
			r, ok = p.R[i][model.X0], p.Has[i][model.X0]
		}
		switch {
		case !ok:
			left.NoVerdict++
			continue
		case calib.Choice(r) == model.GoldTie:
			left.JudgeTie++
			continue
		case p.Gold[i] == model.GoldTie:
			left.GoldTie++
			continue
		}
		it := BinaryItem{Gold: -1, Truth: -1}
		switch p.Gold[i] {
		case model.Gold1:
			it.Gold = 1
		case model.Gold2:
			it.Gold = 0
		}
		it.Pred = calib.Choice(r) == model.Gold1
		if i < len(pairs) {
			it.Truth = pairTruth(pairs[i].Truth)
		}
		out = append(out, it)
	}
	return out, left
}

// PairVerdicts returns the binary items of one judge's pairs for a
// correct-reporting analysis, with ẑ read as from says. The caller passes
// the matching preferences: RawPrefs(pairs) for raw-x0 and aggregate,
// CalibratedPrefs(pairs, curve) for calibrated, and BPCPrefs(RawPrefs(pairs))
// for bpc. raw-x0 and calibrated read the x0 column and need it in every
// item; aggregate and bpc average the arrangements present. It fails when
// prefs and pairs differ in length, from is unknown or x0 is missing.
func PairVerdicts(pairs []model.Pair, prefs calib.Prefs, from VerdictFrom) ([]BinaryItem, LeftOut, error) {
	n := len(pairs)
	if len(prefs.R) != n || len(prefs.Has) != n || len(prefs.Gold) != n {
		return nil, LeftOut{}, fmt.Errorf("verdicts from %s: %d preferences for %d pairs", from, prefs.Len(), n)
	}
	var mean bool
	switch from {
	case VerdictRawX0, VerdictCalibrated:
		for i := range prefs.Has {
			if !prefs.Has[i][model.X0] {
				return nil, LeftOut{}, fmt.Errorf("verdicts from %s need x0 in every item; %s (%s) has none",
					from, pairs[i].ID, pairs[i].Pos)
			}
		}
	case VerdictAggregate, VerdictBPC:
		mean = true
	default:
		return nil, LeftOut{}, fmt.Errorf("unknown verdict source %d", int(from))
	}
	items, left := BinaryFromPrefs(prefs, pairs, mean)
	return items, left, nil
}

// meanPref returns the mean preference over the arrangements present.
func meanPref(r *[model.NumArrangements]float64, has *[model.NumArrangements]bool) (float64, bool) {
	s, k := 0.0, 0
	for a, h := range has {
		if h {
			s += r[a]
			k++
		}
	}
	if k == 0 {
		return 0, false
	}
	return s / float64(k), true
}

// pairTruth reads the true z = "response_1 is better" of a pair record:
// sign(δ) when Truth has "delta" (the simulator's gold is sign(δ) outside
// its tie band; δ = 0 is unknown), else Truth["p1"] > 1/2; −1 if neither.
func pairTruth(t model.Truth) int8 {
	if d, ok := t.Get("delta"); ok {
		switch {
		case d > 0:
			return 1
		case d < 0:
			return 0
		}
		return -1
	}
	if p1, ok := t.Get("p1"); ok {
		return boolInt8(p1 > 0.5)
	}
	return -1
}

// boolInt8 is 1 for true and 0 for false.
func boolInt8(b bool) int8 {
	if b {
		return 1
	}
	return 0
}
