package tui

import (
	"strings"

	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/present"
)

// evidenceLines is the Selection pane's Multiple Evidence Calibration part
// (only for a judge with sampled scores): the samples, each method's
// agreement with gold (FairEval's Table 2) and the K curve (its Figure 3),
// the same cells as the report's (present), with its charts.
func evidenceLines(st *styles, sel *selection.Result, w int) []string {
	r := sel.MEC
	if r == nil {
		return nil
	}
	out := []string{""}
	out = append(out, st.heading("Multiple Evidence Calibration — sampled scores", "FairEval", w)...)
	out = append(out, wrap(present.EvidenceSummary(r)+".", w, " ")...)
	out = append(out, "")
	out = append(out, textTable(present.EvidenceTitles(), present.EvidenceRows(r))...)
	out = append(out, "")
	out = append(out, textTable(present.KCurveTitles(), present.KCurveRows(r))...)
	out = append(out, kCurveCharts(st, r, w)...)
	return out
}

// textTable lays out a small table: the first column left-aligned, the
// others right-aligned, two spaces apart.
func textTable(head []string, rows [][]string) []string {
	all := append([][]string{head}, rows...)
	width := make([]int, len(head))
	for _, row := range all {
		for i, c := range row {
			width[i] = max(width[i], cellWidth(clean(c)))
		}
	}
	out := make([]string, 0, len(all))
	for _, row := range all {
		var b strings.Builder
		b.WriteString(" ")
		for i, c := range row {
			c = clean(c)
			pad := strings.Repeat(" ", width[i]-cellWidth(c))
			if i == 0 {
				b.WriteString(c + pad)
				continue
			}
			b.WriteString("  " + pad + c)
		}
		out = append(out, b.String())
	}
	return out
}
