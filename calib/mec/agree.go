package mec

import (
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// Agreement is a method's agreement with the human labels as FairEval's
// Table 2 reports it: three classes (response_1, response_2, tie), gold
// ties included.
type Agreement struct {
	// Accuracy is the share of items whose verdict is the gold label.
	// N = items with a verdict and gold.
	Accuracy calib.Stat
	// Kappa is Cohen's κ between the verdicts and the gold labels over the
	// same items: (p_o − p_e) / (1 − p_e), p_e from the two margins.
	Kappa calib.Stat
}

// class maps a verdict to 0 (response_1), 1 (response_2) or 2 (tie).
func class(v Verdict) int {
	switch v {
	case 1:
		return 0
	case 0:
		return 1
	}
	return 2
}

// goldClass maps gold to a class of class, or −1 without gold.
func goldClass(g model.Gold) int {
	switch g {
	case model.Gold1:
		return 0
	case model.Gold2:
		return 1
	case model.GoldTie:
		return 2
	}
	return -1
}

// AgainstGold computes the accuracy and Cohen's κ of verdicts (has[i]:
// item i has one) against gold.
func AgainstGold(verdicts []Verdict, has []bool, gold []model.Gold) Agreement {
	var table [3][3]int
	n := 0
	for i, v := range verdicts {
		g := goldClass(gold[i])
		if !has[i] || g < 0 {
			continue
		}
		table[class(v)][g]++
		n++
	}
	if n == 0 {
		why := "no item has both a verdict and gold"
		return Agreement{Accuracy: calib.Undefined(0, why), Kappa: calib.Undefined(0, why)}
	}
	var agree int
	var rows, cols [3]int
	for c := range 3 {
		agree += table[c][c]
		for d := range 3 {
			rows[c] += table[c][d]
			cols[d] += table[c][d]
		}
	}
	po := float64(agree) / float64(n)
	var pe float64
	for c := range 3 {
		pe += float64(rows[c]) * float64(cols[c]) / (float64(n) * float64(n))
	}
	ag := Agreement{Accuracy: calib.Defined(po, n)}
	if pe >= 1 {
		ag.Kappa = calib.Undefined(n, "the verdicts and the gold labels are one and the same class on every item (chance agreement is 1)")
	} else {
		ag.Kappa = calib.Defined((po-pe)/(1-pe), n)
	}
	return ag
}
