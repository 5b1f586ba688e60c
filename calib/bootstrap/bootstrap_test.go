package bootstrap

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"testing"
)

// TestBootIntervalSciPy checks the percentile and BCa intervals against
// SciPy 1.10.1 (Debian 12 python3-scipy): np.percentile (linear, R type 7)
// of the same resampled values, and scipy.stats._resampling._bca_interval's
// levels (Efron & Tibshirani 1993 §14.3) with a full jackknife. The
// resampled values, the estimate and the jackknife values come from the
// oracle file, so only the interval arithmetic is compared. The generator
// is described in the file's "source".
func TestBootIntervalSciPy(t *testing.T) {
	b, err := os.ReadFile("testdata/bootstrap_oracle.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Source string
		Cases  []struct {
			Name            string
			Level, Estimate float64
			ThetaB          []float64 `json:"theta_b"`
			Jackknife       []float64
			Percentile, BCa []float64
		}
	}
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range f.Cases {
		for _, k := range []Kind{Percentile, BCa} {
			want := c.Percentile
			if k == BCa {
				want = c.BCa
			}
			got := bootInterval(c.Estimate, c.ThetaB, c.Jackknife, Options{Level: c.Level, Kind: k})
			if got.CI == nil {
				t.Errorf("%s %v: no interval (%s)", c.Name, k, got.Reason)
				continue
			}
			if math.Abs(got.CI.Lower-want[0]) > 1e-12 || math.Abs(got.CI.Upper-want[1]) > 1e-12 {
				t.Errorf("%s %v: [%.15g, %.15g], SciPy [%.15g, %.15g]", c.Name, k, got.CI.Lower, got.CI.Upper, want[0], want[1])
			}
		}
	}
}

// TestBootstrapDeterministic wants the same intervals for any number of
// workers, and different ones for another seed.
func TestBootstrapDeterministic(t *testing.T) {
	x := make([]float64, 57)
	for i := range x {
		x[i] = math.Sin(float64(i)*1.7) + float64(i%5)
	}
	mean := func(idx []int) []float64 {
		s := 0.0
		for _, i := range idx {
			s += x[i]
		}
		return []float64{s / float64(len(idx)), math.NaN()}
	}
	run := func(workers int, seed uint64, kind Kind) []Interval {
		r, err := Run(len(x), []string{"mean", "never"}, mean, Options{Resamples: 300, Seed: seed, Level: 0.95, Kind: kind, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	for _, k := range []Kind{Percentile, BCa} {
		a, b, c := run(1, 7, k), run(5, 7, k), run(2, 8, k)
		if a[0].CI == nil || *a[0].CI != *b[0].CI {
			t.Errorf("%v: workers change the interval: %+v vs %+v", k, a[0].CI, b[0].CI)
		}
		if *a[0].CI == *c[0].CI {
			t.Errorf("%v: another seed gives the same interval", k)
		}
		if a[1].CI != nil || a[1].Reason == "" {
			t.Errorf("%v: an always-undefined statistic got %+v", k, a[1])
		}
		if !(a[0].CI.Lower < a[0].Estimate && a[0].Estimate < a[0].CI.Upper) {
			t.Errorf("%v: estimate %v outside %+v", k, a[0].Estimate, a[0].CI)
		}
	}
	if _, err := Run(1, []string{"m"}, mean, Options{Resamples: 10, Level: 0.95}); err == nil {
		t.Error("one item accepted")
	}
	if _, err := Run(5, []string{"m"}, mean, Options{Resamples: 10, Level: 1.5}); err == nil {
		t.Error("level 1.5 accepted")
	}
}

func TestQuantile7(t *testing.T) {
	xs := []float64{1, 2, 3, 4, 10}
	// R: quantile(c(1,2,3,4,10), c(0, .1, .5, .9, 1), type = 7) = 1.0 1.4 3.0 7.6 10.0
	for _, c := range []struct{ p, want float64 }{{0, 1}, {0.1, 1.4}, {0.5, 3}, {0.9, 7.6}, {1, 10}} {
		if got := quantile7(xs, c.p); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("quantile7(%v) = %v, want %v", c.p, got, c.want)
		}
	}
}

// TestBootstrapStopped: closing Done stops a bootstrap early with
// ErrStopped.
func TestBootstrapStopped(t *testing.T) {
	done := make(chan struct{})
	close(done)
	stat := func(idx []int) []float64 { return []float64{float64(len(idx))} }
	_, err := Run(10, []string{"n"}, stat, Options{Resamples: 50, Level: 0.95, Done: done})
	if !errors.Is(err, ErrStopped) {
		t.Fatalf("err = %v, want ErrStopped", err)
	}
}
