package tui

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/identify"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/present"
)

// overviewPane is the Overview tab: the input files, the judge's headline
// numbers in plain sentences, and a comparison table of every judge (the
// triage table, filled in the background: common.comparedJudges). It has no
// knobs; ←/→ move the comparison's columns.
type overviewPane struct{ textPane }

func newOverviewPane(c *common) *overviewPane {
	p := &overviewPane{}
	p.textPane = newTextPane(c, nil, p.draw)
	return p
}

// draw: the files, the judge's headline numbers in plain sentences, and a
// comparison table of every judge.
func (p *overviewPane) draw(w int) []string {
	st := p.c.st
	var out []string
	files, skipped, reasons := p.c.eng.Files()
	out = append(out, st.Heading.Render(" Input"))
	// Many files (an LLMBar tree) are summed up, the first few named.
	var tp, ts, tv int
	for i, f := range files {
		tp, ts, tv = tp+f.Pairs, ts+f.Scores, tv+f.Verdicts
		if len(files) > 4 && i >= 3 {
			continue
		}
		out = append(out, inputLine(clean(f.Name), f, w)...)
	}
	if len(files) > 4 {
		out = append(out, fmt.Sprintf("   … and %d more files; %s in all: %s, %s, %s", len(files)-3, vocab.Plural(len(files), "file"),
			vocab.Plural(tp, "pair record"), vocab.Plural(ts, "score record"), vocab.Plural(tv, "verdict record")))
	}
	if skipped > 0 {
		out = append(out, st.Warn.Render(fmt.Sprintf("   %s skipped (--skip-bad); first reasons:", vocab.Plural(skipped, "bad line"))))
		for _, r := range reasons {
			out = append(out, wrap(r, w, "     · ")...)
		}
	}
	for _, n := range p.c.eng.Notes() {
		out = append(out, wrap(n, w, "   ! ")...)
	}
	out = append(out, wrap(fmt.Sprintf("%s: %s", vocab.Plural(len(p.c.judges), "judge"), strings.Join(cleanAll(p.c.judges), ", ")), w, "   ")...)
	if wt := p.c.waiting(); wt != nil {
		return append(out, wt...)
	}
	ja := &p.c.cur.ja
	out = append(out, "", st.Heading.Render(" Judge "+clean(ja.Judge))+st.Faint.Render(groupNote(ja.Group)))
	if it := p.c.cur.items; it != nil && ja.Pairs > 0 {
		out = append(out, "   "+arrangementSummary(ja.Selection, it))
	}
	out = append(out, fmt.Sprintf("   %s, %s", vocab.Plural(ja.Scores, "score record"), vocab.Plural(ja.Verdicts, "verdict record")))
	out = append(out, "")
	for _, s := range headlines(ja) {
		out = append(out, wrap(s, w, "   • ")...)
	}
	if len(p.c.judges) > 1 {
		out = append(out, "", st.Heading.Render(" All judges")+st.Faint.Render(" (same knobs; ]/[ switches judge)"))
		out = append(out, p.comparison()...)
	}
	return out
}

// inputLine names a file and its record counts in w cells: on one line
// when the path fits, or shortened in the middle keeps its file name
// whole, else the path (shortened to the line if it must) with the counts
// wrapped under it (a count is never cut).
func inputLine(name string, f model.FileInfo, w int) []string {
	counts := fmt.Sprintf("%s, %s, %s", vocab.Plural(f.Pairs, "pair record"), vocab.Plural(f.Scores, "score record"), vocab.Plural(f.Verdicts, "verdict record"))
	if f.Skipped > 0 {
		counts += fmt.Sprintf(" · %s skipped", vocab.Plural(f.Skipped, "bad line"))
	}
	room := w - 3 - 3 - cellWidth(counts) // "   NAME — COUNTS"
	base := cellWidth(name[strings.LastIndexByte(name, '/')+1:])
	if cellWidth(name) <= room || room >= base+2 && room >= 12 {
		return []string{"   " + shortenMiddle(name, room) + " — " + counts}
	}
	return append([]string{"   " + shortenMiddle(name, w-3)}, wrap(counts, w, "     — ")...)
}

