package collect

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"slices"

	"github.com/plumb-eval/plumb/internal/atomicfile"
	"github.com/plumb-eval/plumb/model"
)

// A sampled batch asks each arrangement for n = K samples. A server that
// ignores n answers with fewer; a live run then asks again for the rest
// (n = K − have, the seed moved on by have), and so does the next batch:
// --batch-in keeps the samples in hand of an item not yet written in
// OUT.batch-samples.jsonl (one line an arrangement), --batch-out asks
// only for the missing ones, and the record, once every arrangement has
// its K samples, is the one a live run writes.

// pendingSamples are the samples in hand of one arrangement of an item.
type pendingSamples struct {
	Cond   string   `json:"condition,omitempty"` // conditionTag
	ID     string   `json:"id"`                  // Item.key
	Arr    string   `json:"arrangement"`
	K      int      `json:"k"`
	Texts  []string `json:"texts"`
	Tokens int      `json:"tokens"`
	Served string   `json:"served,omitempty"`
}

// pendingSet is the samples in hand of a sampled batch, by condition,
// item and arrangement; name is its file.
type pendingSet struct {
	name string
	m    map[string]*pendingSamples
}

// pendingName is the file of a sampled batch's samples in hand.
func pendingName(output string) string { return output + ".batch-samples.jsonl" }

func pendingKey(cond, id, arr string) string { return cond + "\x00" + id + "\x00" + arr }

// readPending reads the samples in hand kept beside output (none when
// the file is missing).
func readPending(output string) (*pendingSet, error) {
	p := &pendingSet{name: pendingName(output), m: map[string]*pendingSamples{}}
	f, err := os.Open(p.name)
	if errors.Is(err, fs.ErrNotExist) {
		return p, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<16)
	for ln := 1; ; ln++ {
		line, err := readLine(br, fmt.Sprintf("%s:%d", p.name, ln))
		if len(trimSpace(line)) > 0 {
			var e pendingSamples
			if jerr := json.Unmarshal(line, &e); jerr != nil {
				return nil, fmt.Errorf("%s:%d: %w (the samples in hand of a sampled batch; remove the file to ask for them again)", p.name, ln, jerr)
			}
			p.m[pendingKey(e.Cond, e.ID, e.Arr)] = &e
		}
		if errors.Is(err, io.EOF) {
			return p, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// get returns the samples in hand of task t of cfg (nil: none, or kept
// for another K).
func (p *pendingSet) get(cfg *Config, t task) *pendingSamples {
	if p == nil {
		return nil
	}
	e := p.m[pendingKey(conditionTag(cfg.Condition), cfg.Items[t.item].key(), t.arr.String())]
	if e == nil || e.K != cfg.Sampling.K {
		return nil
	}
	return e
}

// have is how many samples of task t are in hand.
func (p *pendingSet) have(cfg *Config, t task) int {
	if e := p.get(cfg, t); e != nil {
		return len(e.Texts)
	}
	return 0
}

// put keeps task t's samples in hand (nil: forgets them).
func (p *pendingSet) put(cfg *Config, t task, e *pendingSamples) {
	key := pendingKey(conditionTag(cfg.Condition), cfg.Items[t.item].key(), t.arr.String())
	if e == nil {
		delete(p.m, key)
		return
	}
	e.Cond, e.ID, e.Arr, e.K = conditionTag(cfg.Condition), cfg.Items[t.item].key(), t.arr.String(), cfg.Sampling.K
	for i, text := range e.Texts { // the file holds no key, as the failures file
		e.Texts[i] = cfg.Client.Redact(text)
	}
	p.m[key] = e
}

// write writes the set whole (atomically), or removes the file when it
// is empty.
func (p *pendingSet) write() error {
	if len(p.m) == 0 {
		if err := os.Remove(p.name); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	return atomicfile.Write(p.name, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		for _, k := range slices.Sorted(maps.Keys(p.m)) {
			if err := enc.Encode(p.m[k]); err != nil {
				return err
			}
		}
		return nil
	})
}

// arrangements returns the arrangements of item i that still need a
// request: all of them without sampling, else those with fewer than K
// samples in hand.
func (p *pendingSet) arrangements(cfg *Config, i int) []model.Arrangement {
	if cfg.Sampling == nil || p == nil {
		return cfg.Arrangements
	}
	var out []model.Arrangement
	for _, a := range cfg.Arrangements {
		if p.have(cfg, task{i, a}) < cfg.Sampling.K {
			out = append(out, a)
		}
	}
	return out
}
