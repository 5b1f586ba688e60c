package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/present"
)

// Selection is the selection-bias analysis of a judge.
type Selection struct {
	Items         int                `json:"items"`
	Arrangements  map[string]int     `json:"arrangements"`
	Source        string             `json:"source"`
	EstimationSet EstimationSet      `json:"estimation_set"`
	Methods       map[string]*Method `json:"methods"`
	// Curve is g* at 101 evenly spaced points 0, 0.01, …, 1 (null when
	// CalibraEval is unavailable).
	Curve []float64   `json:"curve"`
	Prior *PridePrior `json:"pride_prior"`
	Notes []string    `json:"notes"`
	// BiasEffects separates position from token bias (README, "Report JSON").
	BiasEffects *BiasEffects `json:"bias_effects"`
	// Bootstrap says how the intervals of the methods' ci95, delta_ci95
	// and change were made (null when none were).
	Bootstrap *DocBootstrap `json:"bootstrap"`
	// Path is CalibraEval's fit path (omitted unless asked for: --path or
	// --stop-at; path.go).
	Path *PathJSON `json:"path,omitempty"`
	// Evidence is the MEC analysis of sampled scores (omitted unless the
	// records have them; evidence.go).
	Evidence *Evidence `json:"evidence,omitempty"`

	// md is what only the Markdown shows (selectionMarkdown).
	md selectionMarkdown
}

// selectionMarkdown is what the Markdown shows of the selection bias
// beyond the report JSON.
type selectionMarkdown struct {
	// source is how the judge's answers were given.
	source model.Source
	// notes are the selection analysis's own notes (Selection.Notes adds
	// the bootstrap's).
	notes []string
	// ties is the accuracy with ties as a class (nil: no gold tie).
	ties *tiesMarkdown
	// fit, stop and published are the fit paragraph's blocks: the
	// converged fit, the fit-path point the row uses and the published
	// code's run (nil when absent; fit.go).
	fit       *Fit
	stop      *FitStop
	published *Fit
	// methodNotes are the lines under the methods table: why cells are
	// empty and each method's own notes (methods.go).
	methodNotes []string
	// intervals are the methods table's bootstrap intervals: how they
	// were made and their rows (intervals.go).
	intervals intervalsMarkdown
	// allRows and heldoutRows are the rows of the methods tables over
	// every item and over the held-out items (nil when none are held out;
	// methods.go).
	allRows, heldoutRows []present.MethodRow
}

// EstimationSet describes CalibraEval's and Pride's estimation set.
type EstimationSet struct {
	Frac    float64 `json:"frac"`
	Seed    uint64  `json:"seed"`
	Size    int     `json:"size"`
	Heldout int     `json:"heldout"`
}

// PridePrior is Pride's global prior over the ID tokens.
type PridePrior struct {
	A float64 `json:"a"`
	B float64 `json:"b"`
	N int     `json:"n"`
}

