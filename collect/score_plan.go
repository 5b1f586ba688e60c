package collect

import "github.com/plumb-eval/plumb/model"

// What a score run asks: the (item, criterion) pairs not yet in the log,
// grouped by item, shared by live runs and batch files.

// todo returns the (item, criterion) pairs of cfg.Items not yet in the
// output log (prior: what prepareOutput found), grouped by item in order,
// counting in st the items and requests asked and the pairs skipped.
func (cfg *ScoreConfig) todo(prior Prior, st *Stats) ([][]int, error) {
	done := map[[2]string]bool{}
	if prior.Records > 0 {
		lg, err := model.ReadFiles([]string{cfg.Output}, model.ReadOptions{SkipText: true})
		if err != nil {
			return nil, err
		}
		done = scoresDone(lg, cfg.Judge)
	}
	return cfg.group(done, st), nil
}

// scoresDone returns the (id, criterion) pairs judge has in lg.
func scoresDone(lg *model.Log, judge string) map[[2]string]bool {
	done := map[[2]string]bool{}
	for i := range lg.Scores {
		if lg.Scores[i].Judge == judge {
			done[[2]string{lg.Scores[i].ID, lg.Scores[i].Criterion}] = true
		}
	}
	return done
}

// group groups the (item, criterion) pairs not in done by item, in order.
func (cfg *ScoreConfig) group(done map[[2]string]bool, st *Stats) [][]int {
	var groups [][]int
	at := map[string]int{}
	for i, it := range cfg.Items {
		if done[[2]string{it.ID, it.Criterion}] {
			st.Skipped++
			continue
		}
		g, ok := at[it.ID]
		if !ok {
			g = len(groups)
			at[it.ID] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], i)
	}
	st.Items = int64(len(groups))
	for _, g := range groups {
		st.Requests += int64(len(g))
		if cfg.LS != nil {
			st.Requests++
		}
	}
	return groups
}

// render renders item it's prompt.
func (cfg *ScoreConfig) render(it *ScoreItem) (system, user string, err error) {
	return cfg.Template.Render(&ScorePrompt{Input: it.Input, Output: it.Output, Criterion: it.Criterion, Min: cfg.Min, Max: cfg.Max})
}

// meta is what every score record's "collect" field holds besides "from".
func (cfg *ScoreConfig) meta() map[string]any {
	meta := map[string]any{"template": cfg.Template.Name, "template_sha256": cfg.Template.SHA256, "scale": []int{cfg.Min, cfg.Max}}
	for k, v := range cfg.Meta {
		meta[k] = v
	}
	return meta
}
