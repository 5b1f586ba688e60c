package figure

import (
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"

	"github.com/plumb-eval/plumb/internal/textsafe"
)

// safeCanvas draws every text through textsafe.Line: a control, bidi or
// separator character in a log's name is drawn as its visible escape, so
// no figure holds one raw (an SVG with \x00 or ESC is not XML). The
// builders clean the names they take (so text is measured as drawn); this
// is the net under them.
type safeCanvas struct{ vg.CanvasSizer }

// FillString implements vg.Canvas.
func (c safeCanvas) FillString(f font.Face, pt vg.Point, s string) {
	c.CanvasSizer.FillString(f, pt, textsafe.Line(s))
}
