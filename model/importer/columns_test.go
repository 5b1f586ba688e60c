package importer

import (
	"errors"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/internal/mathx"
	"github.com/plumb-eval/plumb/model"
)

func loadMap(t *testing.T, path string, kv ...string) (*model.Log, error) {
	t.Helper()
	return Load([]string{path}, "columns", model.ReadOptions{}, Options{Map: kv})
}

func TestColumnsVerdicts(t *testing.T) {
	lg, err := loadMap(t, "testdata/columns/verdicts.csv",
		"id=id", "judge-columns=gpt4_correct, llama_correct", "human=human_correct")
	if err != nil {
		t.Fatal(err)
	}
	type v struct {
		id, judge string
		verdict   bool
		human     string // "true", "false" or "none"
		line      int
	}
	want := []v{
		{"q1", "gpt4_correct", true, "true", 2}, {"q1", "llama_correct", false, "true", 2},
		{"q2", "gpt4_correct", false, "false", 3}, {"q2", "llama_correct", true, "false", 3},
		{"q3", "llama_correct", false, "none", 4},
		{"q4", "gpt4_correct", true, "true", 5}, {"q4", "llama_correct", true, "true", 5},
	}
	if len(lg.Verdicts) != len(want) {
		t.Fatalf("%d verdicts, want %d: %+v", len(lg.Verdicts), len(want), lg.Verdicts)
	}
	for i, w := range want {
		g := lg.Verdicts[i]
		h := "none"
		if g.Human != nil {
			h = map[bool]string{true: "true", false: "false"}[*g.Human]
		}
		if g.ID != w.id || g.Judge != w.judge || g.Verdict != w.verdict || h != w.human || g.Pos.Line != w.line {
			t.Errorf("verdict %d = %s %s %v human %s line %d, want %+v", i, g.ID, g.Judge, g.Verdict, h, g.Pos.Line, w)
		}
	}
	wantNotes(t, lg, 2, "judge gpt4_correct: 1 of 4 verdicts are empty: left out",
		"verdicts.csv: 1 row without a human label (empty human_correct): unlabelled")
	roundTrip(t, lg)
}

func TestColumnsLongLayout(t *testing.T) {
	path := writeFile(t, "long.csv", "item;who;ok\na;j1;true\na;j2;no\nb;j1;\n")
	lg, err := loadMap(t, path, "id=item", "judge=who", "verdict=ok", "sep=;")
	if err != nil {
		t.Fatal(err)
	}
	if len(lg.Verdicts) != 2 || lg.Verdicts[1].Judge != "j2" || lg.Verdicts[1].Verdict || lg.Verdicts[0].Human != nil {
		t.Errorf("verdicts %+v", lg.Verdicts)
	}
}

func TestColumnsPairs(t *testing.T) {
	lg, err := loadMap(t, "testdata/columns/pairs.jsonl",
		"id=item", "judge=model", "p_a.x0=pa0", "p_a.swapped=pa1", "swap=x1", "gold=label", "group=topic")
	if err != nil {
		t.Fatal(err)
	}
	p := pairOf(t, lg, "judge-a", "p1")
	wantArr(t, p, 0.8, 0.35)
	if p.Gold != model.Gold1 || p.Group != "math" || p.Source != model.SourceProb {
		t.Errorf("pair %+v", p)
	}
	wantArr(t, pairOf(t, lg, "judge-a", "p2"), 0.2)
	if g := pairOf(t, lg, "judge-b", "p1").Gold; g != model.GoldTie {
		t.Errorf("gold %v, want tie", g)
	}
	wantNotes(t, lg, 1, `judge judge-a: 1 of 4 verdicts could not be read ("" ×1); 1 kept as missing arrangements`)
	roundTrip(t, lg)
}

