package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
)

// TestReproduce (issue 10, item 13): the reproduce command is written in
// full into the Markdown and the JSON, and not at all when unknown.
func TestReproduce(t *testing.T) {
	an := &analysis.Analysis{Options: analysis.Options{}}
	cmd := "plumb report 'a file`s name.jsonl' --judge j1 --lambda 0.55 --est-frac 1 --objective both --seed 1 --budget 0 --split 0 --alpha 0.05 --verdict-from raw-x0 --k 8" + strings.Repeat(" --x", 60)
	var md bytes.Buffer
	if err := WriteMarkdown(&md, an); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(md.String(), "Reproduce") {
		t.Error("a report without a command has a Reproduce line")
	}
	an.Reproduce = cmd
	md.Reset()
	if err := WriteMarkdown(&md, an); err != nil {
		t.Fatal(err)
	}
	if want := "Reproduce: `` " + cmd + " ``\n"; !strings.Contains(md.String(), want) {
		t.Errorf("Markdown has no line %q:\n%s", want, md.String())
	}
	short := &analysis.Analysis{Reproduce: "plumb report x.jsonl --k 8"}
	md.Reset()
	if err := WriteMarkdown(&md, short); err != nil {
		t.Fatal(err)
	}
	if want := "Reproduce: `plumb report x.jsonl --k 8`\n"; !strings.Contains(md.String(), want) {
		t.Errorf("Markdown has no line %q:\n%s", want, md.String())
	}
	var js bytes.Buffer
	if err := WriteJSON(&js, BuildDoc(an, "")); err != nil {
		t.Fatal(err)
	}
	var doc struct{ Reproduce string }
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil || doc.Reproduce != cmd {
		t.Errorf("JSON reproduce = %q (err %v), want the whole command", doc.Reproduce, err)
	}
}
