package tui

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/internal/shellarg"
	"github.com/plumb-eval/plumb/report"
)

// The commands the TUI prints for reproduction: the `plumb report` of the
// numbers on screen (c, and the export's "Reproduce:" line and
// "reproduce" key), the `plumb figures` of the exported figures (their
// captions), and the `plumb fewshot` of a few-shot set (w). Each is run by
// a test and regenerates the same bytes (reproduce_cli_test.go).

// inputArgs are the inputs as the command line named them: the files
// (none: the embedded demo) and the flags that read them.
type inputArgs struct {
	files   []string
	from    string
	maps    []string
	skipBad bool
}

// inputs are the app's inputs.
func (c *common) inputs() inputArgs {
	o := c.opts
	return inputArgs{files: o.Files, from: o.From, maps: o.Maps, skipBad: o.SkipBad}
}

// cmdFlag is one flag of a command: its name without the dashes and its
// value, or a bool flag given bare.
type cmdFlag struct {
	name, value string
	bare        bool
}

// flags are the flags that read the inputs.
func (in inputArgs) flags() []cmdFlag {
	var f []cmdFlag
	if in.from != "" {
		f = append(f, cmdFlag{name: "from", value: in.from})
	}
	for _, m := range in.maps {
		f = append(f, cmdFlag{name: "map", value: m})
	}
	if in.skipBad {
		f = append(f, cmdFlag{name: "skip-bad", bare: true})
	}
	return f
}

// tokenFlags turns flag tokens of the knob table ("--lambda", "0.5",
// "--path", …) into flags: a token after a flag is its value unless it is
// a flag itself.
func tokenFlags(tokens []string) []cmdFlag {
	var f []cmdFlag
	for i := 0; i < len(tokens); i++ {
		name := strings.TrimPrefix(tokens[i], "--")
		if i+1 < len(tokens) && !strings.HasPrefix(tokens[i+1], "--") {
			f = append(f, cmdFlag{name: name, value: tokens[i+1]})
			i++
			continue
		}
		f = append(f, cmdFlag{name: name, bare: true})
	}
	return f
}

// reportFlags are the analysis flags that reproduce opt: the judges, the
// group, every knob, then the flags no knob steps and the bootstrap's.
func reportFlags(opt report.Options) []cmdFlag {
	var f []cmdFlag
	for _, j := range opt.Judges {
		f = append(f, cmdFlag{name: "judge", value: j})
	}
	if opt.Group != "" {
		f = append(f, cmdFlag{name: "group", value: opt.Group})
	}
	f = append(f, tokenFlags(knobArgs(&opt, false))...)
	ro, lo := opt.Reporting, opt.Likelihood
	if opt.Target != "" && opt.Target != report.TargetAuto {
		f = append(f, cmdFlag{name: "target", value: opt.Target})
	}
	if ro.Pilot != 0 && ro.Pilot != 10 {
		f = append(f, cmdFlag{name: "pilot", value: fmt.Sprint(ro.Pilot)})
	}
	if lo.Permutations != likelihood.DefaultPermutations {
		f = append(f, cmdFlag{name: "permutations", value: fmt.Sprint(lo.Permutations)})
	}
	if lo.PerToken {
		f = append(f, cmdFlag{name: "per-token", bare: true})
	}
	f = append(f, tokenFlags(bootArgs(opt.Bootstrap))...)
	return append(f, tokenFlags(knobArgs(&opt, true))...)
}

// command writes a command as typed: the subcommand, the files, then the
// flags as --name value (quoted for a POSIX shell).
func command(sub string, files []string, flags []cmdFlag) string {
	a := []string{"plumb", sub}
	for _, f := range files {
		a = append(a, shellarg.Quote(f))
	}
	for _, f := range flags {
		a = append(a, "--"+f.name)
		if !f.bare {
			a = append(a, shellarg.Quote(f.value))
		}
	}
	return strings.Join(a, " ")
}

// uncarried returns why no command line can reproduce the numbers of
// judge in group: a name that holds a NUL byte, which no argument can
// carry (shellarg.Carries), named with the first record that holds it;
// nil when every name can be written. A command printed anyway would
// select another judge, so the callers print the reason instead.
func (c *common) uncarried(judge, group string, more ...string) error {
	names := append([]string{"judge", judge, "group", group}, more...)
	for i := 0; i+1 < len(names); i += 2 {
		if err := shellarg.Carries(names[i+1]); err != nil {
			return fmt.Errorf("no command can reproduce this: the %s name %q%s %w", names[i], names[i+1], c.firstRecordOf(judge, group), err)
		}
	}
	return nil
}

// firstRecordOf is " (first record FILE:LINE)" for the first record of
// judge in group, or "" when it has none.
func (c *common) firstRecordOf(judge, group string) string {
	if c.eng == nil {
		return ""
	}
	pairs, scores, verdicts := c.eng.Records(judge, group)
	switch {
	case len(pairs) > 0:
		return " (first record " + pairs[0].Pos.String() + ")"
	case len(scores) > 0:
		return " (first record " + scores[0].Pos.String() + ")"
	case len(verdicts) > 0:
		return " (first record " + verdicts[0].Pos.String() + ")"
	}
	return ""
}

// reportCommand is the `plumb report` command that reproduces the numbers
// of opt on the inputs in.
func reportCommand(opt report.Options, in inputArgs) string {
	return command("report", in.files, append(in.flags(), reportFlags(opt)...))
}

// figuresCommand is the `plumb figures` command that writes the figures of
// opt on the inputs in into dir, in the form `plumb figures` writes into
// its captions (shellarg.Line, as cmd/plumb's reproduceLine builds them),
// so that the caption it writes is this command again and the two folders
// are equal byte for byte.
func figuresCommand(opt report.Options, in inputArgs, dir string) string {
	var flags []shellarg.Flag
	for _, f := range append(append(in.flags(), reportFlags(opt)...), cmdFlag{name: "output", value: dir}) {
		v := f.value
		if f.bare {
			v = "true"
		}
		flags = append(flags, shellarg.Flag{Name: f.name, Value: v})
	}
	return shellarg.Line("plumb figures", flags, in.files)
}

// fewShotCommand is the `plumb fewshot` command that writes the few-shot
// set of judge's criterion crit to out: the inputs (--demo for the
// embedded demo), the judge and criterion, and the knobs that choose the
// set (k, the seed, per-token likelihoods).
func fewShotCommand(in inputArgs, judge, crit string, lo likelihood.Options, out string) string {
	var f []cmdFlag
	if len(in.files) == 0 {
		f = append(f, cmdFlag{name: "demo", bare: true})
	}
	if in.skipBad {
		f = append(f, cmdFlag{name: "skip-bad", bare: true})
	}
	f = append(f, cmdFlag{name: "judge", value: judge}, cmdFlag{name: "criterion", value: crit},
		cmdFlag{name: "k", value: fmt.Sprint(topK(lo.TopK))}, cmdFlag{name: "seed", value: fmt.Sprint(lo.Seed)})
	if lo.PerToken {
		f = append(f, cmdFlag{name: "per-token", bare: true})
	}
	f = append(f, cmdFlag{name: "output", value: out})
	return command("fewshot", in.files, f)
}
