package calibraeval

import (
	"slices"

	"github.com/plumb-eval/plumb/calib/internal/work"
)

// knotIndex finds the index of a value among sorted knots z_0 = 0 < … <
// z_M = 1: a table of the first knot ≥ b/B for B buckets narrows each
// binary search to one bucket.
type knotIndex struct {
	z     []float64
	first []int32 // first[b] = first i with z[i] ≥ b/B, b = 0..B
	scale float64 // B
}

// newKnotIndex indexes the sorted knots z; its array comes from ws (nil:
// allocated; every element is set).
func newKnotIndex(z []float64, ws *work.Space) knotIndex {
	nb := 1
	for nb < len(z) && nb < 1<<20 {
		nb <<= 1
	}
	first := ws.Int32s(nb + 1)
	scale := float64(nb)
	i := 0
	for b := range first {
		lo := float64(b) / scale
		for i < len(z) && z[i] < lo {
			i++
		}
		first[b] = int32(i)
	}
	return knotIndex{z: z, first: first, scale: scale}
}

// find returns the first i with z[i] ≥ s, for s in [0, 1]: the knot
// itself when s is one (NewNOA), the one binary search of Curve.Apply
// otherwise (the curve gather).
func (x knotIndex) find(s float64) int32 {
	b := int(s * x.scale)
	if b >= len(x.first)-1 {
		b = len(x.first) - 2
	}
	lo, hi := int(x.first[b]), int(x.first[b+1])
	// z[lo-1] < b/B ≤ s, and s < (b+1)/B ≤ z[hi] unless s sits on the
	// bucket's upper edge; search [lo, hi] inclusive, within bounds.
	hi = min(hi+1, len(x.z))
	i, _ := slices.BinarySearch(x.z[lo:hi], s)
	return int32(lo + i)
}

// sortedPairs maps pairs of slots to pairs of knots and sorts them by first,
// then second knot, in place: the result is slot itself. keys and buf are
// scratch of at least len(slot) each.
func sortedPairs(slot [][2]int32, knot []int32, keys, buf []uint64) [][2]int32 {
	if len(slot) == 0 {
		return nil
	}
	if len(keys) < len(slot) || len(buf) < len(slot) {
		keys, buf = make([]uint64, len(slot)), make([]uint64, len(slot))
	}
	keys, buf = keys[:len(slot)], buf[:len(slot)]
	for i, t := range slot {
		keys[i] = uint64(uint32(knot[t[0]]))<<32 | uint64(uint32(knot[t[1]]))
	}
	radixSort(keys, buf)
	for i, k := range keys {
		slot[i] = [2]int32{int32(k >> 32), int32(uint32(k))}
	}
	return slot
}

// radixSort sorts keys in increasing order by LSD radix sort, skipping
// digits that every key shares; buf is scratch of the same length. The
// result is in keys. Digits are 16 bits from 65,536 keys on and 8 bits
// below (where clearing and summing 65,536 counters per pass would cost
// more than the keys: a 3,000-item problem of a re-fitted bootstrap
// sorts 9,000 values). A sorted sequence of integers is unique, so the
// digit width changes only the time.
func radixSort(keys, buf []uint64) {
	if len(keys) < 1024 {
		slices.Sort(keys)
		return
	}
	if len(keys) >= 1<<16 {
		radixSortDigits(keys, buf, 16)
	} else {
		radixSortDigits(keys, buf, 8)
	}
}

// radixSortDigits is radixSort with digits of width bits (8 or 16).
func radixSortDigits(keys, buf []uint64, width uint) {
	nd := 1 << width
	mask := uint64(nd - 1)
	var small [1 << 8]int // on the stack
	c := small[:]
	if nd > len(small) {
		c = make([]int, nd)
	}
	src, dst := keys, buf
	for shift := uint(0); shift < 64; shift += width {
		clear(c)
		for _, k := range src {
			c[(k>>shift)&mask]++
		}
		if c[(src[0]>>shift)&mask] == len(src) {
			continue // every key has this digit
		}
		sum := 0
		for i, v := range c {
			c[i] = sum
			sum += v
		}
		for _, k := range src {
			d := (k >> shift) & mask
			dst[c[d]] = k
			c[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
	}
}
