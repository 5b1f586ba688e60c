package style

import (
	"fmt"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/model"
)

// Pref selects the preference the length, self-preference,
// length-controlled and corrected measures are computed on.
type Pref int

// The preferences. PrefBalanced is the default.
const (
	// PrefBalanced is the position-balanced preference: the mean over an
	// item's arrangements of the raw preference (one arrangement: that one).
	PrefBalanced Pref = iota
	// PrefRawX0 is the raw preference in the item's first recorded
	// arrangement (x0 in log format v1).
	PrefRawX0
	// PrefCalibrated is the mean over an item's arrangements of the
	// calibrated preferences in Options.Calibrated.
	PrefCalibrated
)

var prefNames = [...]string{"balanced", "raw-x0", "calibrated"}

// String returns the name ParsePref accepts.
func (p Pref) String() string {
	if p < 0 || int(p) >= len(prefNames) {
		return fmt.Sprintf("Pref(%d)", int(p))
	}
	return prefNames[p]
}

// ParsePref parses "balanced", "raw-x0" or "calibrated".
func ParsePref(s string) (Pref, error) {
	for i, n := range prefNames {
		if s == n {
			return Pref(i), nil
		}
	}
	return 0, fmt.Errorf("unknown preference %q (want one of %s)", s, strings.Join(prefNames[:], ", "))
}

// Options are the knobs of Analyze.
type Options struct {
	// Pref is the preference of the measures (see Pref); Raw and Balanced
	// win rates and the longer-response preference in both are given
	// whatever it is.
	Pref Pref
	// Calibrated holds calibrated preferences for the pairs, one row per
	// pair in the same order (e.g. calib.CalibratedPrefs(pairs, curve));
	// nil when there are none. PrefCalibrated needs them.
	Calibrated *calib.Prefs
	// CalibratedReason says why Calibrated is nil (e.g. "CalibraEval
	// collapsed: …"); the calibrated win rates then give it as their
	// reason, "no calibrated preferences: " + CalibratedReason, instead
	// of the generic one.
	CalibratedReason string
	// Self maps a judge to the generator it is, for a judge whose name is
	// not that generator's (the CLI's --self JUDGE=MODEL). A judge named
	// like a generator needs no entry.
	Self map[string]string
	// Bootstrap sets the paired item bootstrap of every interval
	// (Resamples 0: no intervals).
	Bootstrap bootstrap.Options
	// Reporting sets the Rogan–Gladen correction of the win rates.
	Reporting reporting.Options
	// LengthBins is the number of bins of the longer-response preference
	// against the length difference (0: DefaultLengthBins).
	LengthBins int
	// LengthsNeedFields counts a response's length only on records that
	// give one of model_1, model_2, len_1, len_2 (Pair.Gen not nil), also
	// when the text is at hand: what a reader keeping texts' lengths only
	// for such records (model.ReadOptions.GenTextLengths, `plumb report
	// --style auto`) sees, so that an analysis of a log held with its
	// texts (the UI's) equals the report's.
	LengthsNeedFields bool
	// Difficulty maps an AlpacaEval instruction index to its difficulty
	// (AlpacaEval's instruction_difficulty.csv; InstructionIndex reads an
	// item's index from its id); nil for none. With it every win-rate row
	// also gets AlpacaEval 2.0's length-controlled rate with instruction
	// difficulty (WinRate.LengthControlledDifficulty, FitDifficultyGLM).
	Difficulty map[int]float64
	// Others are the other judges' pair records (this judge's are
	// skipped), for the self-preference beyond the other judges
	// (others.go); nil: none.
	Others []Other
	// Position is the judge's position metrics on its raw choices, for the
	// position-dominance flag (dominance.go); undefined Stats: no flag.
	Position Position
}

// DefaultLengthBins is the default number of length-difference bins.
const DefaultLengthBins = 8

// DefaultOptions returns the defaults: the position-balanced preference,
// 1,000 percentile bootstrap resamples at 95% with seed 1, and
// reporting.DefaultOptions.
func DefaultOptions() Options {
	return Options{
		Bootstrap: bootstrap.Options{Resamples: bootstrap.DefaultResamples, Seed: 1, Level: 0.95, Kind: bootstrap.Percentile},
		Reporting: reporting.DefaultOptions(),
	}
}

// Result is the style analysis of one judge (docs/style.md). Every measure
// is a calib.Stat with the number of items it used, its paired item
// bootstrap interval as CI (when bootstrapped), or the reason it has no
// value.
type Result struct {
	Judge string
	N     int  // pair records analysed
	Pref  Pref // the preference of the measures
	// Length is the judge's length bias.
	Length Length
	// Self is the judge's preference for its own generator's responses;
	// nil when the judge is none of the generators (SelfReason says so).
	Self       *SelfPreference
	SelfReason string
	// WinRates are the win rates of every generator against each opponent
	// and against all, by model, then opponent (against all first).
	WinRates []WinRate
	// BradleyTerry are the generators' scores when no generator was
	// compared with every other; nil otherwise, with the reason in
	// BradleyTerryReason.
	BradleyTerry       []BTScore
	BradleyTerryReason string
	// Difficulty says whether instruction difficulties were given
	// (Options.Difficulty), so that the win rates carry
	// LengthControlledDifficulty.
	Difficulty bool
	// PositionDominated is set when the judge's choices follow the position
	// shown (dominance.go): its own preference and raw win rates are then
	// not findings. Nil otherwise.
	PositionDominated *Dominance
	// Notes say what was left out and why, and what an interval lacks.
	Notes []string
}

