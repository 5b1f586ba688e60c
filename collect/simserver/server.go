package simserver

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/plumb-eval/plumb/internal/mathx"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// item is one simulated pair item's texts.
type item struct {
	prompt, r1, r2 string
}

// judge is one simulated judge: its logits per item and arrangement.
type judge struct {
	name   string
	choice bool                             // answer without logprobs
	par    params                           // for pairs it did not simulate
	logit  [][model.NumArrangements]float64 // per item
	probs  [][]map[string]float64           // score_probs per score item and criterion
}

// Server is an http.Handler serving the simulated judges.
type Server struct {
	items    []item
	judges   map[string]*judge
	names    []string
	scores   []scoreItem
	criteria []string

	// Pairs it did not simulate: the seed and quality spread of their
	// draws, and the layouts of the templates added (AddTemplate).
	seed      uint64
	spread    float64
	layouts   []layout
	templates []string

	batches *batchStore // the Files and Batch API (batches.go)
	biases  []Bias      // condition biases (conditions.go)
}

// MaxBody is the largest request body the server reads, 8 MiB: hundreds of
// times a long judge prompt. A larger body is answered 413.
const MaxBody = 8 << 20

// New simulates cfg's pair and score items (verdicts are left out) and
// returns a server for its judges.
func New(cfg sim.Config) (*Server, error) {
	cfg.Verdicts, cfg.Digits = 0, 0
	cfg.Arrangements = model.Arrangements[:]
	s := &Server{judges: map[string]*judge{}, criteria: slices.Clone(cfg.Criteria), seed: cfg.Seed, spread: cfg.Spread, batches: newBatchStore()}
	cfg.Judges = slices.Clone(cfg.Judges)
	for i := range cfg.Judges {
		j := &cfg.Judges[i]
		s.judges[j.Name] = &judge{name: j.Name, choice: j.Mode == model.SourceChoice, logit: make([][model.NumArrangements]float64, 0, cfg.Pairs),
			par: params{skill: j.Skill, inoise: j.ItemNoise, pos: j.PosBias, tok: j.TokenBias, noise: j.Noise}}
		s.names = append(s.names, j.Name)
		j.Mode = model.SourceLogprob
		j.ScoreProbs = true
	}
	s.items = make([]item, 0, cfg.Pairs)
	if err := sim.Generate(cfg, (*sink)(s)); err != nil {
		return nil, err
	}
	return s, nil
}

// sink receives the simulated pairs.
type sink Server

func (k *sink) WritePair(p *model.Pair) error {
	s := (*Server)(k)
	n, err := itemNumber(p.ID)
	if err != nil {
		return err
	}
	if n == len(s.items)+1 {
		s.items = append(s.items, item{p.Prompt, p.Response1, p.Response2})
	}
	j := s.judges[p.Judge]
	var l [model.NumArrangements]float64
	for a := range l {
		l[a] = p.Logprobs[a][0] - p.Logprobs[a][1]
	}
	j.logit = append(j.logit, l)
	return nil
}
func (k *sink) WriteScore(sc *model.Score) error  { return (*Server)(k).addScore(sc) }
func (k *sink) WriteVerdict(*model.Verdict) error { return nil }

// itemNumber reads the number of a simulated id ("p0017" → 17).
func itemNumber(id string) (int, error) {
	n, err := strconv.Atoi(strings.TrimLeft(strings.TrimPrefix(id, "p"), "0"))
	if err != nil {
		return 0, fmt.Errorf("simserver: unexpected item id %q", id)
	}
	return n, nil
}

// Logit returns the simulator's logit of P(A) of judge for item number n
// (1-based) in arrangement a, for tests.
func (s *Server) Logit(judgeName string, n int, a model.Arrangement) (float64, bool) {
	j := s.judges[judgeName]
	if j == nil || n < 1 || n > len(j.logit) {
		return 0, false
	}
	return j.logit[n-1][a], true
}

// Models lists the judge names.
func (s *Server) Models() []string { return slices.Clone(s.names) }

