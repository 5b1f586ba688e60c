//go:build !noasm && !gccgo && !safe

package likelihood

import (
	"golang.org/x/sys/cpu"
)

// permSteps4 is the AVX-512VL loop of permuteCountInt4
// (perm4_amd64.s) with permSteps4Go's contract. It reads a[:n]
// and buf[:4n] without bounds checks: the caller guarantees the lengths,
// 0 ≤ stop and i0 < n.
//
//go:noescape
func permSteps4(a, buf []int32, n, i0, stop int, st *[8]uint64, dots *[4]int64) int

// permHave4 is true when this CPU runs permSteps4: AVX-512 F, DQ (the
// 64-bit multiply) and VL (on 256-bit vectors), with the OS saving their
// state (x/sys/cpu checks both). Set once at start-up, never changed.
var permHave4 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512DQ && cpu.X86.HasAVX512VL

// permSteps4Asm is true where permSteps4 is the assembly loop, which only a
// CPU with permHave4 may run.
const permSteps4Asm = true
