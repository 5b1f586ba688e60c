//go:build !noasm && !gccgo && !safe

#include "textflag.h"

// func AxpyToDot(alpha float64, x, src, p, q []float64) float64
//
// p = src + alpha·x; returns Σ q_i·p_i summed as gonum's DotUnitary: lanes
// X7 = (s0, s1), X8 = (s2, s3) over blocks of four, the tail into s0, then
// (s0 + s2) + (s1 + s3). The axpy is gonum's AxpyUnitary per element
// (MULPD, then ADDPD). len(x), len(src) and len(q) must be ≥ len(p).
TEXT ·AxpyToDot(SB), NOSPLIT, $0-112
	MOVSD  alpha+0(FP), X15
	SHUFPD $0, X15, X15
	MOVQ   x_base+8(FP), R8
	MOVQ   src_base+32(FP), R9
	MOVQ   p_base+56(FP), R10
	MOVQ   p_len+64(FP), DI
	MOVQ   q_base+80(FP), R11
	XORPS  X7, X7
	XORPS  X8, X8
	XORQ   SI, SI
	SUBQ   $4, DI
	JL     tail

loop:
	MOVUPD 0(R8)(SI*8), X0
	MOVUPD 16(R8)(SI*8), X1
	MULPD  X15, X0
	MULPD  X15, X1
	MOVUPD 0(R9)(SI*8), X2
	MOVUPD 16(R9)(SI*8), X3
	ADDPD  X0, X2
	ADDPD  X1, X3
	MOVUPD X2, 0(R10)(SI*8)
	MOVUPD X3, 16(R10)(SI*8)
	MOVUPD 0(R11)(SI*8), X4
	MOVUPD 16(R11)(SI*8), X5
	MULPD  X2, X4
	MULPD  X3, X5
	ADDPD  X4, X7
	ADDPD  X5, X8
	ADDQ   $4, SI
	SUBQ   $4, DI
	JGE    loop

tail:
	ADDQ $4, DI
	JLE  end

one:
	MOVSD 0(R8)(SI*8), X0
	MULSD X15, X0
	MOVSD 0(R9)(SI*8), X2
	ADDSD X0, X2
	MOVSD X2, 0(R10)(SI*8)
	MOVSD 0(R11)(SI*8), X4
	MULSD X2, X4
	ADDSD X4, X7
	ADDQ  $1, SI
	SUBQ  $1, DI
	JNZ   one

end:
	ADDPD    X8, X7
	MOVAPD   X7, X0
	UNPCKHPD X7, X7
	ADDSD    X0, X7
	MOVSD    X7, ret+104(FP)
	RET
