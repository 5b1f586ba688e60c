package importer

import (
	"errors"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// Regression tests for issue 17 item 11: input that the importers read
// without a word. Each is now counted in the notes (which plumb import
// prints) or an error naming the file, line and field, as the log reader
// (model/parse_*.go) does for the same case.

// TestMissingRunCounted reproduces Arena-Hard records with one game (or
// none) and JudgeBench records with one judgment (or none), which were
// imported as x0 only with nothing in the notes. They are now counted as
// FastChat counts a missing g2_winner: "missing ×1", a missing arrangement.
func TestMissingRunCounted(t *testing.T) {
	const ah = `{"question_id": "q1", "model": "m", "judge": "j", "games": [{"score": "A>B"}, {"score": "B>A"}]}`
	const jb = `{"pair_id": "p1", "label": "A>B", "judge_name": "j", "judgments": [{"decision": "A>B"}, {"decision": "B>A"}]}`
	for _, c := range []struct {
		name, content, want string
		notes, pairs        int
	}{
		// The reference: FastChat, game 2 left out.
		{"fc.jsonl", `{"question_id": 1, "model_1": "a", "model_2": "b", "g1_winner": "model_1", "judge": "j"}`,
			"judge j: 1 of 2 verdicts could not be read (missing ×1); 1 kept as missing arrangements", 2, 1},
		{"ah.jsonl", ah + "\n" + `{"question_id": "q2", "model": "m", "judge": "j", "games": [{"score": "A>B"}]}`,
			"ah.jsonl: judge j: 1 of 4 verdicts could not be read (missing ×1); 1 kept as missing arrangements", 1, 2},
		{"ah.jsonl", ah + "\n" + `{"question_id": "q2", "model": "m", "judge": "j", "games": []}`,
			"ah.jsonl: judge j: 2 of 4 verdicts could not be read (missing ×2); 1 item left out", 1, 1},
		{"jb.jsonl", jb + "\n" + `{"pair_id": "p2", "label": "B>A", "judge_name": "j", "judgments": [{"decision": "A>B"}]}`,
			"jb.jsonl: judge j: 1 of 4 verdicts could not be read (missing ×1); 1 kept as missing arrangements", 1, 2},
		{"jb.jsonl", jb + "\n" + `{"pair_id": "p2", "label": "B>A", "judge_name": "j", "judgments": []}`,
			"jb.jsonl: judge j: 2 of 4 verdicts could not be read (missing ×2); 1 item left out", 1, 1},
		// One game in every record: the judge also gets the one-order note.
		{"ah.jsonl", `{"question_id": "q2", "model": "m", "judge": "j", "games": [{"score": "A>B"}]}`,
			"ah.jsonl: judge j: 1 of 2 verdicts could not be read (missing ×1); 1 kept as missing arrangements", 2, 1},
	} {
		path := writeFile(t, c.name, c.content)
		lg, err := Load([]string{path}, formatOf(c.name), model.ReadOptions{}, Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.content, err)
		}
		if len(lg.Pairs) != c.pairs {
			t.Errorf("%s: %d pairs, want %d", c.content, len(lg.Pairs), c.pairs)
		}
		wantNotes(t, lg, c.notes, c.want)
	}
}

