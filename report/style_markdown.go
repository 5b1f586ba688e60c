package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/present"
)

// styleMarkdown is what the Markdown shows of the style section beyond
// the report JSON.
type styleMarkdown struct {
	// judge is the judge the analysis names (the self-preference says
	// whether the judge's generator was named like it or by --self).
	judge string
	pref  style.Pref
	// lengthShown says which rows of the length table are shown
	// (lengthRows' order): the raw-x0 or balanced row is left out when it
	// is the preference's own.
	lengthShown [5]bool
	// selfReason and btReason say why there is no self-preference or
	// Bradley–Terry fit; notes are the analysis's own notes (Style.Notes
	// adds those two reasons).
	selfReason, btReason string
	notes                []string
}

// buildStyleMarkdown returns the Markdown-only part of a judge's style
// section.
func buildStyleMarkdown(r *style.Result) styleMarkdown {
	out := styleMarkdown{judge: r.Judge, pref: r.Pref, selfReason: r.SelfReason, btReason: r.BradleyTerryReason, notes: r.Notes}
	l := &r.Length
	for i, s := range [...]calib.Stat{l.LongerPreference, l.LongerRaw, l.LongerBalanced, l.LongerWhenGoldShorter, l.Slope} {
		out.lengthShown[i] = !(s == l.LongerRaw && r.Pref == style.PrefRawX0 || s == l.LongerBalanced && r.Pref == style.PrefBalanced)
	}
	return out
}

// prefWords names a preference in the Markdown report.
var prefWords = map[style.Pref]string{
	style.PrefBalanced:   "position-balanced (the mean over each item's arrangements)",
	style.PrefRawX0:      "raw (each item's first recorded arrangement, x0)",
	style.PrefCalibrated: "calibrated (CalibraEval's map, averaged over each item's arrangements)",
}

// ciOf is the interval of key in an object's ci95 (nil: none).
func ciOf(ci map[string][2]float64, key string) *[2]float64 {
	if p, ok := ci[key]; ok {
		return &p
	}
	return nil
}

// ciCellOf is an interval as a table cell, "[lo, hi]" with three
// decimals ("" when there is none; as ciCell).
func ciCellOf(ci *[2]float64) string {
	return strings.TrimPrefix(intervalText(ci), " ")
}

// writeStyle writes the style section of a judge (docs/style.md): length
// bias, self-preference, the win rates with their intervals and warnings,
// Bradley–Terry scores; nothing when the judge has no style analysis and
// no reason.
func writeStyle(b *strings.Builder, j *Judge) {
	s := j.Style
	if s == nil {
		if reason := noteFor(j.Notes, "style"); reason != "" {
			fmt.Fprintf(b, "\n### Style: length, self-preference and win rates\n\nNot available — %s.\n", mdClause(reason))
		}
		return
	}
	b.WriteString("\n### Style: length, self-preference and win rates\n\n")
	ivs := "no bootstrap intervals"
	if bo := s.Bootstrap; bo != nil {
		kind := "percentile"
		if bo.Kind == bootstrap.BCa.String() {
			kind = "BCa"
		}
		ivs = fmt.Sprintf("intervals: 95%% paired item bootstrap %s intervals, %d resamples (seed %d), every fit recomputed per resample", kind, bo.Resamples, bo.Seed)
	}
	fmt.Fprintf(b, "%s. Preference: %s; %s. Lengths in Unicode code points.\n", vocab.Plural(s.Items, "pair item"), prefWords[s.md.pref], ivs)
	writeDominated(b, s)
	writeStyleLength(b, s)
	writeStyleSelf(b, s)
	writeDominatedWinRates(b, s)
	writeStyleWinRates(b, s.WinRates, s.PositionDominated != nil)
	if len(s.BradleyTerry) > 0 {
		b.WriteString("\nBradley–Terry scores (Σβ = 0; P(a preferred to b) = σ(β_a − β_b)):\n\n| model | n | β | 95% CI |\n|---|---:|---:|---:|\n")
		for _, bt := range s.BradleyTerry {
			fmt.Fprintf(b, "| %s | %d | %s | %s |\n", md(bt.Model), bt.N, present.FmtValue(bt.Score, 3), ciCellOf(bt.CI95))
		}
	} else if s.md.btReason != "" {
		fmt.Fprintf(b, "\nBradley–Terry scores: not fitted — %s.\n", mdClause(s.md.btReason))
	}
	writeNotes(b, s.md.notes)
}

