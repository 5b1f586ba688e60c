package main

import (
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/internal/realdata"
)

// styleDoc is the part of the report JSON the style tests read: the names
// issue 21 fixes for other tools.
type styleDoc struct {
	Options struct {
		Style *struct {
			Mode string            `json:"mode"`
			Pref string            `json:"pref"`
			Self map[string]string `json:"self"`
		} `json:"style"`
	} `json:"options"`
	Judges map[string]struct {
		Notes []string `json:"notes"`
		Style *struct {
			Pref   string `json:"pref"`
			Items  int    `json:"items"`
			Length *struct {
				N                int                   `json:"n"`
				LongerPreference *float64              `json:"longer_preference"`
				LongerRaw        *float64              `json:"longer_raw"`
				Slope            *float64              `json:"slope"`
				CI95             map[string][2]float64 `json:"ci95"`
			} `json:"length"`
			SelfPreference *struct {
				Model         string                `json:"model"`
				N             int                   `json:"n"`
				OwnPreference *float64              `json:"own_preference"`
				CI95          map[string][2]float64 `json:"ci95"`
			} `json:"self_preference"`
			WinRates []struct {
				Model            string                `json:"model"`
				Opponent         *string               `json:"opponent"`
				N                int                   `json:"n"`
				Raw              *float64              `json:"raw"`
				Balanced         *float64              `json:"balanced"`
				LengthControlled *float64              `json:"length_controlled"`
				Slope            *float64              `json:"slope"`
				CI95             map[string][2]float64 `json:"ci95"`
				Warnings         []string              `json:"warnings"`
			} `json:"win_rates"`
			Notes []string `json:"notes"`
		} `json:"style"`
	} `json:"judges"`
}

// reportStyle runs `plumb report --format json` with args and decodes it.
func reportStyle(t *testing.T, args ...string) styleDoc {
	t.Helper()
	out, stderr, err := executeStderr(t, append([]string{"report", "--format", "json"}, args...)...)
	if err != nil {
		t.Fatalf("plumb report %v: %v\n%s", args, err, stderr)
	}
	var d styleDoc
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatal(err)
	}
	return d
}

