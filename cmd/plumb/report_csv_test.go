package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/report"
)

// TestReportCSV runs `plumb report --format csv`: the header is
// report.CSVColumns, the demo judge has rows in every section, -o writes
// the bytes printed on stdout, and a judge name a spreadsheet would run as
// a formula is written with a leading apostrophe.
func TestReportCSV(t *testing.T) {
	t.Parallel()
	out, _, err := execute(t, "report", "--format", "csv", "--judge", "judge-first", "--bootstrap", "0")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("not CSV: %v\n%s", err, out)
	}
	if strings.Join(rows[0], ",") != strings.Join(report.CSVColumns, ",") {
		t.Errorf("header %v", rows[0])
	}
	sections := map[string]int{}
	for _, r := range rows[1:] {
		if r[1] != "judge-first" {
			t.Errorf("row of judge %q with --judge judge-first", r[1])
		}
		sections[r[0]]++
	}
	for _, s := range []string{"judge", "selection", "bias_effects", "reporting", "reporting_split", "likelihood"} {
		if sections[s] == 0 {
			t.Errorf("no %s rows: %v", s, sections)
		}
	}
	file := filepath.Join(t.TempDir(), "r.csv")
	if _, _, err := execute(t, "report", "--format", "csv", "--judge", "judge-first", "--bootstrap", "0", "-o", file); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(file); string(b) != out {
		t.Error("-o wrote other bytes than stdout")
	}

	log := writeFile(t, "f.jsonl", `{"kind":"pair","id":"a","judge":"=SUM(A1)","p_a":{"x0":0.7,"x1":0.4},"gold":"1"}`+"\n"+
		`{"kind":"pair","id":"b","judge":"=SUM(A1)","p_a":{"x0":0.2,"x1":0.6},"gold":"2"}`+"\n")
	out, _, err = execute(t, "report", "--format", "csv", log)
	if err != nil {
		t.Fatal(err)
	}
	rows, err = csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(rows) < 2 {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, r := range rows[1:] {
		if r[1] != "'=SUM(A1)" {
			t.Fatalf("judge cell %q, want '=SUM(A1)", r[1])
		}
	}
}
