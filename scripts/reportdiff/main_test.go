package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// write puts text in dir/name, gzipped when name ends in .gz.
func write(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	b := []byte(text)
	if strings.HasSuffix(name, ".gz") {
		var z bytes.Buffer
		zw := gzip.NewWriter(&z)
		if _, err := zw.Write(b); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		b = z.Bytes()
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestReportdiff: numbers compare by value, every difference is printed
// with its path, --drop deletes a key everywhere or a dotted path, --rel
// allows a relative difference, and the exit status says which.
func TestReportdiff(t *testing.T) {
	dir := t.TempDir()
	old := write(t, dir, "old.json.gz", `{"plumb":"a","judges":[{"judge":"x","selection":{"methods":{"cc":{"n":1},"raw":{"acc":0.5,"n":10}}},"d":[1,2]}]}`)
	for _, c := range []struct {
		name, new string
		args      []string
		status    int
		want      []string
	}{
		{"same values", `{"plumb":"a","judges":[{"judge":"x","selection":{"methods":{"cc":{"n":1.0},"raw":{"acc":5e-1,"n":10}}},"d":[1,2]}]}`,
			nil, 0, []string{"equal"}},
		{"differences", `{"plumb":"b","judges":[{"judge":"x","selection":{"methods":{"raw":{"acc":0.51,"n":null,"new":true}}},"d":[1]}]}`,
			nil, 1, []string{
				".judges[0].d: 2 elements → 1",
				".judges[0].selection.methods.cc: only in the old one: an object of 1 keys",
				".judges[0].selection.methods.raw.acc: 0.5 → 0.51",
				".judges[0].selection.methods.raw.n: 10 → null",
				".judges[0].selection.methods.raw.new: only in the new one: true",
				`.plumb: "a" → "b"`,
				"6 differences"}},
		{"dropped", `{"plumb":"b","judges":[{"judge":"x","selection":{"methods":{"raw":{"acc":0.5,"n":10}}},"d":[1,2]}]}`,
			[]string{"--drop", "plumb", "--drop", "selection.methods.cc"}, 0, []string{"equal"}},
		{"a dotted path drops only there", `{"plumb":"a","judges":[{"judge":"x","selection":{"methods":{"raw":{"acc":0.5,"n":10}}},"d":[1,2],"cc":3}]}`,
			[]string{"--drop", "methods.cc"}, 1, []string{".judges[0].cc: only in the new one: 3", "1 difference"}},
		{"relative", `{"plumb":"a","judges":[{"judge":"x","selection":{"methods":{"cc":{"n":1},"raw":{"acc":0.50000001,"n":10}}},"d":[1,2]}]}`,
			[]string{"--rel", "1e-7"}, 0, []string{"equal"}},
	} {
		var out, errb bytes.Buffer
		got := run(append(c.args, old, write(t, dir, "new.json", c.new)), &out, &errb)
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if got != c.status || strings.Join(lines, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s: status %d, want %d; printed\n%s\nwant\n%s\n%s", c.name, got, c.status, out.String(), strings.Join(c.want, "\n"), errb.String())
		}
	}
	var out, errb bytes.Buffer
	if got := run([]string{old}, &out, &errb); got != 2 {
		t.Errorf("one file: status %d, want 2", got)
	}
}

// TestReportdiffPrechange: the checked-in pre-change report equals itself,
// and a copy with one method's accuracy_ties set to null (the sixth
// update of testdata/report-prechange.md) differs in that one key.
func TestReportdiffPrechange(t *testing.T) {
	gz := filepath.Join("..", "..", "cmd", "plumb", "testdata", "report-prechange.json.gz")
	var out, errb bytes.Buffer
	if got := run([]string{gz, gz}, &out, &errb); got != 0 || strings.TrimSpace(out.String()) != "equal" {
		t.Fatalf("the file against itself: status %d\n%s%s", got, out.String(), errb.String())
	}
	v, err := readJSON(gz)
	if err != nil {
		t.Fatal(err)
	}
	m := v.(map[string]any)["judges"].(map[string]any)["judge-fair"].(map[string]any)["selection"].(map[string]any)["methods"].(map[string]any)
	var name string
	for _, k := range []string{"raw", "calibraeval", "pride"} {
		if meth := m[k].(map[string]any); meth["accuracy_ties"] != nil {
			name = k
			meth["accuracy_ties"] = nil
			break
		}
	}
	if name == "" {
		t.Fatal("no method of judge-fair with accuracy_ties")
	}
	b, err := marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	changed := write(t, t.TempDir(), "changed.json", string(b))
	out.Reset()
	if got := run([]string{gz, changed}, &out, &errb); got != 1 ||
		!strings.HasPrefix(out.String(), ".judges.judge-fair.selection.methods."+name+".accuracy_ties: ") || !strings.HasSuffix(out.String(), " → null\n1 difference\n") {
		t.Errorf("status %d:\n%s", got, out.String())
	}
}

// marshal writes v as JSON (json.Number as written).
func marshal(v any) ([]byte, error) { return json.Marshal(v) }
