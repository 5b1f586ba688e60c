package report

import (
	"maps"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/present"
)

// Style is a judge's length and self-preference bias and the win rates of
// the generators it judged (docs/style.md; JSON judges.<J>.style), from
// calib/style. A value is null when undefined, with a notes entry
// "<key>: <reason>" in its object; ci95 maps a key to its 95% paired item
// bootstrap interval [lo, hi] (keys without one are left out) and counts
// to the items the value used.
type Style struct {
	// Pref is the preference of the measures that take one (longer and
	// own preference, length-controlled and corrected win rates):
	// "balanced" (the mean over an item's arrangements), "raw-x0" or
	// "calibrated" (CalibraEval's).
	Pref string `json:"pref"`
	// Items is the number of pair items analysed.
	Items  int         `json:"items"`
	Length StyleLength `json:"length"`
	// SelfPreference is absent when the judge is no generator (notes say
	// why).
	SelfPreference *StyleSelf     `json:"self_preference,omitempty"`
	WinRates       []StyleWinRate `json:"win_rates"`
	// BradleyTerry is absent when no Bradley–Terry fit was made (three or
	// more generators, none compared with every other; notes say why).
	BradleyTerry []StyleBTScore `json:"bradley_terry,omitempty"`
	// PositionDominated is present when the judge's choices follow the
	// position shown (style_flags.go): its own preference and raw win
	// rates are then not findings.
	PositionDominated *StylePositionDominated `json:"position_dominated,omitempty"`
	// Bootstrap is how the intervals were made; null without intervals.
	Bootstrap *DocBootstrap `json:"bootstrap"`
	Notes     []string      `json:"notes"`

	// md is what only the Markdown shows (style_markdown.go).
	md styleMarkdown
}

// StyleLength is the judge's length bias, lengths in Unicode code points.
type StyleLength struct {
	// N counts the items whose responses have known, different lengths.
	N int `json:"n"`
	// LongerPreference is the mean preference (Style.Pref's) for the
	// longer response: 0.5 is no length bias. LongerRaw and LongerBalanced
	// are the same on the raw (x0) and the position-balanced preference.
	LongerPreference *float64 `json:"longer_preference"`
	LongerRaw        *float64 `json:"longer_raw"`
	LongerBalanced   *float64 `json:"longer_balanced"`
	// LongerWhenGoldShorter is the longer preference over the items whose
	// gold prefers the shorter response.
	LongerWhenGoldShorter *float64 `json:"longer_when_gold_shorter"`
	// Slope is φ of logit r = θ + φ·tanh(Δ/sd(Δ)), Δ = len_1 − len_2 (> 0
	// favours the longer response).
	Slope  *float64              `json:"slope"`
	Counts map[string]int        `json:"counts"`
	CI95   map[string][2]float64 `json:"ci95"`
	// Bins are the longer-response preferences by |Δ|, for plots.
	Bins  []StyleLengthBin `json:"bins"`
	Notes []string         `json:"notes"`
	// GeneratorLonger are the generator pairs where one generator wrote
	// the longer response in more than 90% of the items (style_flags.go);
	// absent when none.
	GeneratorLonger []StyleGeneratorLonger `json:"generator_longer,omitempty"`
}

// StyleLengthBin is one bin of items by absolute length difference |Δ|.
type StyleLengthBin struct {
	// Lo and Hi bound the bin's |Δ|, both included.
	Lo int `json:"lo"`
	Hi int `json:"hi"`
	N  int `json:"n"`
	// Raw, Balanced and Pref are the mean preferences for the longer
	// response; Pref (Style.Pref's) is null when no item of the bin has it.
	Raw      float64  `json:"raw"`
	Balanced float64  `json:"balanced"`
	Pref     *float64 `json:"pref"`
}

// StyleSelf is the judge's preference for its own generator's responses,
// over the items where exactly one response is its own.
type StyleSelf struct {
	// Model is the generator the judge is.
	Model string `json:"model"`
	N     int    `json:"n"`
	// OwnPreference is the mean preference (Style.Pref's) for the own
	// response; BeyondQuality the same over the items whose gold prefers
	// the other one.
	OwnPreference *float64              `json:"own_preference"`
	BeyondQuality *float64              `json:"beyond_quality"`
	Counts        map[string]int        `json:"counts"`
	CI95          map[string][2]float64 `json:"ci95"`
	Notes         []string              `json:"notes"`
	// Note says, when beyond_quality is undefined (no gold prefers the
	// other response), that own_preference mixes self-preference with
	// quality, with its number; absent otherwise.
	Note string `json:"note,omitempty"`
	// BeyondOthers is the preference beyond the other judges
	// (style_flags.go); absent when no other judge is in the input (notes
	// say so).
	BeyondOthers *StyleBeyondOthers `json:"beyond_others,omitempty"`
}

