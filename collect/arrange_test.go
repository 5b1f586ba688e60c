package collect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// TestArrange checks the four arrangements against docs/methods.md §1's table.
func TestArrange(t *testing.T) {
	it := &Item{ID: "q", Prompt: "Q", Response1: "R1", Response2: "R2"}
	ids := IDs{"A", "B"}
	want := map[model.Arrangement][4]string{ // first, its ID, second, its ID
		model.X0: {"R1", "A", "R2", "B"},
		model.X1: {"R2", "B", "R1", "A"},
		model.X2: {"R2", "A", "R1", "B"},
		model.X3: {"R1", "B", "R2", "A"},
	}
	for a, w := range want {
		p := Arrange(it, a, ids)
		got := [4]string{p.First, p.FirstID, p.Second, p.SecondID}
		if got != w || p.ID1 != "A" || p.ID2 != "B" || p.Arrangement != a.String() {
			t.Errorf("%s: %v, want %v", a, got, w)
		}
		// P(A) means P(response_1 better) in x0, x1 and P(response_2 better) in x2, x3.
		aIsR1 := (p.FirstID == "A" && p.First == "R1") || (p.SecondID == "A" && p.Second == "R1")
		if aIsR1 == a.ContentSwapped() {
			t.Errorf("%s: A labels the wrong response", a)
		}
		if (p.FirstID == "A") == a.PositionSwapped() {
			t.Errorf("%s: A shown in the wrong position", a)
		}
	}
}

// TestBuiltinTemplates renders the built-ins: CalibraEval's x0 and x1 must
// equal the published prompt_templete and prompt_templete_2 (IDs A, B).
func TestBuiltinTemplates(t *testing.T) {
	it := &Item{Prompt: "QQ", Response1: "R1", Response2: "R2"}
	tp, err := LoadTemplate("calibraeval")
	if err != nil {
		t.Fatal(err)
	}
	head := "###Task: Given a question and two answers. Determine which one better answers the question. You only need to output \"A\" or \"B\" directly to indicate which answer is better.\n\n###Query: \nQQ\n\n"
	for a, body := range map[model.Arrangement]string{
		model.X0: "###A Answer: \nR1\n\n###B Answer:\nR2\n\n###Output:\n",
		model.X1: "###B Answer: \nR2\n\n###A Answer:\nR1\n\n###Output:\n",
	} {
		p := Arrange(it, a, IDs{"A", "B"})
		sys, user, err := tp.Render(&p)
		if err != nil || sys != "You are a helpful assistant." || user != head+body {
			t.Errorf("calibraeval %s:\nsystem %q\nuser %q\nerr %v", a, sys, user, err)
		}
	}
	if tp.Marker != "" || tp.MaxTokens != 4 || len(tp.SHA256) != 64 {
		t.Errorf("calibraeval: marker %q, max tokens %d, sha %q", tp.Marker, tp.MaxTokens, tp.SHA256)
	}
	mt, err := LoadTemplate("mt-bench")
	if err != nil {
		t.Fatal(err)
	}
	p := Arrange(it, model.X2, IDs{"A", "B"})
	sys, user, _ := mt.Render(&p)
	if mt.Marker != "[[" || mt.Tie != "C" || mt.MaxTokens != 1024 ||
		!strings.HasPrefix(sys, "Please act as an impartial judge") || !strings.HasSuffix(sys, `"[[C]]" for a tie.`) ||
		user != "[User Question]\nQQ\n\n[The Start of Assistant A's Answer]\nR2\n[The End of Assistant A's Answer]\n\n[The Start of Assistant B's Answer]\nR1\n[The End of Assistant B's Answer]" {
		t.Errorf("mt-bench x2:\n%q\n%q", sys, user)
	}
}

func TestTemplateFile(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "mine.tmpl")
	os.WriteFile(f, []byte(`{{define "system"}}Judge.{{end}}{{define "max_tokens"}}2{{end}}Q: {{.Question}}
({{.FirstID}}) {{.First}}
({{.SecondID}}) {{.Second}}
Answer {{.ID1}} or {{.ID2}} [{{.Arrangement}}]`), 0o644)
	tp, err := LoadTemplate(f)
	if err != nil {
		t.Fatal(err)
	}
	p := Arrange(&Item{Prompt: "q", Response1: "one", Response2: "two"}, model.X3, IDs{"1", "2"})
	sys, user, err := tp.Render(&p)
	if err != nil || sys != "Judge." || user != "Q: q\n(2) one\n(1) two\nAnswer 1 or 2 [x3]" || tp.MaxTokens != 2 || tp.Name != f {
		t.Errorf("%q %q %v", sys, user, err)
	}
	for src, want := range map[string]string{
		"{{.Nope}}":                             "Nope",
		"{{define \"max_tokens\"}}lots{{end}}x": "max_tokens",
		"{{.Question":                           "unclosed",
	} {
		if _, err := ParseTemplate("t", []byte(src)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", src, err, want)
		}
	}
}
