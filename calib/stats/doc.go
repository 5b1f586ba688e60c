// Package stats holds the numerical primitives under calib: agreement
// coefficients, ICC, isotonic regression, ranks and correlation; plain float
// slices in, values and errors out.
//
// Every function is pure and deterministic. A result that is undefined for
// the given data (0/0, a constant variable, too few observations) is returned
// as an error whose message is the human-readable reason, never as NaN. The
// package does not import calib; calib imports it and turns the errors into
// Stat reasons. Formulas follow docs/methods.md, and every one
// is tested against the R, SciPy, statsmodels or scikit-learn numbers kept in
// testdata/.
package stats
