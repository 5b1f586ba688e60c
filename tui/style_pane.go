package tui

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/internal/shellarg"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/plot"
	"github.com/plumb-eval/plumb/present"
)

// stylePane is the Style tab (calib/style, docs/style.md): the judge's
// preference for the longer response against the length difference, its
// preference for its own generator's responses, and the win rates of the
// generators it compared (raw, position-balanced, length-controlled,
// corrected), sortable by column (s). Its knobs are the win-rate opponent
// and the preference of the measures. The numbers come from the pipeline
// (style_pipeline.go): point estimates first, intervals when the bootstrap
// is done.
type stylePane struct {
	textPane
	// sortBy is the win-rate table's sort column (winSorts).
	sortBy int
}

func newStylePane(c *common) *stylePane {
	p := &stylePane{}
	p.textPane = newTextPane(c, paneKnobs[paneStyle], p.draw)
	return p
}

// winSort is a sort order of the win-rate table.
type winSort struct {
	name string
	// get is the sort value of a row (ok false: undefined, sorted last);
	// nil keeps the analysis' order (by model).
	get func(w *style.WinRate) (float64, bool)
}

// winSorts are the win-rate table's sort orders, in the order s cycles
// through them: by model, then by each rate (highest first) and by n.
var winSorts = []winSort{
	{name: "model"},
	{name: "raw", get: func(w *style.WinRate) (float64, bool) { return w.Raw.Value, w.Raw.OK() }},
	{name: "balanced", get: func(w *style.WinRate) (float64, bool) { return w.Balanced.Value, w.Balanced.OK() }},
	{name: vocab.WinRateLCShort, get: func(w *style.WinRate) (float64, bool) { return w.LengthControlled.Value, w.LengthControlled.OK() }},
	{name: "corrected", get: func(w *style.WinRate) (float64, bool) { return w.Corrected.Value, w.Corrected.OK() }},
	{name: "n", get: func(w *style.WinRate) (float64, bool) { return float64(w.N), true }},
}

// sortKey is s on this pane: the win-rate table's next sort column.
func (p *stylePane) sortKey() key.Binding {
	return key.NewBinding(key.WithKeys(p.c.keys.Sort.Keys()...), key.WithHelp(p.c.keys.Sort.Help().Key, "sort win rates"))
}

// Update cycles the sort column (s); the rest is the text pane's.
func (p *stylePane) Update(msg tea.Msg) tea.Cmd {
	if msg, ok := msg.(tea.KeyPressMsg); ok && key.Matches(msg, p.c.keys.Sort) {
		p.sortBy = (p.sortBy + 1) % len(winSorts)
		p.c.setFlash("win rates sorted by %s", winSorts[p.sortBy].name)
		p.Invalidate()
		return nil
	}
	return p.textPane.Update(msg)
}

// ShortHelp puts s before the text pane's keys (the pane's own key, which
// a narrow help bar must not cut).
func (p *stylePane) ShortHelp() []key.Binding {
	return append([]key.Binding{p.sortKey()}, p.textPane.ShortHelp()...)
}

// FullHelp is the Style section of the full help.
func (p *stylePane) FullHelp() []helpSection {
	return []helpSection{{"Style", []key.Binding{p.sortKey()}}}
}

// prefTitle names a preference in the pane's text.
func prefTitle(pr style.Pref) string { return vocab.StylePref(pr.String()).Short }

// draw: what is missing, or the length bias (summary, chart by |Δ|, bins),
// the self-preference, the win rates and the notes.
func (p *stylePane) draw(w int) []string {
	if wt := p.c.waiting(); wt != nil {
		return wt
	}
	c := p.c
	e := c.currentStyle()
	switch {
	case e == nil || e.res == nil && e.err == nil && e.running:
		return []string{"", " ⟳ measuring length and self-preference bias of " + clean(c.judgeName()) + " …"}
	case e.err != nil:
		return wrap("The style analysis failed: "+e.err.Error(), w, " ✗ ")
	case e.res == nil && e.off:
		return wrap("The style analysis is off (--style off): length and self-preference bias and win rates are not measured.", w, " ")
	case e.res == nil:
		return wrap(fmt.Sprintf("The judge %s has no pair records: length and self-preference bias and win rates are measured on pair records (docs/log-format.md).",
			c.judgeName()), w, " ")
	}
	if e.fields.withModels == 0 && e.fields.withLengths == 0 {
		return p.missing(w, e)
	}
	res := e.res
	var out []string
	out = append(out, p.status(w, e)...)
	out = append(out, p.dominated(w, res)...)
	out = append(out, p.length(w, e)...)
	out = append(out, "")
	out = append(out, p.self(w, res)...)
	out = append(out, "")
	out = append(out, p.winRates(w, e)...)
	if len(res.BradleyTerry) > 0 {
		out = append(out, "")
		out = append(out, p.bradleyTerry(w, res)...)
	}
	out = append(out, p.notes(w, e)...)
	return out
}

