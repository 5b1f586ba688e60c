// Package present turns the analysis session's results into what a person
// reads: rows, cells, marks, decimals and words. Its functions are pure
// (a result in, text out) and are shared by the terminal UI and the
// Markdown document, so a number is formatted in one place.
//
// # Where things are
//
//   - methods.go: the methods table's columns (Column, SelectionColumns),
//     method titles (MethodTitle) and flagged values (FlagMark, FlagNotes).
//   - intervals.go: the bootstrap interval and change cells of the methods
//     table (DeltaOf, IntervalChange, ChangeMark: ▲/▼/=, FixedFitMark: ‡,
//     IntervalsText).
//   - format.go: statistics and changes as text (FmtStat, Signed,
//     ChangeDecimals) and as a JSON number (Value).
//   - summary.go: the cross-judge summary row (SummaryOf, SummaryRow.Cells).
//   - effects.go: position or ID? effects as rows and cells (BiasEffectRows,
//     BiasCellText).
//   - reporting.go, path.go, target.go: the sentences for coverage, the fit
//     path and the reporting target.
package present
