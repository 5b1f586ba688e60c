package bootstrap

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/plumb-eval/plumb/calib"
	"gonum.org/v1/gonum/stat/distuv"
)

// Kind selects how an interval is read off the bootstrap
// distribution.
type Kind int

// The interval kinds.
const (
	// Percentile is the percentile interval: the α/2 and 1 − α/2 quantiles
	// of the resampled values (linear interpolation between order
	// statistics, R's quantile type 7 and numpy's default).
	Percentile Kind = iota
	// BCa is Efron's bias-corrected and accelerated interval (Efron 1987;
	// Efron & Tibshirani 1993 §14.3), with the acceleration from a
	// jackknife over items (grouped when there are many, see JackGroups).
	BCa
)

// ParseKind parses "percentile" or "bca".
func ParseKind(s string) (Kind, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "percentile", "pct":
		return Percentile, nil
	case "bca":
		return BCa, nil
	}
	return 0, fmt.Errorf("unknown bootstrap interval %q (want percentile or bca)", s)
}

// String returns "percentile" or "bca".
func (k Kind) String() string {
	if k == BCa {
		return "bca"
	}
	return "percentile"
}

// DefaultResamples is the default number of bootstrap resamples.
const DefaultResamples = 1000

// JackGroups bounds the jackknife of the BCa acceleration: with
// more items than this, items are split into this many contiguous groups
// and one group is left out at a time (the delete-d jackknife), which keeps
// the cost at this many evaluations whatever the number of items.
const JackGroups = 200

// bootStream is the PCG stream constant of the bootstrap resamples.
const bootStream = 0x626f6f7473747270 // "bootstrp"

// Options are the settings of a bootstrap.
type Options struct {
	// Resamples is the number of bootstrap resamples B (0 = no bootstrap).
	Resamples int
	// Seed seeds the resamples: resample b uses its own PCG stream derived
	// from (Seed, b), so results do not depend on Workers or GOMAXPROCS.
	Seed uint64
	// Level is the confidence level, e.g. 0.95.
	Level float64
	// Kind is the interval kind.
	Kind Kind
	// Workers bounds the goroutines (0 = GOMAXPROCS).
	Workers int
	// Progress, when not nil, is called with the number of resamples done
	// (from any goroutine, at most about 100 times).
	Progress func(done, total int)
	// Done, when not nil, stops the bootstrap early once closed: resamples
	// not yet started are skipped and Run returns ErrStopped
	// (the TUI closes it when a knob change makes the intervals stale).
	Done <-chan struct{}
}

// ErrStopped is returned by a bootstrap whose Done channel was
// closed before it finished.
var ErrStopped = errors.New("bootstrap stopped")

// validate checks the options.
func (o Options) validate() error {
	if o.Resamples < 0 {
		return fmt.Errorf("bootstrap: %d resamples, want ≥ 0", o.Resamples)
	}
	if !(o.Level > 0 && o.Level < 1) {
		return fmt.Errorf("bootstrap: level %v is not in (0, 1)", o.Level)
	}
	if o.Kind != Percentile && o.Kind != BCa {
		return fmt.Errorf("bootstrap: unknown interval kind %d", int(o.Kind))
	}
	return nil
}

// Statistic computes named statistics on a resample of n items, given
// as item indices with repeats (the full sample is 0..n−1 in order).
// It returns one value per name of the bootstrap; NaN marks a value that is
// undefined on this resample. It must be safe for concurrent calls.
type Statistic func(idx []int) []float64

// Interval is the bootstrap interval of one statistic.
type Interval struct {
	// Estimate is the statistic on the full sample.
	Estimate float64
	// CI is the interval (nil when undefined; Reason says why).
	CI *calib.Interval
	// Valid counts the resamples on which the statistic was defined.
	Valid  int
	Reason string
}

// minValidShare is the share of resamples on which a statistic must be
// defined for its interval to be given: an interval from the few resamples
// where a rare statistic happens to exist would describe those resamples,
// not the data.
const minValidShare = 0.9