// missing says what a log without generators and lengths lacks, and how
// to add it.
func (p *stylePane) missing(w int, e *styleEntry) []string {
	st := &p.c.st
	out := []string{st.Heading.Render(" Length and self-preference bias, win rates")}
	out = append(out, wrap(fmt.Sprintf("None of the %s of %s names the generators of its responses or gives their lengths, so there is "+
		"nothing to measure here. Add to each pair record (docs/log-format.md, docs/style.md):", vocab.Plural(e.fields.pairs, "pair record"),
		p.c.judgeName()), w, " ")...)
	out = append(out, "")
	out = append(out, wrap("model_1, model_2 — the model that wrote response_1 and response_2: self-preference (when the judge is one of "+
		"them, or --self JUDGE=MODEL) and each model's win rates;", w, "   • ")...)
	out = append(out, wrap("response_1, response_2 (the texts) or len_1, len_2 — the responses' lengths in Unicode code points: "+
		"the preference for the longer response and the length-controlled win rates.", w, "   • ")...)
	out = append(out, "", st.Faint.Render("   For example:"))
	// One JSON object on three lines (a word wrap would break it at a
	// hyphen and drop the hyphen).
	out = append(out, `   {"kind":"pair","id":"q81","judge":"gpt-4",`, `    "model_1":"gpt-4","model_2":"vicuna-13b",`,
		`    "p_a":{"x0":0.8,"x2":0.35},"len_1":1200,"len_2":310}`)
	out = append(out, "")
	out = append(out, wrap("The importers fill them where the source has them (FastChat's model_1/model_2, AlpacaEval's generator_1/generator_2 and outputs; see docs/style.md).", w, " ")...)
	return out
}

// status is the first line: the preference of the measures and where the
// bootstrap stands.
func (p *stylePane) status(w int, e *styleEntry) []string {
	st := &p.c.st
	c := p.c
	pr := e.res.Pref
	s := "Preference: " + prefTitle(pr)
	if c.knobs.opt.Style.Pref == style.PrefCalibrated && pr != style.PrefCalibrated {
		_, why := styleCurve(&c.cur.ja)
		s += " (calibrated unavailable: " + why + ")"
	}
	var boot string
	switch {
	case e.ivs:
		boot = fmt.Sprintf("· 95%% bootstrap intervals: %d resamples, seed %d", e.resamples, c.cur.opt.Selection.Seed)
	case e.running:
		boot = fmt.Sprintf("· ⟳ bootstrap %d/%d resamples", e.done, e.total)
	case e.bootErr != nil:
		boot = "· no intervals: " + e.bootErr.Error()
	case e.resamples <= 0:
		boot = "· no intervals (bootstrap off)"
	}
	lines := wrap(strings.TrimSpace(s+" "+boot), w, " ")
	for i, l := range lines {
		lines[i] = st.Faint.Render(l)
	}
	return lines
}

// statCI formats a statistic with its interval: "0.666 [0.584, 0.737]",
// "0.666" without one, "—" undefined.
func statCI(s calib.Stat, dec int) string {
	v := present.FmtStat(s, dec)
	if !s.OK() || s.CI == nil {
		return v
	}
	return fmt.Sprintf("%s [%.*f, %.*f]", v, dec, s.CI.Lower, dec, s.CI.Upper)
}

