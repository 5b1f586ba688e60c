package model

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"runtime"
)

// ReadOptions controls how logs are read.
type ReadOptions struct {
	// SkipBad makes the reader skip bad lines instead of stopping at the
	// first one. Skipped lines are counted in Log.Skipped and
	// FileInfo.Skipped, and the first MaxReasons errors are kept in
	// Log.SkipReasons. Errors that leave the rest of a file unreadable (it
	// cannot be opened or decompressed, a JSON array is broken between
	// elements) still stop the load.
	SkipBad bool
	// MaxReasons is how many skip reasons to keep: 0 means 5, a negative
	// number none.
	MaxReasons int
	// SkipText leaves the texts of records empty (prompt, response_1,
	// response_2, input, output) to save memory when only the judgments
	// are needed. They are still checked to be strings.
	SkipText bool
	// TextLengths, with SkipText, keeps the length of each skipped
	// response text (in Unicode code points) in Pair.Gen as len_1 or len_2,
	// unless the record gives that field itself, so that the length measures
	// (calib/style) work without the texts in memory. Without SkipText it
	// does nothing (Pair.Length counts the text). Records without texts are
	// not touched, and without it the reader does no extra work.
	TextLengths bool
	// GenTextLengths is TextLengths for the records that name a generator
	// or give a length themselves (model_1, model_2, len_1 or len_2) only:
	// a log without those fields costs nothing more than with SkipText
	// alone (`plumb report` measures length bias where a log names its
	// generators). TextLengths, when also set, wins.
	GenTextLengths bool
	// Opener opens the inputs (nil: a new Opener for each call, which reads
	// "-" as standard input). Share one between calls that read the same
	// streams, and set its Opened to learn every file read.
	Opener *Opener
	// MaxRecord is the longest record taken, in bytes (a line of JSON
	// Lines or an element of a JSON array): 0 means MaxRecordBytes. A
	// longer one stops the load with an error once that much is read.
	MaxRecord int
}

// MaxRecordBytes is the longest record the reader takes by default: an
// input without a newline for longer (a device such as /dev/zero, a
// stream that never ends a line) is refused, never read without bound.
const MaxRecordBytes = 256 << 20

func (o ReadOptions) maxRecord() int {
	if o.MaxRecord > 0 {
		return o.MaxRecord
	}
	return MaxRecordBytes
}

func (o ReadOptions) maxReasons() int {
	switch {
	case o.MaxReasons == 0:
		return 5
	case o.MaxReasons < 0:
		return 0
	}
	return o.MaxReasons
}

// ReadFiles reads the judgment logs at paths, in order, into one Log.
//
// Each file is JSON Lines (one record per line) or one JSON array of
// records, optionally gzip-compressed (detected by its magic bytes, not its
// name). Records keep their file order within each kind. A record whose
// (judge, id, kind, criterion) repeats an earlier one, in the same file or
// an earlier file, is an error. Positions name each file by its path as
// given. Every error about the input is a *LineError and matches
// ErrBadInput; by default the first one stops the load and no Log is
// returned.
func ReadFiles(paths []string, opt ReadOptions) (*Log, error) {
	if opt.Opener == nil {
		opt.Opener = &Opener{}
	}
	ld := newLoader(opt)
	var est kindCounts
	sampled := len(paths) > 0
	for _, path := range paths {
		if IsStream(path) {
			sampled = false
			continue
		}
		ld.sizeHint += contentSize(path)
		k, ok := sampleFile(path)
		est.add(k)
		sampled = sampled && ok
	}
	if sampled {
		ld.reserve(est)
	}
	for _, path := range paths {
		if err := ld.readFile(path); err != nil {
			return nil, err
		}
	}
	return ld.finish(), nil
}

