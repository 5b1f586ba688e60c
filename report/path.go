package report

import (
	"math"

	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/selection"
)

// FitStop is Fit.StopAt: the fit-path point the CalibraEval row uses.
type FitStop struct {
	Point     int     `json:"point"`
	Points    int     `json:"points"`
	Distance  float64 `json:"distance"`
	Objective float64 `json:"objective"`
}

// PublishedFitInfo is Fit.Published: the published code's run
// (calibraeval.PublishedFit).
type PublishedFitInfo struct {
	Lambda    float64 `json:"lambda"`
	Epochs    int     `json:"epochs"`
	BatchSize int     `json:"batch_size"`
	LR        float64 `json:"lr"`
	Items     int     `json:"items"`
	Skipped   int     `json:"skipped"`
	RankShift float64 `json:"rank_shift"`
	// PrintedLoss is the script's printed line at the fitted g: loss, reg
	// and loss − λ·reg (the last is eq. 10 / K, also Fit.Objective).
	PrintedLoss [3]float64 `json:"printed_loss"`
	Commit      string     `json:"commit"`
}

// PathJSON is Selection.Path: CalibraEval's fit path (calibraeval.Path).
type PathJSON struct {
	Lambda float64         `json:"lambda"`
	Points []PathPointJSON `json:"points"`
	// Peak maps kappa, icc2k, rstd and accuracy to the best point's index
	// over all items; HeldoutPeak the same over the held-out items.
	Peak        map[string]int `json:"peak"`
	HeldoutPeak map[string]int `json:"heldout_peak,omitempty"`
	SameBasin   bool           `json:"same_basin"`
	// StopAt is the point the CalibraEval row uses (null: the end).
	StopAt *int     `json:"stop_at"`
	Notes  []string `json:"notes"`
}

// PathPointJSON is one point of the path. Mu is null for the identity
// (μ = +∞). Metrics use the keys of the methods' metrics (null when
// undefined).
type PathPointJSON struct {
	Mu         *float64            `json:"mu"`
	Objective  float64             `json:"objective"`
	Distance   float64             `json:"distance"`
	Metrics    map[string]*float64 `json:"metrics"`
	Heldout    map[string]*float64 `json:"heldout,omitempty"`
	Degenerate bool                `json:"degenerate"`
}

// metricMap returns the metrics of m under the report's metric keys.
func metricMap(m *metrics.Metrics) map[string]*float64 {
	out := make(map[string]*float64, len(metricKeys))
	for _, k := range metricKeys {
		out[k.key] = value(k.get(m))
	}
	return out
}

// buildPath converts a fit path for the report JSON.
func buildPath(p *calibraeval.Path, stop *selection.StopInfo) *PathJSON {
	out := &PathJSON{Lambda: p.Lambda, Peak: p.Peak, SameBasin: p.SameBasin, Notes: nonNil(p.Notes), Points: make([]PathPointJSON, 0, len(p.Points))}
	if hp := p.HeldoutPeak(); len(hp) > 0 {
		out.HeldoutPeak = hp
	}
	if stop != nil {
		i := stop.Point
		out.StopAt = &i
	}
	for i := range p.Points {
		pt := &p.Points[i]
		j := PathPointJSON{Objective: pt.Objective, Distance: pt.Distance, Metrics: metricMap(&pt.All), Degenerate: pt.Degenerate}
		if !math.IsInf(pt.Mu, 0) && !math.IsNaN(pt.Mu) {
			mu := pt.Mu
			j.Mu = &mu
		}
		if pt.Heldout != nil {
			j.Heldout = metricMap(pt.Heldout)
		}
		out.Points = append(out.Points, j)
	}
	return out
}

// publishedFit returns the JSON fit block of the published code's row.
func publishedFit(f *calibraeval.PublishedFit) *Fit {
	o := f.Options
	return &Fit{
		Solver: selection.SolverPublished.String(), Objective: f.Final.Objective, Iterations: f.Batches,
		Points: len(f.Curve.Z), Converged: false, Status: "published code: fixed epochs",
		Published: &PublishedFitInfo{
			Lambda: o.Lambda, Epochs: o.Epochs, BatchSize: o.BatchSize, LR: o.LR, Items: f.Items, Skipped: f.Skipped,
			RankShift: f.RankShift, PrintedLoss: [3]float64{f.Final.Loss, f.Final.Reg, f.Final.Objective}, Commit: calibraeval.PublishedCommit,
		},
	}
}
