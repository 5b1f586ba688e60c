package simserver

import (
	"fmt"
	"math"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/plumb-eval/plumb/model"
)

// Score items: a request whose prompt holds a simulated score item's input
// ("S17: …") is a rating request. The answer token's top log-probabilities
// are the log of the simulator's score_probs for that judge, item and
// criterion (the first criterion name found in the prompt), so the
// expected score equals the simulator's. A legacy completions request with
// echo: true is a likelihood request: the prompt's tokens are the text
// before the output (one token) and the output's words, whose
// log-probabilities share the simulator's LS equally, so that LS read from
// the output's tokens equals the simulator's "ls".

var scoreLabelRE = regexp.MustCompile(`S([0-9]+): `)

// scoreItem is one simulated score item.
type scoreItem struct {
	input, output string
	ls            float64
}

func (s *Server) addScore(sc *model.Score) error {
	n, err := strconv.Atoi(strings.TrimLeft(strings.TrimPrefix(sc.ID, "s"), "0"))
	if err != nil {
		return fmt.Errorf("simserver: unexpected score id %q", sc.ID)
	}
	if n == len(s.scores)+1 {
		s.scores = append(s.scores, scoreItem{sc.Input, sc.Output, *sc.LS})
	}
	j := s.judges[sc.Judge]
	for len(j.probs) < n {
		j.probs = append(j.probs, make([]map[string]float64, len(s.criteria)))
	}
	j.probs[n-1][slices.Index(s.criteria, sc.Criterion)] = sc.ScoreProbs
	return nil
}

// ScoreProbs returns the simulator's score_probs of a judge for score item
// number n (1-based) and a criterion, for tests.
func (s *Server) ScoreProbs(judgeName string, n int, criterion string) map[string]float64 {
	j := s.judges[judgeName]
	c := slices.Index(s.criteria, criterion)
	if j == nil || n < 1 || n > len(j.probs) || c < 0 {
		return nil
	}
	return j.probs[n-1][c]
}

// LS returns the simulator's LS of score item number n.
func (s *Server) LS(n int) float64 { return s.scores[n-1].ls }

// isScore reports whether text holds simulated score item number label's
// input.
func (s *Server) isScore(text, label string) bool {
	n, _ := strconv.Atoi(label)
	return n >= 1 && n <= len(s.scores) && strings.Contains(text, s.scores[n-1].input)
}

