package model

import (
	"bufio"
	"compress/gzip"
	"errors"
	"io"
	"io/fs"
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
// an earlier file, is an error. Every error about the input is a *LineError
// and matches ErrBadInput; by default the first one stops the load and no
// Log is returned.
func ReadFiles(paths []string, opt ReadOptions) (*Log, error) {
	ld := newLoader(opt)
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
	if err := ld.read(r, name); err != nil {
		return nil, err
	}
	return ld.finish(), nil
}

// loader reads files into one Log, checking duplicates across them.
//
// Records are kept in the chunks the workers parsed them into (one per
// batch) and copied once into the Log's slices at the end: growing one
// slice record by record would copy it many times over.
type loader struct {
	opt      ReadOptions
	log      *Log // files and skip counts; records are added by finish
	dups     dupIndex
	workers  int
	pairs    [][]Pair
	scores   [][]Score
	verdicts [][]Verdict
}

// finish moves the record chunks into the log's slices.
func (ld *loader) finish() *Log {
	ld.log.Pairs = concat(ld.pairs)
	ld.log.Scores = concat(ld.scores)
	ld.log.Verdicts = concat(ld.verdicts)
	ld.pairs, ld.scores, ld.verdicts = nil, nil, nil
	return ld.log
}

// concat joins chunks into one slice of exactly their total length
// (nil when empty), dropping each chunk once copied.
func concat[T any](chunks [][]T) []T {
	n := 0
	for _, c := range chunks {
		n += len(c)
	}
	if n == 0 {
		return nil
	}
	out := make([]T, 0, n)
	for i, c := range chunks {
		out = append(out, c...)
		chunks[i] = nil
	}
	return out
}

func newLoader(opt ReadOptions) *loader {
	return &loader{
		opt:     opt,
		log:     &Log{},
		dups:    newDupIndex(),
		workers: min(runtime.GOMAXPROCS(0), 8),
	}
}

// fileErr is an error about the file name as a whole.
func fileErr(name, msg string) *LineError { return &LineError{File: name, Msg: msg} }

func (ld *loader) readFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fileErr(path, "cannot open: "+err.Error())
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
		src = gz
	}
	return ld.run(src, name)
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

// collect adds one parsed batch to the log, in line order. The batch's
// record slices become chunks of the log; records that are not kept
// (duplicates skipped under SkipBad) are squeezed out in place.
func (ld *loader) collect(r *result) error {
	l := ld.log
	fi := &l.Files[len(l.Files)-1]
	cp, cs, cv := len(ld.pairs), len(ld.scores), len(ld.verdicts)
	ld.pairs = append(ld.pairs, r.pairs[:0])
	ld.scores = append(ld.scores, r.scores[:0])
	ld.verdicts = append(ld.verdicts, r.verdicts[:0])
	np, ns, nv := 0, 0, 0 // records kept so far
	for _, ev := range r.events {
		var err *LineError
		switch ev.kind {
		case evError:
			err = r.errs[ev.idx]
		case evPair:
			p := &r.pairs[ev.idx]
			if err = ld.dups.add(ld, ev.hash, dupKey{KindPair, p.Judge, p.ID, ""}, p.Pos, newRef(KindPair, cp, np)); err == nil {
				r.pairs[np] = *p
				np++
				ld.pairs[cp] = r.pairs[:np]
				fi.Pairs++
			}
		case evScore:
			s := &r.scores[ev.idx]
			if err = ld.dups.add(ld, ev.hash, dupKey{KindScore, s.Judge, s.ID, s.Criterion}, s.Pos, newRef(KindScore, cs, ns)); err == nil {
				r.scores[ns] = *s
				ns++
				ld.scores[cs] = r.scores[:ns]
				fi.Scores++
			}
		case evVerdict:
			v := &r.verdicts[ev.idx]
			if err = ld.dups.add(ld, ev.hash, dupKey{KindVerdict, v.Judge, v.ID, ""}, v.Pos, newRef(KindVerdict, cv, nv)); err == nil {
				r.verdicts[nv] = *v
				nv++
				ld.verdicts[cv] = r.verdicts[:nv]
				fi.Verdicts++
			}
		}
		if err != nil {
			if e := ld.bad(err); e != nil {
				return e
			}
		}
	}
	// Drop empty chunks (nothing can refer to them).
	if np == 0 {
		ld.pairs = ld.pairs[:cp]
	}
	if ns == 0 {
		ld.scores = ld.scores[:cs]
	}
	if nv == 0 {
		ld.verdicts = ld.verdicts[:cv]
	}
	if r.fatal != nil {
		return r.fatal
	}
	return nil
}