// rateCI formats a win rate as the fraction it is, with its interval:
// "0.620 [0.551, 0.690]" (the Markdown's form; docs/analysis.md, "Win
// rates: one unit").
func rateCI(s calib.Stat) string { return statCI(s, 3) }

// length: the longer-response preference, the slope and the chart and
// table by |Δ| bin.
func (p *stylePane) length(w int, e *styleEntry) []string {
	st := &p.c.st
	l := &e.res.Length
	out := []string{""}
	out = append(out, st.heading("Length bias", "preference for the longer response · 0.5 = none", w)...)
	if l.N == 0 {
		why := l.LongerPreference.Reason
		if e.fields.withLengths == 0 {
			why = "no pair record gives both responses' lengths: add the texts (response_1, response_2) or len_1, len_2 (docs/log-format.md)"
		}
		return append(out, wrap(why, w, "   ")...)
	}
	sum := fmt.Sprintf("longer preference %s over %s with different lengths", statCI(l.LongerPreference, 3), vocab.Plural(l.N, "item"))
	out = append(out, wrap(sum, w, "   ")...)
	var more []string
	if e.res.Pref != style.PrefRawX0 {
		more = append(more, "raw (x0) "+statCI(l.LongerRaw, 3))
	}
	if e.res.Pref != style.PrefBalanced {
		more = append(more, "balanced "+statCI(l.LongerBalanced, 3))
	}
	more = append(more, "slope φ "+signedStat(l.Slope))
	if l.LongerWhenGoldShorter.OK() {
		more = append(more, fmt.Sprintf("when gold prefers the shorter %s (n = %d)", statCI(l.LongerWhenGoldShorter, 3), l.LongerWhenGoldShorter.N))
	}
	out = append(out, wrap(strings.Join(more, " · "), w, "   ")...)
	out = append(out, p.generatorLonger(w, l)...)
	if len(l.Bins) == 0 {
		return out
	}
	// The chart: the preference for the longer response by bin, raw and
	// balanced (and the calibrated one), over the line of no bias.
	xs := make([]float64, len(l.Bins))
	half, raw, bal, src := make([]float64, len(l.Bins)), make([]float64, len(l.Bins)), make([]float64, len(l.Bins)), make([]float64, len(l.Bins))
	for i, b := range l.Bins {
		xs[i], half[i], raw[i], bal[i] = float64(i), 0.5, b.Raw, b.Balanced
		src[i] = math.NaN()
		if b.HasPref {
			src[i] = b.Pref
		}
	}
	ivs := binIntervals(l.Bins)
	series := []plot.PathSeries{
		{Label: "0.5 = no length bias", Short: "0.5 none", Glyph: '┈', Ys: half},
		{Label: "balanced 95% Wilson interval", Short: "95% int.", Glyph: '╌', Ys: ivs.lo},
		{Glyph: '╌', Ys: ivs.hi},
		{Label: prefTitle(style.PrefRawX0), Short: "raw", Glyph: '·', Ys: raw},
		{Label: prefTitle(style.PrefBalanced), Short: "balanced", Ys: bal},
	}
	if e.res.Pref == style.PrefCalibrated {
		series = append(series, plot.PathSeries{Label: "calibrated", Short: "calib.", Glyph: '▪', Ys: src})
	}
	first, last := l.Bins[0], l.Bins[len(l.Bins)-1]
	po := plot.PathChartOptions{Width: w - 2, Height: max(7, min(12, p.h/2)),
		Left: fmt.Sprintf("|Δ| %d–%d", first.Lo, first.Hi), Right: fmt.Sprintf("|Δ| %d–%d", last.Lo, last.Hi),
		XLabel: fmt.Sprintf("%d bins of equal count by |Δ|, code points", len(l.Bins)),
		Cover:  append(ivs.cover, 0.5-style.BinMinHalfSpan, 0.5+style.BinMinHalfSpan)}
	chart := plot.PathChart(series, po)
	out = append(out, indent(strings.Split(st.Chart.Render(chart), "\n"), " ")...)
	// The bins, one column each.
	head := []string{"   |Δ| (code points)"}
	rows := [][]string{{"   items"}, {"   longer, raw"}, {"   longer, balanced"}, {"   balanced 95% int."}}
	if e.res.Pref == style.PrefCalibrated {
		rows = append(rows, []string{"   longer, calibrated"})
	}
	for i, b := range l.Bins {
		head = append(head, fmt.Sprintf("%d–%d", b.Lo, b.Hi))
		rows[0] = append(rows[0], fmt.Sprint(b.N))
		rows[1] = append(rows[1], fmt.Sprintf("%.3f", b.Raw))
		rows[2] = append(rows[2], fmt.Sprintf("%.3f", b.Balanced))
		rows[3] = append(rows[3], fmt.Sprintf("%.2f–%.2f", ivs.lo[i], ivs.hi[i]))
		if len(rows) > 4 {
			cell := "—"
			if b.HasPref {
				cell = fmt.Sprintf("%.3f", b.Pref)
			}
			rows[4] = append(rows[4], cell)
		}
	}
	return append(out, p.cols.fit(st, head, rows, nil, w)...)
}

