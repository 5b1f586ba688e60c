package calibraeval

import (
	"github.com/plumb-eval/plumb/calib/internal/work"
)

// Coarse-to-fine phase 1 for large problems: the L-BFGS phase of Fit only
// chooses the basin, so on a problem with many knots it runs on a reduced
// problem whose knots are quantile bins of the pooled s values, and its g is
// carried to the full knots as phase 2's start. Phase 2 then works on the
// exact problem, with its stopping rules unchanged.

// The coarse phase is used when M > coarseMinKnots, with coarseBins bins.
const (
	coarseMinKnots = 20000
	coarseBins     = 4096
)

// coarsen returns the problem restricted to maps g that are constant on each
// of about bins groups of consecutive interior knots holding equal shares of
// the pooled values (z_0 and z_M stay apart), and the coarse knot of each
// full knot. A coarse knot's z is the mean of its pooled values, its count
// their number; terms, K and the solver are kept.
func (p *NOA) coarsen(bins int, ws *work.Space) (*NOA, []int32) {
	m := p.m
	total := 0
	for j := 1; j < m; j++ {
		total += p.count[j]
	}
	of := ws.Int32s(m + 1) // not zeroed: of[0] here, the rest below
	of[0] = 0
	z := []float64{0}
	count := []int{p.count[0]}
	sum := 0.0 // Σ z·count of the open bin
	cum, last := 0, -1
	for j := 1; j < m; j++ {
		b := int(int64(cum) * int64(bins) / int64(max(total, 1)))
		if b != last {
			if last >= 0 {
				z[len(z)-1] = sum / float64(count[len(count)-1])
			}
			z = append(z, 0)
			count = append(count, 0)
			sum, last = 0, b
		}
		of[j] = int32(len(z) - 1)
		count[len(count)-1] += p.count[j]
		sum += p.z[j] * float64(p.count[j])
		cum += p.count[j]
	}
	z[len(z)-1] = sum / float64(count[len(count)-1])
	z = append(z, 1)
	count = append(count, p.count[m])
	of[m] = int32(len(z) - 1)

	c := &NOA{obj: p.obj, items: p.items, k: p.k, m: len(z) - 1, z: z, count: count, solver: p.solver}
	// The terms fill their arrays in full (ws: not zeroed); putCoarse
	// gives them back.
	c.pos = ws.Pairs32(len(p.pos))
	for i, t := range p.pos {
		c.pos[i] = [2]int32{of[t[0]], of[t[1]]}
	}
	c.con = ws.Pairs32(len(p.con))
	for i, t := range p.con {
		c.con[i] = [2]int32{of[t[0]], of[t[1]]}
	}
	c.anc = ws.Int32s(len(p.anc))
	for i, a := range p.anc {
		c.anc[i] = of[a]
	}
	return c, of
}

// prolong sets lin (length M+1) to a start g on p's knots from the fit gc
// of the coarse problem c (with p's knot j in c's knot of[j]): the lower, in
// L/K at λ, of gc interpolated linearly in z between the coarse knots and gc
// held constant on each bin (which has the coarse problem's value). Its
// work vector comes from sc (nil: allocated).
func (p *NOA) prolong(c *NOA, of []int32, gc []float64, lambda float64, lin []float64, sc *work.Scratch) {
	defer sc.Release(sc.Mark())
	for j := range lin {
		b := int(of[j])
		zj := p.z[j]
		lo, hi := b, b
		if zj < c.z[b] {
			lo = b - 1
		} else if zj > c.z[b] {
			hi = b + 1
		}
		if lo == hi || c.z[hi] == c.z[lo] {
			lin[j] = gc[b]
			continue
		}
		t := (zj - c.z[lo]) / (c.z[hi] - c.z[lo])
		lin[j] = min(max(gc[lo]+t*(gc[hi]-gc[lo]), 0), 1)
	}
	lin[0], lin[p.m] = 0, 1
	flat := sc.Take(p.m + 1)
	for j := range flat {
		flat[j] = gc[of[j]]
	}
	flat[0], flat[p.m] = 0, 1
	if p.termsGrad(flat, lambda, nil) < p.termsGrad(lin, lambda, nil) {
		copy(lin, flat)
	}
}

// putCoarse gives the term arrays of c, a problem from coarsen with the
// same ws, back to ws; c is not used afterwards.
func putCoarse(c *NOA, ws *work.Space) {
	ws.PutPairs32(c.pos)
	ws.PutPairs32(c.con)
	ws.PutInt32s(c.anc)
	c.pos, c.con, c.anc = nil, nil, nil
}
