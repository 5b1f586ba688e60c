package tui

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/internal/atomicfile"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/plot/figure"
	"github.com/plumb-eval/plumb/report"
)

// exportCmd writes the current view's report (Markdown and JSON, the bytes
// `plumb report` writes for the same flags, which the message names), the
// figures and the calibrated log, off the UI goroutine. The files are
// named per judge (exportFiles), so exporting judge A and then judge B
// keeps both sets; exporting A again replaces A's.
func exportCmd(c *common) tea.Cmd {
	if len(c.judges) == 0 {
		return nil
	}
	eng, judge, opt := c.eng, c.judgeName(), c.knobs.opt
	opt.Judges = []string{judge}
	version, inputs, guard, at := c.opts.Version, c.opts.Files, c.opts.Guard, c.opts.Dir
	ef := exportFiles(c.opts.ExportPrefix, figure.Stems(c.judges)[judge])
	fo := figure.DefaultOptions()
	if c.opts.FigureDPI != 0 {
		fo.DPI = c.opts.FigureDPI
	}
	args, figArgs := reportCommand(opt, c.inputs()), figuresCommand(opt, c.inputs(), ef.figures, fo)
	repro := " · c shows the command that reproduces them"
	if err := c.uncarried(judge, opt.Group); err != nil {
		args, figArgs, repro = "", "", "; "+err.Error()
	}
	c.setFlash("exporting …")
	return func() tea.Msg {
		// The session's report of the options on screen: the engine
		// serves what is already computed (point estimates, intervals,
		// style analysis), so the bytes equal `plumb report` with the same
		// flags and an export of finished numbers computes nothing again.
		an, err := eng.Report(opt)
		if err != nil {
			return exportMsg{err: fmt.Errorf("export: %w", err)}
		}
		an.Reproduce = args
		md, js, cal := ef.md, ef.js, ef.cal
		for _, name := range []string{md, js, cal} {
			if _, read := guard.Input(inDir(at, name)); read || atomicfile.IsInput(inDir(at, name), inDirAll(at, inputs)) {
				return exportMsg{err: fmt.Errorf("export: %s is an input file; refusing to overwrite it", name)}
			}
		}
		if err := guard.Write(inDir(at, md), func(w io.Writer) error { return report.WriteMarkdown(w, an) }); err != nil {
			return exportMsg{err: fmt.Errorf("export: %w", err)}
		}
		if err := guard.Write(inDir(at, js), func(w io.Writer) error { return report.WriteJSON(w, report.BuildDoc(an, version)) }); err != nil {
			return exportMsg{err: fmt.Errorf("export: %w", err)}
		}
		figs, err := writeExportFigures(guard, at, ef.figures, eng, judge, opt, an, fo, figArgs)
		if err != nil {
			return exportMsg{err: fmt.Errorf("export: %w", err)}
		}
		if why := collapsedReason(an); why != "" {
			old := ""
			if _, err := os.Lstat(inDir(at, cal)); err == nil {
				old = fmt.Sprintf("; %s is from an earlier export, left as it was", cal)
			}
			return exportMsg{text: fmt.Sprintf("wrote %s, %s and %s; no calibrated log: CalibraEval collapsed (%s)%s — "+
				"plumb calibrate --allow-degenerate writes it marked%s", md, js, figs, why, old, repro)}
		}
		n, err := writeCalibrated(guard, inDir(at, cal), eng, judge, opt, an)
		if err != nil {
			return exportMsg{err: fmt.Errorf("export: %w", err)}
		}
		return exportMsg{text: fmt.Sprintf("wrote %s, %s, %s (%s) and %s%s", md, js, cal, vocab.Plural(n, "pair record"), figs, repro)}
	}
}

// inDir is where the file name, relative to the folder dir (Options.Dir;
// "": the working directory), is: name itself when dir is "" or name is
// absolute.
func inDir(dir, name string) string {
	if dir == "" || filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(dir, name)
}

