package analysis

import (
	"maps"
	"strings"
	"testing"
)

// TestParseDifficulty reads AlpacaEval's instruction_difficulty.csv format
// (pandas' to_csv of the index → difficulty Series: a header, then
// index,value rows) and names the line of what it rejects.
func TestParseDifficulty(t *testing.T) {
	got, err := ParseDifficulty(strings.NewReader("\ufeffindex,instruction_difficulty\n0,0\n1,-0.4213\r\n\n804,2.5e-1\n"), "d.csv")
	if err != nil {
		t.Fatal(err)
	}
	if want := map[int]float64{0: 0, 1: -0.4213, 804: 0.25}; !maps.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	for in, msg := range map[string]string{
		"index,d\n":               "d.csv: no index,difficulty rows",
		"index,d\n0,1\n0,2\n":     "d.csv:3: index 0 given twice",
		"index,d\n-1,1\n":         "d.csv:2: index \"-1\" is not a whole number ≥ 0",
		"index,d\n1,NaN\n":        "d.csv:2: difficulty \"NaN\" is not a finite number",
		"index,d\n1,2,3\n":        "d.csv:2: \"1,2,3\": want index,difficulty",
		"index,d\nq81,0.5\n":      "d.csv:2: index \"q81\" is not a whole number ≥ 0",
		"index,d\n1;0.5\n":        "d.csv:2: \"1;0.5\": want index,difficulty",
		"index,d\n3,0.5\n4,inf\n": "d.csv:3: difficulty \"inf\" is not a finite number",
	} {
		if _, err := ParseDifficulty(strings.NewReader(in), "d.csv"); err == nil || err.Error() != msg {
			t.Errorf("%q: error %v, want %q", in, err, msg)
		}
	}
}
