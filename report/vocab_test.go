package report

import (
	"bytes"
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/plot/figure"
)

// svgText is the text a figure draws (its SVG's text elements).
var svgText = regexp.MustCompile(`<text[^>]*>([^<]*)</text>`)

// renderedText is every label of figs: captions, titles, axes, legends.
func renderedText(t *testing.T, figs []figure.Figure) string {
	t.Helper()
	var b strings.Builder
	for i := range figs {
		b.WriteString(figs[i].Caption + "\n")
		var svg bytes.Buffer
		if err := figs[i].Render(&svg, figure.SVG, figure.DefaultOptions()); err != nil {
			t.Fatal(err)
		}
		for _, m := range svgText.FindAllStringSubmatch(svg.String(), -1) {
			b.WriteString(html.UnescapeString(m[1]) + "\n")
		}
	}
	return b.String()
}

// TestSurfacesUseOneVocabulary: the Markdown report, the JSON report and
// the figures (captions, titles, axes and legends) of the demo and of a
// pair-only log use no old spelling of any concept (issue 19: "exact
// optimum" in the figure, "least calibration variance at θ̂, q̂" in the
// report and "least calib. variance" in the UI for one split; "paper's
// approximation" beside "Prop. 2"), and name each verdict-rate concept
// with the vocabulary's words.
func TestSurfacesUseOneVocabulary(t *testing.T) {
	demo, _ := bootDoc(t, bootOptions(50))
	pairOnly, err := analysis.Analyze(tinyChoiceLog(t), bootOptions(50))
	if err != nil {
		t.Fatal(err)
	}
	for name, an := range map[string]*analysis.Analysis{"demo": demo, "pair-only": pairOnly} {
		var md, js bytes.Buffer
		if err := WriteMarkdown(&md, an); err != nil {
			t.Fatal(err)
		}
		if err := WriteJSON(&js, BuildDoc(an, "t")); err != nil {
			t.Fatal(err)
		}
		figs := renderedText(t, Figures(an, nil))
		for surface, text := range map[string]string{"Markdown": md.String(), "JSON": js.String(), "figures": figs} {
			if w := vocab.Stray(text); w != nil {
				t.Errorf("%s %s uses %q", name, surface, w)
			}
		}
		target := vocab.TargetVerdict
		if name == "pair-only" {
			target = vocab.TargetPair
		}
		for _, want := range []string{vocab.NaiveRate, vocab.CorrectedRate, vocab.Specificity, vocab.Sensitivity, target,
			vocab.SplitCurrent, vocab.SplitEqual, vocab.SplitLeastVar, vocab.SplitProp2, vocab.SplitAdaptive, vocab.SplitNarrowest} {
			if !strings.Contains(strings.ToLower(md.String()), strings.ToLower(want)) {
				t.Errorf("%s Markdown does not name %q", name, want)
			}
		}
		if name == "demo" {
			for _, want := range []string{vocab.SplitLeastVar, vocab.SplitProp2, vocab.SplitAdaptive, vocab.SplitNarrowest, vocab.NaiveRate, vocab.CorrectedRate} {
				if !strings.Contains(figs, want) {
					t.Errorf("demo figures do not name %q", want)
				}
			}
			for _, want := range []string{vocab.Better, vocab.Worse, vocab.WithinNoise} {
				if !strings.Contains(md.String(), want) {
					t.Errorf("demo Markdown does not name the mark %q", want)
				}
			}
		}
	}
}
