package tui

import (
	"fmt"

	"github.com/plumb-eval/plumb/calib/identify"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/present"
)

// effectsTable is the Selection pane's "position or ID?" block: the
// position × ID table of pick shares next to the three effects with their
// intervals (one above the other when narrow), and the advice sentence.
type effectsTable struct {
	c *common
	w int
}

func newEffectsTable(c *common) *effectsTable { return &effectsTable{c: c} }

// SetSize gives the block its width (its height is its lines').
func (t *effectsTable) SetSize(w, _ int) { t.w = w }

// Lines draws the block for sel.
func (t *effectsTable) Lines(sel *selection.Result) []string {
	st, w := &t.c.st, t.w
	be := &sel.Effects
	out := []string{st.Heading.Render(" Position or ID?") +
		st.Faint.Render(fmt.Sprintf("  design %s · %s · %.0f%% t intervals", be.Design, present.ScaleText(be.Scale), 100*(1-identify.Alpha)))}

	// The table: shares, with the count once when every shown cell has the same.
	counts := map[int]bool{}
	for r := range 2 {
		for c := range 2 {
			if n := be.Table[r][c].N; n > 0 {
				counts[n] = true
			}
		}
	}
	cell := func(r, c int) string {
		x := be.Table[r][c]
		if len(counts) > 1 && x.N > 0 {
			return fmt.Sprintf("%s (%d)", present.BiasCellText(x), x.N)
		}
		return present.BiasCellText(x)
	}
	left := table([]string{" picks answer", "ID A", "ID B"}, [][]string{
		{" shown first", cell(identify.ShownFirst, identify.IDA), cell(identify.ShownFirst, identify.IDB)},
		{" shown second", cell(identify.ShownSecond, identify.IDA), cell(identify.ShownSecond, identify.IDB)},
	})
	if len(counts) == 1 {
		for n := range counts {
			left = append(left, st.Faint.Render(fmt.Sprintf(" n = %d per cell shown", n)))
		}
	}

	var rows [][]string
	for i, r := range present.BiasEffectRows(be) {
		ci := present.EffectCI(r.Effect)
		switch {
		case !r.Effect.Identified:
			ci = "not identified"
		case !r.Effect.Estimate.OK():
			ci = "too few items"
		}
		n := "—"
		if r.Effect.Estimate.N > 0 {
			n = fmt.Sprint(r.Effect.Estimate.N)
		}
		rows = append(rows, []string{" " + tuiEffectNames[i], present.EffectValue(r.Effect), ci, n})
	}
	right := table([]string{" effect", "estimate", "95% CI", "items"}, rows)
	out = append(out, sideBySide(left, right, w, 3)...)
	for _, l := range wrap("β: prefers the answer shown first · τ: prefers the ID A wherever it is · β+τ: prefers A shown first", w, " ") {
		out = append(out, st.Faint.Render(l))
	}
	out = append(out, wrap(be.Advice, w, " → ")...)
	for _, n := range be.Notes {
		out = append(out, wrap(n, w, "   · ")...)
	}
	return out
}

// tuiEffectNames are the short names of present.BiasEffectRows' effects.
var tuiEffectNames = [...]string{"β  position", "τ  ID A", "β+τ both"}
