package vocab

// Concept is one thing plumb names.
type Concept struct {
	// Name is the label every surface uses.
	Name string
	// Short is the shorter label narrow places (a one-line chart legend at
	// 80 columns) may use instead; "" when Name is always used.
	Short string
	// Symbol is the concept's symbol or glyph ("" when it has none).
	Symbol string
	// Meaning says in one line what the concept is.
	Meaning string
	// JSON is the key (or value) that carries the concept in the report
	// JSON (docs/report-json.md); "" when none does.
	JSON string
	// Wrong are spellings plumb used for the concept before: no surface may
	// use them (see Stray).
	Wrong []string
}

// Verdict rate (docs/methods.md §5): what is estimated, and from what.
const (
	NaiveRate = "naive rate"
	// NaiveRateShort is NaiveRate beside its symbol in a narrow label.
	NaiveRateShort = "naive"
	NaiveRateSym   = "p̂"
	CorrectedRate  = "bias-corrected rate"
	// CorrectedRateShort is CorrectedRate beside its symbol in a narrow
	// label or a table header.
	CorrectedRateShort = "corrected"
	CorrectedRateSym   = "θ̂"
	TrueRate           = "true rate"
	TrueRateSym        = "θ"
	Specificity        = "specificity"
	SpecificitySym     = "q̂0"
	Sensitivity        = "sensitivity"
	SensitivitySym     = "q̂1"
	Uninformative      = "uninformative interval"
)

// Targets: what z = 1 means, so that a rate is never shown without it.
const (
	// TargetVerdict is the target of verdict records: z is the human's
	// label of an answer, ẑ the judge's verdict.
	TargetVerdict    = "acceptance rate"
	TargetVerdictSym = "P(z = 1)"
	// TargetPair is the target of pair records: z = 1 when response_1 is
	// better, ẑ from the judge's choice.
	TargetPair = "P(response_1 better)"
)

// Splits of a labelling budget m = m0 + m1 (docs/methods.md, "Splitting a
// labelling budget"), each with the letter the UI's chart marks it with.
const (
	SplitCurrent         = "current"
	SplitCurrentSym      = "C"
	SplitEqual           = "equal"
	SplitEqualSym        = "E"
	SplitLeastVar        = "least calibration variance"
	SplitLeastVarShort   = "least var."
	SplitLeastVarSym     = "V"
	SplitProp2           = "Prop. 2 approximation"
	SplitProp2Short      = "Prop. 2"
	SplitProp2Sym        = "P"
	SplitAdaptive        = "adaptive (Algorithm 1)"
	SplitAdaptiveShort   = "adaptive"
	SplitAdaptiveSym     = "D"
	SplitNarrowest       = "narrowest CI"
	splitNarrowestDetail = "the narrowest plug-in interval, found by searching every split that gives each class at least the pilot size"
)

// Marks of a change from raw in the methods tables.
const (
	Better         = "better"
	BetterSym      = "▲"
	Worse          = "worse"
	WorseSym       = "▼"
	WithinNoise    = "within noise"
	WithinNoiseSym = "="
	NoInterval     = "no interval"
	FixedFit       = "fit held fixed"
	FixedFitSym    = "‡"
)

// Length, self-preference and win rates (docs/style.md, docs/methods.md
// §8): what a generator's win rate is, and the two style biases.
const (
	WinRateRaw        = "raw win rate"
	WinRateBalanced   = "balanced win rate"
	WinRateCalibrated = "calibrated win rate"
	WinRateLC         = "minimal-GLM length-controlled win rate"
	WinRateLCShort    = "LC (minimal GLM)"
	// WinRateLCDifficulty is AlpacaEval 2.0's form with instruction
	// difficulty (--instruction-difficulty).
	WinRateLCDifficulty      = "length-controlled win rate with instruction difficulty"
	WinRateLCDifficultyShort = "LC (+difficulty)"
	// LeaderboardLCNote says what neither length-controlled rate is.
	LeaderboardLCNote = "not AlpacaEval's leaderboard value (length_controlled_v1), which has instruction difficulty and is further regularised towards gamed baselines plumb does not have"
	WinRateCorrected  = "corrected win rate"
	LongerPreference  = "longer preference"
	OwnPreference     = "own preference"
	LengthSlope       = "length slope"
	LengthSlopeSym    = "φ"
	BradleyTerry      = "Bradley–Terry score"
	BradleyTerrySym   = "β"
	// What qualifies them (docs/style.md).
	BeyondOthers         = "preference beyond the other judges"
	BeyondOthersShort    = "beyond others"
	PositionDominated    = "position-dominated"
	PositionDominatedSym = "⚑"
	LengthWithinPair     = "length effect within the pair"
)

