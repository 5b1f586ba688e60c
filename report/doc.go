// Package report turns plumb's analysis into the documents people read and
// scripts parse: a stable JSON structure (docs/report-json.md; JSON Schema
// docs/schema/report.schema.json), Markdown tables and a tidy CSV
// (docs/report-csv.md). `plumb report` prints
// them, and the TUI's export writes the same bytes for the same options, plus
// the command that reproduces them.
//
// It runs the calib engines for every judge (Analyze) and formats their
// results; it computes no statistic itself.
//
// # Where things are
//
// The analysis (what the documents are made from):
//   - analyze.go, analyze_tasks.go: Options, Analysis, JudgeAnalysis and
//     Analyze; each judge's selection, reporting and likelihood tasks.
//   - engine.go, engine_path.go, engine_preview.go: Engine, which keeps one
//     selection engine per judge for the TUI's knob changes (a fit path,
//     the λ preview).
//   - bootstrap.go: the paired item bootstrap of the methods table
//     (BootstrapOptions, Engine.Bootstrap).
//
// The report is one document, Doc, written by three encoders that read
// only the Doc: WriteJSON, WriteMarkdownDoc and WriteCSV. Each result is
// turned into document form once, by its section's builder (build…);
// what only the Markdown shows is built at the same time into the
// section's unexported md field, which the JSON never holds. The report
// is one file per document section, in the order the documents show them.
// Each section file holds the section's JSON types and their builder
// (build…) first, then its Markdown writer (write…), so adding a number
// to a section changes one file (and its csv_*.go rows).
//   - document.go: the whole document: its top (input files, skipped lines,
//     notes, options), the per-judge object, and the entry points BuildDoc,
//     BuildDocWith and WriteJSON, which call the sections in order.
//   - markdown.go: the Markdown encoder, WriteMarkdownDoc (and
//     WriteMarkdown, the same from an Analysis): the document's top, then
//     each judge's sections.
//   - reproduce.go: the command that recomputes the numbers.
//   - summary.go: "Judges at a glance" (JSON summary).
//   - selection.go: a judge's selection-bias section: items, arrangements,
//     the estimation set, Pride's prior, and the order of its parts below.
//   - methods.go: the methods table (JSON methods.*): the metrics and their
//     keys, the columns and method titles the TUI shares, collapsed methods,
//     flagged values (FlagMark) and the notes under the table.
//   - intervals.go: the bootstrap intervals of the methods table (JSON ci95,
//     delta_ci95, change and bootstrap; the ▲/▼/= marks).
//   - ties.go: accuracy with ties as a class.
//   - fit.go: CalibraEval's fit (JSON methods.calibraeval.fit): converged or
//     published, the learned curve, the --stop-at point.
//   - path.go: CalibraEval's fit path (JSON selection.path).
//   - effects.go: position or ID? (JSON selection.bias_effects), with the
//     effect texts the TUI shares.
//   - reporting.go: the verdict rate, reported correctly (JSON reporting).
//   - likelihood.go: likelihood bias (JSON likelihood), with BiasScore's
//     bootstrap interval.
//   - style.go: length and self-preference bias and the generators' win
//     rates (JSON style; calib/style), absent for a judge whose records
//     name no generator; analyze_style.go runs it (StyleOptions,
//     Engine.Style); style_markdown.go writes its Markdown.
//   - format.go: the conversions every section uses: a statistic to a JSON
//     number or null (value), lists that encode as [] (nonNil), numbers and
//     notes as Markdown text.
//
// Writing each format, apart from the sections:
//   - escape.go: the Markdown escape, in one place. Every user-derived
//     string in the Markdown report goes through md or mdMsg, which escape
//     Markdown and then apply textsafe.Line (the one exception is the
//     Reproduce line's code span, where Markdown is not interpreted and
//     reproduce.go applies textsafe.Line alone).
//   - stream.go: the JSON encoder (the bytes of encoding/json's indented
//     output, written as a stream); finite.go: no NaN or ±Inf reaches it;
//     termsafe.go: DEL, C1 controls and bidirectional overrides written as
//     \uXXXX (textsafe decides which).
//
// The CSV (docs/report-csv.md, `plumb report --format csv`) is written
// from the JSON document (Doc), so its numbers are the JSON's: csv.go holds
// the columns, WriteCSV and the cell rules (shortest round-trip numbers,
// empty cells with a note, textsafe and the formula-injection apostrophe);
// csv_selection.go, csv_effects.go, csv_reporting.go and csv_likelihood.go
// each write one section's rows (csvSections lists them in order: a new
// section is one more function).
//
// Other outputs: calibrated.go writes the calibrated log (`plumb
// calibrate`); figures.go gathers the figures' data (`plumb figures`).
//
// Why not sub-packages (report/json, report/markdown): the two documents,
// the figures and the TUI share one vocabulary (the methods table's columns
// and titles, the interval marks, the effect and path sentences, Summary),
// and the three encoders read the same Doc; sub-packages would
// split each section's JSON from its Markdown and move that vocabulary into
// a third package that both import, for no arrow they remove.
package report
