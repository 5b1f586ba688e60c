package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/selection"
)

// checkDegenerate refuses (as bad input, status 2) to write the calibrated
// log when a judge's CalibraEval fit collapsed, naming each judge and why;
// with allow it only warns on w.
func checkDegenerate(w io.Writer, an *analysis.Analysis, allow bool) error {
	var lines []string
	for i := range an.Judges {
		ja := &an.Judges[i]
		if why, ok := ja.Selection.Collapsed(selection.MethodCalibraEval); ok {
			lines = append(lines, fmt.Sprintf("judge %q: CalibraEval collapsed: %s", ja.Judge, why))
		}
		if why, ok := ja.Selection.Collapsed(selection.MethodCalibraEvalPublished); ok {
			lines = append(lines, fmt.Sprintf("judge %q: the published code's CalibraEval collapsed: %s", ja.Judge, why))
		}
	}
	if len(lines) == 0 {
		return nil
	}
	if allow {
		for _, l := range lines {
			fmt.Fprintf(w, "warning: --allow-degenerate: writing anyway, marked \"degenerate\": %s\n", safe(l))
		}
		return nil
	}
	return inputError{errors.New("refusing to write a collapsed calibration (its preferences say nothing about the judge):\n  " +
		strings.Join(lines, "\n  ") + "\n" + calib.CollapseAdvice + "; --allow-degenerate writes it anyway")}
}
