package report

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model/sim/simtest"
	"github.com/plumb-eval/plumb/present"
)

// encoderJSON is how WriteJSON wrote the document before it streamed:
// encoding/json on the whole document.
func encoderJSON(t *testing.T, d *Doc) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(d); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func streamJSON(t *testing.T, d *Doc) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := newJSONStream(&b).writeDoc(d); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestStreamMatchesEncoder: the streamed JSON is byte for byte
// encoding/json's indented output, on a real report with every point and
// on values chosen for the encoder's corner cases (exponent forms, −0,
// escapes, empty and nil slices and maps, omitted keys).
func TestStreamMatchesEncoder(t *testing.T) {
	lg := simtest.Log(t, 300, 120, 200)
	opt := analysis.Options{Selection: selection.DefaultOptions(), Likelihood: likelihood.DefaultOptions()}
	opt.Likelihood.Permutations = 200
	an, err := analysis.Analyze(lg, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, points := range []bool{true, false} {
		d := BuildDocWith(an, "t<&>", DocSettings{Points: points})
		if a, b := encoderJSON(t, d), streamJSON(t, d); !bytes.Equal(a, b) {
			t.Errorf("points %v: streamed JSON differs from encoding/json's at byte %d", points, firstDiff(a, b))
		}
	}

	// Corner cases.
	odd := []Point{
		{ID: "plain", LS: 1e21, US: 1e-7, RS: -0.0, Sm: 123456789012345678, Sh: 5e-324},
		{ID: "tab\tquote\"back\\<html>&é\u2028\x7f", LS: -1e-6, US: 999999999999999999999, RS: 0.1, Sm: -3.25e-10, Sh: math.MaxFloat64},
		{ID: "", LS: 1e20, US: -2.5e-5, RS: 1, Sm: 0, Sh: 3},
	}
	d := &Doc{
		Files: []DocFile{}, Notes: nil, Summary: []present.SummaryRow{},
		Judges: map[string]Judge{
			"b<\"judge\">\n": {Notes: []string{}, Likelihood: &Likelihood{
				Criteria: map[string]*BiasScore{"ü": {Points: odd, TopRS: odd[:1]}, "empty": {Points: []Point{}}, "nil": nil},
				Total:    &BiasScore{}, Points: []Point{}, TopRS: nil,
			}},
			"a": {Likelihood: &Likelihood{Points: odd}},
			"c": {},
		},
		Reproduce: "plumb report 'a b.jsonl' <x>",
	}
	if a, b := encoderJSON(t, d), streamJSON(t, d); !bytes.Equal(a, b) {
		t.Errorf("corner cases: streamed JSON differs at byte %d:\n%s\n---\n%s", firstDiff(a, b), a, b)
	}
	if a, b := encoderJSON(t, &Doc{}), streamJSON(t, &Doc{}); !bytes.Equal(a, b) {
		t.Errorf("empty document: streamed JSON differs:\n%s\n---\n%s", a, b)
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestStreamedTypes: the types the stream walks itself use only what it
// implements (no embedded fields, no custom marshalling), so a field added
// to them later is written as encoding/json would.
func TestStreamedTypes(t *testing.T) {
	marshaler := reflect.TypeFor[json.Marshaler]()
	for typ := range streamed {
		if typ.Implements(marshaler) || reflect.PointerTo(typ).Implements(marshaler) {
			t.Errorf("%v implements json.Marshaler", typ)
		}
		for i := range typ.NumField() {
			if f := typ.Field(i); f.Anonymous {
				t.Errorf("%v.%s is embedded", typ, f.Name)
			}
		}
	}
}

// TestLeanDocHasNoPoints: the default document leaves the LS–US points
// out and keeps the top-RS items; DocSettings.Points puts them back.
func TestLeanDocHasNoPoints(t *testing.T) {
	lg := simtest.Log(t, 100, 60, 100)
	opt := analysis.Options{Selection: selection.DefaultOptions(), Likelihood: likelihood.DefaultOptions()}
	opt.Likelihood.Permutations = 0
	an, err := analysis.Analyze(lg, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, points := range []bool{false, true} {
		var b bytes.Buffer
		if err := WriteJSON(&b, BuildDocWith(an, "t", DocSettings{Points: points})); err != nil {
			t.Fatal(err)
		}
		var back struct {
			Judges map[string]struct {
				Likelihood struct {
					Points   *[]json.RawMessage `json:"points"`
					TopRS    []json.RawMessage  `json:"top_rs"`
					Criteria map[string]struct {
						Points *[]json.RawMessage `json:"points"`
						TopRS  []json.RawMessage  `json:"top_rs"`
					} `json:"criteria"`
				} `json:"likelihood"`
			} `json:"judges"`
		}
		if err := json.Unmarshal(b.Bytes(), &back); err != nil {
			t.Fatal(err)
		}
		for name, j := range back.Judges {
			l := j.Likelihood
			if (l.Points != nil) != points || len(l.TopRS) == 0 {
				t.Errorf("points %v: judge %s has total points %v, %d top-RS", points, name, l.Points != nil, len(l.TopRS))
			}
			if points && len(*l.Points) != 60 {
				t.Errorf("judge %s: %d total points, want 60", name, len(*l.Points))
			}
			for c, r := range l.Criteria {
				if (r.Points != nil) != points || len(r.TopRS) == 0 {
					t.Errorf("points %v: judge %s criterion %s has points %v, %d top-RS", points, name, c, r.Points != nil, len(r.TopRS))
				}
			}
		}
	}
}