type request struct {
	Model    string `json:"model"`
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
	Prompt      string          `json:"prompt"`
	Echo        bool            `json:"echo"`
	Logprobs    json.RawMessage `json:"logprobs"`
	TopLogprobs int             `json:"top_logprobs"`
	// N, Temperature and Seed ask for samples (samples.go).
	N           int      `json:"n"`
	Temperature *float64 `json:"temperature"`
	Seed        *int64   `json:"seed"`
}

// ServeHTTP answers POST /v1/chat/completions, POST /v1/completions (the
// /v1 prefix is optional) and GET /v1/models.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path := strings.TrimPrefix(r.URL.Path, "/v1")
	if s.batches.serve(s, w, r, path) {
		return
	}
	switch {
	case path == "/models" && r.Method == http.MethodGet:
		s.models(w)
		return
	case path != "/chat/completions" && path != "/completions":
		apiError(w, http.StatusNotFound, "no such endpoint: "+r.URL.Path)
		return
	case r.Method != http.MethodPost:
		apiError(w, http.StatusMethodNotAllowed, "use POST")
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		var ne net.Error
		switch {
		case errors.As(err, &tooBig):
			apiError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body over %d MiB, this server's limit", MaxBody>>20))
		case errors.As(err, &ne) && ne.Timeout():
			apiError(w, http.StatusRequestTimeout, "reading the body timed out: "+err.Error())
		default:
			apiError(w, http.StatusBadRequest, "reading the body: "+err.Error())
		}
		return
	}
	var req request
	if err := json.Unmarshal(body, &req); err != nil {
		apiError(w, http.StatusBadRequest, "body is not a JSON request: "+err.Error())
		return
	}
	j := s.judges[req.Model]
	if j == nil {
		apiError(w, http.StatusNotFound, fmt.Sprintf("model %q not found; this server has %s", req.Model, strings.Join(s.names, ", ")))
		return
	}
	chat := path == "/chat/completions"
	text := req.Prompt
	texts := []string{req.Prompt} // as the templates render it
	if chat {
		var b, sys, user strings.Builder
		for _, m := range req.Messages {
			b.WriteString(m.Content)
			b.WriteString("\n")
			to := &user
			if m.Role == "system" {
				to = &sys
			}
			if to.Len() > 0 {
				to.WriteString("\n\n")
			}
			to.WriteString(m.Content)
		}
		text = b.String()
		texts = []string{user.String()}
		if sys.Len() > 0 {
			texts = []string{sys.String() + "\n\n" + user.String(), user.String()}
		}
	}
	top := 0
	if chat {
		if string(req.Logprobs) == "true" {
			top = max(req.TopLogprobs, 1)
		}
	} else if n, err := strconv.Atoi(string(req.Logprobs)); err == nil {
		top = n
	}
	if s.serveSamples(w, j, &req, text, texts, chat) {
		return
	}
	m := scoreLabelRE.FindStringSubmatch(text)
	if m != nil && s.isScore(text, m[1]) {
		s.serveScore(w, j, &req, text, chat, top, m[1])
		return
	}
	q := s.query(texts)
	ans, err := s.answer(j, q.text(text))
	if err != nil {
		v, ok := s.readPair(q.texts)
		switch {
		case ok:
			ans = s.judgeAny(j, &v, text)
		case m != nil:
			s.serveScore(w, j, &req, text, chat, top, m[1]) // says what is missing
			return
		case errors.Is(err, errNoItem):
			apiError(w, http.StatusBadRequest, s.notPair())
			return
		default:
			apiError(w, http.StatusBadRequest, err.Error())
			return
		}
	}
	ans = s.condition(ans, &q, text)
	if j.choice {
		top = 0
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(ans.encode(req.Model, chat, top, len(text)/4))
}

func (s *Server) models(w http.ResponseWriter) {
	type m struct {
		ID     string `json:"id"`
		Object string `json:"object"`
	}
	out := struct {
		Object string `json:"object"`
		Data   []m    `json:"data"`
	}{Object: "list"}
	for _, n := range s.names {
		out.Data = append(out.Data, m{n, "model"})
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(out)
}

func apiError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	b, _ := json.Marshal(map[string]any{"error": map[string]any{"message": msg, "type": "invalid_request_error", "code": status}})
	w.Write(b)
}

