package main

import (
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/collect"
	"github.com/plumb-eval/plumb/internal/textsafe"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/importer"
	"github.com/plumb-eval/plumb/plot/figure"
)

// registerCompletions adds shell completion of flag values to cmd, for
// every one of its flags that takes a value from a known set: --judge,
// --group and --criterion from the files already on the command line (the
// embedded demo when there are none); --from formats, --format,
// --objective, --target, --verdict-from, --solver, --bootstrap-kind,
// --stop-at (end or a path point), --style, --style-pref, --self (JUDGE=MODEL
// from the files: each judge with each generator its records name),
// --figure-format and --arrangements
// (comma-separated lists: the next item), collect's --task and --template
// (the built-in templates of the task; a FILE still completes), and
// simulate's --mode and --matchup (pairs of the --generator names given). Flags cmd does not have are passed over; simulate's
// --judge (a judge spec) and --template (a FILE) keep the shell's own.
func registerCompletions(cmd *cobra.Command) {
	fixed := func(vals ...string) cobra.CompletionFunc {
		return cobra.FixedCompletions(vals, cobra.ShellCompDirectiveNoFileComp)
	}
	var formats []string
	for _, f := range importer.Formats() {
		formats = append(formats, string(f))
	}
	var sources []string
	for v := reporting.VerdictRawX0; v <= reporting.VerdictBPC; v++ {
		sources = append(sources, v.String())
	}
	stops := []string{selection.StopEnd.String()}
	for i := range selection.DefaultPathPoints {
		stops = append(stops, selection.StopAtPoint(i).String())
	}
	var arrangements []string
	for _, a := range model.Arrangements {
		arrangements = append(arrangements, a.String())
	}
	funcs := map[string]cobra.CompletionFunc{
		"judge":          fromLog(func(lg *model.Log) []string { return judgesOf(lg) }),
		"group":          fromLog(groupsOf),
		"criterion":      fromLog(criteriaOf),
		"from":           fixed(formats...),
		"format":         fixed("md", "json", "csv"),
		"objective":      fixed("both", "l1", "l2"),
		"target":         fixed(analysis.TargetAuto, analysis.TargetVerdict, analysis.TargetPair),
		"verdict-from":   fixed(sources...),
		"solver":         fixed(selection.SolverConverged.String(), selection.SolverPublished.String(), selection.SolverBoth.String()),
		"bootstrap-kind": fixed(bootstrap.Percentile.String(), bootstrap.BCa.String()),
		"stop-at":        fixed(stops...),
		"figure-format":  listOf(string(figure.PNG), string(figure.SVG), string(figure.PDF)),
		"arrangements":   listOf(arrangements...),
		"task":           fixed("pair", "score"),
		"template":       templates,
		"mode":           fixed("prob", "logprob", "choice"), // sim.ParseMode
		"style":          fixed(analysis.StyleAuto.String(), analysis.StyleOn.String(), analysis.StyleOff.String()),
		"style-pref":     fixed(style.PrefBalanced.String(), style.PrefRawX0.String(), style.PrefCalibrated.String()),
		"self":           fromLog(selfPairs),
		"matchup":        matchups,
	}
	if cmd.Name() == "simulate" {
		delete(funcs, "judge")    // NAME:key=value,…, not a judge of a log
		delete(funcs, "template") // a FILE
	}
	for name, fn := range funcs {
		if cmd.Flags().Lookup(name) != nil {
			_ = cmd.RegisterFlagCompletionFunc(name, fn) // fails only for a missing or twice-registered flag
		}
	}
}

// matchups completes simulate's --matchup: every A,B of two different
// generators given so far with --generator.
func matchups(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	specs, _ := cmd.Flags().GetStringArray("generator")
	var names []string
	for _, spec := range specs {
		if n, _, _ := strings.Cut(spec, ":"); strings.TrimSpace(n) != "" && !textsafe.Needs(n) {
			names = append(names, strings.TrimSpace(n))
		}
	}
	names = sortedUnique(names) // each name once: the values can arrive twice while completing
	var out []cobra.Completion
	for _, a := range names {
		for _, b := range names {
			if m := a + "," + b; a != b && strings.HasPrefix(m, toComplete) {
				out = append(out, m)
			}
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// listOf completes a comma-separated list of vals: the next item after
// what is typed, each value at most once (`x0,x` offers x0,x1 … without
// x0 again).
func listOf(vals ...string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		prefix, last := "", toComplete
		if i := strings.LastIndexByte(toComplete, ','); i >= 0 {
			prefix, last = toComplete[:i+1], toComplete[i+1:]
		}
		done := strings.Split(prefix, ",")
		var out []cobra.Completion
		for _, v := range vals {
			if strings.HasPrefix(v, last) && !slices.Contains(done, v) {
				out = append(out, prefix+v)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
}

// templates completes collect's --template: the built-in templates of the
// --task given (pair when none), and files as the shell completes them.
func templates(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	names := collect.BuiltinTemplates()
	if task, _ := cmd.Flags().GetString("task"); task == "score" {
		names = []string{collect.DefaultScoreTemplate}
	}
	var out []cobra.Completion
	for _, n := range names {
		if strings.HasPrefix(n, toComplete) {
			out = append(out, n)
		}
	}
	return out, cobra.ShellCompDirectiveDefault
}

// fromLog completes a flag with names read from the files given so far
// (args; none: the embedded demo), read as `plumb report` reads them
// (texts skipped, bad lines skipped, --from and --map honoured). Files that
// do not exist yet, or cannot be read, complete nothing. A name holding a
// control character, an escape sequence or a bidi override
// (textsafe.Needs) is not offered: the shell would print it raw when it
// lists the candidates, a newline would split it in two, and a completion
// cannot type it anyway.
func fromLog(names func(*model.Log) []string) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		var files []string
		for _, a := range args {
			if _, err := os.Stat(a); err == nil {
				files = append(files, a)
			}
		}
		if len(files) < len(args) && len(files) == 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		from, _ := cmd.Flags().GetString("from")
		maps, _ := cmd.Flags().GetStringArray("map")
		lg, err := loadLog(cmd, files, true, false, from, maps)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		// --judge takes a comma-separated list: complete the last name.
		prefix := ""
		if i := strings.LastIndexByte(toComplete, ','); i >= 0 {
			prefix = toComplete[:i+1]
		}
		var out []cobra.Completion
		for _, n := range names(lg) {
			if strings.HasPrefix(prefix+n, toComplete) && !textsafe.Needs(n) {
				out = append(out, prefix+n)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// judgesOf returns the judges of every record kind, sorted.
func judgesOf(lg *model.Log) []string {
	var names []string
	for i := range lg.Pairs {
		names = append(names, lg.Pairs[i].Judge)
	}
	for i := range lg.Scores {
		names = append(names, lg.Scores[i].Judge)
	}
	for i := range lg.Verdicts {
		names = append(names, lg.Verdicts[i].Judge)
	}
	return sortedUnique(names)
}

// groupsOf returns the groups of the pair records, sorted.
func groupsOf(lg *model.Log) []string {
	var names []string
	for i := range lg.Pairs {
		if g := lg.Pairs[i].Group; g != "" {
			names = append(names, g)
		}
	}
	return sortedUnique(names)
}

// criteriaOf returns the criteria of the score records, sorted.
func criteriaOf(lg *model.Log) []string {
	var names []string
	for i := range lg.Scores {
		names = append(names, lg.Scores[i].Criterion)
	}
	return sortedUnique(names)
}

func sortedUnique(xs []string) []string {
	slices.Sort(xs)
	return slices.Compact(xs)
}
