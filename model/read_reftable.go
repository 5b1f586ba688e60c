package model

// refTable maps the 64-bit hashes of record keys to the first record with
// that hash. It is a flat array with open addressing and linear probing,
// at most half full: the duplicate check does one lookup per record, and
// on a million records this is several times faster than a Go map (no
// rehashing of the hash, no groups to search, one cache line per lookup
// nearly always). A slot with hash 0 is empty, so hash 0 is stored as 1;
// the exact key check after a hit makes that harmless.
type refTable struct {
	slots []refSlot // len is 0 or a power of two
	n     int       // slots in use
}

type refSlot struct {
	h   uint64
	ref dupRef
}

// minRefTable is the smallest table, in slots.
const minRefTable = 64

// reserve sizes an empty table for n hashes.
func (t *refTable) reserve(n int) {
	if t.n == 0 && n > 0 {
		t.slots = make([]refSlot, tableSize(n))
	}
}

// tableSize is the number of slots that keeps n hashes at most half full.
func tableSize(n int) int {
	size := minRefTable
	for size < 2*n {
		size *= 2
	}
	return size
}

// add returns the ref stored under h and true, or stores ref under h and
// returns false.
func (t *refTable) add(h uint64, ref dupRef) (dupRef, bool) {
	if h == 0 {
		h = 1
	}
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		switch s.h {
		case h:
			return s.ref, true
		case 0:
			s.h, s.ref = h, ref
			t.n++
			return 0, false
		}
	}
}

// grow doubles the table (or makes the first one).
func (t *refTable) grow() {
	old := t.slots
	t.slots = make([]refSlot, max(2*len(old), minRefTable))
	mask := uint64(len(t.slots) - 1)
	for _, s := range old {
		if s.h == 0 {
			continue
		}
		i := s.h & mask
		for t.slots[i].h != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = s
	}
}

// touch loads the home slot of each record hash of events, so that the
// cache misses of a batch's lookups overlap (the loads are independent)
// instead of coming one by one in add. It returns a value only so that
// the loads are not optimised away.
func (t *refTable) touch(events []event) uint64 {
	if len(t.slots) == 0 {
		return 0
	}
	mask := uint64(len(t.slots) - 1)
	var x uint64
	for i := range events {
		if h := events[i].hash; h != 0 {
			x ^= t.slots[h&mask].h
		}
	}
	return x
}
