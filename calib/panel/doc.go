// Package panel measures a panel of judges on the items two or more of
// them judged (docs/methods.md §9): how far they agree, what the panel as a
// whole concludes, and which differences between two judges are real.
//
// A judge's value for an item is its position-balanced preference, the
// mean of its r_j over the item's arrangements (docs/methods.md §1), and
// that preference's choice, Choice(r̄) ∈ {1, 2, tie}.
//
// Agreement. Krippendorff's α (Krippendorff 2011, "Computing
// Krippendorff's Alpha-Reliability", coincidence-matrix form, missing
// values allowed): over the pairable values (an item's values when at
// least two judges gave one, m_u of them on item u, n in all),
//
//	D_o = (1/n) Σ_u 1/(m_u − 1) Σ_{i≠j ∈ u} δ²(v_i, v_j)
//	D_e = 1/(n(n − 1)) Σ_{i≠j} δ²(v_i, v_j)   (every pairable value)
//	α   = 1 − D_o/D_e
//
// with δ² = [v ≠ v′] (nominal, on the choices) or (v − v′)² (interval, on
// the preferences); its interval is the percentile bootstrap over items.
// Fleiss' κ takes the judges as raters over the items every judge judged
// (calib/stats.FleissKappa), Cohen's κ each pair of judges over the items
// both judged (calib/stats.CohenKappa), and the leave-one-judge-out α is α
// of the others.
//
// Verdict. The panel is a judge of its own: in each arrangement of an
// item, its majority vote of the judges' choices in that arrangement (the
// most frequent of 1, 2 and tie; equal counts give a tie; r = 1, 0 or ½)
// and the mean of their preferences (raw, and calibrated by CalibraEval or
// Pride where a judge has such preferences), whose metrics are
// calib/metrics'.
//
// Pairs. For judges a and b over the items both judged with gold 1 or 2,
// c_a(i) = [Choice(r̄_a(i)) = gold(i)] (a tie is wrong, as
// metrics.AccuracyAggregate): the accuracy difference mean(c_a) − mean(c_b)
// with its paired percentile bootstrap interval over items; McNemar's exact
// test on the discordant items, b = #{c_a ∧ ¬c_b}, c = #{¬c_a ∧ c_b},
// p = min(1, 2·P(Bin(b + c, ½) ≤ min(b, c))) (statsmodels
// mcnemar(exact=True)); Holm's step-down correction across the pairs,
// p̃_(k) = max_{l ≤ k} min(1, (m − l + 1)·p_(l)) (statsmodels
// multipletests(method="holm")); and Cohen's κ of their choices. Every
// pair of one judge's methods (raw, CalibraEval and Pride from their
// preferences, Input.Methods from their choices) is compared the same way
// over the items both give a choice, in the same Holm family.
package panel
