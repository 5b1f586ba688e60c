package style

import (
	"fmt"

	"github.com/plumb-eval/plumb/calib"
)

// Position is a judge's position metrics on its raw choices
// (calib/metrics: Consistency, FirstPositionRate).
type Position struct {
	Consistency, FirstPositionRate calib.Stat
}

// The position-dominance thresholds. A judge is position-dominated when it
// is consistent on at most DominatedConsistency of the items it judged in
// two or more arrangements and picks the first-shown response in at least
// DominatedFirstRate, or at most 1 − DominatedFirstRate, of its choices:
// then at least nine verdicts in ten follow the order shown, and its
// position-balanced preferences are ties on those items, so a mean of them
// sits at ½ with a narrow interval whatever the responses (Llama-2
// judging its own summaries: consistency 0.0005, first-position rate
// 0.9998, own preference 0.505 [0.504, 0.506]). Both conditions are
// asked: a judge inconsistent for another reason (a coin flip per item)
// is noisy rather than led by the position, and a first-position rate
// alone, on a log with one order per item, cannot tell the position from
// the responses when the order was not randomised.
const (
	DominatedConsistency = 0.10
	DominatedFirstRate   = 0.90
)

// Dominance is a judge found position-dominated, with the numbers that
// show it.
type Dominance struct {
	Consistency, FirstPositionRate calib.Stat
	// Reason says what was found, with the numbers and the thresholds.
	Reason string
}

// PositionDominance returns the judge's Dominance when pos shows it
// position-dominated (both metrics defined, over at least one item, and
// past the thresholds), nil otherwise; the zero Position is no flag.
func PositionDominance(pos Position) *Dominance {
	c, f := pos.Consistency, pos.FirstPositionRate
	if !c.OK() || !f.OK() || c.N == 0 || f.N == 0 || c.Value > DominatedConsistency || (f.Value < DominatedFirstRate && f.Value > 1-DominatedFirstRate) {
		return nil
	}
	side := fmt.Sprintf("at least %.2f", DominatedFirstRate)
	if f.Value <= 1-DominatedFirstRate {
		side = fmt.Sprintf("at most %.2f", 1-DominatedFirstRate)
	}
	return &Dominance{Consistency: c, FirstPositionRate: f, Reason: fmt.Sprintf(
		"the judge's choices follow the position shown: consistency %.4f over %d items judged in two orders (at most %.2f) and first-position rate %.4f over %d choices (%s), so its own preference and raw win rates say nothing about the responses",
		c.Value, c.N, DominatedConsistency, f.Value, f.N, side)}
}
