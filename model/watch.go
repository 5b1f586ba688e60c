package model

import (
	"bytes"
	"errors"
	"hash/maphash"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/plumb-eval/plumb/internal/jsonscan"
)

// Watcher follows log files that may still be growing, such as the log of
// a judge run in progress (plumb --watch).
//
// It reads JSON Lines files incrementally: for each file it keeps the byte
// offset and line number up to which it has read, and each Poll parses only
// the lines appended since, adds them to the records kept so far and checks
// them for duplicates against everything read before. Once the files stop
// growing the log equals what ReadFiles returns for them: records in file
// order, the same positions, errors, skip counts and reasons. (One
// difference: with several files, a record repeated across two files is
// reported — and, under SkipBad, skipped — at whichever arrived later.) A
// last line without a final newline that does not parse yet is left for a
// later Poll, on the assumption that the writer has not finished it, and
// its bytes are counted in Log.Pending.
//
// Everything is read again from the start when a file shrank, was replaced
// (a different file now has its name) or was rewritten in place (the 64
// bytes before the read offset changed), and when a gzip-compressed or JSON
// array file changed: those formats cannot be read from the middle, so they
// are read whole, exactly as ReadFiles reads them (an unfinished gzip
// stream or array is an error). Changes are found with stat (size,
// modification time, identity): a rewrite that keeps all three is missed.
//
// A file that does not exist yet (plumb --watch started before the run
// that writes it) is waited for, not an error: Poll reads the other files
// and returns a *WaitingError naming it until it appears. A file that was
// read and then deleted is an error.
//
// A Watcher is not safe for concurrent use, but the logs Poll returns share
// no slice with it (see Poll).
type Watcher struct {
	opt    ReadOptions
	seed   maphash.Seed
	h      maphash.Hash
	files  []watchFile
	polled bool
	last   []fileSig // what stat said at the last Poll

	// first maps the key hash of every record kept to the first record
	// with that hash; exact holds the keys whose hash another key had
	// taken. Every kept key is in exactly one of them.
	first map[uint64]watchRef
	exact map[dupKey]Pos
	conds condTable // the canonical keys of the records' conditions
}

// Formats of a watched file.
const (
	fmtUnknown = iota // nothing but space (or the start of a gzip magic or BOM) yet
	fmtLines          // JSON Lines, read incrementally
	fmtWhole          // gzip or a JSON array: read whole on every change
)

// windowSize is how many bytes before the read offset a Watcher keeps to
// notice a file rewritten in place.
const windowSize = 64

// watchFile is what a Watcher knows about one file.
type watchFile struct {
	name string
	sig  fileSig // the stat the file had when last read
	seen bool    // sig is set: the file was read (or tried) since the last reset
	// waiting: the file did not exist at the last try and nothing of it is
	// kept (it is yet to appear).
	waiting bool
	// failed makes the next Poll that reads anything read this file again,
	// even if it did not change: its last read failed.
	failed bool

	format  int
	loaded  bool  // some of the file is in the records kept
	off     int64 // fmtLines: bytes read
	line    int   // fmtLines: the line number at off (1-based)
	window  [windowSize]byte
	nwin    int // bytes of window in use: those just before off
	pending int // bytes of a half-written last line left for later

	info     FileInfo
	reasons  []string // the file's first skip reasons, in line order
	pairs    []Pair
	scores   []Score
	verdicts []Verdict
	probes   []Probe
}

// watchRef points at a record kept by a Watcher: file index, kind, index.
type watchRef struct {
	file int32
	kind uint8 // 0 pair, 1 score, 2 verdict
	idx  int32
}

// fileSig is what stat says about a file: nil fi when stat failed.
type fileSig struct {
	fi  os.FileInfo
	err string
}

func statSig(name string) fileSig {
	fi, err := os.Stat(name)
	if err != nil {
		return fileSig{err: err.Error()}
	}
	return fileSig{fi: fi}
}

// same reports whether a and b describe the same file in the same state.
func (a fileSig) same(b fileSig) bool {
	if a.fi == nil || b.fi == nil {
		return a.fi == nil && b.fi == nil && a.err == b.err
	}
	return a.fi.Size() == b.fi.Size() && a.fi.ModTime().Equal(b.fi.ModTime()) && os.SameFile(a.fi, b.fi)
}

