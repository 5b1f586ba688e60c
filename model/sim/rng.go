package sim

import (
	"hash/fnv"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/plumb-eval/plumb/internal/mathx"
)

// stream returns the random stream called name for the seed. Every kind of
// record and every judge draws from its own stream, so adding a judge or
// changing one item count leaves every other stream's draws unchanged.
func stream(seed uint64, name string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(name)) // never fails
	k := h.Sum64()
	return rand.New(rand.NewPCG(mathx.SplitMix64(seed^k), mathx.SplitMix64(k+0x9e3779b97f4a7c15)))
}

// rounder rounds numbers to a fixed count of significant digits; 0 keeps
// them as they are.
type rounder int

// num rounds v to r significant digits.
func (r rounder) num(v float64) float64 {
	if r <= 0 || v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	out, err := strconv.ParseFloat(strconv.FormatFloat(v, 'g', int(r), 64), 64)
	if err != nil {
		return v
	}
	return out
}

// prob rounds a probability so that both it and its complement keep r
// significant digits and print briefly: p itself below 0.5; from 0.5 up, p
// is rounded at the decimal place of 1 − p's r-th significant digit.
func (r rounder) prob(p float64) float64 {
	if r <= 0 || math.IsNaN(p) {
		return p
	}
	if p < 0.5 {
		return r.num(p)
	}
	q := 1 - p
	if q <= 0 {
		return p
	}
	decimals := int(r) - 1 - int(math.Floor(math.Log10(q)))
	out, err := strconv.ParseFloat(strconv.FormatFloat(p, 'f', decimals, 64), 64)
	if err != nil {
		return p
	}
	return out
}
