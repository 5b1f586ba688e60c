package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLengthsDifferNote: where len_1 disagrees with the response_1 given
// beside it, the style section says so, with the count of such records and
// which it used (len_k).
func TestLengthsDifferNote(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	for i := range 40 {
		l1 := 3 + i%7
		if i < 2 {
			l1 = 99 // response_1 below has 3+i%7 code points
		}
		fmt.Fprintf(&b, `{"kind":"pair","id":"i%d","judge":"j","p_a":{"x0":%g,"x2":%g},"model_1":"A","model_2":"B",`+
			`"response_1":%q,"len_1":%d,"response_2":"xy","len_2":2}`+"\n",
			i, 0.3+0.01*float64(i), 0.6-0.01*float64(i), strings.Repeat("a", 3+i%7), l1)
	}
	in := filepath.Join(t.TempDir(), "l.jsonl")
	if err := os.WriteFile(in, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	d := reportStyle(t, in, "--bootstrap", "0")
	st := d.Judges["j"].Style
	if st == nil {
		t.Fatal("no style section")
	}
	want := "len_1 or len_2 differs from the length of the response text beside it in 2 pair records: the length measures use len_1 and len_2"
	if !slices.Contains(st.Notes, want) {
		t.Errorf("style notes %q, want %q", st.Notes, want)
	}
}
