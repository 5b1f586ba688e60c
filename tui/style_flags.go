package tui

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/present"
)

// generatorLonger: the generator pairs where one generator wrote the
// longer response in more than 90% of the items, with the pair's φ, the
// length effect to quote (under the length summary).
func (p *stylePane) generatorLonger(w int, l *style.Length) []string {
	if len(l.GeneratorLonger) == 0 {
		return nil
	}
	out := warnLines(&p.c.st, wrap(fmt.Sprintf("confounded with the generator: in these pairs one generator wrote the longer response in more than %.0f%% of the items, "+
		"so the longer preference mostly compares the generators; quote the length effect within the pair, φ:", 100*style.LongerShare), w, "   ⚠ "))
	for _, g := range l.GeneratorLonger {
		out = append(out, wrap(fmt.Sprintf("%s longer than %s in %.1f%% of %d items · φ %s", g.Model, g.Opponent, 100*g.Share, g.N, signedStat(g.Slope)), w, "     · ")...)
	}
	return out
}

// selfFlags: under the self-preference, the position dominance, the
// caveat without gold and the preference beyond the other judges.
func (p *stylePane) selfFlags(w int, res *style.Result) []string {
	var out []string
	s := res.Self
	if d := res.PositionDominated; d != nil {
		out = append(out, warnLines(&p.c.st, wrap("not a finding: the judge is position-dominated ("+dominatedNumbers(d)+"; above)", w, "   ⚑ "))...)
	}
	if s.Caveat != "" {
		out = append(out, wrap("without gold, "+s.Caveat, w, "   · ")...)
	}
	if b := s.BeyondOthers; b != nil {
		out = append(out, wrap(beyondOthersText(b), w, "   · ")...)
	} else if s.BeyondOthersReason != "" {
		out = append(out, wrap("beyond the other judges: "+s.BeyondOthersReason, w, "   · ")...)
	}
	return out
}

// beyondOthersText is the preference beyond the other judges in a
// sentence, with its match.
func beyondOthersText(b *style.BeyondOthers) string {
	match := fmt.Sprintf("paired by item: %d by id, %d by prompt and responses; %d own items without a counterpart", b.ByID, b.ByText, b.Unmatched)
	if len(b.Excluded) > 0 {
		ex := make([]string, len(b.Excluded))
		for i, j := range b.Excluded {
			ex[i] = clean(j)
		}
		match += "; left out as position-dominated: " + strings.Join(ex, ", ")
	}
	if !b.Value.OK() {
		return fmt.Sprintf("beyond the other judges: — (%s; %s)", clean(b.Value.Reason), match)
	}
	judges := make([]string, len(b.Judges))
	for i, j := range b.Judges {
		judges[i] = clean(j)
	}
	v := present.Signed(b.Value.Value, 3)
	if ci := b.Value.CI; ci != nil {
		v += fmt.Sprintf(" [%s, %s]", present.Signed(ci.Lower, 3), present.Signed(ci.Upper, 3))
	}
	return fmt.Sprintf("beyond the other judges (%s): %s over %s, own %.3f minus theirs %.3f (%s)",
		strings.Join(judges, ", "), v, vocab.Plural(b.Value.N, "item"), b.Own, b.Others, match)
}

// dominatedWinRates: above the win-rate table of a position-dominated
// judge, that its raw win rates (marked ⚑) are not findings.
func (p *stylePane) dominatedWinRates(w int, res *style.Result) []string {
	d := res.PositionDominated
	if d == nil || len(res.WinRates) == 0 {
		return nil
	}
	return warnLines(&p.c.st, wrap("the raw win rates (⚑) are not findings: the judge is position-dominated ("+dominatedNumbers(d)+"; above)", w, "   ⚑ "))
}

// dominated: at the top of the pane, that the judge is position-dominated,
// with the reason and the numbers.
func (p *stylePane) dominated(w int, res *style.Result) []string {
	if d := res.PositionDominated; d != nil {
		return append([]string{""}, warnLines(&p.c.st, wrap("position-dominated judge — not a finding: "+d.Reason, w, " ⚑ "))...)
	}
	return nil
}

// dominatedNumbers are a position-dominated judge's two numbers.
func dominatedNumbers(d *style.Dominance) string {
	return fmt.Sprintf("consistency %.4f over %d items, first-position rate %.4f over %d choices",
		d.Consistency.Value, d.Consistency.N, d.FirstPositionRate.Value, d.FirstPositionRate.N)
}

// warnLines renders wrapped lines in the warning style.
func warnLines(st *styles, lines []string) []string {
	for i, l := range lines {
		lines[i] = st.Warn.Render(l)
	}
	return lines
}

// rawCell is a win-rate row's raw rate, marked ⚑ for a position-dominated
// judge.
func rawCell(wr *style.WinRate, res *style.Result) string {
	if res.PositionDominated != nil && wr.Raw.OK() {
		return rateCI(wr.Raw) + " ⚑"
	}
	return rateCI(wr.Raw)
}
