package report

import (
	"slices"
)

// csvLikelihoodRows are the likelihood-bias results (section
// "likelihood"; method is the criterion, "total" for the micro total):
// BiasScore with its bootstrap interval, the permutation p-value and its
// Monte Carlo standard error, and the evaluation ρ(S_m, S_h).
func csvLikelihoodRows(rows []csvRow, judge string, j *Judge) []csvRow {
	l := j.Likelihood
	if l == nil {
		return rows
	}
	criteria := make([]string, 0, len(l.Criteria))
	for c := range l.Criteria {
		criteria = append(criteria, c)
	}
	slices.Sort(criteria)
	add := func(name string, b *BiasScore) {
		if b == nil {
			return
		}
		n := csvInt(b.N)
		row := func(metric string, v *float64, ci *[2]float64, why string) csvRow {
			r := csvRow{section: "likelihood", judge: judge, method: name, metric: metric, value: v, n: n, note: undefinedNote(v, why)}
			r.ciLow, r.ciHigh = csvPair(ci)
			return r
		}
		rows = append(rows,
			row("bias_score", b.BiasScore, b.CI95, noteFor(b.Notes, "bias_score")),
			row("p_value", b.PValue, nil, noteFor(b.Notes, "p_value")),
			row("p_value_se", b.PValueSE, nil, noteFor(b.Notes, "p_value")),
			row("eval_rho", b.EvalRho, nil, noteFor(b.Notes, "eval_rho")))
	}
	for _, c := range criteria {
		add(c, l.Criteria[c])
	}
	add("total", l.Total)
	return rows
}
