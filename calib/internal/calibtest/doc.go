// Package calibtest holds the test data generators shared by calib's
// packages: synthetic pairwise judges (GenPairs, Simulate), the embedded
// demo's and the simulator's judges (DemoPairs, SimJudges), score records
// (SimScores) and whether the race detector is on. It imports model only,
// never a calib package, so every calib package's tests can use it.
package calibtest
