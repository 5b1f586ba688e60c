package report

import (
	"io"
	"slices"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
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
	Summary []SummaryRow     `json:"summary"`
	Judges  map[string]Judge `json:"judges"`
	// Reproduce is the command that recomputes these numbers, when known
	// (Analysis.Reproduce).
	Reproduce string `json:"reproduce,omitempty"`
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
	// Solver knobs (selection_solver.go): solver, the published code's λ,
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
	Notes      []string    `json:"notes"`
}

// Selection is the selection-bias analysis of a judge.
type Selection struct {
	Items         int                `json:"items"`
	Arrangements  map[string]int     `json:"arrangements"`
	Source        string             `json:"source"`
	EstimationSet EstimationSet      `json:"estimation_set"`
	Methods       map[string]*Method `json:"methods"`
	// Curve is g* at 101 evenly spaced points 0, 0.01, …, 1 (null when
	// CalibraEval is unavailable).
	Curve []float64   `json:"curve"`
	Prior *PridePrior `json:"pride_prior"`
	Notes []string    `json:"notes"`
	// BiasEffects separates position from token bias (README, "Report JSON").
	BiasEffects *BiasEffects `json:"bias_effects"`
	// Bootstrap says how the intervals of the methods' ci95, delta_ci95
	// and change were made (null when none were).
	Bootstrap *DocBootstrap `json:"bootstrap"`
	// Path is CalibraEval's fit path (omitted unless asked for: --path or
	// --stop-at; json_path.go).
	Path *PathJSON `json:"path,omitempty"`
}

// EstimationSet describes CalibraEval's and Pride's estimation set.
type EstimationSet struct {
	Frac    float64 `json:"frac"`
	Seed    uint64  `json:"seed"`
	Size    int     `json:"size"`
	Heldout int     `json:"heldout"`
}

// PridePrior is Pride's global prior over the ID tokens.
type PridePrior struct {
	A float64 `json:"a"`
	B float64 `json:"b"`
	N int     `json:"n"`
}

// Method is one method's results. Metric values are null when undefined or
// not applicable; Notes then says why ("fleiss_kappa: reason"), along with
// the method's own remarks. A degenerate (collapsed) method is available
// but says nothing about the judge (calib.Collapsed): Degenerate is true,
// Reason says why, and every metric is null.
type Method struct {
	Available  bool    `json:"available"`
	Degenerate bool    `json:"degenerate"`
	Reason     *string `json:"reason"`
	Metrics
	Heldout *Metrics `json:"heldout,omitempty"`
	Fit     *Fit     `json:"fit,omitempty"`
	Kept    *float64 `json:"kept,omitempty"`
	// HeldoutKept is Kept over the held-out items (discard_inconsistent
	// with est_frac < 1).
	HeldoutKept *float64 `json:"heldout_kept,omitempty"`
	Notes       []string `json:"notes"`
}

// Metrics are the selection-bias metrics of docs/methods.md §2.
type Metrics struct {
	Consistency       *float64 `json:"consistency"`
	FirstPositionRate *float64 `json:"first_position_rate"`
	FleissKappa       *float64 `json:"fleiss_kappa"`
	ICC2k             *float64 `json:"icc2k"`
	ICC3k             *float64 `json:"icc3k"`
	ICC21             *float64 `json:"icc21"`
	ICC31             *float64 `json:"icc31"`
	RStd              *float64 `json:"rstd"`
	AccuracyMean      *float64 `json:"accuracy_mean"`
	AccuracyAggregate *float64 `json:"accuracy_aggregate"`
	AccuracyTies      *float64 `json:"accuracy_ties"`
	TieRate           *float64 `json:"tie_rate"`
	// N is the number of items the metrics used.
	N int `json:"n"`
	// Counts gives each metric's own count (items, subjects or choices).
	Counts map[string]int `json:"counts"`
	// ICCCI95 gives the 95% McGraw–Wong intervals of the ICCs, where
	// defined.
	ICCCI95 map[string][2]float64 `json:"icc_ci95"`
	// Bootstrap intervals (all items only; held-out metrics have none;
	// json_boot.go): CI95 of each metric, DeltaCI95 of its change from raw
	// and Change, what the change is called ("better", "worse", "within
	// noise"; raw has neither).
	CI95      map[string][2]float64 `json:"ci95"`
	DeltaCI95 map[string][2]float64 `json:"delta_ci95"`
	Change    map[string]string     `json:"change"`
	// Flags maps a metric key to why its value cannot be right (e.g. an
	// ICC outside [−1, 1]); the value is still given.
	Flags map[string]string `json:"flags"`
	// AgreementSet lists the arrangements κ and the ICCs use.
	AgreementSet []string `json:"agreement_set"`
	// PerArrangement gives accuracy and the recalls per arrangement.
	PerArrangement map[string]ArrangementMetrics `json:"per_arrangement"`
	Notes          []string                      `json:"notes"`
}