// StyleWinRate is a generator's win rate against an opponent, or against
// every other generator (Opponent null). Every rate is the mean preference
// for Model's response.
type StyleWinRate struct {
	Model string `json:"model"`
	// Opponent is null for the row against all.
	Opponent *string `json:"opponent"`
	N        int     `json:"n"`
	// Raw is each item read in its first recorded arrangement (for
	// AlpacaEval's annotations: its published win_rate); Balanced the mean
	// over each item's arrangements; Calibrated the same on CalibraEval's
	// calibrated preferences.
	Raw        *float64 `json:"raw"`
	Balanced   *float64 `json:"balanced"`
	Calibrated *float64 `json:"calibrated"`
	// LengthControlled is the minimal GLM's length-controlled win rate:
	// σ(θ) of logit p = θ + φ·tanh(Δ/sd(Δ)), Δ = Model's length − the
	// opponent's, fitted without a penalty (the form of AlpacaEval 2.0's
	// length_controlled_minimal; not the leaderboard's length-controlled
	// win rate, which adds instruction difficulty and regularises towards
	// gamed baselines); Slope is that φ. The key keeps its name for
	// compatibility.
	LengthControlled *float64 `json:"length_controlled"`
	Slope            *float64 `json:"slope"`
	// LengthControlledDifficulty is AlpacaEval 2.0's form with instruction
	// difficulty (its length_controlled_noreg: logit p = θ + φ·tanh(Δ/sd) +
	// ψ·d, cross-validated L1 fit, mean σ(θ + ψ·d)), only when
	// --instruction-difficulty was given: absent otherwise, and absent with
	// a notes entry when undefined. No bootstrap interval.
	LengthControlledDifficulty *float64 `json:"length_controlled_difficulty,omitempty"`
	// Corrected is the Rogan–Gladen estimate of the share of items whose
	// gold prefers Model; CorrectedCI its (1 − options.alpha) interval
	// (Lee et al.; not a bootstrap interval, so not in ci95).
	Corrected   *float64              `json:"corrected"`
	CorrectedCI *[2]float64           `json:"corrected_ci"`
	Counts      map[string]int        `json:"counts"`
	CI95        map[string][2]float64 `json:"ci95"`
	// Warnings say when the minimal GLM's length-controlled rate
	// extrapolates.
	Warnings []string `json:"warnings"`
	Notes    []string `json:"notes"`
}

// StyleBTScore is a generator's Bradley–Terry score β (Σβ = 0; P(a
// preferred to b) = σ(β_a − β_b)) with its bootstrap interval.
type StyleBTScore struct {
	Model string      `json:"model"`
	N     int         `json:"n"`
	Score *float64    `json:"score"`
	CI95  *[2]float64 `json:"ci95"`
	Notes []string    `json:"notes"`
}

// DocStyleOptions echoes the style knobs (options.style; written when a
// judge has a style section).
type DocStyleOptions struct {
	// Mode is "auto", "on" or "off" (--style).
	Mode string `json:"mode"`
	// Pref is --style-pref.
	Pref string `json:"pref"`
	// Self maps a judge to the generator it is (--self JUDGE=MODEL).
	Self map[string]string `json:"self"`
	// InstructionDifficulty is --instruction-difficulty FILE as given;
	// absent without it.
	InstructionDifficulty string `json:"instruction_difficulty,omitempty"`
}

// docStyleOptions is options.style, or nil when no judge has a style
// section.
func docStyleOptions(an *analysis.Analysis) *DocStyleOptions {
	for i := range an.Judges {
		if an.Judges[i].Style != nil {
			so := an.Options.Style
			self := map[string]string{}
			maps.Copy(self, so.Self)
			return &DocStyleOptions{Mode: so.Mode.String(), Pref: so.Pref.String(), Self: self, InstructionDifficulty: so.DifficultyFile}
		}
	}
	return nil
}

// statSink collects an object's values: each Stat's count, its bootstrap
// interval and, when it is undefined, the reason as a note.
type statSink struct {
	counts map[string]int
	ci     map[string][2]float64
	notes  []string
}

func newStatSink() *statSink {
	return &statSink{counts: map[string]int{}, ci: map[string][2]float64{}, notes: []string{}}
}

