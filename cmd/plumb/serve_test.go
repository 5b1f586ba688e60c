package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// practiceConfig simulates two judges: one with a large position bias
// (β = 2) and one without any bias.
func practiceConfig(t *testing.T) sim.Config {
	t.Helper()
	c := simtest.Config(10, 0, 0)
	c.Judges = nil
	for _, spec := range []string{"biased:pos=2,tok=0,noise=0.3", "unbiased:pos=0,tok=0,noise=0.3"} {
		j, err := sim.ParseJudge(spec, sim.DefaultJudge(""))
		if err != nil {
			t.Fatal(err)
		}
		c.Judges = append(c.Judges, j)
	}
	return c
}

// ownItems are a user's hand-written items.
const ownItems = `{"id":"capital","prompt":"What is the capital of France?","response_1":"Paris is the capital of France.","response_2":"The capital of France is Lyon."}
{"id":"haiku","prompt":"Write a haiku about rain.","response_1":"Rain taps the window\nsoft voices of the grey sky\nthe garden drinks deep","response_2":"Rain is wet. It falls.","gold":"1"}
{"id":"sum","prompt":"2+2?","response_1":"4","response_2":"5","gold":"1"}
{"id":"same","prompt":"Say hi","response_1":"hi","response_2":"hi","gold":"tie"}
{"id":"markdown","prompt":"Plan a trip","response_1":"### Day 1\nMuseum.\n\n### Day 2\nPark.\n\n###B Answer: (quoted)","response_2":"Go somewhere.","group":"travel"}
{"id":"empty","prompt":"Reply with nothing","response_1":"","response_2":"Nothing."}
{"id":"unicode","prompt":"Traduis « maison »","response_1":"house 家","response_2":"home"}
{"id":"long","prompt":"Explain recursion","response_1":"` + "Recursion is a function calling itself. " + `","response_2":"It is when a thing is defined in terms of itself, like the factorial n! = n·(n−1)!."}
`

