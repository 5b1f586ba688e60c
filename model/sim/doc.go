// Package sim generates judgment logs with known ground truth, so that every
// bias plumb measures and every correction it applies can be checked against
// the truth that produced the data.
//
// Generation is streamed (Generate sends records one by one to a Sink such as
// *model.Writer) and deterministic: the same Config gives the same records,
// bit for bit. Randomness comes from math/rand/v2 PCG streams derived from
// Config.Seed and a stream name: "pair/item", "pair/text", "pair/judge/NAME",
// "score/item", "score/text", "score/judge/NAME", "verdict/item" and
// "verdict/judge/NAME" (a judge's streams are keyed by its name). So adding
// or removing a judge, or changing the count
// of another record kind, leaves every other stream's records unchanged, and
// a judge's numbers do not depend on which arrangements or output mode are
// written (all draws are made regardless). σ(x) = 1/(1 + e^−x) below.
//
// # Pair items (docs/methods.md §1–§4)
//
// For item i = 1..Pairs, shared by all judges:
//
//	δ_i ~ N(0, Spread²)                          latent quality gap, response_1 − response_2
//	gold_i = "1" if δ_i > TieBand, "2" if δ_i < −TieBand, else "tie"
//	                                             written for a GoldShare fraction of items
//	                                             (each item independently), else no gold
//
// For each judge, with e_i, ε_ij ~ N(0, 1) independent:
//
//	u_i  = Skill·δ_i + ItemNoise·e_i             the judge's unbiased view (same in every arrangement)
//	       + SharedNoise·h_i                     with Config.SharedNoise > 0: an error every judge
//	                                             shares, h_i ~ N(0, 1) from its own stream "pair/shared"
//	p1_i = σ(u_i)                                unbiased P(response_1 better)
//	s_ij = σ( c_j·u_i + PosBias·f_j + TokenBias + Noise·ε_ij )   observed P(A) in arrangement j
//
// where c_j = +1 when A is response_1 (x0, x1) and −1 when A is response_2
// (x2, x3), and f_j = +1 when A is shown first (x0, x2) and −1 when B is
// (x1, x3). So PosBias > 0 favours the first-shown answer, TokenBias > 0
// favours the token A, and with both biases and Noise at zero every
// arrangement's preference r_j equals p1_i. Only Config.Arrangements are
// written. The judge's Mode says how: "p_a" writes s_ij; "logprobs" writes
// (log s_ij, log(1 − s_ij)); "choice" writes A if s_ij > 0.5 + ChoiceTie,
// B if s_ij < 0.5 − ChoiceTie and tie otherwise. Truth: {"p1": p1_i,
// "delta": δ_i}. Prompts and responses are short synthetic texts; the
// group is the prompt's topic area.
//
// # Generators: length and self-preference (docs/style.md)
//
// With Config.Generators (none by default, and then nothing below is drawn
// or written), generators write the responses. Each item draws, from its
// own stream "pair/gen", a matchup (g_1, g_2) from Config.Matchups (every
// ordered pair of different generators when empty) and the answers'
// lengths; the answers' words come from "pair/gen/text":
//
//	δ_i = Spread·Z + Quality_{g_1} − Quality_{g_2}   (the gold label follows this δ)
//	L_k = max(1, round(LenMedian_{g_k}·e^{LenSpread_{g_k}·Z}))   code points of response_k
//
// and response_k is an answer of exactly L_k code points. Each judge adds
// its style term to its view u before the arrangements' biases and noise:
//
//	v_i = u_i + LengthBias·tanh((L_1 − L_2)/LengthScale) ± SelfBias
//	s_ij = σ( c_j·v_i + PosBias·f_j + TokenBias + Noise·ε_ij )
//
// (+SelfBias when response_1 alone is the judge's Self generator's, −SelfBias
// when response_2 alone is). Truth p1 = σ(u_i) stays the judge's view
// without any bias. The records name the generators as model_1 and
// model_2. The judges' own streams are drawn exactly as without
// generators, so with equal qualities and no length or self bias every
// judgment is the one it would be without them.
//
// # Score items (docs/methods.md §6)
//
// For item i = 1..Scores (one output, scored on every criterion c), shared by
// all judges and criteria:
//
//	T_i ~ Uniform{TokensMin..TokensMax}          tokens of the output
//	n_i = NLLMedian·exp(NLLSpread·Z)             per-token negative log-likelihood (log-normal)
//	LS_i = −T_i·n_i                              log-likelihood, written as "ls"; LS/token = −n_i
//	z_i = (LS_i − E[LS]) / SD[LS]                standardised with the model's exact moments:
//	      E[LS] = −E[T]·E[n], Var[LS] = E[T²]·E[n²] − E[T]²·E[n]²,
//	      E[n] = NLLMedian·e^(NLLSpread²/2), E[n²] = NLLMedian²·e^(2·NLLSpread²)
//	q_i ~ N(0, QualitySD²)                       item quality
//	Q_ic = 3 + q_i + CriterionSD·Z               human quality on criterion c
//	human_ic = clamp(round(Q_ic), 1, 5)
//
// For each judge, with Z ~ N(0, 1) fresh per item and criterion:
//
//	J_ic = Q_ic + Slope·z_i + ScoreNoise·Z       the judge's latent score
//	judge_score_ic = clamp(round(J_ic), 1, 5)    or, with ScoreProbs,
//	score_probs_ic(k) ∝ exp(−(k − J_ic)²/(2·ScoreProbWidth²)), k = 1..5
//
// round takes halves away from zero. Slope > 0 makes the judge over-rate
// likely (high-LS) outputs relative to humans: the likelihood bias that
// BiasScore measures. LS does not depend on quality, so with Slope = 0 the
// true BiasScore is 0. Truth: {"slope": Slope, "quality": Q_ic}.
//
// # Verdict items (docs/methods.md §5)
//
// For item i = 1..Verdicts, shared by all judges: z_i ~ Bernoulli(Prevalence);
// the human label (equal to z_i) is written for a GoldShare fraction of items,
// else it is null. Each judge's verdict is true with probability Sensitivity
// when z_i = 1 and with probability 1 − Specificity when z_i = 0.
// Truth: {"z": z_i}.
//
// # Output
//
// Records come kind by kind (pairs, scores, verdicts), item by item, with the
// judges in Config order (for scores: item, then criterion, then judge). IDs
// are p0001…, s0001…, v0001… (zero-padded to the widest number). With
// Config.Digits > 0 every written number is rounded to that many significant
// digits (for a probability p ≥ 0.5, its complement 1 − p is rounded), which
// keeps files small and makes their bytes robust to last-bit floating-point
// differences between platforms.
package sim
