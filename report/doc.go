// Package report turns plumb's analysis into the documents people read and
// scripts parse: a stable JSON structure (docs/report-json.md; JSON Schema
// docs/schema/report.schema.json) and Markdown tables. `plumb report` prints
// them, and the TUI's export writes the same bytes for the same options, plus
// the command that reproduces them.
//
// It runs the calib engines for every judge (Analyze) and formats their
// results; it computes no statistic itself.
package report
