// Package calibtest holds the test data generators and checks shared by
// the tests of calib's packages and of the packages above them: synthetic
// pairwise judges (GenPairs, Simulate), a hand-built judge whose
// first-position rate crosses ½ (CrossingPairs), the embedded demo's and the
// simulator's judges (DemoPairs, SimJudges), score records (SimScores),
// bit-for-bit pins (PinHash, PrefsBitsDiff) and whether the race detector
// is on. It is imported by tests only. It imports calib and calib/metrics,
// so those two packages' tests use it from their external test packages
// (package calib_test) only.
package calibtest
