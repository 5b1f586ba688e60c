package importer

import (
	"errors"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// TestNoSilentAlteration: input an importer could only read by changing
// it — bytes that are not UTF-8, JudgeBench scores that are not two finite
// numbers, a field or a mapped CSV column given twice — is an error with
// the file, the line and the field (or column), never replaced, ignored or
// resolved by picking one.
func TestNoSilentAlteration(t *testing.T) {
	const fc = `{"question_id": 1, "model_1": "a", "model_2": "b", "g1_winner": "model_1", "g2_winner": "tie", "judge": ["gpt-4", "pair-v2"]`
	const jb = `{"pair_id": "p", "label": "A>B", "judge_name": "rm", "judgments": [{"judgment": {"judge_model": "m", "scores": %s}, "decision": "A>B"}, {"judgment": {"judge_model": "m", "scores": [1, 2]}, "decision": "B>A"}]}`
	judgeBench := func(scores string) string { return strings.Replace(jb, "%s", scores, 1) }
	for _, c := range []struct {
		name, content string
		mapping       []string
		want          string
	}{
		// Latin-1 "é" (0xe9) in a FastChat prompt, on the second line.
		{"fc.jsonl", fc + "}\n" + strings.Replace(fc, `"question_id": 1`, `"question_id": 2`, 1) + `, "g1_user_prompt": "caf` + "\xe9" + `"}`, nil,
			`fc.jsonl:2: g1_user_prompt has invalid UTF-8 at column 149: plumb reads UTF-8 and does not guess another encoding; convert the file (e.g. iconv -f windows-1252 -t utf-8)`},
		// In a JSON array record spanning lines: the line the byte is on.
		{"lb.json", "[\n{\"input\": \"a\",\n \"output_1\": \"na\xefve\", \"label\": 1, \"results\": [{}]}\n]", nil,
			`lb.json:3: output_1 has invalid UTF-8 at column 17: plumb reads UTF-8`},
		// Outside any field (a field name).
		{"fc.jsonl", `{"question_id": 1, "x` + "\xff" + `": 1, "g1_winner": "tie"}`, nil, `fc.jsonl:1: invalid UTF-8 at column 22: plumb reads UTF-8`},
		{"v.csv", "id,gpt4,human\nq1,true,true\nq2,tr\xfce,false\n", []string{"id=id", "judge-columns=gpt4", "human=human"},
			`v.csv:3: gpt4 has invalid UTF-8 at byte 3 of the cell: plumb reads UTF-8`},
		{"p.csv", "id,p,prompt\nq1,0.5,caf\xe9\n", []string{"id=id", "judge-name=j", "p_a.x0=p", "prompt=prompt"},
			`p.csv:2: prompt has invalid UTF-8 at byte 4 of the cell`},
		{"jb.jsonl", judgeBench(`["5.6", "14.6"]`), nil, `jb.jsonl:1: judgments.0.judgment.scores.0 = "5.6" is a string, expected a number`},
		{"jb.jsonl", judgeBench(`[5.6]`), nil, `jb.jsonl:1: judgments.0.judgment.scores = [5.6] has 1 score, expected two [s_first, s_second]`},
		{"jb.jsonl", judgeBench(`[1, 2, 3]`), nil, `jb.jsonl:1: judgments.0.judgment.scores = [1, 2, 3] has 3 scores, expected two`},
		{"jb.jsonl", judgeBench(`[1e999, 2]`), nil, `jb.jsonl:1: judgments.0.judgment.scores.0 = 1e999 is out of range (it overflows to infinity)`},
		{"jb.jsonl", judgeBench(`{"a": 1}`), nil, `jb.jsonl:1: judgments.0.judgment.scores = {"a": 1} is an object, expected an array of two numbers`},
		{"fc.jsonl", fc + `, "g1_winner": "model_2"}`, nil, `fc.jsonl:1: g1_winner appears twice`},
		{"fc.jsonl", fc + `, "g\u0031_winner": "model_2"}`, nil, `fc.jsonl:1: g1_winner appears twice`},
		{"d.csv", "id,p,q,p\nx,0.1,0.2,0.9\n", []string{"id=id", "judge-name=j", "p_a.x0=p"},
			`d.csv:1: column "p" appears twice in the header (columns 2 and 4): rename one, so that the mapping says which to read`},
	} {
		path := writeFile(t, c.name, c.content)
		from := formatOf(c.name)
		if c.mapping != nil {
			from = "columns"
		}
		_, err := Load([]string{path}, from, model.ReadOptions{}, Options{Map: c.mapping})
		if err == nil || !strings.HasPrefix(err.Error(), path+":") || !strings.Contains(err.Error(), c.want) || !errors.Is(err, model.ErrBadInput) {
			t.Errorf("%s %q:\n error %v\n want %q", c.name, c.content, err, c.want)
		}
	}
}

// TestAllowedAsBefore: what is not an alteration still imports: null or
// missing JudgeBench scores (an LLM judge: its decision is read), an
// unmapped CSV column name given twice, non-ASCII UTF-8 text.
func TestAllowedAsBefore(t *testing.T) {
	path := writeFile(t, "jb.jsonl", `{"pair_id": "p", "judge_name": "j", "judgments": [{"judgment": {"scores": null}, "decision": "A>B"}, {"judgment": {}, "decision": "A>B"}]}`)
	lg := load(t, path)
	wantRuns(t, pairOf(t, lg, "j", "p"), 1, 1)
	path = writeFile(t, "d.csv", ",id,,p\n0,x,a,0.25\n")
	lg, err := loadMap(t, path, "id=id", "judge-name=j", "p_a.x0=p")
	if err != nil {
		t.Fatal(err)
	}
	wantArr(t, pairOf(t, lg, "j", "x"), 0.25)
	path = writeFile(t, "u.csv", "id,p,prompt\nx,0.5,naïve café 😀\n")
	lg, err = loadMap(t, path, "id=id", "judge-name=j", "p_a.x0=p", "prompt=prompt")
	if err != nil {
		t.Fatal(err)
	}
	if p := pairOf(t, lg, "j", "x"); p.Prompt != "naïve café 😀" {
		t.Errorf("prompt %q", p.Prompt)
	}
}
