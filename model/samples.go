package model

import (
	"math"
	"strconv"
)

// SampleKind says what a sampled judgment gave: two scores, a verdict, or
// nothing that could be read.
type SampleKind uint8

// The kinds of a Sample.
const (
	// SampleUnread is a sample whose text gave neither scores nor a
	// verdict; it is kept (and counted) but gives no P(A).
	SampleUnread SampleKind = iota
	// SampleScores gave the scores of the two answers shown.
	SampleScores
	// SampleVerdict gave a verdict: A, B or a tie.
	SampleVerdict
)

// Sample is one of K judgments sampled (temperature 1) from a judge in
// one arrangement of a pair (field "samples"; docs/log-format.md): the
// two scores of an evidence-first judge such as FairEval's, or one
// verdict, or neither, with the judge's text when it was kept.
type Sample struct {
	// Scores are the scores of the answer shown first and of the answer
	// shown second (Kind SampleScores).
	Scores [2]float64
	// Verdict is the sampled verdict as a P(A): 1 (A), 0 (B) or 0.5 (tie)
	// (Kind SampleVerdict).
	Verdict float64
	Kind    SampleKind
	// Text is the judge's answer ("" when not kept).
	Text string
}

// PA returns the sample's P(A) in arrangement a: for scores, 1 when A's
// score beats B's, 0 when it is lower and ½ for equal scores (A is the
// answer shown first unless a swaps positions); for a verdict, the
// verdict. ok is false for an unread sample.
func (s *Sample) PA(a Arrangement) (pa float64, ok bool) {
	switch s.Kind {
	case SampleVerdict:
		return s.Verdict, true
	case SampleScores:
		sa, sb := s.Scores[0], s.Scores[1]
		if a.PositionSwapped() {
			sa, sb = sb, sa
		}
		switch {
		case sa > sb:
			return 1, true
		case sa < sb:
			return 0, true
		}
		return 0.5, true
	}
	return 0, false
}

// SampleShare returns the share of the read samples in which A wins in
// arrangement a (ties count ½) and how many samples were read; n == 0
// when none was (the share is then 0 and means nothing).
func SampleShare(samples []Sample, a Arrangement) (share float64, n int) {
	var sum float64
	for i := range samples {
		if pa, ok := samples[i].PA(a); ok {
			sum += pa
			n++
		}
	}
	if n == 0 {
		return 0, 0
	}
	return sum / float64(n), n
}

// Samples is a pair's sampled judgments per arrangement (nil slices for
// arrangements not sampled).
type Samples [NumArrangements][]Sample

// SampleCount returns the number of read samples behind P(A) in
// arrangement a: 0 when the record has no samples there.
func (p *Pair) SampleCount(a Arrangement) int {
	if p.Samples == nil {
		return 0
	}
	_, n := SampleShare(p.Samples[a], a)
	return n
}

// sampleTolerance is how far p_a may be from the share of its samples.
const sampleTolerance = 1e-9

// validateSamples checks a pair's samples against its p_a: samples need
// p_a as the source, and p_a gives an arrangement exactly when its
// samples have one read, with the share of A among them.
func (p *Pair) validateSamples() *LineError {
	if p.Samples == nil {
		return nil
	}
	if p.Source != SourceProb {
		return fieldErr("samples", "is given with "+p.Source.String()+" (samples need p_a, the share of A among them)")
	}
	for _, a := range Arrangements {
		name := "samples." + a.String()
		for i := range p.Samples[a] {
			if err := p.Samples[a][i].validate(name + "[" + strconv.Itoa(i) + "]"); err != nil {
				return err
			}
		}
		if p.Samples[a] == nil {
			continue
		}
		share, n := SampleShare(p.Samples[a], a)
		switch {
		case n == 0 && p.Has[a]:
			return fieldErr(paNames[a], "is given but none of "+name+" was read (no P(A) to give)")
		case n > 0 && !p.Has[a]:
			return errMissing(paNames[a], name+" has read samples: p_a gives the share of A among them")
		case n > 0 && math.Abs(share-p.S[a]) > sampleTolerance:
			return fieldErr(paNames[a], "is "+string(fmtNum(p.S[a]))+", not "+string(fmtNum(share))+
				", the share of A among the "+strconv.Itoa(n)+" read samples of "+name)
		}
	}
	return nil
}

// validate checks one sample; name is its field path.
func (s *Sample) validate(name string) *LineError {
	switch s.Kind {
	case SampleScores:
		for k, v := range s.Scores {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return errValue(name+".scores["+strconv.Itoa(k)+"]", fmtNum(v), "is not a finite number")
			}
		}
	case SampleVerdict:
		if s.Verdict != 0 && s.Verdict != 0.5 && s.Verdict != 1 {
			return errValue(name+".choice", fmtNum(s.Verdict), "is not A (1), B (0) or tie (0.5)")
		}
	case SampleUnread:
	default:
		return fieldErr(name, "has kind "+strconv.Itoa(int(s.Kind))+", not scores, a verdict or unread")
	}
	return nil
}