// TestColumnsSwapX2 maps a two-run CSV whose second run is x2 (as FastChat
// and LLMBar run it): the column holds the judge's answer in that run, P(A)
// = P(response_2 better), stored as is; the preference for response_1 is
// 1 − P(A). The same file with swap=x1 reads the column as P(response_1).
func TestColumnsSwapX2(t *testing.T) {
	path := writeFile(t, "two.csv", "id,run1,run2,c1,c2\nq,0.9,0.3,A,A\n")
	lg, err := loadMap(t, path, "id=id", "judge-name=j", "p_a.x0=run1", "p_a.swapped=run2", "swap=x2")
	if err != nil {
		t.Fatal(err)
	}
	p := pairOf(t, lg, "j", "q")
	wantArr(t, p, 0.9, absent, 0.3)
	if p.R(model.X2) != 0.7 {
		t.Errorf("x2 preference for response_1 %v, want 1 − 0.3", p.R(model.X2))
	}
	lg, err = loadMap(t, path, "id=id", "judge-name=j", "p_a.x0=run1", "p_a.swapped=run2", "swap=x1")
	if err != nil {
		t.Fatal(err)
	}
	wantArr(t, pairOf(t, lg, "j", "q"), 0.9, 0.3)
	// Choices: A in both runs of x0/x2 is the first-shown answer twice
	// (response_1, then response_2): inconsistent.
	lg, err = loadMap(t, path, "id=id", "judge-name=j", "choice.x0=c1", "choice.swapped=c2", "swap=x2")
	if err != nil {
		t.Fatal(err)
	}
	q := pairOf(t, lg, "j", "q")
	wantArr(t, q, 1, absent, 1)
	if q.R(model.X0) != 1 || q.R(model.X2) != 0 {
		t.Errorf("preferences %v, %v; want 1 (x0) and 0 (x2)", q.R(model.X0), q.R(model.X2))
	}
	roundTrip(t, lg)
	if _, err := loadMap(t, path, "id=id", "judge-name=j", "p_a.x0=run1", "p_a.swapped=run2"); err == nil ||
		!strings.Contains(err.Error(), "swap=x1 or --map swap=x2") {
		t.Errorf("a swapped column without swap=: %v, want the x1/x2 explanation", err)
	}
}

func TestColumnsChoiceAndLogprobs(t *testing.T) {
	path := writeFile(t, "p.csv", "id,c0,c1,a0,b0\nx,A,tie,-0.1,-2.5\ny,b,,,-0.3\n")
	lg, err := loadMap(t, path, "id=id", "judge-name=j", "choice.x0=c0", "choice.x1=c1", "swap=x1")
	if err != nil {
		t.Fatal(err)
	}
	wantArr(t, pairOf(t, lg, "j", "x"), 1, 0.5)
	wantArr(t, pairOf(t, lg, "j", "y"), 0)
	lg, err = loadMap(t, path, "id=id", "judge-name=j", "logprobs.x0.A=a0", "logprobs.x0.B=b0")
	if err != nil {
		t.Fatal(err)
	}
	x := pairOf(t, lg, "j", "x")
	wantArr(t, x, mathx.Sigmoid(-0.1+2.5))
	if x.Source != model.SourceLogprob {
		t.Errorf("source %v", x.Source)
	}
	wantArr(t, pairOf(t, lg, "j", "y"), 0) // A missing from the top-k
	roundTrip(t, lg)
}

func TestColumnsBadValues(t *testing.T) {
	for _, c := range []struct {
		name, content string
		kv            []string
		want          string
	}{
		{"v.tsv", "id\tgpt4\thuman\nq1\ttrue\ttrue\nq2\tfalse\tmaybe\n", []string{"id=id", "judge-columns=gpt4", "human=human"},
			`v.tsv:3: human = "maybe" is not a truth value (expected true/false, 1/0 or yes/no)`},
		{"p.csv", "id,p\nx,1.5\n", []string{"id=id", "judge-name=j", "p_a.x0=p"}, `p.csv:2: p = "1.5" is not a probability in [0, 1]`},
		{"c.csv", "id,c\nx,C\n", []string{"id=id", "judge-name=j", "choice.x0=c"}, `c.csv:2: c = "C" is not a choice (expected A, B or tie)`},
		{"g.csv", "id,p,g\nx,0.5,3\n", []string{"id=id", "judge-name=j", "p_a.x0=p", "gold=g"}, `g.csv:2: g = "3" is not a gold label`},
		{"m.csv", "id,p\nx,0.5\n", []string{"id=id", "judge-name=j", "p_a.x0=q"}, `m.csv:1: no column "q" (the header has: id, p)`},
		{"e.csv", "id,p\n,0.5\n", []string{"id=id", "judge-name=j", "p_a.x0=p"}, `e.csv:2: id is empty (expected the item's id)`},
		{"n.csv", "id,p\nx,0.5,9\n", []string{"id=id", "judge-name=j", "p_a.x0=p"}, `n.csv:2: not valid CSV: wrong number of fields`},
		{"j.jsonl", `{"id":"x","p":[1]}` + "\n", []string{"id=id", "judge-name=j", "p_a.x0=p"}, `j.jsonl:1: p = [1] is an array, expected a string, number, boolean or null`},
	} {
		path := writeFile(t, c.name, c.content)
		_, err := loadMap(t, path, c.kv...)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), path) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
		if err != nil && !errors.Is(err, model.ErrBadInput) {
			t.Errorf("%s: error %v is not ErrBadInput", c.name, err)
		}
	}
}

