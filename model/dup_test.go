package model

import "testing"

// TestDupCollision: different keys with the same hash are told apart, and a
// repeat of either is still found.
func TestDupCollision(t *testing.T) {
	// The first records go to main (room for 0, 2 or 10), the rest to chunks.
	for _, room := range []int{0, 2, 10} {
		dupCollision(t, room)
	}
}

func dupCollision(t *testing.T, room int) {
	ld := newLoader(ReadOptions{})
	ld.pairs.reserve(room)
	keep := func(id string, line int) *LineError {
		p := Pair{ID: id, Judge: "j", Pos: Pos{"f", line}}
		ld.pairs.begin([]Pair{p})
		var cs chunkState
		err := ld.dups.add(ld, 42, dupKey{KindPair, "j", id, "", ""}, p.Pos, newRef(KindPair, ld.pairs.next(&cs)))
		if err == nil {
			ld.pairs.keep(0, &cs)
		}
		ld.pairs.commit(cs)
		return err
	}
	if keep("a", 1) != nil || keep("b", 2) != nil || keep("c", 3) != nil {
		t.Fatal("distinct keys with one hash reported as duplicates")
	}
	for _, tc := range []struct {
		id   string
		want string
	}{
		{"a", `f:4: duplicate pair record (judge "j", id "a"): first seen at f:1`},
		{"b", `f:4: duplicate pair record (judge "j", id "b"): first seen at f:2`},
		{"c", `f:4: duplicate pair record (judge "j", id "c"): first seen at f:3`},
	} {
		if err := keep(tc.id, 4); err == nil || err.Error() != tc.want {
			t.Errorf("room %d: got %v, want %s", room, err, tc.want)
		}
	}
	if got := len(ld.finish().Pairs); got != 3 {
		t.Errorf("room %d: %d pairs kept", room, got)
	}
}

// TestArrangementTable checks the arrangement helpers against docs/methods.md §1:
// x0 shows response_1 first with P(A) = P(response_1 better); x1 swaps the
// positions; x2 swaps the contents (P(A) = P(response_2 better)); x3 both.
func TestArrangementTable(t *testing.T) {
	for _, tc := range []struct {
		a                 Arrangement
		name              string
		first             int
		posSwap, contSwap bool
		pref              float64 // preference for response_1 when P(A) = 0.8
	}{
		{X0, "x0", 1, false, false, 0.8},
		{X1, "x1", 2, true, false, 0.8},
		{X2, "x2", 2, false, true, 0.2},
		{X3, "x3", 1, true, true, 0.2},
	} {
		a := tc.a
		if a.String() != tc.name || a.FirstShown() != tc.first || a.PositionSwapped() != tc.posSwap || a.ContentSwapped() != tc.contSwap {
			t.Errorf("%v: %s first %d pos %v cont %v", int(a), a, a.FirstShown(), a.PositionSwapped(), a.ContentSwapped())
		}
		if p := a.Preference(0.8); p < tc.pref-1e-15 || p > tc.pref+1e-15 {
			t.Errorf("%s: preference %v, want %v", a, p, tc.pref)
		}
		if b, ok := ParseArrangement(tc.name); !ok || b != a {
			t.Errorf("ParseArrangement(%q) = %v, %v", tc.name, b, ok)
		}
	}
	if _, ok := ParseArrangement("x4"); ok {
		t.Error("x4 parsed")
	}
}

// TestRefTable: every hash added is found with its first ref, through
// growth from empty and from a reserved size, hash 0 included.
func TestRefTable(t *testing.T) {
	for _, reserve := range []int{0, 10, 5000} {
		var tab refTable
		tab.reserve(reserve)
		h := func(i int) uint64 { return uint64(i) * 0x9E3779B97F4A7C15 } // h(0) = 0
		for i := range 3000 {
			if _, taken := tab.add(h(i), dupRef(i)); taken {
				t.Fatalf("reserve %d: %d taken", reserve, i)
			}
		}
		for i := range 3000 {
			if ref, taken := tab.add(h(i), dupRef(i+1)); !taken || ref != dupRef(i) {
				t.Fatalf("reserve %d: %d gives %d, %v", reserve, i, ref, taken)
			}
		}
		if tab.n != 3000 || len(tab.slots) < 6000 {
			t.Errorf("reserve %d: %d hashes in %d slots", reserve, tab.n, len(tab.slots))
		}
	}
}
