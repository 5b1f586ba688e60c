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
//
// No byte of a log drives the terminal (issue 17): every user-derived
// string (judge, group, criterion, item id, file name, prompt and response
// text, and the notes and errors quoting them) is cleaned where it is laid
// out (clean, cleanText; wrap, heading and the status messages clean
// their text themselves), so escape sequences, C1 controls and bidi
// overrides are shown as visible escapes and take the cells the layout
// gave them; and every frame passes fitLines, which keeps only lipgloss's
// SGR styles and escapes any other sequence or control, so a string a new
// pane forgets to clean can never reach the clipboard, open a link or
// reset the terminal (safe.go). The log itself is never changed: exports
// and the reproduce command keep the names as they are.
package tui