// Read reads one judgment log from r, as ReadFiles does for a file; name
// is used as the file name in positions and errors.
func Read(r io.Reader, name string, opt ReadOptions) (*Log, error) {
	ld := newLoader(opt)
	ld.sizeHint = sizeOf(r)
	if k, ok := sampleReader(r); ok {
		ld.reserve(k)
	}
	if err := ld.read(r, name); err != nil {
		return nil, err
	}
	return ld.finish(), nil
}

// loader reads files into one Log, checking duplicates across them.
type loader struct {
	opt      ReadOptions
	log      *Log // files and skip counts; finish adds the records
	dups     dupIndex
	workers  int
	pairs    store[Pair]
	scores   store[Score]
	verdicts store[Verdict]
	// probes holds the key of every probe record kept, for the duplicate
	// check (probes are few; they go to log.Probes as they come).
	probes map[dupKey]Pos
	// conds shares the canonical keys of the records' conditions.
	conds condTable
	// sizeHint is the number of input bytes when known (else 0); the first
	// batch turns it into an estimate of the number of records.
	sizeHint int64
	sized    bool
	// sink keeps what refTable.touch read.
	sink uint64
	// prior, when set, finds a record read before this loader's input
	// (watch mode) with key k and hash h, the hash under dups.seed.
	prior func(h uint64, k dupKey) (Pos, bool)
}

func newLoader(opt ReadOptions) *loader {
	return &loader{
		opt:     opt,
		log:     &Log{},
		dups:    newDupIndex(),
		workers: min(runtime.GOMAXPROCS(0), 8),
	}
}

// finish moves the records into the log.
func (ld *loader) finish() *Log {
	finishAll(ld.log, &ld.pairs, &ld.scores, &ld.verdicts)
	return ld.log
}

// estimate sizes the duplicate index from the first batch: its records
// per byte times the input size, plus 10%.
func (ld *loader) estimate(r *result) {
	ld.sized = true
	bytes := len(r.b.data)
	if ld.sizeHint <= 0 || bytes == 0 {
		return
	}
	n := len(r.pairs) + len(r.scores) + len(r.verdicts)
	if n > 0 {
		ld.dups.reserve(int(1.1*float64(n)*float64(ld.sizeHint)/float64(bytes)) + 64)
	}
}

// contentSize returns the size of the file at path after decompression,
// or 0 when that is not known. For gzip it is the size the gzip trailer
// records (exact for one gzip member under 4 GiB, else too small, which
// only costs the loader some memory).
func contentSize(path string) int64 {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	size := sizeOf(f)
	var head [2]byte
	if _, err := f.ReadAt(head[:], 0); err != nil || string(head[:]) != string(gzipMagic) || size < 18 {
		return size
	}
	var trailer [4]byte
	if _, err := f.ReadAt(trailer[:], size-4); err != nil {
		return size
	}
	return max(size, int64(binary.LittleEndian.Uint32(trailer[:])))
}

// sizeOf returns the size of r's remaining content when r can tell.
func sizeOf(r io.Reader) int64 {
	switch r := r.(type) {
	case interface{ Len() int }:
		return int64(r.Len())
	case *os.File:
		if fi, err := r.Stat(); err == nil && fi.Mode().IsRegular() {
			return fi.Size()
		}
	}
	return 0
}

// fileErr is an error about the file name as a whole.
func fileErr(name, msg string) *LineError { return &LineError{File: name, Msg: msg} }

func (ld *loader) readFile(path string) error {
	f, err := ld.opt.opener().Open(path)
	if err != nil {
		return openErr(path, err)
	}
	defer f.Close()
	return ld.read(f, path)
}

// gzipMagic starts every gzip stream.
var gzipMagic = []byte{0x1f, 0x8b}

