package work

import "sync"

// Scratch is the work vectors of one fit (or one fit path): each vector is
// taken once, from a Space or, without one, from a pool, and serves every
// phase of the fit. A phase marks the Scratch, takes its vectors and
// releases them at its end; the next phase takes the same vectors again
// from the Scratch instead of entering the Space. So a fit enters the
// Space once per vector it holds at its busiest, not once per vector per
// phase: on TestFitTakesVectorsOnce's problem a warm fit (its
// majorise-minimise phase, its final check at d and its curve) entered it
// 21 times and now 11, a cold fit 46 times and now 32.
//
// The vectors stay with the Scratch (held strongly) until it is given
// back, so between phases they are not left to the garbage collector as
// the Space's free lists leave them; a fit's busiest phase holds them all
// at once anyway (and on a large problem phase 1's L-BFGS vectors are the
// coarse problem's, 4,097 knots).
//
// The vectors are NOT zeroed: every user writes a vector in full before
// reading it, so what a vector held before never changes a result (the
// fits stay bit-identical, see TestFitPinnedBits; with Space.Poison a
// vector the Scratch hands out again is filled with garbage again).
//
// Without a Space (Space.Scratch on a nil *Space) the Scratch and its
// vectors come from scratchPool and go back to it: a cold fit at 9,001
// knots used to allocate 3.7 MB, so the garbage collector ran after almost
// every fit and fresh pages had to be faulted in and zeroed. The pool
// holds only free memory, no state. A nil *Scratch allocates every vector
// (callers outside a fit).
type Scratch struct {
	ws   *Space // nil: vectors are allocated, and kept with the pooled Scratch
	f64  held[float64]
	ints held[int]
	i32  held[int32]
}

// held is the vectors of one element type a Scratch holds.
type held[T any] struct {
	all   [][]T  // every vector held, at full length
	inUse []bool // per vector of all
	order []int  // the vectors in use, in the order taken
}

// Mark is a point in a Scratch's takes; Release(mark) frees every vector
// taken after it.
type Mark struct{ f64, ints, i32 int }

var scratchPool sync.Pool // of *Scratch

// maxPooled bounds the vectors of one element type a pooled Scratch keeps;
// a cold fit holds about 30 float vectors at its busiest.
const maxPooled = 48

// getScratch returns a pooled Scratch (no vector in use).
func getScratch() *Scratch {
	if s, _ := scratchPool.Get().(*Scratch); s != nil {
		return s
	}
	return &Scratch{}
}

// putScratch returns s to the pool, its vectors free.
func putScratch(s *Scratch) {
	s.f64.reset()
	s.ints.reset()
	s.i32.reset()
	scratchPool.Put(s)
}

// Take returns n floats (not zeroed), in use until a Release to a mark
// taken before it, or until the Scratch is given back.
func (s *Scratch) Take(n int) []float64 {
	if s == nil {
		return make([]float64, n)
	}
	return takeHeld(s, &s.f64, n, (*Space).Floats, badFloat)
}

// TakeInts returns n ints (not zeroed), as Take.
func (s *Scratch) TakeInts(n int) []int {
	if s == nil {
		return make([]int, n)
	}
	return takeHeld(s, &s.ints, n, (*Space).Ints, badInt)
}

// TakeInt32s returns n int32s (not zeroed), as Take.
func (s *Scratch) TakeInt32s(n int) []int32 {
	if s == nil {
		return make([]int32, n)
	}
	return takeHeld(s, &s.i32, n, (*Space).Int32s, badInt32)
}

// Mark returns the current point of s's takes (for Release).
func (s *Scratch) Mark() Mark {
	if s == nil {
		return Mark{}
	}
	return Mark{len(s.f64.order), len(s.ints.order), len(s.i32.order)}
}

// Release frees every vector taken after m for the next takes; the caller
// must not use them any more.
func (s *Scratch) Release(m Mark) {
	if s == nil {
		return
	}
	s.f64.release(m.f64)
	s.ints.release(m.ints)
	s.i32.release(m.i32)
}

// takeHeld returns n elements from the smallest free vector of h that is
// large enough, or from a new one (from s.ws, or allocated).
func takeHeld[T any](s *Scratch, h *held[T], n int, fromSpace func(*Space, int) []T, bad [3]T) []T {
	best := -1
	for i, v := range h.all {
		if !h.inUse[i] && cap(v) >= n && (best < 0 || cap(v) < cap(h.all[best])) {
			best = i
		}
	}
	if best < 0 {
		var v []T
		if s.ws != nil {
			v = fromSpace(s.ws, n) // poisoned there when poisoning
		} else {
			v = make([]T, n)
		}
		best = len(h.all)
		h.all = append(h.all, v[:cap(v)])
		h.inUse = append(h.inUse, false)
	} else if s.ws != nil && s.ws.Poison != 0 {
		for i := range h.all[best] {
			h.all[best][i] = bad[s.ws.Poison]
		}
	}
	h.inUse[best] = true
	h.order = append(h.order, best)
	return h.all[best][:n:n]
}

// release frees the vectors taken after the first k.
func (h *held[T]) release(k int) {
	for _, i := range h.order[k:] {
		h.inUse[i] = false
	}
	h.order = h.order[:k]
}

// reset frees every vector and keeps at most maxPooled of them, the
// largest.
func (h *held[T]) reset() {
	h.release(0)
	for len(h.all) > maxPooled {
		small := 0
		for i, v := range h.all {
			if cap(v) < cap(h.all[small]) {
				small = i
			}
		}
		last := len(h.all) - 1
		h.all[small] = h.all[last]
		h.all[last] = nil
		h.all = h.all[:last]
		h.inUse = h.inUse[:last]
	}
}
