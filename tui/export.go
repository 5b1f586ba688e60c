package tui

import (
	"fmt"
	"io"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/internal/atomicfile"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/report"
)

// exportCmd writes the current view's report (Markdown and JSON, the bytes
// `plumb report` writes for the same flags, which the message names) and
// the calibrated log, off the UI goroutine.
func (m *Model) exportCmd() tea.Cmd {
	if len(m.judges) == 0 {
		return nil
	}
	eng, judge, opt := m.eng, m.judgeName(), m.knobs.opt
	opt.Judges = []string{judge}
	prefix, version, inputs, guard := m.opts.ExportPrefix, m.opts.Version, m.opts.Files, m.opts.Guard
	args := reportArgs(opt, inputs)
	m.setFlash("exporting …")
	analyse := m.exportAnalysis(opt)
	return func() tea.Msg {
		an, err := analyse()
		if err != nil {
			return exportMsg{err: fmt.Errorf("export: %w", err)}
		}
		an.Reproduce = args
		md, js, cal := prefix+".md", prefix+".json", prefix+".calibrated.jsonl"
		for _, name := range []string{md, js, cal} {
			if _, read := guard.Input(name); read || atomicfile.IsInput(name, inputs) {
				return exportMsg{err: fmt.Errorf("export: %s is an input file; refusing to overwrite it", name)}
			}
		}
		if err := guard.Write(md, func(w io.Writer) error { return report.WriteMarkdown(w, an) }); err != nil {
			return exportMsg{err: fmt.Errorf("export: %w", err)}
		}
		if err := guard.Write(js, func(w io.Writer) error { return report.WriteJSON(w, report.BuildDoc(an, version)) }); err != nil {
			return exportMsg{err: fmt.Errorf("export: %w", err)}
		}
		figs, err := writeExportFigures(guard, prefix, eng, judge, opt, an, inputs)
		if err != nil {
			return exportMsg{err: fmt.Errorf("export: %w", err)}
		}
		if why := collapsedReason(an); why != "" {
			return exportMsg{text: fmt.Sprintf("wrote %s, %s and %s; no calibrated log: CalibraEval collapsed (%s) — "+
				"plumb calibrate --allow-degenerate writes it marked · c shows the command that reproduces them", md, js, figs, why)}
		}
		n, err := writeCalibrated(guard, cal, eng, judge, opt, an)
		if err != nil {
			return exportMsg{err: fmt.Errorf("export: %w", err)}
		}
		return exportMsg{text: fmt.Sprintf("wrote %s, %s, %s (%s) and %s · c shows the command that reproduces them", md, js, cal, plural(n, "pair record"), figs)}
	}
}

// fewShotCmd writes the likelihood-bias mitigation set of the criterion
// shown (Ohi et al.; the same as `plumb fewshot`).
func (m *Model) fewShotCmd() tea.Cmd {
	res := m.criterionResult()
	if res == nil || res.Criterion == likelihood.TotalCriterion {
		m.setFlash("choose a single criterion (←/→ on the criterion knob) to write its few-shot set")
		return nil
	}
	eng, judge, opt := m.eng, m.judgeName(), m.knobs.opt
	crit := res.Criterion
	inputs, guard := m.opts.Files, m.opts.Guard
	name := fmt.Sprintf("%s.fewshot-%s.jsonl", m.opts.ExportPrefix, safeName(crit))
	return func() tea.Msg {
		_, scores, _ := eng.Records(judge, opt.Group)
		fs, err := likelihood.SelectFewShot(judge, scores, likelihood.FewShotOptions{
			Criterion: crit, K: opt.Likelihood.TopK, TrainFrac: 0.8, Seed: opt.Likelihood.Seed, PerToken: opt.Likelihood.PerToken,
		})
		if err != nil {
			return exportMsg{err: fmt.Errorf("few-shot set: %w", err)}
		}
		if atomicfile.IsInput(name, inputs) {
			return exportMsg{err: fmt.Errorf("few-shot set: %s is an input file; refusing to overwrite it", name)}
		}
		err = guard.Write(name, func(w io.Writer) error {
			mw := model.NewWriter(w)
			for i := range fs.Items {
				if err := mw.WriteScore(&fs.Items[i]); err != nil {
					return err
				}
			}
			return mw.Flush()
		})
		if err != nil {
			return exportMsg{err: fmt.Errorf("few-shot set: %w", err)}
		}
		return exportMsg{text: fmt.Sprintf("wrote %s: %s of highest RS from %s (plumb fewshot --criterion %q --k %d --seed %d)",
			name, plural(len(fs.Items), "example"), plural(fs.Train, "training item"), crit, topK(opt.Likelihood.TopK), opt.Likelihood.Seed)}
	}
}

// safeName keeps letters, digits, '-' and '_' of s for a file name.
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, s)
}

// reportArgs is the `plumb report` command that reproduces the numbers of
// opt: every knob is a flag.
func reportArgs(opt report.Options, files []string) string {
	a := []string{"plumb", "report"}
	for _, f := range files {
		a = append(a, shellQuote(f))
	}
	for _, j := range opt.Judges {
		a = append(a, "--judge", shellQuote(j))
	}
	if opt.Group != "" {
		a = append(a, "--group", shellQuote(opt.Group))
	}
	so, ro, lo := opt.Selection, opt.Reporting, opt.Likelihood
	a = append(a, "--lambda", trimFloat(so.Lambda), "--est-frac", trimFloat(so.EstFrac), "--objective", so.Objective.String(),
		"--seed", fmt.Sprint(so.Seed), "--budget", fmt.Sprint(ro.Budget), "--split", trimFloat(ro.Split),
		"--alpha", trimFloat(ro.Alpha), "--verdict-from", opt.VerdictFrom.String(), "--k", fmt.Sprint(topK(lo.TopK)))
	if opt.Target != "" && opt.Target != report.TargetAuto {
		a = append(a, "--target", opt.Target)
	}
	if ro.Pilot != 0 && ro.Pilot != 10 {
		a = append(a, "--pilot", fmt.Sprint(ro.Pilot))
	}
	if lo.Permutations != likelihood.DefaultPermutations {
		a = append(a, "--permutations", fmt.Sprint(lo.Permutations))
	}
	if lo.PerToken {
		a = append(a, "--per-token")
	}
	a = append(a, bootArgs(opt.Bootstrap)...)
	a = append(a, solverArgs(so)...)
	return strings.Join(a, " ")
}

func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '-' || r == '_' || r == '.' || r == '/' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
