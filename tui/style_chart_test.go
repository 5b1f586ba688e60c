package tui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/plumb-eval/plumb/calib/style"
)

// TestStyleChartCoversIntervals: the length chart's y axis covers every
// bin's 95% Wilson interval (raw and balanced) and at least 0.5 ± 0.1
// (style.BinMinHalfSpan), so the demo's ±3 points of noise by bin (0.471–
// 0.535, which the axis used to span edge to edge) no longer fill it.
func TestStyleChartCoversIntervals(t *testing.T) {
	frameTest(t)
	t.Parallel()
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

// TestSelfKnob: the Style pane's self knob steps --self for the judge
// shown through none and each generator; the self-preference is then the
// judge's as that generator, and the reproduce command carries the flag
// (the options codec, analysis.Options.Args); r resets it.
func TestSelfKnob(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := styleModel(t, styleSimLog(t, 200, nil), 120, 40, 0, nil)
	judge := m.c.judgeName()
	press(t, m, "down", "down")
	if got := m.panes[paneStyle].Knobs().View(120); !strings.Contains(ansi.Strip(got), "self ‹none›") {
		t.Fatalf("knob bar %q lacks the self knob at none", ansi.Strip(got))
	}
	press(t, m, "l", "l")
	model := m.c.styleResolved().generators[1]
	if got := m.c.knobs.opt.Style.Self[judge]; got != model {
		t.Fatalf("self knob: --self %s=%q, want %q", judge, got, model)
	}
	if cmd := m.c.reproduceCommand(); !strings.Contains(cmd, "--self "+judge+"="+model) {
		t.Errorf("reproduce command lacks --self %s=%s: %s", judge, model, cmd)
	}
	if body := styleBody(m); !strings.Contains(body, "Self-preference — "+judge+" as the generator "+model) {
		t.Errorf("the pane does not show %s as %s:\n%s", judge, model, body)
	}
	if m.c.start.opt.Style.Self != nil {
		t.Errorf("the knob changed the starting options: %v", m.c.start.opt.Style.Self)
	}
	press(t, m, "r")
	if len(m.c.knobs.opt.Style.Self) != 0 || strings.Contains(m.c.reproduceCommand(), "--self") {
		t.Errorf("r did not reset --self: %v", m.c.knobs.opt.Style.Self)
	}
}
