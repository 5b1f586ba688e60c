package baseline

import (
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// ReasonDiscardTrivial is why the discard-inconsistent baseline has no
// agreement metrics.
const ReasonDiscardTrivial = "the kept items are consistent by construction: agreement among them is trivially perfect"

// ConsistentItems returns the items of p, among idx (nil = all), that are
// judged in at least two arrangements and make the same choice in all of
// them (docs/methods.md §2 position consistency), in order, and how many items
// are judged in at least two arrangements.
func ConsistentItems(p calib.Prefs, idx []int) (kept []int, multi int) {
	return consistentItemsIn(p, idx, nil)
}

// consistentItemsIn is ConsistentItems with kept in an array from ws (nil:
// allocated as it grows); give it back with ws.putInts.
func consistentItemsIn(p calib.Prefs, idx []int, ws *work.Space) (kept []int, multi int) {
	n := len(p.R)
	if len(p.Has) != n {
		return nil, 0
	}
	count := n
	if idx != nil {
		count = len(idx)
	}
	kept = []int{}
	if ws != nil {
		kept = ws.Ints(count)[:0] // room for every item; never nil
	}
	for k := range count {
		i := k
		if idx != nil {
			i = idx[k]
			if i < 0 || i >= n {
				continue
			}
		}
		nArr, same := itemConsistency(&p.R[i], &p.Has[i])
		if nArr < 2 {
			continue
		}
		multi++
		if same {
			kept = append(kept, i)
		}
	}
	return kept, multi
}

// itemConsistency returns how many arrangements an item has and whether
// its choice is the same in all of them.
func itemConsistency(r *[model.NumArrangements]float64, has *[model.NumArrangements]bool) (nArr int, same bool) {
	var first model.Gold
	same = true
	for j := range model.NumArrangements {
		if !has[j] {
			continue
		}
		c := calib.Choice(r[j])
		if nArr == 0 {
			first = c
		} else if c != first {
			same = false
		}
		nArr++
	}
	return nArr, same
}

// DiscardMetrics is the discard-inconsistent baseline (docs/methods.md §4): the
// metrics over the position-consistent items only, and Kept, the share of
// the items judged in at least two arrangements that are consistent (items
// judged once cannot be checked and are dropped). Accuracy, recalls, RStd
// and tie rate are those of the kept items; the agreement metrics are not
// applicable and carry ReasonDiscardTrivial.
func DiscardMetrics(p calib.Prefs) (metrics.Metrics, calib.Stat) {
	return DiscardMetricsIn(p, nil, nil)
}

// DiscardMetricsIn is DiscardMetrics over the items idx (nil = all), with its
// list of kept items from ws (nil: allocated).
func DiscardMetricsIn(p calib.Prefs, idx []int, ws *work.Space) (metrics.Metrics, calib.Stat) {
	kept, multi := consistentItemsIn(p, idx, ws)
	defer ws.PutInts(kept)
	var ks calib.Stat
	if multi == 0 {
		ks = calib.Undefined(0, metrics.ReasonNeedMulti)
	} else {
		ks = calib.Defined(float64(len(kept))/float64(multi), multi)
	}
	m := metrics.ComputeWithoutAgreement(p, kept, ReasonDiscardTrivial)
	return m, ks
}
