package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
)

func TestTruthBasics(t *testing.T) {
	var zero Truth
	if zero.Len() != 0 || zero.Map() != nil || zero.String() != "{}" {
		t.Errorf("zero Truth: len %d, map %v, %s", zero.Len(), zero.Map(), zero)
	}
	if _, ok := zero.Get("x"); ok {
		t.Error("zero Truth has x")
	}
	tr := NewTruth(TruthEntry{Key: "z", Value: 1}, TruthEntry{Key: "a", Value: -2.5}, TruthEntry{Key: "z", Value: 3})
	if tr.Len() != 2 || tr.String() != `{"a":-2.5,"z":3}` {
		t.Errorf("NewTruth: %s (a later entry replaces an earlier one)", tr)
	}
	if v, ok := tr.Get("a"); !ok || v != -2.5 || tr.Value("z") != 3 || tr.Value("missing") != 0 {
		t.Errorf("Get/Value: %v %v %v", v, ok, tr.Value("z"))
	}
	if !tr.Equal(TruthFromMap(map[string]float64{"z": 3, "a": -2.5})) || tr.Equal(zero) {
		t.Error("Equal")
	}
	var keys []string
	for k, v := range tr.All() {
		keys = append(keys, fmt.Sprint(k, "=", v))
	}
	if strings.Join(keys, " ") != "a=-2.5 z=3" {
		t.Errorf("All: %v", keys)
	}
}

// TestTruthSetDelete checks that Set and Delete keep the entries sorted and
// never change a copy made before.
func TestTruthSetDelete(t *testing.T) {
	orig := NewTruth(TruthEntry{Key: "b", Value: 2}, TruthEntry{Key: "d", Value: 4})
	c := orig
	c.Set("b", 20)
	c.Set("a", 1)
	c.Set("c", 3)
	c.Set("e", 5)
	if c.String() != `{"a":1,"b":20,"c":3,"d":4,"e":5}` {
		t.Errorf("after Set: %s", c)
	}
	if orig.String() != `{"b":2,"d":4}` {
		t.Errorf("Set changed the original: %s", orig)
	}
	d := c
	d.Delete("c")
	d.Delete("missing")
	if d.String() != `{"a":1,"b":20,"d":4,"e":5}` || c.Len() != 5 {
		t.Errorf("after Delete: %s (copy %s)", d, c)
	}
	one := NewTruth(TruthEntry{Key: "x", Value: 1})
	one.Delete("x")
	if !one.Equal(Truth{}) || one.e != nil {
		t.Errorf("deleting the last key leaves %#v", one)
	}
	// Many keys: binary search.
	var big Truth
	for i := 40; i > 0; i-- {
		big.Set(fmt.Sprintf("k%02d", i), float64(i))
	}
	for i := 1; i <= 40; i++ {
		if v, ok := big.Get(fmt.Sprintf("k%02d", i)); !ok || v != float64(i) {
			t.Fatalf("k%02d = %v, %v", i, v, ok)
		}
	}
	if _, ok := big.Get("k00"); ok || !sortedEntries(big.e) {
		t.Error("big truth")
	}
}

func TestTruthJSON(t *testing.T) {
	tr := TruthFromMap(map[string]float64{"p1": 0.75, "delta": -1e-300, "é\"": 2})
	b, err := json.Marshal(struct{ T Truth }{tr})
	if err != nil || string(b) != `{"T":{"delta":-1e-300,"p1":0.75,"é\"":2}}` {
		t.Fatalf("marshal: %s, %v", b, err)
	}
	var back struct{ T Truth }
	if err := json.Unmarshal(b, &back); err != nil || !back.T.Equal(tr) {
		t.Fatalf("unmarshal: %s, %v", back.T, err)
	}
	var u Truth
	if err := json.Unmarshal([]byte(`{"ok": true, "no": false, "x": 1.5}`), &u); err != nil || u.String() != `{"no":0,"ok":1,"x":1.5}` {
		t.Errorf("booleans: %s, %v", u, err)
	}
	if err := json.Unmarshal([]byte(`null`), &u); err != nil || u.Len() != 0 {
		t.Errorf("null: %s, %v", u, err)
	}
	if err := json.Unmarshal([]byte(`{"x": "1"}`), &u); err == nil {
		t.Error("a string value was accepted")
	}
	if _, err := json.Marshal(NewTruth(TruthEntry{Key: "x", Value: math.NaN()})); err == nil {
		t.Error("NaN was marshalled")
	}
}

