package style

// numpyArgsortEqual is np.argsort of n equal keys as numpy 1.24 computes
// it (its default introsort, numpy/core/src/npysort/quicksort.cpp,
// aquicksort_): on equal keys no comparison is true, so each partition
// swaps its ends inwards and the order it leaves is not the identity. It
// decides sklearn's GroupKFold folds (groupKFold) in AlpacaEval's
// cross-validation. Partitions of equal keys halve, so the introsort's
// depth limit (2·⌊log₂ n⌋) is never reached and its heapsort never runs.
func numpyArgsortEqual(n int) []int {
	const smallQuicksort = 15
	tosort := make([]int, n)
	for i := range tosort {
		tosort[i] = i
	}
	if n == 0 {
		return tosort
	}
	type span struct{ l, r int }
	var stack []span
	pl, pr := 0, n-1
	for {
		for pr-pl > smallQuicksort {
			pm := pl + (pr-pl)>>1
			pi, pj := pl, pr-1
			tosort[pm], tosort[pj] = tosort[pj], tosort[pm]
			for {
				pi++
				pj--
				if pi >= pj {
					break
				}
				tosort[pi], tosort[pj] = tosort[pj], tosort[pi]
			}
			pk := pr - 1
			tosort[pi], tosort[pk] = tosort[pk], tosort[pi]
			if pi-pl < pr-pi {
				stack = append(stack, span{pi + 1, pr})
				pr = pi - 1
			} else {
				stack = append(stack, span{pl, pi - 1})
				pl = pi + 1
			}
		}
		// Insertion sort moves nothing on equal keys.
		if len(stack) == 0 {
			return tosort
		}
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		pl, pr = s.l, s.r
	}
}