func buildSelection(s *selection.Result) *Selection {
	out := &Selection{
		Items:        s.N,
		Arrangements: map[string]int{},
		Source:       s.Source.String(),
		EstimationSet: EstimationSet{
			Frac: s.Options.EstFrac, Seed: s.Options.Seed, Size: s.EstSize, Heldout: s.HeldoutSize,
		},
		Methods: map[string]*Method{},
		Curve:   slices.Clone(s.Curve),
		Notes:   nonNil(s.Notes),

		BiasEffects: buildBiasEffects(&s.Effects),
		md:          selectionMarkdown{source: s.Source, notes: s.Notes, ties: buildTies(s), methodNotes: methodNotes(s)},
	}
	if s.Fit != nil {
		out.md.fit = convergedFit(s)
	}
	if st := s.Stop; st != nil {
		out.md.stop = &FitStop{Point: st.Point, Points: st.Points, Distance: st.Distance, Objective: st.Objective}
	}
	if s.Published != nil {
		out.md.published = publishedFit(s.Published)
	}
	for _, a := range model.Arrangements {
		if s.Arrangements[a] > 0 {
			out.Arrangements[a.String()] = s.Arrangements[a]
		}
	}
	if s.Prior != nil {
		out.Prior = &PridePrior{A: s.Prior.A, B: s.Prior.B, N: s.Prior.N}
	}
	for i := range s.Methods {
		mr := &s.Methods[i]
		m := &Method{Available: mr.Available, Notes: nonNil(mr.Notes)}
		if !mr.Available {
			r := mr.Reason
			m.Reason = &r
			m.Metrics = unavailableMetrics()
		} else {
			m.Metrics = buildMetrics(&mr.All)
			if mr.Heldout != nil {
				h := buildMetrics(mr.Heldout)
				m.Heldout = &h
			}
			if mr.Degenerate {
				markDegenerate(m, mr.DegenerateReason)
			}
		}
		// The embedded Metrics' notes are shadowed by Method.Notes in JSON:
		// carry them over.
		m.Notes = append(m.Notes, m.Metrics.Notes...)
		if mr.Kept != nil && mr.Kept.OK() {
			v := mr.Kept.Value
			m.Kept = &v
		}
		if mr.HeldoutKept != nil && mr.HeldoutKept.OK() && m.Heldout != nil {
			v := mr.HeldoutKept.Value
			m.HeldoutKept = &v
		}
		if mr.Name == selection.MethodCalibraEval && s.Fit != nil {
			m.Fit = convergedFit(s)
		}
		if mr.Name == selection.MethodCalibraEvalPublished && s.Published != nil {
			m.Fit = publishedFit(s.Published)
		}
		out.Methods[mr.Name] = m
	}
	if s.Path != nil {
		out.Path = buildPath(s.Path, s.Stop)
	}
	out.Evidence = buildEvidence(s.MEC)
	return out
}

// writeSelection writes the judge's selection-bias section.
func writeSelection(b *strings.Builder, j *Judge) {
	s := j.Selection
	if s == nil {
		fmt.Fprintf(b, "\nSelection bias: not available — %s.\n", mdClause(noteFor(j.Notes, "selection")))
		return
	}
	var arr []string
	for _, a := range model.Arrangements {
		if n := s.Arrangements[a.String()]; n > 0 {
			arr = append(arr, fmt.Sprintf("%s %d", a, n))
		}
	}
	fmt.Fprintf(b, "Pair items: %d (%s), answers given as %s.\n", s.Items, strings.Join(arr, ", "), sourceName(s.md.source))
	for _, n := range s.md.notes {
		fmt.Fprintf(b, "Note: %s.\n", mdClause(n))
	}

	fmt.Fprintf(b, "\n### Selection bias — all %s\n\n", vocab.Plural(s.Items, "item"))
	writeMethodsTable(b, s.md.allRows)
	if es := s.EstimationSet; es.Heldout > 0 {
		fmt.Fprintf(b, "\n### Selection bias — %s held out (estimation set: %s, seed %d)\n\n",
			vocab.Plural(es.Heldout, "item"), vocab.Plural(es.Size, "item"), es.Seed)
		writeMethodsTable(b, s.md.heldoutRows)
	}
	b.WriteString("\nChange from raw in brackets. Higher is better for consistency, κ, ICC and accuracy; " +
		"lower is better for RStd; 0.5 is fair for the first-position rate, so nearer 0.5 is better.\n")
	writeIntervals(b, &s.md.intervals)
	writeAccuracyTies(b, s.md.ties)
	writeEvidence(b, s.Evidence)

	writeFit(b, s)
	writeNotes(b, s.md.methodNotes)
	writePath(b, s.Path)
	writeBiasEffects(b, s.BiasEffects)
}

// sourceName names how a judge's answers were given.
func sourceName(s model.Source) string {
	switch s {
	case model.SourceProb:
		return "probabilities (p_a)"
	case model.SourceLogprob:
		return "log-probabilities"
	case model.SourceChoice:
		return "hard choices"
	}
	return s.String()
}
