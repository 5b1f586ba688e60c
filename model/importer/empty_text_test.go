package importer

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// TestEmptyTextsKept: a response or prompt given as "" is a value the
// imported log keeps (length 0) and writes back as "", in the column
// mapping (JSON Lines) and in a JSON importer (JudgeBench); an empty CSV
// cell stays a text left out.
func TestEmptyTextsKept(t *testing.T) {
	cols := writeFile(t, "e.jsonl", `{"item":"p1","model":"j","pa":0.7,"q":"","r1":"abc","r2":""}`+"\n")
	lg, err := loadMap(t, cols, "id=item", "judge=model", "p_a.x0=pa", "prompt=q", "response_1=r1", "response_2=r2")
	if err != nil {
		t.Fatal(err)
	}
	wantEmpty(t, "columns", lg, `"prompt":""`, `"response_2":""`)

	jb := writeFile(t, filepath.Join("jb", "dataset=judgebench,response_model=m,judge_name=arena_hard,judge_model=c.jsonl"),
		`{"pair_id":"e1","source":"s","question":"q","response_model":"m","response_A":"","response_B":"b","label":"A>B",`+
			`"judge_name":"arena_hard","judgments":[{"judgment":{"judge_model":"c","prompt":"...","response":"[[A>B]]"},"decision":"A>B"},`+
			`{"judgment":{"judge_model":"c","prompt":"...","response":"[[A>B]]"},"decision":"A>B"}]}`+"\n")
	lg = load(t, filepath.Dir(jb))
	wantEmpty(t, "judgebench", lg, `"response_1":""`)

	csv := writeFile(t, "e.csv", "item,model,pa,r1,r2\np1,j,0.7,abc,\n")
	if lg, err = loadMap(t, csv, "id=item", "judge=model", "p_a.x0=pa", "response_1=r1", "response_2=r2"); err != nil {
		t.Fatal(err)
	}
	if _, ok := lg.Pairs[0].Length(2); ok {
		t.Error("csv: an empty cell has a length")
	}
}

// wantEmpty checks that lg's one pair is written with each of fields.
func wantEmpty(t *testing.T, what string, lg *model.Log, fields ...string) {
	t.Helper()
	if len(lg.Pairs) != 1 {
		t.Fatalf("%s: %d pairs, want 1", what, len(lg.Pairs))
	}
	var b bytes.Buffer
	if err := model.WriteLog(&b, lg); err != nil {
		t.Fatal(err)
	}
	for _, f := range fields {
		if !strings.Contains(b.String(), f) {
			t.Errorf("%s: written %s, want it to hold %s", what, b.String(), f)
		}
	}
}