// Run resamples n items with replacement opt.Resamples times,
// evaluates stat on each resample and returns one interval per statistic
// (len(names) of them). The BCa interval also evaluates stat on jackknife
// subsamples. The answer depends only on the inputs and opt.Seed.
func Run(n int, names []string, stat Statistic, opt Options) ([]Interval, error) {
	if err := opt.validate(); err != nil {
		return nil, err
	}
	if n < 2 {
		return nil, fmt.Errorf("bootstrap: %d items, want at least 2", n)
	}
	full := make([]int, n)
	for i := range full {
		full[i] = i
	}
	est := stat(full)
	if len(est) != len(names) {
		return nil, fmt.Errorf("bootstrap: the statistic returned %d values for %d names", len(est), len(names))
	}
	B := opt.Resamples
	vals := make([][]float64, len(names)) // vals[s][b]
	for s := range vals {
		vals[s] = make([]float64, B)
	}
	var bad error
	var badOnce sync.Once
	parallelFor(B, opt.Workers, opt.Progress, func(b int, idx []int) {
		if stopped(opt.Done) {
			return
		}
		rng := rand.New(rand.NewPCG(opt.Seed^uint64(b)*0x9e3779b97f4a7c15, bootStream))
		for k := range idx {
			idx[k] = rng.IntN(n)
		}
		v := stat(idx)
		if len(v) != len(names) {
			badOnce.Do(func() {
				bad = fmt.Errorf("bootstrap: the statistic returned %d values for %d names", len(v), len(names))
			})
			return
		}
		for s := range v {
			vals[s][b] = v[s]
		}
	}, n)
	if bad != nil {
		return nil, bad
	}
	if stopped(opt.Done) {
		return nil, ErrStopped
	}
	var jack [][]float64 // jack[s][g]
	if opt.Kind == BCa {
		jack = jackknife(n, len(names), stat, opt.Workers)
		if stopped(opt.Done) {
			return nil, ErrStopped
		}
	}
	out := make([]Interval, len(names))
	for s := range names {
		out[s] = bootInterval(est[s], vals[s], jackCol(jack, s), opt)
	}
	return out, nil
}

// stopped reports whether done is closed (never, when nil).
func stopped(done <-chan struct{}) bool {
	if done == nil {
		return false
	}
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// jackCol returns column s of jack (nil when jack is nil).
func jackCol(jack [][]float64, s int) []float64 {
	if jack == nil {
		return nil
	}
	return jack[s]
}

// jackknife evaluates stat with one item (or, with many items, one of
// JackGroups contiguous groups) left out at a time.
func jackknife(n, k int, stat Statistic, workers int) [][]float64 {
	g := min(n, JackGroups)
	out := make([][]float64, k)
	for s := range out {
		out[s] = make([]float64, g)
	}
	parallelFor(g, workers, nil, func(j int, idx []int) {
		lo, hi := j*n/g, (j+1)*n/g
		idx = idx[:0]
		for i := 0; i < n; i++ {
			if i < lo || i >= hi {
				idx = append(idx, i)
			}
		}
		v := stat(idx)
		for s := range out {
			if s < len(v) {
				out[s][j] = v[s]
			} else {
				out[s][j] = math.NaN()
			}
		}
	}, n)
	return out
}

// parallelFor runs f(i, buf) for i in [0, count) on up to workers
// goroutines, each with its own index buffer of length n.
func parallelFor(count, workers int, progress func(done, total int), f func(i int, buf []int), n int) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, count))
	var mu sync.Mutex
	done, step := 0, max(1, count/100)
	var wg sync.WaitGroup
	next := make(chan int, workers)
	go func() {
		for i := range count {
			next <- i
		}
		close(next)
	}()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]int, n)
			for i := range next {
				f(i, buf[:n])
				if progress != nil {
					mu.Lock()
					done++
					if done%step == 0 || done == count {
						progress(done, count)
					}
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
}

// bootInterval reads the interval off the resampled values of one
// statistic (NaN = undefined on that resample).
func bootInterval(est float64, vals, jack []float64, opt Options) Interval {
	bi := Interval{Estimate: est}
	if math.IsNaN(est) || math.IsInf(est, 0) {
		bi.Reason = "undefined on the data"
		return bi
	}
	xs := make([]float64, 0, len(vals))
	for _, v := range vals {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			xs = append(xs, v)
		}
	}
	bi.Valid = len(xs)
	if len(vals) == 0 {
		bi.Reason = "no resamples"
		return bi
	}
	if float64(len(xs)) < minValidShare*float64(len(vals)) {
		bi.Reason = fmt.Sprintf("defined on only %d of %d resamples", len(xs), len(vals))
		return bi
	}
	slices.Sort(xs)
	alpha := 1 - opt.Level
	lo, hi := alpha/2, 1-alpha/2
	if opt.Kind == BCa {
		var ok bool
		var why string
		lo, hi, ok, why = bcaLevels(est, xs, jack, alpha)
		if !ok {
			bi.Reason = "BCa interval undefined: " + why
			return bi
		}
	}
	bi.CI = &calib.Interval{Lower: quantile7(xs, lo), Upper: quantile7(xs, hi), Level: opt.Level}
	return bi
}

