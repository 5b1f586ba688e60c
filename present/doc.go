// Package present turns the analysis session's results into what a person
// reads: rows, cells, marks, decimals and words. Its functions are pure
// (a result in, text out) and are shared by the terminal UI and the
// Markdown document, so a number is formatted in one place.
//
// # Where things are
//
//   - methods.go: the methods table's columns (Column, SelectionColumns),
//     method titles (MethodTitle) and flagged values (FlagMark, FlagNotes).
//   - method_rows.go: the methods table's rows (MethodRows: per method its
//     title, state, kept share and count, per column the value, flag,
//     change from raw and its ▲/▼/= mark), which the TUI and the Markdown
//     each lay out.
//   - interval_rows.go: the rows of the bootstrap intervals tables
//     (ValueIntervalRows, ChangeIntervalRows and ChangeIntervalTitles,
//     which add the first-position rate's distance from ½).
//   - intervals.go: what a change's interval says (DeltaOf, MarkInterval —
//     the first-position rate is marked by the change in its distance
//     from ½ —, MarkChange, FixedFitMark: ‡, IntervalChange, ChangeWord, NoIntervalNotes,
//     IntervalsText).
//   - format.go: statistics and changes as text (FmtStat, Signed,
//     ChangeDecimals) and as a JSON number (Value).
//   - summary.go: the cross-judge summary row (SummaryOf, SummaryRow.Cells).
//   - effects.go: position or ID? effects as rows and cells (BiasEffectRows,
//     BiasCellText).
//   - reporting.go, path.go, target.go: the sentences for coverage, the fit
//     path and the reporting target.
package present
