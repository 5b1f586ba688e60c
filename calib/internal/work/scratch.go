package work

import "sync"

// Scratch hands out float64 vectors for one fit from one block that is
// reused across fits through scratchPool: a cold fit at 9,001 knots used to
// allocate 3.7 MB, so the garbage collector ran after almost every fit and
// fresh pages had to be faulted in and zeroed. The vectors are NOT zeroed:
// every user writes a vector in full before reading it, so the pool's
// contents never change a result (the fits stay bit-identical, see
// TestFitPinnedBits). The pool holds only free memory, no state.
//
// A Scratch from a Space (Space.Scratch) instead takes every
// vector from the workspace's free list, so that the vectors of one phase
// of a fit serve the next (a block would need all of its size at once).
type Scratch struct {
	buf []float64
	off int

	ws    *Space      // when not nil, take draws from it
	taken [][]float64 // the vectors take drew from ws
}

var scratchPool sync.Pool // of *Scratch

// getScratch returns a Scratch with room for n floats; give it back
// with putScratch when no vector taken from it is used any more.
func getScratch(n int) *Scratch {
	s, _ := scratchPool.Get().(*Scratch)
	if s == nil {
		s = &Scratch{}
	}
	if cap(s.buf) < n {
		s.buf = make([]float64, n)
	}
	s.buf, s.off = s.buf[:n], 0
	return s
}

// Take returns the next n floats (not zeroed).
func (s *Scratch) Take(n int) []float64 {
	if s.ws != nil {
		v := s.ws.Floats(n)
		s.taken = append(s.taken, v)
		return v[:n:n]
	}
	v := s.buf[s.off : s.off+n : s.off+n]
	s.off += n
	return v
}

func putScratch(s *Scratch) { scratchPool.Put(s) }
