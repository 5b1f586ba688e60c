package figure

import (
	"bytes"
	"strings"
	"testing"
)

// TestConditionsFigure: one panel per metric, each method once in the
// legend (though it is missing from a panel), undefined values named in the
// caption, names and labels passed through the sanitiser, and the figure
// renders (empty ones too).
func TestConditionsFigure(t *testing.T) {
	labels := []string{"t A/B", "t X\x1b[31mY"}
	ok := func(v float64) ConditionPoint {
		return ConditionPoint{Value: v, OK: true, CI: &[2]float64{v - 0.1, v + 0.1}}
	}
	panels := []ConditionPanel{
		{Metric: "Fleiss κ", Better: "higher is better", Methods: []ConditionMethod{
			{Method: "raw", Series: 0, Points: []ConditionPoint{ok(0.8), ok(0.5)}},
			{Method: "CC", Series: 7, Points: []ConditionPoint{ok(0.9), {}}},
		}},
		{Metric: "RStd", Better: "lower is better", Methods: []ConditionMethod{
			{Method: "raw", Series: 0, Points: []ConditionPoint{ok(4), ok(9)}},
			{Method: "BPC", Series: 4, Points: []ConditionPoint{ok(2), ok(3)}},
		}},
	}
	f := Conditions("j.conditions", "j\n", labels, panels, "95% intervals", "j is least biased in t A/B.")
	if len(f.Panels) != 1 || len(f.Panels[0]) != 2 {
		t.Fatalf("panels %d×%d, want 1×2", len(f.Panels), len(f.Panels[0]))
	}
	var names []string
	for _, e := range f.Legend {
		names = append(names, e.Label)
	}
	if strings.Join(names, ",") != "raw,CC,BPC" {
		t.Errorf("legend %q", names)
	}
	for _, want := range []string{"CC Fleiss κ in t X\\x1b[31mY", "Bars: 95% intervals.", "j is least biased in t A/B."} {
		if !strings.Contains(f.Caption, want) {
			t.Errorf("caption lacks %q:\n%s", want, f.Caption)
		}
	}
	if strings.ContainsAny(f.Caption+f.Title, "\x1b\n") {
		t.Errorf("a control character reached the caption or title: %q", f.Caption+f.Title)
	}
	for _, fig := range []Figure{f, Conditions("e", "j", nil, nil, "", "")} {
		var b bytes.Buffer
		if err := fig.Render(&b, SVG, Options{Width: 4, Height: 3, DPI: 50}); err != nil {
			t.Errorf("%s: %v", fig.Name, err)
		}
	}
}
