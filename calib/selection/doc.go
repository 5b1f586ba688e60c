// Package selection is the methods table of plumb's selection-bias
// analysis for one judge: raw judgments, CalibraEval (converged fit,
// published code, fit path and its stop points), Pride, BPC and
// discard-inconsistent, each with the metrics of docs/methods.md §2, over
// every item and over the items held out of the estimation set (§1), and
// bootstrap intervals for every metric and every method's change from raw
// (§7).
//
// Engine is the only stateful part of calib: it keeps what does not depend
// on the options (raw, BPC and discard results, position/ID effects),
// estimation sets, CalibraEval problems with their fits (warm starts
// between λ), published fits and fit paths, and it owns the memory the
// fits reuse (calib/internal/work). Every method it runs lives in its own
// package (calib/metrics, calib/calibraeval, calib/baseline,
// calib/identify, calib/bootstrap); none of them imports this one.
package selection
