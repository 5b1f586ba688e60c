// Package tui is plumb's interactive terminal app, built on Bubble Tea v2:
// one root Model owning five panes (Overview, Selection bias, Likelihood
// bias, Reporting, Items), keys declared once with bubbles/key (keys.go),
// styles in one place (styles.go), knobs with their steps and flags
// (knobs.go).
//
// It computes no statistic: every analysis runs through report.Engine in a
// tea.Cmd (compute.go), started by the key itself, one at a time (keys
// arriving meanwhile coalesce into one follow-up), with generation numbers
// so a stale result is dropped; background work (items, comparison, fit
// path, bootstrap) waits behind a gate that leaves one core to the UI and
// stops at every knob change (gate.go); charts are drawn with plot once per result
// or resize, so View only joins cached strings. Every knob is a flag of
// `plumb report`, and the export writes what `plumb report` writes for the
// same flags.
package tui