func TestParseMapping(t *testing.T) {
	good := [][]string{
		{"judge-columns=a,b", "human=h", "id=i"},
		{"verdict=v", "judge=j"},
		{"p_a.x0=a", "p_a.x2=b", "swap=x2", "judge-name=x", "gold=g", "prompt=p", "response_1=r1", "response_2=r2"},
		{"p_a.x0=a", "p_a.swapped=b", "swap=x1", "judge=j"},
		{"logprobs.x0.A=a", "logprobs.swapped.B=b", "swap=x2", "judge=j"},
		{"p_a.x0=a", "p_a.x1=b", "p_a.x2=c", "judge=j"}, // three orders name themselves
		{"p_a.x0=a", "p_a.x3=b", "judge=j"},             // both swapped: no ambiguity
		{"logprobs.x0.A=a", "judge=j", "sep=tab"},
	}
	for _, kv := range good {
		if _, err := ParseMapping(kv); err != nil {
			t.Errorf("ParseMapping(%v): %v", kv, err)
		}
	}
	bad := map[string][]string{
		"want KEY=COLUMN":   {"judge-columns"},
		"unknown key":       {"colour=red"},
		"given twice":       {"id=a", "id=b"},
		"empty column name": {"human="},
		"listed twice":      {"judge-columns=a,a"},
		"cannot be mixed":   {"p_a.x0=a", "judge=j", "human=h"},
		"in one way":        {"p_a.x0=a", "choice.x1=c", "judge=j"},
		"the x1 column is a swapped-order column (the second run): say which arrangement":   {"p_a.x0=a", "p_a.x1=b", "judge=j"},
		"IDs stay on positions), as FastChat/MT-Bench, LLMBar, JudgeBench and Arena-Hard":   {"choice.x0=a", "choice.x2=b", "judge=j"},
		"x1: the second run shows response_2 first and calls it B (IDs follow the content)": {"p_a.x0=a", "p_a.swapped=b", "judge=j"},
		"swap=x1, but the swapped-order column is mapped as x2":                             {"p_a.x0=a", "p_a.x2=b", "swap=x1", "judge=j"},
		"as a .swapped column with swap= or as x2 columns, not both":                        {"p_a.x0=a", "p_a.x2=b", "p_a.swapped=c", "swap=x2", "judge=j"},
		"map that run's column too":         {"p_a.x0=a", "swap=x2", "judge=j"},
		"leave swap= out":                   {"p_a.x0=a", "p_a.x1=b", "p_a.x2=c", "swap=x2", "judge=j"},
		"want x1 or x2":                     {"p_a.x0=a", "p_a.swapped=b", "swap=x3", "judge=j"},
		"swap= belongs to pair columns":     {"judge-columns=a", "swap=x1"},
		"x0, the default arrangement, is r": {"p_a.swapped=a", "swap=x2", "judge=j"},
		"x0, the default arrangement":       {"p_a.x1=a", "judge=j"},
		"name the judge":                    {"p_a.x0=a"},
		"say where the verdicts are":        {"human=h"},
		"needs judge=COLUMN":                {"verdict=v"},
		"not both":                          {"verdict=v", "judge=j", "judge-name=n"},
		"belong to pair columns":            {"judge-columns=a", "gold=g"},
		"names the judges itself":           {"judge-columns=a", "verdict=v"},
		`want one character, or "tab"`:      {"judge-columns=a", "sep=ab"},
		"unknown key (keys: id, human, ":    {"logprobs.x0.C=a", "judge=j"},
	}
	for want, kv := range bad {
		_, err := ParseMapping(kv)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseMapping(%v) = %v, want an error with %q", kv, err, want)
		}
	}
}