// TestParseTruth checks the reader's truth objects: keys sorted whatever
// their order in the file, booleans, duplicates found (also in long
// objects), and no record sees another's entries although they share
// blocks.
func TestParseTruth(t *testing.T) {
	line := func(truth string) []byte {
		return []byte(`{"kind":"verdict","id":"v","judge":"j","verdict":true,"truth":` + truth + `}`)
	}
	var p recParser
	p.init("f", false)
	rec := record{pair: new(Pair), score: new(Score), verdict: new(Verdict)}
	parse := func(truth string) (Truth, *LineError) {
		err := p.parse(line(truth), 1, 0, &rec)
		return rec.verdict.Truth, err
	}
	if tr, err := parse(`{"z":1,"a":true,"m":false}`); err != nil || tr.String() != `{"a":1,"m":0,"z":1}` {
		t.Errorf("unsorted: %s, %v", tr, err)
	}
	if tr, err := parse(`{}`); err != nil || tr.e != nil {
		t.Errorf("empty object: %#v, %v", tr, err)
	}
	if _, err := parse(`{"a":1,"b":2,"a":3}`); err == nil || !strings.Contains(err.Error(), "truth.a appears twice") {
		t.Errorf("duplicate: %v", err)
	}
	if _, err := parse(`{"a":1,"b":"x"}`); err == nil || !strings.Contains(err.Error(), "truth.b") {
		t.Errorf("string value: %v", err)
	}
	// A long object: duplicates are found through a map.
	var b strings.Builder
	b.WriteByte('{')
	for i := range 100 {
		fmt.Fprintf(&b, `"k%03d":%d,`, 99-i, i)
	}
	long := b.String()
	if tr, err := parse(long + `"x":1}`); err != nil || tr.Len() != 101 || tr.Value("k000") != 99 || !sortedEntries(tr.e) {
		t.Errorf("long: %v, %v", tr.Len(), err)
	}
	for _, dup := range []string{`"k000":1}`, `"k050":1}`, `"k099":1}`} {
		if _, err := parse(long + dup); err == nil || !strings.Contains(err.Error(), "appears twice") {
			t.Errorf("long with %s: %v", dup, err)
		}
	}
	// Many records through one parser, with failures in between: every
	// record keeps its own entries.
	var got []Truth
	for i := range 20000 {
		tr, err := parse(fmt.Sprintf(`{"i":%d,"j":%d,"k":%d}`, i, -i, i%7))
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, tr)
		if i%3 == 0 {
			if _, err := parse(`{"a":1,"a":2}`); err == nil {
				t.Fatal("duplicate accepted")
			}
		}
	}
	for i, tr := range got {
		if tr.String() != fmt.Sprintf(`{"i":%d,"j":%d,"k":%d}`, i, -i, i%7) {
			t.Fatalf("record %d: %s", i, tr)
		}
	}
	// Set on a parsed Truth leaves its neighbours alone.
	got[5].Set("i", -1)
	got[5].Set("zz", 1)
	if got[4].String() != `{"i":4,"j":-4,"k":4}` || got[6].String() != `{"i":6,"j":-6,"k":6}` {
		t.Errorf("neighbours changed: %s %s", got[4], got[6])
	}
}

// TestParseValueBlocks checks that records' pointers from the parser's
// value blocks are distinct.
func TestParseValueBlocks(t *testing.T) {
	var buf bytes.Buffer
	for i := range 3000 {
		fmt.Fprintf(&buf, `{"kind":"score","id":"s%d","judge":"j","criterion":"c","judge_score":%d,"human_score":1,"ls":-%d,"tokens":%d}`+"\n", i, i, i, i+1)
		fmt.Fprintf(&buf, `{"kind":"verdict","id":"v%d","judge":"j","verdict":true,"human":%v}`+"\n", i, i%2 == 0)
	}
	l, err := Read(&buf, "f", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	*l.Scores[0].JudgeScore, *l.Scores[0].LS, *l.Scores[0].Tokens = 99, -99, 99
	*l.Verdicts[0].Human = false
	for i, s := range l.Scores[1:] {
		i++
		if *s.JudgeScore != float64(i) || *s.LS != -float64(i) || *s.Tokens != i+1 {
			t.Fatalf("score %d: %v %v %v", i, *s.JudgeScore, *s.LS, *s.Tokens)
		}
	}
	for i, v := range l.Verdicts[1:] {
		if *v.Human != ((i+1)%2 == 0) {
			t.Fatalf("verdict %d: human %v", i+1, *v.Human)
		}
	}
}
