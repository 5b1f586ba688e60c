package baseline

import (
	"errors"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// ReasonBPCAggregation is why BPC has no agreement metrics.
const ReasonBPCAggregation = "BPC is an aggregation: agreement after BPC is trivially perfect"

// BPCPrefs is Balanced Position Calibration (Wang et al.; docs/methods.md §4):
// for each item, r is averaged over pairs of arrangements that show the
// other response first. The pairs x0/x1 and x2/x3 are used where an item
// has them (the ID stays on the content, so only the position changes);
// an item with neither but with x0 and x2 — the design of FastChat,
// LLMBar, JudgeBench and Arena-Hard, and of Wang et al.'s own swap, where
// the labels stay on the positions — is averaged over x0/x2 (and one with
// x1 and x3 over x1/x3): position and ID move together there, and both are
// balanced. The result keeps p's item order; the x0/x1 (or x0/x2) average
// sits in slot x0, the x2/x3 average in slot x2 and the x1/x3 average in
// slot x1. Items with no such pair have no arrangement. It fails when no
// item has one.
func BPCPrefs(p calib.Prefs) (calib.Prefs, error) {
	n := len(p.R)
	if len(p.Has) != n || len(p.Gold) != n {
		return calib.Prefs{}, errors.New(metrics.ReasonMalformed)
	}
	q := calib.Prefs{
		R:    make([][model.NumArrangements]float64, n),
		Has:  make([][model.NumArrangements]bool, n),
		Gold: make([]model.Gold, n),
	}
	copy(q.Gold, p.Gold)
	found := false
	for i := range n {
		h, r := &p.Has[i], &p.R[i]
		if h[model.X0] && h[model.X1] {
			q.Has[i][model.X0] = true
			q.R[i][model.X0] = (r[model.X0] + r[model.X1]) / 2
			found = true
		}
		if h[model.X2] && h[model.X3] {
			q.Has[i][model.X2] = true
			q.R[i][model.X2] = (r[model.X2] + r[model.X3]) / 2
			found = true
		}
		if q.Has[i][model.X0] || q.Has[i][model.X2] {
			continue
		}
		switch {
		case h[model.X0] && h[model.X2]:
			q.Has[i][model.X0] = true
			q.R[i][model.X0] = (r[model.X0] + r[model.X2]) / 2
			found = true
		case h[model.X1] && h[model.X3]:
			q.Has[i][model.X1] = true
			q.R[i][model.X1] = (r[model.X1] + r[model.X3]) / 2
			found = true
		}
	}
	if !found {
		return calib.Prefs{}, errors.New("BPC needs items judged with each response shown first (x0 with x1 or x2, or x3 with x2 or x1)")
	}
	return q, nil
}

// BPCMetrics computes the metrics that apply to BPC preferences from
// BPCPrefs: accuracy (per group, mean over
// groups, and of the item's aggregate decision), recalls, RStd over the
// groups and the tie rate of the BPC decisions. The x0 slot reports the
// x0/x1 group and the x2 slot the x2/x3 group. The agreement metrics are
// not applicable and carry ReasonBPCAggregation.
func BPCMetrics(bp calib.Prefs) metrics.Metrics { return BPCMetricsSubset(bp, nil) }

// BPCMetricsSubset is BPCMetrics over the items idx (nil = all).
func BPCMetricsSubset(bp calib.Prefs, idx []int) metrics.Metrics {
	return bpcMarked(metrics.ComputeWithoutAgreement(bp, idx, ReasonBPCAggregation))
}

// BPCMetricsFixed is BPCMetricsSubset(bp, r.Idx), bit for bit, for
// f = metrics.NewFixed(bp): each drawn item counted once.
func BPCMetricsFixed(f *metrics.Fixed, r *metrics.Resample) metrics.Metrics {
	return bpcMarked(f.WithoutAgreement(r, nil, ReasonBPCAggregation))
}

// bpcMarked marks the x1 and x3 slots of BPC's metrics m, which BPC
// leaves empty, as averaged into x0 and x2.
func bpcMarked(m metrics.Metrics) metrics.Metrics {
	for _, a := range []model.Arrangement{model.X1, model.X3} {
		why := "BPC averages " + a.String() + " with " + (a - 1).String() + " (shown under " + (a - 1).String() + ")"
		m.Accuracy[a], m.Recall1[a], m.Recall2[a] = calib.Undefined(0, why), calib.Undefined(0, why), calib.Undefined(0, why)
	}
	return m
}
