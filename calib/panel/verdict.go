package panel

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// verdicts sets the panel's majority, mean and calibrated mean verdicts.
func verdicts(r *Result, in Input) {
	maj, mean := panelPrefs(in.Prefs, in.Gold, true), panelPrefs(in.Prefs, in.Gold, false)
	r.Majority, r.Mean = metrics.Compute(maj), metrics.Compute(mean)
	var cal []calib.Prefs
	var raw []string
	for j, p := range in.Prefs {
		if in.Calibrated != nil && in.Calibrated[j] != nil {
			cal = append(cal, *in.Calibrated[j])
			continue
		}
		cal = append(cal, p)
		raw = append(raw, in.Judges[j])
	}
	if len(raw) == len(in.Prefs) {
		r.CalibratedReason = "no judge has calibrated preferences (a usable CalibraEval fit)"
		return
	}
	m := metrics.Compute(panelPrefs(cal, in.Gold, false))
	r.Calibrated = &m
	switch len(raw) {
	case 0:
	case 1:
		r.Notes = append(r.Notes, "calibrated verdict: judge "+raw[0]+" has no calibrated preferences and enters raw")
	default:
		r.Notes = append(r.Notes, fmt.Sprintf("calibrated verdict: %d judges have no calibrated preferences and enter raw (%s)",
			len(raw), strings.Join(raw, ", ")))
	}
}

// panelPrefs returns the panel's preferences: in each arrangement of each
// item, the majority vote of the judges' choices there (vote) or the mean
// of their preferences.
func panelPrefs(ps []calib.Prefs, gold []model.Gold, vote bool) calib.Prefs {
	n := len(gold)
	out := calib.Prefs{R: make([][model.NumArrangements]float64, n),
		Has: make([][model.NumArrangements]bool, n), Gold: append([]model.Gold(nil), gold...)}
	for i := 0; i < n; i++ {
		for a := 0; a < model.NumArrangements; a++ {
			var sum float64
			var m int
			var votes [4]int // by model.Gold: 1, 2, tie
			for _, p := range ps {
				if !p.Has[i][a] {
					continue
				}
				sum += p.R[i][a]
				m++
				votes[calib.Choice(p.R[i][a])]++
			}
			if m == 0 {
				continue
			}
			out.Has[i][a] = true
			if !vote {
				out.R[i][a] = sum / float64(m)
				continue
			}
			out.R[i][a] = majority(votes)
		}
	}
	return out
}

// majority is the preference of the most frequent choice (1 → 1, 2 → 0,
// tie → ½); equal top counts give ½.
func majority(v [4]int) float64 {
	c1, c2, ct := v[model.Gold1], v[model.Gold2], v[model.GoldTie]
	switch {
	case c1 > c2 && c1 > ct:
		return 1
	case c2 > c1 && c2 > ct:
		return 0
	}
	return 0.5
}
