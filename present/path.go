package present

import (
	"fmt"

	"github.com/plumb-eval/plumb/calib/calibraeval"
)

// PathSentence says where agreement (ICC(2,k)) peaks on the path and what
// the objective's own optimum (the last point) gives ("" when ICC(2,k) is
// undefined along the path).
func PathSentence(p *calibraeval.Path) string {
	pk, ok := p.Peak[calibraeval.PeakICC2k]
	end := len(p.Points) - 1
	if !ok || end < 0 {
		return ""
	}
	e := p.Points[end].All.ICC2k
	endS := "an undefined ICC(2,k)"
	if e.OK() {
		endS = fmt.Sprintf("%.3f", e.Value)
	}
	if p.Points[end].Degenerate {
		endS += " (collapsed)"
	}
	return fmt.Sprintf("Agreement peaks at point %d (ICC(2,k) %.3f); the objective's optimum, point %d, gives %s.",
		pk, p.Points[pk].All.ICC2k.Value, end, endS)
}
