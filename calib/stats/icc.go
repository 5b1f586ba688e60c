package stats

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// ICCValue is one intraclass correlation with its confidence interval.
// A non-empty Reason means the value is undefined (Value is then 0); a
// non-empty CIReason means the interval is undefined (Lower and Upper are
// then 0). An undefined value always has an undefined interval.
type ICCValue struct {
	Value, Lower, Upper float64
	Reason, CIReason    string
}

// OK reports whether the value is defined.
func (v ICCValue) OK() bool { return v.Reason == "" }

// CIOK reports whether the confidence interval is defined.
func (v ICCValue) CIOK() bool { return v.CIReason == "" }

// ICCResult holds the two-way ANOVA mean squares of an n × k ratings matrix
// and the six Shrout–Fleiss ICC forms. MSR, MSC and MSE are the rows
// (subjects), columns (raters) and residual mean squares; MSW is the
// within-subject mean square of the one-way model.
//
// The forms are those of R psych::ICC and irr::icc: ICC1_* is the one-way
// model, ICC2_* two-way absolute agreement (McGraw–Wong A), ICC3_* two-way
// consistency (C); *_1 is a single rater, *_k the mean of the k raters.
type ICCResult struct {
	N, K                                           int
	MSR, MSC, MSE, MSW                             float64
	ICC1_1, ICC2_1, ICC3_1, ICC1_k, ICC2_k, ICC3_k ICCValue
}

// ICC computes the two-way ANOVA of x, a row-major n × k matrix (n subjects,
// k raters, complete rows), and the six ICC forms with conf-level confidence
// intervals exactly as R irr::icc 0.84.1 (McGraw & Wong 1996; F-based, with
// Satterthwaite degrees of freedom for the agreement forms). Formulas:
// docs/methods.md §2.
//
// It makes one pass over x with no allocation per row, using Welford-style
// updates of the row means and of the row-centred columns, so the residual
// sum of squares is accumulated directly instead of by cancellation.
//
// It returns an error for n < 2, k < 2, len(x) != n·k, a non-finite rating,
// or conf outside (0, 1). Data-dependent undefined values (such as every
// rating equal, where every ICC is 0/0) are reported through each
// ICCValue's Reason and CIReason, never as NaN.
func ICC(x []float64, n, k int, conf float64) (ICCResult, error) {
	if err := checkShape(x, n, k); err != nil {
		return ICCResult{}, err
	}
	if !(conf > 0 && conf < 1) {
		return ICCResult{}, fmt.Errorf("ICC: confidence level %v is not in (0, 1)", conf)
	}
	r, allEqual, err := iccMeanSquares(x, n, k)
	if err != nil {
		return r, err
	}
	r.fill(conf, allEqual)
	return r, nil
}

// ICCValues is ICC without the confidence intervals: the same mean
// squares and the same six values, bit for bit, each with CIReason
// ReasonNoInterval and bounds 0. The intervals' F quantiles are most of
// ICC's time; ICCValues is for loops over many resamples that read only
// the values (the selection bootstrap).
func ICCValues(x []float64, n, k int) (ICCResult, error) {
	if err := checkShape(x, n, k); err != nil {
		return ICCResult{}, err
	}
	r, allEqual, err := iccMeanSquares(x, n, k)
	if err != nil {
		return r, err
	}
	r.fillValues(allEqual)
	for _, v := range r.values() {
		v.CIReason = ReasonNoInterval
	}
	return r, nil
}

// ReasonNoInterval is the CIReason of every value ICCValues returns.
const ReasonNoInterval = "no interval computed"

// checkShape is ICC's check that x is an n × k matrix with n, k ≥ 2.
func checkShape(x []float64, n, k int) error {
	switch {
	case n < 2:
		return fmt.Errorf("ICC: need at least 2 subjects, got %d", n)
	case k < 2:
		return fmt.Errorf("ICC: need at least 2 raters, got %d", k)
	case len(x)/k != n || len(x)%k != 0:
		return fmt.Errorf("ICC: %d ratings do not form a %d × %d matrix", len(x), n, k)
	}
	return nil
}

// iccMeanSquares is ICC's two-way ANOVA (its arguments checked): N, K and
// the mean squares, whether the ratings have no variation at all, or an
// error for a non-finite rating or sums of squares that overflow.
func iccMeanSquares(x []float64, n, k int) (r ICCResult, allEqual bool, err error) {
	ss := anova2(x, n, k)
	if !isFinite(ss.ssr + ss.ssc + ss.sse + ss.ssw) {
		for i, v := range x {
			if !isFinite(v) {
				return r, false, fmt.Errorf("ICC: rating at subject %d, rater %d is %v", i/k+1, i%k+1, v)
			}
		}
		return r, false, errors.New("ICC: ratings too large: the sums of squares overflow float64")
	}
	nf, kf := float64(n), float64(k)
	return ICCResult{
		N: n, K: k,
		MSR: ss.ssr / (nf - 1),
		MSC: ss.ssc / (kf - 1),
		MSE: ss.sse / ((nf - 1) * (kf - 1)),
		MSW: ss.ssw / (nf * (kf - 1)),
	}, ss.ssr == 0 && ss.ssw == 0, nil
}

