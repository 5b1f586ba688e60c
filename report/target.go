package report

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/internal/vocab"
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

// TargetName names the quantity θ of a reporting target (TargetVerdict or
// "pair:<source>") in the vocabulary's words.
func TargetName(target string) string {
	if target == TargetVerdict {
		return vocab.TargetVerdict
	}
	if strings.HasPrefix(target, TargetPair) {
		return vocab.TargetPair
	}
	return target
}

// TargetDetail says what z and ẑ are for a reporting target.
func TargetDetail(target string) string {
	if target == TargetVerdict {
		return "verdict records: z = the human's label, ẑ = the judge's verdict"
	}
	if s, ok := strings.CutPrefix(target, TargetPair+":"); ok {
		return "pair records: z = \"response_1 is better\", ẑ from " + s
	}
	return target
}

// ArbitraryOrderNote is the note a pair target gets when response order is
// arbitrary (ja.ArbitraryOrder).
func ArbitraryOrderNote(why string) string {
	return fmt.Sprintf("%s is not a headline number here: %s; it describes how the log ordered its pairs, "+
		"so read this section as a check of the correction (p̂ against θ̂ and the true rate), not as a result", vocab.TargetPair, why)
}