// NewWatcher returns a Watcher of the files names, read with opt as
// ReadFiles reads them. Nothing is read until the first Poll.
func NewWatcher(names []string, opt ReadOptions) *Watcher {
	w := &Watcher{opt: opt, seed: maphash.MakeSeed()}
	w.h.SetSeed(w.seed)
	w.files = make([]watchFile, len(names))
	w.last = make([]fileSig, len(names))
	for i, n := range names {
		w.files[i] = watchFile{name: n}
	}
	w.reset()
	return w
}

// reset forgets everything read, so that every file is read again.
func (w *Watcher) reset() {
	for i := range w.files {
		f := &w.files[i]
		*f = watchFile{name: f.name, line: 1, info: FileInfo{Name: f.name}}
	}
	w.first = make(map[uint64]watchRef)
	w.exact = nil
}

// Poll checks the files with stat and, on the first call or when any
// changed, reads what is new and returns the whole log so far with
// changed = true; when none changed it returns (nil, false, nil).
//
// While some files do not exist yet, err is a *WaitingError naming them,
// returned with the log of the others when anything changed (lg, true,
// err) and alone when nothing did (nil, false, err). It is a state to
// show, not a failure: the next Poll looks again.
//
// A complete bad line is an error as in ReadFiles (file:line: field
// message, matching ErrBadInput), or under SkipBad is skipped and counted,
// with the counts carried across polls. On an error Poll returns (nil,
// true, err) and keeps what it had read: a later Poll, once a file has
// changed, reads on from where it stopped (and reports the error again if
// the bad line is still there).
//
// The Log returned is the caller's: its record slices are fresh copies
// that the Watcher never touches again, so the caller may sort or change
// them (analysis.Analyze sorts them by judge) while the next Poll runs. The
// records' maps and pointers (Extra, ScoreProbs, JudgeScore, LS, Tokens,
// Human) are shared with the Watcher and with earlier logs and must not be
// modified; Truth is a value (its Set and Delete copy).
func (w *Watcher) Poll() (lg *Log, changed bool, err error) {
	sigs := make([]fileSig, len(w.files))
	changed = !w.polled
	for i := range w.files {
		sigs[i] = statSig(w.files[i].name)
		if !sigs[i].same(w.last[i]) {
			changed = true
		}
	}
	if !changed {
		return nil, false, w.waitingErr()
	}
	w.polled, w.last = true, sigs
	for pass := 0; ; pass++ {
		restart, err := w.pass(sigs)
		if err != nil {
			return nil, true, err
		}
		if !restart || pass > 0 {
			break
		}
		w.reset()
	}
	return w.snapshot(), true, w.waitingErr()
}

// WaitingError is what Poll returns while it waits: for Files to appear
// or, with NoRecords (set by a caller, such as the TUI, that has nothing
// to show yet), for the first record in them.
type WaitingError struct {
	Files     []string
	NoRecords bool
}

func (e *WaitingError) Error() string {
	names := strings.Join(e.Files, ", ")
	if e.NoRecords {
		return "waiting for the first record in " + names
	}
	return "waiting for " + names + " to appear"
}

// waitingErr names the files that do not exist yet (nil: none).
func (w *Watcher) waitingErr() error {
	var names []string
	for i := range w.files {
		if w.files[i].waiting {
			names = append(names, w.files[i].name)
		}
	}
	if names == nil {
		return nil
	}
	return &WaitingError{Files: names}
}

// pass reads the files that changed, in order. restart asks for everything
// to be read again; it is never asked for right after a reset.
func (w *Watcher) pass(sigs []fileSig) (restart bool, err error) {
	for i := range w.files {
		f := &w.files[i]
		if f.seen && !f.failed && sigs[i].same(f.sig) {
			continue
		}
		// The files after one that fails are not read; their sig still
		// says when they were last read, so the next Poll reads them.
		if restart, err := w.update(i); err != nil || restart {
			return restart, err
		}
	}
	return false, nil
}

