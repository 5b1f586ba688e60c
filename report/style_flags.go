package report

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/present"
)

// StyleBeyondOthers is the judge's preference for its own responses beyond
// the other judges' on the same items (JSON style.self_preference.
// beyond_others): the mean over the matched items of the judge's
// preference for its own response minus the other judges' mean preference
// for it, with its paired item bootstrap interval (style.bootstrap says
// the resamples and the level).
type StyleBeyondOthers struct {
	// Value is null when no item matched (notes say why).
	Value *float64    `json:"value"`
	N     int         `json:"n"`
	CI95  *[2]float64 `json:"ci95"`
	// Own and Others are the two means over the matched items.
	Own    *float64 `json:"own"`
	Others *float64 `json:"others"`
	// Judges are the other judges with a matched item; Excluded the
	// position-dominated ones left out (no reference).
	Judges   []string `json:"judges"`
	Excluded []string `json:"excluded"`
	// MatchedByID and MatchedByText count the matched items by the rule
	// that matched them (the same id; the same prompt and responses);
	// Unmatched the judge's own items without a counterpart.
	MatchedByID   int      `json:"matched_by_id"`
	MatchedByText int      `json:"matched_by_text"`
	Unmatched     int      `json:"unmatched"`
	Notes         []string `json:"notes"`
}

// StylePositionDominated flags a judge whose choices follow the position
// shown (JSON style.position_dominated): its own preference and raw win
// rates are not findings.
type StylePositionDominated struct {
	Consistency        float64 `json:"consistency"`
	ConsistencyN       int     `json:"consistency_n"`
	FirstPositionRate  float64 `json:"first_position_rate"`
	FirstPositionRateN int     `json:"first_position_rate_n"`
	Reason             string  `json:"reason"`
}

// StyleGeneratorLonger is a generator pair where one generator wrote the
// longer response in more than 90% of the items with known, different
// lengths (JSON style.length.generator_longer[]): the longer preference
// there mostly compares the two generators, and the pair's φ (Slope, its
// length-controlled GLM's, which conditions on the pair) is the length
// effect to quote.
type StyleGeneratorLonger struct {
	Model     string      `json:"model"`
	Opponent  string      `json:"opponent"`
	Share     float64     `json:"share"`
	N         int         `json:"n"`
	Slope     *float64    `json:"slope"`
	SlopeCI95 *[2]float64 `json:"slope_ci95"`
	// Note is the sentence the reports show, with the numbers.
	Note string `json:"note"`
}

// buildBeyondOthers converts the preference beyond the other judges.
func buildBeyondOthers(b *style.BeyondOthers) *StyleBeyondOthers {
	out := &StyleBeyondOthers{Value: present.Value(b.Value), N: b.Value.N, Judges: nonNil(b.Judges), Excluded: nonNil(b.Excluded),
		MatchedByID: b.ByID, MatchedByText: b.ByText, Unmatched: b.Unmatched, Notes: []string{}}
	if !b.Value.OK() {
		out.Notes = append(out.Notes, "value: "+b.Value.Reason)
		return out
	}
	if b.Value.CI != nil {
		out.CI95 = &[2]float64{b.Value.CI.Lower, b.Value.CI.Upper}
	}
	own, others := b.Own, b.Others
	out.Own, out.Others = &own, &others
	return out
}

// buildStyleFlags fills what qualifies a style section's measures: the
// position dominance, the self-preference's caveat and the preference
// beyond the other judges, the generator pairs where one is the longer.
func buildStyleFlags(out *Style, r *style.Result) {
	if d := r.PositionDominated; d != nil {
		out.PositionDominated = &StylePositionDominated{Consistency: d.Consistency.Value, ConsistencyN: d.Consistency.N,
			FirstPositionRate: d.FirstPositionRate.Value, FirstPositionRateN: d.FirstPositionRate.N, Reason: d.Reason}
	}
	if s, sp := r.Self, out.SelfPreference; s != nil && sp != nil {
		sp.Note = s.Caveat
		if s.BeyondOthers != nil {
			sp.BeyondOthers = buildBeyondOthers(s.BeyondOthers)
		} else if s.BeyondOthersReason != "" {
			sp.Notes = append(sp.Notes, "beyond_others: "+s.BeyondOthersReason)
		}
	}
	for i := range r.Length.GeneratorLonger {
		g := &r.Length.GeneratorLonger[i]
		row := StyleGeneratorLonger{Model: g.Model, Opponent: g.Opponent, Share: g.Share, N: g.N, Slope: present.Value(g.Slope), Note: g.Sentence()}
		if g.Slope.OK() && g.Slope.CI != nil {
			row.SlopeCI95 = &[2]float64{g.Slope.CI.Lower, g.Slope.CI.Upper}
		}
		out.Length.GeneratorLonger = append(out.Length.GeneratorLonger, row)
	}
}

