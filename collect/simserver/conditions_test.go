package simserver

import (
	"strings"
	"testing"
	"time"

	"github.com/plumb-eval/plumb/collect"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
)

// TestQueryAfterShots: a prompt with k in-context examples (collect
// --shots), rendered by either built-in template in every arrangement, is
// read as its last pair — the item's own responses and IDs — with k
// examples before it and the template's name, whether the system message
// is joined to it or not; a prompt without examples counts none.
func TestQueryAfterShots(t *testing.T) {
	c := sim.DefaultConfig()
	c.Pairs, c.Scores = 3, 0
	s := practice(t, c)
	items := append([]collect.Item(nil), trickyItems...)
	for i := range items {
		items[i].Gold = model.Gold1 + model.Gold(i%2)
	}
	for _, name := range collect.IDTemplates() {
		tp, _ := collect.LoadTemplate(name)
		for k := 0; k <= 3; k++ {
			cfg := &collect.Config{Items: items, IDs: collect.IDs{"X", "Y"}, Template: tp, Shots: k, Pool: collect.ShotPool(items), Seed: 2}
			for i := range items[:5] { // the long "headings" item makes a slow example
				for _, a := range model.Arrangements {
					sys, user, err := cfg.RenderTask(i, a)
					if err != nil {
						t.Fatal(err)
					}
					pr := collect.Arrange(&items[i], a, cfg.IDs)
					for _, texts := range [][]string{{sys + "\n\n" + user, user}, {sys + "\n\n" + user}} {
						q := s.query(texts)
						if q.texts == nil || q.shots != k || q.template != name {
							t.Fatalf("%s, %d shots, %s %s: query %d shots, template %q, found %v", name, k, items[i].ID, a, q.shots, q.template, q.texts != nil)
						}
						v, ok := s.readPair(q.texts)
						if !ok || strings.TrimSpace(v[fFirst]) != strings.TrimSpace(pr.First) || strings.TrimSpace(v[fSecond]) != strings.TrimSpace(pr.Second) ||
							v[fFirstID] != pr.FirstID {
							t.Fatalf("%s, %d shots, %s %s: read %q/%q", name, k, items[i].ID, a, v[fFirst], v[fSecond])
						}
					}
				}
			}
		}
	}
}

// TestParseBias: a bias reads back from its own spelling; bad keys and
// values are refused.
func TestParseBias(t *testing.T) {
	for _, b := range append(DefaultBiases(), Bias{Template: "mt-bench", IDs: "a/b", Shots: 2, Pos: -0.25, Tok: 1e-3}) {
		got, err := ParseBias(b.String())
		if err != nil || got != b {
			t.Fatalf("%s: %+v, %v", b, got, err)
		}
	}
	for _, bad := range []string{"pos", "x=1", "shots=-1", "tok=a"} {
		if _, err := ParseBias(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestQueryBounded: a prompt of 4 MiB that repeats a template's opening
// text everywhere, and lacks the template's last line, is given up on
// after one bounded search shared by every place a pair could start.
func TestQueryBounded(t *testing.T) {
	c := sim.DefaultConfig()
	c.Pairs, c.Scores = 3, 0
	s := practice(t, c)
	tp, _ := collect.LoadTemplate("calibraeval")
	head := "###Task: Given a question and two answers. Determine which one better answers the question. You only need to output \"A\" or \"B\" directly to indicate which answer is better.\n\n###Query: \n"
	it := collect.Item{Prompt: "q", Response1: strings.Repeat(head+"x\n\n###B Answer:\n", 4<<20/(len(head)+16)), Response2: "y"}
	pr := collect.Arrange(&it, model.X0, collect.IDs{"A", "B"})
	_, user, err := tp.Render(&pr)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.TrimSuffix(strings.TrimSpace(user), "###Output:")
	start := time.Now()
	if q := s.query([]string{text}); q.texts != nil {
		t.Error("a prompt without its last line read as a pair")
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("finding the pair took %v", d)
	}
}
