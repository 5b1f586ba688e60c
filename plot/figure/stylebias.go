package figure

import (
	"fmt"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/internal/textsafe"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// The figures of calib/style's analysis (docs/style.md): the preference for
// the longer response by length difference, the self-preference, and the
// generators' win rates as a forest plot. Judge and model names are drawn
// through textsafe.Line: a control character in a name (an escape
// sequence, a bidi override) is shown as a visible escape, and the SVG
// stays well-formed XML (U+001B is no XML character).

// Style returns the figures of a judge's style analysis that have
// something to show, named stem+".length", stem+".selfpref" and
// stem+".winrates": the longer-response preference by |Δ| bin when some
// items have two different lengths, the self-preference when the judge is
// a generator, and the win rates when some generator has a rate against
// all the others. nil r gives none.
func Style(stem, judge string, r *style.Result) []Figure {
	if r == nil {
		return nil
	}
	var figs []Figure
	if len(r.Length.Bins) > 0 {
		figs = append(figs, LengthBins(stem+".length", judge, &r.Length, r.Pref))
	}
	if s := r.Self; s != nil && s.OwnPreference.OK() {
		figs = append(figs, SelfPreference(stem+".selfpref", judge, s, r.Pref))
	}
	var rows []style.WinRate
	for _, w := range r.WinRates {
		if w.VsAll {
			rows = append(rows, w)
		}
	}
	if len(rows) > 0 {
		figs = append(figs, WinRates(stem+".winrates", judge, rows, r.Pref))
	}
	return qualifyStyle(figs, stem, r)
}

// prefName names a preference in captions and legends.
func prefName(p style.Pref) string {
	switch p {
	case style.PrefRawX0:
		return "raw (first recorded arrangement, x0)"
	case style.PrefCalibrated:
		return "calibrated (CalibraEval)"
	}
	return "position-balanced (mean over the arrangements)"
}

// errPointsY are points with vertical error bars (plotter.XYer and
// plotter.YErrorer).
type errPointsY struct {
	plotter.XYs
	plotter.YErrors
}

// ciText describes a statistic's interval for a caption.
func ciText(s calib.Stat) string {
	if s.CI == nil {
		return fmt.Sprintf("%.3f (no interval)", s.Value)
	}
	return fmt.Sprintf("%.3f [%.3f, %.3f]", s.Value, s.CI.Lower, s.CI.Upper)
}

// LengthBins draws the judge's mean preference for the longer response in
// bins of equal count by the absolute length difference |Δ| (code
// points), raw and position-balanced (and on pref when it is the
// calibrated one), with the line of no length bias at 0.5 and, at the
// right, the preference over all the items with its bootstrap interval
// (each bin's mean with its Wilson interval).
func LengthBins(name, judge string, l *style.Length, pref style.Pref) Figure {
	judge = textsafe.Line(judge)
	p := newPlot(fmt.Sprintf("Preference for the longer response — %s", judge),
		"absolute length difference |Δ| (Unicode code points), bins of equal count", "mean preference for the longer response")
	var caption strings.Builder
	fmt.Fprintf(&caption, "Length bias of judge %s: the mean preference for the longer of the two responses over the %d items whose responses have known, different lengths, in %d bins of about equal count by the absolute length difference |Δ| (labels: the bin's |Δ| range in code points), in the raw preference (first recorded arrangement) and the position-balanced one (mean over the arrangements). 0.5 (grey) is no length bias. ",
		judge, l.N, len(l.Bins))
	n := len(l.Bins)
	labels := make([]string, 0, n+1)
	lo, hi := 0.5, 0.5
	type series struct {
		label string
		idx   int
		get   func(b style.LengthBin) (float64, bool)
		all   calib.Stat
		dx    float64
	}
	ss := []series{
		{"raw (x0)", 1, func(b style.LengthBin) (float64, bool) { return b.Raw, true }, l.LongerRaw, -0.15},
		{"position-balanced", 4, func(b style.LengthBin) (float64, bool) { return b.Balanced, true }, l.LongerBalanced, 0},
	}
	if pref == style.PrefCalibrated {
		ss = append(ss, series{"calibrated", 3, func(b style.LengthBin) (float64, bool) { return b.Pref, b.HasPref }, l.LongerPreference, 0.15})
	}
	for _, b := range l.Bins {
		labels = append(labels, fmt.Sprintf("%d–%d\n(n=%d)", b.Lo, b.Hi, b.N))
	}
	labels = append(labels, "all")
	var overall []string
	var legend []LegendEntry
	for _, s := range ss {
		var xys plotter.XYs
		var errs plotter.YErrors
		for i, b := range l.Bins {
			if v, ok := s.get(b); ok && finite(v) {
				// Each series a little aside (dx), so that equal values
				// (raw and balanced on a one-order log) show both.
				xys = append(xys, plotter.XY{X: float64(i) + s.dx, Y: v})
				iv, _ := style.WilsonInterval(v, b.N, 0.95)
				errs = append(errs, struct{ Low, High float64 }{Low: v - iv.Lower, High: iv.Upper - v})
				lo, hi = min(lo, iv.Lower), max(hi, iv.Upper)
			}
		}
		if len(xys) == 0 {
			continue
		}
		ln := line(xys, s.idx)
		sc := scatter(xys, s.idx, vg.Points(2.5))
		if eb, err := plotter.NewYErrorBars(errPointsY{XYs: xys, YErrors: errs}); err == nil {
			eb.LineStyle = lineStyle(s.idx)
			eb.LineStyle.Dashes = nil
			eb.LineStyle.Width = vg.Points(0.6)
			p.Add(eb)
		}
		p.Add(ln, sc)
		legend = append(legend, legendEntry(s.label, ln, sc))
		if a := s.all; a.OK() && finite(a.Value) {
			pt := errPointsY{XYs: plotter.XYs{{X: float64(n) + s.dx, Y: a.Value}}, YErrors: plotter.YErrors{{}}}
			lo, hi = min(lo, a.Value), max(hi, a.Value)
			if a.CI != nil && finite(a.CI.Lower, a.CI.Upper) {
				pt.YErrors[0] = struct{ Low, High float64 }{Low: a.Value - a.CI.Lower, High: a.CI.Upper - a.Value}
				lo, hi = min(lo, a.CI.Lower), max(hi, a.CI.Upper)
				if eb, err := plotter.NewYErrorBars(pt); err == nil {
					eb.LineStyle = lineStyle(s.idx)
					eb.LineStyle.Dashes = nil
					p.Add(eb)
				}
			}
			p.Add(scatter(pt.XYs, s.idx, vg.Points(3.5)))
			overall = append(overall, s.label+" "+ciText(a))
		}
	}
	ref := refLine(plotter.XYs{{X: -0.5, Y: 0.5}, {X: float64(n) + 0.5, Y: 0.5}})
	p.Add(ref)
	legend = append(legend, legendEntry("0.5 = no length bias", ref))
	p.NominalX(labels...)
	p.X.Tick.Label.Font.Size = vg.Points(6.5)
	// The axis covers every interval and at least 0.5 ± BinMinHalfSpan, so
	// a few points of noise never fill it (docs/methods.md §8).
	lo, hi = min(lo, 0.5-style.BinMinHalfSpan), max(hi, 0.5+style.BinMinHalfSpan)
	pad := 0.05 * (hi - lo)
	p.Y.Min, p.Y.Max = max(0, lo-pad), min(1, hi+pad)
	if len(overall) > 0 {
		fmt.Fprintf(&caption, "Right (\"all\"): over all %d items, with 95%% paired item bootstrap intervals where computed: %s. ", l.N, strings.Join(overall, "; "))
	}
	if l.Slope.OK() {
		fmt.Fprintf(&caption, "Slope φ of logit p = θ + φ·tanh(Δ/sd(Δ)) on the %s preference: %s (φ > 0 favours the longer response). ", prefName(pref), ciText(l.Slope))
	}
	caption.WriteString("Each bin's mean has its 95% Wilson interval (conservative for soft preferences; docs/methods.md §8); the y axis covers every interval and at least 0.4–0.6. ")
	f := single(name, caption.String(), p, legend)
	f.WidthScale = 1.2
	return f
}

// SelfPreference draws the judge's preference for its own generator's
// response, over the items where exactly one response is its own, and the
// same over those whose gold prefers the other response, each with its
// interval, against 0.5 (no self-preference).
func SelfPreference(name, judge string, s *style.SelfPreference, pref style.Pref) Figure {
	judge, model := textsafe.Line(judge), textsafe.Line(s.Model)
	p := newPlot(fmt.Sprintf("Self-preference — %s (generator %s)", judge, model), "mean preference for its own response", "")
	p.X.Min, p.X.Max = 0, 1
	p.X.Tick.Marker = unitTicks{}
	p.Legend = plot.NewLegend()
	var caption strings.Builder
	fmt.Fprintf(&caption, "Self-preference of judge %s, which is the generator %s: its mean %s preference for its own response over the %d items where exactly one of the two responses is its own, ",
		judge, model, prefName(pref), s.N)
	type row struct {
		label string
		st    calib.Stat
	}
	rows := []row{{fmt.Sprintf("own response (n=%d)", s.OwnPreference.N), s.OwnPreference}}
	if s.BeyondQuality.OK() {
		rows = append(rows, row{fmt.Sprintf("gold prefers the other (n=%d)", s.BeyondQuality.N), s.BeyondQuality})
		caption.WriteString("and over those whose human label prefers the other response (self-preference beyond quality), ")
	}
	caption.WriteString("with 95% paired item bootstrap intervals where computed; 0.5 (grey) is no self-preference. ")
	names := make([]string, len(rows))
	var vals []string
	for i, r := range rows {
		y := float64(len(rows) - 1 - i)
		names[len(rows)-1-i] = r.label
		if !r.st.OK() || !finite(r.st.Value) {
			continue
		}
		pt := errPoints{XYs: plotter.XYs{{X: r.st.Value, Y: y}}, XErrors: plotter.XErrors{{}}}
		if r.st.CI != nil && finite(r.st.CI.Lower, r.st.CI.Upper) {
			pt.XErrors[0] = struct{ Low, High float64 }{Low: r.st.Value - r.st.CI.Lower, High: r.st.CI.Upper - r.st.Value}
			if eb, err := plotter.NewXErrorBars(pt); err == nil {
				eb.LineStyle = lineStyle(i * 4)
				eb.LineStyle.Dashes = nil
				p.Add(eb)
			}
		}
		p.Add(scatter(pt.XYs, i*4, vg.Points(3.5)))
		vals = append(vals, r.label+": "+ciText(r.st))
	}
	p.NominalY(names...)
	none := refLine(plotter.XYs{{X: 0.5, Y: -0.5}, {X: 0.5, Y: float64(len(rows)) - 0.5}})
	p.Add(none)
	fmt.Fprintf(&caption, "Values: %s.", strings.Join(vals, "; "))
	f := single(name, caption.String(), p, []LegendEntry{legendEntry("0.5 = no self-preference", none)})
	f.HeightScale = 0.5
	return f
}

// WinRates draws each generator's win rate against all the others (rows
// of style.Result.WinRates with VsAll) as a forest plot: raw,
// position-balanced, length-controlled and corrected, each with its
// interval, against 0.5 (an even match); rates as fractions, as every
// surface gives them.
func WinRates(name, judge string, rows []style.WinRate, pref style.Pref) Figure {
	judge = textsafe.Line(judge)
	p := newPlot(fmt.Sprintf("Win rates against all the others — judged by %s", judge), "win rate", "")
	p.X.Min, p.X.Max = 0, 1
	var legend []LegendEntry
	var caption strings.Builder
	fmt.Fprintf(&caption, "Win rate of each generator against all the others, as judged by %s: raw (each item's first recorded arrangement; for AlpacaEval's annotations its published win_rate), position-balanced (mean over the arrangements), %s (σ(θ) of the minimal GLM logit p = θ + φ·tanh(Δ/sd(Δ)), the form of AlpacaEval 2.0's length_controlled_minimal, fitted without a penalty, on the %s preference: the rate predicted at equal lengths; %s)%s and corrected for the judge's errors (Rogan–Gladen with Lee et al.'s interval, from the human labels). Bars: 95%% paired item bootstrap intervals (Lee et al.'s for the corrected rate) where computed; the grey line is an even match (0.5). ",
		judge, vocab.WinRateLC, prefName(pref), vocab.LeaderboardLCNote, difficultyCaption(rows))
	series := []struct {
		label string
		idx   int
		get   func(w *style.WinRate) calib.Stat
		dy    float64
	}{
		{"raw", 1, func(w *style.WinRate) calib.Stat { return w.Raw }, 0.27},
		{"position-balanced", 4, func(w *style.WinRate) calib.Stat { return w.Balanced }, 0.09},
		{vocab.WinRateLCShort, 3, func(w *style.WinRate) calib.Stat { return w.LengthControlled }, -0.09},
		{"corrected", 5, func(w *style.WinRate) calib.Stat { return w.Corrected }, -0.27},
	}
	if hasDifficulty(rows) {
		series = append(series, struct {
			label string
			idx   int
			get   func(w *style.WinRate) calib.Stat
			dy    float64
		}{vocab.WinRateLCDifficultyShort, 2, func(w *style.WinRate) calib.Stat { return w.LengthControlledDifficulty }, -0.18})
	}
	names := make([]string, len(rows))
	for i := range rows {
		names[len(rows)-1-i] = fmt.Sprintf("%s (n=%d)", textsafe.Line(rows[i].Model), rows[i].N) // first model on top
	}
	var undefined, warned []string
	for _, s := range series {
		var pts, bars errPoints
		for i := range rows {
			w := &rows[i]
			st := s.get(w)
			if !st.OK() || !finite(st.Value) {
				undefined = append(undefined, fmt.Sprintf("%s %s (%s)", textsafe.Line(w.Model), s.label, textsafe.Line(st.Reason)))
				continue
			}
			xy := plotter.XY{X: st.Value, Y: float64(len(rows)-1-i) + s.dy}
			pts.XYs = append(pts.XYs, xy)
			if st.CI != nil && finite(st.CI.Lower, st.CI.Upper) {
				bars.XYs = append(bars.XYs, xy)
				bars.XErrors = append(bars.XErrors, struct{ Low, High float64 }{st.Value - st.CI.Lower, st.CI.Upper - st.Value})
			}
		}
		if len(pts.XYs) == 0 {
			continue
		}
		if len(bars.XYs) > 0 {
			if eb, err := plotter.NewXErrorBars(bars); err == nil {
				eb.LineStyle = lineStyle(s.idx)
				eb.LineStyle.Dashes = nil
				p.Add(eb)
			}
		}
		sc := scatter(pts.XYs, s.idx, vg.Points(3))
		p.Add(sc)
		legend = append(legend, legendEntry(s.label, sc))
	}
	for i := range rows {
		for _, x := range rows[i].Warnings {
			warned = append(warned, textsafe.Line(rows[i].Model)+": "+textsafe.Line(x))
		}
	}
	if len(names) > 0 {
		p.NominalY(names...)
	}
	even := refLine(plotter.XYs{{X: 0.5, Y: -0.5}, {X: 0.5, Y: float64(len(rows)) - 0.5}})
	p.Add(even)
	legend = append(legend, legendEntry("0.5 = even match", even))
	if len(warned) > 0 {
		fmt.Fprintf(&caption, "Warnings on the %s: %s. ", vocab.WinRateLC, strings.Join(warned, "; "))
	}
	if len(undefined) > 0 {
		fmt.Fprintf(&caption, "Not drawn: %s.", strings.Join(undefined, "; "))
	}
	f := single(name, caption.String(), p, legend)
	f.WidthScale, f.HeightScale = 1.2, max(0.6, 0.22*float64(len(rows)))
	return f
}

// hasDifficulty says whether the rows carry AlpacaEval 2.0's
// length-controlled rate with instruction difficulty
// (--instruction-difficulty): a fit, or the reason there is none.
func hasDifficulty(rows []style.WinRate) bool {
	for i := range rows {
		if rows[i].DifficultyFit != nil || rows[i].LengthControlledDifficulty.Reason != "" {
			return true
		}
	}
	return false
}

// difficultyCaption describes the rate with instruction difficulty when
// the rows have it.
func difficultyCaption(rows []style.WinRate) string {
	if !hasDifficulty(rows) {
		return ""
	}
	return ", " + vocab.WinRateLCDifficulty + " (AlpacaEval 2.0's length_controlled_noreg: + ψ·d for the instruction's difficulty d, its cross-validated L1 fit, the mean of σ(θ + ψ·d); no interval)"
}
