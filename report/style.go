package report

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// Style is a judge's length and self-preference bias and the win rates of
// the generators it judged (docs/style.md; JSON judges.<J>.style), from
// calib/style. A value is null when undefined, with a notes entry
// "<key>: <reason>" in its object; ci95 maps a key to its 95% paired item
// bootstrap interval [lo, hi] (keys without one are left out) and counts
// to the items the value used.
type Style struct {
	// Pref is the preference of the measures that take one (longer and
	// own preference, length-controlled and corrected win rates):
	// "balanced" (the mean over an item's arrangements), "raw-x0" or
	// "calibrated" (CalibraEval's).
	Pref string `json:"pref"`
	// Items is the number of pair items analysed.
	Items  int         `json:"items"`
	Length StyleLength `json:"length"`
	// SelfPreference is absent when the judge is no generator (notes say
	// why).
	SelfPreference *StyleSelf     `json:"self_preference,omitempty"`
	WinRates       []StyleWinRate `json:"win_rates"`
	// BradleyTerry is absent when no Bradley–Terry fit was made (three or
	// more generators, none compared with every other; notes say why).
	BradleyTerry []StyleBTScore `json:"bradley_terry,omitempty"`
	// Bootstrap is how the intervals were made; null without intervals.
	Bootstrap *DocBootstrap `json:"bootstrap"`
	Notes     []string      `json:"notes"`
}

// StyleLength is the judge's length bias, lengths in Unicode code points.
type StyleLength struct {
	// N counts the items whose responses have known, different lengths.
	N int `json:"n"`
	// LongerPreference is the mean preference (Style.Pref's) for the
	// longer response: 0.5 is no length bias. LongerRaw and LongerBalanced
	// are the same on the raw (x0) and the position-balanced preference.
	LongerPreference *float64 `json:"longer_preference"`
	LongerRaw        *float64 `json:"longer_raw"`
	LongerBalanced   *float64 `json:"longer_balanced"`
	// LongerWhenGoldShorter is the longer preference over the items whose
	// gold prefers the shorter response.
	LongerWhenGoldShorter *float64 `json:"longer_when_gold_shorter"`
	// Slope is φ of logit r = θ + φ·tanh(Δ/sd(Δ)), Δ = len_1 − len_2 (> 0
	// favours the longer response).
	Slope  *float64              `json:"slope"`
	Counts map[string]int        `json:"counts"`
	CI95   map[string][2]float64 `json:"ci95"`
	// Bins are the longer-response preferences by |Δ|, for plots.
	Bins  []StyleLengthBin `json:"bins"`
	Notes []string         `json:"notes"`
}

// StyleLengthBin is one bin of items by absolute length difference |Δ|.
type StyleLengthBin struct {
	// Lo and Hi bound the bin's |Δ|, both included.
	Lo int `json:"lo"`
	Hi int `json:"hi"`
	N  int `json:"n"`
	// Raw, Balanced and Pref are the mean preferences for the longer
	// response; Pref (Style.Pref's) is null when no item of the bin has it.
	Raw      float64  `json:"raw"`
	Balanced float64  `json:"balanced"`
	Pref     *float64 `json:"pref"`
}

// StyleSelf is the judge's preference for its own generator's responses,
// over the items where exactly one response is its own.
type StyleSelf struct {
	// Model is the generator the judge is.
	Model string `json:"model"`
	N     int    `json:"n"`
	// OwnPreference is the mean preference (Style.Pref's) for the own
	// response; BeyondQuality the same over the items whose gold prefers
	// the other one.
	OwnPreference *float64              `json:"own_preference"`
	BeyondQuality *float64              `json:"beyond_quality"`
	Counts        map[string]int        `json:"counts"`
	CI95          map[string][2]float64 `json:"ci95"`
	Notes         []string              `json:"notes"`
}

