package report

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib/panel"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/present"
)

// panelMarkdown is what the Markdown's panel section reads: the session's
// result, laid out through present's rows.
type panelMarkdown struct {
	res *panel.Result
}

// writePanel writes the panel section ("## Panel"), when the document has
// one built from an analysis.
func writePanel(b *strings.Builder, d *Doc) {
	if d.Panel == nil || d.Panel.md.res == nil {
		return
	}
	r := d.Panel.md.res
	b.WriteString("\n## Panel\n\n")
	b.WriteString(present.PanelSummary(r) + "\n")
	writeCells(b, present.PanelAgreementTitles, 1, present.PanelAgreementRows(r))
	if line := present.PanelPeopleLine(r); line != "" {
		b.WriteString("\n" + line + "\n")
	}
	b.WriteString("\nCohen's κ of every pair of judges (choices, items both judged):\n")
	titles := []string{"κ"}
	for _, j := range r.Judges {
		titles = append(titles, md(j))
	}
	rows := present.PanelKappaCells(r)
	for a := range rows {
		rows[a] = append([]string{r.Judges[a]}, rows[a]...)
	}
	writeCells(b, titles, 1, rows)
	if len(r.LeaveOut) > 0 {
		b.WriteString("\nα with one judge left out (a judge whose removal raises α agrees least with the others):\n")
		writeCells(b, present.PanelLeaveOutTitles, 1, present.PanelLeaveOutRows(r))
	}
	b.WriteString("\nThe panel as a judge, beside each judge over the shared items (accuracy: each item's position-balanced choice against gold 1 or 2):\n")
	writeCells(b, present.PanelVerdictTitles, 1, present.PanelVerdictRows(r))
	if r.Calibrated == nil {
		fmt.Fprintf(b, "\nNo calibrated verdict: %s.\n", mdClause(r.CalibratedReason))
	}
	fmt.Fprintf(b, "\nWhich difference is real (paired accuracy differences, McNemar's exact test, Holm's correction across %s; %s marks a Holm p below 0.05):\n",
		vocab.Plural(len(r.Pairs), "pair"), present.SurvivesMark)
	writeCells(b, present.PanelPairTitles, 2, present.PanelPairRows(r))
	writeNotes(b, d.Panel.Notes)
}

// writeCells writes a Markdown table: the first left columns are names
// (escaped, left-aligned), the rest numbers.
func writeCells(b *strings.Builder, titles []string, left int, rows [][]string) {
	b.WriteString("\n")
	writeTableHead(b, titles[:left], titles[left:])
	for _, row := range rows {
		b.WriteString("|")
		for k, c := range row {
			if k < left {
				c = md(c)
			}
			b.WriteString(" " + c + " |")
		}
		b.WriteString("\n")
	}
}
