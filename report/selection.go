package report

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
)

// methodTitles are the Markdown names of the methods.
var methodTitles = map[string]string{
	selection.MethodRaw:                  "raw",
	selection.MethodCalibraEval:          "CalibraEval",
	selection.MethodCalibraEvalPublished: "CalibraEval (published code)",
	selection.MethodPride:                "Pride",
	selection.MethodBPC:                  "BPC",
	selection.MethodDiscard:              "discard inconsistent",
}

// MethodTitle is the display name of a method of selection.MethodNames().
func MethodTitle(name string) string {
	if t, ok := methodTitles[name]; ok {
		return t
	}
	return name
}

// Column is one column of the methods table, shared by the Markdown report
// and the TUI so both show the same metrics the same way.
type Column struct {
	Title    string
	Get      func(m *metrics.Metrics) calib.Stat
	Decimals int
	// Better is +1 when higher is better, −1 when lower is better and 0
	// when 0.5 is fair (the first-position rate).
	Better int
}

var selectionColumns = []Column{
	{"consistency", func(m *metrics.Metrics) calib.Stat { return m.Consistency }, 3, +1},
	{"first-pos. rate", func(m *metrics.Metrics) calib.Stat { return m.FirstPositionRate }, 3, 0},
	{"Fleiss κ", func(m *metrics.Metrics) calib.Stat { return m.FleissKappa }, 3, +1},
	{"ICC(2,k)", func(m *metrics.Metrics) calib.Stat { return m.ICC2k }, 3, +1},
	{"ICC(3,k)", func(m *metrics.Metrics) calib.Stat { return m.ICC3k }, 3, +1},
	{"RStd", func(m *metrics.Metrics) calib.Stat { return m.RStd }, 2, -1},
	{"acc. (mean)", func(m *metrics.Metrics) calib.Stat { return m.AccuracyMean }, 3, +1},
	{"acc. (aggregate)", func(m *metrics.Metrics) calib.Stat { return m.AccuracyAggregate }, 3, +1},
}

// SelectionColumns returns the columns of the methods table, in order.
func SelectionColumns() []Column { return slices.Clone(selectionColumns) }

