package panel

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// verdicts sets the panel's majority, mean and calibrated mean verdicts
// (CalibraEval's and Pride's).
func verdicts(r *Result, in Input) {
	maj, mean := panelPrefs(in.Prefs, in.Gold, true), panelPrefs(in.Prefs, in.Gold, false)
	r.Majority, r.Mean = metrics.Compute(maj), metrics.Compute(mean)
	var note string
	r.Calibrated, r.CalibratedReason, note = calibratedVerdict(in, in.Calibrated, "calibrated", "a usable CalibraEval fit")
	if note != "" {
		r.Notes = append(r.Notes, note)
	}
	r.Pride, r.PrideReason, note = calibratedVerdict(in, in.Pride, "Pride", "Pride available")
	if note != "" {
		r.Notes = append(r.Notes, note)
	}
}

// calibratedVerdict is the mean of the judges' preferences cal (a judge
// without them entering raw), or why there is none, and a note naming the
// judges that entered raw.
func calibratedVerdict(in Input, cal []*calib.Prefs, name, needs string) (*metrics.Metrics, string, string) {
	var ps []calib.Prefs
	var raw []string
	for j, p := range in.Prefs {
		if cal != nil && cal[j] != nil {
			ps = append(ps, *cal[j])
			continue
		}
		ps = append(ps, p)
		raw = append(raw, in.Judges[j])
	}
	if len(raw) == len(in.Prefs) {
		return nil, "no judge has " + name + " preferences (" + needs + ")", ""
	}
	m := metrics.Compute(panelPrefs(ps, in.Gold, false))
	switch len(raw) {
	case 0:
		return &m, "", ""
	case 1:
		return &m, "", name + " verdict: judge " + raw[0] + " has no " + name + " preferences and enters raw"
	}
	return &m, "", fmt.Sprintf("%s verdict: %d judges have no %s preferences and enter raw (%s)", name, len(raw), name, strings.Join(raw, ", "))
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
