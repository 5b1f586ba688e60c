package report

import (
	"fmt"
	"slices"
	"strings"
)

// nonNil returns a copy of xs that encodes as [] rather than null when
// empty; callers may append to it without touching xs.
func nonNil(xs []string) []string {
	return append([]string{}, xs...)
}

func writeNotes(b *strings.Builder, notes []string) {
	if len(notes) == 0 {
		return
	}
	b.WriteString("\nNotes:\n")
	for _, n := range notes {
		fmt.Fprintf(b, "- %s\n", mdClause(n))
	}
}

// writeTableHead writes a Markdown table's header row and alignment row:
// the left-aligned columns left (names), then the right-aligned right
// (numbers).
func writeTableHead(b *strings.Builder, left, right []string) {
	b.WriteString("|")
	for _, t := range slices.Concat(left, right) {
		b.WriteString(" " + t + " |")
	}
	b.WriteString("\n|" + strings.Repeat("---|", len(left)) + strings.Repeat("---:|", len(right)) + "\n")
}
