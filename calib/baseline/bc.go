package baseline

import (
	"errors"
	"fmt"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/model"
)

// BCPrior is Batch Calibration's prior (Zhou et al. 2024; docs/methods.md
// §4): b_a = the mean P(A) over the estimation items est judged in
// arrangement a. It needs no labels and no probes. It fails when a record
// gives hard choices, when no estimation item was judged at all, or when
// est holds an index out of range.
func BCPrior(pairs []model.Pair, est []int) (ArrPrior, error) {
	if len(pairs) == 0 {
		return ArrPrior{}, errors.New("no items")
	}
	if err := needProbs("BC", pairs); err != nil {
		return ArrPrior{}, err
	}
	var acc priorAcc
	for _, i := range est {
		if i < 0 || i >= len(pairs) {
			return ArrPrior{}, fmt.Errorf("bc: estimation index %d out of range [0, %d)", i, len(pairs))
		}
		acc.add(&pairs[i].Has, &pairs[i].S)
	}
	q := acc.prior()
	if q.N == [model.NumArrangements]int{} {
		return ArrPrior{}, errors.New("BC needs estimation items")
	}
	return q, nil
}

// BCPrefsIn is Batch Calibration (Zhou et al. 2024, "Batch calibration:
// rethinking calibration for in-context learning and prompt engineering";
// docs/methods.md §4): with b_a = BCPrior(pairs, est), every P(A) s in
// arrangement a becomes (s/b_a)/(s/b_a + (1 − s)/(1 − b_a)). Preferences'
// arrays come from ws (nil: allocated). It fails as BCPrior does, or when a
// pair was judged in an arrangement no estimation item was.
func BCPrefsIn(pairs []model.Pair, est []int, ws *work.Space) (calib.Prefs, ArrPrior, error) {
	q, err := BCPrior(pairs, est)
	if err != nil {
		return calib.Prefs{}, ArrPrior{}, err
	}
	p, err := ArrPriorPrefsIn(pairs, q, func(a model.Arrangement) string {
		return fmt.Sprintf("BC needs estimation items judged in %s", a)
	}, ws)
	return p, q, err
}