func groupNote(g string) string {
	if g == "" {
		return ""
	}
	return fmt.Sprintf("  (pair records of group %q only)", g)
}

// arrangementSummary says which arrangements the items have and how many
// carry a gold label.
func arrangementSummary(sel *selection.Result, it *itemData) string {
	n := len(it.Pairs)
	s := vocab.Plural(n, "pair item")
	if sel != nil {
		var parts []string
		for a := range model.NumArrangements {
			if c := sel.Arrangements[a]; c > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", model.Arrangement(a), c))
			}
		}
		s += " in " + strings.Join(parts, ", ")
	}
	return s + fmt.Sprintf(" · gold on %d (%s)", it.Gold, pct(float64(it.Gold)/float64(max(1, n))))
}

// headlines are the judge's numbers, each in one plain sentence.
func headlines(ja *analysis.JudgeAnalysis) []string {
	var out []string
	if sel := ja.Selection; sel != nil {
		raw := sel.Method(selection.MethodRaw)
		if raw != nil {
			a := raw.All
			if a.Consistency.OK() {
				out = append(out, fmt.Sprintf("flips its choice in %s of pairs when the order is swapped (consistency %.2f, n = %d)",
					pct(1-a.Consistency.Value), a.Consistency.Value, a.Consistency.N))
			}
			switch {
			case a.FirstPositionRate.OK() && a.OneOrder:
				out = append(out, fmt.Sprintf("picks the answer shown first %s of the time (first-position rate %.2f), but no item was shown "+
					"both ways round, so this mixes position with how good the first-shown answers are",
					pct(a.FirstPositionRate.Value), a.FirstPositionRate.Value))
			case a.FirstPositionRate.OK():
				out = append(out, fmt.Sprintf("prefers the first answer %s of the time (first-position rate %.2f; 0.50 is fair)",
					pct(a.FirstPositionRate.Value), a.FirstPositionRate.Value))
			}
			if a.AccuracyMean.OK() {
				out = append(out, fmt.Sprintf("agrees with the gold label on %s of judgments (accuracy, mean over arrangements)", pct(a.AccuracyMean.Value)))
			}
		}
		out = append(out, biasHeadline(&sel.Effects))
		if ce := sel.Method(selection.MethodCalibraEval); ce != nil && raw != nil {
			out = append(out, calibraSentence(raw, ce))
		}
	} else if ja.SelectionReason != "" {
		out = append(out, "selection bias: "+ja.SelectionReason)
	}
	if rep := ja.Reporting; rep != nil && ja.ArbitraryOrder != "" {
		out = append(out, fmt.Sprintf("%s not headlined: %s (the Reporting pane shows it as a check of the correction)",
			present.TargetName(ja.Target), ja.ArbitraryOrder))
	} else if rep != nil {
		s := fmt.Sprintf("%s: %s %s %s; %s %s %s", present.TargetName(ja.Target), vocab.NaiveRateShort, vocab.NaiveRateSym, present.FmtStat(rep.PHat, 2),
			vocab.CorrectedRateShort, vocab.CorrectedRateSym, present.FmtStat(rep.ThetaHat, 2))
		switch {
		case rep.Uninformative != "":
			s += " (" + vocab.Uninformative + ": all of [0, 1])"
		case rep.Lower.OK() && rep.Upper.OK():
			s += fmt.Sprintf(" [%.2f, %.2f]", rep.Lower.Value, rep.Upper.Value)
		case rep.ThetaHat.OK():
			s += " (no interval: " + rep.Width.Reason + ")"
		default:
			s += " (" + rep.ThetaHat.Reason + ")"
		}
		s += fmt.Sprintf(" — %s, %s and %s", targetName(ja.Target), vocab.Plural(rep.TestSize, "test item"), vocab.Plural(rep.M0+rep.M1, "calibration item"))
		out = append(out, s)
	} else if ja.ReportingReason != "" {
		out = append(out, "verdict rate: "+ja.ReportingReason)
	}
	if lik := ja.Likelihood; lik != nil {
		t := lik.Total
		if t.BiasScore.OK() {
			s := fmt.Sprintf("likelihood bias: BiasScore %.2f", t.BiasScore.Value)
			if t.PValue.OK() {
				s += " (p " + pText(t.PValue.Value) + ")"
			}
			switch {
			case t.BiasScore.Value > 0.1:
				s += " — over-rates text its language model finds likely"
			case t.BiasScore.Value < -0.1:
				s += " — under-rates text its language model finds likely"
			default:
				s += " — little likelihood bias"
			}
			out = append(out, s)
		} else {
			out = append(out, "likelihood bias: "+t.BiasScore.Reason)
		}
	} else if ja.LikelihoodReason != "" {
		out = append(out, "likelihood bias: "+ja.LikelihoodReason)
	}
	return out
}

