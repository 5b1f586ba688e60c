package calibraeval

import (
	"testing"

	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/model"
)

// TestPublishedPrintedIsTheRankTransform pins what the script prints
// (issue 19, item 6: the report labelled Final as "the script's printed
// line"): with its one epoch it prints once, before the epoch, the loss of
// the rank transform — Printed[0], equal to Final of a zero-epoch fit —
// and never the loss at the g it saves (Final), which differs.
func TestPublishedPrintedIsTheRankTransform(t *testing.T) {
	pairs := calibtest.SimPairs(t, "judge-tokenA", []model.Arrangement{model.X0, model.X1, model.X2})[:1000]
	est := calibtest.AllIdx(len(pairs))
	fit, err := FitPublished(pairs, est, DefaultPublishedOptions())
	if err != nil {
		t.Fatal(err)
	}
	zero := DefaultPublishedOptions()
	zero.Epochs = 0
	start, err := FitPublished(pairs, est, zero)
	if err != nil {
		t.Fatal(err)
	}
	if len(fit.Printed) != 1 || fit.Printed[0] != start.Final {
		t.Fatalf("printed %+v, want one line, the rank transform's %+v", fit.Printed, start.Final)
	}
	if fit.Final == fit.Printed[0] {
		t.Errorf("the loss at the fitted g equals the printed one (%+v): the fit did not move", fit.Final)
	}
	t.Logf("printed (rank transform) %+v; at the fitted g %+v", fit.Printed[0], fit.Final)
}
