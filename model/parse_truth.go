package model

import "slices"

// The entries of records' truth objects come from blocks that a parser
// shares between records: one allocation per block of entries instead of a
// map (or a slice) per record. A record's Truth is a capacity-limited
// window of its block, and no entry is written twice, so records never see
// each other's entries.

// Sizes of a parser's truth blocks, in entries: the first block is small
// (ParseLine parses one record), later ones double up to maxTruthBlock.
const (
	minTruthBlock = 8
	maxTruthBlock = 4096
)

// maxLinearTruth is how many truth entries a record may have before
// duplicate keys are found through a map instead of a linear scan.
const maxLinearTruth = 16

// truth decodes the optional truth object: finite numbers, booleans as 1/0.
// An empty object gives the empty Truth.
func (p *recParser) truth() (Truth, *LineError) {
	raw := p.vals[fTruth]
	if absent(raw) {
		return Truth{}, nil
	}
	if raw[0] != '{' {
		return Truth{}, errType("truth", raw, "an object")
	}
	return p.truthEntries(raw)
}

// truthEntries decodes the members of the truth object raw into p.tbuf.
func (p *recParser) truthEntries(raw []byte) (Truth, *LineError) {
	start := len(p.tbuf)
	it := newObjIter(raw)
	for {
		k, esc, v, ok := it.next()
		if !ok {
			break
		}
		name := p.truthKey(len(p.tbuf)-start, k, esc)
		if p.truthHas(p.tbuf[start:], name) {
			p.tbuf = p.tbuf[:start] // no Truth uses them
			return Truth{}, fieldErr("truth."+name, "appears twice")
		}
		var x float64
		switch v[0] {
		case 't':
			x = 1
		case 'f':
			x = 0
		default:
			var code int
			if x, code = number(v); code != numOK {
				p.tbuf = p.tbuf[:start]
				return Truth{}, numErr("truth."+name, v, code, "a number or a boolean")
			}
		}
		if len(p.tbuf) == cap(p.tbuf) {
			// A new block; the record's entries so far move with it.
			n := len(p.tbuf) - start
			size := min(max(2*cap(p.tbuf), minTruthBlock), maxTruthBlock)
			nb := make([]TruthEntry, n, max(size, 2*(n+1)))
			copy(nb, p.tbuf[start:])
			p.tbuf, start = nb, 0
		}
		p.tbuf = append(p.tbuf, TruthEntry{Key: name, Value: x})
	}
	e := p.tbuf[start:len(p.tbuf):len(p.tbuf)]
	if len(e) == 0 {
		return Truth{}, nil
	}
	if !sortedEntries(e) { // the writer sorts keys, so this is rare
		slices.SortFunc(e, compareEntries)
	}
	return Truth{e: e}, nil
}

// truthKey returns the truth key k (raw, without quotes; esc if it has
// escapes), the n-th of its record. Records of a log name the same keys in
// the same order, so the n-th key of the previous truth object is tried
// before the intern table.
func (p *recParser) truthKey(n int, k []byte, esc bool) string {
	if !esc && n < len(p.tkeys) && string(k) == p.tkeys[n] {
		return p.tkeys[n]
	}
	name := p.internKey(k, esc)
	switch {
	case n < len(p.tkeys):
		p.tkeys[n] = name
	case n == len(p.tkeys) && n < maxLinearTruth:
		p.tkeys = append(p.tkeys, name)
	}
	return name
}

// truthHas reports whether the entries e of the record being decoded have
// key. Long truth objects use a map, so that a line with many keys costs
// linear time.
func (p *recParser) truthHas(e []TruthEntry, key string) bool {
	if len(e) < maxLinearTruth {
		for i := range e {
			if e[i].Key == key {
				return true
			}
		}
		return false
	}
	if len(e) == maxLinearTruth {
		if p.tseen == nil {
			p.tseen = make(map[string]struct{})
		}
		clear(p.tseen)
		for i := range e {
			p.tseen[e[i].Key] = struct{}{}
		}
	}
	if _, dup := p.tseen[key]; dup {
		return true
	}
	p.tseen[key] = struct{}{}
	return false
}