// StyleWinRate is a generator's win rate against an opponent, or against
// every other generator (Opponent null). Every rate is the mean preference
// for Model's response.
type StyleWinRate struct {
	Model string `json:"model"`
	// Opponent is null for the row against all.
	Opponent *string `json:"opponent"`
	N        int     `json:"n"`
	// Raw is each item read in its first recorded arrangement (for
	// AlpacaEval's annotations: its published win_rate); Balanced the mean
	// over each item's arrangements; Calibrated the same on CalibraEval's
	// calibrated preferences.
	Raw        *float64 `json:"raw"`
	Balanced   *float64 `json:"balanced"`
	Calibrated *float64 `json:"calibrated"`
	// LengthControlled is σ(θ) of logit p = θ + φ·tanh(Δ/sd(Δ)), Δ =
	// Model's length − the opponent's (AlpacaEval 2.0's minimal GLM), and
	// Slope that φ.
	LengthControlled *float64 `json:"length_controlled"`
	Slope            *float64 `json:"slope"`
	// Corrected is the Rogan–Gladen estimate of the share of items whose
	// gold prefers Model; CorrectedCI its (1 − options.alpha) interval
	// (Lee et al.; not a bootstrap interval, so not in ci95).
	Corrected   *float64              `json:"corrected"`
	CorrectedCI *[2]float64           `json:"corrected_ci"`
	Counts      map[string]int        `json:"counts"`
	CI95        map[string][2]float64 `json:"ci95"`
	// Warnings say when the length-controlled rate extrapolates.
	Warnings []string `json:"warnings"`
	Notes    []string `json:"notes"`
}

// StyleBTScore is a generator's Bradley–Terry score β (Σβ = 0; P(a
// preferred to b) = σ(β_a − β_b)) with its bootstrap interval.
type StyleBTScore struct {
	Model string      `json:"model"`
	N     int         `json:"n"`
	Score *float64    `json:"score"`
	CI95  *[2]float64 `json:"ci95"`
	Notes []string    `json:"notes"`
}

// DocStyleOptions echoes the style knobs (options.style; written when a
// judge has a style section).
type DocStyleOptions struct {
	// Mode is "auto", "on" or "off" (--style).
	Mode string `json:"mode"`
	// Pref is --style-pref.
	Pref string `json:"pref"`
	// Self maps a judge to the generator it is (--self JUDGE=MODEL).
	Self map[string]string `json:"self"`
}

// docStyleOptions is options.style, or nil when no judge has a style
// section.
func docStyleOptions(an *Analysis) *DocStyleOptions {
	for i := range an.Judges {
		if an.Judges[i].Style != nil {
			so := an.Options.Style
			self := map[string]string{}
			maps.Copy(self, so.Self)
			return &DocStyleOptions{Mode: so.Mode.String(), Pref: so.Pref.String(), Self: self}
		}
	}
	return nil
}

// statSink collects an object's values: each Stat's count, its bootstrap
// interval and, when it is undefined, the reason as a note.
type statSink struct {
	counts map[string]int
	ci     map[string][2]float64
	notes  []string
}

func newStatSink() *statSink {
	return &statSink{counts: map[string]int{}, ci: map[string][2]float64{}, notes: []string{}}
}

// add records s under key and returns its JSON value.
func (k *statSink) add(key string, s calib.Stat) *float64 {
	k.counts[key] = s.N
	if !s.OK() {
		k.notes = append(k.notes, key+": "+s.Reason)
		return nil
	}
	if s.CI != nil {
		k.ci[key] = [2]float64{s.CI.Lower, s.CI.Upper}
	}
	return value(s)
}

