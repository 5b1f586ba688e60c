package report

import (
	"io"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/present"
)

// SchemaVersion is the version of the report JSON. It changes only when a
// key is removed or changes meaning; new keys may appear at any time.
// Version 2: ci95 holds the bootstrap intervals of every metric; the ICCs'
// McGraw–Wong intervals moved to icc_ci95.
const SchemaVersion = 2

// Doc is the report JSON (README, "Report JSON").
type Doc struct {
	Schema  int        `json:"schema"`
	Plumb   string     `json:"plumb"`
	Options DocOptions `json:"options"`
	Files   []DocFile  `json:"files"`
	Skipped DocSkipped `json:"skipped"`
	// Notes are the importers' remarks about the input.
	Notes []string `json:"notes"`
	// Summary is one row per judge: the headline numbers of every judge
	// (the Markdown report's "Judges at a glance").
	Summary []present.SummaryRow `json:"summary"`
	Judges  map[string]Judge     `json:"judges"`
	// Conditions holds the Conditions view of each judge judged in two or
	// more conditions (conditions.go); absent when there is none.
	Conditions []Conditions `json:"conditions,omitempty"`
	// Panel is the judges as a panel over the items two or more of them
	// judged (report/panel.go); absent with fewer than two such judges or
	// without the session's panel analysis (Engine.Report computes it).
	Panel *Panel `json:"panel,omitempty"`
	// Reproduce is the command that recomputes these numbers, when known
	// (Analysis.Reproduce).
	Reproduce string `json:"reproduce,omitempty"`

	// md is what only the Markdown shows (markdown.go); it is not part of
	// the JSON, so a Doc decoded from JSON has none.
	md docMarkdown
}

// DocOptions echoes the knobs the report was made with.
type DocOptions struct {
	Judges []string `json:"judges"`
	// Group is the group filter on pair records ("" = every group).
	Group     string  `json:"group"`
	Lambda    float64 `json:"lambda"`
	EstFrac   float64 `json:"est_frac"`
	Objective string  `json:"objective"`
	Seed      uint64  `json:"seed"`
	// Solver knobs (calib/selection/solver.go): solver, the published code's λ,
	// the fit-path stop ("end" or a point index) and whether the path was
	// asked for.
	Solver          string  `json:"solver"`
	PublishedLambda float64 `json:"published_lambda"`
	StopAt          string  `json:"stop_at"`
	Path            bool    `json:"path"`
	// Reporting knobs.
	Target      string  `json:"target"`
	VerdictFrom string  `json:"verdict_from"`
	Budget      int     `json:"budget"`
	Split       float64 `json:"split"`
	Alpha       float64 `json:"alpha"`
	Pilot       int     `json:"pilot"`
	// Likelihood knobs.
	Permutations int  `json:"permutations"`
	PerToken     bool `json:"per_token"`
	K            int  `json:"k"`
	// Bootstrap is the bootstrap as asked for (each judge's
	// selection.bootstrap says what was done).
	Bootstrap DocBootstrap `json:"bootstrap"`
	// Style echoes the style knobs; absent when no judge has a style
	// section.
	Style *DocStyleOptions `json:"style,omitempty"`
}

// DocFile is one input file.
type DocFile struct {
	Name     string `json:"name"`
	Pairs    int    `json:"pairs"`
	Scores   int    `json:"scores"`
	Verdicts int    `json:"verdicts"`
	Skipped  int    `json:"skipped"`
}

// DocSkipped counts the bad lines left out under --skip-bad.
type DocSkipped struct {
	Lines   int      `json:"lines"`
	Reasons []string `json:"reasons"`
}

// Judge is one judge's part of the report.
type Judge struct {
	Pairs     int        `json:"pairs"`
	Scores    int        `json:"scores"`
	Verdicts  int        `json:"verdicts"`
	Selection *Selection `json:"selection"`
	// Reporting is null when the judge has no usable verdict or pair
	// records; Likelihood when it has no score records (notes say why).
	Reporting  *Reporting  `json:"reporting"`
	Likelihood *Likelihood `json:"likelihood"`
	// Style is the judge's length and self-preference bias and its
	// generators' win rates; absent when the style analysis left the
	// judge out (its pair records name no generator and give no length:
	// Options.Style).
	Style *Style   `json:"style,omitempty"`
	Notes []string `json:"notes"`
}

// DocSettings choose what the report JSON holds beyond the numbers.
type DocSettings struct {
	// Points adds every LS–US point (likelihood.points and each
	// criterion's points: one object per score item, most of the bytes
	// of a large log's report; `plumb report --points`). The top-RS items
	// are always there.
	Points bool
}

// BuildDoc converts an Analysis into the report JSON structure with the
// default settings: no LS–US points (BuildDocWith adds them).
func BuildDoc(an *analysis.Analysis, version string) *Doc {
	return BuildDocWith(an, version, DocSettings{})
}

