package main

import (
	"bytes"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/plumb-eval/plumb/collect/simserver"
	"github.com/plumb-eval/plumb/model/sim"
)

// TestCollectFlagsCheckedFirst (issue 32, item 8): a negative --backoff or
// --backoff-max, a template whose prompt is the same whichever ID labels
// which response, and one whose tie answer is an option ID exit 2 with a
// message naming the flag, before any request reaches the practice
// server. Before the fix the back-offs were taken as they were and the
// templates ran, every answer unreadable. A negative --rps was already
// refused; it is kept here.
func TestCollectFlagsCheckedFirst(t *testing.T) {
	t.Parallel()
	c := sim.DefaultConfig()
	c.Pairs = 5
	s, err := simserver.New(c)
	if err != nil {
		t.Fatal(err)
	}
	var requests atomic.Int64
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		s.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	dir := t.TempDir()
	items := filepath.Join(dir, "items.jsonl")
	put(t, items, `{"id":"q1","prompt":"p","response_1":"a","response_2":"b"}`+"\n")
	same := filepath.Join(dir, "same.tmpl")
	put(t, same, "Which is better, {{.ID1}} or {{.ID2}}?\n\nA: {{.First}}\n\nA: {{.Second}}\n")
	tie := filepath.Join(dir, "tie.tmpl")
	put(t, tie, `{{define "tie"}}a{{end}}Answer {{.ID1}}, {{.ID2}} or a tie.`+"\n{{.FirstID}}: {{.First}}\n{{.SecondID}}: {{.Second}}\n")
	for _, c := range []struct {
		flags []string
		want  string
	}{
		{[]string{"--backoff", "-1s"}, "--backoff -1s: want ≥ 0"},
		{[]string{"--backoff-max", "-2s"}, "--backoff-max -2s: want ≥ 0"},
		{[]string{"--rps", "-1"}, "--rps -1: want ≥ 0"},
		{[]string{"--template", same}, "--template: template " + same + ": the prompt is the same whichever option ID"},
		{[]string{"--template", tie}, `--template: template ` + tie + `: its tie answer "a" is one of the option IDs A,B`},
	} {
		out := filepath.Join(dir, "out.jsonl")
		args := append([]string{"collect", items, "--base-url", ts.URL + "/v1", "--model", "judge-first", "-o", out, "-q"}, c.flags...)
		_, _, err := executeStderr(t, args...)
		if err == nil || !strings.Contains(err.Error(), c.want) || exitCode(err) != exitBadInput {
			t.Errorf("%v: error %v, want %q with exit status 2", c.flags, err, c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v: %s written", c.flags, out)
		}
	}
	if n := requests.Load(); n != 0 {
		t.Errorf("%d requests reached the server", n)
	}
}

// TestCollectServedModelWarned (issue 32, item 8): a server that answers
// with another model's name than the one asked gets a warning naming both,
// and every record keeps both: extra.collect.model is the model asked,
// extra.collect.served_model the one the server named. The same server
// naming the model asked gets neither. Before the fix the answer's model
// was not read: no warning, and the records held only the model asked.
func TestCollectServedModelWarned(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	items := filepath.Join(dir, "items.jsonl")
	if _, err := simulate(t, "--pairs", "6", "--scores", "0", "--verdicts", "0", "-o", items); err != nil {
		t.Fatal(err)
	}
	c := sim.DefaultConfig()
	c.Pairs = 6
	s, err := simserver.New(c)
	if err != nil {
		t.Fatal(err)
	}
	for _, served := range []string{"judge-other", "judge-first"} {
		ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, r)
			body := bytes.ReplaceAll(rec.Body.Bytes(), []byte(`"model":"judge-first"`), []byte(`"model":"`+served+`"`))
			maps.Copy(w.Header(), rec.Header())
			w.Header().Del("Content-Length")
			w.WriteHeader(rec.Code)
			w.Write(body)
		}))
		out := filepath.Join(dir, served+".jsonl")
		_, stderr, err := executeStderr(t, "collect", items, "--base-url", ts.URL+"/v1", "--model", "judge-first", "-o", out, "-q")
		ts.Close()
		if err != nil {
			t.Fatalf("%s: %v\n%s", served, err, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		warned := strings.Contains(stderr, `warning: 24 of 24 answers came from a model the server names "judge-other", not the "judge-first" asked (--model)`)
		kept := strings.Count(string(b), `"served_model":"judge-other"`)
		asked := strings.Count(string(b), `"model":"judge-first"`)
		if other := served != "judge-first"; warned != other || (other && kept != len(lines)) || (!other && kept != 0) || asked != len(lines) {
			t.Errorf("%s: warned %v, served_model in %d and model in %d of %d records:\n%s\n%s", served, warned, kept, asked, len(lines), stderr, lines[0])
		}
	}
}
