// Package mathx holds the small numeric helpers several of plumb's packages
// share: the logistic function and its inverse, log σ, the SplitMix64
// finaliser and the largest element of a slice. Each is written once, with
// the exact expression its callers used before, so that results that are
// pinned bit for bit (the CalibraEval fits, the simulated logs) do not move.
//
// The package imports only the standard library, so any layer may use it.
package mathx
