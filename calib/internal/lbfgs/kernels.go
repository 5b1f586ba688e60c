package lbfgs

// Fused vector kernels of Minimise's two-loop recursion. Each does in one
// pass over memory what Minimise did before in two or three (an axpy, then
// a dot product, then a scaling), with exactly the same floating-point
// operations on every element in the same order, so the results are the
// same bits:
//
//   - a dot product accumulates as gonum's amd64 DotUnitary (which
//     floats.Dot calls): four running sums s_r over the elements i ≡ r
//     (mod 4) of the whole blocks of four, the 1–3 trailing elements added
//     to s_0 in order, and the result (s_0 + s_2) + (s_1 + s_3);
//   - an axpy y += α·x rounds α·x, then the sum (gonum's AxpyUnitary: MULPD
//     then ADDPD); the explicit float64(·) conversions keep the Go compiler
//     from fusing a multiply and an add into one FMA (which it may do on
//     GOAMD64=v3), which would round once instead of twice;
//   - the other sums (dot3, centre) are sequential, as before.
//
// TestLBFGSKernelsBits checks them against the unfused operations. On
// other platforms (and with -tags noasm) gonum's Dot sums in order, so
// there the fused kernels agree with it only to rounding.

// axpyScaleDot sets p_i = (src_i + alpha·x_i)·(gamma·h_i) and returns
// dot(q, p) (src may be p). With x nil the axpy is skipped: p_i =
// src_i·(gamma·h_i).
func axpyScaleDot(alpha float64, x, src, p []float64, gamma float64, h, q []float64) float64 {
	n := len(p)
	src, h, q = src[:n], h[:n], q[:n]
	var s0, s1, s2, s3 float64
	if x == nil {
		for i := range n {
			p[i] = src[i] * float64(gamma*h[i])
		}
		return dot(q, p)
	}
	x = x[:n]
	i := 0
	for ; i+4 <= n; i += 4 {
		v0 := (src[i] + float64(alpha*x[i])) * float64(gamma*h[i])
		v1 := (src[i+1] + float64(alpha*x[i+1])) * float64(gamma*h[i+1])
		v2 := (src[i+2] + float64(alpha*x[i+2])) * float64(gamma*h[i+2])
		v3 := (src[i+3] + float64(alpha*x[i+3])) * float64(gamma*h[i+3])
		p[i], p[i+1], p[i+2], p[i+3] = v0, v1, v2, v3
		s0 += float64(q[i] * v0)
		s1 += float64(q[i+1] * v1)
		s2 += float64(q[i+2] * v2)
		s3 += float64(q[i+3] * v3)
	}
	for ; i < n; i++ {
		v := (src[i] + float64(alpha*x[i])) * float64(gamma*h[i])
		p[i] = v
		s0 += float64(q[i] * v)
	}
	return (s0 + s2) + (s1 + s3)
}

// scaleTo sets p_i = src_i·(gamma·h_i).
func scaleTo(src, p []float64, gamma float64, h []float64) {
	n := len(p)
	src, h = src[:n], h[:n]
	for i := range n {
		p[i] = src[i] * float64(gamma*h[i])
	}
}

// axpyNegSum sets p = −(p + alpha·x) (x nil: p = −p) and returns Σ p_i,
// summed in order.
func axpyNegSum(alpha float64, x, p []float64) float64 {
	s := 0.0
	if x == nil {
		for i, v := range p {
			p[i] = -v
			s += -v
		}
		return s
	}
	x = x[:len(p)]
	for i, v := range p {
		v = -(v + float64(alpha*x[i]))
		p[i] = v
		s += v
	}
	return s
}

