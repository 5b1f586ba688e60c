package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// TestStyleAutoMixedLogTextsOrNot: under --style auto, a log whose pair
// records only partly name their generators gives the same style section
// whether it is analysed with its texts in memory (the UI) or read as
// `plumb report` reads it (texts skipped, lengths kept only for records
// with a style field: model.ReadOptions.GenTextLengths). Before
// style.Options.LengthsNeedFields the UI also counted the lengths of the
// records without generators.
func TestStyleAutoMixedLogTextsOrNot(t *testing.T) {
	lg := styleLog(t, "big", "small")
	for i := range lg.Pairs {
		if i%3 == 0 {
			lg.Pairs[i].Gen = nil // a third of the records name no generator
		}
	}
	path := filepath.Join(t.TempDir(), "mixed.jsonl")
	var b bytes.Buffer
	if err := model.WriteLog(&b, lg); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	read, err := model.ReadFiles([]string{path}, model.ReadOptions{SkipText: true, GenTextLengths: true})
	if err != nil {
		t.Fatal(err)
	}
	withTexts, err := model.ReadFiles([]string{path}, model.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	styleOf := func(lg *model.Log) map[string]json.RawMessage {
		t.Helper()
		_, _, js := renderStyle(t, lg, styleOptions(20))
		var doc struct {
			Judges map[string]struct {
				Style json.RawMessage `json:"style"`
			} `json:"judges"`
		}
		if err := json.Unmarshal(js, &doc); err != nil {
			t.Fatal(err)
		}
		out := map[string]json.RawMessage{}
		for j, v := range doc.Judges {
			out[j] = v.Style
		}
		return out
	}
	want, got := styleOf(read), styleOf(withTexts)
	for j, w := range want {
		if len(w) == 0 {
			t.Fatalf("judge %s has no style section", j)
		}
		if !bytes.Equal(got[j], w) {
			t.Errorf("judge %s: the style section with texts in memory differs from the report's:\n got %.600s\nwant %.600s", j, got[j], w)
		}
	}
}