// binChartIntervals are the length bins' 95% Wilson intervals of the
// balanced preference (lo, hi; docs/methods.md §8), and the ends of the
// raw and balanced ones, which the chart's axis covers.
type binChartIntervals struct{ lo, hi, cover []float64 }

func binIntervals(bins []style.LengthBin) binChartIntervals {
	var out binChartIntervals
	for _, b := range bins {
		iv, ok := style.WilsonInterval(b.Balanced, b.N, 0.95)
		if !ok {
			iv = calib.Interval{Lower: math.NaN(), Upper: math.NaN()}
		}
		out.lo, out.hi = append(out.lo, iv.Lower), append(out.hi, iv.Upper)
		if r, ok := style.WilsonInterval(b.Raw, b.N, 0.95); ok {
			out.cover = append(out.cover, r.Lower, r.Upper)
		}
		out.cover = append(out.cover, iv.Lower, iv.Upper)
	}
	return out
}

// signedStat formats a slope with its sign and interval.
func signedStat(s calib.Stat) string {
	if !s.OK() {
		return "— (" + clean(s.Reason) + ")"
	}
	v := present.Signed(s.Value, 2)
	if s.CI == nil {
		return v
	}
	return fmt.Sprintf("%s [%s, %s]", v, present.Signed(s.CI.Lower, 2), present.Signed(s.CI.Upper, 2))
}

// self: the preference for the judge's own generator's responses as an
// interval bar, or why there is none and how to declare the generator.
func (p *stylePane) self(w int, res *style.Result) []string {
	st := &p.c.st
	s := res.Self
	if s == nil {
		out := st.heading("Self-preference", "not measured", w)
		out = append(out, wrap(res.SelfReason, w, "   ")...)
		if len(res.WinRates) > 0 && !strings.Contains(res.SelfReason, "--self") {
			out = append(out, wrap(fmt.Sprintf("If the judge is one of the generators under another name, start plumb with --self %s=MODEL.",
				shellarg.Quote(p.c.judgeName())), w, "   ")...)
		}
		return out
	}
	title := fmt.Sprintf("Self-preference — %s on its own responses", p.c.judgeName())
	if s.Model != p.c.judgeName() {
		title = fmt.Sprintf("Self-preference — %s as the generator %s", p.c.judgeName(), s.Model)
	}
	out := st.heading(title,
		fmt.Sprintf("preference for its own response over %s where exactly one is its own · 0.5 = none", vocab.Plural(s.N, "item")), w)
	specs := []plot.IntervalSpec{statSpec("own response", s.OwnPreference, s.OwnPreference.CI)}
	if s.BeyondQuality.OK() {
		specs = append(specs, statSpec(fmt.Sprintf("gold prefers other (n=%d)", s.BeyondQuality.N), s.BeyondQuality, s.BeyondQuality.CI))
	}
	out = append(out, indent(strings.Split(plot.Intervals(specs, w-4), "\n"), "   ")...)
	for _, x := range []calib.Stat{s.OwnPreference, s.BeyondQuality} {
		if !x.OK() {
			out = append(out, wrap(x.Reason, w, "   — ")...)
		}
	}
	return append(out, p.selfFlags(w, res)...)
}

