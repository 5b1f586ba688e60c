// Package report turns plumb's analysis into the documents people read and
// scripts parse: a stable JSON structure (docs/report-json.md; JSON Schema
// docs/schema/report.schema.json), Markdown tables and a tidy CSV
// (docs/report-csv.md). `plumb report` prints
// them, and the TUI's export writes the same bytes for the same options, plus
// the command that reproduces them.
//
// It reads the analysis session's results (package analysis) and takes
// the words, cells and decimals it shares with the TUI from package present;
// it computes no statistic and caches nothing.
//
// # Where things are
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
//   - summary.go: "Judges at a glance" (JSON summary; its row is
//     present.SummaryOf).
//   - selection.go: a judge's selection-bias section: items, arrangements,
//     the estimation set, Pride's prior, and the order of its parts below.
//   - methods.go: the methods table (JSON methods.*): the metrics and their
//     keys, collapsed methods and the notes under the table; the Markdown
//     table is written from present.MethodRows, which the Doc holds (its
//     cells, columns, titles and flag marks are present's).
//   - intervals.go: the bootstrap intervals of the methods table (JSON ci95,
//     delta_ci95, change and bootstrap); the Markdown tables are written
//     from present's interval rows, which the Doc holds.
//   - ties.go: accuracy with ties as a class.
//   - fit.go: CalibraEval's fit (JSON methods.calibraeval.fit): converged or
//     published, the learned curve, the --stop-at point.
//   - path.go: CalibraEval's fit path (JSON selection.path).
//   - effects.go: position or ID? (JSON selection.bias_effects; the
//     effect texts the TUI shares are present's).
//   - reporting.go: the verdict rate, reported correctly (JSON reporting).
//   - likelihood.go: likelihood bias (JSON likelihood), with BiasScore's
//     bootstrap interval.
//   - style.go: length and self-preference bias and the generators' win
//     rates (JSON style; calib/style), absent for a judge whose records
//     name no generator; analysis.Engine.Style runs it; style_markdown.go
//     writes its Markdown.
//   - format.go: the conversions every section uses: lists that encode as
//     [] (nonNil), notes and table heads as Markdown text (a statistic to a
//     JSON number is present.Value).
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
// WriteCalibrated stays here, not in the session: it writes a document
// (the calibrated log), reading the session's fits as the other encoders do.
package report
