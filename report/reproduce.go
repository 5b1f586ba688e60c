package report

import (
	"fmt"
	"strings"
)

// writeReproduce writes the "Reproduce:" line of the Markdown report: the
// whole command of Analysis.Reproduce as inline code, nothing when it is
// not known.
func writeReproduce(b *strings.Builder, an *Analysis) {
	if an.Reproduce == "" {
		return
	}
	if !strings.Contains(an.Reproduce, "`") {
		fmt.Fprintf(b, "Reproduce: `%s`\n", an.Reproduce)
		return
	}
	// A backtick in the command (a file name): a longer fence, and spaces
	// that Markdown strips.
	fence := "``"
	for strings.Contains(an.Reproduce, fence) {
		fence += "`"
	}
	fmt.Fprintf(b, "Reproduce: %s %s %s\n", fence, an.Reproduce, fence)
}
