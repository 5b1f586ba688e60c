package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// docMarkdown is what the Markdown report shows beyond the report JSON:
// the judges' order and the --stop-at point as a number.
type docMarkdown struct {
	// judges are the judges in the report's order (Doc.Judges is a map).
	judges []string
	// stopAt is the fit-path point --stop-at names; stopSet says whether
	// it names one (false: the converged fit).
	stopAt  int
	stopSet bool
}

// buildDocMarkdown returns the Markdown-only part of the document.
func buildDocMarkdown(an *analysis.Analysis) docMarkdown {
	var md docMarkdown
	for i := range an.Judges {
		md.judges = append(md.judges, an.Judges[i].Judge)
	}
	md.stopAt, md.stopSet = an.Options.Selection.StopAt.Point()
	return md
}

// WriteMarkdown writes the analysis as Markdown: the document BuildDoc
// makes of it, written by WriteMarkdownDoc.
func WriteMarkdown(w io.Writer, an *analysis.Analysis) error {
	return WriteMarkdownDoc(w, BuildDoc(an, ""))
}

// WriteMarkdownDoc writes the report as Markdown. It reads only d, which
// must come from BuildDoc or BuildDocWith: the Markdown shows a few things
// the JSON does not hold (a Doc decoded from JSON has no Markdown part).
func WriteMarkdownDoc(w io.Writer, d *Doc) error {
	var b strings.Builder
	o := &d.Options
	b.WriteString("# plumb report\n\n")
	var p, s, v int
	var names []string
	for _, f := range d.Files {
		p, s, v = p+f.Pairs, s+f.Scores, v+f.Verdicts
		names = append(names, md(f.Name))
	}
	fmt.Fprintf(&b, "Input: %s — %d pair, %d score and %d verdict records; %s.\n",
		strings.Join(names, ", "), p, s, v, judgesCounted(d))
	if d.Skipped.Lines > 0 {
		fmt.Fprintf(&b, "Skipped %s (--skip-bad); first reasons:\n", vocab.Plural(d.Skipped.Lines, "bad line"))
		for _, r := range d.Skipped.Reasons {
			fmt.Fprintf(&b, "- %s\n", mdMsg(r))
		}
	}
	for _, n := range d.Notes {
		fmt.Fprintf(&b, "Input note: %s\n", mdClause(n))
	}
	fmt.Fprintf(&b, "Options: λ = %g · estimation fraction %g · objective %s · seed %d\n",
		o.Lambda, o.EstFrac, o.Objective, o.Seed)
	writeReproduce(&b, d.Reproduce)
	writeSolverOptions(&b, d)
	if o.Group != "" {
		fmt.Fprintf(&b, "Group: only pair records of group %s (score and verdict records have no group).\n", md(o.Group))
	}
	writeSummary(&b, d)
	writeConditions(&b, d)
	for _, name := range d.md.judges {
		j := d.Judges[name]
		writeJudge(&b, name, &j)
	}
	writePanel(&b, d)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeJudge writes one judge's section.
func writeJudge(b *strings.Builder, name string, j *Judge) {
	fmt.Fprintf(b, "\n## Judge %s\n\n", md(name))
	fmt.Fprintf(b, "%d pair, %d score and %d verdict records.\n", j.Pairs, j.Scores, j.Verdicts)
	writeSelection(b, j)
	writeReporting(b, j)
	writeLikelihood(b, j)
	writeStyle(b, j)
}

// writeSolverOptions adds the solver knobs to the Options line when they
// differ from the defaults (so that default reports keep their bytes).
func writeSolverOptions(b *strings.Builder, d *Doc) {
	if o := &d.Options; o.Solver != selection.SolverConverged.String() {
		fmt.Fprintf(b, "Solver: %s (published code's λ = %g).\n", o.Solver, o.PublishedLambda)
	}
	if d.md.stopSet {
		fmt.Fprintf(b, "Stop at: CalibraEval uses point %d of its fit path.\n", d.md.stopAt)
	}
}

// intervalText is an interval after a space, " [lo, hi]" with three
// decimals, to follow a value ("" when there is none; as ciText).
func intervalText(ci *[2]float64) string {
	if ci == nil {
		return ""
	}
	return fmt.Sprintf(" [%.3f, %.3f]", ci[0], ci[1])
}

// fmtPValue formats a p-value: four decimals, or one significant digit
// in exponent form below 0.001; "—" when it is null (as fmtP).
func fmtPValue(v *float64) string {
	if v == nil {
		return "—"
	}
	if *v < 1e-3 {
		return fmt.Sprintf("%.1e", *v)
	}
	return fmt.Sprintf("%.4f", *v)
}

// judgesCounted says how many judges the report shows and which of them
// are one judge of the log in several conditions (each condition of a
// judge is a judge of its own in the report).
func judgesCounted(d *Doc) string {
	n := vocab.Plural(len(d.md.judges), "judge")
	if len(d.Conditions) == 0 {
		return n
	}
	parts := make([]string, len(d.Conditions))
	for i := range d.Conditions {
		parts[i] = fmt.Sprintf("%s in %s", md(d.Conditions[i].Judge), vocab.Plural(len(d.Conditions[i].Conditions), "condition"))
	}
	return fmt.Sprintf("%s (%s, each condition a judge of its own)", n, strings.Join(parts, ", "))
}
