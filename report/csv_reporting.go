package report

// csvReportingRows are the verdict rate reported correctly (section
// "reporting"; method is the target, "verdict" or "pair:SOURCE"): the
// naive rate p̂ with its Wald interval, the bias-corrected θ̂ with its
// interval, the interval's width, the specificity q̂0 and sensitivity q̂1,
// and the test set's true θ when known.
func csvReportingRows(rows []csvRow, judge string, j *Judge) []csvRow {
	r := j.Reporting
	if r == nil {
		return rows
	}
	ciWhy := noteFor(r.Notes, "ci_lower")
	add := func(metric string, v *float64, ci *[2]float64, n *int, why string) {
		row := csvRow{section: "reporting", judge: judge, method: r.Target, metric: metric, value: v, n: n,
			note: undefinedNote(v, why)}
		row.ciLow, row.ciHigh = csvPair(ci)
		if v != nil && ci == nil && metric == "theta_hat" && ciWhy != "" {
			row.note = "no interval: " + ciWhy
		}
		rows = append(rows, row)
	}
	var thetaCI *[2]float64
	if r.CILower != nil && r.CIUpper != nil {
		thetaCI = &[2]float64{*r.CILower, *r.CIUpper}
	}
	add("p_hat", r.PHat, r.PHatCI, csvInt(r.N), noteFor(r.Notes, "p_hat"))
	add("theta_hat", r.ThetaHat, thetaCI, csvInt(r.N), noteFor(r.Notes, "theta_hat"))
	add("ci_width", r.CIWidth, nil, nil, ciWhy)
	add("q0_hat", r.Q0Hat, nil, csvInt(r.M0), noteFor(r.Notes, "q0_hat"))
	add("q1_hat", r.Q1Hat, nil, csvInt(r.M1), noteFor(r.Notes, "q1_hat"))
	if r.TrueTheta != nil {
		add("true_theta", r.TrueTheta, nil, csvInt(r.N), "")
	}
	return rows
}

// csvSplitNames are the budget splits of the reporting section, in the
// Markdown table's order.
var csvSplitNames = []string{"current", "equal", "exact", "approx", "adaptive", "best"}

// csvSplitRows are the calibration budget's splits (section
// "reporting_split"; method is the split): m0, m1, the CI width each
// gives and, where it was checked, its simulated coverage.
func csvSplitRows(rows []csvRow, judge string, j *Judge) []csvRow {
	r := j.Reporting
	if r == nil {
		return rows
	}
	for _, name := range csvSplitNames {
		s, ok := r.Splits[name]
		if !ok {
			continue
		}
		rows = append(rows,
			csvRow{section: "reporting_split", judge: judge, method: name, metric: "m0", value: csvFloat(float64(s.M0))},
			csvRow{section: "reporting_split", judge: judge, method: name, metric: "m1", value: csvFloat(float64(s.M1))},
			csvRow{section: "reporting_split", judge: judge, method: name, metric: "ci_width", value: s.CIWidth,
				note: undefinedNote(s.CIWidth, "no interval at this split")})
		if s.SimCoverage != nil {
			note := ""
			if s.Holds != nil && !*s.Holds {
				note = "too small to hold"
			}
			rows = append(rows, csvRow{section: "reporting_split", judge: judge, method: name, metric: "sim_coverage", value: s.SimCoverage, note: note})
		}
	}
	return rows
}
