package report

import (
	"fmt"
	"math"
	"strings"

	"github.com/plumb-eval/plumb/calib/identify"
	"github.com/plumb-eval/plumb/present"
)

// BiasEffects is selection.bias_effects: what the judge's arrangements
// identify about its position and token bias (identify.Bias).
type BiasEffects struct {
	// Design names the arrangement set(s): "x0..x3", "x0+x2", "mixed: …".
	Design string `json:"design"`
	// Scale is "logit" (effects are logit bonuses of P(A)) or "rate"
	// (pick rates − ½, when some record gives hard choices).
	Scale string `json:"scale"`
	// Level is the intervals' confidence level (0.95).
	Level    float64    `json:"level"`
	Position BiasEffect `json:"position"`
	Token    BiasEffect `json:"token"`
	// PositionToken is β + τ, the bonus of A shown first (all x0+x2 shows).
	PositionToken BiasEffect `json:"position_token"`
	// Table is the pick share of the answer shown first/second with ID A/B.
	Table  BiasTable `json:"table"`
	Advice string    `json:"advice"`
	Notes  []string  `json:"notes"`

	// md is what only the Markdown shows (effectsMarkdown).
	md effectsMarkdown
}

// effectsMarkdown is what the Markdown shows of the bias effects beyond
// the report JSON: the effects and the table's cells as computed (the
// JSON holds only their finite values).
type effectsMarkdown struct {
	rows  []present.EffectRow
	table [2][2]identify.Cell
}

// BiasEffect is one effect: null estimate and interval, with a reason, when
// the design does not identify it or too few items have the contrast.
type BiasEffect struct {
	Identified bool        `json:"identified"`
	Estimate   *float64    `json:"estimate"`
	CI         *[2]float64 `json:"ci"`
	N          int         `json:"n"`
	Reason     *string     `json:"reason"`
}

// BiasTable is the position × ID table.
type BiasTable struct {
	First  BiasRow `json:"first"`
	Second BiasRow `json:"second"`
}

// BiasRow is one row of the position × ID table.
type BiasRow struct {
	A BiasCell `json:"a"`
	B BiasCell `json:"b"`
}

// BiasCell is one cell: the mean pick share over n observations (null
// when n = 0: the design never shows an answer there).
type BiasCell struct {
	Share *float64 `json:"share"`
	N     int      `json:"n"`
}

func buildBiasEffects(b *identify.Effects) *BiasEffects {
	cell := func(r, c int) BiasCell {
		x := b.Table[r][c]
		out := BiasCell{N: x.N}
		if x.N > 0 {
			out.Share = finite(x.Share)
		}
		return out
	}
	return &BiasEffects{
		Design:        b.Design,
		Scale:         b.Scale,
		Level:         1 - identify.Alpha,
		Position:      buildBiasEffect(b.Position),
		Token:         buildBiasEffect(b.Token),
		PositionToken: buildBiasEffect(b.Combined),
		Table: BiasTable{
			First:  BiasRow{A: cell(identify.ShownFirst, identify.IDA), B: cell(identify.ShownFirst, identify.IDB)},
			Second: BiasRow{A: cell(identify.ShownSecond, identify.IDA), B: cell(identify.ShownSecond, identify.IDB)},
		},
		Advice: b.Advice,
		Notes:  nonNil(b.Notes),
		md:     effectsMarkdown{rows: present.BiasEffectRows(b), table: b.Table},
	}
}

func buildBiasEffect(e identify.Effect) BiasEffect {
	s := e.Estimate
	out := BiasEffect{Identified: e.Identified, N: s.N}
	switch {
	case !e.Identified:
		r := e.Reason
		out.Reason = &r
		return out
	case !s.OK():
		r := s.Reason
		out.Reason = &r
		return out
	}
	out.Estimate = finite(s.Value)
	if s.CI != nil && out.Estimate != nil {
		if lo, hi := finite(s.CI.Lower), finite(s.CI.Upper); lo != nil && hi != nil {
			out.CI = &[2]float64{*lo, *hi}
		}
	}
	return out
}

// finite returns &v, or nil for NaN and ±Inf (which JSON cannot hold).
func finite(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}

// writeBiasEffects writes what the judge's arrangements identify about
// its position and token bias (identify.Bias).
func writeBiasEffects(b *strings.Builder, be *BiasEffects) {
	fmt.Fprintf(b, "\n### Position or ID? — design %s\n\n", be.Design)
	b.WriteString("How often the judge picks the answer shown in each place with each ID (mean P, or share of hard choices; observations in brackets):\n\n")
	b.WriteString("| picks the answer … | ID A | ID B |\n|---|---:|---:|\n")
	for r, name := range []string{"shown first", "shown second"} {
		fmt.Fprintf(b, "| %s |", name)
		for c := range 2 {
			cell := be.md.table[r][c]
			txt := present.BiasCellText(cell)
			if cell.N > 0 {
				txt += fmt.Sprintf(" (%d)", cell.N)
			}
			fmt.Fprintf(b, " %s |", txt)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(b, "\nEffects from within-item contrasts (%s; %.0f%% Student-t intervals over items):\n\n",
		present.ScaleText(be.Scale), 100*be.Level)
	b.WriteString("| effect | estimate | 95% CI | items |\n|---|---:|---|---:|\n")
	for _, row := range be.md.rows {
		fmt.Fprintf(b, "| %s %s (%s) | %s | %s | %d |\n",
			row.Name, row.Symbol, row.Meaning, present.EffectValue(row.Effect), mdMsg(present.EffectCI(row.Effect)), row.Effect.Estimate.N)
	}
	fmt.Fprintf(b, "\nAdvice: %s.\n", mdClause(be.Advice))
	writeNotes(b, be.Notes)
}