// shiftDotInf sets p_i −= shift (when sub) and returns dot(g, p) and
// max_i |p_i|.
func shiftDotInf(p []float64, sub bool, shift float64, g []float64) (dp, inf float64) {
	n := len(p)
	g = g[:n]
	var s0, s1, s2, s3 float64
	m := 0.0
	i := 0
	if !sub {
		shift = 0 // v − 0 == v for every v but −0 (−0 − 0 = −0 too)
	}
	for ; i+4 <= n; i += 4 {
		v0, v1, v2, v3 := p[i]-shift, p[i+1]-shift, p[i+2]-shift, p[i+3]-shift
		p[i], p[i+1], p[i+2], p[i+3] = v0, v1, v2, v3
		s0 += float64(g[i] * v0)
		s1 += float64(g[i+1] * v1)
		s2 += float64(g[i+2] * v2)
		s3 += float64(g[i+3] * v3)
		m = absMax(absMax(absMax(absMax(m, v0), v1), v2), v3)
	}
	for ; i < n; i++ {
		v := p[i] - shift
		p[i] = v
		s0 += float64(g[i] * v)
		m = absMax(m, v)
	}
	return (s0 + s2) + (s1 + s3), m
}

// absMax is normInf's step: max(m, |v|) for m ≥ 0 (NaN ignored).
func absMax(m, v float64) float64 {
	if v > m {
		return v
	} else if -v > m {
		return -v
	}
	return m
}

// historyUpdate sets s = xn − x, y = gn − g and h_i = 1/max(w_i, floor)
// (pc's preconditioner) and returns sᵀy (as floats.Dot), yᵀdiag(h)y (as
// dot3) and gnᵀgn (as floats.Dot). The divisions run while the sequential
// sum yᵀdiag(h)y waits on its additions.
func historyUpdate(s, y, x, xn, g, gn, h []float64, pc DiagPrecond) (sy, yhy, gg float64) {
	n := len(s)
	y, x, xn, g, gn, h = y[:n], x[:n], xn[:n], g[:n], gn[:n], h[:n]
	w, floor := pc.W[:n], pc.Floor
	var a0, a1, a2, a3 float64
	var b0, b1, b2, b3 float64
	i := 0
	for ; i+4 <= n; i += 4 {
		h0, h1, h2, h3 := 1/max(w[i], floor), 1/max(w[i+1], floor), 1/max(w[i+2], floor), 1/max(w[i+3], floor)
		h[i], h[i+1], h[i+2], h[i+3] = h0, h1, h2, h3
		s0, s1, s2, s3 := xn[i]-x[i], xn[i+1]-x[i+1], xn[i+2]-x[i+2], xn[i+3]-x[i+3]
		y0, y1, y2, y3 := gn[i]-g[i], gn[i+1]-g[i+1], gn[i+2]-g[i+2], gn[i+3]-g[i+3]
		s[i], s[i+1], s[i+2], s[i+3] = s0, s1, s2, s3
		y[i], y[i+1], y[i+2], y[i+3] = y0, y1, y2, y3
		a0 += float64(s0 * y0)
		a1 += float64(s1 * y1)
		a2 += float64(s2 * y2)
		a3 += float64(s3 * y3)
		yhy += float64(float64(y0*h0) * y0)
		yhy += float64(float64(y1*h1) * y1)
		yhy += float64(float64(y2*h2) * y2)
		yhy += float64(float64(y3*h3) * y3)
		b0 += float64(gn[i] * gn[i])
		b1 += float64(gn[i+1] * gn[i+1])
		b2 += float64(gn[i+2] * gn[i+2])
		b3 += float64(gn[i+3] * gn[i+3])
	}
	for ; i < n; i++ {
		hv := 1 / max(w[i], floor)
		h[i] = hv
		sv, yv := xn[i]-x[i], gn[i]-g[i]
		s[i], y[i] = sv, yv
		a0 += float64(sv * yv)
		yhy += float64(float64(yv*hv) * yv)
		b0 += float64(gn[i] * gn[i])
	}
	return (a0 + a2) + (a1 + a3), yhy, (b0 + b2) + (b1 + b3)
}
