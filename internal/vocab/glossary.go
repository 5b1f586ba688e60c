package vocab

import (
	"fmt"
	"strings"
)

// Markdown is docs/glossary.md: every concept's name, symbol and meaning,
// one table per section.
func Markdown() string {
	var b strings.Builder
	b.WriteString("# Glossary\n\n")
	b.WriteString("<!-- Generated from internal/vocab (the one place plumb's labels are defined); do not edit.\n")
	b.WriteString("     After changing a concept: PLUMB_UPDATE_DOCS=1 go test -run TestGlossaryDoc ./internal/vocab -->\n\n")
	b.WriteString("Every label plumb shows — in the terminal UI, the Markdown and JSON reports, the figures and their captions —\n")
	b.WriteString("is spelled as below. A short form is used only beside the symbol or where the full name does not fit (a table\n")
	b.WriteString("header, an interval bar's label, a one-line chart legend on a narrow terminal). The last column is where the\n")
	b.WriteString("report JSON carries the concept ([report-json.md](report-json.md)); the formulas are in [methods.md](methods.md).\n")
	for _, s := range Glossary() {
		fmt.Fprintf(&b, "\n## %s\n\n| name | short form | symbol | meaning | JSON |\n|---|---|---|---|---|\n", s.Title)
		for _, c := range s.Concepts {
			j := "—"
			if c.JSON != "" {
				j = "`" + c.JSON + "`"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", cell(c.Name), cell(c.Short), cell(c.Symbol), cell(c.Meaning), j)
		}
	}
	return b.String()
}

// cell is s in a Markdown table cell: "—" when empty, pipes escaped.
func cell(s string) string {
	if s == "" {
		return "—"
	}
	return strings.ReplaceAll(s, "|", `\|`)
}