// biasHeadline is the Overview's sentence on position and ID bias: a
// verdict from the intervals, then the numbers.
func biasHeadline(be *identify.Effects) string {
	num := func(e identify.Effect) string {
		s := present.EffectValue(e)
		if ci := present.EffectCI(e); strings.HasPrefix(ci, "[") {
			s += " " + ci
		}
		return s
	}
	unit := "logit"
	if be.Scale == identify.ScaleRate {
		unit = "pick rate − ½"
	}
	pe, te, ce := be.Position, be.Token, be.Combined
	ok := func(e identify.Effect) bool { return e.Identified && e.Estimate.OK() }
	tail := fmt.Sprintf(" (%s; %s)", unit, be.Design)
	switch {
	case ok(pe) && ok(te):
		verdict := "no detectable position or ID bias"
		switch sp, stk := pe.Size(be.Scale), te.Size(be.Scale); {
		case sp == identify.SizeLarge && stk == identify.SizeLarge:
			verdict = "favours both the first-shown answer and the ID A"
		case sp == identify.SizeLarge:
			verdict = "its bias is positional"
		case stk == identify.SizeLarge:
			verdict = "its bias is towards the ID A"
		case sp == identify.SizeSmall || stk == identify.SizeSmall:
			verdict = "small position and ID effects"
		}
		return fmt.Sprintf("%s: position effect %s, ID-A effect %s%s", verdict, num(pe), num(te), tail)
	case ok(pe):
		return fmt.Sprintf("position effect %s%s; ID bias is not identified by this design", num(pe), tail)
	case ok(te):
		return fmt.Sprintf("ID-A effect %s%s; position bias is not identified by this design", num(te), tail)
	case ok(ce):
		return fmt.Sprintf("position and ID confounded: together %s%s — collect x1 or x3 to separate them", num(ce), tail)
	}
	return "position or ID bias: " + be.Advice
}

// calibraSentence says what CalibraEval did to κ and ICC(2,k), or why it
// could not help.
func calibraSentence(raw, ce *selection.MethodResult) string {
	if !ce.Available {
		return "CalibraEval is unavailable: " + ce.Reason
	}
	if ce.Degenerate {
		return "CalibraEval collapsed: " + ce.DegenerateReason + " — its numbers say nothing about the judge and are not shown; see BPC on the Selection pane"
	}
	var parts []string
	if r, c := raw.All.FleissKappa, ce.All.FleissKappa; r.OK() && c.OK() {
		parts = append(parts, fmt.Sprintf("κ %.2f → %.2f", r.Value, c.Value))
	}
	if r, c := raw.All.ICC2k, ce.All.ICC2k; r.OK() && c.OK() && r.Flag == "" && c.Flag == "" {
		parts = append(parts, fmt.Sprintf("ICC(2,k) %.2f → %.2f", r.Value, c.Value))
	}
	if r, c := raw.All.RStd, ce.All.RStd; r.OK() && c.OK() {
		parts = append(parts, fmt.Sprintf("RStd %.2f → %.2f", r.Value, c.Value))
	}
	if len(parts) == 0 {
		return "CalibraEval ran, but no agreement metric is defined on these items"
	}
	return "CalibraEval: " + strings.Join(parts, ", ")
}

