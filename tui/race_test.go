//go:build race

package tui

// raceDetector is true in a test binary built with -race.
const raceDetector = true