// TestBadValuesLocated reproduces values that were read silently, or
// against the importer's own message, and are now errors with the file,
// the line and the field, as in the log reader: a JudgeBench label other
// than A>B and B>A ("A=B" was read as a tie while the message said only
// those two are labels), a PandaLM judge record with two *_result fields
// (the first was read, the second dropped), CSV numbers that only Go's
// ParseFloat reads (hexadecimal 0x1p-2, inf, nan), and, in a JSON row of
// the columns format, a judge, group or id of the wrong JSON type.
func TestBadValuesLocated(t *testing.T) {
	const jbOK = `{"pair_id": "p1", "label": "A>B", "judge_name": "j", "judgments": [{"decision": "A>B"}, {"decision": "B>A"}]}`
	jb := func(label string) string {
		return jbOK + "\n" + strings.Replace(jbOK, `"A>B", "judge_name"`, label+`, "judge_name"`, 1)
	}
	const pd = `[{"idx": 0, "gpt_result": "1"},` + "\n"
	cases := []struct {
		name, from, content string
		kv                  []string
		want                string
	}{
		{"jb.jsonl", "", jb(`"A=B"`), nil, `jb.jsonl:2: label = "A=B" is not a label (expected "A>B" or "B>A")`},
		{"jb.jsonl", "", jb(`"A>>B"`), nil, `jb.jsonl:2: label = "A>>B" is not a label (expected "A>B" or "B>A")`},
		{"jb.jsonl", "", jb(`"b>a"`), nil, `jb.jsonl:2: label = "b>a" is not a label (expected "A>B" or "B>A")`},
		{"jb.jsonl", "", jb(`2`), nil, `jb.jsonl:2: label = 2 is not a label (expected "A>B" or "B>A")`},
		{"x-testset-v1.json", "pandalm", pd + `{"idx": 1, "gpt_result": "1", "pandalm_result": 2}]`, nil,
			`x-testset-v1.json:2: pandalm_result is given together with gpt_result (a PandaLM judge record has one <judge>_result field`},
		{"p.csv", "columns", "id,p\nx,0.5\ny,0x1p-2\n", []string{"id=id", "judge-name=j", "p_a.x0=p"},
			`p.csv:3: p = "0x1p-2" is not a probability (a decimal number such as 0.25 or -1.5e-3; hexadecimal, inf and nan are not read)`},
		{"p.csv", "columns", "id,p\nx,0X.8P0\n", []string{"id=id", "judge-name=j", "p_a.x0=p"}, `p.csv:2: p = "0X.8P0" is not a probability (a decimal`},
		{"p.csv", "columns", "id,p\nx,nan\n", []string{"id=id", "judge-name=j", "p_a.x0=p"}, `p.csv:2: p = "nan" is not a probability (a decimal`},
		{"p.csv", "columns", "id,p\nx,1e\n", []string{"id=id", "judge-name=j", "p_a.x0=p"}, `p.csv:2: p = "1e" is not a probability (a decimal`},
		{"l.csv", "columns", "id,a,b\nx,-0x1p-2,-1\n", []string{"id=id", "judge-name=j", "logprobs.x0.A=a", "logprobs.x0.B=b"},
			`l.csv:2: a = "-0x1p-2" is not a log-probability (a decimal`},
		{"l.csv", "columns", "id,a,b\nx,-1,-Inf\n", []string{"id=id", "judge-name=j", "logprobs.x0.A=a", "logprobs.x0.B=b"},
			`l.csv:2: b = "-Inf" is not a log-probability (a decimal`},
		{"l.csv", "columns", "id,a,b\nx,-1,-infinity\n", []string{"id=id", "judge-name=j", "logprobs.x0.A=a", "logprobs.x0.B=b"},
			`l.csv:2: b = "-infinity" is not a log-probability (a decimal`},
		{"j.jsonl", "columns", `{"id": "x", "who": 7, "p": 0.5}`, []string{"id=id", "judge=who", "p_a.x0=p"},
			`j.jsonl:1: who = 7 is a number, expected a string`},
		{"j.jsonl", "columns", `{"id": "x", "topic": true, "p": 0.5}`, []string{"id=id", "judge-name=j", "group=topic", "p_a.x0=p"},
			`j.jsonl:1: topic = true is a boolean, expected a string`},
		{"j.jsonl", "columns", `{"id": false, "ok": true}`, []string{"id=id", "judge-columns=ok"},
			`j.jsonl:1: id = false is a boolean, expected a string or a number`},
	}
	for _, c := range cases {
		path := writeFile(t, c.name, c.content)
		from := c.from
		if from == "" {
			from = formatOf(c.name)
		}
		_, err := Load([]string{path}, from, model.ReadOptions{}, Options{Map: c.kv})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q:\n error %v\n want %q", c.name, c.content, err, c.want)
			continue
		}
		if !strings.HasPrefix(err.Error(), path+":") || !errors.Is(err, model.ErrBadInput) {
			t.Errorf("%s: error %v does not start with the file or is not ErrBadInput", c.name, err)
		}
	}
}

