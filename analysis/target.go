package analysis

import (
	"fmt"

	"github.com/plumb-eval/plumb/model"
)

// arbitraryOrder says why response_1 of pairs is not one system throughout
// ("" when it is: every record names the same generator as model_1, or
// every record the same as model_2). Where it is not, which response came
// first in the log is the benchmark's choice, and P(response_1 better)
// measures that choice, not a model.
func arbitraryOrder(pairs []model.Pair) string {
	if len(pairs) == 0 {
		return ""
	}
	m1, m2 := map[string]bool{}, map[string]bool{}
	unnamed := 0
	for i := range pairs {
		a, b := pairs[i].Model(1), pairs[i].Model(2)
		if a == "" || b == "" {
			unnamed++
			continue
		}
		m1[a], m2[b] = true, true
	}
	switch {
	case unnamed == len(pairs):
		return "the pair records do not name the generators of response_1 and response_2 (model_1, model_2), so nothing says response_1 is one system"
	case unnamed > 0:
		return fmt.Sprintf("%d of %d pair records do not name the generators of their responses (model_1, model_2)", unnamed, len(pairs))
	case len(m1) == 1 || len(m2) == 1:
		return ""
	}
	return fmt.Sprintf("response_1 comes from %d generators and response_2 from %d, so which response is first is the log's choice", len(m1), len(m2))
}