// positionBias reads a collected log and returns the share of P given to
// the first-shown answer and β̂ = mean (l0 − l1 + l2 − l3)/4.
func positionBias(t *testing.T, name string) (n int, first, beta float64) {
	t.Helper()
	lg, err := model.ReadFiles([]string{name}, model.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range lg.Pairs {
		var l [model.NumArrangements]float64
		for a := range model.NumArrangements {
			if !p.Has[a] {
				t.Fatalf("%s: %s lacks %s", name, p.ID, model.Arrangement(a))
			}
			l[a] = math.Log(p.S[a]) - math.Log1p(-p.S[a])
		}
		first += (p.S[model.X0] + 1 - p.S[model.X1] + p.S[model.X2] + 1 - p.S[model.X3]) / 4
		beta += (l[model.X0] - l[model.X1] + l[model.X2] - l[model.X3]) / 4
	}
	n = len(lg.Pairs)
	return n, first / float64(n), beta / float64(n)
}

// llmbarItems writes the first n items of LLMBar's Natural set as plain
// items, or skips when ../shared/data is absent.
func llmbarItems(t *testing.T, dir string, n int) string {
	t.Helper()
	src := filepath.Join("..", "..", "..", "shared", "data", "llmbar", "Dataset", "LLMBar", "Natural", "dataset.json")
	b, err := os.ReadFile(src)
	if err != nil {
		t.Skipf("LLMBar not found at %s (../shared/data is beside the repository only in the project's workspace): %v", src, err)
	}
	var rows []struct {
		Input   string `json:"input"`
		Output1 string `json:"output_1"`
		Output2 string `json:"output_2"`
		Label   int    `json:"label"`
	}
	if err := json.Unmarshal(b, &rows); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "llmbar.jsonl")
	var out strings.Builder
	for i, r := range rows[:min(n, len(rows))] {
		line, _ := json.Marshal(map[string]any{"id": fmt.Sprintf("natural-%d", i+1), "prompt": r.Input,
			"response_1": r.Output1, "response_2": r.Output2, "gold": fmt.Sprint(r.Label)})
		out.Write(line)
		out.WriteByte('\n')
	}
	if err := os.WriteFile(name, []byte(out.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestPracticeOwnItems (issue 17, item 12): plumb collect of a user's own
// items — and of LLMBar's, when ../shared/data is there — against the
// practice server (the server plumb simulate --serve builds, on 127.0.0.1)
// writes every item, with either built-in template and either API, and
// the collected log shows each judge's configured position bias: β̂ near
// β = 2 and most of P on the first-shown answer for the biased judge, β̂
// near 0 and a first-shown share near 0.5 for the unbiased one. (Before,
// every request failed with 400 "no simulated item's prompt in the
// request".)
func TestPracticeOwnItems(t *testing.T) {
	t.Parallel()
	s, err := practiceServer(practiceConfig(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s) // 127.0.0.1
	defer ts.Close()
	dir := t.TempDir()
	own := filepath.Join(dir, "own.jsonl")
	if err := os.WriteFile(own, []byte(ownItems), 0o644); err != nil {
		t.Fatal(err)
	}
	// tol bounds |β̂ − β|: the noise 0.3 averages to 0.15/√n.
	type itemSet struct {
		name, items string
		n           int
		tol         float64
	}
	sets := []itemSet{{"own", own, 8, 0.25}}
	t.Run("llmbar", func(t *testing.T) { sets = append(sets, itemSet{"llmbar", llmbarItems(t, dir, 60), 60, 0.1}) })
	for _, set := range sets {
		for _, api := range [][]string{{"--template", "calibraeval"}, {"--template", "mt-bench", "--completions"}} {
			for _, jc := range []struct {
				judge                  string
				beta                   float64
				firstAbove, firstBelow float64
			}{{"biased", 2, 0.65, 1}, {"unbiased", 0, 0.4, 0.6}} {
				out := filepath.Join(dir, fmt.Sprintf("%s-%s-%s.jsonl", set.name, api[1], jc.judge))
				args := append([]string{"collect", set.items, "--base-url", ts.URL + "/v1", "--model", jc.judge, "-o", out, "-q"}, api...)
				_, stderr, err := executeStderr(t, args...)
				if err != nil || !strings.Contains(stderr, fmt.Sprintf("%d written, 0 not written", set.n)) {
					t.Errorf("%v: %v\n%s", args, err, stderr)
					continue
				}
				n, first, beta := positionBias(t, out)
				t.Logf("%s %s %s: %d items, first-shown share %.3f, β̂ = %.3f (β = %g)", set.name, api[1], jc.judge, n, first, beta, jc.beta)
				if n != set.n || first < jc.firstAbove || first > jc.firstBelow || math.Abs(beta-jc.beta) > set.tol {
					t.Errorf("%s %s %s: %d items, first-shown share %.3f, β̂ = %.3f; want %d, share in [%g, %g], β̂ within %g of %g",
						set.name, api[1], jc.judge, n, first, beta, set.n, jc.firstAbove, jc.firstBelow, set.tol, jc.beta)
				}
			}
		}
	}
}

// TestPracticeTemplateFile: a collect template file given to
// simulate --serve with --template is read too; --template without
// --serve is bad input.
func TestPracticeTemplateFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tmpl := filepath.Join(dir, "mine.tmpl")
	src := "Question: {{.Question}}\n<<{{.FirstID}}>>\n{{.First}}\n<<{{.SecondID}}>>\n{{.Second}}\nAnswer {{.ID1}} or {{.ID2}}."
	if err := os.WriteFile(tmpl, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	own := filepath.Join(dir, "own.jsonl")
	if err := os.WriteFile(own, []byte(ownItems), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, withFile := range []bool{false, true} {
		var files []string
		if withFile {
			files = []string{tmpl}
		}
		s, err := practiceServer(practiceConfig(t), files)
		if err != nil {
			t.Fatal(err)
		}
		ts := httptest.NewServer(s)
		out := filepath.Join(dir, fmt.Sprintf("out-%v.jsonl", withFile))
		_, stderr, err := executeStderr(t, "collect", own, "--base-url", ts.URL+"/v1", "--model", "biased", "--template", tmpl, "-o", out, "-q")
		ts.Close()
		if written := strings.Contains(stderr, "8 written"); written != withFile {
			t.Errorf("server with the template file %v: %v\n%s", withFile, err, stderr)
		}
		if !withFile {
			fails, _ := os.ReadFile(out + ".failures.jsonl")
			if !strings.Contains(string(fails), "not a pair prompt rendered by calibraeval or mt-bench") {
				t.Errorf("the refusal does not say why:\n%s", fails)
			}
		}
	}
	_, code, err := execute(t, "simulate", "--template", tmpl, "-o", filepath.Join(dir, "x.jsonl"))
	if err == nil || code != 2 {
		t.Errorf("--template without --serve: code %d, %v", code, err)
	}
}

// serveStderr starts plumb simulate --serve ADDR and returns its stderr
// once it serves, and a function that stops it.
func serveStderr(t *testing.T, addr string) (string, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	root := newRootCmd()
	var errOut lockedBuffer
	root.SetOut(io.Discard)
	root.SetErr(&errOut)
	root.SetArgs([]string{"simulate", "--serve", addr, "--pairs", "5", "--scores", "0", "--verdicts", "0"})
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx) }()
	stop := func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve returned %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("serve did not stop")
		}
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if s := errOut.String(); strings.Contains(s, "serving") {
			return s, stop
		}
	}
	stop()
	t.Fatalf("not serving: %q", errOut.String())
	return "", nil
}

// TestServeWarnsAllInterfaces (issue 17, item 13): --serve :PORT (every
// interface) warns on stderr and still gives collect a local URL that
// works; --serve 127.0.0.1:PORT does not warn.
func TestServeWarnsAllInterfaces(t *testing.T) {
	t.Parallel()
	stderr, stop := serveStderr(t, ":0")
	m := regexp.MustCompile(`at (http://127\.0\.0\.1:[0-9]+/v1)`).FindStringSubmatch(stderr)
	if !strings.Contains(stderr, "warning: --serve :0 listens on every network interface: any machine that can reach this one can use the simulated judges; --serve 127.0.0.1:") || m == nil {
		t.Errorf("no warning or no local URL:\n%s", stderr)
	} else if resp, err := http.Get(m[1] + "/models"); err != nil || resp.StatusCode != http.StatusOK {
		t.Errorf("the URL given does not answer: %v", err)
	} else {
		resp.Body.Close()
	}
	stop()
	stderr, stop = serveStderr(t, "127.0.0.1:0")
	stop()
	if strings.Contains(stderr, "warning") {
		t.Errorf("loopback warned:\n%s", stderr)
	}
}

// TestServeReadTimeout (issue 17, item 13): a client that sends its
// headers and then stalls in the body is answered 408 after the read
// timeout (the server had only a header timeout: a stalled body held the
// connection for ever).
func TestServeReadTimeout(t *testing.T) {
	s, err := practiceServer(practiceConfig(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	srv := newPracticeHTTP(s)
	if srv.ReadTimeout != serveRead || srv.ReadHeaderTimeout != serveHeader || serveRead <= 0 {
		t.Fatalf("timeouts: read %v, header %v", srv.ReadTimeout, srv.ReadHeaderTimeout)
	}
	srv.ReadTimeout = 300 * time.Millisecond // the test's; the command's is serveRead
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	defer srv.Close()
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /v1/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"model\":")
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	start := time.Now()
	status, err := bufio.NewReader(conn).ReadString('\n')
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("a stalled body held the connection %v", d)
	}
	if err != nil || !strings.Contains(status, "408") {
		t.Errorf("stalled body answered %q, %v; want 408", status, err)
	}
}

// TestServeInterruptChild is the practice server of TestServeInterrupt.
func TestServeInterruptChild(t *testing.T) {
	addr := os.Getenv("PLUMB_SERVE_ADDR")
	if addr == "" {
		t.Skip("only runs as the child of TestServeInterrupt")
	}
	os.Exit(run([]string{"simulate", "--serve", addr, "--pairs", "10"}))
}

// TestServeInterrupt: Ctrl-C stops the practice server with status 130 and
// says it stopped serving. Before, plumb's own signal handler answered,
// with the file writers' "no partial output left", which means nothing
// for a server.
func TestServeInterrupt(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd, stderr := startChild(t, "TestServeInterruptChild", "PLUMB_SERVE_ADDR="+addr)
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get("http://" + addr + "/v1/models")
		if err == nil {
			resp.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("the server never answered: %v\n%s", err, stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	cmd.Process.Signal(os.Interrupt)
	err = cmd.Wait()
	msg := stderr.String()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 130 {
		t.Errorf("exit after SIGINT: %v, want status 130\n%s", err, msg)
	}
	if !strings.Contains(msg, "plumb: stopped serving (interrupt)") || strings.Contains(msg, "no partial output left") {
		t.Errorf("stderr:\n%s", msg)
	}
}
