// Package style measures two judge biases that position and token bias do
// not cover, length and self-preference, and the win rates of the
// generators a judge compared, raw, position-balanced, length-controlled
// (by AlpacaEval 2.0's minimal GLM, and with instruction difficulty when
// given) and corrected for the judge's errors (docs/methods.md §8, docs/style.md).
// It reads pair records' generators and lengths (model.Pair.Gen: model_1,
// model_2, len_1, len_2; a length is in Unicode code points, from len_k or
// the text).
//
// Preferences. r_i is item i's preference for response_1: raw, in its
// first recorded arrangement (x0); position-balanced, the mean of r_j over
// its arrangements (docs/methods.md §1); calibrated, the same on given
// calibrated preferences. Options.Pref picks the one of the length,
// self-preference, length-controlled and corrected measures (balanced by
// default); the raw and balanced win rates and longer-response preferences
// are always given.
//
// Length, over the items whose responses have known, different lengths
// (L_1 ≠ L_2):
//
//	longer preference  = mean_i [ r_i if L_1 > L_2, else 1 − r_i ]       (½: no length bias)
//	against gold       = the same over the items whose gold prefers the shorter response
//	slope φ            from logit r_i = θ + φ·tanh(Δ_i / sd(Δ)), Δ_i = L_1 − L_2
//
// Self-preference, when the judge is one of the generators (its name is a
// generator's, or Options.Self names its generator), over the items where
// exactly one response is its own: the mean preference for the own
// response, and the same over the items whose gold prefers the other
// ("beyond quality"). Without such gold the own preference mixes
// self-preference with the quality of the responses, and Caveat says so.
// When other judges judged the same items (Options.Others: the same id,
// or the same prompt and responses), the preference beyond the other
// judges is the mean over the matched items of the judge's preference for
// its own response minus the other judges' mean preference for it
// (others.go): the quality is in both and cancels.
//
// A judge whose choices follow the position shown (consistency at most
// DominatedConsistency, first-position rate at least DominatedFirstRate or
// at most 1 − DominatedFirstRate, from Options.Position) is flagged
// (Result.PositionDominated): its own preference and raw win rates are no
// findings. A generator pair where one generator wrote the longer response
// in more than LongerShare of the items is named
// (Length.GeneratorLonger): there the longer preference mostly compares
// the generators, and the pair's φ, which conditions on the pair, is the
// length effect to quote.
//
// Win rates of generator M against opponent O (or against every other
// generator, unnamed ones included), over the items of M against O, with
// p_i the preference for M's response:
//
//	raw        = mean p_i in each item's first recorded arrangement
//	             (for AlpacaEval's annotations, imported in the one shown
//	             order, exactly AlpacaEval's win_rate)
//	balanced   = mean over items of p_i averaged over the item's arrangements
//	LC         = σ(θ̂) of logit p_i = θ + φ·tanh(Δ_i / sd(Δ)), Δ_i = L_M − L_O
//	             (the minimal GLM; not the leaderboard's LC)
//	LC + diff. = mean_i σ(θ̂ + ψ̂·d_i) of logit p_i = θ + φ·tanh(Δ_i / sd(Δ)) + ψ·d_i,
//	             d_i the instruction's difficulty (Options.Difficulty), by
//	             AlpacaEval's cross-validated L1 fit (FitDifficultyGLM)
//	corrected  = Rogan–Gladen's θ̂ (calib/reporting) of the share of items
//	             whose gold prefers M, from the verdicts p_i ≷ ½ and the
//	             labelled items' specificity and sensitivity
//
// The minimal GLM has the form of AlpacaEval 2.0's
// length_controlled_minimal: sd is the sample SD over the fitted items,
// and θ, φ maximise the Bernoulli log-likelihood with the continuous
// preferences as targets, Σ p log σ(η) + (1 − p) log σ(−η), by Newton's
// method (FitLengthGLM; checked against statsmodels' GLM(Binomial) to
// 1e-8), without the cross-validated L1 penalty AlpacaEval's code puts on
// it (0.01–0.15 points apart on the real alpaca-7b annotations). With
// instruction difficulties the second form is AlpacaEval's
// length_controlled_noreg exactly (FitDifficultyGLM). AlpacaEval's
// leaderboard (length_controlled_v1) further regularises towards gamed
// baselines plumb does not have, so its published LC differs from both. LC predicts the win rate at Δ = 0; where few
// items lie near 0 (fewer than 10, or 5%, within a quarter of sd) it
// extrapolates, and a warning says so; another warns when LC is more than
// 10 points from the win rate it controls, and says AlpacaEval warns
// likewise only when AlpacaEval's own rule fires on the two rates
// (IsExtremeChange: the change exceeds both 10 points and a quarter of the
// room left).
//
// Bradley–Terry: when three or more generators met and none met every
// other (so no common opponent ranks them), scores β with Σ β = 0 and
// P(a preferred to b) = σ(β_a − β_b), by maximum likelihood on the
// preferences.
//
// Every measure but the corrected rate (which has Lee et al.'s interval)
// gets a paired item bootstrap interval (calib/bootstrap): the judge's
// items are resampled, each with all its arrangements, and every measure,
// the GLMs and the Bradley–Terry fit included, is recomputed on the same
// resample. A measure without a value (no items of a kind, a fit whose
// maximum is at infinity) carries the reason, never NaN.
package style
