package model

// valueBlocks hands out the small values records point to (Score's
// JudgeScore, LS and Tokens, Verdict's Human) from blocks, one allocation
// per block instead of one per value. Each value has its own slot, written
// once, so a record may change what its pointers point to without touching
// another record.
type valueBlocks struct {
	floats []float64
	ints   []int
	bools  []bool
	gens   []Generators
}

// maxValueBlock is the largest block, in values; the first is small
// (ParseLine parses one record) and later ones double.
const maxValueBlock = 512

// take returns a pointer to a new slot of *blk holding v.
func take[T any](blk *[]T, v T) *T {
	if len(*blk) == cap(*blk) {
		*blk = make([]T, 0, min(max(2*cap(*blk), 4), maxValueBlock))
	}
	*blk = append(*blk, v)
	return &(*blk)[len(*blk)-1]
}

func (b *valueBlocks) float(v float64) *float64     { return take(&b.floats, v) }
func (b *valueBlocks) int(v int) *int               { return take(&b.ints, v) }
func (b *valueBlocks) bool(v bool) *bool            { return take(&b.bools, v) }
func (b *valueBlocks) gen(v Generators) *Generators { return take(&b.gens, v) }
