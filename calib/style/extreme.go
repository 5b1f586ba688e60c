package style

// IsExtremeChange reports whether AlpacaEval's own rule for a
// length-controlled win rate that moved too far from the raw one fires:
// get_is_extreme_changes (tatsu-lab/alpaca_eval @ cd543a1,
// src/alpaca_eval/metrics/glm_winrate.py) with its defaults abs_diff = 10,
// rel_diff = 4, on rates in percent. prev and next are win rates in [0, 1];
// the rule, in points P = 100·prev and N = 100·next, fires when
//
//	N < min(P − P/4, P − 10)   or   N > max(P + (100 − P)/4, P + 10)
//
// strictly, so a change exactly at a bound does not fire: from 20% it fires
// below 10% and above 40%, from 50% below 37.5% and above 62.5%. The rule
// is symmetric: it fires for (prev, next) exactly when it fires for
// (1 − prev, 1 − next), up to the rounding of the bounds.
func IsExtremeChange(prev, next float64) bool { return isExtremePoints(100*prev, 100*next) }

// isExtremePoints is the rule on rates in points (percent), as AlpacaEval
// computes it.
func isExtremePoints(p, n float64) bool {
	tooSmall := n < min(p-p/alpacaRelDiff, p-alpacaAbsDiff)
	tooLarge := n > max(p+(100-p)/alpacaRelDiff, p+alpacaAbsDiff)
	return tooSmall || tooLarge
}

// AlpacaEval's defaults of get_is_extreme_changes.
const (
	alpacaAbsDiff = 10 // points
	alpacaRelDiff = 4  // a quarter of the room left
)
