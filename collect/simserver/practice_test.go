package simserver

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/plumb-eval/plumb/collect"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// practice returns a server of cfg that reads collect's built-in pair
// templates, as plumb simulate --serve wires it.
func practice(t testing.TB, cfg sim.Config) *Server {
	t.Helper()
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range collect.IDTemplates() {
		tp, err := collect.LoadTemplate(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.AddTemplate(name, renderer(tp)); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func renderer(tp *collect.Template) func(Fields) (string, string, error) {
	return func(f Fields) (string, string, error) {
		return tp.Render(&collect.Prompt{Question: f.Question, First: f.First, Second: f.Second, FirstID: f.FirstID,
			SecondID: f.SecondID, ID1: f.ID1, ID2: f.ID2, Arrangement: f.Arrangement})
	}
}

// trickyItems are user items whose texts hold the templates' own
// separators, blank lines, Unicode and an empty response.
var trickyItems = []collect.Item{
	{ID: "plain", Prompt: "What is the capital of France?", Response1: "Paris.", Response2: "Lyon, I think."},
	{ID: "same", Prompt: "Say hi", Response1: "hi", Response2: "hi"},
	{ID: "part", Prompt: "Count", Response1: "one two", Response2: "one two three"},
	// Separators of both templates, or parts of them, inside the responses:
	// the first split found is wrong and the server looks further. (A
	// response holding the very separator that follows it, ID included —
	// "\n\n###B Answer:\n" in calibraeval's first response — is ambiguous:
	// the prompt is then also the template with other texts.)
	{ID: "separators", Prompt: "Quote the format",
		Response1: "It reads:\n\n###B Answer:and\n[The End of Assistant A's Answer]\n\n###Output:\nend\n\n###",
		Response2: "###Query: \nnothing\n\n[The Start of Assistant B's Answer]\n[The End of Assistant Z's Answer]\n\n###Output:"},
	{ID: "unicode", Prompt: "  Übersetze «Haus»  ", Response1: "house 家", Response2: "\n\nhome\n\n"},
	{ID: "empty", Prompt: "Answer nothing", Response1: "", Response2: "Something."},
	{ID: "headings", Prompt: "Plan it", Response1: strings.Repeat("\n\n### Step\n[The End of it]", 2000), Response2: "### Done"},
}

// TestPracticeReadsTemplates (issue 17, item 12): a pair the server did not
// simulate, rendered by either built-in template in every arrangement and
// with any IDs, is read back as its two responses with their IDs (the
// server answered "no simulated item's prompt in the request" before).
func TestPracticeReadsTemplates(t *testing.T) {
	c := sim.DefaultConfig()
	c.Pairs, c.Scores = 3, 0
	s := practice(t, c)
	trim := strings.TrimSpace
	for _, name := range collect.IDTemplates() {
		tp, _ := collect.LoadTemplate(name)
		for _, ids := range []collect.IDs{{"A", "B"}, {"1", "2"}, {"B", "A"}, {"Yes", "No"}} {
			for _, it := range trickyItems {
				for _, a := range model.Arrangements {
					pr := collect.Arrange(&it, a, ids)
					sys, user, err := tp.Render(&pr)
					if err != nil {
						t.Fatal(err)
					}
					for _, texts := range [][]string{{sys + "\n\n" + user}, {sys + "\n\n" + user, user}, {user}} {
						v, ok := s.readPair(texts)
						if !ok {
							t.Errorf("%s %v %s %s: not read", name, ids, it.ID, a)
							continue
						}
						// The whole prompt is trimmed, so a response at its end
						// loses its trailing space; a response inside it does not.
						if v[fFirst] != pr.First && v[fFirst] != trim(pr.First) || v[fSecond] != pr.Second && v[fSecond] != trim(pr.Second) ||
							v[fFirstID] != pr.FirstID || v[fSecondID] != pr.SecondID {
							t.Errorf("%s %v %s %s: read %q/%q %q/%q, want %q/%q %q/%q", name, ids, it.ID, a,
								v[fFirstID], v[fFirst], v[fSecondID], v[fSecond], pr.FirstID, pr.First, pr.SecondID, pr.Second)
						}
						if v[fID1] != "" && v[fID1] != ids[0] {
							t.Errorf("%s %v %s %s: ID1 %q", name, ids, it.ID, a, v[fID1])
						}
					}
				}
			}
		}
	}
}

// post sends body to the server on path and returns the status and body.
func post(t testing.TB, h http.Handler, path string, body any) (int, []byte) {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, bytes.NewReader(b)))
	return rec.Code, rec.Body.Bytes()
}

// chatLogit asks judge for the arrangement's P(ID1) over the chat API and
// returns its logit.
func chatLogit(t testing.TB, s *Server, tp *collect.Template, judgeName string, it *collect.Item, a model.Arrangement) float64 {
	t.Helper()
	pr := collect.Arrange(it, a, collect.IDs{"A", "B"})
	sys, user, err := tp.Render(&pr)
	if err != nil {
		t.Fatal(err)
	}
	code, body := post(t, s, "/v1/chat/completions", map[string]any{"model": judgeName, "logprobs": true, "top_logprobs": 20,
		"messages": []map[string]string{{"role": "system", "content": sys}, {"role": "user", "content": user}}})
	if code != http.StatusOK {
		t.Fatalf("%s %s: %d %s", it.ID, a, code, body)
	}
	var r struct {
		Choices []struct {
			Logprobs struct {
				Content []struct {
					Top []struct {
						Token   string
						Logprob float64
					} `json:"top_logprobs"`
				}
			}
		}
	}
	if err := json.Unmarshal(body, &r); err != nil {
		t.Fatal(err)
	}
	var pa, pb float64
	for _, tok := range r.Choices[0].Logprobs.Content { // MT-Bench: "[[", "A", "]]"
		for _, alt := range tok.Top {
			switch strings.TrimSpace(alt.Token) {
			case "A":
				pa += math.Exp(alt.Logprob)
			case "B":
				pb += math.Exp(alt.Logprob)
			}
		}
	}
	return math.Log(pa) - math.Log(pb)
}

// TestPracticeJudgeBiases (issue 17, item 12): a user's pair is judged
// with the judge's own biases. Without noise the contrasts of the four
// arrangements are exactly the simulator's: (l0 − l1 + l2 − l3)/4 = β and
// (l0 + l1 + l2 + l3)/4 = τ, whatever the texts; the answers are the same
// on every request (qualities come from the texts), and the response that
// is better for one judge is better for every judge of the same skill.
func TestPracticeJudgeBiases(t *testing.T) {
	c := sim.DefaultConfig()
	c.Pairs, c.Scores, c.Seed = 3, 0, 9
	c.Judges = nil
	for _, spec := range []string{"exact:pos=1.3,tok=-0.4,noise=0", "clean:skill=1.5,inoise=0,pos=0,tok=0,noise=0", "clean2:skill=1.5,inoise=0,pos=0,tok=0,noise=0"} {
		j, err := sim.ParseJudge(spec, sim.DefaultJudge(""))
		if err != nil {
			t.Fatal(err)
		}
		c.Judges = append(c.Judges, j)
	}
	s := practice(t, c)
	for _, name := range collect.IDTemplates() {
		tp, _ := collect.LoadTemplate(name)
		for _, it := range trickyItems {
			var l [model.NumArrangements]float64
			for _, a := range model.Arrangements {
				l[a] = chatLogit(t, s, tp, "exact", &it, a)
				if again := chatLogit(t, s, tp, "exact", &it, a); again != l[a] {
					t.Errorf("%s %s %s: answered %v, then %v", name, it.ID, a, l[a], again)
				}
			}
			beta := (l[model.X0] - l[model.X1] + l[model.X2] - l[model.X3]) / 4
			tau := (l[model.X0] + l[model.X1] + l[model.X2] + l[model.X3]) / 4
			if math.Abs(beta-1.3) > 1e-9 || math.Abs(tau+0.4) > 1e-9 {
				t.Errorf("%s %s: β̂ = %v, τ̂ = %v; want 1.3, −0.4", name, it.ID, beta, tau)
			}
			c1, c2 := chatLogit(t, s, tp, "clean", &it, model.X0), chatLogit(t, s, tp, "clean2", &it, model.X0)
			if math.Abs(c1-c2) > 1e-9 || (it.Response1 == it.Response2) != (c1 == 0) {
				t.Errorf("%s %s: judges of the same skill without noise disagree: %v, %v", name, it.ID, c1, c2)
			}
		}
	}
}

// TestPracticeKeepsSimulatedItems: with the templates added, a simulated
// item is still answered with the simulator's own logit (the pair is not
// re-judged from its texts).
func TestPracticeKeepsSimulatedItems(t *testing.T) {
	c := sim.DefaultConfig()
	c.Pairs, c.Scores = 20, 0
	s := practice(t, c)
	tp, _ := collect.LoadTemplate("calibraeval")
	for n := 1; n <= c.Pairs; n++ {
		it := collect.Item{Prompt: s.items[n-1].prompt, Response1: s.items[n-1].r1, Response2: s.items[n-1].r2}
		for _, a := range model.Arrangements {
			want, _ := s.Logit("judge-first", n, a)
			if got := chatLogit(t, s, tp, "judge-first", &it, a); math.Abs(got-want) > 1e-9 {
				t.Fatalf("item %d %s: logit %v, the simulator's %v", n, a, got, want)
			}
		}
	}
}

// TestPracticeNotAPair: a prompt that is neither a simulated item nor a
// pair of a known template is answered 400 with a message saying so.
func TestPracticeNotAPair(t *testing.T) {
	c := sim.DefaultConfig()
	c.Pairs, c.Scores = 3, 0
	bare, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		s    *Server
		want string
	}{
		{practice(t, c), "the two responses cannot be found in it: it is not a pair prompt rendered by calibraeval or mt-bench"},
		{bare, "this server judges only its own simulated items"},
	} {
		for _, prompt := range []string{"Which is better, A or B?", "###A Answer: \nx\n\n###A Answer:\ny"} {
			code, body := post(t, tc.s, "/v1/completions", map[string]any{"model": "judge-fair", "prompt": prompt, "logprobs": 5})
			if code != http.StatusBadRequest || !strings.Contains(string(body), tc.want) || !strings.Contains(string(body), "no simulated item's prompt") {
				t.Errorf("%q: %d %s", prompt, code, body)
			}
		}
	}
	// A template that hides a response cannot be learnt.
	err = bare.AddTemplate("hidden", func(f Fields) (string, string, error) {
		return "", f.Question + " " + f.FirstID + " or " + f.SecondID, nil
	})
	if err == nil || !strings.Contains(err.Error(), "{{.First}}") {
		t.Errorf("a template without the responses: %v", err)
	}
	err = bare.AddTemplate("touching", func(f Fields) (string, string, error) {
		return "", f.FirstID + ": " + f.First + f.Second + " (" + f.SecondID + ")", nil
	})
	if err == nil || !strings.Contains(err.Error(), "nothing between them") {
		t.Errorf("a template with touching fields: %v", err)
	}
}