// buildStyle converts a judge's style analysis.
func buildStyle(r *style.Result, bo bootstrap.Options) *Style {
	out := &Style{Pref: r.Pref.String(), Items: r.N, WinRates: []StyleWinRate{}, Notes: nonNil(r.Notes)}
	if bo.Resamples > 0 {
		out.Bootstrap = &DocBootstrap{Resamples: bo.Resamples, Kind: bo.Kind.String(), Level: BootLevel, Refit: "refit",
			Unit: "item", Seed: bo.Seed, Notes: []string{}}
	}
	l := &r.Length
	ls := newStatSink()
	out.Length = StyleLength{N: l.N,
		LongerPreference:      ls.add("longer_preference", l.LongerPreference),
		LongerRaw:             ls.add("longer_raw", l.LongerRaw),
		LongerBalanced:        ls.add("longer_balanced", l.LongerBalanced),
		LongerWhenGoldShorter: ls.add("longer_when_gold_shorter", l.LongerWhenGoldShorter),
		Slope:                 ls.add("slope", l.Slope),
		Bins:                  []StyleLengthBin{},
	}
	out.Length.Counts, out.Length.CI95, out.Length.Notes = ls.counts, ls.ci, ls.notes
	for _, b := range l.Bins {
		sb := StyleLengthBin{Lo: b.Lo, Hi: b.Hi, N: b.N, Raw: b.Raw, Balanced: b.Balanced}
		if b.HasPref {
			v := b.Pref
			sb.Pref = &v
		}
		out.Length.Bins = append(out.Length.Bins, sb)
	}
	if s := r.Self; s != nil {
		ss := newStatSink()
		out.SelfPreference = &StyleSelf{Model: s.Model, N: s.N,
			OwnPreference: ss.add("own_preference", s.OwnPreference),
			BeyondQuality: ss.add("beyond_quality", s.BeyondQuality)}
		out.SelfPreference.Counts, out.SelfPreference.CI95, out.SelfPreference.Notes = ss.counts, ss.ci, ss.notes
	} else if r.SelfReason != "" {
		out.Notes = append(out.Notes, "self_preference: "+r.SelfReason)
	}
	for _, w := range r.WinRates {
		ws := newStatSink()
		row := StyleWinRate{Model: w.Model, N: w.N,
			Raw:              ws.add("raw", w.Raw),
			Balanced:         ws.add("balanced", w.Balanced),
			Calibrated:       ws.add("calibrated", w.Calibrated),
			LengthControlled: ws.add("length_controlled", w.LengthControlled),
			Slope:            ws.add("slope", w.Slope),
			Warnings:         nonNil(w.Warnings)}
		corrected := w.Corrected
		corrected.CI = nil // Lee et al.'s interval goes to corrected_ci
		row.Corrected = ws.add("corrected", corrected)
		if w.Corrected.OK() && w.Corrected.CI != nil {
			row.CorrectedCI = &[2]float64{w.Corrected.CI.Lower, w.Corrected.CI.Upper}
		}
		if !w.VsAll {
			opp := w.Opponent
			row.Opponent = &opp
		}
		row.Counts, row.CI95, row.Notes = ws.counts, ws.ci, ws.notes
		out.WinRates = append(out.WinRates, row)
	}
	if r.BradleyTerry == nil && r.BradleyTerryReason != "" {
		out.Notes = append(out.Notes, "bradley_terry: "+r.BradleyTerryReason)
	}
	for _, s := range r.BradleyTerry {
		bt := StyleBTScore{Model: s.Model, N: s.N, Score: value(s.Score), Notes: []string{}}
		if !s.Score.OK() {
			bt.Notes = append(bt.Notes, "score: "+s.Score.Reason)
		} else if s.Score.CI != nil {
			bt.CI95 = &[2]float64{s.Score.CI.Lower, s.Score.CI.Upper}
		}
		out.BradleyTerry = append(out.BradleyTerry, bt)
	}
	return out
}

// styleBootPlan is the bootstrap plan of a style analysis of n pair items
// under opt and the options calib/style runs it with; Engine.Style and
// the report's description of its intervals (styleBootstrap) both use it.
func styleBootPlan(opt Options, n int) (BootPlan, bootstrap.Options) {
	plan := opt.Bootstrap.Plan(n, 0)
	return plan, opt.Bootstrap.calibOptions(plan, opt.Selection.Seed)
}

// styleBootstrap is the bootstrap a judge's style analysis ran with
// (ja.Style.N is the number of pairs Engine.Style gave it).
func styleBootstrap(ja *JudgeAnalysis, opt Options) bootstrap.Options {
	_, bo := styleBootPlan(opt, ja.Style.N)
	if ja.Style.N < 2 {
		bo.Resamples = 0 // calib/style makes no intervals (its notes say so)
	}
	return bo
}

// writeStyle writes the style section of a judge (docs/style.md): length
// bias, self-preference, the win rates with their intervals and warnings,
// Bradley–Terry scores; nothing when the judge has no style analysis and
// no reason.
func writeStyle(b *strings.Builder, ja *JudgeAnalysis, opt Options) {
	r := ja.Style
	if r == nil {
		if ja.StyleReason != "" {
			fmt.Fprintf(b, "\n### Style: length, self-preference and win rates\n\nNot available — %s.\n", mdClause(ja.StyleReason))
		}
		return
	}
	b.WriteString("\n### Style: length, self-preference and win rates\n\n")
	writeStyleBody(b, r, styleBootstrap(ja, opt))
}

