package doccheck

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/demo"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// logSchema returns the repository's root and its compiled
// docs/schema/log-v1.schema.json.
func logSchema(t *testing.T) (string, *jsonschema.Schema) {
	t.Helper()
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	sch, err := CompileSchema(root, LogSchema)
	if err != nil {
		t.Fatal(err)
	}
	return root, sch
}

// simLog returns the log the simulator writes for cfg.
func simLog(t *testing.T, cfg sim.Config) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := model.NewWriter(&buf)
	if err := sim.Generate(cfg, w); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// logLines splits a log into its lines (without the final newline).
func logLines(b []byte) [][]byte {
	return bytes.Split(bytes.TrimSuffix(b, []byte("\n")), []byte("\n"))
}

// checkValid checks that the schema and plumb's reader both accept each
// line.
func checkValid(t *testing.T, sch *jsonschema.Schema, what string, lines [][]byte) {
	t.Helper()
	bad := 0
	for i, line := range lines {
		if err := Validate(sch, line); err != nil {
			bad++
			if bad <= 5 {
				t.Errorf("%s line %d: the schema rejects a record plumb wrote or documents: %v\n%s", what, i+1, err, line)
			}
		}
		if _, err := model.ParseLine(line, model.Pos{File: what, Line: i + 1}); err != nil {
			t.Errorf("%s line %d: the reader rejects it: %v", what, i+1, err)
		}
	}
	if bad > 5 {
		t.Errorf("%s: %d records rejected in all", what, bad)
	}
}

// TestDemoLogMatchesSchema validates every record of the embedded demo log
// (model/demo/demo.jsonl.gz, the file the demo package embeds) against the
// log schema, and checks that it holds as many records as plumb reads.
func TestDemoLogMatchesSchema(t *testing.T) {
	root, sch := logSchema(t)
	gz, err := os.ReadFile(filepath.Join(root, "model", "demo", "demo.jsonl.gz"))
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	var lines [][]byte
	sc := bufio.NewScanner(zr)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, bytes.Clone(sc.Bytes()))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	lg, err := demo.Log()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(lg.Pairs) + len(lg.Scores) + len(lg.Verdicts); n != len(lines) {
		t.Fatalf("demo: %d lines, %d records read", len(lines), n)
	}
	checkValid(t, sch, "demo", lines)
}

// TestSimulatedLogMatchesSchema validates a simulated log whose judges use
// every way of answering the format has — p_a, logprobs, choice,
// judge_score and score_probs — in every arrangement.
func TestSimulatedLogMatchesSchema(t *testing.T) {
	_, sch := logSchema(t)
	cfg := simtest.Config(60, 20, 60)
	cfg.Arrangements = model.Arrangements[:]
	cfg.Judges = nil
	for i, mode := range []model.Source{model.SourceProb, model.SourceLogprob, model.SourceChoice} {
		j := sim.DefaultJudge([]string{"p", "lp", "choice"}[i])
		j.Mode = mode
		j.ScoreProbs = mode == model.SourceLogprob
		cfg.Judges = append(cfg.Judges, j)
	}
	buf := simLog(t, cfg)
	text := string(buf)
	for _, field := range []string{`"p_a":`, `"logprobs":`, `"choice":`, `"judge_score":`, `"score_probs":`, `"verdict":`, `"x3":`} {
		if !strings.Contains(text, field) {
			t.Fatalf("the simulated log has no %s field: the test does not cover it", field)
		}
	}
	checkValid(t, sch, "sim", logLines(buf))
}

// TestSimulatedGeneratorsMatchSchema validates a simulated log with
// generators (model_1, model_2 on every pair record) against the schema.
func TestSimulatedGeneratorsMatchSchema(t *testing.T) {
	_, sch := logSchema(t)
	cfg := simtest.Config(30, 0, 0)
	cfg.Generators = []sim.Generator{sim.DefaultGenerator("big"), sim.DefaultGenerator("small")}
	buf := simLog(t, cfg)
	if !bytes.Contains(buf, []byte(`"model_1":`)) {
		t.Fatal("the simulated log names no generator: the test does not cover it")
	}
	checkValid(t, sch, "sim-generators", logLines(buf))
	lens := []byte(`{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5},"model_1":"a","model_2":null,"len_1":0,"len_2":12}`)
	checkValid(t, sch, "lengths", [][]byte{lens})
}

// jsonBlock matches a ```json block of a Markdown file.
var jsonBlock = regexp.MustCompile("(?s)```json\n(.*?)```")

