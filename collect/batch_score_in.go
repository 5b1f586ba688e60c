package collect

import (
	"bytes"
	"errors"
	"sync/atomic"

	"github.com/plumb-eval/plumb/model"
)

// scoreEntry is what the results files say of one request of a score run.
type scoreEntry struct {
	ans    *Answer // a criterion's answer
	ls     float64 // the LS request's answer
	tokens int
	fail   *Failure
	where  string // file:line
}

// scoreIndex maps the custom_id of every request of a score run to the
// request; inLog holds those of (item, criterion) pairs already in the
// log, and of the LS requests of items whose every criterion is.
type scoreIndex struct {
	cfg    *ScoreConfig
	groups [][]int
	ids    map[string]scoreReq
	inLog  map[string]bool
	got    map[scoreReq]*scoreEntry
}

func newScoreIndex(cfg *ScoreConfig, done map[[2]string]bool, st *Stats) (*scoreIndex, error) {
	x := &scoreIndex{cfg: cfg, groups: cfg.group(done, st), ids: map[string]scoreReq{}, inLog: map[string]bool{}, got: map[scoreReq]*scoreEntry{}}
	for gi, g := range x.groups {
		for _, r := range cfg.requests(gi, g) {
			id, _, _, f := cfg.request(r, g)
			if f != nil {
				return nil, f
			}
			x.ids[id] = r
		}
	}
	var none Stats
	for gi, g := range cfg.group(nil, &none) { // every request, to know those of pairs in the log
		for _, r := range cfg.requests(gi, g) {
			if id, _, _, f := cfg.request(r, g); f == nil {
				if _, ok := x.ids[id]; !ok {
					x.inLog[id] = true
				}
			}
		}
	}
	return x, nil
}

// ReadScoreBatch reads OpenAI Batch output files (results of the requests
// WriteScoreBatch wrote) and appends to cfg.Output the score records a
// live RunScores writes for the same answers, read the same way; faults
// are counted, written to the failures file and their items left for the
// next batch, as ReadBatch does for pairs.
func ReadScoreBatch(cfg *ScoreConfig, files []string, st *Stats) (Prior, BatchIn, error) {
	var bi BatchIn
	out, err := openOutput(cfg.Output)
	if err != nil {
		return Prior{}, bi, err
	}
	defer out.Close()
	if err := lockOutput(out); err != nil {
		return Prior{}, bi, err
	}
	prior, err := prepareOutput(cfg.Output, "", nil)
	if err != nil {
		return prior, bi, err
	}
	rf, err := newRecordFile(out, cfg.wrapOut)
	if err != nil {
		return prior, bi, err
	}
	done := map[[2]string]bool{}
	if prior.Records > 0 {
		lg, err := model.ReadFiles([]string{cfg.Output}, model.ReadOptions{SkipText: true})
		if err != nil {
			return prior, bi, err
		}
		done = scoresDone(lg, cfg.Judge)
	}
	fw := &failWriter{name: cfg.Output + ".failures.jsonl", clean: cfg.Client.cleanText}
	defer fw.close()
	x, err := newScoreIndex(cfg, done, st)
	if err != nil {
		return prior, bi, err
	}
	bi.Files = len(files)
	for _, name := range files {
		err := eachResultLine(name, &bi, func(line []byte, last bool, where string) error {
			return x.take(line, last, where, fw, st, &bi)
		})
		if err != nil {
			return prior, bi, err
		}
	}
	meta := cfg.meta()
	for gi := range x.groups {
		if err := x.finish(gi, meta, rf, fw, st, &bi); err != nil {
			return prior, bi, err
		}
	}
	return prior, bi, nil
}

