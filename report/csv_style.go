package report

// csvStyleRows are the judge's length and self-preference bias and the
// win rates of the generators it judged (docs/style.md; JSON
// judges.<J>.style), in four sections:
//
//   - "style_length": method is the preference the measures use
//     (Style.Pref); metrics longer_preference, longer_raw,
//     longer_balanced, longer_when_gold_shorter and slope (φ);
//   - "style_length" also has a row per generator pair where one is the
//     longer in more than 90% of the items: method "MODEL vs OPPONENT",
//     metric longer_share (n: the pair's items with different lengths),
//     its note the sentence with the pair's φ;
//   - "style_self": method is the generator the judge is; metrics
//     own_preference (its note: the caveat without gold, and "not a
//     finding" for a position-dominated judge), beyond_quality and
//     beyond_others (the preference beyond the other judges, its note
//     the match's counts);
//   - "style_win_rate": method is "MODEL vs OPPONENT", or "MODEL vs all"
//     for the row against every other generator; metrics raw (its note
//     "not a finding" for a position-dominated judge), balanced,
//     calibrated, length_controlled (the minimal GLM's), slope,
//     length_controlled_difficulty (AlpacaEval 2.0's form with instruction
//     difficulty, only with --instruction-difficulty; no interval) and
//     corrected (whose interval is Lee et al.'s, the others' the paired
//     bootstrap's); the length_controlled row's note carries its
//     extrapolation warnings;
//   - "style_bradley_terry": method is the generator; metric score (β).
//
// The length bins are plot data and stay in the JSON. n is each value's
// item count. A value that is absent without a reason (a calibrated rate
// when no CalibraEval fit ran) has no row; an undefined one has its row,
// with the reason in note.
func csvStyleRows(rows []csvRow, judge string, j *Judge) []csvRow {
	s := j.Style
	if s == nil {
		return rows
	}
	add := func(section, method, metric string, v *float64, ci95 map[string][2]float64, counts map[string]int, notes []string, extra string) {
		why := noteFor(notes, metric)
		if v == nil && why == "" {
			return // not measured here (e.g. calibrated without a CalibraEval fit), nothing to say
		}
		row := csvRow{section: section, judge: judge, method: method, metric: metric, value: v,
			note: joinNotes(undefinedNote(v, why), extra)}
		row.ciLow, row.ciHigh = csvPairOf(ci95, metric)
		if n, ok := counts[metric]; ok {
			row.n = csvInt(n)
		}
		rows = append(rows, row)
	}
	l := &s.Length
	for _, m := range []struct {
		metric string
		v      *float64
	}{
		{"longer_preference", l.LongerPreference},
		{"longer_raw", l.LongerRaw},
		{"longer_balanced", l.LongerBalanced},
		{"longer_when_gold_shorter", l.LongerWhenGoldShorter},
		{"slope", l.Slope},
	} {
		add("style_length", s.Pref, m.metric, m.v, l.CI95, l.Counts, l.Notes, "")
	}
	rows = csvGeneratorLongerRows(rows, judge, s)
	dominated := ""
	if d := s.PositionDominated; d != nil {
		dominated = "not a finding: " + d.Reason
	}
	if p := s.SelfPreference; p != nil {
		add("style_self", p.Model, "own_preference", p.OwnPreference, p.CI95, p.Counts, p.Notes, joinNotes(dominated, p.Note))
		add("style_self", p.Model, "beyond_quality", p.BeyondQuality, p.CI95, p.Counts, p.Notes, "")
		rows = csvBeyondOthersRows(rows, judge, p)
	}
	for i := range s.WinRates {
		w := &s.WinRates[i]
		method := w.Model + " vs all"
		if w.Opponent != nil {
			method = w.Model + " vs " + *w.Opponent
		}
		add("style_win_rate", method, "raw", w.Raw, w.CI95, w.Counts, w.Notes, dominated)
		add("style_win_rate", method, "balanced", w.Balanced, w.CI95, w.Counts, w.Notes, "")
		add("style_win_rate", method, "calibrated", w.Calibrated, w.CI95, w.Counts, w.Notes, "")
		add("style_win_rate", method, "length_controlled", w.LengthControlled, w.CI95, w.Counts, w.Notes, joinNotes(w.Warnings...))
		if _, given := w.Counts["length_controlled_difficulty"]; given {
			add("style_win_rate", method, "length_controlled_difficulty", w.LengthControlledDifficulty, w.CI95, w.Counts, w.Notes, "")
		}
		add("style_win_rate", method, "slope", w.Slope, w.CI95, w.Counts, w.Notes, "")
		add("style_win_rate", method, "corrected", w.Corrected, nil, w.Counts, w.Notes, "")
		if w.CorrectedCI != nil {
			rows[len(rows)-1].ciLow, rows[len(rows)-1].ciHigh = csvPair(w.CorrectedCI)
		}
	}
	for _, b := range s.BradleyTerry {
		row := csvRow{section: "style_bradley_terry", judge: judge, method: b.Model, metric: "score", value: b.Score,
			n: csvInt(b.N), note: undefinedNote(b.Score, joinNotes(b.Notes...))}
		row.ciLow, row.ciHigh = csvPair(b.CI95)
		rows = append(rows, row)
	}
	return rows
}
