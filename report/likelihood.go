package report

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/present"
)

// Likelihood is the judge's likelihood bias (Ohi et al., docs/methods.md §6).
type Likelihood struct {
	Criteria map[string]*BiasScore `json:"criteria"`
	Total    *BiasScore            `json:"total"`
	// Points and TopRS are those of the total (micro) analysis; each
	// criterion has its own. Points is nil (the key left out) unless
	// DocSettings.Points asked for them.
	Points []Point  `json:"points,omitzero"`
	TopRS  []Point  `json:"top_rs"`
	Notes  []string `json:"notes"`

	// md is what only the Markdown shows (likelihoodMarkdown).
	md likelihoodMarkdown
}

// BiasScore is the likelihood-bias analysis of one criterion (or the total).
type BiasScore struct {
	BiasScore *float64 `json:"bias_score"`
	// CI95 is BiasScore's bootstrap interval (null when none).
	CI95   *[2]float64 `json:"ci95"`
	PValue *float64    `json:"p_value"`
	// PValueSE is the Monte Carlo standard error of the permutation
	// p-value (null when there is no p-value).
	PValueSE *float64 `json:"p_value_se"`
	EvalRho  *float64 `json:"eval_rho"`
	N        int      `json:"n"`
	Points   []Point  `json:"points,omitempty"`
	TopRS    []Point  `json:"top_rs,omitempty"`
	Notes    []string `json:"notes"`

	// md is what only the Markdown shows (biasMarkdown).
	md biasMarkdown
}

// Point is one item of the LS–US scatter.
type Point struct {
	ID string  `json:"id"`
	LS float64 `json:"ls"`
	US float64 `json:"us"`
	RS float64 `json:"rs"`
	Sm float64 `json:"s_m"`
	Sh float64 `json:"s_h"`
}

func buildLikelihood(l *likelihood.Analysis, withPoints bool) *Likelihood {
	out := &Likelihood{Criteria: map[string]*BiasScore{}, Notes: nonNil(l.Notes)}
	for i := range l.Criteria {
		c := &l.Criteria[i]
		bs := buildBias(c, true, withPoints)
		out.Criteria[c.Criterion] = bs
		out.md.criteria = append(out.md.criteria, criterionRow{c.Criterion, bs})
	}
	out.Total = buildBias(&l.Total, false, false)
	if withPoints {
		out.Points = points(l.Total.Points)
	}
	out.TopRS = points(l.Total.TopRS)
	return out
}

// buildBias converts one result; withTop adds its top-RS items and, with
// withPoints, its LS–US points.
func buildBias(b *likelihood.BiasResult, withTop, withPoints bool) *BiasScore {
	out := &BiasScore{N: b.N, Notes: nonNil(b.Notes), md: buildBiasMarkdown(b)}
	for _, f := range []struct {
		key string
		s   calib.Stat
		dst **float64
	}{{"bias_score", b.BiasScore, &out.BiasScore}, {"p_value", b.PValue, &out.PValue}, {"eval_rho", b.EvalRho, &out.EvalRho}} {
		*f.dst = present.Value(f.s)
		if !f.s.OK() {
			out.Notes = append(out.Notes, f.key+": "+f.s.Reason)
		}
	}
	if withTop {
		if withPoints {
			out.Points = points(b.Points)
		}
		out.TopRS = points(b.TopRS)
	}
	return out
}

func points(ps []likelihood.Point) []Point {
	out := make([]Point, len(ps))
	for i, p := range ps {
		out[i] = Point{ID: p.ID, LS: p.LS, US: p.US, RS: p.RS, Sm: p.Sm, Sh: p.Sh}
	}
	return out
}

// addBiasIntervals adds BiasScore's bootstrap interval and the p-value's
// Monte Carlo standard error.
func addBiasIntervals(out *Likelihood, l *likelihood.Analysis) {
	set := func(dst *BiasScore, b *likelihood.BiasResult) {
		if dst == nil {
			return
		}
		if b.BiasScore.OK() && b.BiasScore.CI != nil {
			dst.CI95 = &[2]float64{b.BiasScore.CI.Lower, b.BiasScore.CI.Upper}
		}
		dst.PValueSE = present.Value(b.PValueSE)
	}
	for i, c := range out.md.criteria { // l.Criteria's order
		set(c.bias, &l.Criteria[i])
	}
	set(out.Total, &l.Total)
}

