package stats

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// loadCases reads testdata/name, a JSON array of oracle cases trimmed from
// the shared oracle fixtures (see each file's "source" fields), into dst.
func loadCases(t testing.TB, name string, dst any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("read oracle cases: %v", err)
	}
	if err := json.Unmarshal(b, dst); err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
}

// close reports whether got is within rel·max(|want|, floor) of want. floor
// keeps the tolerance absolute for values near zero.
func closeTo(got, want, rel, floor float64) bool {
	if math.IsNaN(got) || math.IsNaN(want) {
		return false
	}
	return math.Abs(got-want) <= rel*math.Max(math.Abs(want), floor)
}