// BuildDocWith converts an Analysis into the report JSON structure, with
// what s asks for beyond the numbers (BuildDoc: the default document).
func BuildDocWith(an *analysis.Analysis, version string, s DocSettings) *Doc {
	so := an.Options.Selection
	d := &Doc{
		Schema:    SchemaVersion,
		Plumb:     version,
		Reproduce: an.Reproduce,
		Options: DocOptions{
			Judges:    nonNil(an.Options.Judges),
			Group:     an.Options.Group,
			Lambda:    so.Lambda,
			EstFrac:   so.EstFrac,
			Objective: so.Objective.String(),
			Seed:      so.Seed,

			Solver: so.Solver.String(), PublishedLambda: so.PublishedLambda, StopAt: so.StopAt.String(), Path: so.Path || so.StopAt != selection.StopEnd,

			Target:       an.Options.Target,
			VerdictFrom:  an.Options.VerdictFrom.String(),
			Budget:       an.Options.Reporting.Budget,
			Split:        an.Options.Reporting.Split,
			Alpha:        an.Options.Reporting.Alpha,
			Pilot:        an.Options.Reporting.Pilot,
			Permutations: an.Options.Likelihood.Permutations,
			PerToken:     an.Options.Likelihood.PerToken,
			K:            an.Options.Likelihood.TopK,
			Bootstrap:    docBootstrap(an.Options),
			Style:        docStyleOptions(an),
		},
		Files:   []DocFile{},
		Skipped: DocSkipped{Lines: an.Skipped, Reasons: nonNil(an.Reasons)},
		Notes:   nonNil(an.Notes),
		Judges:  map[string]Judge{},
		Summary: Summary(an),
		Panel:   panelOf(an),
		md:      buildDocMarkdown(an),
	}
	for _, f := range an.Files {
		d.Files = append(d.Files, DocFile{Name: f.Name, Pairs: f.Pairs, Scores: f.Scores, Verdicts: f.Verdicts, Skipped: f.Skipped})
	}
	for i := range an.Judges {
		ja := &an.Judges[i]
		d.Judges[ja.Judge] = buildJudge(ja, an.Options, s)
	}
	d.Conditions = buildConditions(an)
	return d
}

// buildJudge converts one judge's analysis, run with opt, into its part
// of the document: each section, or a note saying why it is absent.
func buildJudge(ja *analysis.JudgeAnalysis, opt analysis.Options, s DocSettings) Judge {
	j := Judge{Pairs: ja.Pairs, Scores: ja.Scores, Verdicts: ja.Verdicts, Notes: []string{}}
	if ja.Selection == nil {
		j.Notes = append(j.Notes, "selection: "+ja.SelectionReason)
	} else {
		j.Selection = buildSelection(ja.Selection)
		j.Selection.md.allRows, j.Selection.md.heldoutRows = methodsRows(ja.Selection, ja.Intervals)
		j.Selection.md.intervals = buildIntervalsMarkdown(ja)
		addIntervals(j.Selection, ja)
	}
	if ja.Reporting == nil {
		j.Notes = append(j.Notes, "reporting: "+ja.ReportingReason)
	} else {
		j.Reporting = buildReporting(ja, opt.Reporting.Alpha)
	}
	if ja.Likelihood == nil {
		j.Notes = append(j.Notes, "likelihood: "+ja.LikelihoodReason)
	} else {
		j.Likelihood = buildLikelihood(ja.Likelihood, s.Points)
		addBiasIntervals(j.Likelihood, ja.Likelihood)
	}
	if ja.Style != nil {
		j.Style = buildStyle(ja.Style, analysis.StyleBootstrap(ja, opt))
	} else if ja.StyleReason != "" {
		j.Notes = append(j.Notes, "style: "+ja.StyleReason)
	}
	return j
}

// WriteJSON writes the report JSON, indented, with a final newline, as a
// stream (stream.go: the bytes of encoding/json's indented output). It
// never fails on a number: a NaN or ±Inf that reached d (none should) is
// written as null (metrics) or 0 (plain numbers) and named in the
// document's notes (finiteDoc); d is changed accordingly. DEL, C1 controls
// and bidirectional overrides in strings are written as \uXXXX escapes
// (jsonSafeWriter), so the JSON is safe to print on a terminal and decodes
// to the same strings.
func WriteJSON(w io.Writer, d *Doc) error {
	for _, f := range finiteDoc(d) {
		d.Notes = append(d.Notes, "internal: "+f+" (not a finite number; please report this)")
	}
	sw := newJSONSafeWriter(w)
	if err := newJSONStream(sw).writeDoc(d); err != nil {
		return err
	}
	return sw.flush()
}