// ArrangementMetrics are one arrangement's accuracy and recalls.
type ArrangementMetrics struct {
	Accuracy *float64 `json:"accuracy"`
	Recall1  *float64 `json:"recall_1"`
	Recall2  *float64 `json:"recall_2"`
	N        int      `json:"n"`
}

// Fit describes CalibraEval's optimisation. Solver is "converged" or
// "published"; StopAt is set when the row uses a fit-path point; Published
// describes the published code's run.
type Fit struct {
	Solver      string            `json:"solver"`
	Iterations  int               `json:"iterations"`
	Objective   float64           `json:"objective"`
	GradNorm    float64           `json:"grad_norm"`
	Points      int               `json:"points"`
	Converged   bool              `json:"converged"`
	Status      string            `json:"status"`
	WarmStarted bool              `json:"warm_started"`
	StopAt      *FitStop          `json:"stop_at,omitempty"`
	Published   *PublishedFitInfo `json:"published,omitempty"`
}

// BuildDocWith converts an Analysis into the report JSON structure, with
// what s asks for beyond the numbers (BuildDoc: the default document).
func BuildDocWith(an *Analysis, version string, s DocSettings) *Doc {
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
		},
		Files:   []DocFile{},
		Skipped: DocSkipped{Lines: an.Skipped, Reasons: nonNil(an.Reasons)},
		Notes:   nonNil(an.Notes),
		Judges:  map[string]Judge{},
		Summary: Summary(an),
	}
	for _, f := range an.Files {
		d.Files = append(d.Files, DocFile{Name: f.Name, Pairs: f.Pairs, Scores: f.Scores, Verdicts: f.Verdicts, Skipped: f.Skipped})
	}
	for _, ja := range an.Judges {
		j := Judge{Pairs: ja.Pairs, Scores: ja.Scores, Verdicts: ja.Verdicts, Notes: []string{}}
		if ja.Selection == nil {
			j.Notes = append(j.Notes, "selection: "+ja.SelectionReason)
		} else {
			j.Selection = buildSelection(ja.Selection)
			addIntervals(j.Selection, &ja)
		}
		if ja.Reporting == nil {
			j.Notes = append(j.Notes, "reporting: "+ja.ReportingReason)
		} else {
			j.Reporting = buildReporting(&ja, an.Options.Reporting.Alpha)
		}
		if ja.Likelihood == nil {
			j.Notes = append(j.Notes, "likelihood: "+ja.LikelihoodReason)
		} else {
			j.Likelihood = buildLikelihood(ja.Likelihood, s.Points)
			addBiasIntervals(j.Likelihood, ja.Likelihood)
		}
		d.Judges[ja.Judge] = j
	}
	return d
}

func buildSelection(s *selection.Result) *Selection {
	out := &Selection{
		Items:        s.N,
		Arrangements: map[string]int{},
		Source:       s.Source.String(),
		EstimationSet: EstimationSet{
			Frac: s.Options.EstFrac, Seed: s.Options.Seed, Size: s.EstSize, Heldout: s.HeldoutSize,
		},
		Methods: map[string]*Method{},
		Curve:   slices.Clone(s.Curve),
		Notes:   nonNil(s.Notes),

		BiasEffects: buildBiasEffects(&s.Effects),
	}
	for _, a := range model.Arrangements {
		if s.Arrangements[a] > 0 {
			out.Arrangements[a.String()] = s.Arrangements[a]
		}
	}
	if s.Prior != nil {
		out.Prior = &PridePrior{A: s.Prior.A, B: s.Prior.B, N: s.Prior.N}
	}
	for i := range s.Methods {
		mr := &s.Methods[i]
		m := &Method{Available: mr.Available, Notes: nonNil(mr.Notes)}
		if !mr.Available {
			r := mr.Reason
			m.Reason = &r
			m.Metrics = unavailableMetrics()
		} else {
			m.Metrics = buildMetrics(&mr.All)
			if mr.Heldout != nil {
				h := buildMetrics(mr.Heldout)
				m.Heldout = &h
			}
			if mr.Degenerate {
				markDegenerate(m, mr.DegenerateReason)
			}
		}
		// The embedded Metrics' notes are shadowed by Method.Notes in JSON:
		// carry them over.
		m.Notes = append(m.Notes, m.Metrics.Notes...)
		if mr.Kept != nil && mr.Kept.OK() {
			v := mr.Kept.Value
			m.Kept = &v
		}
		if mr.HeldoutKept != nil && mr.HeldoutKept.OK() && m.Heldout != nil {
			v := mr.HeldoutKept.Value
			m.HeldoutKept = &v
		}
		if mr.Name == selection.MethodCalibraEval && s.Fit != nil {
			m.Fit = &Fit{
				Iterations: s.Fit.Iterations, Objective: s.Fit.Objective, GradNorm: s.Fit.GradNorm,
				Points: s.Fit.Points, Converged: s.Fit.Converged, Status: s.Fit.Status, WarmStarted: s.WarmStarted,
				Solver: selection.SolverConverged.String(),
			}
			if st := s.Stop; st != nil {
				m.Fit.StopAt = &FitStop{Point: st.Point, Points: st.Points, Distance: st.Distance, Objective: st.Objective}
			}
		}
		if mr.Name == selection.MethodCalibraEvalPublished && s.Published != nil {
			m.Fit = publishedFit(s.Published)
		}
		out.Methods[mr.Name] = m
	}
	if s.Path != nil {
		out.Path = buildPath(s.Path, s.Stop)
	}
	return out
}

