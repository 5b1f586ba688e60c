package model

import (
	"strconv"

	"github.com/plumb-eval/plumb/internal/jsonscan"
)

// samples decodes the optional samples field into out.Samples: per
// arrangement an array of objects {"scores": [first, second]} or
// {"choice": "A"|"B"|"tie"} (or neither: unread), each with an optional
// "text". With texts skipped, the samples' texts are left out too.
func (p *recParser) samples(out *Pair) *LineError {
	if absent(p.vals[fSamples]) {
		return nil
	}
	var ss Samples
	err := p.arrangements(fSamples, func(a Arrangement, v []byte) *LineError {
		name := "samples." + a.String()
		if v[0] != '[' {
			return errType(name, v, "an array of samples")
		}
		list := []Sample{}
		for i := jsonscan.SkipSpace(v, 1); v[i] != ']'; {
			j, _ := jsonscan.SkipValue(v, i, 0, "")
			var s Sample
			if err := p.sample(&s, name+"["+strconv.Itoa(len(list))+"]", v[i:j]); err != nil {
				return err
			}
			list = append(list, s)
			i = jsonscan.SkipSpace(v, j)
			if v[i] == ',' {
				i = jsonscan.SkipSpace(v, i+1)
			}
		}
		ss[a] = list
		return nil
	})
	if err != nil {
		return err
	}
	out.Samples = &ss
	return nil
}

// sample decodes one sample object raw; name is its field path.
func (p *recParser) sample(s *Sample, name string, raw []byte) *LineError {
	if raw[0] != '{' {
		return errType(name, raw, `an object {"scores": [first, second], "text": …}`)
	}
	var seen [3]bool
	it := newObjIter(raw)
	for {
		k, esc, v, ok := it.next()
		if !ok {
			break
		}
		key := k
		if esc {
			key = jsonscan.Unescape(nil, k)
		}
		f := -1
		switch string(key) {
		case "scores":
			f = 0
		case "choice":
			f = 1
		case "text":
			f = 2
		default:
			return fieldErr(name+"."+string(key), "is not a sample field (expected scores, choice or text)")
		}
		if seen[f] {
			return fieldErr(name+"."+string(key), "appears twice")
		}
		seen[f] = true
		if v[0] == 'n' {
			continue // null: absent
		}
		if err := p.sampleField(s, name, f, v); err != nil {
			return err
		}
	}
	return nil
}

// sampleField decodes field f (0 scores, 1 choice, 2 text) of a sample.
func (p *recParser) sampleField(s *Sample, name string, f int, v []byte) *LineError {
	switch f {
	case 0:
		if s.Kind == SampleVerdict {
			return fieldErr(name+".scores", "is given together with choice (a sample gives one of them)")
		}
		return sampleScores(s, name+".scores", v)
	case 1:
		if s.Kind == SampleScores {
			return fieldErr(name+".choice", "is given together with scores (a sample gives one of them)")
		}
		if v[0] != '"' {
			return errType(name+".choice", v, `"A", "B" or "tie"`)
		}
		switch string(strBody(v)) {
		case "A":
			s.Verdict = 1
		case "B":
			s.Verdict = 0
		case "tie":
			s.Verdict = 0.5
		default:
			return errValue(name+".choice", v, `is not "A", "B" or "tie"`)
		}
		s.Kind = SampleVerdict
	default:
		if v[0] != '"' {
			return errType(name+".text", v, "a string")
		}
		if !p.skipText {
			s.Text = string(strBody(v))
		}
	}
	return nil
}

// sampleScores decodes [first, second], two finite numbers.
func sampleScores(s *Sample, name string, v []byte) *LineError {
	const want = "an array of two numbers (the scores of the answers shown first and second)"
	if v[0] != '[' {
		return errType(name, v, want)
	}
	n := 0
	for i := jsonscan.SkipSpace(v, 1); v[i] != ']'; {
		j, _ := jsonscan.SkipValue(v, i, 0, "")
		if n == 2 {
			return errValue(name, v, "has more than two scores")
		}
		x, code := number(v[i:j])
		if code != numOK {
			return numErr(name+"["+strconv.Itoa(n)+"]", v[i:j], code, "a number")
		}
		s.Scores[n] = x
		n++
		i = jsonscan.SkipSpace(v, j)
		if v[i] == ',' {
			i = jsonscan.SkipSpace(v, i+1)
		}
	}
	if n != 2 {
		return errValue(name, v, "does not have two scores")
	}
	s.Kind = SampleScores
	return nil
}

// appendSamples appends `,"samples":{…}` for a pair with samples.
func appendSamples(b []byte, ss *Samples) []byte {
	if ss == nil {
		return b
	}
	b = appendKey(b, "samples")
	b = append(b, '{')
	first := true
	for _, a := range Arrangements {
		if ss[a] == nil {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"', 'x', byte('0'+a), '"', ':', '[')
		for i := range ss[a] {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendSample(b, &ss[a][i])
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// appendSample appends one sample object.
func appendSample(b []byte, s *Sample) []byte {
	b = append(b, '{')
	switch s.Kind {
	case SampleScores:
		b = append(b, `"scores":[`...)
		b = appendFloat(b, s.Scores[0])
		b = append(b, ',')
		b = appendFloat(b, s.Scores[1])
		b = append(b, ']')
	case SampleVerdict:
		b = append(b, `"choice":`...)
		switch s.Verdict {
		case 1:
			b = append(b, `"A"`...)
		case 0:
			b = append(b, `"B"`...)
		default:
			b = append(b, `"tie"`...)
		}
	}
	if s.Text != "" {
		if s.Kind != SampleUnread {
			b = append(b, ',')
		}
		b = append(b, `"text":`...)
		b = appendString(b, s.Text)
	}
	return append(b, '}')
}
