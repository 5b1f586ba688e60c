package report

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/selection"
)

// Fit describes CalibraEval's optimisation. Solver is "converged" or
// "published"; StopAt is set when the row uses a fit-path point; Published
// describes the published code's run.
type Fit struct {
	Solver      string            `json:"solver"`
	Iterations  int               `json:"iterations"`
	Objective   float64           `json:"objective"`
	GradNorm    float64           `json:"grad_norm"`
	Points      int               `json:"points"`
	Converged   bool              `json:"converged"`
	Status      string            `json:"status"`
	WarmStarted bool              `json:"warm_started"`
	StopAt      *FitStop          `json:"stop_at,omitempty"`
	Published   *PublishedFitInfo `json:"published,omitempty"`
}

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
	// PrintedLoss is what the script prints, once before each epoch:
	// [loss, reg, loss − λ·reg] per epoch, the first at the rank transform
	// it starts from (so with its one epoch, the loss of the rank
	// transform, not of the g it saves); [] with no epoch.
	PrintedLoss [][3]float64 `json:"printed_loss"`
	// FinalLoss is the same [loss, reg, loss − λ·reg] at the fitted g,
	// which the script never prints; its last entry is eq. 10 / K, also
	// Fit.Objective.
	FinalLoss [3]float64 `json:"final_loss"`
	Commit    string     `json:"commit"`
}

// convergedFit returns the JSON fit block of the CalibraEval row: the
// converged fit, and the fit-path point it uses with --stop-at.
func convergedFit(s *selection.Result) *Fit {
	fit := &Fit{
		Iterations: s.Fit.Iterations, Objective: s.Fit.Objective, GradNorm: s.Fit.GradNorm,
		Points: s.Fit.Points, Converged: s.Fit.Converged, Status: s.Fit.Status, WarmStarted: s.WarmStarted,
		Solver: selection.SolverConverged.String(),
	}
	if st := s.Stop; st != nil {
		fit.StopAt = &FitStop{Point: st.Point, Points: st.Points, Distance: st.Distance, Objective: st.Objective}
	}
	return fit
}

// publishedFit returns the JSON fit block of the published code's row.
func publishedFit(f *calibraeval.PublishedFit) *Fit {
	o := f.Options
	return &Fit{
		Solver: selection.SolverPublished.String(), Objective: f.Final.Objective, Iterations: f.Batches,
		Points: len(f.Curve.Z), Converged: false, Status: "published code: fixed epochs",
		Published: &PublishedFitInfo{
			Lambda: o.Lambda, Epochs: o.Epochs, BatchSize: o.BatchSize, LR: o.LR, Items: f.Items, Skipped: f.Skipped,
			RankShift: f.RankShift, PrintedLoss: printedLoss(f.Printed), FinalLoss: [3]float64{f.Final.Loss, f.Final.Reg, f.Final.Objective},
			Commit: calibraeval.PublishedCommit,
		},
	}
}

// printedLoss returns the published script's printed losses as JSON rows
// (never null: [] when it ran no epoch).
func printedLoss(ps []calibraeval.PublishedLoss) [][3]float64 {
	out := make([][3]float64, len(ps))
	for i, p := range ps {
		out[i] = [3]float64{p.Loss, p.Reg, p.Objective}
	}
	return out
}

// writeFit writes the selection section's fit paragraph: how the
// converged fit ended, the learned curve g* at a few points, the fit-path
// point the row uses (--stop-at) and the published code's run.
func writeFit(b *strings.Builder, s *Selection) {
	if f := s.md.fit; f != nil {
		state := "converged"
		if !f.Converged {
			state = "did not converge"
		}
		warm := ""
		if f.WarmStarted {
			warm = ", warm-started"
		}
		fmt.Fprintf(b, "\nCalibraEval fit: %s after %d iterations (%s%s); objective %.6g, gradient norm %.3g, %d knots.\n",
			state, f.Iterations, f.Status, warm, f.Objective, f.GradNorm, f.Points)
	}
	if c := s.Curve; len(c) == selection.CurvePoints {
		b.WriteString("Learned curve g*: ")
		for i, x := range []int{0, 10, 25, 50, 75, 90, 100} {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "g*(%.2f) = %.3f", float64(x)/100, c[x])
		}
		b.WriteString(".\n")
	}
	writePublishedFit(b, s)
}

// writePublishedFit says which path point the CalibraEval row uses (with
// --stop-at) and describes the published code's run, if any.
func writePublishedFit(b *strings.Builder, s *Selection) {
	if st := s.md.stop; st != nil {
		fmt.Fprintf(b, "The CalibraEval row and curve are point %d of %d of the fit path (--stop-at), distance %.4f from the identity, objective %.6g, not the converged fit above.\n",
			st.Point, st.Points, st.Distance, st.Objective)
	}
	if s.md.published == nil {
		return
	}
	f := s.md.published.Published
	fmt.Fprintf(b, "\nCalibraEval published code: λ = %g, %d epoch(s) of batches of %d at learning rate %g on %d items (%d skipped); "+
		"at the fitted g: loss %.6g, reg %.6g, eq. 10 objective %.6g; g moved at most %.4f from the rank transform.",
		f.Lambda, f.Epochs, f.BatchSize, f.LR, f.Items, f.Skipped, f.FinalLoss[0], f.FinalLoss[1], f.FinalLoss[2], f.RankShift)
	if len(f.PrintedLoss) > 0 {
		p := f.PrintedLoss[0]
		fmt.Fprintf(b, " The script prints the loss before each epoch, so what it shows is that of the rank transform it starts from: loss %.6g, reg %.6g, objective %.6g.", p[0], p[1], p[2])
	}
	b.WriteString("\n")
}
