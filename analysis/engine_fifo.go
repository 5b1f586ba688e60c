package analysis

import "sync"

// fifo is a map bounded to max entries, safe for concurrent use: storing a
// new key past the bound drops the oldest one. Its lock is held only to
// read or store an entry, never during a computation, so a lookup from
// the UI goroutine never waits for a fit.
type fifo[K comparable, V any] struct {
	mu    sync.Mutex
	m     map[K]V
	order []K
	max   int
}

// newFIFO returns an empty fifo of at most max entries.
func newFIFO[K comparable, V any](max int) *fifo[K, V] {
	return &fifo[K, V]{m: map[K]V{}, max: max}
}

// get returns the value of k, if stored.
func (f *fifo[K, V]) get(k K) (V, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	v, ok := f.m[k]
	return v, ok
}

// put stores v under k, dropping the oldest entry when f is full.
func (f *fifo[K, V]) put(k K, v V) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.m[k]; !ok {
		if len(f.order) >= f.max {
			delete(f.m, f.order[0])
			f.order = f.order[1:]
		}
		f.order = append(f.order, k)
	}
	f.m[k] = v
}

// len is the number of entries.
func (f *fifo[K, V]) len() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.m)
}
