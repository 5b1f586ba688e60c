package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// llamaFixtureServer answers as the recorded llama.cpp server does
// (collect/testdata/llamacpp): /v1/models lists the model file's path,
// legacy completions with echo are refused with HTTP 500.
func llamaFixtureServer(t *testing.T) string {
	t.Helper()
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join("..", "..", "collect", "testdata", "llamacpp", name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	models, echo := read("models.json"), read("completions_echo.json")
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/v1/models":
			w.Write(models)
		case "/v1/completions":
			w.WriteHeader(http.StatusInternalServerError)
			w.Write(echo)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(ts.Close)
	return ts.URL + "/v1"
}

// TestCollectScoreLSRefused reproduces issue 22 item 3 at the command: a
// server that refuses echo (llama.cpp) made --ls retry 35 times and exit
// 0, and the score summary did not say where the failures were listed. The
// run now stops with the server's reason, says where the failed request
// is listed, and warns that the model name is not the server's.
func TestCollectScoreLSRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	items := filepath.Join(dir, "items.jsonl")
	var lines []string
	for _, id := range []string{"a", "b", "c", "d", "e"} {
		lines = append(lines, `{"id":"`+id+`","criterion":"fluency","input":"Lily was sad.","output":"Sky blue the because.","human_score":1}`)
	}
	if err := os.WriteFile(items, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "scores.jsonl")
	_, stderr, err := executeStderr(t, "collect", items, "--task", "score", "--ls", "--base-url", llamaFixtureServer(t),
		"--model", "stories", "-o", out, "-q", "-j", "1", "--backoff", "1ms")
	if err == nil || !strings.Contains(err.Error(), "Unsupported param: echo") || !strings.Contains(err.Error(), "collect without --ls") {
		t.Fatalf("error %v, want the server's refusal\n%s", err, stderr)
	}
	for _, want := range []string{
		"failed requests are listed in " + out + ".failures.jsonl",
		"0 retries",
		`warning: the server does not list model "stories" (its /models lists "model/stories260K.gguf")`,
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}
