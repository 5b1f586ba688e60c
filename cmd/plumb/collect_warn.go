package main

import (
	"fmt"
	"io"

	"github.com/plumb-eval/plumb/collect"
	"github.com/plumb-eval/plumb/internal/textsafe"
)

// printWarnings prints collect's warnings, one line each, redacted and
// sanitised (they quote what the server said).
func printWarnings(w io.Writer, red *collect.Redactor, lines []string) {
	for _, l := range lines {
		say(w, red, "%s", l)
	}
}

// warnWhileRunning returns the warning printer of a running collect: on a
// terminal the progress line is cleared first (it is redrawn on its next
// tick).
func warnWhileRunning(w io.Writer, red *collect.Redactor) func(string) {
	clear := ""
	if isTerminal(w) {
		clear = "\r\x1b[K"
	}
	return func(msg string) { fmt.Fprintf(w, "%s%s\n", clear, textsafe.Line(red.String(msg))) }
}