// writeStyleLength writes the length bias: its measures, then the longer
// response's preference by length difference.
func writeStyleLength(b *strings.Builder, s *Style) {
	l := &s.Length
	var undef []string
	fmt.Fprintf(b, "\nLength bias, over %s with known, different lengths (0.5: none):\n\n", vocab.Plural(l.N, "item"))
	b.WriteString("| measure | value | 95% CI | n |\n|---|---:|---:|---:|\n")
	for i, row := range [...]struct {
		name, key string
		v         *float64
	}{
		{"longer response preferred (" + s.Pref + ")", "longer_preference", l.LongerPreference},
		{"longer response preferred (raw-x0)", "longer_raw", l.LongerRaw},
		{"longer response preferred (balanced)", "longer_balanced", l.LongerBalanced},
		{"longer preferred when gold prefers the shorter", "longer_when_gold_shorter", l.LongerWhenGoldShorter},
		{"slope φ (> 0 favours the longer)", "slope", l.Slope},
	} {
		if !s.md.lengthShown[i] {
			continue
		}
		fmt.Fprintf(b, "| %s | %s | %s | %d |\n", row.name, present.FmtValue(row.v, 3), ciCellOf(ciOf(l.CI95, row.key)), l.Counts[row.key])
		if row.v == nil {
			undef = append(undef, fmt.Sprintf("Undefined %s: %s.\n", row.name, mdClause(noteFor(l.Notes, row.key))))
		}
	}
	if len(undef) > 0 {
		b.WriteString("\n" + strings.Join(undef, ""))
	}
	writeGeneratorLonger(b, l)
	if len(l.Bins) == 0 {
		return
	}
	calibrated := s.md.pref == style.PrefCalibrated
	b.WriteString("\nLonger response preferred, by length difference |Δ|:\n\n")
	right := []string{"n", "raw", "balanced"}
	if calibrated {
		right = append(right, "calibrated")
	}
	writeTableHead(b, []string{`\|Δ\|`}, right)
	for _, bin := range l.Bins {
		fmt.Fprintf(b, "| %d–%d | %d | %.3f | %.3f |", bin.Lo, bin.Hi, bin.N, bin.Raw, bin.Balanced)
		if calibrated {
			b.WriteString(" " + present.FmtValue(bin.Pref, 3) + " |")
		}
		b.WriteString("\n")
	}
}

// writeStyleSelf writes the self-preference, or why it was not measured.
func writeStyleSelf(b *strings.Builder, s *Style) {
	sp := s.SelfPreference
	if sp == nil {
		fmt.Fprintf(b, "\nSelf-preference: not measured — %s.\n", mdClause(s.md.selfReason))
		return
	}
	how := "named like it"
	if sp.Model != s.md.judge {
		how = "--self"
	}
	fmt.Fprintf(b, "\nSelf-preference: the judge is the generator %s (%s); over %s where exactly one response is its own it prefers its own %s%s; when gold prefers the other response, %s%s (%s).\n",
		md(sp.Model), how, vocab.Plural(sp.N, "item"), present.FmtValue(sp.OwnPreference, 3), intervalText(ciOf(sp.CI95, "own_preference")),
		present.FmtValue(sp.BeyondQuality, 3), intervalText(ciOf(sp.CI95, "beyond_quality")), vocab.Plural(sp.Counts["beyond_quality"], "item"))
	for _, st := range []struct {
		name, key string
		v         *float64
	}{{"own preference", "own_preference", sp.OwnPreference}, {"beyond quality", "beyond_quality", sp.BeyondQuality}} {
		if st.v == nil {
			fmt.Fprintf(b, "The %s is undefined — %s.\n", st.name, mdClause(noteFor(sp.Notes, st.key)))
		}
	}
	writeSelfFlags(b, s)
}

// styleColumn is a column of the win-rate table; what names its values
// in a sentence, key is their JSON key.
type styleColumn struct {
	title, what, key string
	get              func(w *StyleWinRate) (v *float64, ci *[2]float64)
	// optional columns are left out without a word when no row counts
	// their key (not asked for).
	optional bool
}

