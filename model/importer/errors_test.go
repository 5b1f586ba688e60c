package importer

import (
	"errors"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// TestBadRecords: malformed input in every format names the file, the line
// (or, inside a record, the field path) and what was expected.
func TestBadRecords(t *testing.T) {
	const fc = `{"question_id": 1, "model_1": "a", "model_2": "b", "g1_winner": "model_1", "g2_winner": "tie", "judge": ["gpt-4", "pair-v2"]}`
	cases := []struct {
		name, content, want string
	}{
		{"fc.jsonl", fc + "\n" + `{"question_id": 2, "model_1": "a",` + "\n", `fc.jsonl:2: not valid JSON: unexpected end of the record`},
		{"fc.jsonl", fc + "\n" + `{"question_id": 2, "model_1": 7, "model_2": "b", "g1_winner": "tie"}`, `fc.jsonl:2: model_1 = 7 is a number, expected a string`},
		{"fc.jsonl", strings.Replace(fc, `"judge": ["gpt-4", "pair-v2"]`, `"judge": [1]`, 1) + "\n", `fc.jsonl:1: judge = [1] is an array, expected a judge name`},
		{"fc.jsonl", strings.Replace(fc, `}`, `, "turn": 1.5}`, 1), `fc.jsonl:1: turn = 1.5 is not a turn number`},
		{"fc.jsonl", fc + " 3\n", `fc.jsonl:1: not valid JSON: unexpected '3' after the record`},
		{"fc.jsonl", `{"question_id": 1, "g1_winner": "tie", "bad": "a` + "\x01" + `"}`, `fc.jsonl:1: bad is not valid JSON: control character`},
		{"fc.jsonl", `["g1_winner"]` + "\n", `fc.jsonl:1: a record must be a JSON object, found a string`},
		{"lb.json", "[\n" + `{"input": "a", "output_1": "b", "output_2": "c", "label": 3, "results": [{}]}` + "\n]", `lb.json:2: label = 3 is not a gold label (expected 1 or 2)`},
		{"lb.json", "[\n{\"input\": \"a\",\n \"results\": [{\"swap = False\": {\"winner\": \"1\"}} \n ,]}\n]", `lb.json:4: results.1 is not valid JSON: unexpected ']'; expected a value`},
		{"lb.json", "[\n" + `{"input": "a", "output_1": "b", "label": 1, "results": [{}]},` + "\n" + `{"input": "a"}` + "\n]", `lb.json:3: results is missing: this is an LLMBar dataset without judgments`},
		{"lb.json", "[\n" + `{"input": "a", "output_1": "b", "label": 1, "results": [{}]}` + "\n", `lb.json:3: the JSON array is not closed`},
		{"ah.jsonl", `{"question_id": "q", "model": "m", "judge": "j", "games": {"score": "A>B"}}`, `ah.jsonl:1: games = {"score": "A>B"} is an object, expected an array of two games`},
		{"ah.jsonl", `{"question_id": "q", "model": "m", "judge": "j", "games": [{"score": "A>B"}, 3]}`, `ah.jsonl:1: games.1 = 3 is a number, expected an object with a score`},
		{"ah.jsonl", `{"question_id": {}, "model": "m", "games": []}`, `ah.jsonl:1: question_id = {} is an object, expected a string or a number`},
		{"jb.jsonl", `{"pair_id": "p", "label": "A>B", "judge_name": "j", "judgments": [{"decision": "A>B"}, {"decision": "B>A"}, {}]}`, `jb.jsonl:1: judgments has more than two judgments`},
		{"jb.jsonl", `{"pair_id": "p", "label": "maybe", "judge_name": "j", "judgments": []}`, `jb.jsonl:1: label = "maybe" is not a label (expected "A>B" or "B>A")`},
		{"ae.json", `[{"instruction": "i", "output_1": {"a": 1}, "preference": 1, "generator_1": "g"}]`, `ae.json:1: output_1 = {"a": 1} is an object, expected a string`},
		{"testset-v1.json", `[{"idx": 0, "annotator1": 4, "annotator2": 1, "annotator3": 1}]`, `testset-v1.json:1: annotator1 = 4 is not a label (expected 0 for a tie, 1 or 2)`},
		{"testset-v1.json", `[{"idx": 0, "annotator1": 1}, {"idx": 0, "annotator1": 1}]`, `testset-v1.json:1: idx = 0 appears twice in the test set`},
	}
	for _, c := range cases {
		path := writeFile(t, c.name, c.content)
		_, err := Load([]string{path}, formatOf(c.name), model.ReadOptions{}, Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q:\n error %v\n want %q", c.name, c.content, err, c.want)
			continue
		}
		if !strings.HasPrefix(err.Error(), path+":") || !errors.Is(err, model.ErrBadInput) {
			t.Errorf("%s: error %v does not start with the file or is not ErrBadInput", c.name, err)
		}
	}
}

// formatOf names the format of a test file by its made-up name.
func formatOf(name string) string {
	return map[string]string{"fc": "fastchat", "lb": "llmbar", "ah": "arena-hard", "jb": "judgebench", "ae": "alpacaeval",
		"testset-v1": "pandalm"}[strings.Split(name, ".")[0]]
}

func TestSkipBad(t *testing.T) {
	path := writeFile(t, "fc.jsonl", strings.Join([]string{
		`{"question_id": 1, "model_1": "a", "model_2": "b", "g1_winner": "model_1", "g2_winner": "tie", "judge": "j"}`,
		`{"question_id": 2, "model_1": "a",`,
		`{"question_id": 3, "model_1": "a", "model_2": "b", "g1_winner": "model_2", "g2_winner": "model_2", "judge": "j"}`,
		`{"question_id": 1, "model_1": "a", "model_2": "b", "g1_winner": "model_1", "g2_winner": "tie", "judge": "j"}`,
	}, "\n"))
	lg, err := Load([]string{path}, "", model.ReadOptions{SkipBad: true}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(lg.Pairs) != 2 || lg.Skipped != 2 || lg.Files[0].Skipped != 2 || lg.Files[0].Pairs != 2 || len(lg.SkipReasons) != 2 {
		t.Fatalf("pairs %d, skipped %d, files %+v, reasons %v", len(lg.Pairs), lg.Skipped, lg.Files, lg.SkipReasons)
	}
	if !strings.Contains(lg.SkipReasons[1], `fc.jsonl:4: duplicate pair "1/a vs b/turn 1" of judge "j" (first at `+path+`:1)`) {
		t.Errorf("reason %q", lg.SkipReasons[1])
	}
	// Without SkipBad the duplicate of a file read twice stops the load.
	_, err = Load([]string{"testdata/alpacaeval/annotations.json", "testdata/alpacaeval/annotations.json"}, "", model.ReadOptions{}, Options{})
	if err == nil || !strings.Contains(err.Error(), "annotations.json:2: duplicate pair") {
		t.Errorf("duplicate across files: %v", err)
	}
}

func TestSkipText(t *testing.T) {
	lg, err := Load([]string{"testdata/judgebench", "testdata/pandalm"}, "", model.ReadOptions{SkipText: true}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range lg.Pairs {
		if p.Prompt != "" || p.Response1 != "" || p.Response2 != "" {
			t.Fatalf("SkipText kept texts: %+v", p)
		}
	}
}
