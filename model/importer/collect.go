package importer

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/plumb-eval/plumb/model"
)

// The collector reads every input into one Log: it runs each file's
// importer, locates and de-duplicates the records, handles bad records
// under SkipBad, and writes the notes.

// dupKey identifies a record for the duplicate check, as ReadFiles does.
type dupKey struct {
	kind      model.Kind
	judge, id string
	criterion string
}

// judgeInfo is what the collector knows of an imported judge.
type judgeInfo struct {
	multi  bool   // some item was judged in two or more arrangements
	format Format // the format it was imported from
}

type collector struct {
	opt     model.ReadOptions
	mapping *Mapping
	log     *model.Log
	seen    map[dupKey]model.Pos
	tallies []*tally
	judges  map[string]*judgeInfo
	order   []string // imported judges in order of appearance
	panda   pandaSet
	hasSet  bool // a PandaLM test set was read
	// annotators reads a PandaLM test set's annotators as judges
	// (Options.Annotators).
	annotators bool
	fi         *model.FileInfo
}

func newCollector(opt model.ReadOptions, m *Mapping) *collector {
	return &collector{
		opt:     opt,
		mapping: m,
		log:     &model.Log{},
		seen:    map[dupKey]model.Pos{},
		judges:  map[string]*judgeInfo{},
		panda:   pandaSet{},
	}
}

func (c *collector) maxReasons() int {
	switch {
	case c.opt.MaxReasons == 0:
		return 5
	case c.opt.MaxReasons < 0:
		return 0
	}
	return c.opt.MaxReasons
}

// bad handles a bad record: under SkipBad it is counted, otherwise it
// stops the load.
func (c *collector) bad(err *model.LineError) error {
	if !c.opt.SkipBad {
		return err
	}
	c.log.Skipped++
	c.fi.Skipped++
	if len(c.log.SkipReasons) < c.maxReasons() {
		c.log.SkipReasons = append(c.log.SkipReasons, err.Error())
	}
	return nil
}

// readAll reads the inputs: PandaLM test sets first (the judge files join
// to them), then every other file in order.
func (c *collector) readAll(inputs []input) error {
	for _, in := range inputs {
		if in.role == rolePandaTestset {
			if err := c.readFile(in); err != nil {
				return err
			}
		}
	}
	for _, in := range inputs {
		if in.role != rolePandaTestset {
			if err := c.readFile(in); err != nil {
				return err
			}
		}
	}
	return nil
}

