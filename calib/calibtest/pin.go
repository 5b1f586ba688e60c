package calibtest

import (
	"crypto/sha256"
	"fmt"
	"hash"
	"math"

	"github.com/plumb-eval/plumb/calib"
)

// PinHash accumulates the bits of computed numbers, for the tests that pin
// a computation's answers bit for bit (TestFitPinnedBits). A float is
// hashed by its bits (Float64bits), so -0 and 0 differ and so does every
// NaN payload; anything else by its fmt.Fprint text.
type PinHash struct{ h hash.Hash }

// NewPinHash returns an empty PinHash.
func NewPinHash() *PinHash { return &PinHash{sha256.New()} }

// F adds the bits of v.
func (p *PinHash) F(v ...float64) {
	var b [8]byte
	for _, x := range v {
		u := math.Float64bits(x)
		for i := range b {
			b[i] = byte(u >> (8 * i))
		}
		p.h.Write(b[:])
	}
}

// S adds v as fmt.Fprint prints it.
func (p *PinHash) S(v ...any) { fmt.Fprint(p.h, v...) }

// Sum returns the first 12 bytes of the hash, in hex.
func (p *PinHash) Sum() string { return fmt.Sprintf("%x", p.h.Sum(nil)[:12]) }

// Curve adds the bits of c's knots (Z, then G), or the words "nil curve".
func (p *PinHash) Curve(c *calib.Curve) {
	if c == nil {
		p.S("nil curve")
		return
	}
	p.F(c.Z...)
	p.F(c.G...)
}