// writeGeneratorLonger writes, after the length table, the generator pairs
// where one generator is the longer, with the figure to quote.
func writeGeneratorLonger(b *strings.Builder, l *StyleLength) {
	for _, g := range l.GeneratorLonger {
		fmt.Fprintf(b, "\nConfounded with the generator: %s.\n", mdClause(g.Note))
	}
}

// writeSelfFlags writes, after the self-preference sentence, its caveat,
// the preference beyond the other judges and the position dominance.
func writeSelfFlags(b *strings.Builder, s *Style) {
	sp := s.SelfPreference
	if d := s.PositionDominated; d != nil {
		fmt.Fprintf(b, "⚑ Not a finding: the judge is position-dominated (%s; above).\n", dominatedNumbers(d))
	}
	if sp.Note != "" {
		fmt.Fprintf(b, "Without gold, %s.\n", mdClause(sp.Note))
	}
	bo := sp.BeyondOthers
	if bo == nil {
		return
	}
	match := fmt.Sprintf("paired by item: %d matched by id, %d by prompt and responses; %d of its own items without a counterpart",
		bo.MatchedByID, bo.MatchedByText, bo.Unmatched)
	if len(bo.Excluded) > 0 {
		ex := make([]string, len(bo.Excluded))
		for i, j := range bo.Excluded {
			ex[i] = md(j)
		}
		match += "; left out as position-dominated: " + strings.Join(ex, ", ")
	}
	if bo.Value == nil {
		fmt.Fprintf(b, "Beyond the other judges: undefined — %s (%s).\n", mdClause(noteFor(bo.Notes, "value")), match)
		return
	}
	judges := make([]string, len(bo.Judges))
	for i, j := range bo.Judges {
		judges[i] = md(j)
	}
	ci := ""
	if bo.CI95 != nil {
		ci = fmt.Sprintf(" [%s, %s]", present.Signed(bo.CI95[0], 3), present.Signed(bo.CI95[1], 3))
	}
	fmt.Fprintf(b, "Beyond the other judges (%s), on the same %s it prefers its own responses by %s%s: its own preference there %.3f minus theirs %.3f (%s).\n",
		strings.Join(judges, ", "), vocab.Plural(bo.N, "item"), present.Signed(*bo.Value, 3), ci, *bo.Own, *bo.Others, match)
}

// writeDominated writes, at the top of the style section, that the judge
// is position-dominated, with the reason and the numbers.
func writeDominated(b *strings.Builder, s *Style) {
	if d := s.PositionDominated; d != nil {
		fmt.Fprintf(b, "\n⚑ Position-dominated judge — not a finding: %s.\n", mdClause(d.Reason))
	}
}

// writeDominatedWinRates writes, before the win-rate table, that a
// position-dominated judge's raw win rates are no finding.
func writeDominatedWinRates(b *strings.Builder, s *Style) {
	if d := s.PositionDominated; d != nil && len(s.WinRates) > 0 {
		fmt.Fprintf(b, "\n⚑ The raw win rates below (marked ⚑) are not findings: the judge is position-dominated (%s; above).\n", dominatedNumbers(d))
	}
}

// dominatedNumbers are a position-dominated judge's two numbers.
func dominatedNumbers(d *StylePositionDominated) string {
	return fmt.Sprintf("consistency %.4f over %d items, first-position rate %.4f over %d choices",
		d.Consistency, d.ConsistencyN, d.FirstPositionRate, d.FirstPositionRateN)
}

// csvGeneratorLongerRows are the generator pairs where one is the longer
// (section style_length, metric longer_share).
func csvGeneratorLongerRows(rows []csvRow, judge string, s *Style) []csvRow {
	for _, g := range s.Length.GeneratorLonger {
		share := g.Share
		rows = append(rows, csvRow{section: "style_length", judge: judge, method: g.Model + " vs " + g.Opponent, metric: "longer_share",
			value: &share, n: csvInt(g.N), note: g.Note})
	}
	return rows
}

// csvBeyondOthersRows is the preference beyond the other judges (section
// style_self, metric beyond_others).
func csvBeyondOthersRows(rows []csvRow, judge string, p *StyleSelf) []csvRow {
	bo := p.BeyondOthers
	if bo == nil {
		return rows
	}
	note := fmt.Sprintf("other judges: %s; %d matched by id, %d by prompt and responses, %d own items without a counterpart",
		strings.Join(bo.Judges, ", "), bo.MatchedByID, bo.MatchedByText, bo.Unmatched)
	if len(bo.Excluded) > 0 {
		note += "; left out as position-dominated: " + strings.Join(bo.Excluded, ", ")
	}
	row := csvRow{section: "style_self", judge: judge, method: p.Model, metric: "beyond_others", value: bo.Value, n: csvInt(bo.N),
		note: joinNotes(undefinedNote(bo.Value, noteFor(bo.Notes, "value")), note)}
	row.ciLow, row.ciHigh = csvPair(bo.CI95)
	return append(rows, row)
}
