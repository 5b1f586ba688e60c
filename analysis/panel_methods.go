package analysis

import (
	"github.com/plumb-eval/plumb/calib/panel"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/importer"
)

// panelMethods are the methods of a judge the panel's pairs compare beside
// raw, CalibraEval and Pride (whose preferences the panel gets whole), with
// the names the pairs show (present.MethodTitle's; TestPanelMethodTitles).
var panelMethods = []struct{ name, title string }{
	{selection.MethodCC, "CC"},
	{selection.MethodDC, "DC"},
	{selection.MethodBC, "BC"},
	{selection.MethodBPC, "BPC"},
	{selection.MethodDiscard, "discard inconsistent"},
}

// PanelMethodTitle is the name the panel's pairs show for a method of
// panelMethods ("" for another).
func PanelMethodTitle(name string) string {
	for _, m := range panelMethods {
		if m.name == name {
			return m.title
		}
	}
	return ""
}

// discardPairsNote says over which items the pairs with discard
// inconsistent are.
const discardPairsNote = "pairs with discard inconsistent are over the items it keeps (each judge's position-consistent items): a discarded item has no choice"

// panelMethodChoices returns the judge's methods of panelMethods that give
// choices (available and not collapsed; sel.Choices) on pairs, placed at
// item pos[i] (−1: left out) of n items, model.GoldNone elsewhere; and
// whether discard inconsistent is among them.
func panelMethodChoices(sel *selection.Result, pairs []model.Pair, pos []int, n int) ([]panel.Method, bool) {
	var out []panel.Method
	discard := false
	for _, m := range panelMethods {
		ch, _ := sel.Choices(m.name, pairs)
		if ch == nil {
			continue
		}
		al := make([]model.Gold, n)
		for i, k := range pos {
			if k >= 0 {
				al[k] = ch[i]
			}
		}
		out = append(out, panel.Method{Name: m.title, Choice: al})
		discard = discard || m.name == selection.MethodDiscard
	}
	return out, discard
}

// isPerson reports whether every one of pairs is a person's label (the
// importer's AnnotatorField, --annotators).
func isPerson(pairs []model.Pair) bool {
	for i := range pairs {
		if string(pairs[i].Extra[importer.AnnotatorField]) != "true" {
			return false
		}
	}
	return len(pairs) > 0
}
