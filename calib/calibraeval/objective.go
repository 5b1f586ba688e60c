package calibraeval

import (
	"fmt"
	"strings"
)

// Objective selects which consistency terms CalibraEval's loss uses
// (docs/methods.md §3; the paper's Table 3 ablations).
type Objective int

// The objective variants.
const (
	// ObjectiveBoth uses every position-swap and content-swap term (eq. 10).
	ObjectiveBoth Objective = iota
	// ObjectiveL1 keeps only the content-swap terms with their λ terms (eq. 19).
	ObjectiveL1
	// ObjectiveL2 keeps only the position-swap terms, each with the anchor
	// −λ(g(s) − 0.5)² of eq. 20.
	ObjectiveL2
)

// ParseObjective parses "both", "l1" or "l2" (case-insensitive).
func ParseObjective(s string) (Objective, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "both":
		return ObjectiveBoth, nil
	case "l1":
		return ObjectiveL1, nil
	case "l2":
		return ObjectiveL2, nil
	}
	return 0, fmt.Errorf("unknown CalibraEval objective %q (want both, l1 or l2)", s)
}

// String returns "both", "l1" or "l2".
func (o Objective) String() string {
	switch o {
	case ObjectiveBoth:
		return "both"
	case ObjectiveL1:
		return "l1"
	case ObjectiveL2:
		return "l2"
	}
	return fmt.Sprintf("objective(%d)", int(o))
}

// usesPosition reports whether the objective has position-swap terms.
func (o Objective) usesPosition() bool { return o == ObjectiveBoth || o == ObjectiveL2 }

// usesContent reports whether the objective has content-swap terms.
func (o Objective) usesContent() bool { return o == ObjectiveBoth || o == ObjectiveL1 }
