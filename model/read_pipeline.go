package model

import (
	"bytes"
	"hash/maphash"
	"io"
	"slices"
	"sync"
)

// The reader is a pipeline: one producer cuts the input into batches of
// whole records, a few workers parse batches concurrently, and the
// collector (the calling goroutine) adds their results to the log in input
// order, checking duplicates. Because results are collected in order, the
// error reported is always the one of the earliest bad line.

// batchSize is the target size of a batch of input.
const batchSize = 1 << 20

// batch is a run of whole records of one file.
type batch struct {
	seq  int
	buf  []byte // the buffer, recycled after the batch is collected
	data []byte // JSON Lines: whole lines; JSON array: see items
	line int    // JSON Lines: the number of the first line of data
	// items are the element spans of a JSON array batch; nil for JSON Lines.
	items []item
	array bool
	// fatal is an error after the records of the batch that stops the load.
	fatal *LineError
}

// item is one JSON array element: data[start:end], starting at line, col.
type item struct {
	start, end int
	line, col  int
}

// Event kinds of a result.
const (
	evPair = iota
	evScore
	evVerdict
	evError
	evProbe
)

// event is one record or error of a result, in input order.
type event struct {
	kind uint8
	idx  int32 // index into the result's slice of that kind
	hash uint64
}

// result is a parsed batch.
type result struct {
	seq      int
	b        *batch
	events   []event
	pairs    []Pair
	scores   []Score
	verdicts []Verdict
	// probes are the batch's probe records (few: copied, not stored in
	// place).
	probes []Probe
	errs   []*LineError
	fatal  *LineError
}

// reset readies a collected result for reuse. The collector has already
// emptied its record slices, or dropped those the loader kept.
func (r *result) reset() {
	r.events = r.events[:0]
	clear(r.probes)
	r.probes = r.probes[:0]
	clear(r.errs)
	r.errs = r.errs[:0]
	r.fatal = nil
	r.b = nil
}

// maxInFlight bounds how many batches are between producer and collector,
// which bounds memory.
func (ld *loader) maxInFlight() int { return 2*ld.workers + 2 }

// pipe is the shared state of one file's pipeline.
type pipe struct {
	name    string
	done    chan struct{} // closed when the collector stops early
	sem     chan struct{} // one token per batch in flight
	batches chan *batch
	results chan *result
	bufs    chan []byte  // recycled input buffers
	res     chan *result // recycled results
	seq     int
	// from > 0 means src continues a JSON Lines file at line from (watch
	// mode): no byte-order mark, no JSON array.
	from int
	max  int // the longest record taken (ReadOptions.MaxRecord)
}

// emit sends b down the pipeline; false means the load was stopped.
func (p *pipe) emit(b *batch) bool {
	select {
	case p.sem <- struct{}{}:
	case <-p.done:
		return false
	}
	b.seq = p.seq
	p.seq++
	select {
	case p.batches <- b:
		return true
	case <-p.done:
		return false
	}
}

// buffer returns an empty buffer with capacity at least n.
func (p *pipe) buffer(n int) []byte {
	select {
	case b := <-p.bufs:
		if cap(b) >= n {
			return b[:0]
		}
	default:
	}
	return make([]byte, 0, max(n, batchSize))
}

