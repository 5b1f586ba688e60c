package importer

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/internal/shellarg"
	"github.com/plumb-eval/plumb/model"
)

// A table (CSV or TSV) given without --map: plumb cannot know which
// column is what, but its header and first rows (the sample detection
// kept) usually say. The error lists the columns and, when they can be
// placed, the --from columns --map flags that read the file: a column of
// true/false values (truthColumn) named like a human label (human…, label, gold,
// truth, reference, correct) is human=; one named like a judge (judge,
// model, annotator, evaluator, grader, rater) with a true/false column
// beside it is the long layout, judge= and verdict=; otherwise every
// other true/false column is a judge (judge-columns=). An id column
// (id, item_id, question_id, …, or a name ending in _id) is id= when its
// values are unique in the sample (the long layout: unique per judge).

var (
	idNames      = []string{"id", "item", "item_id", "question_id", "qid", "uid", "idx", "index", "pair_id", "example_id", "sample_id", "prompt_id"}
	humanNames   = []string{"label", "gold", "truth", "ground_truth", "reference", "correct", "is_correct", "gt", "target", "annotation"}
	judgeNames   = []string{"judge", "model", "annotator", "evaluator", "judge_model", "judge_name", "grader", "rater"}
	verdictNames = []string{"verdict", "judgment", "judgement", "prediction", "pred", "predicted", "decision", "output", "answer", "result"}
)

// TableError is a table given without a column mapping: its columns and
// the flags that read it. It is a *model.LineError (file and header
// line) for errors.As and ErrBadInput.
type TableError struct {
	*model.LineError
	Columns []string // the header's column names
	Flags   []string // --from columns --map KEY=COLUMN … that read it; nil when its columns cannot be placed
}

// Unwrap returns the *model.LineError.
func (e *TableError) Unwrap() error { return e.LineError }

// tableError is the error for a table given without a column mapping:
// its columns and, when they can be placed, the flags that read it. The
// sample starts on line first of the file.
func tableError(path string, sample []byte, first int) error {
	header, rows, line := readSample(path, sample)
	if line > 0 {
		line += first - 1
	}
	if len(header) < 2 {
		return &model.LineError{File: path, Line: line, Msg: "not a judgment log: neither JSON nor a table " +
			"(a CSV or TSV file starts with a header row of column names)"}
	}
	cols := make([]string, len(header))
	for i, h := range header {
		cols[i] = shellarg.Quote(h)
	}
	msg := fmt.Sprintf("a table whose columns plumb cannot place by itself (it has: %s); ", strings.Join(cols, ", "))
	flags := SuggestMap(header, rows)
	if flags == nil {
		msg += "none holds true/false verdicts in its first rows: map them with --from columns --map id=COL " +
			"--map judge-columns=A,B … or the pair columns (p_a.x0=COL …; docs/importing.md lists the keys)"
	} else {
		quoted := make([]string, len(flags))
		for i, f := range flags {
			quoted[i] = shellarg.Quote(f)
		}
		msg += "read it with " + strings.Join(quoted, " ") + " (docs/importing.md)"
	}
	return &TableError{LineError: &model.LineError{File: path, Line: line, Msg: msg}, Columns: header, Flags: flags}
}

// readSample parses the header and the whole rows of a table's sample,
// with the separator the reader will use; line is the header's line in
// the file (0 when unknown).
func readSample(path string, sample []byte) (header []string, rows [][]string, line int) {
	cr := csv.NewReader(bytes.NewReader(sample))
	first, _, _ := bytes.Cut(sample, []byte("\n")) // the sample starts at the header
	cr.Comma = guessComma(path, first)
	cr.FieldsPerRecord = -1
	complete := len(sample) < maxSample || bytes.HasSuffix(sample, []byte("\n"))
	for {
		rec, err := cr.Read()
		if err != nil {
			break
		}
		if header == nil {
			header = make([]string, len(rec))
			for i, h := range rec {
				header[i] = strings.TrimSpace(h)
			}
			line, _ = cr.FieldPos(0)
			continue
		}
		rows = append(rows, slices.Clone(rec))
	}
	if !complete && len(rows) > 0 {
		rows = rows[:len(rows)-1] // cut by the sample's end
	}
	return header, rows, line
}