// TestLogFormatExamplesMatchSchema validates every record shown in
// docs/log-format.md: the prose, the schema and the reader agree on them.
func TestLogFormatExamplesMatchSchema(t *testing.T) {
	root, sch := logSchema(t)
	b, err := os.ReadFile(filepath.Join(root, "docs", "log-format.md"))
	if err != nil {
		t.Fatal(err)
	}
	var lines [][]byte
	for _, m := range jsonBlock.FindAllSubmatch(b, -1) {
		for _, l := range bytes.Split(bytes.TrimSpace(m[1]), []byte("\n")) {
			lines = append(lines, l)
		}
	}
	if len(lines) < 10 {
		t.Fatalf("only %d example records in docs/log-format.md", len(lines))
	}
	checkValid(t, sch, "docs/log-format.md", lines)
}

// badRecords break one rule of log format v1 each (docs/log-format.md,
// "Validation"); the schema and plumb's reader must both reject them.
var badRecords = []struct{ why, line string }{
	{"empty model_1", `{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5},"model_1":""}`},
	{"model_2 a number", `{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5},"model_2":7}`},
	{"negative len_1", `{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5},"len_1":-3}`},
	{"fractional len_2", `{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5},"len_2":3.5}`},
	{"not an object", `["pair"]`},
	{"no kind", `{"id":"q","judge":"j","p_a":{"x0":0.5}}`},
	{"unknown kind", `{"kind":"Pair","id":"q","judge":"j","p_a":{"x0":0.5}}`},
	{"kind not a string", `{"kind":1,"id":"q","judge":"j","p_a":{"x0":0.5}}`},
	{"no id", `{"kind":"pair","judge":"j","p_a":{"x0":0.5}}`},
	{"empty id", `{"kind":"pair","id":"","judge":"j","p_a":{"x0":0.5}}`},
	{"id a number", `{"kind":"pair","id":7,"judge":"j","p_a":{"x0":0.5}}`},
	{"no judge", `{"kind":"verdict","id":"v","verdict":true}`},
	{"empty judge", `{"kind":"verdict","id":"v","judge":"","verdict":true}`},
	{"probability above 1", `{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5,"x1":1.7}}`},
	{"negative probability", `{"kind":"pair","id":"q","judge":"j","p_a":{"x0":-0.1}}`},
	{"probability as a string", `{"kind":"pair","id":"q","judge":"j","p_a":{"x0":"0.3"}}`},
	{"no x0", `{"kind":"pair","id":"q","judge":"j","p_a":{"x1":0.5}}`},
	{"null x0", `{"kind":"pair","id":"q","judge":"j","p_a":{"x0":null,"x1":0.5}}`},
	{"unknown arrangement", `{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5,"x4":0.5}}`},
	{"p_a not an object", `{"kind":"pair","id":"q","judge":"j","p_a":0.5}`},
	{"no answers", `{"kind":"pair","id":"q","judge":"j","gold":"1"}`},
	{"only null answers", `{"kind":"pair","id":"q","judge":"j","p_a":null,"choice":null}`},
	{"two answer fields", `{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5},"choice":{"x0":"A"}}`},
	{"two answer fields, one empty", `{"kind":"pair","id":"q","judge":"j","p_a":{},"choice":{"x0":"A"}}`},
	{"positive log-probability", `{"kind":"pair","id":"q","judge":"j","logprobs":{"x0":{"A":0.1,"B":-1}}}`},
	{"neither token", `{"kind":"pair","id":"q","judge":"j","logprobs":{"x0":{}}}`},
	{"both tokens null", `{"kind":"pair","id":"q","judge":"j","logprobs":{"x0":{"A":null,"B":null}}}`},
	{"unknown token", `{"kind":"pair","id":"q","judge":"j","logprobs":{"x0":{"A":-1,"C":-2}}}`},
	{"logprobs of an arrangement not an object", `{"kind":"pair","id":"q","judge":"j","logprobs":{"x0":-0.5}}`},
	{"unknown choice", `{"kind":"pair","id":"q","judge":"j","choice":{"x0":"a"}}`},
	{"choice a boolean", `{"kind":"pair","id":"q","judge":"j","choice":{"x0":true}}`},
	{"gold 3", `{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5},"gold":3}`},
	{"gold \"1.0\"", `{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5},"gold":"1.0"}`},
	{"gold a boolean", `{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5},"gold":true}`},
	{"group a number", `{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5},"group":5}`},
	{"prompt a number", `{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5},"prompt":5}`},
	{"truth not an object", `{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5},"truth":1}`},
	{"truth value a string", `{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5},"truth":{"p1":"0.5"}}`},
	{"truth value null", `{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5},"truth":{"p1":null}}`},
	{"score without criterion", `{"kind":"score","id":"s","judge":"j","judge_score":4,"human_score":3}`},
	{"score without human_score", `{"kind":"score","id":"s","judge":"j","criterion":"c","judge_score":4}`},
	{"null human_score", `{"kind":"score","id":"s","judge":"j","criterion":"c","judge_score":4,"human_score":null}`},
	{"no judge score", `{"kind":"score","id":"s","judge":"j","criterion":"c","human_score":3}`},
	{"both judge scores", `{"kind":"score","id":"s","judge":"j","criterion":"c","judge_score":4,"score_probs":{"4":1},"human_score":3}`},
	{"judge_score a string", `{"kind":"score","id":"s","judge":"j","criterion":"c","judge_score":"4","human_score":3}`},
	{"score_probs key not a number", `{"kind":"score","id":"s","judge":"j","criterion":"c","score_probs":{"four":1},"human_score":3}`},
	{"score_probs key with a plus sign", `{"kind":"score","id":"s","judge":"j","criterion":"c","score_probs":{"+4":1},"human_score":3}`},
	{"score_probs value above 1", `{"kind":"score","id":"s","judge":"j","criterion":"c","score_probs":{"4":1.5},"human_score":3}`},
	{"score_probs summing to 0", `{"kind":"score","id":"s","judge":"j","criterion":"c","score_probs":{"4":0,"5":0},"human_score":3}`},
	{"empty score_probs", `{"kind":"score","id":"s","judge":"j","criterion":"c","score_probs":{},"human_score":3}`},
	{"positive ls", `{"kind":"score","id":"s","judge":"j","criterion":"c","judge_score":4,"human_score":3,"ls":2}`},
	{"zero tokens", `{"kind":"score","id":"s","judge":"j","criterion":"c","judge_score":4,"human_score":3,"tokens":0}`},
	{"fractional tokens", `{"kind":"score","id":"s","judge":"j","criterion":"c","judge_score":4,"human_score":3,"tokens":2.5}`},
	{"output a number", `{"kind":"score","id":"s","judge":"j","criterion":"c","judge_score":4,"human_score":3,"output":1}`},
	{"verdict missing", `{"kind":"verdict","id":"v","judge":"j","human":true}`},
	{"verdict null", `{"kind":"verdict","id":"v","judge":"j","verdict":null}`},
	{"verdict a string", `{"kind":"verdict","id":"v","judge":"j","verdict":"true"}`},
	{"human a number", `{"kind":"verdict","id":"v","judge":"j","verdict":true,"human":1}`},
}