// normalMean is E[g(Z)], Z ~ N(0, 1), by Simpson's rule on [−10, 10].
func normalMean(g func(z float64) float64) float64 {
	const n, lo, hi = 4000, -10.0, 10.0
	h := (hi - lo) / n
	s := 0.0
	for i := 0; i <= n; i++ {
		z := lo + float64(i)*h
		w := 2.0
		switch {
		case i == 0 || i == n:
			w = 1
		case i%2 == 1:
			w = 4
		}
		s += w * g(z) * math.Exp(-z*z/2)
	}
	return s * h / 3 / math.Sqrt(2*math.Pi)
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// covered checks that the value v with interval ci covers truth.
func covered(t *testing.T, what string, v *float64, ci [2]float64, truth float64) {
	t.Helper()
	switch {
	case v == nil:
		t.Errorf("%s: null", what)
	case !(ci[0] <= truth && truth <= ci[1]):
		t.Errorf("%s = %.4f [%.4f, %.4f] misses the truth %.4f", what, *v, ci[0], ci[1], truth)
	default:
		t.Logf("%s = %.4f [%.4f, %.4f] covers %.4f", what, *v, ci[0], ci[1], truth)
	}
}

// TestStyleSimulatedTruths (issue 21): `plumb simulate` with two
// generators, a length-biased judge and two self-preferring ones, then
// `plumb report --format json`: the contract's names are there and every
// known truth lies in its 95% interval.
//
//   - Generator A is better by 0.4 (the quality gap is that alone:
//     --spread 1e-9) and writes longer answers than B. The judge "long"
//     sees exactly logit = 0.4 + 1.2·tanh(Δ/s) with s the population SD of
//     Δ (--length-scale), so A's length-controlled win rate is σ(0.4) and
//     its slope 1.2, while the raw win rate is inflated by A's lengths.
//   - The judge "A" is generator A (named like it) and adds 1 for its own
//     answers, with an item error N(0, 1): its own preference, over every
//     item, is E[σ(1.4 + Z)].
//   - The judge "jx" is generator B (self=B in the simulator, --self jx=B
//     in the report) and adds 0.8 for B's answers: E[σ(0.4 + Z)].
func TestStyleSimulatedTruths(t *testing.T) {
	t.Parallel()
	log := filepath.Join(t.TempDir(), "style.jsonl")
	varL := func(median, spread float64) float64 {
		e := math.Exp(spread * spread)
		return median * median * e * (e - 1)
	}
	scale := math.Sqrt(varL(400, 0.4) + varL(250, 0.4))
	if _, stderr, err := executeStderr(t, "simulate", "--pairs", "2000", "--scores", "0", "--verdicts", "0", "--spread", "1e-9",
		"--generator", "A:quality=0.4,len=400,lenspread=0.4", "--generator", "B:len=250,lenspread=0.4",
		"--length-scale", fmt.Sprint(scale),
		"--judge", "long:skill=1,inoise=0,noise=0,lenbias=1.2",
		"--judge", "A:skill=1,inoise=1,noise=0,selfbias=1",
		"--judge", "jx:skill=1,inoise=1,noise=0,self=B,selfbias=0.8",
		"-o", log); err != nil {
		t.Fatalf("simulate: %v\n%s", err, stderr)
	}
	// --fixed-fit holds CalibraEval's fit fixed in the bias metrics'
	// bootstrap, which this test does not read: the style section (its own
	// bootstrap of 300 resamples) is the same with and without it (checked
	// when this flag was added), and the report skips 900 CalibraEval
	// re-fits, two thirds of its CPU.
	d := reportStyle(t, log, "--bootstrap", "300", "--fixed-fit", "--self", "jx=B")
	if o := d.Options.Style; o == nil || o.Mode != "auto" || o.Pref != "balanced" || o.Self["jx"] != "B" {
		t.Errorf("options.style = %+v", o)
	}
	for _, j := range []string{"long", "A", "jx"} {
		s := d.Judges[j].Style
		if s == nil || s.Length == nil || s.Pref != "balanced" || s.Items != 2000 || len(s.WinRates) != 4 {
			t.Fatalf("judge %s: style %+v", j, s)
		}
		for _, w := range s.WinRates {
			if w.Raw == nil || w.Balanced == nil || w.LengthControlled == nil || w.N != 2000 || len(w.CI95) < 4 {
				t.Errorf("judge %s: win rate %+v", j, w)
			}
		}
		if l := s.Length; l.N < 1900 || l.LongerPreference == nil || l.Slope == nil || len(l.CI95["longer_preference"]) != 2 {
			t.Errorf("judge %s: length %+v", j, l)
		}
	}

	long := d.Judges["long"].Style
	ab := long.WinRates[1] // A against B
	if ab.Model != "A" || ab.Opponent == nil || *ab.Opponent != "B" || long.WinRates[0].Opponent != nil {
		t.Fatalf("long: rows %+v", long.WinRates)
	}
	covered(t, "long: LC of A vs B", ab.LengthControlled, ab.CI95["length_controlled"], sigmoid(0.4))
	covered(t, "long: φ of A vs B", ab.Slope, ab.CI95["slope"], 1.2)
	if ab.CI95["raw"][0] <= sigmoid(0.4) {
		t.Errorf("long: the raw win rate %v %v should sit above the length-free %.3f", *ab.Raw, ab.CI95["raw"], sigmoid(0.4))
	}
	if long.SelfPreference != nil || !slices.ContainsFunc(long.Notes, func(n string) bool { return strings.HasPrefix(n, "self_preference: ") }) {
		t.Errorf("long is no generator: self_preference %+v, notes %q", long.SelfPreference, long.Notes)
	}

	for _, c := range []struct {
		judge, model string
		truth        float64
	}{
		{"A", "A", normalMean(func(z float64) float64 { return sigmoid(1.4 + z) })},
		{"jx", "B", normalMean(func(z float64) float64 { return sigmoid(0.4 + z) })},
	} {
		sp := d.Judges[c.judge].Style.SelfPreference
		if sp == nil || sp.Model != c.model || sp.N != 2000 {
			t.Fatalf("%s: self_preference %+v", c.judge, sp)
		}
		covered(t, c.judge+": own preference", sp.OwnPreference, sp.CI95["own_preference"], c.truth)
	}
}

// TestStyleAlpacaEvalReport: the real AlpacaEval 2.0 annotations
// (tatsu-lab/alpaca_eval @ cd543a1), through `plumb import` and `plumb
// report --format json`: each model's raw win rate against the baseline
// is AlpacaEval's published win_rate (the mean of preference − 1,
// weighted_alpaca_eval_gpt4_turbo_leaderboard.csv), the items recorded in
// the one order the judge saw them; the judge is the baseline (--self),
// whose own preference is the other side of the same items.
func TestStyleAlpacaEvalReport(t *testing.T) {
	dir := realdata.Dir(t, "alpacaeval")
	t.Chdir(t.TempDir())
	const judge, base = "weighted_alpaca_eval_gpt4_turbo", "gpt4_1106_preview"
	// The published win_rate (in %) and the annotated items (items
	// without an annotation are left out by AlpacaEval and by plumb).
	for m, pub := range map[string]struct {
		rate float64
		n    int
	}{"alpaca-7b": {2.591450540223603, 805}, "alpaca-7b_concise": {1.9911763835447769, 804}, "alpaca-7b_verbose": {2.9331016025062344, 802}} {
		if _, stderr, err := executeStderr(t, "import", filepath.Join(dir, m+".annotations.json"), "-o", m+".jsonl"); err != nil {
			t.Fatalf("import %s: %v\n%s", m, err, stderr)
		}
		s := reportStyle(t, m+".jsonl", "--self", judge+"="+base).Judges[judge].Style
		if s == nil {
			t.Fatalf("%s: no style section", m)
		}
		found := false
		for _, w := range s.WinRates {
			if w.Model != m || w.Opponent == nil || *w.Opponent != base {
				continue
			}
			found = true
			if w.N != pub.n || w.Raw == nil || math.Abs(100**w.Raw-pub.rate) > 1e-7 {
				t.Errorf("%s: raw win rate %v%% over %d items, AlpacaEval published %.10f%% over %d", m, 100**w.Raw, w.N, pub.rate, pub.n)
			}
			if w.LengthControlled == nil || w.Slope == nil || *w.Slope <= 0 {
				t.Errorf("%s: length-controlled %v, φ %v", m, w.LengthControlled, w.Slope)
			}
			t.Logf("%s: raw %.4f%% (published %.4f%%), length-controlled %.2f%%, φ %.2f, warnings %q", m, 100**w.Raw, pub.rate, 100**w.LengthControlled, *w.Slope, w.Warnings)
		}
		if !found {
			t.Fatalf("%s: no row against %s in %+v", m, base, s.WinRates)
		}
		if sp := s.SelfPreference; sp == nil || sp.Model != base || sp.N != pub.n || math.Abs(*sp.OwnPreference-(1-pub.rate/100)) > 1e-7 {
			t.Errorf("%s: self_preference %+v", m, sp)
		}
		if l := s.Length; l.N < 790 || *l.LongerPreference < 0.9 {
			t.Errorf("%s: length %+v (the judge's own answers are the longer ones, and it prefers them)", m, l)
		}
	}
}

// TestStyleFastChatReport: the real MT-Bench judgments (GPT-4 on phi-3
// against phi-3-dpo; texts read out of the judge prompts), through `plumb
// import` and `plumb report --format json`: lengths for all 74 items, the
// longer answer preferred 0.666 of the time position-balanced (0.750
// raw), and the two generators' win rates mirror each other.
func TestStyleFastChatReport(t *testing.T) {
	dir := realdata.Dir(t, "fastchat-mtbench")
	t.Chdir(t.TempDir())
	if _, stderr, err := executeStderr(t, "import", dir, "-o", "mt.jsonl"); err != nil {
		t.Fatalf("import: %v\n%s", err, stderr)
	}
	s := reportStyle(t, "mt.jsonl", "--bootstrap", "200").Judges["gpt-4"].Style
	if s == nil || s.Length == nil {
		t.Fatal("no style section")
	}
	l := s.Length
	if l.N != 74 || math.Abs(*l.LongerPreference-0.666) > 0.0005 || math.Abs(*l.LongerRaw-0.750) > 0.0005 || l.CI95["longer_preference"][0] <= 0.5 {
		t.Errorf("length %+v", l)
	}
	if len(s.WinRates) != 4 || s.WinRates[0].Model != "phi-3" || s.WinRates[2].Model != "phi-3-dpo" ||
		math.Abs(*s.WinRates[0].Balanced+*s.WinRates[2].Balanced-1) > 1e-12 {
		t.Errorf("win rates %+v", s.WinRates)
	}
	if s.SelfPreference != nil {
		t.Errorf("gpt-4 wrote none of the answers: self_preference %+v", s.SelfPreference)
	}
}

// TestSelfFlag: --self names a judge of the input and a generator its
// records name, each with a did-you-mean when close; a judge without
// generators, a malformed pair, two models for one judge and --style off
// are refused with exit status 2.
func TestSelfFlag(t *testing.T) {
	t.Chdir(t.TempDir())
	if _, stderr, err := executeStderr(t, "simulate", "--pairs", "40", "--scores", "0", "--verdicts", "0",
		"--generator", "gpt-big", "--generator", "tiny", "--judge", "judge-x", "--judge", "other", "-o", "g.jsonl"); err != nil {
		t.Fatalf("simulate: %v\n%s", err, stderr)
	}
	plain := filepath.Join(t.TempDir(), "plain.jsonl")
	if _, _, err := executeStderr(t, "simulate", "--pairs", "10", "--scores", "0", "--verdicts", "0", "-o", plain); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"g.jsonl", "--self", "judge-y=gpt-big"}, `--self "judge-y=gpt-big": no judge "judge-y" in the input; did you mean "judge-x"? (judges: "judge-x", "other")`},
		{[]string{"g.jsonl", "--self", "judge-x=gpt-bog"}, `--self "judge-x=gpt-bog": judge "judge-x" compared no response of "gpt-bog"; did you mean "gpt-big"? (its generators: "gpt-big", "tiny")`},
		{[]string{"g.jsonl", "--self", "judge-x=zzz"}, `judge "judge-x" compared no response of "zzz" (its generators: "gpt-big", "tiny")`},
		{[]string{"g.jsonl", "--self", "judge-x"}, `--self "judge-x": want JUDGE=MODEL`},
		{[]string{"g.jsonl", "--self", "judge-x=tiny", "--self", "judge-x=gpt-big"}, `--self: judge "judge-x" is given as "tiny" and as "gpt-big"`},
		{[]string{"g.jsonl", "--self", "judge-x=tiny", "--style", "off"}, `--self judge-x=tiny: the style analysis is off (--style off)`},
		{[]string{plain, "--self", "judge-fair=gpt"}, `the pair records of judge "judge-fair" name no generator (model_1, model_2)`},
		{[]string{"g.jsonl", "--style", "maybe"}, `--style: unknown style mode "maybe" (want auto, on, off)`},
		{[]string{"g.jsonl", "--style-pref", "calib"}, `--style-pref: unknown preference "calib" (want one of balanced, raw-x0, calibrated)`},
	} {
		_, _, err := executeStderr(t, append([]string{"report"}, c.args...)...)
		if err == nil || !strings.Contains(err.Error(), c.want) || exitCode(err) != exitBadInput {
			t.Errorf("%v: %v (exit %d), want %q and exit 2", c.args, err, exitCode(err), c.want)
		}
	}
	d := reportStyle(t, "g.jsonl", "--self", "judge-x=tiny")
	if sp := d.Judges["judge-x"].Style.SelfPreference; sp == nil || sp.Model != "tiny" || sp.N != 40 {
		t.Errorf("--self judge-x=tiny: %+v", sp)
	}
	if d.Judges["other"].Style.SelfPreference != nil {
		t.Error("other is no generator")
	}
}