// readFile reads one input.
func (c *collector) readFile(in input) error {
	if in.format == FormatV1 {
		return c.mergeV1(in.path)
	}
	if in.format == FormatPandaLM && in.role == roleJudgments && !c.hasSet {
		if err := c.siblingTestset(in.path); err != nil {
			return err
		}
	}
	r, closer, err := openFile(in.path, c.opt.Opener)
	if err != nil {
		return err
	}
	defer closer.Close()
	c.log.Files = append(c.log.Files, model.FileInfo{Name: in.path})
	c.fi = &c.log.Files[len(c.log.Files)-1]
	rc := newRecCtx(in.path, c.opt.SkipText)
	rc.textLengths = c.opt.TextLengths
	rc.genTextLengths = c.opt.GenTextLengths
	c.tallies = append(c.tallies, rc.tally)
	name := in.path
	// handle adds a record's outcome: its records, or its error.
	handle := func(line int, lerr *model.LineError) error {
		if lerr != nil {
			return c.bad(at(lerr, name, line))
		}
		rc.commit(line)
		return c.add(rc, in.format, model.Pos{File: name, Line: line})
	}
	index := 0
	var parse func(line int, b []byte) *model.LineError
	switch in.format {
	case FormatFastChat:
		parse = func(_ int, b []byte) *model.LineError { return parseFastChat(rc, b) }
	case FormatLLMBar:
		lp := parseLLMBarPath(in.path)
		parse = func(_ int, b []byte) *model.LineError { return parseLLMBar(rc, lp, index, b) }
	case FormatArenaHard:
		dir := filepath.Base(filepath.Dir(in.path))
		if dir == "." || dir == string(filepath.Separator) {
			dir = ""
		}
		parse = func(_ int, b []byte) *model.LineError { return parseArenaHard(rc, dir, b) }
	case FormatJudgeBench:
		fj := judgeBenchFileJudge(in.path)
		parse = func(_ int, b []byte) *model.LineError { return parseJudgeBench(rc, fj, b) }
	case FormatAlpacaEval:
		parse = func(_ int, b []byte) *model.LineError { return parseAlpacaEval(rc, index, b) }
	case FormatPandaLM:
		if in.role == rolePandaTestset {
			c.hasSet = true
			parse = func(_ int, b []byte) *model.LineError { return parsePandaTestset(rc, c.panda, c.annotators, b) }
		} else {
			fj := pandaFileJudge(in.path)
			parse = func(_ int, b []byte) *model.LineError { return parsePandaJudge(rc, c.panda, c.hasSet, fj, b) }
		}
	case FormatColumns:
		if c.mapping == nil {
			return fileError(in.path, "--from columns needs a column mapping (--map KEY=COLUMN ...)")
		}
		return readColumns(r, name, in.sn, c.mapping, rc, handle)
	default:
		return fileError(in.path, fmt.Sprintf("unknown format %q", in.format))
	}
	return eachRecord(r, name, func(line int, b []byte) error {
		rc.reset()
		err := parse(line, b)
		index++
		return handle(line, err)
	})
}

// siblingTestset reads testset-v1.json beside a PandaLM judge file, when
// it is there and no test set was given.
func (c *collector) siblingTestset(judgeFile string) error {
	path := filepath.Join(filepath.Dir(judgeFile), "testset-v1.json")
	if _, err := os.Stat(path); err != nil {
		return nil
	}
	s, err := sniffFile(path, c.opt.Opener)
	if err != nil || s.role != rolePandaTestset {
		return err
	}
	return c.readFile(input{path: path, format: FormatPandaLM, role: rolePandaTestset})
}

// add moves a record's pairs and verdicts into the log, located at pos.
func (c *collector) add(rc *recCtx, f Format, pos model.Pos) error {
	for i := range rc.pairs {
		p := &rc.pairs[i]
		p.Pos = pos
		if err := c.dup(model.KindPair, p.Judge, p.ID, "", pos); err != nil {
			if e := c.bad(err); e != nil {
				return e
			}
			continue
		}
		c.judge(p.Judge, f, p.NumArrangementsPresent() > 1)
		c.log.Pairs = append(c.log.Pairs, *p)
		c.fi.Pairs++
	}
	for i := range rc.verdicts {
		v := &rc.verdicts[i]
		v.Pos = pos
		if err := c.dup(model.KindVerdict, v.Judge, v.ID, "", pos); err != nil {
			if e := c.bad(err); e != nil {
				return e
			}
			continue
		}
		c.log.Verdicts = append(c.log.Verdicts, *v)
		c.fi.Verdicts++
	}
	return nil
}

// judge records an imported judge.
func (c *collector) judge(name string, f Format, multi bool) {
	ji := c.judges[name]
	if ji == nil {
		ji = &judgeInfo{format: f}
		c.judges[name] = ji
		c.order = append(c.order, name)
	}
	ji.multi = ji.multi || multi
}

// dup checks a record's key against every earlier record.
func (c *collector) dup(kind model.Kind, judge, id, criterion string, pos model.Pos) *model.LineError {
	k := dupKey{kind, judge, id, criterion}
	if prev, ok := c.seen[k]; ok {
		what := string(kind) + " " + fmt.Sprintf("%q", id)
		if criterion != "" {
			what += fmt.Sprintf(" on %q", criterion)
		}
		return &model.LineError{File: pos.File, Line: pos.Line,
			Msg: fmt.Sprintf("duplicate %s of judge %q (first at %s)", what, judge, prev)}
	}
	c.seen[k] = pos
	return nil
}