// TestBadRecordsRejected checks that the schema and plumb's reader reject
// each bad record, so the schema is no looser than the reader on them.
func TestBadRecordsRejected(t *testing.T) {
	_, sch := logSchema(t)
	for _, c := range badRecords {
		if err := Validate(sch, []byte(c.line)); err == nil {
			t.Errorf("%s: the schema accepts %s", c.why, c.line)
		}
		_, err := model.ParseLine([]byte(c.line), model.Pos{File: "bad.jsonl", Line: 1})
		if err == nil {
			t.Errorf("%s: the reader accepts %s", c.why, c.line)
		} else if !errors.Is(err, model.ErrBadInput) {
			t.Errorf("%s: the reader's error %v is not ErrBadInput", c.why, err)
		}
	}
}

// TestReaderOnlyRules checks the rules the schema's description says only
// the reader checks: the reader rejects these records, the schema accepts
// them. If the schema learns to reject one, move it to badRecords and the
// description along.
func TestReaderOnlyRules(t *testing.T) {
	_, sch := logSchema(t)
	for _, c := range []struct{ why, line string }{
		{"a number that overflows", `{"kind":"pair","id":"q","judge":"j","p_a":{"x0":0.5},"truth":{"p1":1e400}}`},
		{"the same rating twice", `{"kind":"score","id":"s","judge":"j","criterion":"c","score_probs":{"4":0.5,"4.0":0.5},"human_score":3}`},
	} {
		if err := Validate(sch, []byte(c.line)); err != nil {
			t.Errorf("%s: the schema now rejects it (%v): update the schema's description", c.why, err)
		}
		if _, err := model.ParseLine([]byte(c.line), model.Pos{File: "bad.jsonl", Line: 1}); err == nil {
			t.Errorf("%s: the reader accepts %s", c.why, c.line)
		}
	}
	// Two records of one judge, id and kind: each is valid alone, the log is not.
	rec := `{"kind":"verdict","id":"v","judge":"j","verdict":true}` + "\n"
	if err := Validate(sch, []byte(rec)); err != nil {
		t.Fatal(err)
	}
	if _, err := model.Read(strings.NewReader(rec+rec), "dup.jsonl", model.ReadOptions{}); err == nil {
		t.Error("the reader accepts a duplicate record")
	}
}
