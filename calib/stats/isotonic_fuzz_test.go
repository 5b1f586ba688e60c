package stats

import (
	"encoding/binary"
	"math"
	"testing"
)

// FuzzFitIsotonic feeds arbitrary (x, y, w) triples to FitIsotonic. It must
// never panic; on success the knots must be finite, X strictly increasing, Y
// non-decreasing, and Predict monotone over the data range.
func FuzzFitIsotonic(f *testing.F) {
	f.Add(encodeTriples(0, 1, 1, 1, 0, 1, 2, 2, 1), false)
	f.Add(encodeTriples(0.5, 1, 0, 0.5, 0, 2, 0.1, 3, 1, 0.1+1e-16, 2, 1), true)
	f.Add(encodeTriples(1e300, -1e300, 1, -1e300, 1e300, 1e-300, 3, math.Inf(1), 1), true)
	f.Add([]byte{1, 2, 3}, false)
	f.Fuzz(func(t *testing.T, data []byte, weighted bool) {
		var x, y, w []float64
		for len(data) >= 24 {
			x = append(x, math.Float64frombits(binary.LittleEndian.Uint64(data)))
			y = append(y, math.Float64frombits(binary.LittleEndian.Uint64(data[8:])))
			w = append(w, math.Float64frombits(binary.LittleEndian.Uint64(data[16:])))
			data = data[24:]
		}
		if !weighted {
			w = nil
		}
		fit, err := FitIsotonic(x, y, w)
		if err != nil {
			return
		}
		if len(fit.X) == 0 || len(fit.X) != len(fit.Y) {
			t.Fatalf("bad knots: %d X, %d Y", len(fit.X), len(fit.Y))
		}
		for i := range fit.X {
			if !isFinite(fit.X[i]) || !isFinite(fit.Y[i]) {
				t.Fatalf("knot %d not finite: (%v, %v)", i, fit.X[i], fit.Y[i])
			}
			if i > 0 && (fit.X[i] <= fit.X[i-1] || fit.Y[i] < fit.Y[i-1]) {
				t.Fatalf("knots not monotone at %d: (%v,%v) after (%v,%v)", i, fit.X[i], fit.Y[i], fit.X[i-1], fit.Y[i-1])
			}
		}
		// Predictions at the knots and at midpoints must be finite and
		// non-decreasing.
		prev := math.Inf(-1)
		for i, kx := range fit.X {
			qs := []float64{kx}
			if i+1 < len(fit.X) {
				qs = append(qs, kx+(fit.X[i+1]-kx)/2)
			}
			for _, q := range qs {
				p := fit.Predict(q)
				if !isFinite(p) || p < prev {
					t.Fatalf("Predict(%v) = %v after %v", q, p, prev)
				}
				prev = p
			}
		}
	})
}

func encodeTriples(v ...float64) []byte {
	b := make([]byte, 0, 8*len(v))
	for _, f := range v {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(f))
	}
	return b
}
