//go:build !amd64 || noasm || gccgo || safe

package likelihood

// permSteps4 is permSteps4Go where the assembly is not built.
func permSteps4(a, buf []int32, n, i0, stop int, st *[8]uint64, dots *[4]int64) int {
	return permSteps4Go(a, buf, n, i0, stop, st, dots)
}

// permHave4 is false: without the vector loop, two chunks at a time
// (permuteCountInt2) are faster than four.
const permHave4 = false

// permSteps4Asm is false: permSteps4 is Go and runs anywhere.
const permSteps4Asm = false
