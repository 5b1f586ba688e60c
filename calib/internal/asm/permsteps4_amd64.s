//go:build !noasm && !gccgo && !safe

#include "textflag.h"

// func PermSteps4(a, buf []int32, n, i0, stop int, st *[8]uint64, dots *[4]int64) int
//
// Four Fisher–Yates shuffles at once (lane q is buf[q·n : (q+1)·n]), steps i = i0, i0−1, …, stop+1: lane q's PCG (hi st[q], lo
// st[4+q]; math/rand/v2's 128-bit LCG with the DXSM output) draws
// j = ⌊x·(i+1)/2⁶⁴⌋ (Lemire), swaps buf_q[i] and buf_q[j] and adds
// a[i]·buf_q[i] to dots[q]. The four generators run in the lanes of
// AVX-512VL vectors; the swaps and sums are scalar. A step whose draw falls
// in Lemire's rejection zone (x·(i+1) mod 2⁶⁴ < i+1 in any lane) is not
// taken: the function returns its i with the state before it, for the
// caller to finish that step exactly (calib/likelihood's perm4.go). Otherwise it
// returns stop. st and dots are read at entry and written at exit.
//
// Registers: SI a, R8–R11 the lanes' bases, CX i, R12–R15 dots,
// AX/BX/DX/DI scratch. Y0 hi, Y1 lo, Y2–Y13 temporaries, Y17 mulLo>>32,
// Y18 0xffffffff, Y19 mulLo, Y20 mulHi, Y21 incLo, Y22 incHi, Y23 the DXSM
// multiplier, Y24 1, Y25 i+1.
TEXT ·PermSteps4(SB), NOSPLIT, $32-96
	MOVQ a_base+0(FP), SI
	MOVQ buf_base+24(FP), R8
	MOVQ n+48(FP), AX
	SHLQ $2, AX
	LEAQ (R8)(AX*1), R9
	LEAQ (R9)(AX*1), R10
	LEAQ (R10)(AX*1), R11
	MOVQ i0+56(FP), CX
	MOVQ st+72(FP), DI
	VMOVDQU64 0(DI), Y0
	VMOVDQU64 32(DI), Y1
	MOVQ dots+80(FP), DI
	MOVQ 0(DI), R12
	MOVQ 8(DI), R13
	MOVQ 16(DI), R14
	MOVQ 24(DI), R15

	MOVQ $4865540595714422341, AX
	VPBROADCASTQ AX, Y19
	VPSRLQ $32, Y19, Y17
	MOVQ $0xffffffff, AX
	VPBROADCASTQ AX, Y18
	MOVQ $2549297995355413924, AX
	VPBROADCASTQ AX, Y20
	MOVQ $1442695040888963407, AX
	VPBROADCASTQ AX, Y21
	MOVQ $6364136223846793005, AX
	VPBROADCASTQ AX, Y22
	MOVQ $0xda942042e4dd58b5, AX
	VPBROADCASTQ AX, Y23
	MOVQ $1, AX
	VPBROADCASTQ AX, Y24
	LEAQ 1(CX), AX
	VPBROADCASTQ AX, Y25

