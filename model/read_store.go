package model

import (
	"slices"
	"sync"
)

// How the loader keeps records. The workers decode each batch's records
// straight into that batch's own slice. When the input could be sampled
// (read_sample.go), each kind's main slice is allocated once with the
// estimated number of records, and the collector appends each batch's
// kept records to it in one copy; the batch's slice is then reused, so the
// only memory records take is main. Records beyond main's capacity (or all
// of them, without an estimate) stay in their batches' slices, kept as
// chunks, and finish assembles them with main once, into a slice of the
// exact length. No slice of records ever grows by reallocation.

// store holds the records of one kind. A record is named by its index in
// the kind, in input order: main holds the first ones, then each chunk.
type store[T any] struct {
	main   []T
	chunks [][]T
	starts []int // index of each chunk's first record
	n      int   // records kept before the current batch
	cur    []T   // the batch being collected; its kept records are cur[:cs.n]
}

// chunkState counts the records kept of the batch being collected: they
// are moved down to the start of its slice.
type chunkState struct{ n int }

// begin starts collecting batch.
func (s *store[T]) begin(batch []T) { s.cur = batch }

// next returns the index the next record kept will have.
func (s *store[T]) next(cs *chunkState) int { return s.n + cs.n }

// keep keeps s.cur[i]; records of the batch after i are not yet kept or
// dropped.
func (s *store[T]) keep(i int, cs *chunkState) {
	if cs.n != i {
		s.cur[cs.n] = s.cur[i] // cs.n < i: the slots before i are free
	}
	cs.n++
}

// at returns the record with index i.
func (s *store[T]) at(i int) *T {
	switch {
	case i >= s.n:
		return &s.cur[i-s.n]
	case i < len(s.main):
		return &s.main[i]
	}
	c, found := slices.BinarySearch(s.starts, i)
	if !found {
		c--
	}
	return &s.chunks[c][i-s.starts[c]]
}

// commit ends the batch: its kept records go to main while it has room,
// the rest stay in the batch's slice as a chunk. It returns the slice
// emptied for reuse, or nil when it became a chunk.
func (s *store[T]) commit(cs chunkState) []T {
	batch, kept := s.cur, s.cur[:cs.n]
	s.cur = nil
	s.n += cs.n
	if len(s.chunks) == 0 {
		room := min(cap(s.main)-len(s.main), len(kept))
		s.main = append(s.main, kept[:room]...)
		kept = kept[room:]
	}
	if len(kept) == 0 {
		clear(batch) // drop references, so the slice holds no memory
		return batch[:0]
	}
	clear(batch[:cs.n-len(kept)]) // copied to main
	clear(batch[cs.n:])           // dropped or moved down
	s.starts = append(s.starts, s.n-len(kept))
	s.chunks = append(s.chunks, kept)
	return nil
}

// reserve sizes main for about n records (nothing if records were kept).
func (s *store[T]) reserve(n int) {
	if n > 0 && s.n == 0 && s.main == nil {
		s.main = make([]T, 0, n)
	}
}

// finish returns all records in order as one slice (nil when there are
// none) and empties the store. main is returned as it is when it holds
// everything with little spare capacity; otherwise the records are copied
// once into a slice of the exact length.
func (s *store[T]) finish() []T {
	main, chunks, n := s.main, s.chunks, s.n
	*s = store[T]{}
	switch {
	case n == 0:
		return nil
	case len(chunks) == 0 && cap(main)-n <= n/8+1024:
		return main
	case len(main) == 0 && len(chunks) == 1 && cap(chunks[0])-n <= n/8+1024:
		return chunks[0]
	}
	out := make([]T, 0, n)
	out = append(out, main...)
	for i, c := range chunks {
		out = append(out, c...)
		chunks[i] = nil // let the collector have it
	}
	return out
}

// parallelFinish is the number of records above which finish assembles
// the kinds concurrently.
const parallelFinish = 1 << 16

// finishAll finishes the three stores into l, the pairs (usually the
// largest) on a second goroutine for large logs.
func finishAll(l *Log, pairs *store[Pair], scores *store[Score], verdicts *store[Verdict]) {
	if pairs.n+scores.n+verdicts.n < parallelFinish {
		l.Pairs, l.Scores, l.Verdicts = pairs.finish(), scores.finish(), verdicts.finish()
		return
	}
	var wg sync.WaitGroup
	wg.Go(func() { l.Pairs = pairs.finish() })
	l.Scores, l.Verdicts = scores.finish(), verdicts.finish()
	wg.Wait()
}
