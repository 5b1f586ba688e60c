package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/demo"
	"github.com/plumb-eval/plumb/model/sim"
)

// simulate runs `plumb simulate args...` and returns its stdout.
func simulate(t *testing.T, args ...string) (string, error) {
	t.Helper()
	out, _, err := executeStderr(t, append([]string{"simulate"}, args...)...)
	return out, err
}

func TestSimulateFileAndStdout(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	args := []string{"--pairs", "30", "--scores", "5", "--verdicts", "20", "--seed", "7",
		"--judge", "a:skill=2,pos=1,mode=logprob", "--judge", "b:mode=choice,sprobs=true",
		"--criteria", "x,y", "--arrangements", "x0,x1"}
	stdout, err := simulate(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	gz := filepath.Join(dir, "sim.jsonl.gz")
	if _, err := simulate(t, append(args, "-o", gz)...); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(gz)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("output is not gzip: %v", err)
	}
	unzipped, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if string(unzipped) != stdout {
		t.Error("the .gz file and stdout hold different logs")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("directory holds %d entries, want only the output (no temp files)", len(entries))
	}

	log, err := model.ReadFiles([]string{gz}, model.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(log.Pairs) != 60 || len(log.Scores) != 20 || len(log.Verdicts) != 40 {
		t.Fatalf("read %d pairs, %d scores, %d verdicts", len(log.Pairs), len(log.Scores), len(log.Verdicts))
	}
	for _, p := range log.Pairs {
		want := map[string]model.Source{"a": model.SourceLogprob, "b": model.SourceChoice}[p.Judge]
		if p.Source != want || !p.Has[model.X1] || p.Has[model.X2] {
			t.Fatalf("%s of %s: source %s, arrangements %v", p.ID, p.Judge, p.Source, p.Has)
		}
	}
	for _, s := range log.Scores {
		if (s.ScoreProbs != nil) != (s.Judge == "b") || (s.Criterion != "x" && s.Criterion != "y") {
			t.Fatalf("%s of %s: criterion %q, score_probs %v", s.ID, s.Judge, s.Criterion, s.ScoreProbs)
		}
	}
}

func TestSimulateDefaultsAndDemo(t *testing.T) {
	t.Parallel()
	out, err := simulate(t, "--pairs", "10", "--scores", "2", "--verdicts", "3", "--mode", "choice")
	if err != nil {
		t.Fatal(err)
	}
	log, err := model.Read(strings.NewReader(out), "stdout", model.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(sim.DefaultJudges()); len(log.Pairs) != 10*n {
		t.Fatalf("%d pairs, want 10 per default judge", len(log.Pairs))
	}
	for _, p := range log.Pairs {
		if p.Source != model.SourceChoice {
			t.Fatalf("--mode choice: %s of %s has source %s", p.ID, p.Judge, p.Source)
		}
	}

	out, err = simulate(t, "--demo", "--pairs", "5", "--scores", "0", "--verdicts", "0")
	if err != nil {
		t.Fatal(err)
	}
	cfg := demo.Config()
	cfg.Pairs, cfg.Scores, cfg.Verdicts = 5, 0, 0
	var want bytes.Buffer
	if err := sim.Write(&want, cfg); err != nil {
		t.Fatal(err)
	}
	if out != want.String() {
		t.Error("--demo does not start from the demo's configuration")
	}
}

func TestSimulateBadInput(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		args []string
		want string
	}{
		"unknown key":   {[]string{"--judge", "a:skill=1,bogus=2"}, `"bogus"`},
		"bad value":     {[]string{"--judge", "a:pos=high"}, `"pos"`},
		"no name":       {[]string{"--judge", ":pos=1"}, "name"},
		"duplicate":     {[]string{"--judge", "a", "--judge", "a"}, "twice"},
		"mode":          {[]string{"--mode", "soft"}, "soft"},
		"arrangement":   {[]string{"--arrangements", "x0,x9"}, "x9"},
		"no x0":         {[]string{"--arrangements", "x1,x2"}, "x0"},
		"gold share":    {[]string{"--gold-share", "1.5"}, "gold share"},
		"argument":      {[]string{"file.jsonl"}, "no arguments"},
		"empty crit":    {[]string{"--criteria", "a,,b"}, "criterion"},
		"negative pair": {[]string{"--pairs", "-3"}, "pairs -3"},
	}
	for name, c := range cases {
		_, err := simulate(t, c.args...)
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q does not mention %s", name, err, c.want)
		}
		if code := exitCode(err); code != exitBadInput {
			t.Errorf("%s: exit code %d, want %d", name, code, exitBadInput)
		}
	}
}

func TestSimulateKeepsOldFileOnError(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	name := filepath.Join(dir, "old.jsonl")
	if err := os.WriteFile(name, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := simulate(t, "-o", name, "--judge", "a:nope=1"); err == nil {
		t.Fatal("no error")
	}
	if _, err := simulate(t, "-o", filepath.Join(dir, "missing", "x.jsonl")); err == nil {
		t.Fatal("writing into a missing directory: no error")
	}
	if b, _ := os.ReadFile(name); string(b) != "old" {
		t.Errorf("file changed to %q", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("directory holds %d entries, want 1", len(entries))
	}
}
