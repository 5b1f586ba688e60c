package metrics

import (
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// reasonNoAnyGold is why AccuracyTies is undefined.
const reasonNoAnyGold = "no item has a gold label (1, 2 or tie)"

// fillAccuracyTies sets AccuracyTies from the counts: in each arrangement,
// the share of items with gold 1, 2 or tie whose choice category equals
// the gold's (catOf: 0 = response_1, 1 = response_2, 2 = tie, i.e. gold−1),
// averaged over the arrangements that have such items.
func (m *Metrics) fillAccuracyTies(t *metricTally) {
	var sum float64
	var arrs int
	for j := range model.NumArrangements {
		hit, n := 0, 0
		for g := int(model.Gold1); g <= int(model.GoldTie); g++ {
			c := &t.cnt[j][g]
			n += c[0] + c[1] + c[2]
			hit += c[g-1]
		}
		if n == 0 {
			continue
		}
		sum += float64(hit) / float64(n)
		arrs++
	}
	if arrs == 0 {
		m.AccuracyTies = calib.Undefined(0, reasonNoAnyGold)
		return
	}
	m.AccuracyTies = calib.Defined(sum/float64(arrs), t.goldItems+t.tieGoldItems)
}