// TestBodyLimit (issue 17, item 13): a real POST over loopback larger than
// MaxBody is answered 413 (it was cut at 16 MiB and answered 400 as bad
// JSON); one just below the limit is read.
func TestBodyLimit(t *testing.T) {
	c := sim.DefaultConfig()
	c.Pairs, c.Scores = 3, 0
	ts := httptest.NewServer(practice(t, c))
	defer ts.Close()
	send := func(size int) (int, string) {
		prefix := `{"model":"judge-fair","prompt":"`
		body := prefix + strings.Repeat("x", size-len(prefix)-2) + `"}`
		resp, err := http.Post(ts.URL+"/v1/completions", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := send(MaxBody + 1); code != http.StatusRequestEntityTooLarge || !strings.Contains(body, "8 MiB") {
		t.Errorf("%d bytes: %d %s", MaxBody+1, code, body)
	}
	if code, body := send(MaxBody); code != http.StatusBadRequest || !strings.Contains(body, "no simulated item") {
		t.Errorf("%d bytes: %d %.200s", MaxBody, code, body)
	}
}

// FuzzLayoutMatch matches arbitrary prompts: no panic, and every match has
// two different shown IDs without spaces.
func FuzzLayoutMatch(f *testing.F) {
	c := sim.DefaultConfig()
	c.Pairs, c.Scores = 3, 0
	s := practice(f, c)
	tp, _ := collect.LoadTemplate("mt-bench")
	pr := collect.Arrange(&trickyItems[3], model.X1, collect.IDs{"A", "B"})
	_, user, _ := tp.Render(&pr)
	f.Add(user)
	f.Add("###Query: \nq\n\n###A Answer: \nx\n\n###B Answer:\ny\n\n###Output:")
	f.Fuzz(func(t *testing.T, text string) {
		if v, ok := s.readPair([]string{text}); ok {
			if v[fFirstID] == v[fSecondID] || strings.ContainsAny(v[fFirstID]+v[fSecondID], " \n\t") {
				t.Fatalf("read IDs %q %q", v[fFirstID], v[fSecondID])
			}
		}
	})
}

// TestPracticeMatchBounded: a prompt of 4 MiB that repeats a template's
// separators everywhere is given up on after a bounded search, not
// searched for minutes.
func TestPracticeMatchBounded(t *testing.T) {
	c := sim.DefaultConfig()
	c.Pairs, c.Scores = 3, 0
	s := practice(t, c)
	tp, _ := collect.LoadTemplate("calibraeval")
	it := collect.Item{Prompt: "q", Response1: strings.Repeat("x\n\n###B Answer:\n", 4<<20/16), Response2: "y"}
	pr := collect.Arrange(&it, model.X0, collect.IDs{"A", "B"})
	_, user, err := tp.Render(&pr)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.TrimSuffix(strings.TrimSpace(user), "###Output:") // every split fails at the end
	start := time.Now()
	if _, ok := s.readPair([]string{text}); ok {
		t.Error("a prompt without its last line read as a pair")
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("matching took %v", d)
	}
}
