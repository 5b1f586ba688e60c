package tui

import (
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/identify"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/present"
)

// collapsedNotePrefix starts the note calib/selection gives a collapsed
// CalibraEval fit; the pane shows that note at its top (collapseHead), so
// the notes at its foot leave it out.
const collapsedNotePrefix = "degenerate fit (collapsed)"

// collapseHead is the block that opens the Selection pane when the
// CalibraEval row the pane shows collapsed: that its cells say nothing
// about the judge, why (the collapse test's reason), and the cause: the
// position/ID block's advice with β and τ when a pure position bias
// explains it, else calib.CollapseAdvice; nil when nothing collapsed. It sits
// at the top so that it is on the first screen at 80×24.
func collapseHead(st *styles, sel *selection.Result, w int) []string {
	ce, name := calibratedRow(sel)
	if ce == nil || !ce.Available || !ce.Degenerate {
		return nil
	}
	out := []string{st.Warn.Render(" ⚠ " + name + " collapsed: its cells say nothing about this judge")}
	out = append(out, wrap(ce.DegenerateReason, w, "   ")...)
	// A large position effect without a large ID effect is the collapse's
	// cause the position/ID block names (its advice, with β and τ);
	// otherwise every cause the collapse test knows is listed.
	be := &sel.Effects
	advice := calib.CollapseAdvice
	if be.Position.Size(be.Scale) == identify.SizeLarge && be.Token.Size(be.Scale) != identify.SizeLarge && be.Advice != "" {
		advice = be.Advice + " (position β " + present.EffectValue(be.Position) + ", token τ " +
			present.EffectValue(be.Token) + "; Position or ID? below)"
	}
	return append(out, wrap(advice, w, " → ")...)
}

// isCollapseNote reports whether n is the collapse note of the row
// collapseHead shows.
func isCollapseNote(sel *selection.Result, mr *selection.MethodResult, n string) bool {
	ce, _ := calibratedRow(sel)
	return mr == ce && ce.Degenerate && strings.HasPrefix(n, collapsedNotePrefix)
}