// writeStyleBody writes the section's content.
func writeStyleBody(b *strings.Builder, r *style.Result, bo bootstrap.Options) {
	ivs := "no bootstrap intervals"
	if bo.Resamples > 0 {
		ivs = fmt.Sprintf("intervals: 95%% paired item bootstrap %s intervals, %d resamples (seed %d), every fit recomputed per resample", bootKindName(bo.Kind), bo.Resamples, bo.Seed)
	}
	fmt.Fprintf(b, "%s. Preference: %s; %s. Lengths in Unicode code points.\n", vocab.Plural(r.N, "pair item"), vocab.StylePref(r.Pref.String()).Long, ivs)

	// Length.
	l := &r.Length
	var undef []string
	fmt.Fprintf(b, "\nLength bias, over %s with known, different lengths (0.5: none):\n\n", vocab.Plural(l.N, "item"))
	b.WriteString("| measure | value | 95% CI | n |\n|---|---:|---:|---:|\n")
	for _, row := range []struct {
		name string
		s    calib.Stat
	}{
		{"longer response preferred (" + r.Pref.String() + ")", l.LongerPreference},
		{"longer response preferred (raw-x0)", l.LongerRaw},
		{"longer response preferred (balanced)", l.LongerBalanced},
		{"longer preferred when gold prefers the shorter", l.LongerWhenGoldShorter},
		{"slope φ (> 0 favours the longer)", l.Slope},
	} {
		if row.s == l.LongerRaw && r.Pref == style.PrefRawX0 || row.s == l.LongerBalanced && r.Pref == style.PrefBalanced {
			continue
		}
		fmt.Fprintf(b, "| %s | %s | %s | %d |\n", row.name, FmtStat(row.s, 3), ciCell(row.s), row.s.N)
		if !row.s.OK() {
			undef = append(undef, fmt.Sprintf("Undefined %s: %s.\n", row.name, mdClause(row.s.Reason)))
		}
	}
	if len(undef) > 0 {
		b.WriteString("\n" + strings.Join(undef, ""))
	}
	if len(l.Bins) > 0 {
		b.WriteString("\nLonger response preferred, by length difference |Δ|:\n\n")
		right := []string{"n", "raw", "balanced"}
		if r.Pref == style.PrefCalibrated {
			right = append(right, "calibrated")
		}
		writeTableHead(b, []string{`\|Δ\|`}, right)
		for _, bin := range l.Bins {
			fmt.Fprintf(b, "| %d–%d | %d | %.3f | %.3f |", bin.Lo, bin.Hi, bin.N, bin.Raw, bin.Balanced)
			if r.Pref == style.PrefCalibrated {
				cell := "—"
				if bin.HasPref {
					cell = fmt.Sprintf("%.3f", bin.Pref)
				}
				b.WriteString(" " + cell + " |")
			}
			b.WriteString("\n")
		}
	}

	// Self-preference.
	if s := r.Self; s != nil {
		how := "named like it"
		if s.Model != r.Judge {
			how = "--self"
		}
		fmt.Fprintf(b, "\nSelf-preference: the judge is the generator %s (%s); over %s where exactly one response is its own it prefers its own %s%s; when gold prefers the other response, %s%s (%s).\n",
			md(s.Model), how, vocab.Plural(s.N, "item"), FmtStat(s.OwnPreference, 3), ciText(s.OwnPreference),
			FmtStat(s.BeyondQuality, 3), ciText(s.BeyondQuality), vocab.Plural(s.BeyondQuality.N, "item"))
		for _, st := range []struct {
			name string
			s    calib.Stat
		}{{"own preference", s.OwnPreference}, {"beyond quality", s.BeyondQuality}} {
			if !st.s.OK() {
				fmt.Fprintf(b, "The %s is undefined — %s.\n", st.name, mdClause(st.s.Reason))
			}
		}
	} else {
		fmt.Fprintf(b, "\nSelf-preference: not measured — %s.\n", mdClause(r.SelfReason))
	}

	writeStyleWinRates(b, r)

	// Bradley–Terry.
	if len(r.BradleyTerry) > 0 {
		b.WriteString("\nBradley–Terry scores (Σβ = 0; P(a preferred to b) = σ(β_a − β_b)):\n\n| model | n | β | 95% CI |\n|---|---:|---:|---:|\n")
		for _, s := range r.BradleyTerry {
			fmt.Fprintf(b, "| %s | %d | %s | %s |\n", md(s.Model), s.N, FmtStat(s.Score, 3), ciCell(s.Score))
		}
	} else if r.BradleyTerryReason != "" {
		fmt.Fprintf(b, "\nBradley–Terry scores: not fitted — %s.\n", mdClause(r.BradleyTerryReason))
	}
	writeNotes(b, r.Notes)
}

