package report

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/internal/textsafe"
)

// writeReproduce writes the "Reproduce:" line of the Markdown report: the
// whole command (Doc.Reproduce, from Analysis.Reproduce) as inline code, nothing when it is
// not known. The command quotes file, judge and group names as given, so
// it goes through textsafe.Line: a newline in a name would otherwise end
// the code span and start a heading, and an escape sequence would reach
// the terminal (either is shown as a visible escape, \x0a or \x1b).
func writeReproduce(b *strings.Builder, reproduce string) {
	cmd := textsafe.Line(reproduce)
	if cmd == "" {
		return
	}
	if !strings.Contains(cmd, "`") {
		fmt.Fprintf(b, "Reproduce: `%s`\n", cmd)
		return
	}
	// A backtick in the command (a file name): a longer fence, and spaces
	// that Markdown strips.
	fence := "``"
	for strings.Contains(cmd, fence) {
		fence += "`"
	}
	fmt.Fprintf(b, "Reproduce: %s %s %s\n", fence, cmd, fence)
}