// Length is a judge's length bias (lengths in Unicode code points, from
// len_1/len_2 or the texts).
type Length struct {
	// N counts the items whose two responses have known, different lengths.
	N int
	// LongerPreference is the mean preference for the longer response
	// (Pref's preference) over those items; 0.5 is no length bias.
	LongerPreference calib.Stat
	// LongerRaw and LongerBalanced are the same with the raw (first
	// arrangement) and the position-balanced preference.
	LongerRaw, LongerBalanced calib.Stat
	// LongerWhenGoldShorter is the mean preference for the longer response
	// over the items whose gold prefers the shorter one.
	LongerWhenGoldShorter calib.Stat
	// Slope is φ of the GLM logit p = θ + φ·tanh(Δ/sd(Δ)) over the items with
	// both lengths known, p the preference for response_1 and Δ = len_1 −
	// len_2; > 0 favours the longer response.
	Slope calib.Stat
	// Bins are the longer-response preferences by length difference.
	Bins []LengthBin
	// GeneratorLonger are the generator pairs where one generator wrote
	// the longer response in more than LongerShare of their items
	// (confound.go): there the longer preference mostly compares the
	// generators, and the pair's φ is the length effect to quote.
	GeneratorLonger []LongerGenerator
}

// LengthBin is one bin of items by |Δ|, the absolute length difference.
type LengthBin struct {
	Lo, Hi int // |Δ| of the bin's items, in code points, both included
	N      int
	// Raw, Balanced and Pref are the mean preferences for the longer
	// response, raw, position-balanced and Options.Pref's. Pref is over the
	// bin's items that have that preference (only the calibrated one can
	// be missing); HasPref is false, and Pref 0, when none has.
	Raw, Balanced, Pref float64
	HasPref             bool
}

// SelfPreference is a judge's preference for its own generator's
// responses, over the items where exactly one response is its own.
type SelfPreference struct {
	Model string // the generator the judge is
	N     int
	// OwnPreference is the mean preference (Pref's) for the own response.
	OwnPreference calib.Stat
	// BeyondQuality is the same over the items whose gold prefers the
	// other response.
	BeyondQuality calib.Stat
	// Caveat says, when BeyondQuality is undefined (no gold prefers the
	// other response), that OwnPreference mixes self-preference with the
	// quality of the responses, with its number; "" otherwise.
	Caveat string
	// BeyondOthers is the preference beyond the other judges on the same
	// items (others.go); nil when there is no other judge, with the reason
	// in BeyondOthersReason.
	BeyondOthers       *BeyondOthers
	BeyondOthersReason string
}

// WinRate is a generator's win rate against an opponent, or against all
// (VsAll; Opponent is then ""). Every rate is the mean preference for
// Model's response.
type WinRate struct {
	Model    string
	Opponent string
	VsAll    bool
	N        int // items of Model against Opponent (or any other generator)
	// Raw reads each item in its first recorded arrangement (x0; for
	// AlpacaEval's imports, the one shown order: its win_rate).
	Raw calib.Stat
	// Balanced is the mean over each item's arrangements.
	Balanced calib.Stat
	// Calibrated is the same on Options.Calibrated.
	Calibrated calib.Stat
	// LengthControlled is σ(θ) of the minimal GLM logit p = θ +
	// φ·tanh(Δ/sd(Δ)), Δ = Model's length − the opponent's, on Pref's
	// preference, fitted without a penalty: the win rate predicted at equal
	// lengths (AlpacaEval 2.0's length_controlled_minimal form; not the
	// leaderboard's length-controlled win rate).
	LengthControlled calib.Stat
	// LengthControlledDifficulty is AlpacaEval 2.0's form with instruction
	// difficulty (length_controlled_noreg, FitDifficultyGLM): mean_i σ(θ +
	// ψ·d_i) of its cross-validated L1 fit. Undefined, with the reason, when
	// Options.Difficulty is nil or misses an item; it has no bootstrap
	// interval. DifficultyFit is the fit (nil without one).
	LengthControlledDifficulty calib.Stat
	DifficultyFit              *DifficultyGLM
	// Slope is that GLM's φ.
	Slope calib.Stat
	// Corrected is the Rogan–Gladen estimate of the share of items whose
	// gold prefers Model, from the judge's verdicts (Pref's preference
	// above or below ½) and the labelled items' specificity and
	// sensitivity (calib/reporting), with its interval.
	Corrected calib.Stat
	// Warnings say when the minimal GLM's length-controlled rate
	// extrapolates.
	Warnings []string
}

