package tui

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/calib/style"
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

// flagValues are the values Tab completes for flag name: the log's judges,
// groups and generators, or a flag's enumerated values; nil for a free
// value.
func flagValues(c *common, name string) []string {
	switch name {
	case "judge":
		return slices.Clone(c.judges)
	case "group":
		if c.eng == nil {
			return nil
		}
		return c.eng.Groups(c.judgeName())
	case "self":
		var out []string
		for _, j := range c.judges {
			for _, g := range generatorsOf(c, j) {
				out = append(out, j+"="+g)
			}
		}
		return out
	case "style":
		return []string{analysis.StyleAuto.String(), analysis.StyleOn.String(), analysis.StyleOff.String()}
	case "style-pref":
		return []string{style.PrefBalanced.String(), style.PrefRawX0.String(), style.PrefCalibrated.String()}
	case "objective":
		return []string{"both", "l1", "l2"}
	case "solver":
		return []string{selection.SolverConverged.String(), selection.SolverPublished.String(), selection.SolverBoth.String()}
	case "target":
		return []string{analysis.TargetAuto, analysis.TargetVerdict, analysis.TargetPair}
	case "bootstrap-kind":
		return []string{bootstrap.Percentile.String(), bootstrap.BCa.String()}
	case "verdict-from":
		var out []string
		for v := reporting.VerdictRawX0; v <= reporting.VerdictBPC; v++ {
			out = append(out, v.String())
		}
		return out
	case "stop-at":
		out := []string{selection.StopEnd.String()}
		for i := range selection.DefaultPathPoints {
			out = append(out, selection.StopAtPoint(i).String())
		}
		return out
	}
	return nil
}

// generatorsOf are the generators judge's pair records name, sorted.
func generatorsOf(c *common, judge string) []string {
	if c.eng == nil {
		return nil
	}
	pairs, _, _ := c.eng.Records(judge, "")
	seen := map[string]bool{}
	var out []string
	for i := range pairs {
		for k := 1; k <= 2; k++ {
			if g := pairs[i].Model(k); g != "" && !seen[g] {
				seen[g] = true
				out = append(out, g)
			}
		}
	}
	slices.Sort(out)
	return out
}

// cmdlineComplete completes line at its end: the flag name while the
// first word is typed, its value after it (quoted for the shell, as the
// line is read, shellarg.Split). One candidate is filled in; several fill
// in what they share and are returned to be shown.
func cmdlineComplete(c *common, line string) (string, []string) {
	fields := strings.Fields(line)
	trailing := strings.HasSuffix(line, " ")
	if len(fields) == 0 || len(fields) == 1 && !trailing {
		word := ""
		if len(fields) == 1 {
			word = fields[0]
		}
		dashes := ""
		if strings.HasPrefix(word, "--") {
			dashes, word = "--", word[2:]
		}
		cands := prefixed(cmdFlagNames(), word)
		if len(cands) == 1 {
			return dashes + cands[0] + " ", nil
		}
		return dashes + sharedPrefix(cands, word), cands
	}
	if len(fields) > 2 || len(fields) == 2 && trailing {
		return line, nil // one flag's value at a time
	}
	name := strings.TrimPrefix(fields[0], "--")
	typed := ""
	if len(fields) == 2 {
		typed = fields[1]
		if words, err := shellarg.Split(typed); err == nil && len(words) == 1 {
			typed = words[0]
		}
	}
	cands := prefixed(flagValues(c, name), typed)
	head := fields[0] + " "
	switch len(cands) {
	case 0:
		return line, nil
	case 1:
		return head + shellarg.Quote(cands[0]), nil
	}
	p := sharedPrefix(cands, typed)
	if p == typed {
		return line, cands
	}
	return head + shellarg.Quote(p), cands
}

// prefixed are the names that start with p.
func prefixed(names []string, p string) []string {
	var out []string
	for _, n := range names {
		if strings.HasPrefix(n, p) {
			out = append(out, n)
		}
	}
	return out
}

// sharedPrefix is the longest prefix the names share, at least p (names
// all start with p; p itself when there are none), cut between runes.
func sharedPrefix(names []string, p string) string {
	if len(names) == 0 {
		return p
	}
	pre := names[0]
	for _, n := range names[1:] {
		for !strings.HasPrefix(n, pre) {
			_, size := utf8.DecodeLastRuneInString(pre)
			pre = pre[:len(pre)-size]
		}
	}
	return pre
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
func didYouMeanFlag(name string) string {
	sug := suggest.Closest(name, cmdFlagNames())
	if len(sug) == 0 {
		return ""
	}
	for i, s := range sug {
		sug[i] = "--" + s
	}
	return "; did you mean " + strings.Join(sug, " or ") + "?"
}

// didYouMeanName is `; did you mean "x"?` for the names nearest name.
func didYouMeanName(name string, names []string) string {
	sug := suggest.Closest(name, names)
	if len(sug) == 0 {
		return ""
	}
	q := make([]string, len(sug))
	for i, s := range sug {
		q[i] = fmt.Sprintf("%q", s)
	}
	return "; did you mean " + strings.Join(q, " or ") + "?"
}

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
			c.setFlashErr(fmt.Errorf("--judge %q: no judge %q in the input%s", opt.Judges[0], opt.Judges[0], didYouMeanName(opt.Judges[0], c.judges)))
			return nil
		}
	}
	if slices.Contains(names, "group") && opt.Group != "" {
		groups := c.eng.Groups(c.judges[judge])
		if !slices.Contains(groups, opt.Group) {
			c.setFlashErr(fmt.Errorf("--group %q: judge %q has no pair records in group %q%s", opt.Group, c.judges[judge], opt.Group, didYouMeanName(opt.Group, groups)))
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

// checkSelf checks a --self pair against the log: judge is one of its
// judges and gen one of the generators judge's pair records name.
func checkSelf(c *common, judge, gen string) error {
	if !slices.Contains(c.judges, judge) {
		return fmt.Errorf("--self %s=%s: no judge %q in the input%s", judge, gen, judge, didYouMeanName(judge, c.judges))
	}
	gens := generatorsOf(c, judge)
	if len(gens) == 0 {
		return fmt.Errorf("--self %s=%s: the pair records of judge %q name no generator (model_1, model_2), so it has no self-preference to measure", judge, gen, judge)
	}
	if !slices.Contains(gens, gen) {
		return fmt.Errorf("--self %s=%s: judge %q compared no response of %q%s", judge, gen, judge, gen, didYouMeanName(gen, gens))
	}
	return nil
}

// optionsEqual reports whether a and b give the same flags.
func optionsEqual(a, b analysis.Options) bool {
	return slices.Equal(a.Args(), b.Args())
}