// Numbers the screens show under a short label (the TUI's glossary key
// shows the entries of the pane at hand).
const (
	Arrangement     = "arrangement"
	Preference      = "preference"
	CalibShift      = "calibration shift"
	Consistent      = "consistent"
	InactiveKnob    = "inactive knob"
	InactiveKnobSym = "⊘"
	Budget          = "labelling budget"
	CalibClasses    = "calibration classes"
	ObjectiveLK     = "objective L/K"
	PickShare       = "pick share"
)

// Collapsed names a method's result that says nothing about the judge
// (JSON: "degenerate": true).
const Collapsed = "collapsed"

// Section is a part of the glossary.
type Section struct {
	Title    string
	Concepts []Concept
}

// Glossary returns every concept, by section, in the order
// docs/glossary.md lists them (a fresh copy on each call).
func Glossary() []Section {
	return []Section{
		{"Verdict rate, reported correctly", []Concept{
			{Name: NaiveRate, JSON: "p_hat", Short: NaiveRateShort, Symbol: NaiveRateSym, Meaning: "the share of the judge's verdicts that are positive on the test set (Wald interval): what people publish, biased by the judge's errors",
				Wrong: []string{"naive win rate", "naive verdict rate"}},
			{Name: CorrectedRate, JSON: "theta_hat", Short: CorrectedRateShort, Symbol: CorrectedRateSym, Meaning: "the Rogan–Gladen estimate of the true rate θ from p̂, q̂0 and q̂1, with Lee et al.'s interval",
				Wrong: []string{"corrected verdict win rate"}},
			{Name: TrueRate, JSON: "true_theta", Symbol: TrueRateSym, Meaning: "the share of test items with z = 1, when every test item's z is known (a simulation, or labels held out): the interval is checked against it"},
			{Name: Specificity, JSON: "q0_hat", Symbol: SpecificitySym, Meaning: "the share of calibration items with z = 0 that the judge gives ẑ = 0"},
			{Name: Sensitivity, JSON: "q1_hat", Symbol: SensitivitySym, Meaning: "the share of calibration items with z = 1 that the judge gives ẑ = 1"},
			{Name: Uninformative, JSON: "notes: \"ci: uninformative interval — …\"", Meaning: "a θ̂ interval that is all of [0, 1]: it excludes no rate, so plumb claims nothing from it (no coverage), and says why (q̂0 + q̂1 − 1 near 0, or too few items)"},
		}},
		{"Targets: what z = 1 means", []Concept{
			{Name: TargetVerdict, JSON: "target: \"verdict\"", Symbol: TargetVerdictSym, Meaning: "verdict records: the share of answers the human accepts (z = 1); ẑ is the judge's verdict",
				Wrong: []string{"verdict win rate"}},
			{Name: TargetPair, JSON: "target: \"pair:<source>\"", Meaning: "pair records: the share of items whose response_1 is better (z = 1); ẑ is the judge's choice. It means something only when response_1 is one system throughout; where the order is arbitrary it is not a headline number"},
		}},
		{"Splits of a labelling budget m = m0 + m1", []Concept{
			{Name: SplitCurrent, JSON: "splits.current", Symbol: SplitCurrentSym, Meaning: "the calibration set actually drawn"},
			{Name: SplitEqual, JSON: "splits.equal", Symbol: SplitEqualSym, Meaning: "m0 = ⌊m/2⌋: half the budget to each class"},
			{Name: SplitLeastVar, JSON: "splits.exact", Short: SplitLeastVarShort, Symbol: SplitLeastVarSym, Meaning: "minimises the calibration part of θ̂'s variance at the plug-in θ̂, q̂0, q̂1 — not the interval's width, which can be wider here than at other splits",
				Wrong: []string{"exact optimum", "least calib. variance", "optimal split", "exact split"}},
			{Name: SplitProp2, JSON: "splits.approx", Short: SplitProp2Short, Symbol: SplitProp2Sym, Meaning: "Lee et al.'s Prop. 2: the least-calibration-variance split approximated from the observable p̂",
				Wrong: []string{"paper's approximation", "approx. of V"}},
			{Name: SplitAdaptive, JSON: "splits.adaptive", Short: SplitAdaptiveShort, Symbol: SplitAdaptiveSym, Meaning: "Lee et al.'s Algorithm 1: the split chosen from a pilot of labels per class",
				Wrong: []string{"Algorithm 1 (adaptive)", "adaptive (Alg. 1)"}},
			{Name: SplitNarrowest, JSON: "splits.best", Meaning: splitNarrowestDetail,
				Wrong: []string{"best (brute force)"}},
		}},
		{"Length, self-preference and win rates", []Concept{
			{Name: WinRateRaw, JSON: "style.win_rates[].raw", Meaning: "a generator's mean preference with each item read in its first recorded arrangement (x0, or the one order AlpacaEval showed): the number a leaderboard publishes"},
			{Name: WinRateBalanced, JSON: "style.win_rates[].balanced", Meaning: "the same with each item's preference averaged over its arrangements, so the judge's position bias cancels"},
			{Name: WinRateCalibrated, JSON: "style.win_rates[].calibrated", Meaning: "the balanced win rate on CalibraEval's calibrated preferences"},
			{Name: WinRateLC, JSON: "style.win_rates[].length_controlled", Short: WinRateLCShort, Meaning: "σ(θ) of the minimal GLM logit p = θ + φ·tanh(Δ/sd(Δ)) (the form of AlpacaEval 2.0's length_controlled_minimal), fitted without a penalty: the win rate predicted at equal lengths. Not AlpacaEval's leaderboard value (length_controlled_v1), which has instruction difficulty and is further regularised towards gamed baselines: the two can differ by tens of points"},
			{Name: WinRateLCDifficulty, JSON: "style.win_rates[].length_controlled_difficulty", Short: WinRateLCDifficultyShort, Meaning: "with --instruction-difficulty: AlpacaEval 2.0's length_controlled_noreg, logit p = θ + φ·tanh(Δ/sd(Δ)) + ψ·d with d the instruction's difficulty, fitted as AlpacaEval's code does (L1 penalty, C by 5-fold cross-validation); mean σ(θ + ψ·d) over the items. Still " + LeaderboardLCNote},
			{Name: WinRateCorrected, JSON: "style.win_rates[].corrected", Meaning: "the Rogan–Gladen estimate, from the judge's errors on human-labelled items, of the share of items whose gold prefers the generator, with Lee et al.'s interval"},
			{Name: LongerPreference, JSON: "style.length.longer_preference", Meaning: "the mean preference for the longer response over items of unequal length: ½ is no length bias"},
			{Name: LengthSlope, JSON: "style.length.slope", Symbol: LengthSlopeSym, Meaning: "φ of logit r = θ + φ·tanh(Δ/sd(Δ)), Δ = len_1 − len_2: > 0 favours the longer response"},
			{Name: OwnPreference, JSON: "style.self_preference.own_preference", Meaning: "a judge that is also a generator: its mean preference for its own response over items where exactly one response is its own. Without gold preferring the other response it mixes self-preference with quality (the reports say so beside it)"},
			{Name: BeyondOthers, JSON: "style.self_preference.beyond_others", Short: BeyondOthersShort, Meaning: "the judge's preference for its own responses minus the other judges' mean preference for the same responses, paired by item (same id, or same prompt and responses), with its paired item bootstrap interval: the quality cancels"},
			{Name: PositionDominated, JSON: "style.position_dominated", Symbol: PositionDominatedSym, Meaning: "a judge consistent on at most 10% of its items with a first-position rate of at least 0.90 or at most 0.10: its own preference and raw win rates are flagged, not findings"},
			{Name: LengthWithinPair, JSON: "style.length.generator_longer[]", Symbol: LengthSlopeSym, Meaning: "when one generator wrote the longer response in more than 90% of a pair's items, the longer preference mostly compares the generators; the pair's φ (its GLM's intercept absorbs the generators' difference) is the length effect to quote"},
			{Name: BradleyTerry, JSON: "style.bradley_terry[].score", Symbol: BradleyTerrySym, Meaning: "a generator's strength when no opponent is common to all: P(a preferred to b) = σ(β_a − β_b), Σβ = 0"},
		}},
		{"Numbers on the screens", []Concept{
			{Name: Arrangement, JSON: "pairs: p_a / choice per x0..x3", Symbol: "x0–x3", Meaning: "the four ways a pair item is shown to the judge: x0 the default order, x1 positions swapped, x2 contents swapped (the IDs A and B stay on their positions), x3 both swapped"},
			{Name: Preference, JSON: "calibrated log: p_a", Symbol: "r", Meaning: "the judge's preference for response 1 in one arrangement, from its P(A): 1 prefers response 1, 0 response 2, 0.5 a tie; the Items pane shows it raw → calibrated (CalibraEval's map)"},
			{Name: CalibShift, Short: "shift", Meaning: "an item's mean |calibrated − raw| preference over its arrangements: how far CalibraEval's map moved it (— when there is no usable map)"},
			{Name: Consistent, Short: "cons.", Meaning: "an item whose arrangements all make the same choice (yes), or not (NO); n/a when it has a single arrangement"},
			{Name: InactiveKnob, Symbol: InactiveKnobSym, Meaning: "a knob (or its flag) that changes nothing for the judge shown, such as the verdict source (raw-x0 …) when the verdict rate is of verdict records; the pane says why"},
			{Name: Budget, JSON: "reporting.budget", Symbol: "m", Meaning: "how many human-labelled calibration items the reporting uses (--budget); auto (N) uses all N labelled items"},
			{Name: CalibClasses, JSON: "reporting.m0, reporting.m1", Symbol: "m0, m1", Meaning: "the calibration items whose human label z is 0 (m0) or 1 (m1): q̂0 is measured on the first, q̂1 on the second, and m = m0 + m1"},
			{Name: ObjectiveLK, JSON: "selection.fit.objective", Symbol: "L/K", Meaning: "CalibraEval's objective (the paper's eq. 10) averaged over the K estimation items: disagreement between arrangements minus λ times the spread kept; the fit minimises it, so it falls along the fit path"},
			{Name: PickShare, JSON: "selection.effects.table", Meaning: "the Selection pane's position × ID table: the share of judgments in which the judge picks the answer with that ID (A or B) when it is shown in that position; 0.5 in every cell is no bias"},
		}},
		{"Marks of a change from raw", []Concept{
			{Name: Better, JSON: "change: \"better\"", Symbol: BetterSym, Meaning: "the change's 95% bootstrap interval excludes 0, in the metric's better direction (the first-position rate is marked by the interval of the change in its distance from 0.5, |rate − 0.5|: better is nearer 0.5; JSON distance_delta_ci95)"},
			{Name: Worse, JSON: "change: \"worse\"", Symbol: WorseSym, Meaning: "the change's 95% bootstrap interval excludes 0, in the worse direction"},
			{Name: WithinNoise, JSON: "change: \"within noise\"", Symbol: WithinNoiseSym, Meaning: "the change's 95% bootstrap interval contains 0"},
			{Name: FixedFit, JSON: "change_fit_fixed: true", Symbol: FixedFitSym, Meaning: "beside a mark of a learned method (CalibraEval, Pride): the bootstrap held its fit at the full data's instead of re-fitting it on every resample, so the interval leaves out the fit's own variability and is too narrow; --refit re-fits"},
			{Name: NoInterval, JSON: "no change entry", Meaning: "the change has no interval (its metric was undefined on too many resamples, or the bootstrap is off): no mark, and a note says why"},
			{Name: Collapsed, JSON: "degenerate: true", Meaning: "a method whose result says nothing about the judge (its map is constant, its choices are ties or all one response): its metrics are not shown and never count as a change"},
		}},
	}
}