// take reads one results line. Only an error writing the failures file
// is returned.
func (x *scoreIndex) take(line []byte, last bool, where string, fw *failWriter, st *Stats, bi *BatchIn) error {
	id, body, f, err := parseBatchResult(line, last)
	if err != nil {
		reason := "batch-malformed"
		if errors.Is(err, errTorn) {
			reason = "batch-torn"
		}
		return x.lineFail(fw, st, where, "", &Failure{Reason: reason, Msg: err.Error()})
	}
	r, ok := x.ids[id]
	switch {
	case !ok && x.inLog[id]:
		bi.InLog++
		return nil
	case !ok:
		return x.lineFail(fw, st, where, id, &Failure{Reason: "batch-foreign",
			Msg: "custom_id " + id + " is not a request of this run (another run's items, model, template or criteria)"})
	}
	if e := x.got[r]; e != nil {
		dup := &Failure{Reason: "batch-duplicate", Msg: "custom_id " + id + " again, first at " + e.where + ": neither answer is used"}
		if e.fail == nil || e.fail.Reason != "batch-duplicate" {
			x.got[r] = &scoreEntry{fail: dup, where: e.where + ", " + where}
		}
		return x.lineFail(fw, st, where, id, &Failure{Reason: "batch-duplicate-line", Msg: dup.Msg})
	}
	e := &scoreEntry{fail: f, where: where}
	if f == nil {
		x.read(e, r, body)
	}
	x.got[r] = e
	return nil
}

// read reads the answer body of request r into e, as a live run reads it.
func (x *scoreIndex) read(e *scoreEntry, r scoreReq, body []byte) {
	if r.crit < 0 {
		first := &x.cfg.Items[x.groups[r.g][0]]
		e.ls, e.tokens, e.fail = lsRead(body, LSPrefix(x.cfg.TaskDescription, first.Input))
	} else {
		ans, f := x.cfg.Client.parse(body)
		e.ans, e.fail = &ans, f
	}
	if e.fail != nil {
		e.fail.retry = false
	}
}

func (x *scoreIndex) lineFail(fw *failWriter, st *Stats, where, id string, f *Failure) error {
	st.fail(f.Reason)
	return fw.writeLine(x.cfg.Judge, where, id, x.cfg.Client.clean(f))
}

// finish writes group gi's records when every request has its answer and
// each holds a rating, as a live run writes them; otherwise it counts and
// writes the failures and leaves the item for the next batch.
func (x *scoreIndex) finish(gi int, meta map[string]any, out *recordFile, fw *failWriter, st *Stats, bi *BatchIn) error {
	cfg, g := x.cfg, x.groups[gi]
	reqs := cfg.requests(gi, g)
	present := 0
	for _, r := range reqs {
		if x.got[r] != nil {
			present++
		}
	}
	if present == 0 {
		bi.Missing += len(reqs)
		st.Discarded++
		return nil
	}
	var ls *float64
	var tokens *int
	failed := false
	for _, r := range reqs {
		e := x.got[r]
		sf := scoreFail{id: cfg.Items[g[0]].ID, criterion: "(ls)", attempts: 1}
		if r.crit >= 0 {
			sf.criterion = cfg.Items[r.crit].Criterion
		}
		switch {
		case e == nil:
			bi.Missing++
			sf.fail = &Failure{Reason: "batch-missing", Msg: "no line in the results files answers this request"}
		case e.fail != nil:
			sf.fail, sf.where = cfg.Client.clean(e.fail), e.where
		case r.crit < 0:
			ls, tokens = &e.ls, &e.tokens
		}
		if e != nil {
			atomic.AddInt64(&st.Done, 1)
		}
		if sf.fail != nil {
			failed = true
			st.fail(sf.fail.Reason)
			if err := fw.writeScore(cfg.Judge, sf); err != nil {
				return err
			}
		}
	}
	if failed {
		st.ItemsFailed++
		return nil
	}
	var buf bytes.Buffer
	w := model.NewWriter(&buf)
	for _, r := range reqs {
		if r.crit < 0 {
			continue
		}
		e := x.got[r]
		if f := cfg.scoreRecord(&cfg.Items[r.crit], e.ans, ls, tokens, st, meta, w); f != nil {
			st.fail(f.Reason)
			st.ItemsFailed++
			return fw.writeScore(cfg.Judge, scoreFail{id: cfg.Items[r.crit].ID, criterion: cfg.Items[r.crit].Criterion, fail: f, attempts: 1, where: e.where})
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if _, err := out.Write(buf.Bytes()); err != nil {
		return writeFailed(cfg.Output, st.Written, err)
	}
	st.Written++
	return nil
}