// styleColumn is a column of the win-rate table; what names its values
// in a sentence.
type styleColumn struct {
	title, what string
	get         func(w *style.WinRate) calib.Stat
}

var styleColumns = []styleColumn{
	{"raw", "raw win rates", func(w *style.WinRate) calib.Stat { return w.Raw }},
	{"balanced", "balanced win rates", func(w *style.WinRate) calib.Stat { return w.Balanced }},
	{"calibrated", "calibrated win rates", func(w *style.WinRate) calib.Stat { return w.Calibrated }},
	{"length-controlled", "length-controlled win rates", func(w *style.WinRate) calib.Stat { return w.LengthControlled }},
	{"φ", "length slopes φ", func(w *style.WinRate) calib.Stat { return w.Slope }},
	{"corrected", "corrected win rates", func(w *style.WinRate) calib.Stat { return w.Corrected }},
}

// writeStyleWinRates writes the win-rate table: a column that is
// undefined in every row is left out, with the first row's reason.
func writeStyleWinRates(b *strings.Builder, r *style.Result) {
	if len(r.WinRates) == 0 {
		b.WriteString("\nWin rates: none — no item names two different generators (model_1, model_2).\n")
		return
	}
	var cols []styleColumn
	var dropped []string
	for _, c := range styleColumns {
		i := slices.IndexFunc(r.WinRates, func(w style.WinRate) bool { return c.get(&w).OK() })
		if i >= 0 {
			cols = append(cols, c)
			continue
		}
		dropped = append(dropped, fmt.Sprintf("No %s: %s.", c.what, strings.TrimSuffix(c.get(&r.WinRates[0]).Reason, ".")))
	}
	// The reasons of the undefined cells, each once with its rows.
	type cellKey struct{ what, reason string }
	var undef []cellKey
	undefRows := map[cellKey][]string{}
	b.WriteString("\nWin rates (the mean preference for the model's response; corrected: Rogan–Gladen with Lee et al.'s interval):\n\n")
	right := []string{"n"}
	for _, c := range cols {
		right = append(right, c.title)
	}
	writeTableHead(b, []string{"model", "opponent"}, right)
	var warnings []string
	for i := range r.WinRates {
		w := &r.WinRates[i]
		opp := "*all*"
		if !w.VsAll {
			opp = md(w.Opponent)
		}
		fmt.Fprintf(b, "| %s | %s | %d |", md(w.Model), opp, w.N)
		for _, c := range cols {
			s := c.get(w)
			b.WriteString(" " + FmtStat(s, 3) + ciText(s) + " |")
			if !s.OK() {
				k := cellKey{c.what, strings.TrimSuffix(s.Reason, ".")}
				if undefRows[k] == nil {
					undef = append(undef, k)
				}
				undefRows[k] = append(undefRows[k], md(w.Model)+" vs "+opp)
			}
		}
		b.WriteString("\n")
		for _, m := range w.Warnings {
			warnings = append(warnings, fmt.Sprintf("%s vs %s: %s", md(w.Model), opp, mdClause(m)))
		}
	}
	if len(dropped)+len(undef) > 0 {
		b.WriteString("\n")
	}
	for _, d := range dropped {
		fmt.Fprintf(b, "%s\n", mdMsg(d))
	}
	for _, k := range undef {
		fmt.Fprintf(b, "Undefined %s (%s): %s.\n", k.what, strings.Join(undefRows[k], ", "), mdClause(k.reason))
	}
	if len(warnings) > 0 {
		b.WriteString("\nWarnings:\n")
		for _, w := range warnings {
			fmt.Fprintf(b, "- %s\n", w)
		}
	}
}
