package collect

import (
	"slices"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// TestParseIDSets: "A,B" is one set as before; slashes name a grid's sets.
func TestParseIDSets(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []IDs
		err  string
	}{
		{"A,B", []IDs{{"A", "B"}}, ""},
		{"A/B,a/b,Alice/Bob,X/Y", []IDs{{"A", "B"}, {"a", "b"}, {"Alice", "Bob"}, {"X", "Y"}}, ""},
		{"A/B", []IDs{{"A", "B"}}, ""},
		{"A/B,A/B", nil, "named twice"},
		{"A/B/C", nil, "two option IDs"},
		{"A/a", nil, "must differ"},
		{"A/B,X", nil, "two option IDs"},
	} {
		got, err := ParseIDSets(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%q: %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}

func TestParseShots(t *testing.T) {
	if got, err := ParseShots("0, 1,2,3"); err != nil || !slices.Equal(got, []int{0, 1, 2, 3}) {
		t.Fatalf("%v %v", got, err)
	}
	for _, bad := range []string{"-1", "x", "1,1", ""} {
		if _, err := ParseShots(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestGridOrder: every combination, templates slowest, shots fastest; a
// template whose tie answer is an ID of a set is refused.
func TestGridOrder(t *testing.T) {
	tps, err := LoadTemplates("calibraeval,mt-bench")
	if err != nil {
		t.Fatal(err)
	}
	conds, err := Grid(tps, []IDs{{"A", "B"}, {"X", "Y"}}, []int{0, 2})
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for i := range conds {
		labels = append(labels, conds[i].Label())
	}
	want := []string{"calibraeval, A/B, 0 shots", "calibraeval, A/B, 2 shots", "calibraeval, X/Y, 0 shots", "calibraeval, X/Y, 2 shots",
		"mt-bench, A/B, 0 shots", "mt-bench, A/B, 2 shots", "mt-bench, X/Y, 0 shots", "mt-bench, X/Y, 2 shots"}
	if !slices.Equal(labels, want) {
		t.Fatalf("%q", labels)
	}
	if got := string(conds[1].JSON()); got != `{"template":{"name":"calibraeval","sha256":"`+tps[0].SHA256+`"},"ids":"A/B","shots":2}` {
		t.Fatalf("condition %s", got)
	}
	if _, err := Grid(tps[1:], []IDs{{"B", "C"}}, []int{0}); err == nil || !strings.Contains(err.Error(), "tie answer") {
		t.Fatalf("mt-bench with C as an ID: %v", err)
	}
	if _, err := LoadTemplates("calibraeval,calibraeval"); err == nil {
		t.Fatal("a template named twice: no error")
	}
}

// goldItems returns n items, gold 1 for even and 2 for odd positions.
func goldItems(n int) []Item {
	items := make([]Item, n)
	for i := range items {
		g := model.Gold1
		if i%2 == 1 {
			g = model.Gold2
		}
		items[i] = Item{ID: "q" + string(rune('a'+i)), Prompt: "question " + string(rune('a'+i)), Response1: "one " + string(rune('a'+i)),
			Response2: "two " + string(rune('a'+i)), Gold: g}
	}
	return items
}

// TestDrawShots: examples are other items with gold, balanced between the
// two answers (⌊k/2⌋ each), the same for a seed, and k+1 shots extend the
// k shots' examples.
func TestDrawShots(t *testing.T) {
	items := append(goldItems(12), Item{ID: "tie", Gold: model.GoldTie}, Item{ID: "none"})
	pool := ShotPool(items)
	if len(pool) != 12 {
		t.Fatalf("pool %v", pool)
	}
	for i := range items {
		for k := 0; k <= 4; k++ {
			picks, answers := drawShots(1, items, pool, i, k)
			if len(picks) != k || len(answers) != k {
				t.Fatalf("item %d, %d shots: %v %v", i, k, picks, answers)
			}
			n1 := 0
			for s, j := range picks {
				if j == i || !slices.Contains(pool, j) || slices.Contains(picks[:s], j) {
					t.Fatalf("item %d: examples %v", i, picks)
				}
				n1 += answers[s]
			}
			if n1 < k/2 || k-n1 < k/2 {
				t.Fatalf("item %d, %d shots: answers %v not balanced", i, k, answers)
			}
			again, _ := drawShots(1, items, pool, i, k)
			more, _ := drawShots(1, items, pool, i, k+1)
			if !slices.Equal(picks, again) || !slices.Equal(picks, more[:k]) {
				t.Fatalf("item %d: %v, again %v, with one more %v", i, picks, again, more)
			}
		}
	}
	if err := CheckShots(pool, 12); err == nil {
		t.Fatal("12 shots from 12 items with gold: no error")
	}
	if err := CheckShots(pool, 11); err != nil {
		t.Fatal(err)
	}
}

// TestRenderShots: an example is the template's own prompt in the item's
// arrangement, the better response under its answer, followed by the
// answer on a line of its own (calibraeval's prompt ends with a newline,
// MT-Bench's does not); MT-Bench's answer is the ID between its marker and
// the mirror.
func TestRenderShots(t *testing.T) {
	items := goldItems(6)
	for _, tc := range []struct {
		tmpl, answer string
	}{{"calibraeval", "%s\n\n"}, {"mt-bench", "\n[[%s]]\n\n"}} {
		tp, err := LoadTemplate(tc.tmpl)
		if err != nil {
			t.Fatal(err)
		}
		cfg := &Config{Items: items, IDs: IDs{"X", "Y"}, Template: tp, Shots: 2, Pool: ShotPool(items), Seed: 3}
		for _, a := range model.Arrangements {
			_, user, err := cfg.RenderTask(0, a)
			if err != nil {
				t.Fatal(err)
			}
			pr := Arrange(&items[0], a, cfg.IDs)
			_, plain, _ := tp.Render(&pr)
			if !strings.HasSuffix(user, plain) {
				t.Fatalf("%s %s: the item's own prompt does not end the prompt", tc.tmpl, a)
			}
			picks, answers := drawShots(3, items, cfg.Pool, 0, 2)
			var want strings.Builder
			for s, j := range picks {
				ex := shotPrompt(&items[j], &pr, cfg.IDs[answers[s]])
				_, u, _ := tp.Render(&ex.Prompt)
				want.WriteString(u)
				want.WriteString(strings.ReplaceAll(tc.answer, "%s", cfg.IDs[answers[s]]))
				better := items[j].Response1
				if items[j].Gold == model.Gold2 {
					better = items[j].Response2
				}
				if (ex.Answer == ex.FirstID) != (ex.First == better) || ex.FirstID != pr.FirstID {
					t.Fatalf("%s %s: example %+v", tc.tmpl, a, ex)
				}
			}
			if user != want.String()+plain {
				t.Fatalf("%s %s: prompt\n%s\nwant\n%s", tc.tmpl, a, user, want.String()+plain)
			}
		}
	}
	if m := mirror("<[(x"); m != ")]>" {
		t.Fatalf("mirror %q", m)
	}
}

// TestProbeItems: one CC probe of "N/A" texts; R DC probes whose words all
// come from the items' texts, the prompt as long as the median prompt and
// each response as the median response, the same for a seed.
func TestProbeItems(t *testing.T) {
	items := []Item{
		{ID: "1", Prompt: "alpha beta", Response1: "one two three", Response2: "four five six seven"},
		{ID: "2", Prompt: "gamma delta epsilon zeta", Response1: "eight", Response2: "nine ten"},
		{ID: "3", Prompt: "eta", Response1: "eleven twelve thirteen", Response2: "fourteen fifteen sixteen seventeen eighteen"},
	}
	words := map[string]bool{}
	for _, it := range items {
		for _, w := range strings.Fields(it.Prompt + " " + it.Response1 + " " + it.Response2) {
			words[w] = true
		}
	}
	probes, err := ProbeItems([]model.ProbeKind{model.ProbeCC, model.ProbeDC}, items, 12, 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(probes) != 13 || probes[0] != (Item{ID: "cc1", Probe: model.ProbeCC, Prompt: "N/A", Response1: "N/A", Response2: "N/A"}) {
		t.Fatalf("%d probes, first %+v", len(probes), probes[0])
	}
	// Median prompt: 2 words (of 2, 4, 1); median response: 3 words (of 3, 4, 1, 2, 3, 5).
	for _, p := range probes[1:] {
		if p.Probe != model.ProbeDC || !strings.HasPrefix(p.ID, "dc") || len(p.ID) != 4 {
			t.Fatalf("probe %+v", p)
		}
		for f, n := range map[string]int{p.Prompt: 2, p.Response1: 3, p.Response2: 3} {
			ws := strings.Fields(f)
			if len(ws) != n {
				t.Fatalf("probe %s: %q has %d words, want %d", p.ID, f, len(ws), n)
			}
			for _, w := range ws {
				if !words[w] {
					t.Fatalf("probe %s: %q is not in the items", p.ID, w)
				}
			}
		}
	}
	again, _ := ProbeItems([]model.ProbeKind{model.ProbeDC}, items, 12, 5)
	other, _ := ProbeItems([]model.ProbeKind{model.ProbeDC}, items, 12, 6)
	if !slices.Equal(again, probes[1:]) || slices.Equal(other, again) {
		t.Fatal("DC probes are not a function of the seed")
	}
	if _, err := ParseProbes([]string{"cc", "xx"}); err == nil {
		t.Fatal("probe kind xx: no error")
	}
}

// TestCorpusUniform: every word of the corpus is drawn equally often (a
// chi-square check over 60 000 draws of 6 words: the statistic's 99.9%
// point with 5 degrees of freedom is 20.5).
func TestCorpusUniform(t *testing.T) {
	c := newCorpus([]Item{{Prompt: "a b", Response1: "c", Response2: "d e f"}})
	r := stream(1, "uniform")
	counts := map[string]int{}
	const n = 60000
	for range n {
		counts[c.words(1, r.IntN)]++
	}
	chi := 0.0
	for _, w := range []string{"a", "b", "c", "d", "e", "f"} {
		d := float64(counts[w]) - n/6.0
		chi += d * d / (n / 6.0)
	}
	if len(counts) != 6 || chi > 20.5 {
		t.Fatalf("counts %v, χ² %.1f", counts, chi)
	}
}