// quantile7 is the p-quantile of sorted xs with linear interpolation
// between order statistics (R's type 7, numpy's "linear").
func quantile7(xs []float64, p float64) float64 {
	n := len(xs)
	if n == 1 {
		return xs[0]
	}
	h := p * float64(n-1)
	i := int(math.Floor(h))
	if i >= n-1 {
		return xs[n-1]
	}
	if i < 0 {
		return xs[0]
	}
	return xs[i] + (h-float64(i))*(xs[i+1]-xs[i])
}

// bcaLevels returns the BCa quantile levels (Efron & Tibshirani 1993,
// eq. 14.9–14.15): z0 = Φ⁻¹(share of resamples below the estimate, ties
// counted half), a = Σ(θ̄ − θ_(i))³ / (6 (Σ(θ̄ − θ_(i))²)^{3/2}) from the
// jackknife values θ_(i), and α_{1,2} = Φ(z0 + (z0 + z_α)/(1 − a(z0 + z_α))).
// It fails when every resample lies on one side of the estimate, or the
// jackknife has no spread.
func bcaLevels(est float64, sorted, jack []float64, alpha float64) (lo, hi float64, ok bool, why string) {
	var below, equal int
	for _, v := range sorted {
		switch {
		case v < est:
			below++
		case v == est:
			equal++
		}
	}
	p0 := (float64(below) + 0.5*float64(equal)) / float64(len(sorted))
	if p0 <= 0 || p0 >= 1 {
		return 0, 0, false, "every resample lies on one side of the estimate"
	}
	nd := distuv.UnitNormal
	z0 := nd.Quantile(p0)
	var js []float64
	for _, v := range jack {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			js = append(js, v)
		}
	}
	if len(js) < 2 {
		return 0, 0, false, "too few jackknife values"
	}
	var mean float64
	for _, v := range js {
		mean += v
	}
	mean /= float64(len(js))
	var s2, s3 float64
	for _, v := range js {
		d := mean - v
		s2 += d * d
		s3 += d * d * d
	}
	a := 0.0
	if s2 > 0 {
		a = s3 / (6 * math.Pow(s2, 1.5))
	}
	level := func(q float64) float64 {
		z := nd.Quantile(q)
		return nd.CDF(z0 + (z0+z)/(1-a*(z0+z)))
	}
	lo, hi = level(alpha/2), level(1-alpha/2)
	if math.IsNaN(lo) || math.IsNaN(hi) {
		return 0, 0, false, "numerical failure"
	}
	return lo, hi, true, ""
}

// ChangeSign is +1 when the interval of a change lies above 0, −1 when it
// lies below, and 0 when it contains 0 or is undefined: a change is called
// a change only when its interval excludes 0.
func (b Interval) ChangeSign() int {
	switch {
	case b.CI == nil:
		return 0
	case b.CI.Lower > 0:
		return +1
	case b.CI.Upper < 0:
		return -1
	}
	return 0
}
