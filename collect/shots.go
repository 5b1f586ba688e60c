package collect

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strings"

	"github.com/plumb-eval/plumb/internal/mathx"
	"github.com/plumb-eval/plumb/model"
)

// In-context examples (shots). A prompt with k shots shows, before the
// item, k other items with gold 1 or 2, each rendered by the template as
// the item is (the template's user message, in the item's arrangement:
// the same ID labels the first-shown response) and followed by its
// answer, the ID of the better response. The examples of an item are
// drawn from the items with gold — never the item itself — by a stream
// seeded by --seed and the item's ID, so every arrangement, template and
// ID set shows the same examples, and k+1 shots extend the k shots' ones.
// Their answers are balanced: ⌊k/2⌋ each ID, the odd one drawn, in a
// drawn order; the better response is placed under its answer's ID.
//
// The answer after an example is the template's block "answer" executed
// with the example (a Shot), or else the template's marker, the ID and
// the marker mirrored ("[[" → "[[A]]"; no marker: "A"), on a line of its
// own; a blank line separates the examples and the item.

// Shot is one in-context example as a template's block "answer" sees it:
// the example's fields and its answer, the ID of its better response.
type Shot struct {
	Prompt
	Answer string
}

// ShotPool returns the indices of the items that can be shown as
// examples: those with gold 1 or 2 (ties and items without gold cannot
// say which answer is right). Probes are never examples.
func ShotPool(items []Item) []int {
	var pool []int
	for i := range items {
		if items[i].Probe == "" && (items[i].Gold == model.Gold1 || items[i].Gold == model.Gold2) {
			pool = append(pool, i)
		}
	}
	return pool
}

// CheckShots says whether the pool can give every item k examples: k + 1
// items with gold at least (an item is never its own example).
func CheckShots(pool []int, k int) error {
	if k > 0 && len(pool) < k+1 {
		return fmt.Errorf("%d shots need at least %d items with gold 1 or 2 (an item is never its own example); the items have %d", k, k+1, len(pool))
	}
	return nil
}

// stream returns the random stream of a seed and a name.
func stream(seed uint64, name string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(name))
	k := h.Sum64()
	return rand.New(rand.NewPCG(mathx.SplitMix64(seed^k), mathx.SplitMix64(k+0x9e3779b97f4a7c15)))
}

// drawShots returns the examples of item i: k items of the pool other
// than i, and for each which ID (0: ids[0], 1: ids[1]) is its answer.
func drawShots(seed uint64, items []Item, pool []int, i, k int) (picks []int, answers []int) {
	if k == 0 {
		return nil, nil
	}
	r := stream(seed, "shots\x00"+string(items[i].Probe)+"\x00"+items[i].ID)
	chosen := map[int]bool{}
	for len(picks) < k && len(chosen) < len(pool) {
		j := pool[r.IntN(len(pool))]
		if j == i || chosen[j] {
			chosen[j] = true
			continue
		}
		chosen[j] = true
		picks = append(picks, j)
	}
	answers = make([]int, len(picks))
	for s := range answers {
		answers[s] = s % 2
	}
	if len(answers)%2 == 1 {
		answers[len(answers)-1] = r.IntN(2)
	}
	r.Shuffle(len(answers), func(a, b int) { answers[a], answers[b] = answers[b], answers[a] })
	return picks, answers
}

// shotPrompt returns example it shown with the labels of p (the item's
// arrangement): the better response under the answer's ID.
func shotPrompt(it *Item, p *Prompt, answer string) Shot {
	better, worse := it.Response1, it.Response2
	if it.Gold == model.Gold2 {
		better, worse = worse, better
	}
	s := Shot{Prompt: Prompt{Question: it.Prompt, FirstID: p.FirstID, SecondID: p.SecondID, ID1: p.ID1, ID2: p.ID2, Arrangement: p.Arrangement}, Answer: answer}
	if answer == p.FirstID {
		s.First, s.Second = better, worse
	} else {
		s.First, s.Second = worse, better
	}
	return s
}

// render returns the system and user messages of task t: the item in its
// arrangement, after the condition's examples.
func (cfg *Config) render(t task) (system, user string, err error) {
	pr := Arrange(&cfg.Items[t.item], t.arr, cfg.IDs)
	system, user, err = cfg.Template.Render(&pr)
	if err != nil || cfg.Shots == 0 {
		return system, user, err
	}
	if err := CheckShots(cfg.Pool, cfg.Shots); err != nil {
		return "", "", err
	}
	picks, answers := drawShots(cfg.Seed, cfg.Items, cfg.Pool, t.item, cfg.Shots)
	var b strings.Builder
	for s, j := range picks {
		ex := shotPrompt(&cfg.Items[j], &pr, cfg.IDs[answers[s]])
		_, u, err := cfg.Template.Render(&ex.Prompt)
		if err != nil {
			return "", "", err
		}
		ans, err := cfg.Template.answer(&ex)
		if err != nil {
			return "", "", err
		}
		b.WriteString(u)
		if !strings.HasSuffix(u, "\n") && !strings.HasPrefix(ans, "\n") {
			b.WriteString("\n") // the answer on a line of its own
		}
		b.WriteString(ans)
		b.WriteString("\n\n")
	}
	b.WriteString(user)
	return system, b.String(), nil
}

// RenderTask returns the messages a run of cfg sends for item i in
// arrangement a (--dry-run shows them).
func (cfg *Config) RenderTask(i int, a model.Arrangement) (system, user string, err error) {
	return cfg.render(task{i, a})
}

// answer returns the text after an example: the block "answer", or the
// marker, the ID and the marker mirrored.
func (tp *Template) answer(s *Shot) (string, error) {
	if tp.t.Lookup("answer") != nil {
		var b bytes.Buffer
		if err := tp.t.ExecuteTemplate(&b, "answer", s); err != nil {
			return "", fmt.Errorf("template %s: block answer: %w", tp.Name, err)
		}
		return b.String(), nil
	}
	return tp.Marker + s.Answer + mirror(tp.Marker), nil
}

// mirror returns the brackets that close marker, in reverse order
// ("[[" → "]]", "(<" → ">)"); other characters are left out.
func mirror(marker string) string {
	closing := map[rune]rune{'[': ']', '(': ')', '{': '}', '<': '>'}
	rs := []rune(marker)
	var b strings.Builder
	for i := len(rs) - 1; i >= 0; i-- {
		if c, ok := closing[rs[i]]; ok {
			b.WriteRune(c)
		}
	}
	return b.String()
}
