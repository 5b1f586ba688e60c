package present

import (
	"fmt"
	"strconv"

	"github.com/plumb-eval/plumb/calib/mec"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// EvidenceTitles are the columns of the MEC agreement table (FairEval's
// Table 2): method, items decided, accuracy and Cohen's κ against gold.
func EvidenceTitles() []string { return []string{"method", "items", "accuracy", "κ", "n"} }

// EvidenceRows are the cells of the MEC agreement table, one row per
// method of mec.Names.
func EvidenceRows(r *mec.Result) [][]string {
	out := make([][]string, 0, len(r.Rows))
	for _, row := range r.Rows {
		out = append(out, []string{MethodTitle(row.Name), strconv.Itoa(row.Items),
			FmtStat(row.Accuracy, 3), FmtStat(row.Kappa, 3), strconv.Itoa(row.Accuracy.N)})
	}
	return out
}

// KCurveTitles are the columns of the K curve (FairEval's Figure 3).
func KCurveTitles() []string {
	return []string{"K", "MEC accuracy", "MEC + BPC accuracy", "conflict rate"}
}

// KCurveRows are the cells of the K curve, one row per K.
func KCurveRows(r *mec.Result) [][]string {
	out := make([][]string, 0, len(r.Curve))
	for _, p := range r.Curve {
		out = append(out, []string{strconv.Itoa(p.K), FmtStat(p.MEC, 3), FmtStat(p.MECBPC, 3), FmtStat(p.Conflict, 3)})
	}
	return out
}

// EvidenceSummary is the sentence above the MEC tables: what the samples
// were, how many could not be read, and how often the two orders' MEC
// verdicts conflict.
func EvidenceSummary(r *mec.Result) string {
	s := fmt.Sprintf("%s with sampled scores: %s read (%d to %d per arrangement)",
		vocab.Plural(r.Items, "item"), vocab.Plural(r.Samples, "sample"), r.MinK, r.MaxK)
	if r.Unread > 0 {
		s += fmt.Sprintf(", %d more gave no scores (kept in the log, used by no method)", r.Unread)
	}
	if r.Conflict.OK() {
		s += fmt.Sprintf("; the MEC verdicts of x0 and x2 conflict on %s of %s", FmtStat(r.Conflict, 3), vocab.Plural(r.Conflict.N, "item"))
	} else {
		s += "; no conflict rate (" + r.Conflict.Reason + ")"
	}
	return s
}