loop:
	CMPQ CX, stop+64(FP)
	JLE  done

	// The LCG: (hi, lo) ← (hi, lo)·mul + inc mod 2¹²⁸. First the high
	// word of lo·mulLo from 32-bit halves (a = lo, b = mulLo).
	VPSRLQ   $32, Y1, Y2     // a1
	VPMULUDQ Y19, Y1, Y3     // a0·b0
	VPMULUDQ Y17, Y1, Y4     // a0·b1
	VPMULUDQ Y19, Y2, Y5     // a1·b0
	VPMULUDQ Y17, Y2, Y6     // a1·b1
	VPSRLQ   $32, Y3, Y3
	VPANDQ   Y18, Y4, Y7
	VPANDQ   Y18, Y5, Y8
	VPADDQ   Y7, Y3, Y3
	VPADDQ   Y8, Y3, Y3      // middle column
	VPSRLQ   $32, Y4, Y4
	VPSRLQ   $32, Y5, Y5
	VPSRLQ   $32, Y3, Y3
	VPADDQ   Y4, Y6, Y6
	VPADDQ   Y5, Y6, Y6
	VPADDQ   Y3, Y6, Y6      // ⌊lo·mulLo / 2⁶⁴⌋
	VPMULLQ  Y19, Y0, Y7     // hi·mulLo
	VPMULLQ  Y20, Y1, Y8     // lo·mulHi
	VPADDQ   Y7, Y6, Y6
	VPADDQ   Y8, Y6, Y6
	VPADDQ   Y22, Y6, Y6     // + incHi
	VPMULLQ  Y19, Y1, Y7     // lo·mulLo mod 2⁶⁴
	VPADDQ   Y21, Y7, Y7     // new lo
	VPCMPUQ  $1, Y21, Y7, K1 // carry: new lo < incLo
	VPADDQ   Y24, Y6, K1, Y6 // new hi

	// DXSM: x = hi ^ hi>>32; x *= cheap; x ^= x>>48; x *= lo|1.
	VPSRLQ  $32, Y6, Y8
	VPXORQ  Y8, Y6, Y8
	VPMULLQ Y23, Y8, Y8
	VPSRLQ  $48, Y8, Y9
	VPXORQ  Y9, Y8, Y8
	VPORQ   Y24, Y7, Y9
	VPMULLQ Y9, Y8, Y8

	// Lemire: j = ⌊x·k / 2⁶⁴⌋, frac = x·k mod 2⁶⁴ for k = i+1 < 2³¹.
	VPMULUDQ Y25, Y8, Y10    // x0·k
	VPSRLQ   $32, Y8, Y11
	VPMULUDQ Y25, Y11, Y11   // x1·k
	VPSRLQ   $32, Y10, Y12
	VPADDQ   Y12, Y11, Y12
	VPSRLQ   $32, Y12, Y12   // j
	VPSLLQ   $32, Y11, Y13
	VPADDQ   Y13, Y10, Y13   // frac
	VPCMPUQ  $1, Y25, Y13, K2
	KORTESTB K2, K2
	JNE      done            // a lane would reject: the caller takes this step

	VMOVDQU64 Y6, Y0
	VMOVDQU64 Y7, Y1
	VPSUBQ    Y24, Y25, Y25
	VMOVDQU64 Y12, 0(SP)
	MOVLQSX   (SI)(CX*4), DI // a[i]

	MOVQ    0(SP), AX
	MOVL    (R8)(CX*4), BX
	MOVLQSX (R8)(AX*4), DX
	MOVL    DX, (R8)(CX*4)
	MOVL    BX, (R8)(AX*4)
	IMULQ   DI, DX
	ADDQ    DX, R12

	MOVQ    8(SP), AX
	MOVL    (R9)(CX*4), BX
	MOVLQSX (R9)(AX*4), DX
	MOVL    DX, (R9)(CX*4)
	MOVL    BX, (R9)(AX*4)
	IMULQ   DI, DX
	ADDQ    DX, R13

	MOVQ    16(SP), AX
	MOVL    (R10)(CX*4), BX
	MOVLQSX (R10)(AX*4), DX
	MOVL    DX, (R10)(CX*4)
	MOVL    BX, (R10)(AX*4)
	IMULQ   DI, DX
	ADDQ    DX, R14

	MOVQ    24(SP), AX
	MOVL    (R11)(CX*4), BX
	MOVLQSX (R11)(AX*4), DX
	MOVL    DX, (R11)(CX*4)
	MOVL    BX, (R11)(AX*4)
	IMULQ   DI, DX
	ADDQ    DX, R15

	DECQ CX
	JMP  loop

done:
	MOVQ st+72(FP), DI
	VMOVDQU64 Y0, 0(DI)
	VMOVDQU64 Y1, 32(DI)
	MOVQ dots+80(FP), DI
	MOVQ R12, 0(DI)
	MOVQ R13, 8(DI)
	MOVQ R14, 16(DI)
	MOVQ R15, 24(DI)
	MOVQ CX, ret+88(FP)
	VZEROUPPER
	RET
