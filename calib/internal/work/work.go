package work

import (
	"math"
	"slices"
	"weak"

	"github.com/plumb-eval/plumb/model"
)

// Space is memory for the short-lived arrays of an analysis (a fit's
// work vectors, the intermediate maps of its phases, the calibrated
// preferences behind its metrics, the matrices of κ and the ICCs), reused
// from one array to the next and from one analysis to the next, so that a
// λ step at 100,000 items does not allocate (and fault in, and zero, and
// later mark) tens of megabytes of fresh arrays. Arrays not in use are kept
// only until the next garbage collection (freeList).
//
// A workspace has one owner at a time and is never shared between
// goroutines: a selection.Engine owns one (a fork gets its own: new, or the
// one Rejoin handed back); calls outside an engine (NOA.Fit, the exported
// metrics) pass none and allocate as before. Nothing taken from it may
// be visible in a result, a cache or anything that outlives the call that
// took it: such arrays are allocated fresh as before. Arrays come back as
// they were left (not zeroed); every user writes an array in full, or
// clears it, before reading it, so a workspace never changes a number.
// A nil *Space allocates every array and keeps nothing.
type Space struct {
	f64  freeList[float64]
	ints freeList[int]
	i32  freeList[int32]
	p32  freeList[[2]int32]
	u64  freeList[uint64]
	r    freeList[[model.NumArrangements]float64]
	has  freeList[[model.NumArrangements]bool]
	gold freeList[model.Gold]
	// Poison (tests) fills every array handed out with garbage (1: NaN,
	// −1, true; 2: 1e300, 1<<40, false), to show that no result depends
	// on what an array held before.
	Poison int
	// Taken counts the arrays handed out (every Floats, Ints, …, and
	// every vector a Scratch draws): how often an analysis enters the
	// workspace, which tests count.
	Taken int
}

// freeListMax bounds the arrays a free list keeps; beyond it the smallest
// is dropped. A cold fit at 400,000 knots holds about a dozen vectors at
// once.
const freeListMax = 24

// freeList keeps arrays of T for reuse, through weak pointers: an array
// given back is reused until the next garbage collection, which frees it
// unless it is in use again. So a workspace never adds to the live heap
// (what the collector marks, and what plumb's memory limit follows): with
// the arrays held strongly, the 1M-record report's live heap rose by
// ≈ 95 MB (two judges' workspaces during their fits) and its peak RSS from
// ≈ 460 to ≈ 540 MB. Between collections, which is most of the time, an
// analysis and the next reuse every array.
type freeList[T any] struct{ free []freeArray[T] }

// freeArray is a kept array: a weak pointer to a box holding it (the box
// is reachable only from here, so a collection frees box and array).
type freeArray[T any] struct {
	box weak.Pointer[[]T]
	cap int
}

// get returns an array of length n (contents undefined): the smallest kept
// one that is large enough and still there, or a new one.
func (l *freeList[T]) get(n int) []T {
	for {
		best := -1
		for i, f := range l.free {
			if f.cap >= n && (best < 0 || f.cap < l.free[best].cap) {
				best = i
			}
		}
		if best < 0 {
			return make([]T, n)
		}
		b := l.free[best].box.Value()
		last := len(l.free) - 1
		l.free[best], l.free[last] = l.free[last], freeArray[T]{}
		l.free = l.free[:last]
		if b != nil {
			return (*b)[:n]
		}
	}
}

// put keeps b for a later get; the caller must not use b any more.
func (l *freeList[T]) put(b []T) {
	if cap(b) == 0 {
		return
	}
	box := new([]T)
	*box = b[:0]
	f := freeArray[T]{box: weak.Make(box), cap: cap(b)}
	if len(l.free) >= freeListMax { // drop what a collection freed
		l.free = slices.DeleteFunc(l.free, func(f freeArray[T]) bool { return f.box.Value() == nil })
	}
	if len(l.free) >= freeListMax {
		small := 0
		for i, v := range l.free {
			if v.cap < l.free[small].cap {
				small = i
			}
		}
		if l.free[small].cap < cap(b) {
			l.free[small] = f
		}
		return
	}
	l.free = append(l.free, f)
}

// take returns an array of n T from w's list l (contents undefined),
// filled with bad[w.Poison] when poisoning (Poison 1 or 2), and counts it.
func take[T any](w *Space, l *freeList[T], n int, bad [3]T) []T {
	w.Taken++
	v := l.get(n)
	if w.Poison != 0 {
		for i := range v {
			v[i] = bad[w.Poison]
		}
	}
	return v
}