// comparison is the triage table: one row per judge.
func (p *overviewPane) comparison() []string {
	judges, ok, err := p.c.comparedJudges()
	if err != nil {
		return wrap(err.Error(), p.c.contentWidth(), "   ✗ ")
	}
	if !ok {
		return []string{"   ⟳ analysing every judge …"}
	}
	head := []string{"   judge", "pairs", "consist.", "first-pos", "κ", "ICC(2,k)", "acc.", "naive p̂", "corrected θ̂ [CI]", "BiasScore"}
	var rows [][]string
	for i := range judges {
		ja := &judges[i]
		name := "   " + clean(ja.Judge)
		if ja.Judge == p.c.judgeName() {
			name = " ▸ " + clean(ja.Judge)
		}
		// The documents' summary row (present.SummaryOf), with the raw κ and
		// ICC(2,k) the Overview adds, to the same decimals.
		sr := present.SummaryOf(ja)
		c := sr.Cells()
		kappa, icc := "—", "—"
		if sel := ja.Selection; sel != nil {
			if raw := sel.Method(selection.MethodRaw); raw != nil && raw.Available {
				kappa, icc = present.FmtStat(raw.All.FleissKappa, present.SummaryDecimals), fmtFlagged(raw.All.ICC2k, present.SummaryDecimals)
			}
		}
		r := []string{name, c.Items, c.Consistency, c.FirstPositionRate, kappa, icc, c.Accuracy, c.PHat, c.Theta, c.BiasScore}
		rows = append(rows, r)
	}
	out := p.cols.fit(&p.c.st, head, rows, comparisonPrio, p.c.contentWidth())
	return append(out, wrap(targetsCaption(judges), p.c.contentWidth(), "   ")...)
}

// targetsCaption says what the comparison's p̂ and θ̂ estimate for each
// judge, so a column that mixes targets says which is which, and why a
// judge's rates are not shown (response order arbitrary).
func targetsCaption(jas []analysis.JudgeAnalysis) string {
	var order []string
	by := map[string][]string{}
	var arbitrary []string
	for i := range jas {
		ja := &jas[i]
		if ja.Reporting == nil {
			continue
		}
		if ja.ArbitraryOrder != "" {
			arbitrary = append(arbitrary, clean(ja.Judge))
			continue
		}
		t := present.TargetName(ja.Target)
		if _, ok := by[t]; !ok {
			order = append(order, t)
		}
		by[t] = append(by[t], clean(ja.Judge))
	}
	var parts []string
	for _, t := range order {
		if len(order) == 1 && len(arbitrary) == 0 {
			parts = append(parts, t+" for every judge")
			break
		}
		parts = append(parts, t+" for "+strings.Join(by[t], ", "))
	}
	if len(arbitrary) > 0 {
		parts = append(parts, fmt.Sprintf("not shown (— (order)) for %s: their pair records' response order is arbitrary, so %s says nothing about a model",
			strings.Join(arbitrary, ", "), vocab.TargetPair))
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf("%s and %s estimate: %s", vocab.NaiveRateSym, vocab.CorrectedRateSym, strings.Join(parts, "; "))
}

// targetName says in words what the reporting engine estimated.
func targetName(t string) string {
	if t == analysis.TargetVerdict {
		return "verdict records"
	}
	if s, ok := strings.CutPrefix(t, analysis.TargetPair+":"); ok {
		return "pair verdicts from " + s
	}
	return t
}

func pText(p float64) string {
	if p < 1e-3 {
		return "< 0.001"
	}
	return fmt.Sprintf("= %.3f", p)
}
