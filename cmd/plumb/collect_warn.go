package main

import (
	"fmt"
	"io"

	"github.com/plumb-eval/plumb/collect"
	"github.com/plumb-eval/plumb/internal/textsafe"
)

// printWarnings prints collect's warnings, one line each (sanitised again:
// they quote what the server said).
func printWarnings(w io.Writer, lines []string) {
	for _, l := range lines {
		fmt.Fprintln(w, textsafe.Line(l))
	}
}

// warnWhileRunning returns the warning printer of a running collect: on a
// terminal the progress line is cleared first (it is redrawn on its next
// tick).
func warnWhileRunning(w io.Writer) func(string) {
	clear := ""
	if isTerminal(w) {
		clear = "\r\x1b[K"
	}
	return func(msg string) { fmt.Fprintf(w, "%s%s\n", clear, textsafe.Line(msg)) }
}

// printFailuresLine says where the failed requests of a run are listed.
func printFailuresLine(w io.Writer, st *collect.Stats, output string) {
	if st.Failed > 0 {
		fmt.Fprintf(w, "failed requests are listed in %s.failures.jsonl; re-run the same command to try those items again\n", textsafe.Line(output))
	}
}