// metricKeys maps each metric's JSON key to the calib value and the JSON
// field, in output order; it is the one list of the report's metrics.
var metricKeys = []struct {
	key string
	get func(m *metrics.Metrics) calib.Stat
	dst func(m *Metrics) **float64
}{
	{"consistency", func(m *metrics.Metrics) calib.Stat { return m.Consistency }, func(m *Metrics) **float64 { return &m.Consistency }},
	{"first_position_rate", func(m *metrics.Metrics) calib.Stat { return m.FirstPositionRate }, func(m *Metrics) **float64 { return &m.FirstPositionRate }},
	{"fleiss_kappa", func(m *metrics.Metrics) calib.Stat { return m.FleissKappa }, func(m *Metrics) **float64 { return &m.FleissKappa }},
	{"icc2k", func(m *metrics.Metrics) calib.Stat { return m.ICC2k }, func(m *Metrics) **float64 { return &m.ICC2k }},
	{"icc3k", func(m *metrics.Metrics) calib.Stat { return m.ICC3k }, func(m *Metrics) **float64 { return &m.ICC3k }},
	{"icc21", func(m *metrics.Metrics) calib.Stat { return m.ICC21 }, func(m *Metrics) **float64 { return &m.ICC21 }},
	{"icc31", func(m *metrics.Metrics) calib.Stat { return m.ICC31 }, func(m *Metrics) **float64 { return &m.ICC31 }},
	{"rstd", func(m *metrics.Metrics) calib.Stat { return m.RStd }, func(m *Metrics) **float64 { return &m.RStd }},
	{"accuracy_mean", func(m *metrics.Metrics) calib.Stat { return m.AccuracyMean }, func(m *Metrics) **float64 { return &m.AccuracyMean }},
	{"accuracy_aggregate", func(m *metrics.Metrics) calib.Stat { return m.AccuracyAggregate }, func(m *Metrics) **float64 { return &m.AccuracyAggregate }},
	{"accuracy_ties", func(m *metrics.Metrics) calib.Stat { return m.AccuracyTies }, func(m *Metrics) **float64 { return &m.AccuracyTies }},
	{"tie_rate", func(m *metrics.Metrics) calib.Stat { return m.TieRate }, func(m *Metrics) **float64 { return &m.TieRate }},
}

func buildMetrics(m *metrics.Metrics) Metrics {
	out := Metrics{
		N:              m.N,
		Counts:         map[string]int{},
		ICCCI95:        map[string][2]float64{},
		CI95:           map[string][2]float64{},
		DeltaCI95:      map[string][2]float64{},
		Change:         map[string]string{},
		Flags:          map[string]string{},
		AgreementSet:   []string{},
		PerArrangement: map[string]ArrangementMetrics{},
		Notes:          nonNil(m.Notes),
	}
	for _, f := range metricKeys {
		st := f.get(m)
		*f.dst(&out) = value(st)
		out.Counts[f.key] = st.N
		if !st.OK() {
			out.Notes = append(out.Notes, f.key+": "+st.Reason)
		} else if st.CI != nil {
			out.ICCCI95[f.key] = [2]float64{st.CI.Lower, st.CI.Upper}
		}
		if st.OK() && st.Flag != "" {
			out.Flags[f.key] = st.Flag
		}
	}
	for _, a := range model.Arrangements {
		if m.AgreementSet[a] {
			out.AgreementSet = append(out.AgreementSet, a.String())
		}
		acc := m.Accuracy[a]
		if acc.N == 0 && !acc.OK() && m.Recall1[a].N == 0 && m.Recall2[a].N == 0 {
			continue
		}
		out.PerArrangement[a.String()] = ArrangementMetrics{
			Accuracy: value(acc), Recall1: value(m.Recall1[a]), Recall2: value(m.Recall2[a]), N: acc.N,
		}
	}
	return out
}

func unavailableMetrics() Metrics {
	return Metrics{
		Counts: map[string]int{}, ICCCI95: map[string][2]float64{}, CI95: map[string][2]float64{},
		DeltaCI95: map[string][2]float64{}, Change: map[string]string{}, Flags: map[string]string{}, AgreementSet: []string{},
		PerArrangement: map[string]ArrangementMetrics{}, Notes: []string{},
	}
}

func value(s calib.Stat) *float64 {
	if !s.OK() {
		return nil
	}
	v := s.Value
	return &v
}

// nonNil returns a copy of xs that encodes as [] rather than null when
// empty; callers may append to it without touching xs.
func nonNil(xs []string) []string {
	return append([]string{}, xs...)
}

// WriteJSON writes the report JSON, indented, with a final newline, as a
// stream (json_stream.go: the bytes of encoding/json's indented output). It
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