// update reads what is new in file i. restart means the records kept from
// the file are no longer valid and everything must be read again.
func (w *Watcher) update(i int) (restart bool, err error) {
	f := &w.files[i]
	fh, err := os.Open(f.name)
	f.waiting = false
	if err != nil {
		f.sig, f.seen, f.failed = fileSig{err: err.Error()}, true, true
		if errors.Is(err, fs.ErrNotExist) {
			if f.loaded {
				return false, fileErr(f.name, "cannot open: the file was deleted (the numbers shown are from before)")
			}
			f.waiting, f.failed = true, false // read when stat sees it appear
			return false, nil
		}
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return false, fileErr(f.name, "cannot open: "+err.Error())
	}
	defer fh.Close()
	if o := w.opt.Opener; o != nil && o.Opened != nil {
		o.Opened(f.name, fh)
	}
	fi, err := fh.Stat()
	if err != nil {
		f.sig, f.seen, f.failed = fileSig{err: err.Error()}, true, true
		return false, readErr(f.name, err)
	}
	size := fi.Size()
	if f.loaded {
		switch {
		case !os.SameFile(f.sig.fi, fi), f.format == fmtWhole, size < f.off:
			return true, nil
		}
		if ok, err := f.windowMatches(fh); err != nil || !ok {
			return true, nil
		}
	}
	f.sig, f.seen, f.failed = fileSig{fi: fi}, true, true
	if !f.loaded {
		var space bool
		if f.format, space, err = detectFormat(fh, size); err != nil {
			return false, readErr(f.name, err)
		}
		f.pending = 0
		if f.format == fmtUnknown && !space {
			f.pending = int(size)
		}
		if f.format == fmtLines {
			if err := notALog(fh, f.name, size); err != nil {
				return false, err
			}
		}
	}
	switch f.format {
	case fmtLines:
		err = w.readLines(i, fh, size)
	case fmtWhole:
		err = w.readWhole(i, fh, size)
	}
	if err != nil {
		return false, err
	}
	f.failed = false
	return false, nil
}

// notALog is the error for a file whose start ContentKind names (a PNG
// watched said "invalid JSON at column 1"), nil for any other.
func notALog(r io.ReaderAt, name string, size int64) error {
	head := make([]byte, min(size, KindSample))
	if n, err := r.ReadAt(head, 0); n < len(head) {
		return readErr(name, err)
	}
	if what, hint, ok := ContentKind(head); ok {
		return fileErr(name, NotALog(what, hint))
	}
	return nil
}

// windowMatches reports whether the bytes before f.off are still those read.
func (f *watchFile) windowMatches(fh io.ReaderAt) (bool, error) {
	if f.nwin == 0 {
		return true, nil
	}
	buf := make([]byte, f.nwin)
	if _, err := fh.ReadAt(buf, f.off-int64(f.nwin)); err != nil {
		return false, err
	}
	return bytes.Equal(buf, f.window[:f.nwin]), nil
}

// detectFormat looks at the start of a file: gzip, a JSON array, JSON
// Lines, or not yet known (nothing but space, which space reports, or a
// prefix of the gzip magic or of a byte-order mark).
func detectFormat(r io.ReaderAt, size int64) (format int, space bool, err error) {
	var buf [4096]byte
	for off := int64(0); off < size; {
		n, err := r.ReadAt(buf[:min(int64(len(buf)), size-off)], off)
		if n == 0 && err != nil {
			return fmtUnknown, false, err
		}
		b, i := buf[:n], 0
		if off == 0 {
			switch {
			case bytes.HasPrefix(b, gzipMagic):
				return fmtWhole, false, nil
			case size < int64(len(gzipMagic)) && bytes.HasPrefix(gzipMagic, b),
				size < int64(len(bom)) && bytes.HasPrefix(bom, b):
				return fmtUnknown, false, nil
			case bytes.HasPrefix(b, bom):
				i = len(bom)
			}
		}
		if i = jsonscan.SkipSpace(b, i); i < len(b) {
			if b[i] == '[' {
				return fmtWhole, false, nil
			}
			return fmtLines, false, nil
		}
		off += int64(n)
	}
	return fmtUnknown, true, nil
}