// likelihoodMarkdown is what the Markdown shows of the likelihood bias
// beyond the report JSON.
type likelihoodMarkdown struct {
	// criteria are the criteria's rows in the analysis's order (Criteria
	// is a map).
	criteria []criterionRow
}

// criterionRow is one criterion's row of the likelihood-bias table.
type criterionRow struct {
	name string
	bias *BiasScore
}

// biasMarkdown is what the Markdown shows of one BiasScore row beyond the
// report JSON.
type biasMarkdown struct {
	// notes are the row's notes: the reasons of its undefined statistics,
	// then the analysis's notes.
	notes []string
}

// buildBiasMarkdown returns the Markdown-only part of one BiasScore row.
func buildBiasMarkdown(r *likelihood.BiasResult) biasMarkdown {
	var out biasMarkdown
	for _, st := range []struct {
		name string
		s    calib.Stat
	}{{"BiasScore", r.BiasScore}, {"p-value", r.PValue}, {"evaluation ρ", r.EvalRho}} {
		if !st.s.OK() {
			out.notes = append(out.notes, fmt.Sprintf("%s undefined — %s", st.name, st.s.Reason))
		}
	}
	out.notes = append(out.notes, r.Notes...)
	return out
}

// writeLikelihood writes the likelihood-bias table (docs/methods.md §6).
func writeLikelihood(b *strings.Builder, j *Judge) {
	l := j.Likelihood
	if l == nil {
		fmt.Fprintf(b, "\n### Likelihood bias\n\nNot available — %s.\n", mdClause(noteFor(j.Notes, "likelihood")))
		return
	}
	b.WriteString("\n### Likelihood bias\n\n| criterion | BiasScore ρ(LS, US) | p-value | evaluation ρ(S_m, S_h) | n |\n|---|---:|---:|---:|---:|\n")
	var notes []string
	row := func(name string, r *BiasScore) {
		fmt.Fprintf(b, "| %s | %s | %s | %s | %d |\n", md(name), present.FmtValue(r.BiasScore, 3)+biasCIText(r), fmtPValue(r.PValue)+pSEText(r), present.FmtValue(r.EvalRho, 3), r.N)
		for _, n := range r.md.notes {
			notes = append(notes, name+": "+n)
		}
	}
	for _, c := range l.md.criteria {
		row(c.name, c.bias)
	}
	row("total (micro)", l.Total)
	b.WriteString("\nBiasScore > 0: the judge over-rates outputs its language model finds likely.\n")
	writeBiasBootText(b, l)
	if top := l.TopRS; len(top) > 0 {
		ids := make([]string, len(top))
		for i, p := range top {
			ids[i] = fmt.Sprintf("%s (%.2f)", md(p.ID), p.RS)
		}
		fmt.Fprintf(b, "Highest RS (total): %s.\n", strings.Join(ids, ", "))
	}
	notes = append(notes, l.Notes...)
	writeNotes(b, notes)
}

// biasCIText is BiasScore's bootstrap interval, " [lo, hi]", or "".
func biasCIText(r *BiasScore) string {
	if r.CI95 == nil {
		return ""
	}
	return fmt.Sprintf(" [%s, %s]", present.Minus(r.CI95[0], 3), present.Minus(r.CI95[1], 3))
}

// pSEText is the permutation p-value's Monte Carlo standard error, " ±
// se", or "".
func pSEText(r *BiasScore) string {
	if r.PValue == nil || r.PValueSE == nil {
		return ""
	}
	return fmt.Sprintf(" ± %.2g", *r.PValueSE)
}

// writeBiasBootText says what BiasScore's brackets and the p-value's ±
// are, when any row has them.
func writeBiasBootText(b *strings.Builder, l *Likelihood) {
	ci, se := biasCIText(l.Total) != "", pSEText(l.Total) != ""
	for _, c := range l.md.criteria {
		ci = ci || biasCIText(c.bias) != ""
		se = se || pSEText(c.bias) != ""
	}
	if ci {
		b.WriteString("BiasScore in brackets: its 95% bootstrap interval over items (S_m and S_h re-normalised on each resample).\n")
	}
	if se {
		b.WriteString("p-value ± its Monte Carlo standard error (from the number of permutations).\n")
	}
}
