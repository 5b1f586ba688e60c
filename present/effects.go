package present

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib/identify"
)

// EffectRow is one of a judge's bias effects with its display names,
// shared by the Markdown report and the TUI.
type EffectRow struct {
	Name    string // "position", "token", "position + token"
	Symbol  string // "β", "τ", "β + τ"
	Meaning string // what a positive value means
	Effect  identify.Effect
}

// BiasEffectRows returns the position, token and combined effects, in
// that order.
func BiasEffectRows(b *identify.Effects) []EffectRow {
	return []EffectRow{
		{"position", "β", "prefers the answer shown first", b.Position},
		{"token", "τ", "prefers the ID A wherever it is", b.Token},
		{"position + token", "β + τ", "prefers A when A is shown first", b.Combined},
	}
}

// ScaleText says what the effects' unit is.
func ScaleText(scale string) string {
	if scale == identify.ScaleRate {
		return "pick rate − ½"
	}
	return "logit of P(A)"
}

// SignedNum formats v with a sign and a true minus: "+1.508", "−0.001".
func SignedNum(v float64, decimals int) string {
	return strings.Replace(fmt.Sprintf("%+.*f", decimals, v), "-", "−", 1)
}

// EffectValue is the estimate, or "—".
func EffectValue(e identify.Effect) string {
	if !e.Identified || !e.Estimate.OK() {
		return "—"
	}
	return SignedNum(e.Estimate.Value, 3)
}

// EffectCI is the interval "[lo, hi]", or the reason there is none.
func EffectCI(e identify.Effect) string {
	s := e.Estimate
	switch {
	case !e.Identified:
		return "not identified: " + e.Reason
	case !s.OK():
		return "undefined: " + s.Reason
	case s.CI == nil:
		return ""
	}
	return fmt.Sprintf("[%s, %s]", Minus(s.CI.Lower, 3), Minus(s.CI.Upper, 3))
}

// BiasCellText is a cell of the position × ID table: the pick share, or
// "—" when the design never shows an answer there.
func BiasCellText(c identify.Cell) string {
	if c.N == 0 {
		return "—"
	}
	return fmt.Sprintf("%.3f", c.Share)
}
