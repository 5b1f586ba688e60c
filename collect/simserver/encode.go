package simserver

import (
	"cmp"
	"encoding/json"
	"math"
	"slices"
	"strconv"
)

// fillers are the tokens that share the 2% of probability the IDs leave.
var fillers = []string{"The", "Both", "Neither", "Answer", "I", "**", "Based", "After", "Output", "Response",
	"Assistant", "It", "This", "Option", "In", "Tie", "None", "First", "Second", "Overall"}

type alt struct {
	tok string
	lp  float64
}

// alternatives returns the answer token's top-k alternatives, sorted.
func (rp *reply) alternatives(k int) []alt {
	pa := rp.p
	alts := make([]alt, 0, 4+len(fillers))
	add := func(tok string, p float64) {
		if p > 0 {
			alts = append(alts, alt{tok, math.Log(p)})
		}
	}
	add(rp.ids[0], 0.98*0.9*pa)
	add(" "+rp.ids[0], 0.98*0.1*pa)
	add(rp.ids[1], 0.98*0.9*(1-pa))
	add(" "+rp.ids[1], 0.98*0.1*(1-pa))
	for i, f := range fillers {
		add(f, 0.02*math.Pow(0.5, float64(i+1))/(1-math.Pow(0.5, float64(len(fillers)))))
	}
	sortAlts(alts)
	return alts[:min(k, len(alts))]
}

// sortAlts orders alternatives by log-probability, most likely first
// (stable: equal ones keep their order).
func sortAlts(alts []alt) {
	slices.SortStableFunc(alts, func(a, b alt) int { return cmp.Compare(b.lp, a.lp) })
}

// encode writes the response body.
func (rp *reply) encode(modelName string, chat bool, top, promptTokens int) []byte {
	choice := rp.ids[0]
	if rp.p < 0.5 {
		choice = rp.ids[1]
	}
	toks := []string{choice}
	ansAt := 0
	if rp.marker {
		toks, ansAt = []string{"[[", choice, "]]"}, 1
	}
	text := ""
	for _, t := range toks {
		text += t
	}
	var alts []alt
	if top > 0 {
		alts = rp.alternatives(top)
	}
	lpOf := func(i int) float64 {
		if i != ansAt {
			return -1e-4
		}
		for _, a := range alts {
			if a.tok == toks[i] {
				return a.lp
			}
		}
		return math.Log(0.98 * 0.9 * math.Max(rp.p, 1-rp.p))
	}
	b := make([]byte, 0, 1024)
	q := appendJSONString
	if chat {
		b = append(b, `{"id":"chatcmpl-sim","object":"chat.completion","model":`...)
		b = q(b, modelName)
		b = append(b, `,"choices":[{"index":0,"message":{"role":"assistant","content":`...)
		b = q(b, text)
		b = append(b, `},"logprobs":`...)
		if top == 0 {
			b = append(b, "null"...)
		} else {
			b = append(b, `{"content":[`...)
			for i, t := range toks {
				if i > 0 {
					b = append(b, ',')
				}
				b = append(b, `{"token":`...)
				b = q(b, t)
				b = append(b, `,"logprob":`...)
				b = strconv.AppendFloat(b, lpOf(i), 'g', -1, 64)
				b = append(b, `,"top_logprobs":[`...)
				list := alts
				if i != ansAt {
					list = []alt{{t, -1e-4}}
				}
				for k, a := range list {
					if k > 0 {
						b = append(b, ',')
					}
					b = append(b, `{"token":`...)
					b = q(b, a.tok)
					b = append(b, `,"logprob":`...)
					b = strconv.AppendFloat(b, a.lp, 'g', -1, 64)
					b = append(b, '}')
				}
				b = append(b, "]}"...)
			}
			b = append(b, "]}"...)
		}
		b = append(b, `,"finish_reason":"stop"}]`...)
	} else {
		b = append(b, `{"id":"cmpl-sim","object":"text_completion","model":`...)
		b = q(b, modelName)
		b = append(b, `,"choices":[{"index":0,"text":`...)
		b = q(b, text)
		b = append(b, `,"logprobs":`...)
		if top == 0 {
			b = append(b, "null"...)
		} else {
			b = append(b, `{"tokens":[`...)
			for i, t := range toks {
				if i > 0 {
					b = append(b, ',')
				}
				b = q(b, t)
			}
			b = append(b, `],"token_logprobs":[`...)
			for i := range toks {
				if i > 0 {
					b = append(b, ',')
				}
				b = strconv.AppendFloat(b, lpOf(i), 'g', -1, 64)
			}
			b = append(b, `],"top_logprobs":[`...)
			for i, t := range toks {
				if i > 0 {
					b = append(b, ',')
				}
				list := alts
				if i != ansAt {
					list = []alt{{t, -1e-4}}
				}
				b = append(b, '{')
				for k, a := range list {
					if k > 0 {
						b = append(b, ',')
					}
					b = q(b, a.tok)
					b = append(b, ':')
					b = strconv.AppendFloat(b, a.lp, 'g', -1, 64)
				}
				b = append(b, '}')
			}
			b = append(b, "]}"...)
		}
		b = append(b, `,"finish_reason":"stop"}]`...)
	}
	b = append(b, `,"usage":{"prompt_tokens":`...)
	b = strconv.AppendInt(b, int64(promptTokens), 10)
	b = append(b, `,"completion_tokens":`...)
	b = strconv.AppendInt(b, int64(len(toks)), 10)
	b = append(b, `,"total_tokens":`...)
	b = strconv.AppendInt(b, int64(promptTokens+len(toks)), 10)
	return append(b, "}}"...)
}

// appendJSONString appends s as a JSON string.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			j, _ := json.Marshal(s) // a string always encodes
			return append(b, j...)
		}
	}
	return strconv.AppendQuote(b, s) // printable ASCII: Go's quoting is JSON's
}
