package model

import (
	"hash/maphash"
	"strconv"
)

// dupKey identifies a record: no two records of a log may share one.
type dupKey struct {
	kind                 Kind
	judge, id, criterion string
	cond                 string // the condition's ConditionKey ("" when absent)
}

// dupRef points at a record kept by a loader: its kind and its index
// among the records of that kind, packed into 64 bits to keep the index
// small.
type dupRef uint64

func newRef(kind Kind, idx int) dupRef {
	var k uint64
	switch kind {
	case KindScore:
		k = 1
	case KindVerdict:
		k = 2
	}
	return dupRef(k<<62 | uint64(idx))
}

// dupIndex finds repeated (judge, id, kind, criterion). Workers hash the
// keys in parallel; the index maps hashes to the first record and resolves
// the (rare) collisions of different keys exactly.
type dupIndex struct {
	seed  maphash.Seed
	first refTable
	// exact holds keys whose hash was already taken by a different key.
	exact map[dupKey]Pos
}

func newDupIndex() dupIndex {
	return dupIndex{seed: maphash.MakeSeed()}
}

// hashKey hashes a record key with h, which must use the index's seed.
func hashKey(h *maphash.Hash, kind Kind, judge, id, criterion, cond string) uint64 {
	h.Reset()
	h.WriteString(string(kind))
	h.WriteByte(0)
	h.WriteString(judge)
	h.WriteByte(0)
	h.WriteString(id)
	h.WriteByte(0)
	h.WriteString(criterion)
	h.WriteByte(0)
	h.WriteString(cond)
	return h.Sum64()
}

// keyOf returns the key and position of the record ref of ld.
func keyOf(ld *loader, ref dupRef) (dupKey, Pos) {
	idx := int(ref & (1<<62 - 1))
	switch ref >> 62 {
	case 0:
		p := ld.pairs.at(idx)
		return dupKey{KindPair, p.Judge, p.ID, "", ld.conds.key(p.Condition)}, p.Pos
	case 1:
		s := ld.scores.at(idx)
		return dupKey{KindScore, s.Judge, s.ID, s.Criterion, ld.conds.key(s.Condition)}, s.Pos
	}
	v := ld.verdicts.at(idx)
	return dupKey{KindVerdict, v.Judge, v.ID, "", ""}, v.Pos
}

// reserve sizes an empty index for about n keys.
func (d *dupIndex) reserve(n int) {
	d.first.reserve(n)
}

// add records the key k of a record at pos that ld is about to keep as ref,
// or returns the error for a repeat of an earlier record. h is k's hash.
func (d *dupIndex) add(ld *loader, h uint64, k dupKey, pos Pos, ref dupRef) *LineError {
	if ld.prior != nil {
		if fpos, ok := ld.prior(h, k); ok {
			return dupErr(k, fpos, pos)
		}
	}
	first, taken := d.first.add(h, ref)
	if !taken {
		return nil
	}
	if fk, fpos := keyOf(ld, first); fk == k {
		return dupErr(k, fpos, pos)
	}
	if d.exact == nil {
		d.exact = make(map[dupKey]Pos)
	}
	if fpos, ok := d.exact[k]; ok {
		return dupErr(k, fpos, pos)
	}
	d.exact[k] = pos
	return nil
}

// dupErr says that the record at pos repeats the one at first.
func dupErr(k dupKey, first, pos Pos) *LineError {
	msg := "duplicate " + string(k.kind) + " record (judge " + strconv.Quote(k.judge) + ", id " + strconv.Quote(k.id)
	if k.kind == KindScore {
		msg += ", criterion " + strconv.Quote(k.criterion)
	}
	if k.kind == KindProbe {
		msg += ", probe " + strconv.Quote(k.criterion)
	}
	if k.cond != "" {
		msg += ", condition " + strconv.Quote(k.cond)
	}
	msg += "): first seen at " + first.String()
	return (&LineError{Msg: msg}).at(pos)
}
