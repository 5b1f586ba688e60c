// Package tui is plumb's interactive terminal app, built on Bubble Tea v2:
// seven panes (Overview, Selection bias, Likelihood bias, Reporting, Items,
// Style, Judge panel) as components under one root Model. docs/architecture.md ("tui") has the
// map; in short, what belongs where:
//
//   - The root Model (model.go, update.go, view.go, help.go) only routes
//     and composes: messages of background work go to the pipeline, the
//     global keys (panes, judges, groups, export, reproduce, help, quit)
//     are handled there, the rest go to the active pane's knob bar and
//     then to the pane; the frame is the tabs, the knob bar, the pane's
//     body, the status line and the help bar.
//   - The context (common.go) is what components read instead of *Model
//     (after gh-dash's ProgramContext): the size, styles (styles.go), keys
//     (keys.go, declared once with bubbles/key), options, and the analysis
//     on screen. The pipeline fills it; the knob bar edits the knob values.
//   - The pipeline (pipeline.go, compute.go, path.go, bootstrap.go, gate.go)
//     computes the numbers and never draws. It keeps only scheduling (jobs,
//     cancellation, the generation that drops stale results): the results
//     asked for again (fit paths, intervals, style analyses, the items'
//     base) are the engine's (analysis.Engine), cached by their options.
//   - Components (component.go, after soft-serve's common.Component) have
//     SetSize, Update, View and their key help: the panes (overview.go,
//     selection.go, likelihood.go, reporting.go, items.go) and the parts
//     they compose (the Selection pane's methods table, fit-path chart and
//     position/ID table; the knob bar, knobbar.go; the popups, popup.go;
//     the tabs, tabs.go). The text panes share textPane: a body drawn in
//     Update (Render) and scrolled by the one scrolling mechanism, the
//     scroller (scroll.go: bubbles' viewport wrapped once), and wide
//     tables moved sideways by their pane's columns (table.go).
//   - The knobs are one table (knobs.go): label, steps, format, step,
//     reset, whether a change recomputes, the status line's place and the
//     `plumb report` flag of each.
//
// It computes no statistic: every analysis runs through analysis.Engine in a
// tea.Cmd (compute.go), started by the key itself, one at a time (keys
// arriving meanwhile coalesce into one follow-up), with generation numbers
// so a stale result is dropped; background work (items, comparison, fit
// path, bootstrap) waits behind a gate that leaves one core to the UI and
// stops at every knob change (gate.go); a pane is drawn (charts with plot)
// in Update, once per result, knob or resize, so View only joins cached
// strings. Every knob is a flag of `plumb report`, and the export writes
// what `plumb report` writes for the same flags.
//
// No byte of a log drives the terminal: every user-derived
// string (judge, group, criterion, item id, file name, prompt and response
// text, and the notes and errors quoting them) is cleaned where it is laid
// out (clean, cleanText; wrap, heading and the status messages clean
// their text themselves), so escape sequences, C1 controls and bidi
// overrides are shown as visible escapes and take the cells the layout
// gave them; and every frame passes fitLines, which keeps only lipgloss's
// SGR styles and escapes any other sequence or control, so a string a new
// pane forgets to clean can never reach the clipboard, open a link or
// reset the terminal (safe.go). A pane's body passes fitLines twice: when
// it is drawn (textPane.Render) and with the frame. The log itself is never
// changed: exports and the reproduce command keep the names as they are.
package tui
