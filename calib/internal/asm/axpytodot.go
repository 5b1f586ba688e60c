package asm

// axpyToDotGo is AxpyToDot in Go (the assembly's reference and the
// version on other platforms): the axpy as gonum's AxpyUnitary (the
// product rounded, then the sum; the float64 conversions keep the compiler
// from fusing them into an FMA), the dot product as gonum's amd64
// DotUnitary (four running sums over the whole blocks of four, the 1–3
// trailing elements added to the first, then (s0 + s2) + (s1 + s3)).
func axpyToDotGo(alpha float64, x, src, p, q []float64) float64 {
	n := len(p)
	x, src, q = x[:n], src[:n], q[:n]
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= n; i += 4 {
		v0 := src[i] + float64(alpha*x[i])
		v1 := src[i+1] + float64(alpha*x[i+1])
		v2 := src[i+2] + float64(alpha*x[i+2])
		v3 := src[i+3] + float64(alpha*x[i+3])
		p[i], p[i+1], p[i+2], p[i+3] = v0, v1, v2, v3
		s0 += float64(q[i] * v0)
		s1 += float64(q[i+1] * v1)
		s2 += float64(q[i+2] * v2)
		s3 += float64(q[i+3] * v3)
	}
	for ; i < n; i++ {
		v := src[i] + float64(alpha*x[i])
		p[i] = v
		s0 += float64(q[i] * v)
	}
	return (s0 + s2) + (s1 + s3)
}
