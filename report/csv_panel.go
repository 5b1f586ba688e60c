package report

// csvPanelRows are the panel section's rows, after every judge's: section
// "panel" (judge "panel"; method "agreement" for α and Fleiss' κ, the
// verdict's name (majority, mean, calibrated, pride) for its metrics, "leave_one_out" with the judge left out
// as metric prefix), "panel_kappa" (judge a, method b: Cohen's κ) and
// "panel_pairs" (judge a, method b: accuracy_diff with its interval and
// mark "survives", mcnemar_p, holm_p, cohen_kappa).
func csvPanelRows(d *Doc) []csvRow {
	p := d.Panel
	if p == nil {
		return nil
	}
	var rows []csvRow
	stat := func(method, metric string, s PanelStat) {
		r := csvRow{section: "panel", judge: "panel", method: method, metric: metric, value: s.Value, n: csvInt(s.N),
			note: undefinedNote(s.Value, s.Note)}
		r.ciLow, r.ciHigh = csvPair(s.CI95)
		rows = append(rows, r)
	}
	stat("agreement", "alpha_nominal", p.KrippendorffAlpha.Nominal)
	stat("agreement", "alpha_interval", p.KrippendorffAlpha.Interval)
	stat("agreement", "fleiss_kappa", p.FleissKappa)
	for _, l := range p.LeaveOneOut {
		stat("leave_one_out", l.Judge+": alpha_nominal", l.Nominal)
		stat("leave_one_out", l.Judge+": alpha_interval", l.Interval)
	}
	verdict := func(method string, m *Metrics) {
		if m == nil {
			return
		}
		for _, k := range metricKeys {
			v := *k.dst(m)
			rows = append(rows, csvRow{section: "panel", judge: "panel", method: method, metric: k.key, value: v,
				n: csvInt(m.Counts[k.key]), note: undefinedNote(v, noteFor(m.Notes, k.key))})
		}
	}
	verdict("majority", &p.Verdict.Majority)
	verdict("mean", &p.Verdict.Mean)
	verdict("calibrated", p.Verdict.Calibrated)
	verdict("pride", p.Verdict.Pride)
	for a := range p.CohenKappa {
		for b := range p.CohenKappa[a] {
			if a != b {
				v := p.CohenKappa[a][b]
				rows = append(rows, csvRow{section: "panel_kappa", judge: p.Judges[a], method: p.Judges[b], metric: "cohen_kappa",
					value: v, note: undefinedNote(v, "")})
			}
		}
	}
	for _, q := range p.Pairs {
		mark := ""
		if q.Survives {
			mark = "survives"
		}
		diff := csvRow{section: "panel_pairs", judge: q.A, method: q.B, metric: "accuracy_diff", value: q.AccuracyDiff,
			mark: mark, n: csvInt(q.N), note: undefinedNote(q.AccuracyDiff, q.Note)}
		diff.ciLow, diff.ciHigh = csvPair(q.CI95)
		rows = append(rows, diff)
		for _, c := range []struct {
			metric string
			v      *float64
		}{{"mcnemar_p", q.McNemarP}, {"holm_p", q.HolmP}, {"cohen_kappa", q.CohenKappa}} {
			rows = append(rows, csvRow{section: "panel_pairs", judge: q.A, method: q.B, metric: c.metric, value: c.v,
				n: csvInt(q.N), note: undefinedNote(c.v, q.Note)})
		}
	}
	return rows
}
