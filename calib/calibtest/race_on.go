//go:build race

package calibtest

// RaceEnabled is true when the race detector is on (tests too slow under it skip).
const RaceEnabled = true
