package report

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/selection"
)

// writeSolverOptions adds the solver knobs to the Options line when they
// differ from the defaults (so that default reports keep their bytes).
func writeSolverOptions(b *strings.Builder, so selection.Options) {
	if so.Solver != selection.SolverConverged {
		fmt.Fprintf(b, "Solver: %s (published code's λ = %g).\n", so.Solver, so.PublishedLambda)
	}
	if i, ok := so.StopAt.Point(); ok {
		fmt.Fprintf(b, "Stop at: CalibraEval uses point %d of its fit path.\n", i)
	}
}

// writePublishedFit says which path point the CalibraEval row uses (with
// --stop-at) and describes the published code's run, if any.
func writePublishedFit(b *strings.Builder, sel *selection.Result) {
	if st := sel.Stop; st != nil {
		fmt.Fprintf(b, "The CalibraEval row and curve are point %d of %d of the fit path (--stop-at), distance %.4f from the identity, objective %.6g, not the converged fit above.\n",
			st.Point, st.Points, st.Distance, st.Objective)
	}
	f := sel.Published
	if f == nil {
		return
	}
	o := f.Options
	fmt.Fprintf(b, "\nCalibraEval published code: λ = %g, %d epoch(s) of batches of %d at learning rate %g on %d items (%d skipped); "+
		"printed loss %.6g, reg %.6g, eq. 10 objective %.6g; g moved at most %.4f from the rank transform.\n",
		o.Lambda, o.Epochs, o.BatchSize, o.LR, f.Items, f.Skipped, f.Final.Loss, f.Final.Reg, f.Final.Objective, f.RankShift)
}

// pathRows picks the ~8 path points the Markdown table shows: the
// identity, the peaks, the stop point, the end and evenly spaced fill.
func pathRows(p *calibraeval.Path, stop *selection.StopInfo) []int {
	n := len(p.Points)
	set := map[int]bool{0: true, n - 1: true}
	for _, i := range p.Peak {
		set[i] = true
	}
	if stop != nil {
		set[stop.Point] = true
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
func writePath(b *strings.Builder, sel *selection.Result) {
	p := sel.Path
	if p == nil || len(p.Points) == 0 {
		return
	}
	n := len(p.Points)
	fmt.Fprintf(b, "\n### CalibraEval fit path (λ = %g, %d points from the identity to the converged fit)\n\n", p.Lambda, n)
	b.WriteString("| point | μ | objective | distance | Fleiss κ | ICC(2,k) | RStd | acc. (mean) | |\n|---:|---:|---:|---:|---:|---:|---:|---:|---|\n")
	for _, i := range pathRows(p, sel.Stop) {
		pt := &p.Points[i]
		mu := "∞"
		if !math.IsInf(pt.Mu, 0) {
			mu = fmt.Sprintf("%.3g", pt.Mu)
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
		if sel.Stop != nil && sel.Stop.Point == i {
			marks = append(marks, "stop")
		}
		if pt.Degenerate {
			marks = append(marks, "collapsed")
		}
		cell := func(s calib.Stat, d int) string {
			if !s.OK() {
				return "—"
			}
			return fmt.Sprintf("%.*f", d, s.Value)
		}
		fmt.Fprintf(b, "| %d | %s | %.6g | %.4f | %s | %s | %s | %s | %s |\n", i, mu, pt.Objective, pt.Distance,
			cell(pt.All.FleissKappa, 3), cell(pt.All.ICC2k, 3), cell(pt.All.RStd, 2), cell(pt.All.AccuracyMean, 3), strings.Join(marks, ", "))
	}
	if s := PathSentence(p); s != "" {
		b.WriteString("\n" + s + "\n")
	}
	for _, note := range p.Notes {
		fmt.Fprintf(b, "Path note: %s.\n", mdMsg(strings.TrimSuffix(note, ".")))
	}
}

// PathSentence says where agreement (ICC(2,k)) peaks on the path and what
// the objective's own optimum (the last point) gives ("" when ICC(2,k) is
// undefined along the path).
func PathSentence(p *calibraeval.Path) string {
	pk, ok := p.Peak[calibraeval.PeakICC2k]
	end := len(p.Points) - 1
	if !ok || end < 0 {
		return ""
	}
	e := p.Points[end].All.ICC2k
	endS := "an undefined ICC(2,k)"
	if e.OK() {
		endS = fmt.Sprintf("%.3f", e.Value)
	}
	if p.Points[end].Degenerate {
		endS += " (collapsed)"
	}
	return fmt.Sprintf("Agreement peaks at point %d (ICC(2,k) %.3f); the objective's optimum, point %d, gives %s.",
		pk, p.Points[pk].All.ICC2k.Value, end, endS)
}
