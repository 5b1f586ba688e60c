package tui

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/internal/shellarg"
	"github.com/plumb-eval/plumb/internal/suggest"
)

// startOnly are the flags of `plumb report` and `plumb` that are not
// analysis options a running session can change, each with why.
var startOnly = map[string]string{
	"from":      "it reads the inputs",
	"map":       "it reads the inputs",
	"skip-bad":  "it reads the inputs",
	"demo":      "it chooses the inputs",
	"format":    "it chooses what plumb report writes (e exports the report)",
	"output":    "it chooses where plumb report writes (e exports the report)",
	"points":    "it chooses what plumb report writes (e exports the report)",
	"no-tui":    "it chooses how plumb starts",
	"no-mouse":  "it chooses how plumb starts",
	"watch":     "it chooses how plumb starts",
	"export":    "it names the export's files when plumb starts",
	"criterion": "it chooses the criterion shown first (the criterion knob on pane 3 steps it)",
}

// cmdFlagNames are the names the command line knows: the analysis flags,
// then the ones it says cannot change, sorted.
func cmdFlagNames() []string {
	names := analysis.FlagNames()
	var more []string
	for n := range startOnly {
		more = append(more, n)
	}
	slices.Sort(more)
	return append(names, more...)
}

// runCommand applies a line of the command line: its words read as a
// shell reads them (shellarg.Split), the first one's dashes optional,
// parsed by the command line's codec on top of the session's options
// (analysis.Options.Apply) and applied as a knob step is. A bad line
// changes nothing and says why in the status line.
func (m *Model) runCommand(line string) tea.Cmd {
	c := m.c
	words, err := shellarg.Split(line)
	if err != nil || len(words) == 0 {
		c.setFlashErr(fmt.Errorf(":%s: %w", line, errOr(err, "empty")))
		return nil
	}
	if !strings.HasPrefix(words[0], "-") {
		words[0] = "--" + words[0]
	}
	for _, w := range words {
		name, _, _ := strings.Cut(strings.TrimLeft(w, "-"), "=")
		if why, ok := startOnly[name]; ok && strings.HasPrefix(w, "--") {
			c.setFlashErr(fmt.Errorf("--%s cannot change in a running session: %s; start plumb with it", name, why))
			return nil
		}
	}
	opt, names, err := c.knobs.opt.Apply(words)
	if err != nil {
		var uf *analysis.UnknownFlag
		if errors.As(err, &uf) {
			err = fmt.Errorf("unknown flag --%s%s (tab completes a name)", uf.Name, didYouMeanFlag(uf.Name))
		}
		c.setFlashErr(err)
		return nil
	}
	return m.applyOptions(opt, names, strings.Join(words, " "))
}

// errOr is err, or an error saying what when err is nil.
func errOr(err error, what string) error {
	if err != nil {
		return err
	}
	return errors.New(what)
}

// didYouMeanFlag is "; did you mean --x?" for the flags nearest name.
func didYouMeanFlag(name string) string { return suggest.DidYouMeanFlag(name, cmdFlagNames()) }

// applyOptions makes opt the session's options, after checking the names
// the flags gave against the log: --judge one of its judges (it becomes
// the judge shown), --group one of that judge's groups, --self a judge and
// one of its generators. text is the line as applied, for the status line.
func (m *Model) applyOptions(opt analysis.Options, names []string, text string) tea.Cmd {
	c := m.c
	judge := c.judge
	if slices.Contains(names, "judge") {
		if len(opt.Judges) != 1 {
			c.setFlashErr(fmt.Errorf("--judge: one judge at a time (the judge shown; ]/[ step through them)"))
			return nil
		}
		if judge = slices.Index(c.judges, opt.Judges[0]); judge < 0 {
			c.setFlashErr(fmt.Errorf("--judge %q: no judge %q in the input%s", opt.Judges[0], opt.Judges[0], suggest.DidYouMean(opt.Judges[0], c.judges)))
			return nil
		}
	}
	if slices.Contains(names, "group") && opt.Group != "" {
		groups := c.eng.Groups(c.judges[judge])
		if !slices.Contains(groups, opt.Group) {
			c.setFlashErr(fmt.Errorf("--group %q: judge %q has no pair records in group %q%s", opt.Group, c.judges[judge], opt.Group, suggest.DidYouMean(opt.Group, groups)))
			return nil
		}
	}
	for j, g := range opt.Style.Self {
		if c.knobs.opt.Style.Self[j] == g {
			continue
		}
		if err := checkSelf(c, j, g); err != nil {
			c.setFlashErr(err)
			return nil
		}
	}
	opt.Judges = nil
	opt.Selection.Path = true // the Selection pane shows the fit path
	unchanged := judge == c.judge && optionsEqual(opt, c.knobs.opt)
	c.knobs.opt = opt
	if judge != c.judge {
		c.judge = judge
		m.items.reset()
	}
	m.pipe.refreshGroups()
	if unchanged {
		c.setFlash("%s: already so, nothing changed", text)
		return nil
	}
	c.setFlash("applied %s (c shows the command that reproduces it)", text)
	m.markDirty()
	return tea.Batch(m.knobChanged(true), m.pipe.ensureStyle())
}

// checkSelf checks a --self pair against the log (analysis.CheckSelf),
// its error without the list of names the CLI's gives: the status line
// has one row, and tab completes the names.
func checkSelf(c *common, judge, gen string) error {
	err := analysis.CheckSelf(judge+"="+gen, judge, gen, c.judges, generatorsOf(c, judge))
	if se := (*analysis.SelfError)(nil); errors.As(err, &se) {
		return errors.New(se.Msg)
	}
	return err
}

// optionsEqual reports whether a and b give the same flags.
func optionsEqual(a, b analysis.Options) bool {
	return slices.Equal(a.Args(), b.Args())
}
