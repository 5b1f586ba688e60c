package collect

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"sync/atomic"
)

// batchEntry is what the results files say of one request of the run.
type batchEntry struct {
	ans   *Answer
	fail  *Failure
	where string // file:line
}

// batchIndex is one condition's part of a batch reading: its run, the
// items already in the log and the results lines found for its requests
// (by task: item × len(Arrangements) + arrangement's position).
type batchIndex struct {
	cfg  *Config
	done []bool // items already in the log
	got  map[int]*batchEntry
}

// newBatchIndex indexes cfg's requests in ids (custom_id → ref{c, task}).
func newBatchIndex(cfg *Config, c int, prior Prior, ids map[string]batchRef) (*batchIndex, error) {
	x := &batchIndex{cfg: cfg, done: make([]bool, len(cfg.Items)), got: map[int]*batchEntry{}}
	for i := range cfg.Items {
		_, x.done[i] = prior.Done[cfg.Items[i].key()]
		for k, a := range cfg.Arrangements {
			if cfg.Sampling != nil && cfg.pend.have(cfg, task{i, a}) >= cfg.Sampling.K {
				continue // every sample in hand: nothing asked
			}
			_, _, body, f := cfg.request(task{i, a})
			if f != nil {
				return nil, fmt.Errorf("item %q, arrangement %s: %w", cfg.Items[i].ID, a, f)
			}
			ids[cfg.customID(a, body, cfg.Items[i].ID)] = batchRef{c, i*len(cfg.Arrangements) + k}
		}
	}
	return x, nil
}

// BatchIn counts what ReadBatch found in the results files besides the
// answers (which Stats counts).
type BatchIn struct {
	Files   int // results files read
	Lines   int // results lines read
	InLog   int // lines for items already in the output log (skipped: nothing doubled)
	Missing int // requests of items to judge with no line in the files (their items are left for the next batch)
	Short   int // sampled arrangements still short of K samples (the next batch asks for the rest)
}

// ReadBatch reads OpenAI Batch output files (results of the requests
// WriteBatch wrote) and appends to cfg.Output the records a live Run
// writes for the same answers, reading each answer the same way. A line
// that reports an error or a status other than 200, is no results line,
// is cut short at the end of a file, lacks a custom_id or has one that is
// not a request of this run, or repeats a custom_id, is a failure: counted
// in st by reason, appended with its file:line to the failures file, and
// its item (when it names one) not written, so a later batch asks it
// again. An item with no lines at all is left for the next batch
// (counted in st.Discarded); lines for items already in the log are
// skipped. Every record is written whole, once.
func ReadBatch(cfg *Config, files []string, st *Stats) (Prior, BatchIn, error) {
	return ReadGridBatch([]*Config{cfg}, files, st)
}

// eachResultLine calls fn with each non-blank line of the results file
// name (last: the file's last line, which has no newline), counting them
// in bi.Lines; where is file:line.
func eachResultLine(name string, bi *BatchIn, fn func(line []byte, last bool, where string) error) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<16)
	for ln := 1; ; ln++ {
		line, err := readLine(br, fmt.Sprintf("%s:%d", name, ln))
		var tl *TooLargeError
		if errors.As(err, &tl) {
			return err
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("reading %s: %w", name, err)
		}
		last := errors.Is(err, io.EOF)
		if len(line) == 0 && last {
			return nil
		}
		if len(trimSpace(line)) > 0 {
			bi.Lines++
			if err := fn(line, last, fmt.Sprintf("%s:%d", name, ln)); err != nil {
				return err
			}
		}
		if last {
			return nil
		}
	}
}

// take reads one results line. Only an error writing the failures file
// is returned.
func (g *gridIndex) take(line []byte, last bool, where string, fw *failWriter, st *Stats, bi *BatchIn) error {
	id, body, f, err := parseBatchResult(line, last)
	if err != nil {
		reason := "batch-malformed"
		if errors.Is(err, errTorn) {
			reason = "batch-torn"
		}
		return g.lineFail(fw, st, where, "", &Failure{Reason: reason, Msg: err.Error()})
	}
	ref, ok := g.ids[id]
	if !ok {
		return g.lineFail(fw, st, where, id, &Failure{Reason: "batch-foreign",
			Msg: "custom_id " + id + " is not a request of this run (another run's items, model, template, IDs or condition)"})
	}
	x, k := g.conds[ref.c], ref.task
	if x.done[k/len(x.cfg.Arrangements)] {
		bi.InLog++
		return nil
	}
	if e := x.got[k]; e != nil {
		dup := &Failure{Reason: "batch-duplicate", Msg: "custom_id " + id + " again, first at " + e.where + ": neither answer is used"}
		if e.fail == nil || e.fail.Reason != "batch-duplicate" {
			x.got[k] = &batchEntry{fail: dup, where: e.where + ", " + where}
		}
		return g.lineFail(fw, st, where, id, &Failure{Reason: "batch-duplicate-line", Msg: dup.Msg})
	}
	e := &batchEntry{fail: f, where: where}
	if f == nil {
		ans, pf := x.cfg.Client.parse(body)
		if pf != nil {
			pf.retry = false
			e.fail = pf
		} else {
			e.ans = &ans
		}
	}
	x.got[k] = e
	return nil
}

// lineFail counts and writes a failed line that is not one request's
// answer (no custom_id of this run, or a repeated one).
func (g *gridIndex) lineFail(fw *failWriter, st *Stats, where, id string, f *Failure) error {
	cfg := g.conds[0].cfg
	st.fail(f.Reason)
	return fw.writeLine(cfg.Judge, where, id, cfg.Client.clean(f))
}

// finishItem reads item i's answers as a live run would, in arrangement
// order, and writes its record when all are there and none failed.
func (x *batchIndex) finishItem(i int, rec *recorder, out io.Writer, fw *failWriter, st *Stats, bi *BatchIn) error {
	if x.cfg.Sampling != nil {
		return x.finishSampled(i, rec, out, fw, st, bi)
	}
	cfg, n := x.cfg, len(x.cfg.Arrangements)
	present := 0
	for k := range n {
		if x.got[i*n+k] != nil {
			present++
		}
	}
	if present == 0 {
		bi.Missing += n
		st.Discarded++
		return nil
	}
	p := &partial{}
	for k, a := range cfg.Arrangements {
		r := result{task: task{i, a}, attempts: 1}
		switch e := x.got[i*n+k]; {
		case e == nil:
			bi.Missing++
			r.fail, r.where = &Failure{Reason: "batch-missing", Msg: "no line in the results files answers this request"}, ""
		case e.fail != nil:
			r.fail, r.where = cfg.Client.clean(e.fail), e.where
		default:
			system, user, _, f := cfg.request(r.task)
			if f != nil {
				r.fail = f
				break
			}
			r = cfg.answer(r, system, user, e.ans, st)
			r.where = e.where
		}
		atomic.AddInt64(&st.Done, 1)
		p.res[a] = r
		p.n++
		if r.fail != nil {
			p.failed = true
			st.fail(r.fail.Reason)
			if err := fw.write(cfg, &r); err != nil {
				return err
			}
		}
	}
	cfg.same.forget(i)
	if p.failed {
		st.ItemsFailed++
		return nil
	}
	return x.writeRecord(i, rec, p, out, st)
}

// trimSpace reports the line without ASCII white space at its ends.
func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\r' || b[0] == '\n') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r' || b[len(b)-1] == '\n') {
		b = b[:len(b)-1]
	}
	return b
}