type sumsOfSquares struct{ ssr, ssc, sse, ssw float64 }

// anova2 returns the rows, columns, residual and within-row sums of squares
// of the n × k matrix x in one pass. With r_i the row means, d_ij = x_ij − r_i
// has column means c_j − x̄, so SSC = n Σ_j mean_j(d)², SSE is the sum of
// the columns' scatter of d, SSW = Σ d², and SSR = k × the scatter of r_i.
func anova2(x []float64, n, k int) sumsOfSquares {
	var stack [16]float64
	var acc []float64
	if 2*k <= len(stack) {
		acc = stack[:2*k]
	} else {
		acc = make([]float64, 2*k)
	}
	mean, m2 := acc[:k], acc[k:2*k]
	kf := float64(k)
	var rowMean, rowM2, ssw float64
	for i := 0; i < n; i++ {
		row := x[i*k : i*k+k]
		s := 0.0
		for _, v := range row {
			s += v
		}
		ri := s / kf
		inv := 1 / float64(i+1)
		dr := ri - rowMean
		rowMean += dr * inv
		rowM2 += dr * (ri - rowMean)
		for j, v := range row {
			d := v - ri
			ssw += d * d
			dd := d - mean[j]
			mean[j] += dd * inv
			m2[j] += dd * (d - mean[j])
		}
	}
	var ss sumsOfSquares
	for j := range mean {
		ss.ssc += mean[j] * mean[j]
		ss.sse += m2[j]
	}
	ss.ssc *= float64(n)
	ss.ssr = float64(k) * rowM2
	ss.ssw = ssw
	return ss
}

// fill computes the six ICC values and their irr::icc confidence intervals
// from the mean squares. allEqual marks data with no variation at all.
func (r *ICCResult) fill(conf float64, allEqual bool) {
	n, k := float64(r.N), float64(r.K)
	msr, msc, mse, msw := r.MSR, r.MSC, r.MSE, r.MSW
	p := 1 - (1-conf)/2 // upper quantile level, 1 − α/2

	r.fillValues(allEqual)

	// One-way and consistency forms: F-based intervals.
	d1 := n - 1
	fOne := fInterval(msr, msw, p, d1, n*(k-1))
	fCon := fInterval(msr, mse, p, d1, (n-1)*(k-1))
	single := func(f float64) float64 { return (f - 1) / (f + k - 1) }
	average := func(f float64) float64 { return 1 - 1/f }
	r.ICC1_1.setCI(fOne, single)
	r.ICC1_k.setCI(fOne, average)
	r.ICC3_1.setCI(fCon, single)
	r.ICC3_k.setCI(fCon, average)

	// Agreement forms: Satterthwaite df v from the estimate itself.
	r.ICC2_1.setAgreementCI(r.N, r.K, msr, msc, mse, p, func(fl, fu float64) (float64, float64) {
		c := k*msc + (k*n-k-n)*mse
		return n * (msr - fl*mse) / (fl*c + n*msr), n * (fu*msr - mse) / (c + n*fu*msr)
	})
	r.ICC2_k.setAgreementCI(r.N, r.K, msr, msc, mse, p, func(fl, fu float64) (float64, float64) {
		return n * (msr - fl*mse) / (fl*(msc-mse) + n*msr), n * (fu*msr - mse) / (msc - mse + n*fu*msr)
	})
	for _, v := range r.values() {
		if !v.OK() {
			v.Value = 0
			v.CIReason = "the ICC itself is undefined: " + v.Reason
		}
		if v.CIReason != "" {
			v.Lower, v.Upper = 0, 0
		}
	}
}

// fillValues computes the six ICC values from the mean squares, an
// undefined one with its Reason and Value 0. allEqual marks data with no
// variation at all.
func (r *ICCResult) fillValues(allEqual bool) {
	n, k := float64(r.N), float64(r.K)
	msr, msc, mse, msw := r.MSR, r.MSC, r.MSE, r.MSW
	r.ICC1_1 = ratio(msr-msw, msr+(k-1)*msw,
		"there is no variation between or within subjects (MSR = MSW = 0), so ICC(1,1) is 0/0")
	r.ICC1_k = ratio(msr-msw, msr,
		"every subject has the same mean rating (MSR = 0), so ICC(1,k) divides by zero")
	r.ICC3_1 = ratio(msr-mse, msr+(k-1)*mse,
		"there is no between-subject or residual variation (MSR = MSE = 0), so ICC(3,1) is 0/0")
	r.ICC3_k = ratio(msr-mse, msr,
		"every subject has the same mean rating (MSR = 0), so ICC(3,k) divides by zero")
	r.ICC2_1 = ratio(msr-mse, msr+(k-1)*mse+k*(msc-mse)/n,
		"the ICC(2,1) denominator MSR + (k−1)·MSE + k·(MSC−MSE)/n is 0")
	r.ICC2_k = ratio(msr-mse, msr+(msc-mse)/n,
		"the ICC(2,k) denominator MSR + (MSC−MSE)/n is 0")
	if allEqual {
		const why = "every rating is the same value (no variation at all), so the ICC is 0/0"
		for _, v := range r.values() {
			v.Reason = why
		}
	}
	for _, v := range r.values() {
		if !v.OK() {
			v.Value = 0
		}
	}
}

