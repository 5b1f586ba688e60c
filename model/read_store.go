package model

// How the loader keeps records. Growing one slice record by record would
// copy it many times over and, at the end, hold two copies at once; for a
// million pairs that is hundreds of megabytes. Instead, when the input size
// is known, the first batch's records per byte give an estimate of the
// total and main is allocated once with that capacity. When main is full
// (or there was no estimate), each batch's own record slice is kept as a
// chunk, and finish joins everything once.

// mainChunk is the chunk number of a store's main slice in a dupRef.
const mainChunk = 1<<30 - 1

// store holds the records of one kind.
type store[T any] struct {
	main   []T   // filled first, up to its capacity
	chunks [][]T // batches' slices, once main is full
}

// chunkState is where one batch's records go once main is full.
type chunkState struct {
	chunk int // index in chunks, or -1 before the batch's first chunk record
	n     int // records kept in that chunk
}

// mainHasRoom reports whether the next record goes to main.
func (s *store[T]) mainHasRoom() bool { return len(s.chunks) == 0 && len(s.main) < cap(s.main) }

// next returns where the next record kept from the current batch will be.
func (s *store[T]) next(cs *chunkState) (chunk, idx int) {
	switch {
	case s.mainHasRoom():
		return mainChunk, len(s.main)
	case cs.chunk < 0:
		return len(s.chunks), 0
	}
	return cs.chunk, cs.n
}

// keep keeps batch[i], a record of the current batch; records of the batch
// after i are not yet kept or dropped.
func (s *store[T]) keep(batch []T, i int, cs *chunkState) {
	if s.mainHasRoom() {
		s.main = append(s.main, batch[i])
		return
	}
	if cs.chunk < 0 {
		cs.chunk = len(s.chunks)
		s.chunks = append(s.chunks, batch[:0])
	}
	batch[cs.n] = batch[i] // cs.n ≤ i: the slots before i are free
	cs.n++
	s.chunks[cs.chunk] = batch[:cs.n]
}

// at returns the record at chunk, idx.
func (s *store[T]) at(chunk, idx int) *T {
	if chunk == mainChunk {
		return &s.main[idx]
	}
	return &s.chunks[chunk][idx]
}

// reserve sizes main for about n records (nothing if main is in use).
func (s *store[T]) reserve(n int) {
	if n > 0 && s.main == nil && len(s.chunks) == 0 {
		s.main = make([]T, 0, n)
	}
}

// finish returns all records in order as one slice (nil when there are
// none). Unless main holds everything with little spare capacity, this
// copies them once into a slice of the exact length.
func (s *store[T]) finish() []T {
	n := len(s.main)
	for _, c := range s.chunks {
		n += len(c)
	}
	switch {
	case n == 0:
		return nil
	case len(s.chunks) == 0 && cap(s.main)-n <= n/8+1024:
		return s.main
	}
	out := make([]T, 0, n)
	out = append(out, s.main...)
	s.main = nil
	for i, c := range s.chunks {
		out = append(out, c...)
		s.chunks[i] = nil
	}
	return out
}
