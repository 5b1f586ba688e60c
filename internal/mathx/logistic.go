package mathx

import "math"

// Sigmoid is the logistic function σ(x) = 1/(1 + e^−x), without overflow:
// for x < 0 it is computed as e^x/(1 + e^x).
func Sigmoid(x float64) float64 {
	if x >= 0 {
		return 1 / (1 + math.Exp(-x))
	}
	e := math.Exp(x)
	return e / (1 + e)
}

// LogSigmoid is log σ(x), accurate for large |x|.
func LogSigmoid(x float64) float64 {
	if x >= 0 {
		return -math.Log1p(math.Exp(-x))
	}
	return x - math.Log1p(math.Exp(x))
}

// Logit is σ's inverse, log(p/(1 − p)), for p in (0, 1).
func Logit(p float64) float64 {
	return math.Log(p / (1 - p))
}
