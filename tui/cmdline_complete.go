package tui

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/bootstrap"
	"github.com/plumb-eval/plumb/calib/reporting"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/calib/style"
	"github.com/plumb-eval/plumb/internal/shellarg"
)

// The command line's Tab: flag names, then the flag's values.

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

// generatorsOf are the generators judge's pair records name, sorted
// (analysis.GeneratorsByJudge).
func generatorsOf(c *common, judge string) []string {
	if c.eng == nil {
		return nil
	}
	pairs, _, _ := c.eng.Records(judge, "")
	return analysis.GeneratorsByJudge(pairs)[judge]
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
