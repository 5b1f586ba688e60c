package tui

import (
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
)

// TestReproduceRepeatsAnnotators: the reproduce command of a run with
// --annotators repeats it (the annotators are judges of the log only with
// it).
func TestReproduceRepeatsAnnotators(t *testing.T) {
	in := inputArgs{files: []string{"pandalm"}, annotators: true}
	if got := reportCommand(analysis.Options{}, in); !strings.Contains(got, "--annotators") {
		t.Errorf("reproduce command %q has no --annotators", got)
	}
	if got := reportCommand(analysis.Options{}, inputArgs{files: []string{"pandalm"}}); strings.Contains(got, "--annotators") {
		t.Errorf("reproduce command %q has --annotators without it", got)
	}
}