// newLoader returns a loader for new input whose duplicate check also
// covers every record kept so far.
func (w *Watcher) newLoader() *loader {
	ld := newLoader(w.opt)
	ld.dups.seed = w.seed
	ld.prior = w.prior
	return ld
}

// readWhole reads a gzip or JSON array file from the start, as ReadFiles.
func (w *Watcher) readWhole(i int, fh *os.File, size int64) error {
	f := &w.files[i]
	ld := w.newLoader()
	ld.sizeHint = max(size, contentSize(f.name))
	if err := ld.read(io.NewSectionReader(fh, 0, size), f.name); err != nil {
		return err
	}
	w.keep(i, ld.finish())
	f.loaded, f.pending = true, 0
	return nil
}

// readLines reads the lines appended to a JSON Lines file since the last
// read: every complete line, and a last line without a newline if it
// parses.
func (w *Watcher) readLines(i int, fh *os.File, size int64) error {
	f := &w.files[i]
	if size == f.off {
		f.pending = 0
		return nil
	}
	nl, err := lastNewline(fh, f.off, size)
	if err != nil {
		return readErr(f.name, err)
	}
	end := nl + 1 // f.off when there is no newline
	tail := make([]byte, size-end)
	if _, err := fh.ReadAt(tail, end); err != nil {
		return readErr(f.name, err)
	}
	if end == 0 {
		tail = bytes.TrimPrefix(tail, bom)
	}
	f.pending = len(tail)
	if _, err := ParseLine(tail, Pos{}); err == nil {
		end, f.pending = size, 0
	}
	if end == f.off {
		return nil
	}
	from := f.line
	if f.off == 0 {
		from = 0 // the whole file so far: a byte-order mark is allowed
	}
	src := &lineCounter{r: io.NewSectionReader(fh, f.off, end-f.off), last: f.window, nlast: f.nwin}
	ld := w.newLoader()
	ld.log.Files = append(ld.log.Files, FileInfo{Name: f.name}) // read would add it
	ld.sizeHint = end - f.off
	if err := ld.run(src, f.name, from); err != nil {
		return err
	}
	w.keep(i, ld.finish())
	f.loaded = true
	f.off = end
	f.line += src.lines
	f.nwin = copy(f.window[:], src.last[:src.nlast])
	return nil
}

// lastNewline returns the offset of the last '\n' in [from, to) of r, or
// from − 1 when there is none.
func lastNewline(r io.ReaderAt, from, to int64) (int64, error) {
	var buf [64 << 10]byte
	for to > from {
		start := max(from, to-int64(len(buf)))
		b := buf[:to-start]
		if _, err := r.ReadAt(b, start); err != nil {
			return 0, err
		}
		if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
			return start + int64(i), nil
		}
		to = start
	}
	return from - 1, nil
}

// lineCounter counts the newlines read through it and keeps the last
// windowSize bytes (of those it started with in last, then those read).
type lineCounter struct {
	r     io.Reader
	lines int
	last  [windowSize]byte
	nlast int
}

func (c *lineCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	b := p[:n]
	c.lines += bytes.Count(b, []byte{'\n'})
	if len(b) >= windowSize {
		c.nlast = copy(c.last[:], b[len(b)-windowSize:])
	} else {
		keep := min(c.nlast, windowSize-len(b))
		copy(c.last[:keep], c.last[c.nlast-keep:c.nlast])
		c.nlast = keep + copy(c.last[keep:], b)
	}
	return n, err
}

// prior finds a kept record with key k (hash h under w.seed).
func (w *Watcher) prior(h uint64, k dupKey) (Pos, bool) {
	if r, ok := w.first[h]; ok {
		if rk, pos := w.keyOf(r); rk == k {
			return pos, true
		}
	}
	pos, ok := w.exact[k]
	return pos, ok
}

