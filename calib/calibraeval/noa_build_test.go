package calibraeval

import (
	"cmp"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// TestNewNOAMatchesReference checks the fast NewNOA against the plain
// construction it replaced (newNOARef: pool, sort, binary search per term)
// on problems with ties, values of exactly 0 and 1, every objective and
// mixed arrangement sets: knots, counts and terms must be identical.
func TestNewNOAMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for trial := range 40 {
		n := 1 + rng.IntN(600) // above 256 items, radixSort sorts by digits
		pairs := randomPairsHas(rng, n, 0.7)
		est := make([]int, n+rng.IntN(5))
		for i := range est {
			est[i] = rng.IntN(n)
		}
		for _, obj := range []Objective{ObjectiveBoth, ObjectiveL1, ObjectiveL2} {
			got, err1 := NewNOA(pairs, est, obj)
			want, err2 := newNOARef(pairs, est, obj)
			if (err1 == nil) != (err2 == nil) || (err1 != nil && err1.Error() != err2.Error()) {
				t.Fatalf("trial %d %s: errors %v, want %v", trial, obj, err1, err2)
			}
			if err1 != nil {
				continue
			}
			if got.k != want.k || got.m != want.m || got.items != want.items ||
				!slices.Equal(got.z, want.z) || !slices.Equal(got.count, want.count) ||
				!slices.Equal(got.pos, want.pos) || !slices.Equal(got.con, want.con) ||
				!slices.Equal(got.anc, want.anc) {
				t.Fatalf("trial %d %s: problem differs from the reference", trial, obj)
			}
		}
	}
}

// newNOARef is NewNOA as first written (the reference for the test above).
func newNOARef(pairs []model.Pair, est []int, obj Objective) (*NOA, error) {
	if obj != ObjectiveBoth && obj != ObjectiveL1 && obj != ObjectiveL2 {
		return nil, fmt.Errorf("calibraeval: unknown objective %d", int(obj))
	}
	if len(est) == 0 {
		return nil, errors.New("calibraeval: the estimation set is empty")
	}
	choice := 0
	for _, i := range est {
		if i < 0 || i >= len(pairs) {
			return nil, fmt.Errorf("calibraeval: estimation index %d out of range [0, %d)", i, len(pairs))
		}
		if pairs[i].Source == model.SourceChoice {
			choice++
		}
	}
	if choice == len(est) {
		return nil, errors.New("CalibraEval needs probabilities; this judge gave hard choices")
	}
	if choice > 0 {
		return nil, fmt.Errorf("CalibraEval needs probabilities; %d of %d estimation items gave hard choices", choice, len(est))
	}

	type termRef struct {
		item int
		a, b model.Arrangement
	}
	var posRefs, conRefs []termRef
	var ancRefs []termRef // b unused
	var vals []float64
	k := 0
	for _, i := range est {
		pr := &pairs[i]
		var used [model.NumArrangements]bool
		nPos, nCon := 0, 0
		if obj.usesContent() {
			for _, cp := range contentPairs {
				if pr.Has[cp[0]] && pr.Has[cp[1]] {
					conRefs = append(conRefs, termRef{i, cp[0], cp[1]})
					used[cp[0]], used[cp[1]] = true, true
					nCon++
				}
			}
		}
		if obj.usesPosition() {
			for _, pp := range positionPairs {
				if pr.Has[pp[0]] && pr.Has[pp[1]] {
					posRefs = append(posRefs, termRef{i, pp[0], pp[1]})
					used[pp[0]], used[pp[1]] = true, true
					nPos++
					if nCon == 0 {
						ancRefs = append(ancRefs, termRef{i, pp[0], pp[0]})
					}
				}
			}
		}
		if nPos+nCon == 0 {
			continue
		}
		k++
		for _, a := range model.Arrangements {
			if !used[a] {
				continue
			}
			s := pr.S[a]
			if !(s >= 0 && s <= 1) { // also rejects NaN
				return nil, fmt.Errorf("calibraeval: item %q (%s): P(A) in %s is %v, not in [0, 1]", pr.ID, pr.Pos, a, s)
			}
			vals = append(vals, s)
		}
	}
	if k == 0 {
		return nil, fmt.Errorf("calibraeval: no estimation item has two arrangements that form a %s term (%s)", obj, objectiveNeeds(obj))
	}

	// Knots: 0, the distinct interior values, 1.
	slices.Sort(vals)
	z := []float64{0}
	count := []int{0}
	for _, v := range vals {
		switch {
		case v == 0:
			count[0]++
		case v == 1:
			// handled below
		case v == z[len(z)-1]:
			count[len(count)-1]++
		default:
			z = append(z, v)
			count = append(count, 1)
		}
	}
	n1 := 0
	for i := len(vals) - 1; i >= 0 && vals[i] == 1; i-- {
		n1++
	}
	z = append(z, 1)
	count = append(count, n1)
	m := len(z) - 1
	if m < 2 {
		return nil, errors.New("calibraeval: every P(A) in the estimation set is exactly 0 or 1; there is nothing to calibrate")
	}

	p := &NOA{obj: obj, items: len(est), k: k, m: m, z: z, count: count, solver: defaultSolver}
	knot := func(s float64) int32 {
		i, _ := slices.BinarySearch(z, s)
		return int32(i)
	}
	for _, t := range posRefs {
		pr := &pairs[t.item]
		p.pos = append(p.pos, [2]int32{knot(pr.S[t.a]), knot(pr.S[t.b])})
	}
	for _, t := range conRefs {
		pr := &pairs[t.item]
		p.con = append(p.con, [2]int32{knot(pr.S[t.a]), knot(pr.S[t.b])})
	}
	for _, t := range ancRefs {
		p.anc = append(p.anc, knot(pairs[t.item].S[t.a]))
	}
	// Visit the knots in increasing order of the first index, for locality;
	// the order of a sum of terms does not matter beyond rounding.
	byFirst := func(a, b [2]int32) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) }
	slices.SortFunc(p.pos, byFirst)
	slices.SortFunc(p.con, byFirst)
	slices.Sort(p.anc)
	return p, nil
}

// TestRadixSort checks both digit widths against slices.Sort, on keys
// that differ in every digit, in a few, and in none.
func TestRadixSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{1023, 1024, 9001, 65535, 65536, 70001} {
		for _, mask := range []uint64{^uint64(0), 0x0000_ffff_0000_00ff, 0xff00_0000_0000_0000, 0} {
			keys := make([]uint64, n)
			for i := range keys {
				keys[i] = rng.Uint64()&mask | 0x0100_0000_0000_0000
			}
			want := slices.Clone(keys)
			slices.Sort(want)
			radixSort(keys, make([]uint64, n))
			if !slices.Equal(keys, want) {
				t.Errorf("n=%d mask=%x: not sorted as slices.Sort", n, mask)
			}
		}
	}
}
