package calib

import "sync"

// fitScratch hands out float64 vectors for one fit from one block that is
// reused across fits through scratchPool: a cold fit at 9,001 knots used to
// allocate 3.7 MB, so the garbage collector ran after almost every fit and
// fresh pages had to be faulted in and zeroed. The vectors are NOT zeroed:
// every user writes a vector in full before reading it, so the pool's
// contents never change a result (the fits stay bit-identical, see
// TestFitPinnedBits). The pool holds only free memory, no state.
//
// A fitScratch from a workspace (workspace.scratch) instead takes every
// vector from the workspace's free list, so that the vectors of one phase
// of a fit serve the next (a block would need all of its size at once).
type fitScratch struct {
	buf []float64
	off int

	ws    *workspace  // when not nil, take draws from it
	taken [][]float64 // the vectors take drew from ws
}

var scratchPool sync.Pool // of *fitScratch

// getScratch returns a fitScratch with room for n floats; give it back
// with putScratch when no vector taken from it is used any more.
func getScratch(n int) *fitScratch {
	s, _ := scratchPool.Get().(*fitScratch)
	if s == nil {
		s = &fitScratch{}
	}
	if cap(s.buf) < n {
		s.buf = make([]float64, n)
	}
	s.buf, s.off = s.buf[:n], 0
	return s
}

// take returns the next n floats (not zeroed).
func (s *fitScratch) take(n int) []float64 {
	if s.ws != nil {
		v := s.ws.floats(n)
		s.taken = append(s.taken, v)
		return v[:n:n]
	}
	v := s.buf[s.off : s.off+n : s.off+n]
	s.off += n
	return v
}

func putScratch(s *fitScratch) { scratchPool.Put(s) }

// noaWork takes the vectors of one objective evaluation for M = m.
func (s *fitScratch) noaWork(m int) *noaWork {
	return &noaWork{w: s.take(m), g: s.take(m + 1), dg: s.take(m + 1)}
}
