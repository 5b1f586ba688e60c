package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// fewshotLog writes a simulated log of score items only: 100 items on
// accuracy and fluency, judged by "biased" (likelihood slope 1.2, writes
// score_probs) and "fair" (slope 0).
func fewshotLog(t *testing.T) string {
	t.Helper()
	cfg := simtest.Config(0, 100, 0)
	cfg.Criteria = []string{"accuracy", "fluency"}
	biased, fair := sim.DefaultJudge("biased"), sim.DefaultJudge("fair")
	biased.Slope, biased.ScoreProbs = 1.2, true
	cfg.Judges = []sim.Judge{biased, fair}
	var buf bytes.Buffer
	if err := sim.Write(&buf, cfg); err != nil {
		t.Fatal(err)
	}
	return writeFile(t, "scores.jsonl", buf.String())
}

func TestFewshotStdout(t *testing.T) {
	t.Parallel()
	file := fewshotLog(t)
	out, stderr, err := executeStderr(t, "fewshot", file, "--judge", "biased", "--criterion", "accuracy", "--k", "5", "--seed", "3")
	if err != nil {
		t.Fatal(err)
	}
	got, err := model.Read(strings.NewReader(out), "out", model.ReadOptions{})
	if err != nil {
		t.Fatalf("output is not a log: %v\n%s", err, out)
	}
	if len(got.Scores) != 5 || len(got.Pairs)+len(got.Verdicts) != 0 {
		t.Fatalf("%d score records, want 5", len(got.Scores))
	}
	// The same selection as the engine's, on the same (texts kept) log.
	lg, err := model.ReadFiles([]string{file}, model.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	fs, err := likelihood.SelectFewShot("biased", lg.Scores, likelihood.FewShotOptions{Criterion: "accuracy", K: 5, TrainFrac: 0.8, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	orig := map[string]*model.Score{}
	for i := range lg.Scores {
		if s := &lg.Scores[i]; s.Judge == "biased" && s.Criterion == "accuracy" {
			orig[s.ID] = s
		}
	}
	for i, s := range got.Scores {
		o := orig[s.ID]
		if s.ID != fs.Items[i].ID || o == nil {
			t.Fatalf("record %d is %s, want %s", i, s.ID, fs.Items[i].ID)
		}
		if s.Judge != "biased" || s.Criterion != "accuracy" || s.JudgeScore == nil || *s.JudgeScore != o.HumanScore ||
			s.ScoreProbs != nil || s.HumanScore != o.HumanScore {
			t.Errorf("%s: scores not replaced: %+v", s.ID, s)
		}
		if s.Input == "" || s.Input != o.Input || s.Output != o.Output || *s.LS != *o.LS || *s.Tokens != *o.Tokens ||
			s.Truth.Value("slope") != 1.2 || s.Truth.Len() != o.Truth.Len() {
			t.Errorf("%s: fields not kept", s.ID)
		}
	}
	for _, want := range []string{"wrote 5 examples", `judge "biased"`, `criterion "accuracy"`, "80 training items", "20 test items", "seed 3"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("summary lacks %q: %s", want, stderr)
		}
	}
	if strings.Count(stderr, "\n") != 1 {
		t.Errorf("summary is not one line: %q", stderr)
	}
}

func TestFewshotOutputFile(t *testing.T) {
	t.Parallel()
	file := fewshotLog(t)
	args := []string{"fewshot", file, "--judge", "fair", "--criterion", "fluency"}
	stdout, _, err := execute(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(stdout, "\n"); n != likelihood.DefaultTopK {
		t.Errorf("%d records, want the default %d", n, likelihood.DefaultTopK)
	}
	dst := filepath.Join(t.TempDir(), "ex.jsonl")
	out, code, err := execute(t, append(args, "-o", dst)...)
	if err != nil || code != 0 || out != "" {
		t.Fatalf("-o: exit %d, %v, stdout %q", code, err, out)
	}
	written, err := os.ReadFile(dst)
	if err != nil || string(written) != stdout {
		t.Errorf("file differs from stdout (%v)", err)
	}
	// Never over an input.
	before, _ := os.ReadFile(file)
	if _, code, err := execute(t, append(args, "-o", file)...); code != exitBadInput || !strings.Contains(err.Error(), "input") {
		t.Errorf("-o input: exit %d, %v", code, err)
	}
	if after, _ := os.ReadFile(file); !bytes.Equal(before, after) {
		t.Error("input file changed")
	}
}

func TestFewshotErrors(t *testing.T) {
	t.Parallel()
	file := fewshotLog(t)
	noScores := writeFile(t, "v.jsonl", `{"kind":"verdict","id":"v1","judge":"j","verdict":true,"human":null}`+"\n")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no file", []string{"fewshot", "--criterion", "accuracy"}, "at least one FILE"},
		{"judge needed", []string{"fewshot", file, "--criterion", "accuracy"}, "--judge is required: the input has score items of 2 judges: biased, fair"},
		{"unknown judge", []string{"fewshot", file, "--judge", "x", "--criterion", "accuracy"}, `--judge "x" has no score items (judges with score items: biased, fair)`},
		{"criterion needed", []string{"fewshot", file, "--judge", "fair"}, `--criterion is required: judge "fair" has score items on 2 criteria: accuracy, fluency`},
		{"unknown criterion", []string{"fewshot", file, "--judge", "fair", "--criterion", "x"}, `--criterion "x"`},
		{"k 0", []string{"fewshot", file, "--judge", "fair", "--criterion", "fluency", "--k", "0"}, "--k 0"},
		{"train-frac", []string{"fewshot", file, "--judge", "fair", "--criterion", "fluency", "--train-frac", "0"}, "--train-frac 0"},
		{"bad flag", []string{"fewshot", file, "--k", "many"}, "many"},
		{"missing file", []string{"fewshot", filepath.Join(t.TempDir(), "none.jsonl"), "--criterion", "a"}, "none.jsonl"},
		{"no score items", []string{"fewshot", noScores, "--criterion", "a"}, "no score items"},
	}
	for _, c := range cases {
		out, code, err := execute(t, c.args...)
		if code != exitBadInput || err == nil || !strings.Contains(err.Error(), c.want) || out != "" {
			t.Errorf("%s: exit %d, error %v, want status 2 with %q", c.name, code, err, c.want)
		}
	}
}

// TestFewshotSingleJudge: with one judge and one criterion neither flag is
// needed.
func TestFewshotSingleJudge(t *testing.T) {
	t.Parallel()
	cfg := simtest.Config(0, 30, 0)
	cfg.Criteria = []string{"overall"}
	cfg.Judges = cfg.Judges[2:]
	var buf bytes.Buffer
	if err := sim.Write(&buf, cfg); err != nil {
		t.Fatal(err)
	}
	file := writeFile(t, "one.jsonl", buf.String())
	out, stderr, err := executeStderr(t, "fewshot", file, "--k", "3", "--train-frac", "0.5")
	if err != nil || strings.Count(out, "\n") != 3 || !strings.Contains(stderr, "15 training items") {
		t.Errorf("err %v, out %q, stderr %q", err, out, stderr)
	}
}
