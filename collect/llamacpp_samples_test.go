package collect

import (
	"os"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// lcSamples runs --evidence 2 (the faireval template) and --samples 4
// (calibraeval) against the real llama.cpp server (TestLlamaCpp). It
// refuses n > 1 ("Only one completion choice is allowed", HTTP 500), so
// every sample is asked for alone after the first request; the tiny
// model writes stories, not scores or verdicts, so most samples are
// unread. Every sample is counted and kept — in a record, or in the
// failures file when its item is not written — and the run ends as
// documented: the items whose x0 gave nothing readable are not written
// (failures with reason unread-samples), the rest are.
func lcSamples(t *testing.T, base, listed string, rec *exchanges) {
	for _, c := range []struct {
		name, tmpl string
		arr        []model.Arrangement
		k          int
	}{
		{"evidence", "faireval", []model.Arrangement{model.X0, model.X2}, 2},
		{"samples", "calibraeval", model.Arrangements[:], 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			items := lcItems(t, "s01", "s02", "s03")
			cfg := lcConfig(t, base, listed, c.tmpl, IDs{"A", "B"}, false, items)
			cfg.Arrangements = c.arr
			if c.tmpl == "faireval" {
				// FairEval asks 512 tokens; the tiny model's story fails to
				// read as well in 24, and the shared machine answers sooner.
				cfg.Client.cfg.MaxTokens = 24
			}
			seed := int64(1)
			cfg.Sampling = &Sampling{K: c.k, Seed: &seed, KeepText: true}
			before := len(rec.all())
			st, _ := run(t, cfg)
			want := int64(len(items) * len(c.arr) * c.k)
			s := &st.Sampled
			if got := s.Read + s.Tolerant + s.Unread; got != want || s.NRefused != 1 {
				t.Fatalf("%d samples counted (%d read, %d tolerant, %d unread), n refused %d; want %d and 1", got, s.Read, s.Tolerant, s.Unread, s.NRefused, want)
			}
			if st.Written+st.ItemsFailed != int64(len(items)) || st.ItemsFailed != st.Failed {
				t.Errorf("%d written, %d items failed, %d failed requests (%v)", st.Written, st.ItemsFailed, st.Failed, st.Reasons())
			}
			kept := 0
			if _, err := os.Stat(cfg.Output); err == nil {
				for _, p := range readLog(t, cfg.Output).Pairs {
					for _, a := range c.arr {
						kept += len(p.Samples[a])
					}
				}
			}
			for _, f := range readFailures(t, cfg.Output+".failures.jsonl") {
				if r := f["reason"]; r != "unread-samples" && r != "item-not-written" {
					t.Errorf("failure %v", f)
				}
				list, _ := f["samples"].([]any)
				kept += len(list)
			}
			if int64(kept) != want {
				t.Errorf("%d samples kept in the records and the failures file, want %d", kept, want)
			}
			ones, refused := 0, 0
			for _, e := range rec.all()[before:] {
				switch {
				case strings.Contains(e.Request, `"n":1`):
					ones++
				case strings.Contains(e.Response, "Only one completion choice is allowed"):
					refused++
				}
			}
			if refused < 1 || ones != int(want) {
				t.Errorf("%d requests refused for n > 1, %d for one sample; want ≥ 1 and %d", refused, ones, want)
			}
		})
	}
}