// TestCompleteStyleFlags: --style and --style-pref complete their values,
// --self the JUDGE=MODEL pairs of the files on the command line, and
// simulate's --matchup the pairs of the generators given.
func TestCompleteStyleFlags(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := filepath.Join(dir, "g.jsonl")
	if _, _, err := executeStderr(t, "simulate", "--pairs", "10", "--scores", "0", "--verdicts", "0",
		"--generator", "big", "--generator", "small", "--judge", "j", "-o", f); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"report", "--style", ""}, []string{"auto", "on", "off"}},
		{[]string{"--style-pref", ""}, []string{"balanced", "raw-x0", "calibrated"}},
		{[]string{"report", f, "--self", ""}, []string{"j=big", "j=small"}},
		{[]string{"report", f, "--self", "j=s"}, []string{"j=small"}},
		{[]string{"report", "--self", ""}, nil}, // the demo names no generators
		{[]string{"simulate", "--generator", "big:len=900", "--generator", "small", "--matchup", ""}, []string{"big,small", "small,big"}},
		{[]string{"simulate", "--generator", "big", "--generator", "small", "--matchup", "s"}, []string{"small,big"}},
	} {
		if got := complete(t, c.args...); !slices.Equal(got, c.want) {
			t.Errorf("%v: %q, want %q", c.args, got, c.want)
		}
	}
}

