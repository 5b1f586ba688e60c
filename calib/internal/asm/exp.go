package asm

import (
	"math"
)

// exp2Table[j] = 2^{j/64}.
var exp2Table = func() (t [64]float64) {
	for i := range t {
		t[i] = math.Exp2(float64(i) / 64)
	}
	return t
}()

// The constants of ExpNonPos as float64 (each rounded as in the
// expressions below), each twice, for the SSE2 loop expSumPairs.
var expPairConsts = func() (c [10][2]float64) {
	const (
		n      = 64
		log2eN = math.Log2E * n
		ln2HiN = 6.93147180369123816490e-01 / n
		ln2LoN = 1.90821492927058770002e-10 / n
	)
	for i, v := range [10]float64{log2eN, 0.5, ln2HiN, ln2LoN, 1, 1.0 / 6, 1.0 / 24, 1.0 / 120, 1.0 / 720, -708} {
		c[i] = [2]float64{v, v}
	}
	return c
}()

// expSumGo is ExpSum in Go (the reference of the assembly).
func expSumGo(d []float64, mx float64, w []float64) float64 {
	s := 0.0
	for i, v := range d {
		e := ExpNonPos(v - mx)
		w[i] = e
		s += e
	}
	return s
}

// ExpNonPos returns e^x for x ≤ 0 (0 below −708, NaN for NaN) with a relative
// error below 1e-15, about twice as fast as math.Exp: x = (64k + j)·ln2/64 +
// r with |r| ≤ ln2/128, e^x = 2^k · 2^{j/64} · e^r, e^r by its degree-6
// Taylor polynomial (truncation error < 3e-18).
func ExpNonPos(x float64) float64 {
	const (
		n      = 64
		log2eN = math.Log2E * n
		ln2HiN = 6.93147180369123816490e-01 / n // fdlibm's split of ln 2
		ln2LoN = 1.90821492927058770002e-10 / n
	)
	if !(x >= -708) {
		if math.IsNaN(x) {
			return x
		}
		return 0
	}
	ki := int64(x*log2eN - 0.5) // rounds to nearest for x ≤ 0
	k := float64(ki)
	r := x - k*ln2HiN - k*ln2LoN
	r2 := r * r
	p := (1 + r) + r2*((0.5+r*(1.0/6))+r2*((1.0/24+r*(1.0/120))+r2*(1.0/720)))
	j := ki & (n - 1)
	e := (ki - j) / n
	return p * exp2Table[j] * math.Float64frombits(uint64(e+1023)<<52)
}
