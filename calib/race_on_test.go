//go:build race

package calib

// raceEnabled is true when the race detector is on.
const raceEnabled = true
