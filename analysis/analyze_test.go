package analysis

import "testing"

// TestByJudgeStable: byJudge groups records by judge in name order and
// keeps each judge's records in their original order.
func TestByJudgeStable(t *testing.T) {
	type rec struct{ judge, id string }
	xs := []rec{{"b", "1"}, {"a", "1"}, {"c", "1"}, {"b", "2"}, {"a", "2"}, {"b", "3"}, {"a", "3"}, {"c", "2"}}
	got := byJudge(xs, func(r *rec) string { return r.judge })
	want := []rec{{"a", "1"}, {"a", "2"}, {"a", "3"}, {"b", "1"}, {"b", "2"}, {"b", "3"}, {"c", "1"}, {"c", "2"}}
	for i := range want {
		if xs[i] != want[i] {
			t.Fatalf("grouped order %v, want %v", xs, want)
		}
	}
	if len(got) != 3 || len(got["a"]) != 3 || got["b"][2].id != "3" || got["c"][0].id != "1" {
		t.Errorf("sub-slices %v", got)
	}
}
