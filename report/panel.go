package report

import (
	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/panel"
	"github.com/plumb-eval/plumb/present"
)

// Panel is the report's panel section (docs/report-json.md "panel"): the
// judges as a panel over the items two or more of them judged.
type Panel struct {
	Judges []string `json:"judges"`
	// Items counts the shared items, Gold those with gold 1 or 2.
	Items int `json:"items"`
	Gold  int `json:"gold"`
	// KrippendorffAlpha is α nominal (on the choices) and interval (on the
	// position-balanced preferences), each with its bootstrap interval
	// over items.
	KrippendorffAlpha PanelAlpha `json:"krippendorff_alpha"`
	FleissKappa       PanelStat  `json:"fleiss_kappa"`
	// CohenKappa is Cohen's κ of every pair of judges, in Judges' order
	// (null where undefined).
	CohenKappa [][]*float64 `json:"cohen_kappa"`
	// LeaveOneOut is α without each judge (three or more judges).
	LeaveOneOut []PanelLeaveOut `json:"leave_one_out"`
	// Verdict is the panel's verdicts as a judge's metrics.
	Verdict PanelVerdict `json:"verdict"`
	// JudgeMetrics are each judge's metrics over the shared items.
	JudgeMetrics map[string]Metrics `json:"judge_metrics"`
	// Pairs compare every pair of judges, by Holm-adjusted p.
	Pairs []PanelPair `json:"pairs"`
	// People splits the agreement by who rated (absent unless some judges
	// are people, --annotators).
	People *PanelPeople `json:"people,omitempty"`
	Notes  []string     `json:"notes"`

	// md is what the Markdown reads (panel_markdown.go); not in the JSON.
	md panelMarkdown
}

// PanelPeople is the panel's agreement by who rated: α nominal among the
// people and among the judges, and the mean Cohen's κ of a person and a
// judge (n: such pairs).
type PanelPeople struct {
	People       []string  `json:"people"`
	Judges       []string  `json:"judges"`
	AlphaPeople  PanelStat `json:"alpha_people"`
	AlphaJudges  PanelStat `json:"alpha_judges"`
	KappaBetween PanelStat `json:"kappa_between"`
}

// PanelStat is a statistic with its count, its interval when it has one,
// and the reason it is null.
type PanelStat struct {
	Value *float64    `json:"value"`
	N     int         `json:"n"`
	CI95  *[2]float64 `json:"ci95"`
	Note  string      `json:"note,omitempty"`
}

// PanelAlpha is Krippendorff's α at both levels.
type PanelAlpha struct {
	Nominal  PanelStat `json:"nominal"`
	Interval PanelStat `json:"interval"`
}

// PanelLeaveOut is α without one judge.
type PanelLeaveOut struct {
	Judge    string    `json:"judge"`
	Nominal  PanelStat `json:"nominal"`
	Interval PanelStat `json:"interval"`
}

// PanelVerdict is the panel as a judge: its majority vote, its mean
// preference and its mean calibrated preference (null, with the reason in
// CalibratedNote, when no judge has a usable CalibraEval fit).
type PanelVerdict struct {
	Majority       Metrics  `json:"majority"`
	Mean           Metrics  `json:"mean"`
	Calibrated     *Metrics `json:"calibrated"`
	CalibratedNote string   `json:"calibrated_note,omitempty"`
	// Pride is the mean of the judges' Pride-debiased preferences (null,
	// with PrideNote, when no judge has Pride).
	Pride     *Metrics `json:"pride"`
	PrideNote string   `json:"pride_note,omitempty"`
}

