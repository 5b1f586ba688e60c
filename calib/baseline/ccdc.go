package baseline

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/model"
)

// ProbePrior is the prior of Contextual Calibration (kind model.ProbeCC;
// Zhao et al. 2021, "Calibrate before use") or Domain-context Calibration
// (model.ProbeDC; Fei et al. 2023, "Mitigating label biases for in-context
// learning"), docs/methods.md §4: c_a (d_a) = the mean P(A) of the probes
// of that kind in arrangement a. Probes of other kinds are skipped. It
// fails, with the reason the methods table shows, when there is none.
func ProbePrior(kind model.ProbeKind, probes []model.Probe) (ArrPrior, error) {
	var acc priorAcc
	for i := range probes {
		if probes[i].Probe == kind {
			acc.add(&probes[i].Has, &probes[i].S)
		}
	}
	q := acc.prior()
	if q.N == [model.NumArrangements]int{} {
		return ArrPrior{}, fmt.Errorf("no %s probes in the log", strings.ToUpper(string(kind)))
	}
	return q, nil
}

// ProbePrefsIn is CC or DC (as kind says; docs/methods.md §4): with p_a =
// ProbePrior(kind, probes), every P(A) s in arrangement a becomes
// (s/p_a)/(s/p_a + (1 − s)/(1 − p_a)), the diagonal W = diag(p)⁻¹ of Zhao
// et al. renormalised over {A, B}. Preferences' arrays come from ws (nil:
// allocated). It fails when a record gives hard choices, when there are no
// probes of the kind, or when a pair was judged in an arrangement no probe
// was asked in.
func ProbePrefsIn(pairs []model.Pair, kind model.ProbeKind, probes []model.Probe, ws *work.Space) (calib.Prefs, ArrPrior, error) {
	name := strings.ToUpper(string(kind))
	if err := needProbs(name, pairs); err != nil {
		return calib.Prefs{}, ArrPrior{}, err
	}
	q, err := ProbePrior(kind, probes)
	if err != nil {
		return calib.Prefs{}, ArrPrior{}, err
	}
	p, err := ArrPriorPrefsIn(pairs, q, func(a model.Arrangement) string {
		return fmt.Sprintf("no %s probes in arrangement %s", name, a)
	}, ws)
	return p, q, err
}