// WriteMarkdown writes the analysis as Markdown.
func WriteMarkdown(w io.Writer, an *Analysis) error {
	var b strings.Builder
	so := an.Options.Selection
	b.WriteString("# plumb report\n\n")
	var p, s, v int
	var names []string
	for _, f := range an.Files {
		p, s, v = p+f.Pairs, s+f.Scores, v+f.Verdicts
		names = append(names, md(f.Name))
	}
	fmt.Fprintf(&b, "Input: %s — %d pair, %d score and %d verdict records; %s.\n",
		strings.Join(names, ", "), p, s, v, plural(len(an.Judges), "judge"))
	if an.Skipped > 0 {
		fmt.Fprintf(&b, "Skipped %s (--skip-bad); first reasons:\n", plural(an.Skipped, "bad line"))
		for _, r := range an.Reasons {
			fmt.Fprintf(&b, "- %s\n", mdMsg(r))
		}
	}
	for _, n := range an.Notes {
		fmt.Fprintf(&b, "Input note: %s\n", mdMsg(strings.TrimSuffix(n, ".")))
	}
	fmt.Fprintf(&b, "Options: λ = %g · estimation fraction %g · objective %s · seed %d\n",
		so.Lambda, so.EstFrac, so.Objective, so.Seed)
	writeReproduce(&b, an)
	writeSolverOptions(&b, so)
	if an.Options.Group != "" {
		fmt.Fprintf(&b, "Group: only pair records of group %s (score and verdict records have no group).\n", md(an.Options.Group))
	}
	writeSummary(&b, an)
	for i := range an.Judges {
		writeJudge(&b, &an.Judges[i])
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeJudge(b *strings.Builder, ja *JudgeAnalysis) {
	fmt.Fprintf(b, "\n## Judge %s\n\n", md(ja.Judge))
	fmt.Fprintf(b, "%d pair, %d score and %d verdict records.\n", ja.Pairs, ja.Scores, ja.Verdicts)
	writeSelection(b, ja)
	writeReporting(b, ja)
	writeLikelihood(b, ja)
}

func writeSelection(b *strings.Builder, ja *JudgeAnalysis) {
	sel := ja.Selection
	if sel == nil {
		fmt.Fprintf(b, "\nSelection bias: not available — %s.\n", mdMsg(ja.SelectionReason))
		return
	}
	var arr []string
	for _, a := range model.Arrangements {
		if sel.Arrangements[a] > 0 {
			arr = append(arr, fmt.Sprintf("%s %d", a, sel.Arrangements[a]))
		}
	}
	fmt.Fprintf(b, "Pair items: %d (%s), answers given as %s.\n", sel.N, strings.Join(arr, ", "), sourceName(sel.Source))
	for _, n := range sel.Notes {
		fmt.Fprintf(b, "Note: %s.\n", mdMsg(strings.TrimSuffix(n, ".")))
	}

	fmt.Fprintf(b, "\n### Selection bias — all %s\n\n", plural(sel.N, "item"))
	writeMethodsTable(b, sel, ja.Intervals, func(mr *selection.MethodResult) *metrics.Metrics { return &mr.All })
	if sel.HeldoutSize > 0 {
		fmt.Fprintf(b, "\n### Selection bias — %s held out (estimation set: %s, seed %d)\n\n",
			plural(sel.HeldoutSize, "item"), plural(sel.EstSize, "item"), sel.Options.Seed)
		writeMethodsTable(b, sel, nil, func(mr *selection.MethodResult) *metrics.Metrics { return mr.Heldout })
	}
	b.WriteString("\nChange from raw in brackets. Higher is better for consistency, κ, ICC and accuracy; " +
		"lower is better for RStd; 0.5 is fair for the first-position rate.\n")
	writeIntervals(b, ja)
	writeAccuracyTies(b, sel)

	if f := sel.Fit; f != nil {
		state := "converged"
		if !f.Converged {
			state = "did not converge"
		}
		warm := ""
		if sel.WarmStarted {
			warm = ", warm-started"
		}
		fmt.Fprintf(b, "\nCalibraEval fit: %s after %d iterations (%s%s); objective %.6g, gradient norm %.3g, %d knots.\n",
			state, f.Iterations, f.Status, warm, f.Objective, f.GradNorm, f.Points)
	}
	if c := sel.Curve; len(c) == selection.CurvePoints {
		b.WriteString("Learned curve g*: ")
		for i, x := range []int{0, 10, 25, 50, 75, 90, 100} {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "g*(%.2f) = %.3f", float64(x)/100, c[x])
		}
		b.WriteString(".\n")
	}
	writePublishedFit(b, sel)
	writeMethodNotes(b, sel)
	writePath(b, sel)
	writeBiasEffects(b, sel)
}

func writeMethodsTable(b *strings.Builder, sel *selection.Result, iv *selection.Intervals, pick func(*selection.MethodResult) *metrics.Metrics) {
	b.WriteString("| method |")
	for _, c := range selectionColumns {
		b.WriteString(" " + c.Title + " |")
	}
	b.WriteString(" n |\n|---|")
	for range selectionColumns {
		b.WriteString("---:|")
	}
	b.WriteString("---:|\n")
	raw := pick(sel.Method(selection.MethodRaw))
	for i := range sel.Methods {
		mr := &sel.Methods[i]
		title := methodTitles[mr.Name]
		m := pick(mr)
		if k := mr.KeptFor(m); k != nil && k.OK() {
			title += fmt.Sprintf(" (kept %.1f%%)", 100*k.Value)
		}
		if mr.Degenerate {
			title += " (collapsed)"
		}
		fmt.Fprintf(b, "| %s |", title)
		if !mr.Available || m == nil {
			for range selectionColumns {
				b.WriteString(" — |")
			}
			b.WriteString(" — |\n")
			continue
		}
		for _, c := range selectionColumns {
			st := c.Get(m)
			cell := "—"
			switch {
			case mr.Degenerate:
				cell = "collapsed"
			case st.OK():
				cell = fmt.Sprintf("%.*f", c.Decimals, st.Value)
				if st.Flag != "" {
					cell += FlagMark
				} else if mr.Name != selection.MethodRaw && raw != nil {
					if r := c.Get(raw); r.OK() && r.Flag == "" {
						cell += " (" + signed(st.Value-r.Value, c.Decimals) + changeMark(iv, mr.Name, c, r.Value, st.Value) + ")"
					}
				}
			}
			b.WriteString(" " + cell + " |")
		}
		fmt.Fprintf(b, " %d |\n", m.N)
	}
}

// writeMethodNotes lists why cells are empty, one line per method and
// reason, plus each method's own notes.
func writeMethodNotes(b *strings.Builder, sel *selection.Result) {
	var lines []string
	for i := range sel.Methods {
		mr := &sel.Methods[i]
		name := methodTitles[mr.Name]
		if !mr.Available {
			lines = append(lines, fmt.Sprintf("%s: not available — %s", name, mr.Reason))
			continue
		}
		var order []string
		byReason := map[string][]string{}
		for _, c := range selectionColumns {
			if mr.Degenerate {
				break // one note (in mr.Notes) says why every cell is "collapsed"
			}
			if st := c.Get(&mr.All); !st.OK() {
				if _, ok := byReason[st.Reason]; !ok {
					order = append(order, st.Reason)
				}
				byReason[st.Reason] = append(byReason[st.Reason], c.Title)
			}
		}
		for _, r := range order {
			lines = append(lines, fmt.Sprintf("%s: %s undefined — %s", name, strings.Join(byReason[r], ", "), r))
		}
		for _, n := range mr.Notes {
			lines = append(lines, name+": "+n)
		}
		for _, n := range mr.All.Notes {
			lines = append(lines, name+": "+n)
		}
		lines = append(lines, flagNotes(name, mr, sel.HeldoutSize > 0)...)
	}
	writeNotes(b, lines)
}

func signed(d float64, decimals int) string {
	s := fmt.Sprintf("%+.*f", decimals, d)
	if strings.Trim(s, "+-0.") == "" {
		return "±0"
	}
	return strings.Replace(s, "-", "−", 1)
}

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

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