// keyOf returns the key and position of a kept record.
func (w *Watcher) keyOf(r watchRef) (dupKey, Pos) {
	f := &w.files[r.file]
	switch r.kind {
	case 0:
		p := &f.pairs[r.idx]
		return dupKey{KindPair, p.Judge, p.ID, "", w.conds.key(p.Condition)}, p.Pos
	case 1:
		s := &f.scores[r.idx]
		return dupKey{KindScore, s.Judge, s.ID, s.Criterion, w.conds.key(s.Condition)}, s.Pos
	}
	v := &f.verdicts[r.idx]
	return dupKey{KindVerdict, v.Judge, v.ID, "", ""}, v.Pos
}

// index adds a kept record's key to the duplicate check.
func (w *Watcher) index(k dupKey, pos Pos, r watchRef) {
	h := hashKey(&w.h, k.kind, k.judge, k.id, k.criterion, k.cond)
	if _, taken := w.first[h]; !taken {
		w.first[h] = r
		return
	}
	if w.exact == nil {
		w.exact = make(map[dupKey]Pos)
	}
	w.exact[k] = pos
}

// keep adds the records and counts of lg, newly read from file i.
func (w *Watcher) keep(i int, lg *Log) {
	f := &w.files[i]
	fi := int32(i)
	for j := range lg.Pairs {
		p := &lg.Pairs[j]
		w.index(dupKey{KindPair, p.Judge, p.ID, "", w.conds.key(p.Condition)}, p.Pos, watchRef{fi, 0, int32(len(f.pairs) + j)})
	}
	for j := range lg.Scores {
		s := &lg.Scores[j]
		w.index(dupKey{KindScore, s.Judge, s.ID, s.Criterion, w.conds.key(s.Condition)}, s.Pos, watchRef{fi, 1, int32(len(f.scores) + j)})
	}
	for j := range lg.Verdicts {
		v := &lg.Verdicts[j]
		w.index(dupKey{KindVerdict, v.Judge, v.ID, "", ""}, v.Pos, watchRef{fi, 2, int32(len(f.verdicts) + j)})
	}
	f.pairs = appendOrTake(f.pairs, lg.Pairs)
	f.scores = appendOrTake(f.scores, lg.Scores)
	f.verdicts = appendOrTake(f.verdicts, lg.Verdicts)
	f.probes = appendOrTake(f.probes, lg.Probes)
	for _, n := range lg.Files {
		f.info.Pairs += n.Pairs
		f.info.Scores += n.Scores
		f.info.Verdicts += n.Verdicts
		f.info.Probes += n.Probes
		f.info.Skipped += n.Skipped
	}
	for _, r := range lg.SkipReasons {
		if len(f.reasons) < w.opt.maxReasons() {
			f.reasons = append(f.reasons, r)
		}
	}
}

// appendOrTake appends add to xs, or returns add itself when xs is empty.
func appendOrTake[T any](xs, add []T) []T {
	if len(xs) == 0 {
		return add
	}
	return append(xs, add...)
}

// snapshot returns the log so far with fresh record slices.
func (w *Watcher) snapshot() *Log {
	lg := &Log{Files: make([]FileInfo, len(w.files))}
	var np, ns, nv, npr int
	for i := range w.files {
		f := &w.files[i]
		lg.Files[i] = f.info
		lg.Skipped += f.info.Skipped
		lg.Pending += f.pending
		for _, r := range f.reasons {
			if len(lg.SkipReasons) < w.opt.maxReasons() {
				lg.SkipReasons = append(lg.SkipReasons, r)
			}
		}
		np += len(f.pairs)
		ns += len(f.scores)
		nv += len(f.verdicts)
		npr += len(f.probes)
	}
	lg.Pairs = gather(w.files, np, func(f *watchFile) []Pair { return f.pairs })
	lg.Scores = gather(w.files, ns, func(f *watchFile) []Score { return f.scores })
	lg.Verdicts = gather(w.files, nv, func(f *watchFile) []Verdict { return f.verdicts })
	lg.Probes = gather(w.files, npr, func(f *watchFile) []Probe { return f.probes })
	return lg
}

// gather copies the records of every file, in file order, into one new
// slice of length n (nil when n is 0).
func gather[T any](files []watchFile, n int, of func(*watchFile) []T) []T {
	if n == 0 {
		return nil
	}
	out := make([]T, 0, n)
	for i := range files {
		out = append(out, of(&files[i])...)
	}
	return out
}