// PanelPair compares judges a and b over the items both judged with gold
// 1 or 2.
type PanelPair struct {
	A string `json:"a"`
	B string `json:"b"`
	// Judge names the judge of a pair of its methods (a its raw choices,
	// b its calibrated ones); absent for a pair of judges.
	Judge        string      `json:"judge,omitempty"`
	N            int         `json:"n"`
	AccuracyA    *float64    `json:"accuracy_a"`
	AccuracyB    *float64    `json:"accuracy_b"`
	AccuracyDiff *float64    `json:"accuracy_diff"`
	CI95         *[2]float64 `json:"ci95"`
	// Discordant counts the items only a got right, then only b.
	Discordant [2]int   `json:"discordant"`
	McNemarP   *float64 `json:"mcnemar_p"`
	HolmP      *float64 `json:"holm_p"`
	CohenKappa *float64 `json:"cohen_kappa"`
	// Survives is true when holm_p < 0.05.
	Survives bool   `json:"survives"`
	Note     string `json:"note,omitempty"`
}

// panelStat converts a statistic.
func panelStat(s calib.Stat) PanelStat {
	p := PanelStat{Value: present.Value(s), N: s.N, Note: s.Reason}
	if s.OK() && s.CI != nil {
		p.CI95 = &[2]float64{s.CI.Lower, s.CI.Upper}
	}
	return p
}

// buildPanel converts the session's panel analysis (nil: none).
func buildPanel(r *panel.Result) *Panel {
	if r == nil {
		return nil
	}
	p := &Panel{Judges: append([]string{}, r.Judges...), Items: r.Items, Gold: r.Gold,
		KrippendorffAlpha: PanelAlpha{Nominal: panelStat(r.AlphaNominal), Interval: panelStat(r.AlphaInterval)},
		FleissKappa:       panelStat(r.Fleiss), LeaveOneOut: []PanelLeaveOut{}, JudgeMetrics: map[string]Metrics{},
		Pairs: []PanelPair{}, Notes: nonNil(r.Notes)}
	for a := range r.Kappa {
		row := make([]*float64, len(r.Kappa[a]))
		for b := range r.Kappa[a] {
			row[b] = present.Value(r.Kappa[a][b])
		}
		p.CohenKappa = append(p.CohenKappa, row)
	}
	for _, l := range r.LeaveOut {
		p.LeaveOneOut = append(p.LeaveOneOut, PanelLeaveOut{Judge: l.Judge, Nominal: panelStat(l.Nominal), Interval: panelStat(l.Interval)})
	}
	p.Verdict = PanelVerdict{Majority: buildMetrics(&r.Majority), Mean: buildMetrics(&r.Mean), CalibratedNote: r.CalibratedReason}
	if r.Calibrated != nil {
		m := buildMetrics(r.Calibrated)
		p.Verdict.Calibrated = &m
	}
	p.Verdict.PrideNote = r.PrideReason
	if r.Pride != nil {
		m := buildMetrics(r.Pride)
		p.Verdict.Pride = &m
	}
	for j, name := range r.Judges {
		p.JudgeMetrics[name] = buildMetrics(&r.JudgeMetrics[j])
	}
	for _, q := range r.Pairs {
		d := PanelPair{A: q.A, B: q.B, Judge: q.Judge, N: q.N, AccuracyA: present.Value(q.AccuracyA), AccuracyB: present.Value(q.AccuracyB),
			AccuracyDiff: present.Value(q.Diff), Discordant: [2]int{q.B10, q.B01},
			McNemarP: present.Value(q.McNemar), HolmP: present.Value(q.Holm), CohenKappa: present.Value(q.Kappa),
			Survives: q.Survives, Note: q.Diff.Reason}
		if q.Diff.OK() && q.Diff.CI != nil {
			d.CI95 = &[2]float64{q.Diff.CI.Lower, q.Diff.CI.Upper}
		}
		p.Pairs = append(p.Pairs, d)
	}
	if q := r.People; q != nil {
		p.People = &PanelPeople{People: append([]string{}, q.People...), Judges: append([]string{}, q.Judges...),
			AlphaPeople: panelStat(q.AlphaPeople), AlphaJudges: panelStat(q.AlphaJudges), KappaBetween: panelStat(q.KappaBetween)}
	}
	p.md = panelMarkdown{res: r}
	return p
}

// panelOf is the document's panel section of an analysis, or its note.
func panelOf(an *analysis.Analysis) *Panel { return buildPanel(an.Panel) }
