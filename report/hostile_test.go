package report

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/internal/hostile"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/demo"
)

// hostileCase is a name that tries to drive the terminal showing the
// report or to change the Markdown's structure (issue 17, item 7), and
// how the Markdown shows it: as visible escapes, Markdown-escaped.
type hostileCase struct{ name, in, shown string }

var hostileCases = []hostileCase{
	{"OSC 52 clipboard", "\x1b]52;c;aGk=\x07", `\x1b\]52;c;aGk=\x07`},
	{"terminal reset", "\x1bc", `\x1bc`},
	{"OSC 8 link", "\x1b]8;;http://evil.example/\x1b\\link\x1b]8;;\x1b\\", `\x1b\]8;;http://evil.example/\x1b\\link\x1b\]8;;\x1b\\`},
	{"C1 CSI", "\u009b31m", `\u009b31m`},
	{"bidi override", "\u202egnp.exe", `\u202egnp.exe`},
	{"Markdown heading and cell", "a|b\n## X", `a\|b\n\#\# X`},
}

// terminalBytes are what must never reach the report's reader raw.
var terminalBytes = []string{"\x1b", "\x07", "\u009b", "\u202e", "\r"}

// hostileLog is the demo log with every judge, group, criterion, score id
// and the file name carrying in (hostile.MarkNames; a distinct prefix per
// judge keeps the judges apart).
func hostileLog(t *testing.T, in string) *model.Log {
	t.Helper()
	lg, err := demo.Log()
	if err != nil {
		t.Fatal(err)
	}
	hostile.MarkNames(lg, in)
	return lg
}

// TestMarkdownHostileNames (issue 17, item 7): a judge, group, criterion,
// item id or file name holding an OSC 52 clipboard write, a terminal
// reset, an OSC 8 link, a C1 CSI, a bidi override or "a|b\n## X" reaches
// the Markdown as visible escapes, with no raw control byte, no new
// heading and no extra table cell. Before the fix the "Judges at a
// glance" table printed the judge name raw (the "## X" became a heading)
// and md() passed ESC, C1 and bidi characters through.
func TestMarkdownHostileNames(t *testing.T) {
	for _, c := range hostileCases {
		t.Run(c.name, func(t *testing.T) {
			lg := hostileLog(t, c.in)
			opt := analysis.Options{Selection: selection.DefaultOptions(), Target: analysis.TargetAuto,
				Reporting:  reporting.Options{Alpha: 0.05, Seed: 1},
				Likelihood: likelihood.Options{Permutations: 50, Seed: 1, TopK: 3}}
			an, err := analysis.Analyze(lg, opt)
			if err != nil {
				t.Fatal(err)
			}
			an.Reproduce = "plumb report --judge 'judge-first" + c.in + "'"
			var b bytes.Buffer
			if err := WriteMarkdown(&b, an); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			for _, bad := range terminalBytes {
				if i := strings.Index(out, bad); i >= 0 {
					t.Errorf("raw %q in the Markdown: …%q…", bad, out[max(0, i-40):min(len(out), i+40)])
				}
			}
			for _, want := range []string{
				"## Judge judge-first" + c.shown + "\n",         // a judge's heading
				"| judge-first" + c.shown + " | ",               // the Judges at a glance table
				"| accuracy" + c.shown + " | ",                  // the likelihood table's criterion
				"Input: demo" + c.shown + " — ",                 // the file name
				"Reproduce: `plumb report --judge 'judge-first", // the command, one line
			} {
				if !strings.Contains(out, want) {
					t.Errorf("missing %q", want)
				}
			}
			checkStructure(t, out)
		})
	}
}

// checkStructure asserts that every heading of out is one the report
// writes and that every row of a table has its header's number of cells.
func checkStructure(t *testing.T, out string) {
	t.Helper()
	headings := []string{"# plumb report", "## Judges at a glance", "## Judge ", "## Panel", "### "}
	cells := -1
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "#") && !hasAnyPrefix(line, headings) {
			t.Errorf("a heading the report does not write: %q", line)
		}
		if !strings.HasPrefix(line, "|") {
			cells = -1
			continue
		}
		n := cellBars(line)
		if cells < 0 {
			cells = n
		} else if n != cells {
			t.Errorf("table row with %d cell bars, header has %d: %q", n, cells, line)
		}
	}
}

func hasAnyPrefix(s string, ps []string) bool {
	for _, p := range ps {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// cellBars counts the | of a table row that are not escaped.
func cellBars(line string) int {
	n := 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++ // the escaped character
		case '|':
			n++
		}
	}
	return n
}

// TestJSONHostileNames (issue 17, item 7): the report JSON of hostile
// names holds no raw C1 control, bidi override or DEL (encoding/json writes
// them raw; they are now \u escapes) and decodes to the same names.
func TestJSONHostileNames(t *testing.T) {
	in := "j\u009b31m\u202e\x7f\x1b]52;c;aGk=\x07"
	lg := hostileLog(t, in)
	an, err := analysis.Analyze(lg, analysis.Options{Selection: selection.DefaultOptions(), Target: analysis.TargetAuto,
		Likelihood: likelihood.Options{Permutations: 50, Seed: 1, TopK: 3}})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, BuildDocWith(an, "test", DocSettings{})); err != nil {
		t.Fatal(err)
	}
	for _, bad := range append(terminalBytes, "\x7f") {
		if strings.Contains(b.String(), bad) {
			t.Errorf("raw %q in the JSON", bad)
		}
	}
	var doc struct {
		Judges map[string]json.RawMessage `json:"judges"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if _, ok := doc.Judges["judge-first"+in]; !ok {
		t.Errorf("judge names changed: %v", slices.Collect(maps.Keys(doc.Judges)))
	}
}

// TestJSONSafeWriterSplits: the escaping writer gives the same bytes when
// the stream reaches it one byte at a time (a UTF-8 sequence split across
// writes).
func TestJSONSafeWriterSplits(t *testing.T) {
	in := []byte("{\"a\": \"x\u009b é ü \u202e 日本 \x7f \u2066 \\u009b\", \"b\": \"\u009b\u202e\x7f\"}")
	whole := func() string {
		var b bytes.Buffer
		w := newJSONSafeWriter(&b)
		w.Write(in)
		w.flush()
		return b.String()
	}()
	var b bytes.Buffer
	w := newJSONSafeWriter(&b)
	for i := range in {
		w.Write(in[i : i+1])
	}
	w.flush()
	if b.String() != whole {
		t.Errorf("byte by byte %q, whole %q", b.String(), whole)
	}
	want := `{"a": "x\u009b é ü \u202e 日本 \u007f \u2066 \u009b", "b": "\u009b\u202e\u007f"}`
	if whole != want {
		t.Errorf("got %q, want %q", whole, want)
	}
}
