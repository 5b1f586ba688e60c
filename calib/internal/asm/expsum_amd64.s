//go:build !noasm && !gccgo && !safe

#include "textflag.h"

// func expSumPairs(d []float64, mx float64, w []float64, s float64, c *[10][2]float64, tab *[64]float64) (sum float64, done int)
//
// For i = 0, 2, 4, … while two elements are left and both d_i − mx and
// d_{i+1} − mx are ≥ −708 (not NaN): w_i = ExpNonPos(d_i − mx) and the same
// for i+1, with exactly ExpNonPos's operations two lanes at a time, then
// s += w_i; s += w_{i+1} in order. Returns s and how many elements were
// done. c holds each constant twice: log2eN, 0.5, ln2HiN, ln2LoN, 1, 1/6,
// 1/24, 1/120, 1/720, −708.
TEXT ·expSumPairs(SB), NOSPLIT, $0-96
	MOVQ   d_base+0(FP), SI
	MOVQ   d_len+8(FP), CX
	MOVSD  mx+24(FP), X6
	SHUFPD $0, X6, X6
	MOVQ   w_base+32(FP), DI
	MOVSD  s+56(FP), X7
	MOVQ   c+64(FP), R8
	MOVQ   tab+72(FP), R9
	MOVUPD 0(R8), X8    // log2eN
	MOVUPD 16(R8), X9   // 0.5
	MOVUPD 32(R8), X10  // ln2HiN
	MOVUPD 48(R8), X11  // ln2LoN
	MOVUPD 64(R8), X12  // 1
	MOVUPD 80(R8), X13  // 1/6
	MOVUPD 96(R8), X14  // 1/24
	MOVUPD 112(R8), X15 // 1/120
	XORQ   BX, BX       // i
	MOVQ   $0x000003FF000003FF, AX
	MOVQ   AX, X1
	MOVQ   X1, R12      // bias pair (kept in R12)

loop:
	LEAQ 2(BX), DX
	CMPQ DX, CX
	JG   done

	MOVUPD 0(SI)(BX*8), X0
	SUBPD  X6, X0 // x = d − mx

	// Both lanes ≥ −708 (UCOMISD sets CF for less and for unordered).
	MOVUPD  144(R8), X1
	UCOMISD X1, X0
	JB      done
	MOVAPD   X0, X2
	UNPCKHPD X2, X2
	UCOMISD  X1, X2
	JB       done

	// ki = int(x·log2eN − 0.5) (truncation), k = float(ki).
	MOVAPD    X0, X1
	MULPD     X8, X1
	SUBPD     X9, X1
	CVTTPD2PL X1, X1 // two int32 in the low 64 bits
	MOVQ      X1, AX // ki0 | ki1<<32
	CVTPL2PD  X1, X2 // k

	// r = (x − k·ln2HiN) − k·ln2LoN
	MOVAPD X2, X3
	MULPD  X10, X3
	SUBPD  X3, X0
	MULPD  X11, X2
	SUBPD  X2, X0 // r in X0

	// p = (1 + r) + r2·((0.5 + r/6) + r2·((1/24 + r/120) + r2/720))
	MOVAPD X0, X3
	MULPD  X0, X3 // r2
	MOVAPD X0, X4
	MULPD  X15, X4 // r/120
	ADDPD  X14, X4 // 1/24 + r/120
	MOVUPD 128(R8), X5
	MULPD  X3, X5  // r2/720
	ADDPD  X5, X4  // (1/24 + r/120) + r2/720
	MULPD  X3, X4  // r2·(…)
	MOVAPD X0, X5
	MULPD  X13, X5 // r/6
	ADDPD  X9, X5  // 0.5 + r/6
	ADDPD  X4, X5  // (0.5 + r/6) + r2·(…)
	MULPD  X3, X5  // r2·(…)
	ADDPD  X12, X0 // 1 + r
	ADDPD  X5, X0  // p

	// 2^{j/64} by table, j = ki & 63, per lane.
	MOVQ  AX, DX
	ANDQ  $63, DX
	MOVSD 0(R9)(DX*8), X2
	MOVQ  AX, DX
	SHRQ  $32, DX
	ANDQ  $63, DX
	MOVHPD 0(R9)(DX*8), X2
	MULPD X2, X0 // p·2^{j/64}

	// 2^e, e = (ki − j)/64 = ki >> 6 (arithmetic), as bits (e + 1023) << 52.
	PSRAL     $6, X1
	MOVQ      R12, X3
	PADDL     X3, X1
	PXOR      X3, X3
	PUNPCKLLQ X3, X1
	PSLLQ     $52, X1
	MULPD     X1, X0

	MOVUPD X0, 0(DI)(BX*8)
	ADDSD  X0, X7
	UNPCKHPD X0, X0
	ADDSD  X0, X7
	ADDQ   $2, BX
	JMP    loop

done:
	MOVSD X7, sum+80(FP)
	MOVQ  BX, done+88(FP)
	RET
