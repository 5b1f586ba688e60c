// Package likelihood is the likelihood-bias analysis of Ohi et al.
// (docs/methods.md §6) for one judge's score records: per criterion and
// over all criteria (TotalCriterion, micro-averaged per item),
//
//	x' = (x − mean x) / (max x − min x)   for the judge's S_m and the human S_h
//	US = S_m' − S_h'                       (the judge's over-rating)
//	BiasScore = Spearman ρ(LS, US)         (ties by mid-ranks)
//	EvalRho   = Spearman ρ(S_m, S_h)
//	RS = |LS* + US*|, x* = 2(x − mean x) / (max x − min x)
//
// where LS = log P(output | input, task) under a language model (divided
// by the token count with PerToken). The BiasScore's two-sided permutation
// p-value is p = (1 + #{|ρ_perm| ≥ |ρ|}) / (1 + R), seeded per criterion
// (PermutationSeed) and the same for any number of cores; above 2,000
// items the loop is skipped when the normal approximation makes any
// exceedance among R permutations less likely than 10⁻⁹, and otherwise
// stops early by Besag & Clifford's sequential rule. Its bootstrap
// interval (BiasScoreBootstrap, §7) resamples items and renormalises on
// each resample. SelectFewShot is the paper's mitigation: the top-k RS
// items of a seeded training split as few-shot examples.
//
// The permutation loop's four-chunk kernel has AVX-512 assembly
// (calib/internal/asm's PermSteps4), used only on a CPU with AVX-512 F, DQ
// and VL (checked at start-up) and never with the noasm, gccgo or safe
// build tags; the Go loop gives the same counts (TestPermSteps4MatchesGo).
package likelihood
