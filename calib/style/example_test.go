package style_test

import (
	"fmt"
	"math"

	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/model"
)

// ExampleAnalyze measures a judge that prefers longer answers and its own:
// "judge-x" compared its own model's answers with a smaller model's, each
// item in two orders (x0 and x2), with the answers' lengths in len_1 and
// len_2. Its own model's answer is response_1 in two items of three, so
// its bonus for the answer shown first inflates the raw win rate; the
// position-balanced one removes that, and the length-controlled one what
// the longer answers bought (the judge's preference at equal lengths is
// about σ(0.2) = 0.55).
func ExampleAnalyze() {
	var pairs []model.Pair
	for i := range 60 {
		own, small := 200+25*(i%9), 150+30*(i%5) // judge-x's model writes longer answers
		// The judge's preference for its own model's answer: a little better
		// at equal lengths (σ(0.2) = 0.55), much better when longer.
		pref := 1 / (1 + math.Exp(-(0.2 + 1.5*math.Tanh(float64(own-small)/150) + 0.3*math.Sin(float64(i)))))
		p := model.Pair{ID: fmt.Sprint("q", i), Judge: "judge-x", Source: model.SourceProb}
		p.Gen = &model.Generators{Model1: "judge-x", Model2: "small-7b", Len1: &own, Len2: &small}
		if i%3 == 0 { // the small model's answer as response_1
			p.Gen = &model.Generators{Model1: "small-7b", Model2: "judge-x", Len1: &small, Len2: &own}
			pref = 1 - pref
		}
		// x0 shows response_1 first; x2 shows response_2 first, as A, so its
		// P(A) is P(response_2 better); the judge adds 0.05 to the first shown.
		p.Has[model.X0], p.S[model.X0] = true, pref+0.05
		p.Has[model.X2], p.S[model.X2] = true, 1-pref+0.05
		pairs = append(pairs, p)
	}
	opt := style.DefaultOptions()
	opt.Bootstrap.Resamples = 500
	r, err := style.Analyze(pairs, opt)
	if err != nil {
		fmt.Println(err)
		return
	}
	l := r.Length.LongerPreference
	fmt.Printf("longer answer preferred: %.3f [%.3f, %.3f] over %d items\n", l.Value, l.CI.Lower, l.CI.Upper, r.Length.N)
	fmt.Printf("own answer preferred by %s: %.3f over %d items\n", r.Self.Model, r.Self.OwnPreference.Value, r.Self.N)
	for _, w := range r.WinRates {
		if w.VsAll {
			continue
		}
		lc := w.LengthControlled
		fmt.Printf("%s vs %s: raw %.3f, balanced %.3f, length-controlled %.3f [%.3f, %.3f]\n",
			w.Model, w.Opponent, w.Raw.Value, w.Balanced.Value, lc.Value, lc.CI.Lower, lc.CI.Upper)
	}
	// Output:
	// longer answer preferred: 0.704 [0.678, 0.729] over 60 items
	// own answer preferred by judge-x: 0.694 over 60 items
	// judge-x vs small-7b: raw 0.711, balanced 0.694, length-controlled 0.547 [0.513, 0.567]
	// small-7b vs judge-x: raw 0.289, balanced 0.306, length-controlled 0.453 [0.433, 0.487]
}