// SuggestMap returns the flags (--from columns --map KEY=COLUMN …) that
// read a table with this header (names trimmed) whose first rows are
// rows, or nil when its columns cannot be placed (see the comment above).
func SuggestMap(header []string, rows [][]string) []string {
	if len(rows) == 0 {
		return nil
	}
	usable := func(i int) bool {
		h := header[i]
		n := 0
		for _, o := range header {
			if o == h {
				n++
			}
		}
		return h != "" && n == 1
	}
	var truths, loose, others []int // loose: true/false values too few to tell a verdict (a lone 1), enough for a named human label
	for i := range header {
		switch {
		case !usable(i):
		case truthColumn(rows, i, true):
			truths = append(truths, i)
		case truthColumn(rows, i, false):
			loose = append(loose, i)
			others = append(others, i)
		default:
			others = append(others, i)
		}
	}
	named := func(cands []int, names []string, contains string) int {
		for _, i := range cands {
			n := normName(header[i])
			if slices.Contains(names, n) || contains != "" && strings.Contains(n, contains) {
				return i
			}
		}
		return -1
	}
	id := named(slices.Concat(others, truths), idNames, "")
	if id < 0 {
		id = slices.IndexFunc(header, func(h string) bool { return strings.HasSuffix(normName(h), "_id") })
		if id >= 0 && !usable(id) {
			id = -1
		}
	}
	truths = slices.DeleteFunc(truths, func(i int) bool { return i == id })
	human := named(slices.DeleteFunc(slices.Concat(truths, loose), func(i int) bool { return i == id }), humanNames, "human")
	verdicts := slices.DeleteFunc(slices.Clone(truths), func(i int) bool { return i == human })
	flags := []string{"--from", "columns"}
	add := func(k string, i int) { flags = append(flags, "--map", k+"="+header[i]) }
	if judge := named(others, judgeNames, ""); judge >= 0 && judge != id && len(verdicts) > 0 {
		v := named(verdicts, verdictNames, "")
		if v < 0 {
			v = verdicts[0]
		}
		if id >= 0 && unique(rows, id, judge) {
			add("id", id)
		}
		add("judge", judge)
		add("verdict", v)
	} else {
		verdicts = slices.DeleteFunc(verdicts, func(i int) bool { return strings.Contains(header[i], ",") })
		if len(verdicts) == 0 {
			return nil
		}
		if id >= 0 && unique(rows, id, -1) {
			add("id", id)
		}
		names := make([]string, len(verdicts))
		for k, i := range verdicts {
			names[k] = header[i]
		}
		flags = append(flags, "--map", "judge-columns="+strings.Join(names, ","))
	}
	if human >= 0 {
		add("human", human)
	}
	if _, err := ParseMapping(mapArgs(flags)); err != nil {
		return nil // never print a line that does not parse
	}
	return flags
}

// normName is a column name as the names above are matched: lower case,
// spaces and hyphens as underscores ("Item ID" is item_id).
func normName(h string) string {
	return strings.NewReplacer(" ", "_", "-", "_").Replace(strings.ToLower(h))
}

// mapArgs are the KEY=COLUMN values of flags.
func mapArgs(flags []string) []string {
	var kv []string
	for i := 0; i+1 < len(flags); i++ {
		if flags[i] == "--map" {
			kv = append(kv, flags[i+1])
		}
	}
	return kv
}

// truthColumn reports whether column i holds true/false values (as the
// columns reader reads them) in every row that has it, one at least; and,
// when clearly, that it says so clearly: a word (true, yes, …) or at
// least two values (a lone 1 is as likely a count).
func truthColumn(rows [][]string, i int, clearly bool) bool {
	n, word := 0, false
	for _, r := range rows {
		if i >= len(r) {
			continue
		}
		switch strings.ToLower(strings.TrimSpace(r[i])) {
		case "":
		case "true", "false", "yes", "no":
			n, word = n+1, true
		case "1", "0":
			n++
		default:
			return false
		}
	}
	return word || n >= 2 || !clearly && n == 1
}

// unique reports whether column id is filled and unique in rows (per
// value of column by, when by ≥ 0).
func unique(rows [][]string, id, by int) bool {
	seen := map[[2]string]bool{}
	for _, r := range rows {
		if id >= len(r) || strings.TrimSpace(r[id]) == "" || by >= len(r) {
			return false
		}
		k := [2]string{r[id]}
		if by >= 0 {
			k[1] = r[by]
		}
		if seen[k] {
			return false
		}
		seen[k] = true
	}
	return true
}
