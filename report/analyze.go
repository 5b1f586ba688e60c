package report

import (
	"cmp"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// Options are the knobs of an analysis; every one is also a flag of
// `plumb report`.
type Options struct {
	// Judges restricts the analysis to these judges (nil = every judge).
	Judges []string
	// Selection holds λ, the estimation fraction, the objective and the seed.
	Selection calib.SelectionOptions
}

// Analysis is the result of analysing a log: one entry per judge, sorted by
// name, and what the log held.
type Analysis struct {
	Options Options
	Files   []model.FileInfo
	Skipped int
	Reasons []string
	Judges  []JudgeAnalysis
}

// JudgeAnalysis is everything plumb computed for one judge.
type JudgeAnalysis struct {
	Judge    string
	Pairs    int
	Scores   int
	Verdicts int
	// Selection is nil when the judge has no pair items; SelectionReason
	// then says why.
	Selection       *calib.Selection
	SelectionReason string
}

// Analyze runs every engine for every judge of the log. It sorts lg.Pairs
// by judge (stably) so each judge's pairs are a sub-slice, not a copy.
// Judges are analysed in parallel. An unknown judge in opt.Judges is an
// error that lists the judges the log has.
func Analyze(lg *model.Log, opt Options) (*Analysis, error) {
	slices.SortStableFunc(lg.Pairs, func(a, b model.Pair) int { return cmp.Compare(a.Judge, b.Judge) })
	counts := map[string]*JudgeAnalysis{}
	get := func(j string) *JudgeAnalysis {
		if a, ok := counts[j]; ok {
			return a
		}
		a := &JudgeAnalysis{Judge: j}
		counts[j] = a
		return a
	}
	for i := range lg.Pairs {
		get(lg.Pairs[i].Judge).Pairs++
	}
	for i := range lg.Scores {
		get(lg.Scores[i].Judge).Scores++
	}
	for i := range lg.Verdicts {
		get(lg.Verdicts[i].Judge).Verdicts++
	}
	all := make([]string, 0, len(counts))
	for j := range counts {
		all = append(all, j)
	}
	slices.Sort(all)
	want := all
	if len(opt.Judges) > 0 {
		want = nil
		for _, j := range opt.Judges {
			if _, ok := counts[j]; !ok {
				return nil, fmt.Errorf("no judge %q in the input (judges: %s)", j, quoteList(all))
			}
			if !slices.Contains(want, j) {
				want = append(want, j)
			}
		}
		slices.Sort(want)
	}

	an := &Analysis{Options: opt, Files: lg.Files, Skipped: lg.Skipped, Reasons: lg.SkipReasons}
	an.Judges = make([]JudgeAnalysis, len(want))
	errs := make([]error, len(want))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for k, j := range want {
		an.Judges[k] = *counts[j]
		ja := &an.Judges[k]
		if ja.Pairs == 0 {
			ja.SelectionReason = "the judge has no pair items"
			continue
		}
		lo, _ := slices.BinarySearchFunc(lg.Pairs, j, func(p model.Pair, t string) int { return cmp.Compare(p.Judge, t) })
		pairs := lg.Pairs[lo : lo+ja.Pairs]
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			sel, err := calib.AnalyzeSelection(j, pairs, opt.Selection)
			if err != nil {
				errs[k] = err
				return
			}
			ja.Selection = sel
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return an, nil
}

func quoteList(xs []string) string {
	s := ""
	for i, x := range xs {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%q", x)
	}
	return s
}
