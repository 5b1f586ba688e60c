package analysis

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/calibraeval"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/calib/style"
	"github.com/spf13/pflag"
)

// parseFlags parses args with RegisterFlags' flags alone.
func parseFlags(t *testing.T, args []string) (Options, error) {
	t.Helper()
	fs := pflag.NewFlagSet("plumb", pflag.ContinueOnError)
	f := RegisterFlags(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatalf("%q: %v", args, err)
	}
	return f.Options()
}

// argWords are o's Args as command-line words.
func argWords(o Options) []string {
	var w []string
	for _, f := range o.Args() {
		w = append(w, f.Words()...)
	}
	return w
}

// TestOptionsArgsRoundTrip: the flags Options.Args writes parse back
// (RegisterFlags, OptionFlags.Options) into the same options, for the
// defaults and for every option away from its default (names that look
// like flags included: a value is never split off its flag); and the
// options the flags give write back as the same flags.
func TestOptionsArgsRoundTrip(t *testing.T) {
	def, err := parseFlags(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	difficultyFile := filepath.Join(t.TempDir(), "--difficulty.csv")
	if err := os.WriteFile(difficultyFile, []byte("index,instruction_difficulty\n0,0\n1,-0.25\n804,1.5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := map[string]func(o *Options){
		"defaults": func(*Options) {},
		"judges and group": func(o *Options) {
			o.Judges, o.Group = []string{"gpt 4o", "j'2"}, "--not-a-flag"
		},
		"selection": func(o *Options) {
			so := &o.Selection
			so.Lambda, so.EstFrac, so.Objective = 0.76519, 0.35, calibraeval.ObjectiveL2
			so.Solver, so.PublishedLambda, so.StopAt = selection.SolverBoth, 0.3, selection.StopAtPoint(7)
			so.Seed, o.Reporting.Seed, o.Likelihood.Seed = 42, 42, 42
		},
		"path": func(o *Options) { o.Selection.Path = true },
		"published": func(o *Options) {
			o.Selection.Solver, o.Selection.PublishedLambda = selection.SolverPublished, 1.5
		},
		"reporting": func(o *Options) {
			o.Target, o.VerdictFrom = TargetPair, reporting.VerdictBPC
			o.Reporting.Budget, o.Reporting.Split, o.Reporting.Alpha, o.Reporting.Pilot = 120, 0.3, 0.1, 4
			o.Likelihood.Permutations, o.Likelihood.PerToken, o.Likelihood.TopK = 500, true, 3
		},
		"bootstrap": func(o *Options) {
			o.Bootstrap.Resamples, o.Bootstrap.Explicit = 200, true
			o.Bootstrap.Kind, o.Bootstrap.Refit = bootstrap.BCa, RefitNever
		},
		"bootstrap off": func(o *Options) { o.Bootstrap.Resamples, o.Bootstrap.Explicit = 0, true },
		"refit":         func(o *Options) { o.Bootstrap.Refit = RefitAlways },
		"style": func(o *Options) {
			o.Style.Mode, o.Style.Pref = StyleOn, style.PrefCalibrated
			o.Style.Self = map[string]string{"b": "m 2", "a": "m1", "--j": "m"}
		},
		"instruction difficulty": func(o *Options) {
			o.Style.DifficultyFile, o.Style.Difficulty = difficultyFile, map[int]float64{0: 0, 1: -0.25, 804: 1.5}
		},
	}
	written := map[string]bool{}
	for name, change := range cases {
		want := def
		want.Judges = slices.Clone(def.Judges)
		change(&want)
		for _, f := range want.Args() {
			written[f.Name] = true
		}
		words := argWords(want)
		got, err := parseFlags(t, words)
		if err != nil {
			t.Errorf("%s: %q: %v", name, words, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %q parses to\n%+v, want\n%+v", name, words, got, want)
		}
		if again := argWords(got); !slices.Equal(again, words) {
			t.Errorf("%s: writes back as %q, want %q", name, again, words)
		}
	}
	// Every flag RegisterFlags defines is written by some case: a new
	// option needs its flag in Options.Args and a case here.
	fs := pflag.NewFlagSet("plumb", pflag.ContinueOnError)
	RegisterFlags(fs)
	fs.VisitAll(func(f *pflag.Flag) {
		if !written[f.Name] {
			t.Errorf("--%s: no case writes it (Options.Args, or a case of this test, lacks it)", f.Name)
		}
	})
}

// TestOptionsArgsOrder pins the order and the left-out defaults of the
// reproduce commands: the knobs always, the rest only when not the
// default, the solver's flags last.
func TestOptionsArgsOrder(t *testing.T) {
	def, err := parseFlags(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	const knobs = "--lambda 0.5 --est-frac 1 --objective both --seed 1 --budget 0 --split 0 --alpha 0.05 --verdict-from raw-x0 --k 8"
	if got := strings.Join(argWords(def), " "); got != knobs {
		t.Errorf("defaults: %q, want %q", got, knobs)
	}
	o := def
	o.Judges, o.Group = []string{"j"}, "g"
	o.Style.Mode, o.Style.Self = StyleOn, map[string]string{"j": "m"}
	o.Target, o.Likelihood.PerToken = TargetPair, true
	o.Bootstrap.Resamples = 0
	o.Selection.Solver, o.Selection.StopAt = selection.SolverBoth, selection.StopAtPoint(3)
	want := "--judge j --group g " + knobs + " --style on --self j=m --target pair --per-token --bootstrap 0 --solver both --stop-at 3"
	if got := strings.Join(argWords(o), " "); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
