package calibraeval

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/plumb-eval/plumb/calib/internal/work"
	"github.com/plumb-eval/plumb/model"
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

// noaTerms is NewNOA's terms before the knots are known. Every s value
// that enters a term gets a slot (item-major) in vals, and the terms refer
// to slots. A first pass (noaCounts) counts them so that every slice is
// allocated once at its final size (the 1M-record report allocated 332 MB
// here, most of it in growing slices).
type noaTerms struct {
	vals     []float64  // the pooled s values by slot (from the work space)
	pos, con [][2]int32 // position-swap and content-swap pairs of slots
	anc      []int32    // anchored slots (from the work space)
	k        int        // items with at least one term
}

// newNOATerms allocates the terms of the items est (indices already
// checked) for objective obj, empty, at their final capacities; vals and
// anc come from ws (nil: allocated) until release.
func newNOATerms(pairs []model.Pair, est []int, obj Objective, ws *work.Space) noaTerms {
	nVals, nPos, nCon, nAnc := noaCounts(pairs, est, obj)
	return noaTerms{
		vals: ws.Floats(nVals)[:0],
		pos:  make([][2]int32, 0, nPos),
		con:  make([][2]int32, 0, nCon),
		anc:  ws.Int32s(nAnc)[:0],
	}
}

// release gives t's arrays back to ws.
func (t *noaTerms) release(ws *work.Space) {
	ws.PutInt32s(t.anc)
	ws.PutFloats(t.vals)
}

// collect adds the terms of the items est, in order.
func (t *noaTerms) collect(pairs []model.Pair, est []int, obj Objective) error {
	for _, i := range est {
		if err := t.addItem(&pairs[i], obj); err != nil {
			return err
		}
	}
	return nil
}

// addItem adds item pr's terms for obj, if it has any: a slot for each of
// its s values that a term uses (an error when one is outside [0, 1]),
// its content-swap pairs, its position-swap pairs and, when it has no
// content-swap term, their anchors (the unswapped arrangement of each).
func (t *noaTerms) addItem(pr *model.Pair, obj Objective) error {
	used, nPos, nCon := termArrangements(&pr.Has, obj)
	if nPos+nCon == 0 {
		return nil
	}
	t.k++
	var slot [model.NumArrangements]int32
	vals := t.vals
	for _, a := range model.Arrangements {
		if !used[a] {
			continue
		}
		s := pr.S[a]
		if !(s >= 0 && s <= 1) { // also rejects NaN
			return fmt.Errorf("calibraeval: item %q (%s): P(A) in %s is %v, not in [0, 1]", pr.ID, pr.Pos, a, s)
		}
		if len(vals) >= math.MaxInt32 {
			return errors.New("calibraeval: too many values in the estimation set")
		}
		if s == 0 {
			s = 0 // −0 would sort after the positive values by its bits
		}
		slot[a] = int32(len(vals))
		vals = append(vals, s)
	}
	t.vals = vals
	if nCon > 0 {
		for _, cp := range contentPairs {
			if pr.Has[cp[0]] && pr.Has[cp[1]] {
				t.con = append(t.con, [2]int32{slot[cp[0]], slot[cp[1]]})
			}
		}
	}
	if nPos > 0 {
		for _, pp := range positionPairs {
			if pr.Has[pp[0]] && pr.Has[pp[1]] {
				t.pos = append(t.pos, [2]int32{slot[pp[0]], slot[pp[1]]})
				if nCon == 0 {
					t.anc = append(t.anc, slot[pp[0]])
				}
			}
		}
	}
	return nil
}

// termArrangements returns how many position-swap and content-swap terms
// objective obj gives an item with the arrangements has, and which
// arrangements those terms use.
func termArrangements(has *[model.NumArrangements]bool, obj Objective) (used [model.NumArrangements]bool, nPos, nCon int) {
	if obj.usesContent() {
		for _, cp := range contentPairs {
			if has[cp[0]] && has[cp[1]] {
				used[cp[0]], used[cp[1]] = true, true
				nCon++
			}
		}
	}
	if obj.usesPosition() {
		for _, pp := range positionPairs {
			if has[pp[0]] && has[pp[1]] {
				used[pp[0]], used[pp[1]] = true, true
				nPos++
			}
		}
	}
	return used, nPos, nCon
}

// noaCounts returns how many s values, position-swap pairs, content-swap
// pairs and anchors NewNOA's terms take from the items est (indices
// already checked), by addItem's rules.
func noaCounts(pairs []model.Pair, est []int, obj Objective) (vals, pos, con, anc int) {
	for _, i := range est {
		used, nPos, nCon := termArrangements(&pairs[i].Has, obj)
		for _, u := range used {
			if u {
				vals++
			}
		}
		pos += nPos
		con += nCon
		if nCon == 0 {
			anc += nPos
		}
	}
	return vals, pos, con, anc
}

// knotsOf returns the knots of the pooled values vals — 0, the distinct
// interior values in increasing order, 1 — and how many values equal each.
// Values in [0, 1] (with −0 stored as 0) sort as their bits: bits (of
// len(vals)) receives them sorted; scratch is the radix sort's buffer.
func knotsOf(vals []float64, bits, scratch []uint64) (z []float64, count []int) {
	for i, v := range vals {
		bits[i] = math.Float64bits(v)
	}
	radixSort(bits, scratch)
	distinct, prev := 0, math.Float64bits(0)
	for _, b := range bits {
		if b != prev && b != math.Float64bits(1) {
			distinct++
			prev = b
		}
	}
	z = make([]float64, 1, distinct+2)
	count = make([]int, 1, distinct+2)
	for _, b := range bits {
		v := math.Float64frombits(b)
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
	for i := len(bits) - 1; i >= 0 && bits[i] == math.Float64bits(1); i-- {
		n1++
	}
	z = append(z, 1)
	count = append(count, n1)
	return z, count
}