func (s *Server) serveScore(w http.ResponseWriter, j *judge, req *request, text string, chat bool, top int, label string) {
	n, _ := strconv.Atoi(label)
	if n < 1 || n > len(s.scores) || !strings.Contains(text, s.scores[n-1].input) {
		apiError(w, http.StatusBadRequest, "no simulated score item's input in the request")
		return
	}
	it := &s.scores[n-1]
	if req.Echo {
		if chat {
			apiError(w, http.StatusBadRequest, "echo is for the completions endpoint")
			return
		}
		at := strings.LastIndex(req.Prompt, it.output)
		if at < 0 || top == 0 {
			apiError(w, http.StatusBadRequest, "echo request without the item's output or without logprobs")
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(echoBody(req.Model, req.Prompt, at, it))
		return
	}
	crit := -1
	for c, name := range s.criteria {
		if strings.Contains(text, name) && (crit < 0 || len(name) > len(s.criteria[crit])) {
			crit = c
		}
	}
	if crit < 0 {
		apiError(w, http.StatusBadRequest, "no criterion name in the request")
		return
	}
	probs := j.probs[n-1][crit]
	keys := make([]string, 0, len(probs))
	for k := range probs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	best := keys[0]
	for _, k := range keys {
		if probs[k] > probs[best] {
			best = k
		}
	}
	var alts []alt
	for _, k := range keys {
		if probs[k] > 0 {
			alts = append(alts, alt{k, math.Log(probs[k])})
		}
	}
	sortAlts(alts)
	if j.choice {
		top = 0
	}
	if top < len(alts) {
		alts = alts[:top]
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(encodeTokens(req.Model, chat, best, alts, math.Log(probs[best]), len(text)/4))
}

// encodeTokens writes a one-token answer with its top alternatives (none:
// logprobs null).
func encodeTokens(modelName string, chat bool, tok string, alts []alt, lp float64, promptTokens int) []byte {
	b := make([]byte, 0, 512)
	q := appendJSONString
	num := func(b []byte, v float64) []byte { return strconv.AppendFloat(b, v, 'g', -1, 64) }
	if chat {
		b = append(b, `{"id":"chatcmpl-sim","object":"chat.completion","model":`...)
		b = q(b, modelName)
		b = append(b, `,"choices":[{"index":0,"message":{"role":"assistant","content":`...)
		b = q(b, tok)
		b = append(b, `},"logprobs":`...)
		if len(alts) == 0 {
			b = append(b, "null"...)
		} else {
			b = append(b, `{"content":[{"token":`...)
			b = q(b, tok)
			b = append(b, `,"logprob":`...)
			b = num(b, lp)
			b = append(b, `,"top_logprobs":[`...)
			for i, a := range alts {
				if i > 0 {
					b = append(b, ',')
				}
				b = append(b, `{"token":`...)
				b = q(b, a.tok)
				b = append(b, `,"logprob":`...)
				b = num(b, a.lp)
				b = append(b, '}')
			}
			b = append(b, "]}]}"...)
		}
	} else {
		b = append(b, `{"id":"cmpl-sim","object":"text_completion","model":`...)
		b = q(b, modelName)
		b = append(b, `,"choices":[{"index":0,"text":`...)
		b = q(b, tok)
		b = append(b, `,"logprobs":`...)
		if len(alts) == 0 {
			b = append(b, "null"...)
		} else {
			b = append(b, `{"tokens":[`...)
			b = q(b, tok)
			b = append(b, `],"token_logprobs":[`...)
			b = num(b, lp)
			b = append(b, `],"top_logprobs":[{`...)
			for i, a := range alts {
				if i > 0 {
					b = append(b, ',')
				}
				b = q(b, a.tok)
				b = append(b, ':')
				b = num(b, a.lp)
			}
			b = append(b, "}]}"...)
		}
	}
	b = append(b, `,"finish_reason":"stop"}],"usage":{"prompt_tokens":`...)
	b = strconv.AppendInt(b, int64(promptTokens), 10)
	b = append(b, `,"completion_tokens":1,"total_tokens":`...)
	b = strconv.AppendInt(b, int64(promptTokens+1), 10)
	return append(b, "}}"...)
}

// echoBody answers a likelihood request: the prompt echoed as tokens (the
// text before the output as one token, then the output's words), then one
// generated token.
func echoBody(modelName, prompt string, at int, it *scoreItem) []byte {
	type tk struct {
		text string
		off  int // in characters
		lp   float64
	}
	words := strings.SplitAfter(prompt[at:], " ")
	per := it.ls / float64(len(words))
	toks := []tk{{prompt[:at], 0, math.NaN()}}
	off := utf8.RuneCountInString(prompt[:at])
	for _, w := range words {
		toks = append(toks, tk{w, off, per})
		off += utf8.RuneCountInString(w)
	}
	toks = append(toks, tk{"\n", off, -0.5})
	b := make([]byte, 0, 2048)
	b = append(b, `{"id":"cmpl-sim-echo","object":"text_completion","model":`...)
	b = appendJSONString(b, modelName)
	b = append(b, `,"choices":[{"index":0,"text":`...)
	b = appendJSONString(b, prompt+"\n")
	b = append(b, `,"logprobs":{"tokens":[`...)
	for i, t := range toks {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, t.text)
	}
	b = append(b, `],"token_logprobs":[`...)
	for i, t := range toks {
		if i > 0 {
			b = append(b, ',')
		}
		if math.IsNaN(t.lp) {
			b = append(b, "null"...)
		} else {
			b = strconv.AppendFloat(b, t.lp, 'g', -1, 64)
		}
	}
	b = append(b, `],"text_offset":[`...)
	for i, t := range toks {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(t.off), 10)
	}
	b = append(b, `]},"finish_reason":"length"}],"usage":{"prompt_tokens":`...)
	b = strconv.AppendInt(b, int64(len(toks)-1), 10)
	b = append(b, `,"completion_tokens":1,"total_tokens":`...)
	b = strconv.AppendInt(b, int64(len(toks)), 10)
	return append(b, "}}"...)
}