// winRates: the win-rate table against the opponent the knob picks,
// sorted by the sort column, and the rows' warnings.
func (p *stylePane) winRates(w int, e *styleEntry) []string {
	st := &p.c.st
	res := e.res
	r := p.c.resolvedKnobs()
	opp := effectiveOpponent(&p.c.knobs, r.style.opponents)
	vs := "against all the others"
	if opp != "" {
		vs = "against " + opp
	}
	srt := winSorts[p.sortBy]
	note := fmt.Sprintf("sorted by %s (s) · LC and corrected on the %s preference", srt.name, prefTitle(res.Pref))
	out := st.heading("Win rates "+vs, note, w)
	if len(res.WinRates) == 0 {
		why := "no pair record names two different generators (model_1, model_2) (docs/log-format.md)"
		return append(out, wrap(why, w, "   ")...)
	}
	var sel []*style.WinRate
	for i := range res.WinRates {
		wr := &res.WinRates[i]
		if (opp == "" && wr.VsAll) || (opp != "" && !wr.VsAll && wr.Opponent == opp) {
			sel = append(sel, wr)
		}
	}
	if srt.get != nil {
		sortRows(sel, srt.get)
	}
	cal := false
	for _, wr := range sel {
		cal = cal || wr.Calibrated.OK()
	}
	head := []string{"   model", "n", "raw", "balanced", vocab.WinRateLCShort, "corrected", "LC slope φ"}
	if cal {
		head = append(head[:6], "calibrated", "LC slope φ")
	}
	prio := []int{0, 6, 1, 2, 3, 4, 8}
	if cal {
		prio = []int{0, 6, 1, 2, 3, 4, 5, 8}
	}
	if res.Difficulty {
		head, prio = slices.Insert(head, 5, vocab.WinRateLCDifficultyShort), slices.Insert(prio, 5, 3)
	}
	for i, h := range head {
		if strings.TrimSpace(h) == srt.name {
			// The sorted column is marked, and stays on a narrow screen.
			head[i], prio[i] = h+" ▼", -1
			if srt.name == "model" {
				head[i] = h + " ▲"
			}
		}
	}
	var rows [][]string
	var warns []string
	undef := undefinedReasons(sel, cal, res.Difficulty)
	out = append(out, p.dominatedWinRates(w, res)...)
	for _, wr := range sel {
		lc := rateCI(wr.LengthControlled)
		if len(wr.Warnings) > 0 {
			lc += " ⚠"
			for _, x := range wr.Warnings {
				warns = append(warns, fmt.Sprintf("%s %s: %s", clean(wr.Model), vsText(wr), x))
			}
		}
		row := []string{"   " + clean(wr.Model), fmt.Sprint(wr.N), rawCell(wr, res), rateCI(wr.Balanced), lc, rateCI(wr.Corrected)}
		if cal {
			row = append(row, rateCI(wr.Calibrated))
		}
		row = append(row, signedStat(wr.Slope))
		if res.Difficulty {
			row = slices.Insert(row, 5, rateCI(wr.LengthControlledDifficulty))
		}
		rows = append(rows, row)
	}
	out = append(out, p.cols.fit(st, head, rows, prio, w)...)
	out = append(out, lcForms(res.Difficulty, w)...)
	for _, u := range undef {
		out = append(out, wrap(u, w, "   — ")...)
	}
	if len(warns) > 0 {
		out = append(out, st.Warn.Render("   ⚠ the minimal-GLM length-controlled rate extrapolates:"))
		for _, x := range warns {
			out = append(out, wrap(x, w, "     · ")...)
		}
	}
	return out
}