func (r *ICCResult) values() [6]*ICCValue {
	return [6]*ICCValue{&r.ICC1_1, &r.ICC2_1, &r.ICC3_1, &r.ICC1_k, &r.ICC2_k, &r.ICC3_k}
}

// ratio returns num/den, or an undefined value with reason when den is 0 or
// the quotient is not finite.
func ratio(num, den float64, reason string) ICCValue {
	if den == 0 {
		return ICCValue{Reason: reason}
	}
	v := num / den
	if !isFinite(v) {
		return ICCValue{Reason: "not a finite number (numerical overflow)"}
	}
	return ICCValue{Value: v}
}

// fBounds is the F statistic's confidence range [FL, FU] for a one-way or
// consistency ICC: FL = F/qf(p, d1, d2), FU = F·qf(p, d2, d1).
type fBounds struct {
	lo, hi float64
	inf    bool // the error mean square is 0, so F = +Inf
}

func fInterval(msr, msErr, p, d1, d2 float64) fBounds {
	if msErr == 0 {
		return fBounds{inf: true}
	}
	f := msr / msErr
	return fBounds{
		lo: f / fQuantile(p, d1, d2),
		hi: f * fQuantile(p, d2, d1),
	}
}

// setCI sets the interval [g(FL), g(FU)]. With no error variance (F = +Inf)
// the estimate is 1 and so is the limit of both bounds.
func (v *ICCValue) setCI(b fBounds, g func(float64) float64) {
	if !v.OK() {
		return
	}
	if b.inf {
		v.Lower, v.Upper = 1, 1
		return
	}
	v.setBounds(g(b.lo), g(b.hi))
}

// setAgreementCI sets the McGraw–Wong interval of an absolute-agreement ICC
// as irr::icc: a = kρ/(n(1−ρ)), b = 1 + kρ(n−1)/(n(1−ρ)), Satterthwaite
// v = (a·MSC + b·MSE)² / ((a·MSC)²/(k−1) + (b·MSE)²/((n−1)(k−1))),
// FL = qf(p, n−1, v), FU = qf(p, v, n−1), bounds from FL and FU.
func (v *ICCValue) setAgreementCI(ni, ki int, msr, msc, mse, p float64, bounds func(fl, fu float64) (float64, float64)) {
	if !v.OK() {
		return
	}
	n, k, rho := float64(ni), float64(ki), v.Value
	if msc == 0 && mse == 0 {
		// ρ = 1: a and b are infinite, but both bounds equal 1 for any F.
		v.Lower, v.Upper = 1, 1
		return
	}
	a := k * rho / (n * (1 - rho))
	b := 1 + k*rho*(n-1)/(n*(1-rho))
	am, bm := a*msc, b*mse
	df := (am + bm) * (am + bm) / (am*am/(k-1) + bm*bm/((n-1)*(k-1)))
	if !(df > 0) || math.IsInf(df, 0) {
		v.CIReason = satterthwaiteReason(df)
		return
	}
	v.setBounds(bounds(fQuantile(p, n-1, df), fQuantile(p, df, n-1)))
}

// satterthwaiteReason says why the Satterthwaite degrees of freedom v
// give no interval, without printing NaN or ±Inf.
func satterthwaiteReason(df float64) string {
	const why = "the Satterthwaite degrees of freedom are not positive and finite"
	switch {
	case math.IsNaN(df):
		return why + " (v is 0/0: the mean squares cancel)"
	case math.IsInf(df, 0):
		return why + " (v is infinite)"
	}
	return fmt.Sprintf(why+" (v = %.3g)", df)
}

func (v *ICCValue) setBounds(lo, hi float64) {
	if !isFinite(lo) || !isFinite(hi) {
		v.CIReason = "a confidence bound is not finite (its denominator is 0)"
		return
	}
	v.Lower, v.Upper = lo, hi
}

// fQuantile is the p-quantile of the F(d1, d2) distribution (R's qf).
func fQuantile(p, d1, d2 float64) float64 {
	return distuv.F{D1: d1, D2: d2}.Quantile(p)
}
