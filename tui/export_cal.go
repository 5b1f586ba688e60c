package tui

import (
	"io"
	"strings"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/internal/atomicfile"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/report"
)

// writeCalibrated writes the calibrated log of judge's pair records (under
// the group filter) to name, the same records `plumb calibrate` writes for
// the same flags, and returns how many it wrote.
func writeCalibrated(guard *atomicfile.Guard, name string, eng *analysis.Engine, judge string, opt analysis.Options, an *analysis.Analysis) (int, error) {
	pairs, _, _ := eng.Records(judge, opt.Group)
	lg := &model.Log{Pairs: pairs}
	var sum report.CalibratedSummary
	err := guard.Write(name, func(w io.Writer) error {
		var err error
		sum, err = report.WriteCalibrated(w, lg, an)
		return err
	})
	return sum.Written, err
}

// collapsedReason is why the analysed judges' CalibraEval fit collapsed
// ("" when none did): the export then writes no calibrated log, as `plumb
// calibrate` refuses to without --allow-degenerate.
func collapsedReason(an *analysis.Analysis) string {
	var why []string
	for i := range an.Judges {
		if reason, ok := an.Judges[i].Selection.Collapsed(selection.MethodCalibraEval); ok {
			why = append(why, reason)
		}
	}
	return strings.Join(why, "; ")
}
