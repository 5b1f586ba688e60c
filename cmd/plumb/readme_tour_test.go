package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// tourCommand is one command of README's tour: its arguments after
// "plumb", and whether it runs in the background (a trailing &).
type tourCommand struct {
	line string
	args []string
	bg   bool
}

// readmeTour returns the commands of README's "A tour" code block, as
// written (comments cut off).
func readmeTour(t *testing.T) []tourCommand {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, "\n## A tour")
	if i < 0 {
		t.Fatal(`README has no "## A tour" section`)
	}
	s = s[i:]
	start := strings.Index(s, "```sh\n")
	end := strings.Index(s[start+6:], "```")
	if start < 0 || end < 0 {
		t.Fatal("README's tour has no sh block")
	}
	var cmds []tourCommand
	for _, line := range strings.Split(s[start+6:start+6+end], "\n") {
		if j := strings.Index(line, " #"); j >= 0 {
			line = line[:j]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		c := tourCommand{line: line}
		if c.bg = strings.HasSuffix(line, "&"); c.bg {
			line = strings.TrimSpace(strings.TrimSuffix(line, "&"))
		}
		if strings.ContainsAny(line, `'"$;|<>\`+"`") {
			t.Fatalf("tour command %q: the test splits at spaces only; no quotes, variables or redirections", c.line)
		}
		f := strings.Fields(line)
		if f[0] != "plumb" {
			t.Fatalf("tour command %q does not start with plumb", c.line)
		}
		c.args = f[1:]
		cmds = append(cmds, c)
	}
	return cmds
}

// TestReadmeTour runs README's tour as a new user would, in a fresh
// directory laid out like a clone (the one file of the repository it
// names copied there), each command as written: the TUI commands print
// the report (stdout is not a terminal), the practice server runs on a
// free port in place of the README's (its URL given to collect), and every
// file a command reads exists in the clone or is written by an earlier
// command. The numbers README's tour quotes are checked in the output.
func TestReadmeTour(t *testing.T) {
	cmds := readmeTour(t)
	if len(cmds) < 5 {
		t.Fatalf("README's tour has %d commands", len(cmds))
	}
	dir := t.TempDir()
	const sample = "model/importer/testdata/fastchat/gpt-4_pair.jsonl"
	b, err := os.ReadFile(filepath.Join("../..", sample))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(sample)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, sample), b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)

	outputs := map[string]string{}
	serveAddr, serveURL := "", ""
	for _, c := range cmds {
		if c.bg {
			serveAddr, serveURL = startTourServer(t, c.args)
			continue
		}
		args := c.args
		if serveAddr != "" {
			args = replaceBaseURL(t, c, serveAddr, serveURL)
		}
		out, stderr, err := executeStderr(t, args...)
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.line, err, stderr)
		}
		outputs[c.line] = out
	}
	for _, f := range []string{"mt-bench.jsonl", "items.jsonl", "judged.jsonl", "figures/judge-tokenA.gcurve.png"} {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("the tour did not write %s: %v", f, err)
		}
	}

	// The numbers the tour quotes: the demo's judge-tokenA (step 1)…
	demo := outputs["plumb --judge judge-tokenA"]
	for _, want := range []string{"| raw | 0.395 | 0.595 | 0.321 |", "| CalibraEval | 0.667 (+0.272) | 0.610 (+0.015) | 0.624 (+0.303) |"} {
		if !strings.Contains(demo, want) {
			t.Errorf("plumb --judge judge-tokenA: no %q in\n%s", want, demo)
		}
	}
	// … judge-first's position and ID effects, and its collapse …
	first, _, err := executeStderr(t, "report", "--judge", "judge-first")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| position β (prefers the answer shown first) | +1.508 |", "| token τ (prefers the ID A wherever it is) | −0.001 |",
		"| CalibraEval (collapsed) |", "this judge's bias is positional: use BPC"} {
		if !strings.Contains(first, want) {
			t.Errorf("report --judge judge-first: no %q", want)
		}
	}
	// … and the practice run's (step 4).
	judged, _, err := executeStderr(t, "report", "judged.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| position β (prefers the answer shown first) | +0.605 |", "| token τ (prefers the ID A wherever it is) | +1.210 |",
		"| raw | 0.382 | 0.597 | 0.307 |", "| CalibraEval | 0.646 (+0.264) | 0.619 (+0.022) | 0.597 (+0.290) |"} {
		if !strings.Contains(judged, want) {
			t.Errorf("report judged.jsonl: no %q in\n%s", want, judged)
		}
	}
}

// startTourServer runs the tour's `plumb simulate … --serve ADDR` with its
// arguments as written but on a free port; it returns the README's ADDR
// and the URL the server gives.
func startTourServer(t *testing.T, args []string) (addr, url string) {
	t.Helper()
	args = append([]string(nil), args...)
	for i, a := range args {
		if a == "--serve" && i+1 < len(args) {
			addr, args[i+1] = args[i+1], "127.0.0.1:0"
		}
	}
	if addr == "" {
		t.Fatalf("the tour's background command is not a --serve: %q", args)
	}
	ctx, cancel := context.WithCancel(context.Background())
	root := newRootCmd()
	var errOut lockedBuffer
	root.SetOut(io.Discard)
	root.SetErr(&errOut)
	root.SetArgs(args)
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Error("the practice server did not stop")
		}
	})
	re := regexp.MustCompile(`at (http://127\.0\.0\.1:[0-9]+/v1)`)
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if m := re.FindStringSubmatch(errOut.String()); m != nil {
			return addr, m[1]
		}
	}
	t.Fatalf("the practice server does not serve: %q", errOut.String())
	return "", ""
}

// replaceBaseURL gives a command the practice server's URL for the
// README's, which must name the address the server was told.
func replaceBaseURL(t *testing.T, c tourCommand, addr, url string) []string {
	t.Helper()
	args := append([]string(nil), c.args...)
	for i, a := range args {
		if a == "--base-url" && i+1 < len(args) {
			if want := "http://" + addr + "/v1"; args[i+1] != want {
				t.Fatalf("%s: --base-url %s is not the practice server's %s", c.line, args[i+1], want)
			}
			args[i+1] = url
		}
	}
	return args
}
