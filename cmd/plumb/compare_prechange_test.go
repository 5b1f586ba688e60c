package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"regexp"
	"testing"

	"github.com/plumb-eval/plumb/report"
)

// prechangeArgs are the flags testdata/report-prechange.json.gz was made
// with (testdata/report-prechange.md): every engine — both solvers, the
// fit path, the bootstrap, the likelihood permutation tests.
var prechangeArgs = []string{"report", "sim.jsonl", "--format", "json", "--bootstrap", "200", "--fixed-fit", "--solver", "both", "--path"}

// versionLine is the "plumb" key, which names the binary.
var versionLine = regexp.MustCompile(`(?m)^  "plumb": ".*",$`)

// TestReportMatchesPreChange: on a moderate simulated log (3 judges;
// 1,500 pair items in x0..x3, 700 score items on three criteria, 1,500
// verdict items) `plumb report --format json --points` writes exactly the
// bytes plumb wrote before the report was streamed, parallelised and given
// the integer permutation loop (the binary of commit 88ffbb3, whose output
// is testdata/report-prechange.json.gz, updated once since for judge-first's
// collapsed fit, which now ends exactly at g* ≡ ½: testdata/report-prechange.md
// lists what changed); and without --points exactly
// those bytes with the LS–US points left out (docs/report-json.md).
func TestReportMatchesPreChange(t *testing.T) {
	gz, err := os.ReadFile("testdata/report-prechange.json.gz")
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	want, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir()) // the report names the file as given
	if _, _, err := executeStderr(t, "simulate", "--pairs", "1500", "--scores", "700", "--verdicts", "1500", "--digits", "6", "-o", "sim.jsonl"); err != nil {
		t.Fatal(err)
	}
	norm := func(b []byte) []byte { return versionLine.ReplaceAll(b, []byte(`  "plumb": "v",`)) }

	got, _, err := executeStderr(t, append(prechangeArgs, "--points")...)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := norm([]byte(got)), norm(want); !bytes.Equal(g, w) {
		i := firstDifference(g, w)
		t.Fatalf("--points: the report differs from the pre-change one at byte %d:\n got …%s…\nwant …%s…", i, excerpt(g, i), excerpt(w, i))
	}

	// Without --points: the pre-change document minus every points key.
	var doc report.Doc
	if err := json.Unmarshal(want, &doc); err != nil {
		t.Fatal(err)
	}
	for name, j := range doc.Judges {
		if j.Likelihood == nil {
			continue
		}
		j.Likelihood.Points = nil
		for _, c := range j.Likelihood.Criteria {
			c.Points = nil
		}
		doc.Judges[name] = j
	}
	var lean bytes.Buffer
	if err := report.WriteJSON(&lean, &doc); err != nil {
		t.Fatal(err)
	}
	got, _, err = executeStderr(t, prechangeArgs...)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := norm([]byte(got)), norm(lean.Bytes()); !bytes.Equal(g, w) {
		i := firstDifference(g, w)
		t.Fatalf("default: the report differs from the pre-change one without points at byte %d:\n got …%s…\nwant …%s…", i, excerpt(g, i), excerpt(w, i))
	}
	if len(got) > len(want)/4 {
		t.Errorf("the default report is %d bytes, the one with points %d: the points should be most of it", len(got), len(want))
	}
}

func firstDifference(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func excerpt(b []byte, i int) string {
	return string(b[max(0, i-200):min(len(b), i+200)])
}
