package metrics

import "github.com/plumb-eval/plumb/model"

// OneOrderNote is why the first-position rate of a log whose items were
// each shown one way round only (x0 only, say) is not a measure of
// position bias: Metrics.OneOrder.
const OneOrderNote = "no item was shown both ways round (each response first once), so the first-position rate is " +
	"the share of picks of whichever response the log shows first: it measures how good that response is as much as " +
	"position bias, unless which response came first was random (as AlpacaEval's order is)"

// firstMask and secondMask are the arrangements (bit j = xj) that show
// response_1 first (x0, x3) and response_2 first (x1, x2).
const (
	firstMask  = 1<<model.X0 | 1<<model.X3
	secondMask = 1<<model.X1 | 1<<model.X2
)

// shownBothWays reports whether an item judged in the arrangements of mask
// was shown with each response first.
func shownBothWays(mask int) bool { return mask&firstMask != 0 && mask&secondMask != 0 }