// inDirAll is inDir of every name (names itself when dir is "").
func inDirAll(dir string, names []string) []string {
	if dir == "" {
		return names
	}
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = inDir(dir, n)
	}
	return out
}

// exportNames are the files of one judge's export.
type exportNames struct {
	md, js, cal, figures string
}

// exportFiles names the files of the export of the judge whose file stem
// (figure.Stems over the log's judges) is stem: PREFIX.STEM.md,
// PREFIX.STEM.json, PREFIX.STEM.calibrated.jsonl and the folder
// PREFIX.STEM.figures/. A stem has no dot, so two judges' sets never share
// a file.
func exportFiles(prefix, stem string) exportNames {
	p := prefix + "." + stem
	return exportNames{md: p + ".md", js: p + ".json", cal: p + ".calibrated.jsonl", figures: p + ".figures"}
}

// fewShotCmd writes the likelihood-bias mitigation set of the criterion
// shown (Ohi et al.; the same as `plumb fewshot`).
func fewShotCmd(c *common) tea.Cmd {
	res := c.criterionResult()
	if res == nil || res.Criterion == likelihood.TotalCriterion {
		c.setFlash("choose a single criterion (←/→ on the criterion knob) to write its few-shot set")
		return nil
	}
	eng, judge, opt := c.eng, c.judgeName(), c.knobs.opt
	crit := res.Criterion
	inputs, guard, in, at := c.opts.Files, c.opts.Guard, c.inputs(), c.opts.Dir
	prefix := c.opts.ExportPrefix + "." + figure.Stems(c.judges)[judge]
	noCommand := c.uncarried(judge, "", "criterion", crit)
	return func() tea.Msg {
		_, all, _ := eng.Records(judge, "")
		name := fewShotFile(prefix, crit, all)
		// Every score record of the judge: the group filter is of pair
		// records (analysis.Engine.Records), as in plumb fewshot.
		scores := all
		fs, err := likelihood.SelectFewShot(judge, scores, likelihood.FewShotOptions{
			Criterion: crit, K: opt.Likelihood.TopK, TrainFrac: 0.8, Seed: opt.Likelihood.Seed, PerToken: opt.Likelihood.PerToken,
		})
		if err != nil {
			return exportMsg{err: fmt.Errorf("few-shot set: %w", err)}
		}
		if atomicfile.IsInput(inDir(at, name), inDirAll(at, inputs)) {
			return exportMsg{err: fmt.Errorf("few-shot set: %s is an input file; refusing to overwrite it", name)}
		}
		err = guard.Write(inDir(at, name), func(w io.Writer) error {
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
		repro := "reproduce: " + fewShotCommand(in, judge, crit, opt.Likelihood, name)
		if noCommand != nil {
			repro = noCommand.Error()
		}
		return exportMsg{text: fmt.Sprintf("wrote %s: %s of highest RS from %s · %s",
			name, vocab.Plural(len(fs.Items), "example"), vocab.Plural(fs.Train, "training item"), repro)}
	}
}

// fewShotFile names the few-shot set of criterion crit of a judge:
// PREFIX.fewshot-CRITERION.jsonl, where prefix names the judge's export
// (PREFIX.JUDGE) and CRITERION is crit's file stem among the criteria of
// the judge's score records (all groups, so the name does not change with
// the group filter).
func fewShotFile(prefix, crit string, scores []model.Score) string {
	criteria := []string{crit}
	seen := map[string]bool{crit: true}
	for i := range scores {
		if c := scores[i].Criterion; !seen[c] {
			seen[c] = true
			criteria = append(criteria, c)
		}
	}
	return prefix + ".fewshot-" + figure.Stems(criteria)[crit] + ".jsonl"
}

// reportArgs is the `plumb report` command that reproduces the numbers of
// opt on files (no flag reads them): every knob is a flag.
func reportArgs(opt analysis.Options, files []string) string {
	return reportCommand(opt, inputArgs{files: files})
}
