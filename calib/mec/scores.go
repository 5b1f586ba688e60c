package mec

import "github.com/plumb-eval/plumb/model"

// Scores holds one pair's read score samples per arrangement, each as
// [score of response_1, score of response_2] (the record keeps them by
// position: model.Sample.Scores).
type Scores [model.NumArrangements][][2]float64

// ItemScores returns the read score samples of p per arrangement, mapped
// from positions to responses (the answer shown first is response
// a.FirstShown()). Verdict samples and unread ones are left out.
func ItemScores(p *model.Pair) Scores {
	var s Scores
	if p.Samples == nil {
		return s
	}
	for _, a := range model.Arrangements {
		for i := range p.Samples[a] {
			smp := &p.Samples[a][i]
			if smp.Kind != model.SampleScores {
				continue
			}
			v := smp.Scores
			if a.FirstShown() == 2 {
				v[0], v[1] = v[1], v[0]
			}
			s[a] = append(s[a], v)
		}
	}
	return s
}

// HasScores reports whether any pair has a read score sample.
func HasScores(pairs []model.Pair) bool {
	for i := range pairs {
		if pairs[i].Samples == nil {
			continue
		}
		for _, a := range model.Arrangements {
			for j := range pairs[i].Samples[a] {
				if pairs[i].Samples[a][j].Kind == model.SampleScores {
					return true
				}
			}
		}
	}
	return false
}

// Verdict is a decision between the two responses, as a preference for
// response_1: 1 (response_1 better), 0 (response_2) or 0.5 (a tie).
type Verdict = float64

// decide returns the verdict of the mean scores m1 and m2 of response_1
// and response_2: FairEval's rule (score1 > score2 wins; equal is a tie).
func decide(m1, m2 float64) Verdict {
	switch {
	case m1 > m2:
		return 1
	case m1 < m2:
		return 0
	}
	return 0.5
}

// Mean returns the mean score of each response over samples (ok false
// when there is none).
func Mean(samples [][2]float64) (m [2]float64, ok bool) {
	if len(samples) == 0 {
		return m, false
	}
	for _, v := range samples {
		m[0] += v[0]
		m[1] += v[1]
	}
	n := float64(len(samples))
	return [2]float64{m[0] / n, m[1] / n}, true
}

// OrderVerdict is MEC in one arrangement: the verdict of the mean scores
// over its samples (ok false without samples).
func OrderVerdict(samples [][2]float64) (Verdict, bool) {
	m, ok := Mean(samples)
	if !ok {
		return 0, false
	}
	return decide(m[0], m[1]), true
}

// pooled returns the mean scores over the first k samples (k ≤ 0: all)
// of every arrangement of s, pooled as FairEval's get_eval averages its
// list of both orders' scores, and whether s has samples with each
// response shown first (BPC needs both orders).
func pooled(s *Scores, k int) (m [2]float64, ok bool) {
	var n int
	var first [3]bool
	for _, a := range model.Arrangements {
		list := s[a]
		if k > 0 && len(list) > k {
			list = list[:k]
		}
		if len(list) == 0 {
			continue
		}
		first[a.FirstShown()] = true
		for _, v := range list {
			m[0] += v[0]
			m[1] += v[1]
			n++
		}
	}
	if !first[1] || !first[2] {
		return m, false
	}
	return [2]float64{m[0] / float64(n), m[1] / float64(n)}, true
}

// BPCVerdict is the verdict of the mean scores over the first k samples
// (k ≤ 0: all) of both orders: BPC over scores with k = 1, MEC + BPC
// with every sample. ok is false unless each response was shown first in
// some arrangement with a sample.
func BPCVerdict(s *Scores, k int) (Verdict, bool) {
	m, ok := pooled(s, k)
	if !ok {
		return 0, false
	}
	return decide(m[0], m[1]), true
}
