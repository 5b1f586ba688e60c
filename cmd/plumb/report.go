package main

import (
	"bytes"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/report"
)

func newReportCmd() *cobra.Command {
	var f analysisFlags
	var ff figureFlags
	cmd := &cobra.Command{
		Use:   "report [FILE...]",
		Short: "print the analysis as Markdown, JSON or CSV",
		Long: `Print plumb's analysis of the judgment logs without the terminal UI:
Markdown tables by default, --format json for scripts (docs/report-json.md;
JSON Schema docs/schema/report.schema.json), --format csv for pandas and
spreadsheets: one row per number (docs/report-csv.md). With no FILE, the
embedded demo log is analysed.

Bad input stops the load with exit status 2 and an error naming the file,
line and field; --skip-bad loads the rest and reports what it skipped.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if ff.dir != "" {
				// Check the figure flags before the report is written.
				if _, _, err := ff.options(); err != nil {
					return inputError{err}
				}
			}
			lg, an, err := writeReport(cmd, args, &f)
			if err != nil || ff.dir == "" {
				return err
			}
			// The figures of the same analysis: the bootstrap runs once.
			formats, fo, err := ff.options()
			if err != nil {
				return inputError{err}
			}
			return writeFigures(cmd, lg, an, ff.dir, formats, fo, reproduceLine(cmd, args))
		},
	}
	f.register(cmd.Flags())
	ff.register(cmd.Flags(), "figures")
	return cmd
}

// runReport loads the inputs, analyses them and writes the report.
func runReport(cmd *cobra.Command, files []string, f *analysisFlags) error {
	_, _, err := writeReport(cmd, files, f)
	return err
}

// writeReport is runReport, returning the log and its analysis.
func writeReport(cmd *cobra.Command, files []string, f *analysisFlags) (*model.Log, *analysis.Analysis, error) {
	opt, err := f.options()
	if err != nil {
		return nil, nil, inputError{err}
	}
	if err := refuseInput(f.output, files); err != nil {
		return nil, nil, err
	}
	lg, err := f.load(cmd, files, false, &opt)
	if err != nil {
		return nil, nil, err
	}
	an, err := analysis.Analyze(lg, opt)
	if err != nil {
		return nil, nil, inputError{err}
	}
	if f.format == "json" {
		// Streamed: the document with every LS–US point of a large log is
		// tens of MB (report/stream.go).
		doc := report.BuildDocWith(an, buildVersion(), report.DocSettings{Points: f.points})
		_, err = writeOutput(cmd, f.output, func(w io.Writer) error { return report.WriteJSON(w, doc) })
		return lg, an, err
	}
	if f.format == "csv" {
		doc := report.BuildDoc(an, buildVersion())
		_, err = writeOutput(cmd, f.output, func(w io.Writer) error { return report.WriteCSV(w, doc) })
		return lg, an, err
	}
	var buf bytes.Buffer
	if err := report.WriteMarkdownDoc(&buf, report.BuildDoc(an, buildVersion())); err != nil {
		return nil, nil, fmt.Errorf("formatting the report: %w", err)
	}
	_, err = writeOutput(cmd, f.output, func(w io.Writer) error {
		_, err := w.Write(buf.Bytes())
		return err
	})
	return lg, an, err
}
