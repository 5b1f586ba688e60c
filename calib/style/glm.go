package style

import (
	"errors"
	"math"

	"github.com/plumb-eval/plumb/internal/mathx"
)

// LengthGLM is a fitted length GLM, AlpacaEval 2.0's
// length_controlled_minimal form without its L1 penalty:
//
//	logit p_i = θ + φ·tanh(Δ_i / sd(Δ))
//
// fitted by maximum likelihood with the continuous preferences p_i ∈
// [0, 1] as targets (the Bernoulli log-likelihood Σ p log μ + (1 − p)
// log(1 − μ), which is what AlpacaEval's duplicated, weighted rows
// maximise). σ(θ) is the preference predicted at Δ = 0: the
// length-controlled win rate.
type LengthGLM struct {
	Theta float64 // θ: the logit at equal lengths
	// Phi is φ, the slope in tanh(Δ/sd) (0 when PhiReason is set).
	Phi float64
	// PhiReason is non-empty when φ cannot be fitted (every Δ is 0: θ alone
	// is fitted, σ(θ) is the mean preference).
	PhiReason string
	SD        float64 // the sample standard deviation of Δ (n − 1 in the denominator)
	N         int     // items fitted
	// NearZero counts the items with |Δ| ≤ SD/4, where the fit is
	// interpolating rather than extrapolating to Δ = 0.
	NearZero int
	// MeanPref is the mean target preference, the win rate the GLM controls.
	MeanPref   float64
	Iterations int
}

// LC returns σ(θ), the length-controlled preference.
func (g LengthGLM) LC() float64 { return mathx.Sigmoid(g.Theta) }

// The reasons FitLengthGLM gives for a fit it cannot make.
var (
	errGLMFew       = errors.New("fewer than 2 items with both lengths known")
	errGLMConstant  = errors.New("every item has the same nonzero length difference, so the fit cannot reach equal lengths")
	errGLMSeparated = errors.New("the maximum-likelihood fit is infinite: the preferences are all 0 or 1, or are separated by the length difference, or the length differences are too alike to tell θ from φ")
	errGLMDiverged  = errors.New("the maximum-likelihood fit did not converge")
)

// maxLogit bounds |θ| and |φ|: beyond it σ is 1 or 0 to 15 digits, and a
// fit that gets there is running off to infinity.
const maxLogit = 35

// FitLengthGLM fits the LengthGLM to length differences delta and
// preferences p (the same length; p in [0, 1]) by Newton's method on the
// concave log-likelihood, with step halving. It fails, with a reason, for
// fewer than two items, a constant nonzero Δ, or a fit whose maximum is at
// infinity.
func FitLengthGLM(delta, p []float64) (LengthGLM, error) {
	n := len(delta)
	g := LengthGLM{N: n}
	if n < 2 || len(p) != n {
		return g, errGLMFew
	}
	mean, sumP := 0.0, 0.0
	for i, d := range delta {
		mean += d
		sumP += p[i]
	}
	mean /= float64(n)
	g.MeanPref = sumP / float64(n)
	ss := 0.0
	for _, d := range delta {
		ss += (d - mean) * (d - mean)
	}
	g.SD = math.Sqrt(ss / float64(n-1))
	if g.SD == 0 {
		if mean != 0 {
			return g, errGLMConstant
		}
		// Every Δ is 0: θ alone, whose fit is logit(mean p).
		g.PhiReason = "every length difference is 0"
		g.NearZero = n
		if g.MeanPref <= 0 || g.MeanPref >= 1 {
			return g, errGLMSeparated
		}
		g.Theta = mathx.Logit(g.MeanPref)
		return g, nil
	}
	x := make([]float64, n)
	for i, d := range delta {
		x[i] = math.Tanh(d / g.SD)
		if math.Abs(d) <= g.SD/4 {
			g.NearZero++
		}
	}
	theta, phi, iter, err := fitLogistic2(x, p, g.MeanPref)
	g.Theta, g.Phi, g.Iterations = theta, phi, iter
	return g, err
}

// fitLogistic2 maximises Σ p_i log σ(θ + φx_i) + (1 − p_i) log σ(−θ − φx_i)
// over θ and φ, starting from θ = logit(mean), φ = 0: Newton steps, each
// halved until the log-likelihood does not fall (it is concave, so near
// the maximum the full step is taken). One pass over the items evaluates
// the log-likelihood, the gradient and the information at a point.
func fitLogistic2(x, p []float64, mean float64) (theta, phi float64, iter int, err error) {
	if mean <= 0 || mean >= 1 {
		return 0, 0, 0, errGLMSeparated
	}
	theta = mathx.Logit(mean)
	cur := eval2(x, p, theta, phi)
	for iter = 1; iter <= 200; iter++ {
		det := cur.h00*cur.h11 - cur.h01*cur.h01
		if !(det > 0) {
			return theta, phi, iter, errGLMSeparated
		}
		d0 := (cur.h11*cur.g0 - cur.h01*cur.g1) / det
		d1 := (cur.h00*cur.g1 - cur.h01*cur.g0) / det
		step := 1.0
		var nt, np float64
		var next point2
		for range 60 {
			nt, np = theta+step*d0, phi+step*d1
			next = eval2(x, p, nt, np)
			if next.ll >= cur.ll-1e-12*math.Abs(cur.ll) {
				break
			}
			step /= 2
		}
		moved := math.Abs(nt-theta) + math.Abs(np-phi)
		theta, phi, cur = nt, np, next
		if math.Abs(theta) > maxLogit || math.Abs(phi) > maxLogit {
			return theta, phi, iter, errGLMSeparated
		}
		if moved <= 1e-12*(1+math.Abs(theta)+math.Abs(phi)) {
			return theta, phi, iter, nil
		}
	}
	return theta, phi, iter, errGLMDiverged
}

// point2 is the log-likelihood at (θ, φ), its gradient g and the
// information matrix h (the negated Hessian).
type point2 struct {
	ll, g0, g1, h00, h01, h11 float64
}

// eval2 evaluates the log-likelihood, gradient and information at (θ, φ).
func eval2(x, p []float64, theta, phi float64) point2 {
	var o point2
	for i, xi := range x {
		eta := theta + phi*xi
		e := math.Exp(-math.Abs(eta))
		l := math.Log1p(e) // log σ(η) = −l − max(−η, 0), log σ(−η) = −l − max(η, 0)
		mu := 1 / (1 + e)
		if eta < 0 {
			mu = e / (1 + e)
		}
		pi := p[i]
		o.ll -= l + pi*math.Max(-eta, 0) + (1-pi)*math.Max(eta, 0)
		r, w := pi-mu, mu*(1-mu)
		o.g0 += r
		o.g1 += r * xi
		o.h00 += w
		o.h01 += w * xi
		o.h11 += w * xi * xi
	}
	return o
}
