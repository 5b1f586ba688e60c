package tui

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/internal/shellarg"
	"github.com/plumb-eval/plumb/plot/figure"
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
	// annotators is --annotators.
	annotators bool
}

// inputs are the app's inputs.
func (c *common) inputs() inputArgs {
	o := c.opts
	return inputArgs{files: o.Files, from: o.From, maps: o.Maps, skipBad: o.SkipBad, annotators: o.Annotators}
}

// flags are the flags that read the inputs.
func (in inputArgs) flags() []analysis.Flag {
	var f []analysis.Flag
	if in.from != "" {
		f = append(f, analysis.Flag{Name: "from", Value: in.from})
	}
	for _, m := range in.maps {
		f = append(f, analysis.Flag{Name: "map", Value: m})
	}
	if in.skipBad {
		f = append(f, analysis.Flag{Name: "skip-bad", Bare: true})
	}
	if in.annotators {
		f = append(f, analysis.Flag{Name: "annotators", Bare: true})
	}
	return f
}

// command writes a command as typed: the subcommand, the files, then the
// flags as --name value (quoted for a POSIX shell).
func command(sub string, files []string, flags []analysis.Flag) string {
	return strings.Join(commandUnits(sub, files, flags), " ")
}

// commandUnits are command's words grouped into the units a wrapped
// command never parts: "plumb SUB", each file, and each flag with its
// value ("--verdict-from raw-x0"), every word quoted by shellarg.Quote.
func commandUnits(sub string, files []string, flags []analysis.Flag) []string {
	u := []string{"plumb " + sub}
	for _, f := range files {
		u = append(u, shellarg.Quote(f))
	}
	for _, f := range flags {
		w := f.Words()
		a := []string{w[0]}
		for _, v := range w[1:] {
			a = append(a, shellarg.Quote(v))
		}
		u = append(u, strings.Join(a, " "))
	}
	return u
}

// wrapCommand lays a command's units (commandUnits) out in lines of at
// most w cells for a shell to read back: every line but the last ends in
// " \" (a line continuation), the lines after the first are indented by
// two spaces, and a unit is never cut, so a flag stays with its value and
// a quoted word whole; a unit wider than a line alone gets a line of its
// own, wider than w. Joined by a POSIX shell the lines are the one-line
// command's words.
func wrapCommand(units []string, w int) []string {
	var out []string
	line := ""
	for _, u := range units {
		switch {
		case line == "":
			line = u
		case cellWidth(line)+1+cellWidth(u)+2 <= w:
			line += " " + u
		default:
			out, line = append(out, line+" \\"), "  "+u
		}
	}
	return append(out, line)
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
// of opt on the inputs in: the inputs' flags, then opt's (report's codec,
// Options.Args).
func reportCommand(opt analysis.Options, in inputArgs) string {
	return strings.Join(reportUnits(opt, in), " ")
}

// reportUnits are reportCommand's units (commandUnits), for wrapCommand.
func reportUnits(opt analysis.Options, in inputArgs) []string {
	return commandUnits("report", in.files, append(in.flags(), opt.Args()...))
}

// figuresCommand is the `plumb figures` command that writes the figures of
// opt on the inputs in into dir with the options fo (--dpi when fo's is
// not the default), in the form `plumb figures` writes into
// its captions (shellarg.Line, as cmd/plumb's reproduceLine builds them),
// so that the caption it writes is this command again and the two folders
// are equal byte for byte.
func figuresCommand(opt analysis.Options, in inputArgs, dir string, fo figure.Options) string {
	var flags []shellarg.Flag
	extra := []analysis.Flag{{Name: "output", Value: dir}}
	if fo.DPI != figure.DefaultOptions().DPI {
		extra = append(extra, analysis.Flag{Name: "dpi", Value: fmt.Sprint(fo.DPI)})
	}
	for _, f := range append(append(in.flags(), opt.Args()...), extra...) {
		flags = append(flags, f.Shell())
	}
	return shellarg.Line("plumb figures", flags, in.files)
}

// fewShotCommand is the `plumb fewshot` command that writes the few-shot
// set of judge's criterion crit to out: the inputs (--demo for the
// embedded demo), the judge and criterion, and the knobs that choose the
// set (k, the seed, per-token likelihoods).
func fewShotCommand(in inputArgs, judge, crit string, lo likelihood.Options, out string) string {
	var f []analysis.Flag
	if len(in.files) == 0 {
		f = append(f, analysis.Flag{Name: "demo", Bare: true})
	}
	if in.skipBad {
		f = append(f, analysis.Flag{Name: "skip-bad", Bare: true})
	}
	f = append(f, analysis.Flag{Name: "judge", Value: judge}, analysis.Flag{Name: "criterion", Value: crit},
		analysis.Flag{Name: "k", Value: fmt.Sprint(topK(lo.TopK))}, analysis.Flag{Name: "seed", Value: fmt.Sprint(lo.Seed)})
	if lo.PerToken {
		f = append(f, analysis.Flag{Name: "per-token", Bare: true})
	}
	f = append(f, analysis.Flag{Name: "output", Value: out})
	return command("fewshot", in.files, f)
}
