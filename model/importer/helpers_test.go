package importer

import (
	"bytes"
	"compress/gzip"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// load imports paths (detected) with texts, failing the test on error.
func load(t *testing.T, paths ...string) *model.Log {
	t.Helper()
	lg, err := Load(paths, "", model.ReadOptions{}, Options{})
	if err != nil {
		t.Fatalf("Load(%v): %v", paths, err)
	}
	return lg
}

// pairOf returns the pair of judge and id.
func pairOf(t *testing.T, lg *model.Log, judge, id string) *model.Pair {
	t.Helper()
	for i := range lg.Pairs {
		if p := &lg.Pairs[i]; p.Judge == judge && p.ID == id {
			return p
		}
	}
	var have []string
	for _, p := range lg.Pairs {
		have = append(have, p.Judge+" | "+p.ID)
	}
	t.Fatalf("no pair %q of judge %q; have:\n%s", id, judge, strings.Join(have, "\n"))
	return nil
}

// wantArr checks a pair's arrangements: want[a] is S[a], or NaN for absent.
func wantArr(t *testing.T, p *model.Pair, want ...float64) {
	t.Helper()
	for a := range model.NumArrangements {
		w := math.NaN()
		if a < len(want) {
			w = want[a]
		}
		switch {
		case math.IsNaN(w) && p.Has[a]:
			t.Errorf("%s %s: x%d = %v, want absent", p.Judge, p.ID, a, p.S[a])
		case !math.IsNaN(w) && !p.Has[a]:
			t.Errorf("%s %s: x%d absent, want %v", p.Judge, p.ID, a, w)
		case !math.IsNaN(w) && math.Abs(p.S[a]-w) > 1e-15:
			t.Errorf("%s %s: x%d = %v, want %v", p.Judge, p.ID, a, p.S[a], w)
		}
	}
}

// wantRuns checks a pair judged in the two runs of FastChat, LLMBar,
// JudgeBench and Arena-Hard: x0 = s0 and the swapped run, x2 (contents
// swapped, IDs on positions), = s2, both the observed P(A); x1 and x3
// absent.
func wantRuns(t *testing.T, p *model.Pair, s0, s2 float64) {
	t.Helper()
	wantArr(t, p, s0, absent, s2)
}

// absent is the value wantArr reads as "no such arrangement".
var absent = math.NaN()

// wantNotes checks that each of subs occurs in some note, and that there
// are n notes.
func wantNotes(t *testing.T, lg *model.Log, n int, subs ...string) {
	t.Helper()
	for _, s := range subs {
		if !slices.ContainsFunc(lg.Notes, func(note string) bool { return strings.Contains(note, s) }) {
			t.Errorf("no note contains %q; notes:\n%s", s, strings.Join(lg.Notes, "\n"))
		}
	}
	if len(lg.Notes) != n {
		t.Errorf("%d notes, want %d:\n%s", len(lg.Notes), n, strings.Join(lg.Notes, "\n"))
	}
}

// roundTrip writes lg's records as log format v1 and reads them back:
// every record must validate and come back equal (positions aside).
func roundTrip(t *testing.T, lg *model.Log) {
	t.Helper()
	var buf bytes.Buffer
	if err := model.WriteLog(&buf, lg); err != nil {
		t.Fatalf("writing the imported records: %v", err)
	}
	back, err := model.Read(&buf, "out.jsonl", model.ReadOptions{})
	if err != nil {
		t.Fatalf("reading back the written log: %v", err)
	}
	strip := func(l *model.Log) *model.Log {
		c := &model.Log{Pairs: slices.Clone(l.Pairs), Scores: slices.Clone(l.Scores), Verdicts: slices.Clone(l.Verdicts)}
		for i := range c.Pairs {
			c.Pairs[i].Pos = model.Pos{}
			if len(c.Pairs[i].Extra) == 0 {
				c.Pairs[i].Extra = nil
			}
		}
		for i := range c.Verdicts {
			c.Verdicts[i].Pos = model.Pos{}
			if len(c.Verdicts[i].Extra) == 0 {
				c.Verdicts[i].Extra = nil
			}
		}
		return c
	}
	got, want := strip(back), strip(lg)
	if len(got.Pairs) != len(want.Pairs) || len(got.Verdicts) != len(want.Verdicts) {
		t.Fatalf("read back %d pairs and %d verdicts, wrote %d and %d", len(got.Pairs), len(got.Verdicts), len(want.Pairs), len(want.Verdicts))
	}
	for i := range want.Pairs {
		if !reflect.DeepEqual(got.Pairs[i], want.Pairs[i]) {
			t.Errorf("pair %d changed in the round trip:\n got %+v\nwant %+v", i, got.Pairs[i], want.Pairs[i])
		}
	}
	for i := range want.Verdicts {
		if !reflect.DeepEqual(got.Verdicts[i], want.Verdicts[i]) {
			t.Errorf("verdict %d changed in the round trip:\n got %+v\nwant %+v", i, got.Verdicts[i], want.Verdicts[i])
		}
	}
}

// writeFile writes content to name in a temporary folder.
func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// gzipCopy writes a gzip copy of src under a name without a .gz suffix,
// so that only the content says it is compressed.
func gzipCopy(t *testing.T, src string) string {
	t.Helper()
	raw, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(raw)
	zw.Close()
	path := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