var labelRE = regexp.MustCompile(`Q([0-9]+): `)

// reply is the server's answer to one prompt.
type reply struct {
	ids    [2]string // favoured ID ("A") first
	p      float64   // P(ids[0]) normalised over the two
	marker bool      // answer as [[ID]]
	first  bool      // ids[0] labels the first-shown response
}

// answer reads the prompt and returns the judge's reply.
func (s *Server) answer(j *judge, text string) (reply, error) {
	var rp reply
	var it *item
	var n int
	for _, m := range labelRE.FindAllStringSubmatchIndex(text, -1) {
		k, err := strconv.Atoi(text[m[2]:m[3]])
		if err == nil && k >= 1 && k <= len(s.items) && strings.Contains(text[m[0]:], s.items[k-1].prompt) {
			it, n = &s.items[k-1], k // the last: in-context examples come before the pair judged
		}
	}
	if it == nil {
		return rp, errNoItem
	}
	from := strings.LastIndex(text, it.prompt) + len(it.prompt)
	p1, p2, ok := locate(text, from, it.r1, it.r2)
	if !ok {
		return rp, fmt.Errorf("item %d: the two responses are not both in the request", n)
	}
	id1, id2, ok := labels(header(text, p1), header(text, p2))
	if !ok {
		return rp, fmt.Errorf("item %d: cannot tell the option IDs from the lines before the responses", n)
	}
	// id1 labels response_1, id2 response_2.
	fav := min(id1, id2)
	favIsR1 := fav == id1
	favFirst := (p1 < p2) == favIsR1
	var a model.Arrangement
	switch {
	case favIsR1 && favFirst:
		a = model.X0
	case favIsR1:
		a = model.X1
	case favFirst:
		a = model.X2
	default:
		a = model.X3
	}
	other := id2
	if !favIsR1 {
		other = id1
	}
	rp.ids = [2]string{fav, other}
	rp.first = favFirst
	rp.p = mathx.Sigmoid(j.logit[n-1][a])
	rp.marker = strings.Contains(text, "[["+fav+"]]")
	return rp, nil
}

// locate finds non-overlapping occurrences of r1 and r2 after from, the
// longer first (a short response may be part of a longer one).
func locate(text string, from int, r1, r2 string) (int, int, bool) {
	find := func(s string, skipAt, skipLen int) int {
		for off := from; off <= len(text); {
			i := strings.Index(text[off:], s)
			if i < 0 {
				return -1
			}
			i += off
			if skipAt < 0 || i+len(s) <= skipAt || i >= skipAt+skipLen {
				return i
			}
			off = i + 1
		}
		return -1
	}
	if len(r1) >= len(r2) {
		p1 := find(r1, -1, 0)
		if p1 < 0 {
			return 0, 0, false
		}
		p2 := find(r2, p1, len(r1))
		return p1, p2, p2 >= 0
	}
	p2 := find(r2, -1, 0)
	if p2 < 0 {
		return 0, 0, false
	}
	p1 := find(r1, p2, len(r2))
	return p1, p2, p1 >= 0
}

// header returns the last line before position at, without trailing space.
func header(text string, at int) string {
	h := strings.TrimRight(text[:at], " \t\r\n")
	if i := strings.LastIndexByte(h, '\n'); i >= 0 {
		h = h[i+1:]
	}
	return h
}

// labels returns the one word in which two label lines differ.
func labels(h1, h2 string) (string, string, bool) {
	split := func(s string) []string {
		return strings.FieldsFunc(s, func(c rune) bool {
			return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9')
		})
	}
	w1, w2 := split(h1), split(h2)
	if len(w1) != len(w2) {
		return "", "", false
	}
	k := -1
	for i := range w1 {
		if w1[i] != w2[i] {
			if k >= 0 {
				return "", "", false
			}
			k = i
		}
	}
	if k < 0 {
		return "", "", false
	}
	return w1[k], w2[k], true
}