// add records s under key and returns its JSON value.
func (k *statSink) add(key string, s calib.Stat) *float64 {
	k.counts[key] = s.N
	if !s.OK() {
		k.notes = append(k.notes, key+": "+s.Reason)
		return nil
	}
	if s.CI != nil {
		k.ci[key] = [2]float64{s.CI.Lower, s.CI.Upper}
	}
	return present.Value(s)
}

// buildStyle converts a judge's style analysis.
func buildStyle(r *style.Result, bo bootstrap.Options) *Style {
	out := &Style{Pref: r.Pref.String(), Items: r.N, WinRates: []StyleWinRate{}, Notes: nonNil(r.Notes), md: buildStyleMarkdown(r)}
	if bo.Resamples > 0 {
		out.Bootstrap = &DocBootstrap{Resamples: bo.Resamples, Kind: bo.Kind.String(), Level: analysis.BootLevel, Refit: "refit",
			Unit: "item", Seed: bo.Seed, Notes: []string{}}
	}
	l := &r.Length
	ls := newStatSink()
	out.Length = StyleLength{N: l.N,
		LongerPreference:      ls.add("longer_preference", l.LongerPreference),
		LongerRaw:             ls.add("longer_raw", l.LongerRaw),
		LongerBalanced:        ls.add("longer_balanced", l.LongerBalanced),
		LongerWhenGoldShorter: ls.add("longer_when_gold_shorter", l.LongerWhenGoldShorter),
		Slope:                 ls.add("slope", l.Slope),
		Bins:                  []StyleLengthBin{},
	}
	out.Length.Counts, out.Length.CI95, out.Length.Notes = ls.counts, ls.ci, ls.notes
	for _, b := range l.Bins {
		sb := StyleLengthBin{Lo: b.Lo, Hi: b.Hi, N: b.N, Raw: b.Raw, Balanced: b.Balanced}
		if b.HasPref {
			v := b.Pref
			sb.Pref = &v
		}
		out.Length.Bins = append(out.Length.Bins, sb)
	}
	if s := r.Self; s != nil {
		ss := newStatSink()
		out.SelfPreference = &StyleSelf{Model: s.Model, N: s.N,
			OwnPreference: ss.add("own_preference", s.OwnPreference),
			BeyondQuality: ss.add("beyond_quality", s.BeyondQuality)}
		out.SelfPreference.Counts, out.SelfPreference.CI95, out.SelfPreference.Notes = ss.counts, ss.ci, ss.notes
	} else if r.SelfReason != "" {
		out.Notes = append(out.Notes, "self_preference: "+r.SelfReason)
	}
	for _, w := range r.WinRates {
		ws := newStatSink()
		row := StyleWinRate{Model: w.Model, N: w.N,
			Raw:              ws.add("raw", w.Raw),
			Balanced:         ws.add("balanced", w.Balanced),
			Calibrated:       ws.add("calibrated", w.Calibrated),
			LengthControlled: ws.add("length_controlled", w.LengthControlled),
			Slope:            ws.add("slope", w.Slope),
			Warnings:         nonNil(w.Warnings)}
		if r.Difficulty {
			row.LengthControlledDifficulty = ws.add("length_controlled_difficulty", w.LengthControlledDifficulty)
		}
		corrected := w.Corrected
		corrected.CI = nil // Lee et al.'s interval goes to corrected_ci
		row.Corrected = ws.add("corrected", corrected)
		if w.Corrected.OK() && w.Corrected.CI != nil {
			row.CorrectedCI = &[2]float64{w.Corrected.CI.Lower, w.Corrected.CI.Upper}
		}
		if !w.VsAll {
			opp := w.Opponent
			row.Opponent = &opp
		}
		row.Counts, row.CI95, row.Notes = ws.counts, ws.ci, ws.notes
		out.WinRates = append(out.WinRates, row)
	}
	if r.BradleyTerry == nil && r.BradleyTerryReason != "" {
		out.Notes = append(out.Notes, "bradley_terry: "+r.BradleyTerryReason)
	}
	for _, s := range r.BradleyTerry {
		bt := StyleBTScore{Model: s.Model, N: s.N, Score: present.Value(s.Score), Notes: []string{}}
		if !s.Score.OK() {
			bt.Notes = append(bt.Notes, "score: "+s.Score.Reason)
		} else if s.Score.CI != nil {
			bt.CI95 = &[2]float64{s.Score.CI.Lower, s.Score.CI.Upper}
		}
		out.BradleyTerry = append(out.BradleyTerry, bt)
	}
	buildStyleFlags(out, r)
	return out
}
