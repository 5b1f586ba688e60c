// Package bootstrap is the paired item bootstrap of docs/methods.md §7
// (Efron & Tibshirani 1993): n items are resampled with replacement
// Resamples times (every arrangement of an item moves with it), every
// statistic is evaluated on the same resample, and each gets
//
//   - a percentile interval: the α/2 and 1 − α/2 quantiles of its resampled
//     values, Q(p) = x₍ⱼ₎ + (h − j)(x₍ⱼ₊₁₎ − x₍ⱼ₎), h = 1 + (B − 1)p,
//     j = ⌊h⌋ (linear interpolation between order statistics, R's type 7);
//   - or Efron's BCa interval: the quantiles at
//     α₁,₂ = Φ(z₀ + (z₀ + z_{α/2, 1−α/2}) / (1 − a(z₀ + z_{α/2, 1−α/2}))), with
//     z₀ = Φ⁻¹(share of resampled values below the estimate, ties counted
//     half) and the acceleration a = Σ(θ̄ − θᵢ)³ / (6 (Σ(θ̄ − θᵢ)²)^{3/2})
//     from a jackknife over items (in JackGroups contiguous groups when
//     there are more items).
//
// A statistic defined on fewer than 90% of the resamples has no interval
// (the reason says so). The answer depends only on the inputs and the
// seed, not on Workers. Percentile and BCa intervals agree with SciPy
// 1.10.1 to 10⁻¹² (testdata/bootstrap_oracle.json).
package bootstrap
