package report

// csvBiasEffectRows are the position and token effects of the raw
// judgments (section "bias_effects"; method "raw"): each estimate with its
// interval, n, and in note the scale ("logit" bonus of P(A), or "rate":
// pick rate − ½) and the design, or why the design does not identify it.
func csvBiasEffectRows(rows []csvRow, judge string, j *Judge) []csvRow {
	if j.Selection == nil || j.Selection.BiasEffects == nil {
		return rows
	}
	b := j.Selection.BiasEffects
	for _, e := range []struct {
		metric string
		e      *BiasEffect
	}{{"position", &b.Position}, {"token", &b.Token}, {"position_token", &b.PositionToken}} {
		r := csvRow{section: "bias_effects", judge: judge, method: "raw", metric: e.metric, value: e.e.Estimate, n: csvInt(e.e.N)}
		r.ciLow, r.ciHigh = csvPair(e.e.CI)
		if r.value != nil {
			r.note = "scale: " + b.Scale + "; design: " + b.Design
		} else {
			r.note = undefinedNote(nil, deref(e.e.Reason))
		}
		rows = append(rows, r)
	}
	return rows
}