// undefinedReasons says why the table's cells without a value have none:
// one line per column and reason ("corrected: no item … has a human
// label (3 rows)").
func undefinedReasons(rows []*style.WinRate, cal, difficulty bool) []string {
	cols := []struct {
		name string
		get  func(w *style.WinRate) calib.Stat
	}{
		{"raw", func(w *style.WinRate) calib.Stat { return w.Raw }},
		{"balanced", func(w *style.WinRate) calib.Stat { return w.Balanced }},
		{vocab.WinRateLCShort, func(w *style.WinRate) calib.Stat { return w.LengthControlled }},
		{vocab.WinRateLCDifficultyShort, func(w *style.WinRate) calib.Stat { return w.LengthControlledDifficulty }},
		{"corrected", func(w *style.WinRate) calib.Stat { return w.Corrected }},
		{"calibrated", func(w *style.WinRate) calib.Stat { return w.Calibrated }},
		{"LC slope φ", func(w *style.WinRate) calib.Stat { return w.Slope }},
	}
	var out []string
	for _, c := range cols {
		if (c.name == "calibrated" && !cal) || (c.name == vocab.WinRateLCDifficultyShort && !difficulty) {
			continue
		}
		var reasons []string
		count := map[string]int{}
		for _, w := range rows {
			if s := c.get(w); !s.OK() {
				if count[s.Reason] == 0 {
					reasons = append(reasons, s.Reason)
				}
				count[s.Reason]++
			}
		}
		for _, r := range reasons {
			out = append(out, fmt.Sprintf("%s: %s (%s)", c.name, r, vocab.Plural(count[r], "row")))
		}
	}
	return out
}

// vsText names a row's opponent.
func vsText(wr *style.WinRate) string {
	if wr.VsAll {
		return "vs all"
	}
	return "vs " + clean(wr.Opponent)
}

// sortRows sorts rows by get, highest first, undefined last; ties keep the
// analysis' order (by model).
func sortRows(rows []*style.WinRate, get func(*style.WinRate) (float64, bool)) {
	key := func(w *style.WinRate) float64 {
		if v, ok := get(w); ok {
			return v
		}
		return math.Inf(-1)
	}
	// A stable insertion sort: the tables are short.
	for i := 1; i < len(rows); i++ {
		for j := i; j > 0 && key(rows[j]) > key(rows[j-1]); j-- {
			rows[j], rows[j-1] = rows[j-1], rows[j]
		}
	}
}

// bradleyTerry: the generators' scores when no common opponent ranks them.
func (p *stylePane) bradleyTerry(w int, res *style.Result) []string {
	st := &p.c.st
	out := st.heading("Bradley–Terry scores", "no generator met every other · P(a preferred to b) = σ(β_a − β_b), Σβ = 0", w)
	var rows [][]string
	for _, b := range res.BradleyTerry {
		rows = append(rows, []string{"   " + clean(b.Model), fmt.Sprint(b.N), signedStat(b.Score)})
	}
	return append(out, p.cols.fit(st, []string{"   model", "comparisons", "β"}, rows, nil, w)...)
}

// notes: what the analysis left out, and what the bootstrap plan decided.
func (p *stylePane) notes(w int, e *styleEntry) []string {
	var notes []string
	if e.asOn {
		notes = append(notes, "No pair record of this judge has a style field (model_1, model_2, len_1, len_2), so plumb report "+
			"leaves it out by default (--style auto); these are `plumb report --style on`'s numbers, from the texts' lengths.")
	}
	for _, n := range e.res.Notes {
		if !e.ivs && e.resamples > 0 && strings.HasPrefix(n, "no bootstrap (0 resamples)") {
			continue // the intervals are on their way
		}
		if strings.HasPrefix(n, "calibrated preference unavailable") {
			continue // the status line says it
		}
		notes = append(notes, n)
	}
	if e.bootNote != "" && !e.ivs && e.resamples > 0 {
		notes = append(notes, "bootstrap: "+e.bootNote) // the analysis' own notes have it once it is in
	}
	if len(notes) == 0 {
		return nil
	}
	out := []string{"", p.c.st.Heading.Render(" Notes")}
	for _, n := range notes {
		out = append(out, wrap(n, w, "  · ")...)
	}
	return out
}

// lcForms says which form each length-controlled column is, so that
// neither is read as AlpacaEval's leaderboard value.
func lcForms(difficulty bool, w int) []string {
	text := vocab.WinRateLCShort + ": σ(θ) of the minimal GLM logit p = θ + φ·tanh(Δ/sd), fitted without a penalty"
	if difficulty {
		text += "; " + vocab.WinRateLCDifficultyShort + ": AlpacaEval 2.0's form with instruction difficulty (length_controlled_noreg)"
	}
	return append([]string{""}, wrap(text+" — "+vocab.LeaderboardLCNote+".", w, "   ")...)
}
