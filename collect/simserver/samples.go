package simserver

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
)

// Sampling (n choices at temperature 1) and the evidence-first judge of
// FairEval's template; see the package doc.

// EvidenceNoise is the standard deviation, in points, of the evidence
// judge's score noise; its position effect is the judge's position bias β
// (sim.Judge.PosBias), added in points to the score of the answer shown
// first.
const EvidenceNoise = 1.0

// The shares of the evidence judge's samples written so that FairEval's
// rule cannot read them: a closing line after the scores (the tolerant
// rule reads them) and no scores at all (unread).
const (
	EvidenceTrailing = 0.08
	EvidenceNoScores = 0.04
)

// The markers of FairEval's prompt around the two answers.
const (
	evStart1 = "[The Start of Assistant 1's Answer]\n"
	evEnd1   = "\n[The End of Assistant 1's Answer]"
	evStart2 = "[The Start of Assistant 2's Answer]\n"
	evEnd2   = "\n[The End of Assistant 2's Answer]"
)

// evidenceAsk is the output format FairEval's prompt asks for.
const evidenceAsk = "Score of the Assistant 1: <score>"

// evidenceAnswers returns the two answers of a FairEval prompt (ok false
// when text is not one).
func evidenceAnswers(text string) (first, second string, ok bool) {
	cut := func(s, start, end string) (string, string, bool) {
		i := strings.Index(s, start)
		if i < 0 {
			return "", "", false
		}
		s = s[i+len(start):]
		j := strings.LastIndex(s, end)
		if j < 0 {
			return "", "", false
		}
		return s[:j], s[j+len(end):], true
	}
	first, rest, ok1 := cut(text, evStart1, evEnd1)
	second, _, ok2 := cut(rest, evStart2, evEnd2)
	return first, second, ok1 && ok2
}

// sampler draws the choices of one request: deterministic per seed, judge,
// prompt and choice index.
type sampler struct {
	s      *Server
	parts  []string
	choice int
}

func (sp *sampler) rng() *rand.Rand {
	h := sha256.New()
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], sp.s.seed)
	h.Write(n[:])
	for _, p := range sp.parts {
		binary.LittleEndian.PutUint64(n[:], uint64(len(p)))
		h.Write(n[:])
		io.WriteString(h, p)
	}
	binary.LittleEndian.PutUint64(n[:], uint64(sp.choice))
	h.Write(n[:])
	sum := h.Sum(nil)
	return rand.New(rand.NewPCG(binary.LittleEndian.Uint64(sum[:8]), binary.LittleEndian.Uint64(sum[8:16])))
}

// evidenceScore is the judge's mean score of an answer: 5.5 plus 1.5·skill
// points per standard deviation of the answer's quality (a normal draw
// seeded by its text, as for practice pairs), plus β when it is shown
// first.
func (s *Server) evidenceScore(j *judge, answer string, first bool) float64 {
	m := 5.5 + 1.5*j.par.skill*s.normal("quality", answer)
	if first {
		m += j.par.pos
	}
	return m
}

// evidenceText is one sample of the evidence judge: evidence, then the two
// scores (each its mean plus noise, rounded into 1–10), in FairEval's
// format — or, for a few samples, with a closing line or no scores.
func (s *Server) evidenceText(j *judge, first, second string, r *rand.Rand) string {
	score := func(m float64) float64 { return math.Max(1, math.Min(10, math.Round(m+EvidenceNoise*r.NormFloat64()))) }
	s1, s2 := score(s.evidenceScore(j, first, true)), score(s.evidenceScore(j, second, false))
	ev := fmt.Sprintf("Evaluation evidence: Assistant 1's answer runs to %d characters and Assistant 2's to %d; weighing helpfulness, relevance, accuracy and detail, ", len(first), len(second))
	switch {
	case s1 > s2:
		ev += "Assistant 1 answers better."
	case s1 < s2:
		ev += "Assistant 2 answers better."
	default:
		ev += "both answer about as well."
	}
	u := r.Float64()
	switch {
	case u < EvidenceNoScores:
		return ev + "\nBoth assistants deserve credit."
	case u < EvidenceNoScores+EvidenceTrailing:
		return fmt.Sprintf("%s\nScore of the Assistant 1: %g\nScore of the Assistant 2: %g\nI hope this helps.", ev, s1, s2)
	}
	return fmt.Sprintf("%s\nScore of the Assistant 1: %g\nScore of the Assistant 2: %g", ev, s1, s2)
}

