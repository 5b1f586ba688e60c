package report

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib/mec"
	"github.com/plumb-eval/plumb/present"
)

// Evidence is the Multiple Evidence Calibration analysis of a judge whose
// records have sampled scores (selection.evidence; docs/methods.md §4,
// MEC): the samples, each MEC method's agreement with gold and the K
// curve. Its methods' rows are in selection.methods (mec, bpc_scores,
// mec_bpc).
type Evidence struct {
	Items   int `json:"items"`
	Samples int `json:"samples"`
	Unread  int `json:"unread"`
	MinK    int `json:"min_k"`
	MaxK    int `json:"max_k"`
	// ConflictRate is the share of items with samples in x0 and x2 whose
	// MEC verdicts there differ (null: none has both), over ConflictN.
	ConflictRate *float64 `json:"conflict_rate"`
	ConflictN    int      `json:"conflict_n"`
	// Gold is each method's accuracy and Cohen's κ against gold, gold
	// ties a class (FairEval's Table 2).
	Gold map[string]*EvidenceGold `json:"gold"`
	// KCurve is accuracy and the conflict rate at K = 1, 3, 5, … samples
	// per arrangement, each the mean over Draws subsamples (seed Seed).
	KCurve []KPoint `json:"k_curve"`
	Draws  int      `json:"draws"`
	Seed   uint64   `json:"seed"`

	md evidenceMarkdown
}

// EvidenceGold is one MEC method's agreement with gold.
type EvidenceGold struct {
	// Items counts the items the method decided; N those with gold.
	Items    int      `json:"items"`
	Accuracy *float64 `json:"accuracy"`
	Kappa    *float64 `json:"kappa"`
	N        int      `json:"n"`
	// Reason says why accuracy or κ is null ("" when both are defined).
	Reason string `json:"reason,omitempty"`
}

// KPoint is one point of the K curve (null values: undefined).
type KPoint struct {
	K              int      `json:"k"`
	MECAccuracy    *float64 `json:"mec_accuracy"`
	MECBPCAccuracy *float64 `json:"mec_bpc_accuracy"`
	ConflictRate   *float64 `json:"conflict_rate"`
}

// evidenceMarkdown is the section's text and cells, from present.
type evidenceMarkdown struct {
	summary     string
	gold, curve [][]string
}

// buildEvidence returns the judge's MEC section (nil without samples).
func buildEvidence(r *mec.Result) *Evidence {
	if r == nil {
		return nil
	}
	e := &Evidence{Items: r.Items, Samples: r.Samples, Unread: r.Unread, MinK: r.MinK, MaxK: r.MaxK,
		ConflictRate: present.Value(r.Conflict), ConflictN: r.Conflict.N, Gold: map[string]*EvidenceGold{},
		Draws: mec.Draws, Seed: r.Seed,
		md: evidenceMarkdown{summary: present.EvidenceSummary(r), gold: present.EvidenceRows(r), curve: present.KCurveRows(r)}}
	for _, row := range r.Rows {
		g := &EvidenceGold{Items: row.Items, Accuracy: present.Value(row.Accuracy), Kappa: present.Value(row.Kappa), N: row.Accuracy.N}
		switch {
		case !row.Accuracy.OK():
			g.Reason = row.Accuracy.Reason
		case !row.Kappa.OK():
			g.Reason = "κ: " + row.Kappa.Reason
		}
		e.Gold[row.Name] = g
	}
	for _, p := range r.Curve {
		e.KCurve = append(e.KCurve, KPoint{K: p.K, MECAccuracy: present.Value(p.MEC),
			MECBPCAccuracy: present.Value(p.MECBPC), ConflictRate: present.Value(p.Conflict)})
	}
	return e
}

// writeEvidence writes the MEC section, if any.
func writeEvidence(b *strings.Builder, e *Evidence) {
	if e == nil {
		return
	}
	fmt.Fprintf(b, "\n### Multiple Evidence Calibration (sampled scores)\n\n%s.\n\n", mdClause(e.md.summary))
	b.WriteString("Agreement with gold, gold ties a class (FairEval's Table 2): MEC decides in x0; the BPC rows pool both orders.\n\n")
	writeTableHead(b, present.EvidenceTitles()[:1], present.EvidenceTitles()[1:])
	for _, row := range e.md.gold {
		fmt.Fprintf(b, "| %s |\n", strings.Join(row, " | "))
	}
	fmt.Fprintf(b, "\nAs K grows (FairEval's Figure 3): each value is the mean over %d subsamples of K read samples per "+
		"arrangement (seed %d; an arrangement with fewer uses all it has).\n\n", e.Draws, e.Seed)
	writeTableHead(b, present.KCurveTitles()[:1], present.KCurveTitles()[1:])
	for _, row := range e.md.curve {
		fmt.Fprintf(b, "| %s |\n", strings.Join(row, " | "))
	}
}

// csvEvidenceRows are the MEC section's numbers (section "evidence"):
// per method its accuracy and κ against gold, and per K the curve's
// values (metric "k=K accuracy" and so on).
func csvEvidenceRows(rows []csvRow, judge string, j *Judge) []csvRow {
	if j.Selection == nil || j.Selection.Evidence == nil {
		return rows
	}
	e := j.Selection.Evidence
	for _, name := range mec.Names() {
		g := e.Gold[name]
		if g == nil {
			continue
		}
		for _, v := range []struct {
			metric string
			value  *float64
		}{{"accuracy", g.Accuracy}, {"kappa", g.Kappa}} {
			r := csvRow{section: "evidence", judge: judge, method: name, metric: v.metric, value: v.value, n: csvInt(g.N)}
			if v.value == nil {
				r.note = g.Reason
			}
			rows = append(rows, r)
		}
	}
	for _, p := range e.KCurve {
		k := fmt.Sprintf("k=%d ", p.K)
		for _, v := range []struct {
			method, metric string
			value          *float64
		}{{mec.NameMEC, "accuracy", p.MECAccuracy}, {mec.NameMECBPC, "accuracy", p.MECBPCAccuracy}, {mec.NameMEC, "conflict_rate", p.ConflictRate}} {
			r := csvRow{section: "evidence_k", judge: judge, method: v.method, metric: k + v.metric, value: v.value}
			if v.value == nil {
				r.note = "undefined at this K"
			}
			rows = append(rows, r)
		}
	}
	if e.ConflictRate != nil {
		rows = append(rows, csvRow{section: "evidence", judge: judge, method: mec.NameMEC, metric: "conflict_rate", value: e.ConflictRate, n: csvInt(e.ConflictN)})
	}
	return rows
}
