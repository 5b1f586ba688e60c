package report

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/present"
)

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

	// md is what only the Markdown shows (pathMarkdown).
	md pathMarkdown
}

// pathMarkdown is what the Markdown shows of the fit path beyond the
// report JSON.
type pathMarkdown struct {
	// mu are the points' μ as computed (PathPointJSON.Mu is null for
	// +∞, written ∞).
	mu []float64
	// sentence is PathSentence's.
	sentence string
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
		out[k.key] = present.Value(k.get(m))
	}
	return out
}

// buildPath converts a fit path for the report JSON.
func buildPath(p *calibraeval.Path, stop *selection.StopInfo) *PathJSON {
	out := &PathJSON{Lambda: p.Lambda, Peak: p.Peak, SameBasin: p.SameBasin, Notes: nonNil(p.Notes), Points: make([]PathPointJSON, 0, len(p.Points)),
		md: pathMarkdown{mu: make([]float64, len(p.Points)), sentence: present.PathSentence(p)}}
	if hp := p.HeldoutPeak(); len(hp) > 0 {
		out.HeldoutPeak = hp
	}
	if stop != nil {
		i := stop.Point
		out.StopAt = &i
	}
	for i := range p.Points {
		pt := &p.Points[i]
		out.md.mu[i] = pt.Mu
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

// pathRows picks the ~8 of n path points the Markdown table shows: the
// identity, the peaks, the stop point (nil: none), the end and evenly
// spaced fill.
func pathRows(n int, peak map[string]int, stop *int) []int {
	set := map[int]bool{0: true, n - 1: true}
	for _, i := range peak {
		set[i] = true
	}
	if stop != nil {
		set[*stop] = true
	}
	for k := 1; len(set) < 8 && k < 8; k++ {
		set[k*(n-1)/8] = true
	}
	rows := make([]int, 0, len(set))
	for i := range set {
		rows = append(rows, i)
	}
	slices.Sort(rows)
	return rows
}

// writePath writes the fit path as a compact table and one sentence.
func writePath(b *strings.Builder, p *PathJSON) {
	if p == nil || len(p.Points) == 0 {
		return
	}
	n := len(p.Points)
	fmt.Fprintf(b, "\n### CalibraEval fit path (λ = %g, %d points from the identity to the converged fit)\n\n", p.Lambda, n)
	b.WriteString("| point | μ | objective | distance | Fleiss κ | ICC(2,k) | RStd | acc. (mean) | |\n|---:|---:|---:|---:|---:|---:|---:|---:|---|\n")
	for _, i := range pathRows(n, p.Peak, p.StopAt) {
		pt := &p.Points[i]
		mu := "∞"
		if !math.IsInf(p.md.mu[i], 0) {
			mu = fmt.Sprintf("%.3g", p.md.mu[i])
		}
		var marks []string
		if i == 0 {
			marks = append(marks, "identity (raw)")
		}
		if i == n-1 {
			marks = append(marks, "converged")
		}
		for _, k := range []string{calibraeval.PeakKappa, calibraeval.PeakICC2k, calibraeval.PeakRStd, calibraeval.PeakAccuracy} {
			if j, ok := p.Peak[k]; ok && j == i {
				marks = append(marks, "best "+k)
			}
		}
		if p.StopAt != nil && *p.StopAt == i {
			marks = append(marks, "stop")
		}
		if pt.Degenerate {
			marks = append(marks, "collapsed")
		}
		m := pt.Metrics
		fmt.Fprintf(b, "| %d | %s | %.6g | %.4f | %s | %s | %s | %s | %s |\n", i, mu, pt.Objective, pt.Distance,
			present.FmtValue(m["fleiss_kappa"], 3), present.FmtValue(m["icc2k"], 3), present.FmtValue(m["rstd"], 2), present.FmtValue(m["accuracy_mean"], 3), strings.Join(marks, ", "))
	}
	if s := p.md.sentence; s != "" {
		b.WriteString("\n" + s + "\n")
	}
	for _, note := range p.Notes {
		fmt.Fprintf(b, "Path note: %s.\n", mdClause(note))
	}
}