// sampledTexts returns the n choices' texts of a sampling request: the
// evidence judge's samples for a FairEval prompt, else verdicts drawn
// with the judge's P(A) (rp), each the favoured ID with probability rp.p.
func (s *Server) sampledTexts(j *judge, req *request, text string, rp *reply, evidence bool) []string {
	n := max(req.N, 1)
	seed := "none"
	if req.Seed != nil {
		seed = strconv.FormatInt(*req.Seed, 10)
	}
	out := make([]string, n)
	first, second, _ := evidenceAnswers(text)
	for i := range out {
		r := (&sampler{s: s, parts: []string{"sample", j.name, seed, text}, choice: i}).rng()
		if evidence {
			out[i] = s.evidenceText(j, first, second, r)
			continue
		}
		id := rp.ids[0]
		if r.Float64() >= rp.p {
			id = rp.ids[1]
		}
		if rp.marker {
			id = "[[" + id + "]]"
		}
		out[i] = id
	}
	return out
}

// encodeChoices writes a response with one choice per text (no logprobs).
func encodeChoices(modelName string, chat bool, texts []string, promptTokens int) []byte {
	type msg struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	}
	type choice struct {
		Index        int     `json:"index"`
		Message      *msg    `json:"message,omitempty"`
		Text         *string `json:"text,omitempty"`
		FinishReason string  `json:"finish_reason"`
	}
	body := struct {
		ID      string   `json:"id"`
		Object  string   `json:"object"`
		Model   string   `json:"model"`
		Choices []choice `json:"choices"`
		Usage   struct {
			PromptTokens     int `json:"prompt_tokens"`
			CompletionTokens int `json:"completion_tokens"`
		} `json:"usage"`
	}{ID: "cmpl-sim", Object: "text_completion", Model: modelName}
	if chat {
		body.ID, body.Object = "chatcmpl-sim", "chat.completion"
	}
	for i, t := range texts {
		c := choice{Index: i, FinishReason: "stop"}
		if chat {
			c.Message = &msg{"assistant", t}
		} else {
			c.Text = &texts[i]
		}
		body.Choices = append(body.Choices, c)
		body.Usage.CompletionTokens += len(t) / 4
	}
	body.Usage.PromptTokens = promptTokens
	b, _ := json.Marshal(body)
	return b
}

// serveSamples answers a FairEval prompt (always: the evidence judge
// answers n samples, default 1) and a request for samples of another pair
// prompt (n > 1 or a temperature above 0), and reports whether it did.
func (s *Server) serveSamples(w http.ResponseWriter, j *judge, req *request, text string, texts []string, chat bool) bool {
	// MT-Bench's template with IDs 1 and 2 shows the same answer markers:
	// FairEval's prompt also asks for its score lines.
	_, _, evidence := evidenceAnswers(text)
	evidence = evidence && strings.Contains(text, evidenceAsk)
	sampling := req.N > 1 || (req.Temperature != nil && *req.Temperature > 0)
	if !evidence && !sampling {
		return false
	}
	var rp reply
	if !evidence {
		var err error
		if rp, err = s.answer(j, text); err != nil {
			v, ok := s.readPair(texts)
			if !ok {
				return false // the ordinary path says why
			}
			rp = s.judgeAny(j, &v, text)
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(encodeChoices(req.Model, chat, s.sampledTexts(j, req, text, &rp, evidence), len(text)/4))
	return true
}
