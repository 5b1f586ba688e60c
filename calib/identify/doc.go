// Package identify says what a judge's arrangements can tell about its
// selection bias and estimates it (docs/methods.md §1, "what they
// identify", and docs/analysis.md's "Position or ID?"): the position effect β
// (prefers whatever is shown first), the token effect τ (prefers the ID A
// wherever it is) and their sum. Per item, in the simulator's model
// h_j = c_j·u + β·f_j + τ (h_j = logit P(A) in x_j, or P(A) − ½ for hard
// choices; c = +1 when A is response_1, f = +1 when A is shown first), the
// item's quality u cancels from
//
//	β:     (h0 − h1)/2,  (h2 − h3)/2
//	τ:     (h0 + h3)/2,  (h1 + h2)/2
//	β + τ: (h0 + h2)/2
//
// and each effect is the mean of its per-item contrasts with a (1 − Alpha)
// Student-t interval. x0 + x1 identify β only, x0 + x2 only β + τ, any
// three arrangements both. Bias also tabulates how often the judge picked
// the answer in each position × ID cell and advises which arrangements to
// collect and which correction fits.
package identify