// TestDecimal: the numbers a CSV cell may hold, and those it may not.
func TestDecimal(t *testing.T) {
	for in, want := range map[string]float64{"0.25": 0.25, "1": 1, ".5": 0.5, "5.": 5, "+0.5": 0.5, "-1.5e-3": -1.5e-3, "2E+2": 200, "007": 7} {
		if got, ok := decimal(in); !ok || got != want {
			t.Errorf("decimal(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{"", ".", "-", "e5", "1e", "1e+", "0x1p-2", "0x10", "inf", "Inf", "NaN", "infinity", "1_000", "1.2.3", "1e400", "- 1", "1 "} {
		if got, ok := decimal(in); ok {
			t.Errorf("decimal(%q) = %v, want not a decimal number", in, got)
		}
	}
}

// TestConversionsCounted reproduces values that the importers convert
// without a word and now count in the notes, by field, with the first
// line: texts written as JSON booleans or numbers (kept as written, as
// PandaLM's test set needs: its answer "true" is a JSON boolean) and
// choices in lower or mixed case (read as A, B, tie). A record skipped
// under --skip-bad counts nothing.
func TestConversionsCounted(t *testing.T) {
	const jb = `{"pair_id": "p1", "label": "A>B", "judge_name": "j", "response_A": "yes", "response_B": "no", "judgments": [{"decision": "A>B"}, {"decision": "B>A"}]}`
	cases := []struct {
		name, from, content string
		kv                  []string
		skipBad             bool
		want                string
		texts               [2]string // the first pair's response_1 and response_2
	}{
		{"jb.jsonl", "", jb + "\n" + strings.NewReplacer(`"p1"`, `"p2"`, `"yes"`, `42`, `"no"`, `-1.5e3`).Replace(jb), nil, false,
			"jb.jsonl: 2 texts are JSON booleans or numbers, not strings: kept as written (response_A ×1, response_B ×1; the first at line 2: 42)",
			[2]string{"yes", "no"}},
		{"lb.json", "llmbar", `[{"input": "Is it?", "output_1": true, "output_2": false, "label": 1,` +
			` "results": [{"swap = False": {"winner": "1"}, "swap = True": {"winner": "1"}}]}]`, nil, false,
			"lb.json: 2 texts are JSON booleans or numbers, not strings: kept as written (output_1 ×1, output_2 ×1; the first at line 1: true)",
			[2]string{"true", "false"}},
		{"ae.json", "alpacaeval", "[\n" + `{"instruction": 12, "output_1": "a", "output_2": "b", "preference": 1}` + "\n]", nil, false,
			"ae.json: 1 text is a JSON boolean or number, not a string: kept as written (instruction ×1; the first at line 2: 12)",
			[2]string{"a", "b"}},
		{"c.csv", "columns", "id,c0,c1\nx,a,B\ny,A,Tie\nz,b,tie\n", []string{"id=id", "judge-name=j", "choice.x0=c0", "choice.swapped=c1", "swap=x2"}, false,
			`c.csv: 3 choices are in lower or mixed case: read as A, B or tie regardless of case (c0 ×2, c1 ×1; the first at line 2: "a")`,
			[2]string{"", ""}},
		{"r.jsonl", "columns", `{"id": "x", "q": 3, "r1": true, "r2": "no", "p": 0.5}`,
			[]string{"id=id", "judge-name=j", "prompt=q", "response_1=r1", "response_2=r2", "p_a.x0=p"}, false,
			"r.jsonl: 2 texts are JSON booleans or numbers, not strings: kept as written (q ×1, r1 ×1; the first at line 1: 3)",
			[2]string{"true", "no"}},
		// The second row is bad (C): skipped, its lower-case "a" is not counted.
		{"s.csv", "columns", "id,c0,c1\nx,b,A\ny,a,C\n", []string{"id=id", "judge-name=j", "choice.x0=c0", "choice.x1=c1", "swap=x1"}, true,
			`s.csv: 1 choice is in lower or mixed case: read as A, B or tie regardless of case (c0 ×1; the first at line 2: "b")`,
			[2]string{"", ""}},
	}
	for _, c := range cases {
		path := writeFile(t, c.name, c.content)
		from := c.from
		if from == "" {
			from = formatOf(c.name)
		}
		lg, err := Load([]string{path}, from, model.ReadOptions{SkipBad: c.skipBad}, Options{Map: c.kv})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		found := false
		for _, n := range lg.Notes {
			found = found || n == path+": "+strings.TrimPrefix(c.want, c.name+": ")
		}
		if !found {
			t.Errorf("%s: no note %q; notes:\n%s", c.name, c.want, strings.Join(lg.Notes, "\n"))
		}
		if p := lg.Pairs[0]; p.Response1 != c.texts[0] || p.Response2 != c.texts[1] {
			t.Errorf("%s: texts %q, %q; want %q", c.name, p.Response1, p.Response2, c.texts)
		}
		roundTrip(t, lg)
	}
	// The choices as read: x0 a → A, x2 B; Tie → tie.
	lg, err := Load([]string{writeFile(t, "c.csv", cases[3].content)}, "columns", model.ReadOptions{}, Options{Map: cases[3].kv})
	if err != nil {
		t.Fatal(err)
	}
	wantRuns(t, pairOf(t, lg, "j", "x"), 1, 0)
	wantRuns(t, pairOf(t, lg, "j", "y"), 1, 0.5)
	wantRuns(t, pairOf(t, lg, "j", "z"), 0, 0.5)
}
