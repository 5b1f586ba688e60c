// Package tui is plumb's interactive terminal app, built on Bubble Tea v2:
// one root model owning a sub-model per pane, keys declared once with
// bubbles/key, styles in one place. It runs calib in tea.Cmds (never in
// Update or View) and draws with plot. It holds no statistics of its own.
//
// The app itself arrives with issue 4; until then `plumb` prints the report.
package tui