// BTScore is a generator's Bradley–Terry score β (Σ β = 0): P(a preferred
// to b) = σ(β_a − β_b).
type BTScore struct {
	Model string
	N     int // comparisons the generator is in
	Score calib.Stat
}

// Analyze measures one judge's length and self-preference bias and the
// win rates of the generators it judged (docs/style.md), on pairs, which
// must all be the judge's (calib.SplitByJudge). It fails on no pairs, two
// judges, bad options or calibrated preferences of the wrong length.
func Analyze(pairs []model.Pair, opt Options) (*Result, error) {
	if opt.Pref < PrefBalanced || opt.Pref > PrefCalibrated {
		return nil, fmt.Errorf("style: unknown preference %d", int(opt.Pref))
	}
	if opt.LengthBins < 0 {
		return nil, fmt.Errorf("style: %d length bins, want ≥ 0", opt.LengthBins)
	}
	d, err := gather(pairs, opt)
	if err != nil {
		return nil, err
	}
	res := &Result{Judge: d.judge, N: len(d.items), Pref: opt.Pref, Difficulty: opt.Difficulty != nil}
	p := d.plan(opt)
	if p.self >= 0 && len(opt.Others) > 0 {
		p.others = d.matchOthers(pairs, opt.Others, p.self, opt.Pref)
	}
	res.SelfReason = p.selfReason
	res.BradleyTerryReason = p.btReason
	mirrorWarnings := res.assemble(d, p, p.compute(allIndices(len(d.items))), opt)
	if err := res.bootstrap(d, p, opt, mirrorWarnings); err != nil {
		return nil, err
	}
	res.notes(d)
	res.flags(d, p, opt)
	return res, nil
}

// plan is what Analyze computes, fixed on the full sample so that every
// resample fills the same slots.
type plan struct {
	d          *data
	kinds      []prefKind
	self       int // the judge's generator, −1 for none
	selfReason string
	rows       []row
	btModels   []int // data.models indices in the Bradley–Terry fit; nil for none
	btReason   string
	others     *BeyondOthers // the match with other judges' items; nil for none
}

// plan decides the measures of d.
func (d *data) plan(opt Options) *plan {
	p := &plan{d: d, self: -1, kinds: []prefKind{kindSrc, kindRaw, kindBal}}
	// The judge's own generator.
	own, explicit := opt.Self[d.judge]
	if !explicit {
		own = d.judge
	}
	if k, ok := slices.BinarySearch(d.models, own); ok {
		p.self = k
	} else if explicit {
		p.selfReason = fmt.Sprintf("the judge's generator %q (given for it) wrote no response of these items", own)
	} else if len(d.models) == 0 {
		p.selfReason = "no item names its generators (model_1, model_2)"
	} else {
		p.selfReason = fmt.Sprintf("the judge %q is not one of the %d generators; if it is one under another name, say which (--self JUDGE=MODEL)", d.judge, len(d.models))
	}
	// Win-rate rows: a against b (a < b) where they met, and every
	// generator against all.
	met := map[[2]int]int{}
	vsAll := make([]int, len(d.models))
	for i := range d.items {
		it := &d.items[i]
		if it.m1 == it.m2 {
			continue
		}
		if it.m1 >= 0 {
			vsAll[it.m1]++
		}
		if it.m2 >= 0 {
			vsAll[it.m2]++
		}
		if it.m1 >= 0 && it.m2 >= 0 {
			met[[2]int{min(it.m1, it.m2), max(it.m1, it.m2)}]++
		}
	}
	for a := range d.models {
		if vsAll[a] > 0 {
			p.rows = append(p.rows, row{a: a, b: -1, n: vsAll[a]})
		}
		for b := a + 1; b < len(d.models); b++ {
			if n := met[[2]int{a, b}]; n > 0 {
				p.rows = append(p.rows, row{a: a, b: b, n: n})
			}
		}
	}
	// Bradley–Terry, when no generator met every other.
	in := map[int]bool{}
	for k := range met {
		in[k[0]], in[k[1]] = true, true
	}
	for k := range d.models {
		if in[k] {
			p.btModels = append(p.btModels, k)
		}
	}
	edges := p.btEdges(d.btEdges(allIndices(len(d.items))))
	switch {
	case len(p.btModels) < 3:
		p.btReason = fmt.Sprintf("%d generators met each other; the win rates compare them", len(p.btModels))
		p.btModels = nil
	case commonOpponent(len(p.btModels), edges) >= 0:
		g := d.models[p.btModels[commonOpponent(len(p.btModels), edges)]]
		p.btReason = fmt.Sprintf("every generator was compared with %s, so the win rates against it rank them", g)
		p.btModels = nil
	}
	return p
}

// btEdges maps edges onto the indices of p.btModels.
func (p *plan) btEdges(edges []btEdge) []btEdge {
	pos := make(map[int]int, len(p.btModels))
	for k, m := range p.btModels {
		pos[m] = k
	}
	out := edges[:0]
	for _, e := range edges {
		a, okA := pos[e.a]
		b, okB := pos[e.b]
		if okA && okB {
			out = append(out, btEdge{a, b, e.p})
		}
	}
	return out
}

func allIndices(n int) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	return idx
}
