package collect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/plumb-eval/plumb/model"
)

// Probes (--probes cc,dc) are inputs without content, judged in every
// arrangement like an item and written as probe records
// (docs/log-format.md), from which CC and DC (docs/methods.md) estimate
// the judge's prior on the ID tokens:
//
//   - cc, the content-free input of Zhao et al. (2021), "Calibrate before
//     use": the prompt and both responses "N/A", as CalibraEval's
//     experiments have it. One probe a condition (temperature 0 answers it
//     alike every time).
//   - dc, the domain-context inputs of Fei et al. (2023), "Mitigating
//     label biases for in-context learning": R sequences of words drawn at
//     random from the items' own texts (every word of every prompt and
//     response equally likely, so a frequent word more often), the prompt
//     as many words as the items' median prompt and each response as many
//     as their median response. Seeded by --seed and the probe's ID, so
//     every condition asks the same sequences.
//
// A probe is an Item with Probe set: it is rendered, asked, resumed and
// redacted as items are, and shown its condition's examples.

// ContentFree is the text of every field of a CC probe.
const ContentFree = "N/A"

// DefaultDCSamples is the number of DC probes when --dc-samples is not
// given.
const DefaultDCSamples = 20

// ParseProbes parses --probes: "cc", "dc" or both, comma-separated.
func ParseProbes(list []string) ([]model.ProbeKind, error) {
	var out []model.ProbeKind
	for _, s := range list {
		k := model.ProbeKind(strings.ToLower(strings.TrimSpace(s)))
		switch {
		case k != model.ProbeCC && k != model.ProbeDC:
			return nil, fmt.Errorf("%q is not a probe kind (cc or dc)", s)
		case slices.Contains(out, k):
			return nil, fmt.Errorf("%s is named twice", k)
		}
		out = append(out, k)
	}
	return out, nil
}

// ProbeItems returns the probes of the kinds asked for, to be appended to
// a run's items: one CC probe, and dcSamples DC probes drawn from items'
// texts with seed. IDs are the kind and a number, as plumb simulate
// writes them ("cc1", "dc01" … "dc20").
func ProbeItems(kinds []model.ProbeKind, items []Item, dcSamples int, seed uint64) ([]Item, error) {
	var out []Item
	for _, k := range kinds {
		switch k {
		case model.ProbeCC:
			out = append(out, Item{ID: "cc1", Probe: model.ProbeCC, Prompt: ContentFree, Response1: ContentFree, Response2: ContentFree})
		case model.ProbeDC:
			if dcSamples < 1 {
				return nil, fmt.Errorf("--dc-samples %d: want ≥ 1", dcSamples)
			}
			dc, err := dcProbes(items, dcSamples, seed)
			if err != nil {
				return nil, err
			}
			out = append(out, dc...)
		}
	}
	return out, nil
}

// corpus draws words from the items' texts, each word equally likely.
type corpus struct {
	texts []string
	ends  []int // cumulative word counts
}

func newCorpus(items []Item) *corpus {
	c := &corpus{}
	n := 0
	for i := range items {
		for _, t := range [3]string{items[i].Prompt, items[i].Response1, items[i].Response2} {
			if w := len(strings.Fields(t)); w > 0 {
				n += w
				c.texts = append(c.texts, t)
				c.ends = append(c.ends, n)
			}
		}
	}
	return c
}

// words returns n words drawn with r's draws (nil when the corpus is empty).
func (c *corpus) words(n int, draw func(int) int) string {
	if len(c.ends) == 0 {
		return ""
	}
	total := c.ends[len(c.ends)-1]
	out := make([]string, n)
	for k := range out {
		u := draw(total)
		t := sort.SearchInts(c.ends, u+1)
		start := 0
		if t > 0 {
			start = c.ends[t-1]
		}
		out[k] = strings.Fields(c.texts[t])[u-start]
	}
	return strings.Join(out, " ")
}

// medianWords returns the median word count of the texts (at least 1).
func medianWords(texts []string) int {
	if len(texts) == 0 {
		return 1
	}
	n := make([]int, len(texts))
	for i, t := range texts {
		n[i] = len(strings.Fields(t))
	}
	slices.Sort(n)
	m := n[len(n)/2]
	if len(n)%2 == 0 {
		m = int(math.Round(float64(n[len(n)/2-1]+n[len(n)/2]) / 2))
	}
	return max(m, 1)
}

// dcProbes returns R domain-context probes drawn from items' texts.
func dcProbes(items []Item, r int, seed uint64) ([]Item, error) {
	var prompts, responses []string
	for i := range items {
		prompts = append(prompts, items[i].Prompt)
		responses = append(responses, items[i].Response1, items[i].Response2)
	}
	c := newCorpus(items)
	if len(c.ends) == 0 {
		return nil, fmt.Errorf("dc probes: the items hold no words to draw from")
	}
	lp, lr := medianWords(prompts), medianWords(responses)
	width := len(fmt.Sprint(r))
	out := make([]Item, r)
	for k := range out {
		id := fmt.Sprintf("dc%0*d", width, k+1)
		rs := stream(seed, "dc\x00"+id)
		out[k] = Item{ID: id, Probe: model.ProbeDC, Prompt: c.words(lp, rs.IntN), Response1: c.words(lr, rs.IntN), Response2: c.words(lr, rs.IntN)}
	}
	return out, nil
}

// doneKey is the key of a record in Prior.Done: a pair's ID, or a probe's
// kind and ID (a probe may share an item's ID).
func doneKey(probe model.ProbeKind, id string) string {
	if probe == "" {
		return id
	}
	return "\x00" + string(probe) + "\x00" + id
}

// key is the Prior.Done key of item it.
func (it *Item) key() string { return doneKey(it.Probe, it.ID) }

// probeLine returns the probe record of a finished probe: its P(A) per
// arrangement (from log-probabilities, or the text's verdict as 1, 0 or
// 0.5), the condition, and the collect extra field with collect.from.
func (r *recorder) probeLine(it *Item, p *partial) ([]byte, error) {
	pr := model.Probe{Probe: it.Probe, ID: it.ID, Judge: r.cfg.Judge, Condition: r.cfg.Condition}
	from := map[string]string{}
	nLP := 0
	for _, a := range r.cfg.Arrangements {
		o := &p.res[a].out
		pr.Has[a] = true
		if o.HasLP {
			nLP++
			pr.S[a] = o.P()
			from[a.String()] = "logprobs"
		} else {
			pr.S[a] = [...]float64{0, 1, 0, 0.5}[o.Verdict]
			from[a.String()] = "text"
		}
	}
	c := r.metaCopy(1)
	c["from"], _ = json.Marshal(from)
	cj, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	pr.Extra = model.Extra{"collect": cj}
	switch nLP {
	case len(r.cfg.Arrangements):
		r.last = model.SourceLogprob
	case 0:
		r.last = model.SourceChoice
	default:
		r.last = model.SourceProb
	}
	r.buf.Reset()
	if err := r.w.WriteProbe(&pr); err != nil {
		return nil, err
	}
	if err := r.w.Flush(); err != nil {
		return nil, err
	}
	return bytes.Clone(r.buf.Bytes()), nil
}
