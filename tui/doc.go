// Package tui is plumb's interactive terminal app, built on Bubble Tea v2:
// one root Model owning five panes (Overview, Selection bias, Likelihood
// bias, Reporting, Items), keys declared once with bubbles/key (keys.go),
// styles in one place (styles.go), knobs with their steps and flags
// (knobs.go).
//
// It computes no statistic: every analysis runs through report.Engine in a
// tea.Cmd (compute.go), debounced, one at a time, with generation numbers
// so a stale result is dropped; charts are drawn with plot once per result
// or resize, so View only joins cached strings. Every knob is a flag of
// `plumb report`, and the export writes what `plumb report` writes for the
// same flags.
package tui