// TestSimulateGenerators: --generator writes model_1 and model_2 (and
// answers of the drawn lengths); --matchup fixes who writes response_1;
// mistakes in the generator flags exit with status 2 and name the flag.
func TestSimulateGenerators(t *testing.T) {
	t.Parallel()
	out, err := simulate(t, "--pairs", "5", "--scores", "0", "--verdicts", "0", "--generator", "a:len=50,lenspread=0",
		"--generator", "b:len=20,lenspread=0", "--matchup", "b,a", "--judge", "a:selfbias=2", "--arrangements", "x0")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d records", len(lines))
	}
	for _, l := range lines {
		var rec struct {
			Model1 string `json:"model_1"`
			Model2 string `json:"model_2"`
			R1     string `json:"response_1"`
			R2     string `json:"response_2"`
		}
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Model1 != "b" || rec.Model2 != "a" || len([]rune(rec.R1)) != 20 || len([]rune(rec.R2)) != 50 {
			t.Errorf("record %+v", rec)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--generator", "a", "--generator", "b", "--matchup", "a,c"}, `--matchup "a,c": no generator "c"`},
		{[]string{"--generator", "a", "--generator", "b", "--matchup", "a"}, `--matchup "a": want A,B`},
		{[]string{"--generator", "a", "--generator", "a"}, `--generator: "a" is given twice`},
		{[]string{"--generator", "a:size=3"}, `--generator: generator "a": unknown key "size"`},
		{[]string{"--length-scale", "100"}, "--length-scale needs --generator"},
		{[]string{"--length-bias", "1"}, "a length or self-preference bias needs generators"},
		{[]string{"--generator", "a", "--generator", "b", "--judge", "x:self=c"}, `its generator "c" is not one of the generators`},
	} {
		_, err := simulate(t, append([]string{"--pairs", "5"}, c.args...)...)
		if err == nil || !strings.Contains(err.Error(), c.want) || exitCode(err) != exitBadInput {
			t.Errorf("%v: %v, want %q and exit 2", c.args, err, c.want)
		}
	}
}
