package model

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestReadProbes: probe records are read beside the items, in file order,
// with their condition kept verbatim, and written back as read.
func TestReadProbes(t *testing.T) {
	in := strings.Join([]string{
		pairLine("p1", 0.4),
		`{"kind":"probe","probe":"cc","id":"cc1","judge":"j","p_a":{"x0":0.6,"x1":0.3},"condition":{"template":"t","ids":"A/B","shots":0}}`,
		`{"kind":"probe","probe":"dc","id":"cc1","judge":"j","p_a":{"x0":0.55,"x2":null},"note":1}`,
	}, "\n")
	l, err := readString(in, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Pairs) != 1 || len(l.Probes) != 2 || l.Files[0].Probes != 2 {
		t.Fatalf("%d pairs, %d probes, file %+v", len(l.Pairs), len(l.Probes), l.Files[0])
	}
	cc, dc := l.Probes[0], l.Probes[1]
	if cc.Probe != ProbeCC || cc.Has != [4]bool{true, true} || cc.S[X1] != 0.3 || string(cc.Condition) != `{"template":"t","ids":"A/B","shots":0}` || cc.Pos.Line != 2 {
		t.Errorf("cc probe %+v", cc)
	}
	if dc.Probe != ProbeDC || dc.Has != [4]bool{true} || string(dc.Extra["note"]) != "1" {
		t.Errorf("dc probe %+v", dc)
	}
	var buf bytes.Buffer
	if err := WriteLog(&buf, l); err != nil {
		t.Fatal(err)
	}
	back, err := readString(buf.String(), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range back.Probes {
		back.Probes[i].Pos, l.Probes[i].Pos = Pos{}, Pos{}
	}
	if !reflect.DeepEqual(back.Probes, l.Probes) {
		t.Errorf("round trip:\n%+v\n%+v", back.Probes, l.Probes)
	}
}

// TestReadProbeErrors: a bad probe record is an error that names the field.
func TestReadProbeErrors(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{`{"kind":"probe","id":"c","judge":"j","p_a":{"x0":0.5}}`, `t.jsonl:1: probe is missing`},
		{`{"kind":"probe","probe":"xx","id":"c","judge":"j","p_a":{"x0":0.5}}`, `t.jsonl:1: probe = "xx" is not a probe kind (expected "cc" or "dc")`},
		{`{"kind":"probe","probe":"cc","id":"c","judge":"j"}`, `t.jsonl:1: p_a is missing`},
		{`{"kind":"probe","probe":"cc","id":"c","judge":"j","p_a":{"x1":0.5}}`, `t.jsonl:1: p_a.x0 is missing`},
		{`{"kind":"probe","probe":"cc","id":"c","judge":"j","p_a":{"x0":2}}`, `t.jsonl:1: p_a.x0 = 2 is not a probability in [0, 1]`},
		{`{"kind":"probe","probe":"cc","id":"c","judge":"j","p_a":{"x0":0.5},"condition":3}`, `t.jsonl:1: condition`},
		{`{"kind":"probe","probe":"cc","id":"c","judge":"j","p_a":{"x0":0.5}}` + "\n" + `{"kind":"probe","probe":"cc","id":"c","judge":"j","p_a":{"x0":0.4}}`,
			`t.jsonl:2: duplicate probe record (judge "j", id "c", probe "cc"): first seen at t.jsonl:1`},
	} {
		_, err := readString(tc.line, ReadOptions{})
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s:\n got %v\nwant %s…", tc.line, err, tc.want)
		}
	}
}

// TestParseLineProbe: ParseLine returns a probe record.
func TestParseLineProbe(t *testing.T) {
	rec, err := ParseLine([]byte(`{"kind":"probe","probe":"dc","id":"d","judge":"j","p_a":{"x0":0.25}}`), Pos{File: "f", Line: 3})
	if err != nil || rec.Kind != KindProbe || rec.Probe == nil || rec.Probe.S[X0] != 0.25 || rec.Pair != nil {
		t.Fatalf("%+v, %v", rec, err)
	}
}

// TestWatchProbes: a watched file's probe records reach the log, those
// appended later too.
func TestWatchProbes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.jsonl")
	first := pairLine("p1", 0.4) + "\n" + `{"kind":"probe","probe":"cc","id":"c1","judge":"j","p_a":{"x0":0.6}}` + "\n"
	if err := os.WriteFile(path, []byte(first), 0o644); err != nil {
		t.Fatal(err)
	}
	w := NewWatcher([]string{path}, ReadOptions{})
	if lg := mustPoll(t, w); len(lg.Probes) != 1 || lg.Files[0].Probes != 1 {
		t.Fatalf("first poll: %d probes, file %+v", len(lg.Probes), lg.Files[0])
	}
	appendTo(t, path, []byte(`{"kind":"probe","probe":"dc","id":"c1","judge":"j","p_a":{"x0":0.3}}`+"\n"))
	lg := mustPoll(t, w)
	if len(lg.Probes) != 2 || lg.Probes[1].Probe != ProbeDC || lg.Files[0].Probes != 2 {
		t.Fatalf("second poll: %+v", lg.Probes)
	}
}
