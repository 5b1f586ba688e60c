// Package report turns plumb's analysis into the documents people read and
// scripts parse: a stable JSON structure (schema documented in README,
// "Report JSON") and Markdown tables. `plumb report` prints them, and the TUI
// will export the same bytes for the same options.
//
// It runs the calib engines for every judge (Analyze) and formats their
// results; it computes no statistic itself.
package report