// The garbage poisoning fills arrays with, per element type (index 1 and 2).
var (
	badFloat = [3]float64{0, math.NaN(), 1e300}
	badInt   = [3]int{0, -1, 1 << 40}
	badInt32 = [3]int32{0, -1, 1 << 30}
	badPair  = [3][2]int32{{}, {-1, 1 << 30}, {-1, 1 << 30}}
	badU64   = [3]uint64{0, 0x7ff8dead0000beef, 2 * 0x7ff8dead0000beef}
	badR     = [3][model.NumArrangements]float64{{}, {math.NaN(), math.NaN(), math.NaN(), math.NaN()}, {1e300, 1e300, 1e300, 1e300}}
	badHas   = [3][model.NumArrangements]bool{{}, {true, true, true, true}, {}}
	badGold  = [3]model.Gold{0, 7, 14}
)

// Floats returns n float64s (not zeroed).
func (w *Space) Floats(n int) []float64 {
	if w == nil {
		return make([]float64, n)
	}
	return take(w, &w.f64, n, badFloat)
}

// PutFloats gives back arrays from Floats.
func (w *Space) PutFloats(bs ...[]float64) {
	if w == nil {
		return
	}
	for _, b := range bs {
		w.f64.put(b)
	}
}

// Ints returns n ints (not zeroed).
func (w *Space) Ints(n int) []int {
	if w == nil {
		return make([]int, n)
	}
	return take(w, &w.ints, n, badInt)
}

// PutInts gives back an array from Ints.
func (w *Space) PutInts(b []int) {
	if w != nil {
		w.ints.put(b)
	}
}

// Int32s returns n int32s (not zeroed).
func (w *Space) Int32s(n int) []int32 {
	if w == nil {
		return make([]int32, n)
	}
	return take(w, &w.i32, n, badInt32)
}

// PutInt32s gives back an array from Int32s.
func (w *Space) PutInt32s(b []int32) {
	if w != nil {
		w.i32.put(b)
	}
}

// Scratch returns a fit's Scratch: its vectors are taken from w, or from
// a pool when w is nil. Give it back with PutScratch.
func (w *Space) Scratch() *Scratch {
	if w == nil {
		return getScratch()
	}
	return &Scratch{ws: w}
}

// PutScratch gives back a Scratch from Scratch and, with a Space, every
// vector it took from it; nothing taken from s may be used any more.
func (w *Space) PutScratch(s *Scratch) {
	if w == nil {
		putScratch(s)
		return
	}
	for _, v := range s.f64.all {
		w.f64.put(v)
	}
	for _, v := range s.ints.all {
		w.ints.put(v)
	}
	for _, v := range s.i32.all {
		w.i32.put(v)
	}
	*s = Scratch{}
}

// Rows returns n rows of per-arrangement values (not zeroed): the R of
// Prefs.
func (w *Space) Rows(n int) [][model.NumArrangements]float64 {
	if w == nil {
		return make([][model.NumArrangements]float64, n)
	}
	return take(w, &w.r, n, badR)
}

// PutRows gives back an array from Rows.
func (w *Space) PutRows(b [][model.NumArrangements]float64) {
	if w != nil {
		w.r.put(b)
	}
}

// Flags returns n rows of per-arrangement flags (not zeroed): the Has of
// Prefs.
func (w *Space) Flags(n int) [][model.NumArrangements]bool {
	if w == nil {
		return make([][model.NumArrangements]bool, n)
	}
	return take(w, &w.has, n, badHas)
}

// PutFlags gives back an array from Flags.
func (w *Space) PutFlags(b [][model.NumArrangements]bool) {
	if w != nil {
		w.has.put(b)
	}
}

// Golds returns n gold labels (not zeroed): the Gold of Prefs.
func (w *Space) Golds(n int) []model.Gold {
	if w == nil {
		return make([]model.Gold, n)
	}
	return take(w, &w.gold, n, badGold)
}

// PutGolds gives back an array from Golds.
func (w *Space) PutGolds(b []model.Gold) {
	if w != nil {
		w.gold.put(b)
	}
}

// Pairs32 returns n pairs of int32s (not zeroed).
func (w *Space) Pairs32(n int) [][2]int32 {
	if w == nil {
		return make([][2]int32, n)
	}
	return take(w, &w.p32, n, badPair)
}

// PutPairs32 gives back an array from Pairs32.
func (w *Space) PutPairs32(b [][2]int32) {
	if w != nil {
		w.p32.put(b)
	}
}

// Uint64s returns n uint64s (not zeroed).
func (w *Space) Uint64s(n int) []uint64 {
	if w == nil {
		return make([]uint64, n)
	}
	return take(w, &w.u64, n, badU64)
}

// PutUint64s gives back an array from Uint64s.
func (w *Space) PutUint64s(b []uint64) {
	if w != nil {
		w.u64.put(b)
	}
}