// read reads one file's records from r.
func (ld *loader) read(r io.Reader, name string) error {
	ld.log.Files = append(ld.log.Files, FileInfo{Name: name})
	br := bufio.NewReaderSize(r, 64<<10)
	var src io.Reader = br
	magic, err := br.Peek(len(gzipMagic))
	if err != nil && err != io.EOF {
		return readErr(name, err)
	}
	if string(magic) == string(gzipMagic) {
		gz, err := gzip.NewReader(br)
		if err != nil {
			return readErr(name, err)
		}
		defer gz.Close()
		br = bufio.NewReaderSize(gz, 64<<10)
		src = br
	}
	if head, _ := br.Peek(KindSample); len(head) > 0 {
		if what, hint, ok := ContentKind(head); ok { // a PNG read as JSON said "invalid UTF-8" at line 1
			return fileErr(name, NotALog(what, hint))
		}
	}
	return ld.run(src, name, 0)
}

// readErr is the error for a file that cannot be read to its end.
func readErr(name string, err error) *LineError {
	msg := err.Error()
	if errors.Is(err, io.ErrUnexpectedEOF) {
		msg += " (the file is truncated)"
	}
	return fileErr(name, "cannot read: "+msg)
}

// bad handles a bad line: under SkipBad it is counted, otherwise it stops
// the load.
func (ld *loader) bad(err *LineError) error {
	if !ld.opt.SkipBad {
		return err
	}
	l := ld.log
	l.Skipped++
	l.Files[len(l.Files)-1].Skipped++
	if len(l.SkipReasons) < ld.opt.maxReasons() {
		l.SkipReasons = append(l.SkipReasons, err.Error())
	}
	return nil
}

// collect adds one parsed batch to the log, in line order.
func (ld *loader) collect(r *result) error {
	if !ld.sized {
		ld.estimate(r)
	}
	l := ld.log
	fi := &l.Files[len(l.Files)-1]
	ld.sink ^= ld.dups.first.touch(r.events)
	var cp, cs, cv chunkState
	ld.pairs.begin(r.pairs)
	ld.scores.begin(r.scores)
	ld.verdicts.begin(r.verdicts)
	for _, ev := range r.events {
		var err *LineError
		switch ev.kind {
		case evError:
			err = r.errs[ev.idx]
		case evPair:
			p := &r.pairs[ev.idx]
			ref := newRef(KindPair, ld.pairs.next(&cp))
			if err = ld.dups.add(ld, ev.hash, dupKey{KindPair, p.Judge, p.ID, "", ld.conds.key(p.Condition)}, p.Pos, ref); err == nil {
				ld.pairs.keep(int(ev.idx), &cp)
				fi.Pairs++
			}
		case evScore:
			s := &r.scores[ev.idx]
			ref := newRef(KindScore, ld.scores.next(&cs))
			if err = ld.dups.add(ld, ev.hash, dupKey{KindScore, s.Judge, s.ID, s.Criterion, ld.conds.key(s.Condition)}, s.Pos, ref); err == nil {
				ld.scores.keep(int(ev.idx), &cs)
				fi.Scores++
			}
		case evVerdict:
			v := &r.verdicts[ev.idx]
			ref := newRef(KindVerdict, ld.verdicts.next(&cv))
			if err = ld.dups.add(ld, ev.hash, dupKey{KindVerdict, v.Judge, v.ID, "", ""}, v.Pos, ref); err == nil {
				ld.verdicts.keep(int(ev.idx), &cv)
				fi.Verdicts++
			}
		case evProbe:
			err = ld.addProbe(&r.probes[ev.idx])
		}
		if err != nil {
			if e := ld.bad(err); e != nil {
				ld.abort(cp, cs, cv)
				return e
			}
		}
	}
	// A batch slice that became a chunk belongs to the store now; the
	// others are reused for the next batch.
	r.pairs = ld.pairs.commit(cp)
	r.scores = ld.scores.commit(cs)
	r.verdicts = ld.verdicts.commit(cv)
	if r.fatal != nil {
		return r.fatal
	}
	return nil
}

// abort ends a batch whose collection stopped at an error: the records
// kept before it are kept, as if the batch had ended there.
func (ld *loader) abort(cp, cs, cv chunkState) {
	ld.pairs.commit(cp)
	ld.scores.commit(cs)
	ld.verdicts.commit(cv)
}
