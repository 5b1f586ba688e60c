package sim

import (
	"bytes"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// TestGridConditions: every pair item and probe is written once per
// condition with its condition object, the truth holds the biases in force
// (the judge's plus its levels'), and the output without a grid is the
// same bytes as before.
func TestGridConditions(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Pairs, cfg.Scores, cfg.Verdicts, cfg.ProbeSamples = 5, 0, 0, 3
	cfg.Probes = []model.ProbeKind{model.ProbeCC}
	cfg.Judges = cfg.Judges[1:2] // judge-first: pos 1.5, tok 0
	var plain bytes.Buffer
	if err := Write(&plain, cfg); err != nil {
		t.Fatal(err)
	}
	grid := cfg
	grid.Grid = Grid{
		Templates: []Level{{Value: "t1"}, {Value: "t2", PosBias: 0.5}},
		IDs:       []Level{{Value: "A/B"}, {Value: "X/Y", TokenBias: -0.25}},
	}
	lg, err := Collect(grid)
	if err != nil {
		t.Fatal(err)
	}
	if len(lg.Pairs) != 4*5 || len(lg.Probes) != 4*3 || grid.Records() != 4*5+4*3 {
		t.Fatalf("%d pairs, %d probes, Records %d", len(lg.Pairs), len(lg.Probes), grid.Records())
	}
	want := map[string][2]float64{
		`{"template":"t1","ids":"A/B"}`: {1.5, 0}, `{"template":"t1","ids":"X/Y"}`: {1.5, -0.25},
		`{"template":"t2","ids":"A/B"}`: {2, 0}, `{"template":"t2","ids":"X/Y"}`: {2, -0.25},
	}
	for i := range lg.Pairs {
		p := &lg.Pairs[i]
		w, ok := want[string(p.Condition)]
		pos, _ := p.Truth.Get("pos")
		tok, _ := p.Truth.Get("tok")
		if !ok || pos != w[0] || tok != w[1] {
			t.Errorf("pair %s: condition %s, truth pos %v tok %v", p.ID, p.Condition, pos, tok)
		}
	}
	for i := range lg.Probes {
		if _, ok := want[string(lg.Probes[i].Condition)]; !ok {
			t.Errorf("probe %s: condition %s", lg.Probes[i].ID, lg.Probes[i].Condition)
		}
	}
	var again bytes.Buffer
	if err := Write(&again, cfg); err != nil || !bytes.Equal(again.Bytes(), plain.Bytes()) {
		t.Errorf("without a grid the output changed (%v)", err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, grid); err != nil {
		t.Fatal(err)
	}
	if _, err := model.Read(bytes.NewReader(buf.Bytes()), "grid.jsonl", model.ReadOptions{}); err != nil {
		t.Errorf("the grid's log does not read back: %v", err)
	}
}

// TestParseLevel: a level is a value with optional pos and tok; shots are
// integers ≥ 0.
func TestParseLevel(t *testing.T) {
	l, err := ParseLevel("ids", "Alice/Bob:pos=0.5,tok=-1")
	if err != nil || l != (Level{Value: "Alice/Bob", PosBias: 0.5, TokenBias: -1}) {
		t.Errorf("%+v, %v", l, err)
	}
	for _, bad := range [][2]string{{"shots", "x"}, {"shots", "-1"}, {"template", ":pos=1"}, {"ids", "A/B:bias=1"}} {
		if _, err := ParseLevel(bad[0], bad[1]); err == nil {
			t.Errorf("%s %q: no error", bad[0], bad[1])
		}
	}
}
