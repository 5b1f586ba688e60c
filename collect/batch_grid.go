package collect

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/plumb-eval/plumb/model"
)

// A grid's batch holds every condition's requests in one run of files,
// each custom_id starting with its condition's tag, and its results are
// read back condition by condition into the records a live grid run
// writes, in the order it writes them.

// conditionTag names a condition in a custom_id: "c" and the first 8 hex
// digits of the SHA-256 of the condition object in its canonical form
// (model.ConditionKey: the template's name and digest, the IDs, the
// shots), "" for a run without conditions. It depends on nothing but the
// condition, not on its place in the grid, so adding a condition to the
// flags leaves the others' requests and results valid.
func conditionTag(cond json.RawMessage) string {
	key := model.ConditionKey(cond)
	if key == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(key))
	return "c" + hex.EncodeToString(sum[:4])
}

// batchRef is where a custom_id points: a condition and its task.
type batchRef struct{ c, task int }

// gridIndex maps the custom_id of every request of every condition of
// the run to its condition and task.
type gridIndex struct {
	conds []*batchIndex
	ids   map[string]batchRef
}

// WriteGridBatch writes, as WriteBatch does, the requests of every
// condition of a grid (cfgs: one Config a condition, the same items,
// arrangements and output log), condition after condition as a live grid
// run asks them; each condition skips its own items already in the log.
// A file splits only between an item's requests in one condition.
func WriteGridBatch(cfgs []*Config, name string, lim BatchLimits, inputs []string) (BatchOut, error) {
	if len(cfgs) == 0 {
		return BatchOut{}, errors.New("no condition to write requests for")
	}
	var out BatchOut
	// todo is an item of a condition to ask, from line start; its
	// arrangements are all of them, or under sampling those whose samples
	// are not all in hand (pendingSet.arrangements).
	type todo struct{ c, item, start int }
	var todos []todo
	pend, err := loadPending(cfgs)
	if err != nil {
		return BatchOut{}, err
	}
	for c, cfg := range cfgs {
		prior, err := readPrior(cfg.Output, cfg.Judge, cfg.Condition)
		if err != nil {
			return BatchOut{}, err
		}
		for i := range cfg.Items {
			if _, ok := prior.Done[cfg.Items[i].key()]; ok {
				out.Skipped++
				continue
			}
			todos = append(todos, todo{c, i, out.Requests})
			out.Requests += len(pend.arrangements(cfg, i))
		}
	}
	out.Items = len(todos)
	at := func(i int) int { // the todo of line i
		k, _ := slices.BinarySearchFunc(todos, i, func(t todo, i int) int { return cmp.Compare(t.start, i+1) })
		return k - 1
	}
	line := func(buf []byte, i int) ([]byte, error) {
		t := todos[at(i)]
		cfg := cfgs[t.c]
		buf, err := cfg.batchLine(buf, task{t.item, pend.arrangements(cfg, t.item)[i-t.start]})
		if err != nil && len(cfgs) > 1 {
			err = fmt.Errorf("condition %s: %w", conditionTag(cfg.Condition), err)
		}
		return buf, err
	}
	next := func(i int) int {
		if k := at(i) + 1; k < len(todos) {
			return todos[k].start
		}
		return out.Requests
	}
	out.Files, err = writeBatchLines(name, out.Requests, next, lim, line, append(inputs, cfgs[0].Output))
	return out, err
}

// loadPending reads a sampled batch's samples in hand and gives them to
// every condition's run (nil without sampling).
func loadPending(cfgs []*Config) (*pendingSet, error) {
	if cfgs[0].Sampling == nil {
		return nil, nil
	}
	pend, err := readPending(cfgs[0].Output)
	if err != nil {
		return nil, err
	}
	for _, cfg := range cfgs {
		cfg.pend = pend
	}
	return pend, nil
}

// ReadGridBatch reads OpenAI Batch output files as ReadBatch does, for
// every condition of a grid (cfgs as WriteGridBatch's): each line is
// matched by its custom_id to its condition's request (a custom_id with
// another condition's tag is foreign), and each condition's records are
// appended in turn, those of the first condition first, exactly as a live
// grid run appends them. st counts over every condition; the Prior
// returned is the first condition's (the torn line cut, the records).
func ReadGridBatch(cfgs []*Config, files []string, st *Stats) (Prior, BatchIn, error) {
	var bi BatchIn
	if len(cfgs) == 0 {
		return Prior{}, bi, errors.New("no condition to read results for")
	}
	cfg0 := cfgs[0]
	out, err := openOutput(cfg0.Output)
	if err != nil {
		return Prior{}, bi, err
	}
	defer out.Close()
	if err := lockOutput(out); err != nil {
		return Prior{}, bi, err
	}
	pend, err := loadPending(cfgs)
	if err != nil {
		return Prior{}, bi, err
	}
	g := &gridIndex{ids: map[string]batchRef{}}
	var first Prior
	for c, cfg := range cfgs {
		prior, err := prepareOutput(cfg.Output, cfg.Judge, cfg.Condition)
		if err != nil {
			return prior, bi, err
		}
		if c == 0 {
			first = prior
		}
		x, err := newBatchIndex(cfg, c, prior, g.ids)
		if err != nil {
			return first, bi, err
		}
		g.conds = append(g.conds, x)
	}
	rf, err := newRecordFile(out, cfg0.wrapOut)
	if err != nil {
		return first, bi, err
	}
	failName := cfg0.Failures
	if failName == "" {
		failName = cfg0.Output + ".failures.jsonl"
	}
	fw := &failWriter{name: failName, clean: cfg0.Client.cleanText}
	defer fw.close()
	bi.Files = len(files)
	for _, name := range files {
		err := eachResultLine(name, &bi, func(line []byte, last bool, where string) error {
			return g.take(line, last, where, fw, st, &bi)
		})
		if err != nil {
			return first, bi, err
		}
	}
	for _, x := range g.conds {
		if err := x.finish(rf, fw, st, &bi); err != nil {
			return first, bi, err
		}
	}
	if pend != nil {
		if err := pend.write(); err != nil {
			return first, bi, fmt.Errorf("keeping the samples in hand: %w", err)
		}
	}
	return first, bi, nil
}

// finish writes the condition's records of the items whose answers are
// all there, in item order, and counts the rest.
func (x *batchIndex) finish(rf *recordFile, fw *failWriter, st *Stats, bi *BatchIn) error {
	cfg := x.cfg
	meta, err := cfg.metaJSON()
	if err != nil {
		return err
	}
	cfg.same = newSameAnswers()
	rec := newRecorder(cfg, meta)
	for i := range cfg.Items {
		if x.done[i] {
			st.Skipped++
			continue
		}
		st.Items++
		st.Requests += int64(len(cfg.pend.arrangements(cfg, i)))
		if err := x.finishItem(i, rec, rf, fw, st, bi); err != nil {
			return err
		}
	}
	return nil
}
