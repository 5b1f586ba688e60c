// Package mec is Wang et al.'s Multiple Evidence Calibration
// (docs/methods.md §4, "MEC"): a judge that writes its evidence first and
// then scores both answers is sampled K times per arrangement (field
// samples of log format v1), and its verdict is the one of its mean
// scores. It gives three methods: MEC (one order, K samples), BPC over
// scores (FairEval's average of both orders' scores, one sample each) and
// MEC + BPC (every sample of both orders), their accuracy and Cohen's κ
// against gold (FairEval's Table 2) and how accuracy and the conflict rate
// between the orders change as K grows (FairEval's Figure 3).
package mec
