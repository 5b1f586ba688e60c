package tui

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/plumb-eval/plumb/calib/style"
)

// TestStyleChartCoversIntervals: the length chart's y axis covers every
// bin's 95% Wilson interval (raw and balanced) and at least 0.5 ± 0.1
// (style.BinMinHalfSpan), so the demo's ±3 points of noise by bin (0.471–
// 0.535, which the axis used to span edge to edge) no longer fill it.
func TestStyleChartCoversIntervals(t *testing.T) {
	frameTest(t)
	m := styleModel(t, demoLog(t), 80, 24, 0, nil)
	body := styleBody(m)
	labels := regexp.MustCompile(`(?m)^ +([0-9.]+) [┤┼]`).FindAllStringSubmatch(body, -1)
	if len(labels) < 2 {
		t.Fatalf("no y axis labels:\n%s", body)
	}
	top, _ := strconv.ParseFloat(labels[0][1], 64)
	bottom, _ := strconv.ParseFloat(labels[len(labels)-1][1], 64)
	lo, hi := 0.5-style.BinMinHalfSpan, 0.5+style.BinMinHalfSpan
	for _, b := range m.c.currentStyle().res.Length.Bins {
		for _, p := range []float64{b.Raw, b.Balanced} {
			iv, _ := style.WilsonInterval(p, b.N, 0.95)
			lo, hi = min(lo, iv.Lower), max(hi, iv.Upper)
		}
	}
	// The labels are rounded to 2 decimals.
	if top < hi-0.005 || bottom > lo+0.005 {
		t.Errorf("axis %.2f–%.2f does not cover %.3f–%.3f:\n%s", bottom, top, lo, hi, body)
	}
}
