package present

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// TargetName names the quantity θ of a reporting target (TargetVerdict or
// "pair:<source>") in the vocabulary's words.
func TargetName(target string) string {
	if target == analysis.TargetVerdict {
		return vocab.TargetVerdict
	}
	if strings.HasPrefix(target, analysis.TargetPair) {
		return vocab.TargetPair
	}
	return target
}

// TargetDetail says what z and ẑ are for a reporting target.
func TargetDetail(target string) string {
	if target == analysis.TargetVerdict {
		return "verdict records: z = the human's label, ẑ = the judge's verdict"
	}
	if s, ok := strings.CutPrefix(target, analysis.TargetPair+":"); ok {
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