// run reads one file's records from src into the log. from is 0 for a
// whole file, or the line number at which src continues a JSON Lines file.
func (ld *loader) run(src io.Reader, name string, from int) error {
	n := ld.maxInFlight()
	p := &pipe{
		name:    name,
		from:    from,
		max:     ld.opt.maxRecord(),
		done:    make(chan struct{}),
		sem:     make(chan struct{}, n),
		batches: make(chan *batch, ld.workers),
		results: make(chan *result, n),
		bufs:    make(chan []byte, n+1),
		res:     make(chan *result, n+1),
	}
	go func() {
		defer close(p.batches)
		if err := p.produce(src); err != nil {
			p.emit(&batch{fatal: err})
		}
	}()
	var wg sync.WaitGroup
	for range ld.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newWorker(name, ld)
			for b := range p.batches {
				r := w.parse(b, p.recycled())
				select {
				case p.results <- r:
				case <-p.done:
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(p.results)
	}()

	pending := make(map[int]*result)
	next := 0
	var err error
	for r := range p.results {
		if err != nil {
			continue // drain until the workers have stopped
		}
		pending[r.seq] = r
		for {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if err = ld.collect(r); err != nil {
				close(p.done)
				break
			}
			p.recycle(r)
			<-p.sem
		}
	}
	return err
}

// recycled returns a result to fill, reusing a collected one if there is one.
func (p *pipe) recycled() *result {
	select {
	case r := <-p.res:
		return r
	default:
		return &result{}
	}
}

// recycle makes a collected result and its input buffer reusable.
func (p *pipe) recycle(r *result) {
	if r.b != nil && r.b.buf != nil {
		select {
		case p.bufs <- r.b.buf:
		default:
		}
	}
	r.reset()
	select {
	case p.res <- r:
	default:
	}
}

// worker parses batches.
type worker struct {
	last    [3]int // records of each kind in the last batch
	p       recParser
	h       maphash.Hash
	rec     record
	probe   Probe // where a probe record is decoded before r.probes
	skipBad bool
}

func newWorker(name string, ld *loader) *worker {
	w := &worker{skipBad: ld.opt.SkipBad}
	w.p.init(name, false)
	w.p.skipText = ld.opt.SkipText
	w.p.textLengths = ld.opt.TextLengths
	w.p.genTextLengths = ld.opt.GenTextLengths
	w.h.SetSeed(ld.dups.seed)
	return w
}

// parse parses the records of b into r.
func (w *worker) parse(b *batch, r *result) *result {
	r.seq, r.b, r.fatal = b.seq, b, b.fatal
	// New record slices are sized like the last batch's, to avoid
	// regrowing them.
	if r.pairs == nil {
		r.pairs = make([]Pair, 0, w.last[0]+w.last[0]/8)
	}
	if r.scores == nil {
		r.scores = make([]Score, 0, w.last[1]+w.last[1]/8)
	}
	if r.verdicts == nil {
		r.verdicts = make([]Verdict, 0, w.last[2]+w.last[2]/8)
	}
	defer func() { w.last = [3]int{len(r.pairs), len(r.scores), len(r.verdicts)} }()
	w.p.setMultiLine(b.array)
	if b.array {
		for _, it := range b.items {
			if !w.one(b.data[it.start:it.end], it.line, it.col, r) && !w.skipBad {
				break
			}
		}
		return r
	}
	data, line := b.data, b.line
	for len(data) > 0 {
		var ln []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			ln, data = data[:i], data[i+1:]
		} else {
			ln, data = data, nil
		}
		w.p.final = data == nil
		if !w.one(ln, line, 0, r) && !w.skipBad {
			break
		}
		line++
	}
	return r
}

// one parses one record into r and reports whether it was good. The
// record is decoded in place, into the first free slot of r's slice of its
// kind.
func (w *worker) one(b []byte, line, col int, r *result) bool {
	rec := &w.rec
	rec.pair, rec.score, rec.verdict = slot(&r.pairs), slot(&r.scores), slot(&r.verdicts)
	rec.probe = &w.probe
	if err := w.p.parse(b, line, col, rec); err != nil {
		r.events = append(r.events, event{kind: evError, idx: int32(len(r.errs))})
		r.errs = append(r.errs, err)
		return false
	}
	switch rec.kind {
	case KindPair:
		p := rec.pair
		h := hashKey(&w.h, KindPair, p.Judge, p.ID, "", w.p.conds.key(p.Condition))
		r.events = append(r.events, event{kind: evPair, idx: int32(len(r.pairs)), hash: h})
		r.pairs = r.pairs[:len(r.pairs)+1]
	case KindScore:
		s := rec.score
		h := hashKey(&w.h, KindScore, s.Judge, s.ID, s.Criterion, w.p.conds.key(s.Condition))
		r.events = append(r.events, event{kind: evScore, idx: int32(len(r.scores)), hash: h})
		r.scores = r.scores[:len(r.scores)+1]
	case KindVerdict:
		v := rec.verdict
		h := hashKey(&w.h, KindVerdict, v.Judge, v.ID, "", "")
		r.events = append(r.events, event{kind: evVerdict, idx: int32(len(r.verdicts)), hash: h})
		r.verdicts = r.verdicts[:len(r.verdicts)+1]
	case KindProbe:
		r.events = append(r.events, event{kind: evProbe, idx: int32(len(r.probes))})
		r.probes = append(r.probes, w.probe)
		w.probe = Probe{}
	}
	return true
}

// slot returns the first free slot of *xs, past its length, growing it
// when it is full (which the sizing in parse makes rare).
func slot[T any](xs *[]T) *T {
	if len(*xs) == cap(*xs) {
		*xs = slices.Grow(*xs, max(64, len(*xs)))
	}
	return &(*xs)[:len(*xs)+1][len(*xs)]
}