var styleColumns = []styleColumn{
	{"raw", "raw win rates", "raw", func(w *StyleWinRate) (*float64, *[2]float64) { return w.Raw, ciOf(w.CI95, "raw") }, false},
	{"balanced", "balanced win rates", "balanced", func(w *StyleWinRate) (*float64, *[2]float64) { return w.Balanced, ciOf(w.CI95, "balanced") }, false},
	{"calibrated", "calibrated win rates", "calibrated", func(w *StyleWinRate) (*float64, *[2]float64) { return w.Calibrated, ciOf(w.CI95, "calibrated") }, false},
	{vocab.WinRateLCShort, vocab.WinRateLC + "s", "length_controlled", func(w *StyleWinRate) (*float64, *[2]float64) {
		return w.LengthControlled, ciOf(w.CI95, "length_controlled")
	}, false},
	{vocab.WinRateLCDifficultyShort, "length-controlled win rates with instruction difficulty", "length_controlled_difficulty", func(w *StyleWinRate) (*float64, *[2]float64) {
		return w.LengthControlledDifficulty, nil
	}, true},
	{"φ", "length slopes φ", "slope", func(w *StyleWinRate) (*float64, *[2]float64) { return w.Slope, ciOf(w.CI95, "slope") }, false},
	{"corrected", "corrected win rates", "corrected", func(w *StyleWinRate) (*float64, *[2]float64) { return w.Corrected, w.CorrectedCI }, false},
}

// writeStyleWinRates writes the win-rate table: a column that is
// undefined in every row is left out, with the first row's reason. With
// dominated (a position-dominated judge) the raw cells are marked ⚑.
func writeStyleWinRates(b *strings.Builder, rates []StyleWinRate, dominated bool) {
	if len(rates) == 0 {
		b.WriteString("\nWin rates: none — no item names two different generators (model_1, model_2).\n")
		return
	}
	var cols []styleColumn
	var dropped []string
	for _, c := range styleColumns {
		if c.optional && !slices.ContainsFunc(rates, func(w StyleWinRate) bool { _, ok := w.Counts[c.key]; return ok }) {
			continue
		}
		i := slices.IndexFunc(rates, func(w StyleWinRate) bool { v, _ := c.get(&w); return v != nil })
		if i >= 0 {
			cols = append(cols, c)
			continue
		}
		dropped = append(dropped, fmt.Sprintf("No %s: %s.", c.what, strings.TrimSuffix(noteFor(rates[0].Notes, c.key), ".")))
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
	for i := range rates {
		w := &rates[i]
		opp := "*all*"
		if w.Opponent != nil {
			opp = md(*w.Opponent)
		}
		fmt.Fprintf(b, "| %s | %s | %d |", md(w.Model), opp, w.N)
		for _, c := range cols {
			v, ci := c.get(w)
			mark := ""
			if dominated && c.key == "raw" && v != nil {
				mark = " ⚑"
			}
			b.WriteString(" " + present.FmtValue(v, 3) + intervalText(ci) + mark + " |")
			if v == nil {
				k := cellKey{c.what, strings.TrimSuffix(noteFor(w.Notes, c.key), ".")}
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
	writeLCForms(b, cols)
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

// writeLCForms says which form each length-controlled column is, and
// that neither is AlpacaEval's leaderboard value.
func writeLCForms(b *strings.Builder, cols []styleColumn) {
	var forms []string
	for _, c := range cols {
		switch c.key {
		case "length_controlled":
			forms = append(forms, vocab.WinRateLCShort+" is σ(θ) of the minimal GLM logit p = θ + φ·tanh(Δ/sd(Δ)), fitted without a penalty")
		case "length_controlled_difficulty":
			forms = append(forms, vocab.WinRateLCDifficultyShort+" is AlpacaEval 2.0's form with instruction difficulty (length_controlled_noreg: + ψ·d, its cross-validated L1 fit, mean σ(θ + ψ·d))")
		}
	}
	if len(forms) == 0 {
		return
	}
	fmt.Fprintf(b, "\n%s. Neither is %s.\n", strings.Join(forms, "; "), strings.TrimPrefix(vocab.LeaderboardLCNote, "not "))
}
