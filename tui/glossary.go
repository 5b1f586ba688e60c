package tui

import (
	"github.com/plumb-eval/plumb/internal/vocab"
)

// The glossary popup (i): the glossary entries (internal/vocab, the same
// as docs/glossary.md) of the numbers the pane at hand and the status line
// show under a short label.

// paneTerms are the glossary names each pane's numbers use.
var paneTerms = [numPanes][]string{
	paneOverview:   {vocab.NaiveRate, vocab.CorrectedRate, vocab.TargetVerdict, vocab.TargetPair, vocab.Consistent},
	paneSelection:  {vocab.Arrangement, vocab.PickShare, vocab.ObjectiveLK, vocab.Better, vocab.Worse, vocab.WithinNoise, vocab.NoInterval, vocab.Collapsed},
	paneLikelihood: {vocab.NaiveRate},
	paneReporting: {vocab.TargetVerdict, vocab.TargetPair, vocab.NaiveRate, vocab.CorrectedRate, vocab.TrueRate, vocab.Specificity, vocab.Sensitivity, vocab.Budget,
		vocab.CalibClasses, vocab.Uninformative, vocab.SplitCurrent, vocab.SplitEqual, vocab.SplitLeastVar, vocab.SplitProp2,
		vocab.SplitAdaptive, vocab.SplitNarrowest},
	paneItems: {vocab.Arrangement, vocab.Preference, vocab.CalibShift, vocab.Consistent},
	paneStyle: {vocab.WinRateRaw, vocab.WinRateBalanced, vocab.WinRateCalibrated, vocab.WinRateLC, vocab.WinRateLCDifficulty,
		vocab.WinRateCorrected, vocab.LongerPreference, vocab.LengthSlope, vocab.OwnPreference, vocab.BeyondOthers,
		vocab.PositionDominated, vocab.LengthWithinPair, vocab.BradleyTerry},
}

// statusTerms are the status line's, shown under every pane's.
var statusTerms = []string{vocab.InactiveKnob, vocab.Budget}

// glossaryLines are the entries of pane's terms, then the status line's,
// each wrapped to w.
func glossaryLines(c *common, pane paneID, w int) []string {
	byName := map[string]vocab.Concept{}
	for _, s := range vocab.Glossary() {
		for _, k := range s.Concepts {
			byName[k.Name] = k
		}
	}
	var out []string
	seen := map[string]bool{}
	add := func(title string, names []string) {
		out = append(out, c.st.Bold.Render(" "+title))
		for _, n := range names {
			k, ok := byName[n]
			if !ok || seen[n] {
				continue
			}
			seen[n] = true
			head := k.Name
			if k.Symbol != "" {
				head += " (" + k.Symbol + ")"
			}
			if k.Short != "" && k.Short != k.Symbol {
				head += ", shown as " + k.Short
			}
			out = append(out, wrap(head+" — "+k.Meaning, w, "   ")...)
		}
		out = append(out, "")
	}
	add("This pane", paneTerms[pane])
	add("The status line", statusTerms)
	out = append(out, c.st.Faint.Render(" "+"every entry: docs/glossary.md"))
	return out
}
