package mec

import (
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// The method names, as in the methods table (selection.methods in JSON).
const (
	NameMEC       = "mec"        // MEC: one order, the mean of its K samples
	NameBPCScores = "bpc_scores" // BPC over scores: both orders, one sample each
	NameMECBPC    = "mec_bpc"    // MEC + BPC: every sample of both orders
)

// Names lists the methods in the methods table's order.
func Names() []string { return []string{NameMEC, NameBPCScores, NameMECBPC} }

// ReasonAggregation is why the BPC rows have no agreement metrics.
const ReasonAggregation = "an average over both orders: agreement between the orders is not defined"

// Prefs returns the preferences of method name (one of Names) for items
// and their gold labels. MEC gives one verdict per arrangement with
// samples (its choices can then be compared across arrangements); the BPC
// rows give one verdict per item, in slot x0, for items with samples in
// both orders. k caps the samples used per arrangement (k ≤ 0: all);
// BPC over scores always uses one.
func Prefs(items []Scores, gold []model.Gold, name string, k int) calib.Prefs {
	n := len(items)
	p := calib.Prefs{
		R:    make([][model.NumArrangements]float64, n),
		Has:  make([][model.NumArrangements]bool, n),
		Gold: make([]model.Gold, n),
	}
	copy(p.Gold, gold)
	if name == NameBPCScores {
		k = 1
	}
	for i := range items {
		s := &items[i]
		if name != NameMEC {
			p.R[i][model.X0], p.Has[i][model.X0] = BPCVerdict(s, k)
			continue
		}
		for _, a := range model.Arrangements {
			list := s[a]
			if k > 0 && len(list) > k {
				list = list[:k]
			}
			p.R[i][a], p.Has[i][a] = OrderVerdict(list)
		}
	}
	return p
}

// Metrics returns the metrics of method name's preferences over the items
// idx (nil = all): every metric for MEC, those without agreement for the
// BPC rows (ReasonAggregation).
func Metrics(p calib.Prefs, name string, idx []int) metrics.Metrics {
	if name == NameMEC {
		return metrics.ComputeIn(p, idx, nil)
	}
	return metrics.ComputeWithoutAgreement(p, idx, ReasonAggregation)
}

// Verdicts returns each item's verdict under method name (MEC: in x0, the
// order FairEval asks first) and whether it has one, for AgainstGold.
func Verdicts(p calib.Prefs) ([]Verdict, []bool) {
	v := make([]Verdict, p.Len())
	has := make([]bool, p.Len())
	for i := range v {
		v[i], has[i] = p.R[i][model.X0], p.Has[i][model.X0]
	}
	return v, has
}
