package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSelfFlagNames: --self selects a judge and a generator whose names
// hold '=', ',' and spaces at their ends, as the reproduce commands print
// them (JUDGE=MODEL, the names as written).
func TestSelfFlagNames(t *testing.T) {
	t.Parallel()
	const judge, gen = " j=1, x ", " m=2, y "
	var b strings.Builder
	for i := range 40 {
		m1, m2 := gen, "other"
		if i%2 == 1 {
			m1, m2 = m2, m1
		}
		fmt.Fprintf(&b, `{"kind":"pair","id":"i%d","judge":%q,"p_a":{"x0":%g,"x2":0.5},"model_1":%q,"model_2":%q,"len_1":%d,"len_2":%d}`+"\n",
			i, judge, 0.2+0.015*float64(i), m1, m2, 10+i, 20+i%5)
	}
	in := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(in, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	d := reportStyle(t, in, "--bootstrap", "0", "--self", judge+"="+gen)
	if got := d.Options.Style.Self; got[judge] != gen || len(got) != 1 {
		t.Errorf("self %q, want {%q: %q}", got, judge, gen)
	}
	if sp := d.Judges[judge].Style.SelfPreference; sp == nil || sp.Model != gen || sp.N != 40 {
		t.Errorf("self-preference %+v, want of %q on 40 items", sp, gen)
	}
}
