package calibraeval

import (
	"fmt"
	"math"

	"github.com/plumb-eval/plumb/calib"
)

// publishedWork is the scratch space of runPublished; N = len(p).
type publishedWork struct {
	p, exps, sums []float64 // p and e^p (length N), prefix sums (N+1)
	below, above  []float64 // per batch: Σ of constants added below / from each s
	grads         []float64
}

// newPublishedWork returns scratch space for N = n parameters, all 0.
func newPublishedWork(n int) *publishedWork {
	return &publishedWork{
		p:     make([]float64, n),
		exps:  make([]float64, n),
		sums:  make([]float64, n+1),
		below: make([]float64, n+1),
		above: make([]float64, n+1),
		grads: make([]float64, n),
	}
}

// runPublished runs the script's epochs on the items idx (three indexes
// into fit.Values per item) and fills fit's Params, Printed, Final, Batches,
// RankShift and Curve.
func runPublished(fit *PublishedFit, idx []int32) error {
	opt := fit.Options
	n := len(fit.Values) - 1 // N, the number of parameters
	w := newPublishedWork(n)
	k := len(idx) / 3
	for e := range opt.Epochs {
		if err := w.prefix(); err != nil {
			return fmt.Errorf("published CalibraEval: before epoch %d: %w", e+1, err)
		}
		fit.Printed = append(fit.Printed, w.loss(idx, opt.Lambda))
		for b := 0; b < k; b += opt.BatchSize {
			batch := idx[3*b : 3*min(b+opt.BatchSize, k)]
			if err := w.step(batch, opt); err != nil {
				return fmt.Errorf("published CalibraEval: epoch %d, batch %d: %w", e+1, b/opt.BatchSize+1, err)
			}
			fit.Batches++
		}
		// Re-centre: _s = sum(paras) / N (a left-to-right sum).
		s := 0.0
		for _, v := range w.p {
			s += v
		}
		s /= float64(n)
		for i := range w.p {
			w.p[i] -= s
		}
	}
	if err := w.prefix(); err != nil {
		return fmt.Errorf("published CalibraEval: after the last epoch: %w", err)
	}
	fit.Params = w.p
	fit.Final = w.loss(idx, opt.Lambda)

	// funcs[values[i]] = sums[i]/total, i = 1..N−1.
	total := w.sums[n]
	c := &calib.Curve{Z: fit.Values[1:n], G: make([]float64, n-1)}
	for i := 1; i < n; i++ {
		c.G[i-1] = w.sums[i] / total
		fit.RankShift = max(fit.RankShift, math.Abs(c.G[i-1]-float64(i)/float64(n)))
	}
	fit.Curve = c
	return nil
}

// prefix sets exps = e^p and sums[k] = Σ_{i<k} exps[i], summed left to
// right as the script does, and fails unless the total is finite and > 0.
func (w *publishedWork) prefix() error {
	w.sums[0] = 0
	for i, v := range w.p {
		w.exps[i] = math.Exp(v)
		w.sums[i+1] = w.sums[i] + w.exps[i]
	}
	if t := w.sums[len(w.p)]; !(t > 0) || math.IsInf(t, 0) {
		return fmt.Errorf("the parameters left the range of exp (Σ e^p = %v); the learning rate is too large", t)
	}
	return nil
}

// loss is the script's calculate_loss: (loss, reg) averaged over the items,
// and loss − λ·reg. prefix must have run.
func (w *publishedWork) loss(idx []int32, lambda float64) PublishedLoss {
	total := w.sums[len(w.p)]
	var l, r float64
	for t := 0; t+2 < len(idx); t += 3 {
		g1, g2, g3 := w.sums[idx[t]]/total, w.sums[idx[t+1]]/total, w.sums[idx[t+2]]/total
		a := g1 + g3 - 1.
		l += float64(a * a)
		b := g1 - g2
		l += float64(b * b)
		c := g1 - g3
		r += float64(c * c)
	}
	k := float64(len(idx) / 3)
	l /= k
	r /= k
	return PublishedLoss{Loss: l, Reg: r, Objective: l - float64(lambda*r)}
}

// step is one batch of the script's calculate_loss_and_gradient and its
// update paras[i] += lr·grads[i]/batch_size.
func (w *publishedWork) step(batch []int32, opt PublishedOptions) error {
	if err := w.prefix(); err != nil {
		return err
	}
	w.batchGrads(batch, opt.Lambda)
	bs := float64(opt.BatchSize)
	for i, g := range w.grads {
		w.p[i] += float64(opt.LR*g) / bs
	}
	return nil
}

// batchGrads sets grads to the script's grads for one batch at the current
// parameters (prefix must have run). Every item adds, for each of its three
// blocks j, lo_j to grads[0:s_j) and hi_j to grads[s_j:N); the constants
// are collected at s_j (below, above) and turned into grads by a suffix and
// a prefix sum.
func (w *publishedWork) batchGrads(batch []int32, lam float64) {
	n := len(w.p)
	exps, sums := w.exps, w.sums
	total := sums[n]
	total2 := float64(total * total) // total ** 2
	clear(w.below)
	clear(w.above)
	for t := 0; t+2 < len(batch); t += 3 {
		s1, s2, s3 := batch[t], batch[t+1], batch[t+2]
		grad1 := 2 * (sums[s1]/total + sums[s3]/total - 1.)
		grad2 := 2 * lam * (sums[s1]/total - sums[s2]/total)
		grad3 := 2 * lam * (sums[s1]/total - sums[s3]/total)
		e := exps[s1-1]
		one := 1. - sums[s1]/total
		ca := grad1 + grad2 + grad3
		cb := grad1 - grad2 - grad3
		loA := ca * (-e) / total2
		hiA := float64(ca*e) * one / total
		loB := cb * (-e) / total2
		hiB := float64(cb*e) * one / total
		w.below[s1] += loA
		w.above[s1] += hiA
		w.below[s2] += loB
		w.above[s2] += hiB
		w.below[s3] += loB
		w.above[s3] += hiB
	}
	// grads[i] = Σ_{s > i} below[s] + Σ_{s ≤ i} above[s].
	g := w.grads
	acc := 0.0
	for i := n - 1; i >= 0; i-- {
		acc += w.below[i+1]
		g[i] = acc
	}
	acc = 0
	for i := range n {
		acc += w.above[i]
		g[i] += acc
	}
}