// mergeV1 reads a log-format-v1 file and adds its records.
func (c *collector) mergeV1(path string) error {
	opt := c.opt
	if opt.SkipBad {
		opt.MaxReasons = c.maxReasons() - len(c.log.SkipReasons)
		if opt.MaxReasons == 0 {
			opt.MaxReasons = -1
		}
	}
	lg, err := model.ReadFiles([]string{path}, opt)
	if err != nil {
		return err
	}
	c.log.Files = append(c.log.Files, lg.Files...)
	c.fi = &c.log.Files[len(c.log.Files)-1]
	c.log.Skipped += lg.Skipped
	c.log.SkipReasons = append(c.log.SkipReasons, lg.SkipReasons...)
	keep := func(kind model.Kind, judge, id, criterion string, pos model.Pos, count *int) (bool, error) {
		if err := c.dup(kind, judge, id, criterion, pos); err != nil {
			*count--
			return false, c.bad(err)
		}
		return true, nil
	}
	for i := range lg.Pairs {
		p := &lg.Pairs[i]
		ok, err := keep(model.KindPair, p.Judge, p.ID, "", p.Pos, &c.fi.Pairs)
		if err != nil {
			return err
		}
		if ok {
			c.log.Pairs = append(c.log.Pairs, *p)
		}
	}
	for i := range lg.Scores {
		s := &lg.Scores[i]
		ok, err := keep(model.KindScore, s.Judge, s.ID, s.Criterion, s.Pos, &c.fi.Scores)
		if err != nil {
			return err
		}
		if ok {
			c.log.Scores = append(c.log.Scores, *s)
		}
	}
	for i := range lg.Verdicts {
		v := &lg.Verdicts[i]
		ok, err := keep(model.KindVerdict, v.Judge, v.ID, "", v.Pos, &c.fi.Verdicts)
		if err != nil {
			return err
		}
		if ok {
			c.log.Verdicts = append(c.log.Verdicts, *v)
		}
	}
	return nil
}

// alpacaRecovered reports whether the shown order of some AlpacaEval item
// of judge was recovered, in any file.
func (c *collector) alpacaRecovered(judge string) bool {
	for _, t := range c.tallies {
		if jc := t.judges[judge]; jc != nil && jc.recovered() > 0 {
			return true
		}
	}
	return false
}

// finish writes the notes and returns the log.
func (c *collector) finish() *model.Log {
	for _, t := range c.tallies {
		c.log.Notes = append(c.log.Notes, t.notes()...)
	}
	for _, name := range c.order {
		ji := c.judges[name]
		if _, strategy, _ := strings.Cut(name, "/"); ji.format == FormatLLMBar && strings.HasPrefix(strategy, "Rating") &&
			!strings.HasSuffix(name, "/scores") {
			c.log.Notes = append(c.log.Notes, "judge "+name+": a Rating strategy rates each output alone and LLMBar derives "+
				`both "swap" winners from the two ratings (equal ratings give "2" and "1"), so its x0 and x2 are not two position `+
				"orders: its consistency is the share of pairs rated unequally; see judge "+name+"/scores for the ratings themselves")
		}
		if ji.multi || (ji.format == FormatAlpacaEval && c.alpacaRecovered(name)) {
			continue // the AlpacaEval tally's note says what the orders allow
		}
		why := "every item was judged in one order only (x0)"
		switch {
		case ji.format == FormatAlpacaEval:
			why = "AlpacaEval annotations record one order per pair, and the annotator may have been shown the outputs " +
				"in a random order that the file does not record"
		case ji.format == FormatLLMBar && strings.HasSuffix(name, "/scores"):
			why = "the ratings score each output alone, in no order"
		}
		c.log.Notes = append(c.log.Notes, "judge "+name+": "+why+": position bias cannot be measured")
	}
	return c.log
}
