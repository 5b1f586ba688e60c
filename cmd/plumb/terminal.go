package main

import (
	"fmt"
	"io"

	"github.com/plumb-eval/plumb/internal/textsafe"
)

// What plumb prints on a terminal from its input (file names, judge names,
// notes and errors that quote them) is made safe by internal/textsafe, so
// that no byte of a log can drive the terminal:
//
//   - errors: printError, the one place an error reaches the terminal,
//     shows it through textsafe.Text (plumb's own multi-line errors keep
//     their lines); readers' and importers' errors are already safe
//     (model.LineError), so this catches every other error that quotes
//     its input;
//   - summaries and notes (import, calibrate, fewshot, figures): every
//     input-derived argument goes through textsafe.Line at the Fprintf
//     that prints it;
//   - reports: the Markdown and JSON writers of package report.

// printError writes err as plumb's last line(s) on standard error.
func printError(w io.Writer, err error) {
	fmt.Fprintln(w, "plumb:", textsafe.Text(err.Error()))
}

// safe shows an input-derived string on one line of a terminal.
func safe(s string) string { return textsafe.Line(s) }
