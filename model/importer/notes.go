package importer

import (
	"fmt"
	"github.com/plumb-eval/plumb/internal/jsonscan"
	"github.com/plumb-eval/plumb/internal/vocab"
	"strings"
)

// What an importer could not use, counted per judge of a file and turned
// into Log.Notes, so that nothing is dropped silently.

// maxValues is how many distinct unreadable spellings a note lists.
const maxValues = 4

// tally holds the counts of one file, by judge in order of appearance.
type tally struct {
	file   string
	order  []string
	judges map[string]*judgeCount
	// noHuman counts rows whose human label (column humanCol) is empty.
	noHuman  int
	humanCol string
	// annotated counts the PandaLM test-set items whose annotators were
	// read as judges (Options.Annotators).
	annotated int
	// convs counts values read by a documented conversion (a JSON boolean
	// or number kept as a text, a choice in lower case), by kind.
	convs []*conversion
}

// Kinds of conversion: what the note says of one value and of several.
var (
	convText = convKind{"text", "is a JSON boolean or number, not a string: kept as written",
		"are JSON booleans or numbers, not strings: kept as written"}
	convChoice = convKind{"choice", "is in lower or mixed case: read as A, B or tie regardless of case",
		"are in lower or mixed case: read as A, B or tie regardless of case"}
)

// convKind names a conversion: the noun of a value, and the rest of the
// note for one value and for several.
type convKind struct{ noun, one, many string }

// conversion counts the values of one kind that a documented conversion
// read: by field in order of appearance, and the first value and its line.
type conversion struct {
	kind    convKind
	n       int
	fields  []valueCount // field name and count
	example string
	line    int
}

// convert counts one value of field, on line, read by the conversion kind;
// example is the value as written.
func (t *tally) convert(kind convKind, field string, line int, example string) {
	var c *conversion
	for _, cv := range t.convs {
		if cv.kind == kind {
			c = cv
		}
	}
	if c == nil {
		c = &conversion{kind: kind, example: example, line: line}
		t.convs = append(t.convs, c)
	}
	c.n++
	for i := range c.fields {
		if c.fields[i].value == field {
			c.fields[i].n++
			return
		}
	}
	c.fields = append(c.fields, valueCount{field, 1})
}

// judgeCount holds one judge's counts in one file.
type judgeCount struct {
	verdicts int  // verdicts seen, readable or not
	unread   int  // verdicts that could not be read (missing arrangements)
	leftOut  int  // items without a readable x0, left out
	lostBad  int  // unreadable verdicts of the left-out items
	lostGood int  // readable verdicts of the left-out items
	verdictK bool // the judge gives verdict records, not pairs
	noGold   int  // items whose annotators have no majority
	unscored int  // items without readable scores (soft-preference judges)
	unjoined int  // items missing from the file that holds gold and texts
	// alpaca counts AlpacaEval items with a readable preference by what
	// their log-probabilities say of the shown order (alpacaOrder).
	alpaca [orderMismatch + 1]int
	values []valueCount
	others int // unreadable verdicts beyond the listed spellings
}

type valueCount struct {
	value string
	n     int
}

func newTally(file string) *tally { return &tally{file: file, judges: map[string]*judgeCount{}} }

// get returns judge's counts, creating them.
func (t *tally) get(judge string) *judgeCount {
	jc := t.judges[judge]
	if jc == nil {
		jc = &judgeCount{}
		t.judges[judge] = jc
		t.order = append(t.order, judge)
	}
	return jc
}

// value counts one unreadable verdict by its spelling (raw JSON; nil for a
// missing field).
func (jc *judgeCount) value(raw []byte) {
	v := "missing"
	if raw != nil {
		v = jsonscan.Show(raw)
	}
	for i := range jc.values {
		if jc.values[i].value == v {
			jc.values[i].n++
			return
		}
	}
	if len(jc.values) < maxValues {
		jc.values = append(jc.values, valueCount{v, 1})
		return
	}
	jc.others++
}

// notes renders the file's counts as notes, in judge order.
func (t *tally) notes() []string {
	var out []string
	for _, j := range t.order {
		jc := t.judges[j]
		head := t.file + ": judge " + j + ": "
		switch {
		case jc.unread > 0 && jc.verdictK:
			out = append(out, fmt.Sprintf("%s%d of %d verdicts are empty: left out", head, jc.unread, jc.verdicts))
		case jc.unread > 0:
			msg := fmt.Sprintf("%s%d of %d verdicts could not be read (%s)", head, jc.unread, jc.verdicts, jc.spellings())
			if kept := jc.unread - jc.lostBad; kept > 0 {
				msg += fmt.Sprintf("; %d kept as missing arrangements", kept)
			}
			if jc.leftOut > 0 {
				msg += fmt.Sprintf("; %s left out for want of a first-order verdict (x0, which a pair record needs)",
					vocab.Plural(jc.leftOut, "item"))
				if jc.lostGood > 0 {
					msg += fmt.Sprintf(" (with %s in other orders)", vocab.Plural(jc.lostGood, "readable verdict"))
				}
			}
			out = append(out, msg)
		case jc.leftOut > 0:
			out = append(out, fmt.Sprintf("%s%s left out: no verdict in the first order (x0), which a pair record needs",
				head, vocab.Plural(jc.leftOut, "item")))
		}
		if jc.unscored > 0 {
			out = append(out, fmt.Sprintf("%s%s without readable scores, left out of the soft preferences",
				head, vocab.Plural(jc.unscored, "item")))
		}
		if jc.unjoined > 0 {
			out = append(out, fmt.Sprintf("%s%s not in the test set: no gold, no texts",
				head, vocab.Plural(jc.unjoined, "item")))
		}
		if note := jc.alpacaNote(); note != "" {
			out = append(out, head+note)
		}
		if jc.noGold > 0 {
			out = append(out, fmt.Sprintf("%s%s without gold: the annotators have no majority",
				head, vocab.Plural(jc.noGold, "item")))
		}
	}
	for _, c := range t.convs {
		fields := make([]string, len(c.fields))
		for i, f := range c.fields {
			fields[i] = fmt.Sprintf("%s ×%d", f.value, f.n)
		}
		what := c.kind.many
		if c.n == 1 {
			what = c.kind.one
		}
		out = append(out, fmt.Sprintf("%s: %s %s (%s; the first at line %d: %s)", t.file, vocab.Plural(c.n, c.kind.noun), what,
			strings.Join(fields, ", "), c.line, c.example))
	}
	if t.noHuman > 0 {
		out = append(out, fmt.Sprintf("%s: %s without a human label (empty %s): unlabelled",
			t.file, vocab.Plural(t.noHuman, "row"), t.humanCol))
	}
	if t.annotated > 0 {
		out = append(out, fmt.Sprintf("%s: the annotators of %s are judges annotator-1, annotator-2 and annotator-3 (--annotators); "+
			"the gold is their majority, so an annotator's accuracy is its agreement with a majority it is part of, not with an independent truth",
			t.file, vocab.Plural(t.annotated, "item")))
	}
	return out
}

// recovered is the number of AlpacaEval items whose shown order was
// recovered.
func (jc *judgeCount) recovered() int { return jc.alpaca[orderFirst1] + jc.alpaca[orderFirst2] }

// alpacaNote says what became of the shown order of AlpacaEval items, or
// "" when no item had the log-probabilities to recover it from (the
// collector's note on one-order judges says so).
func (jc *judgeCount) alpacaNote() string {
	a := jc.alpaca
	if jc.recovered()+a[orderAmbiguous]+a[orderMismatch] == 0 {
		return ""
	}
	total := 0
	for _, n := range a {
		total += n
	}
	msg := fmt.Sprintf("AlpacaEval showed each pair in one order, chosen at random; the log-probabilities of m and M give it "+
		"for %d of %d items (%d with output_1 first, %d with output_2 first), each recorded as shown, the output shown "+
		"first as response_1 in x0: position bias shows across items (the first-position rate), but consistency, which "+
		"needs both orders of one item, cannot be measured", jc.recovered(), total, a[orderFirst1], a[orderFirst2])
	if n := a[orderNone]; n > 0 {
		msg += fmt.Sprintf("; %s without the log-probabilities of m and M keep the stored order (output_1 first), "+
			"with P(A) = 2 − preference", vocab.Plural(n, "item"))
	}
	if n := a[orderAmbiguous]; n > 0 {
		msg += fmt.Sprintf("; %s with P(m) = P(M), which either order explains, keep the stored order", vocab.Plural(n, "item"))
	}
	if n := a[orderMismatch]; n > 0 {
		msg += fmt.Sprintf("; %s whose preference matches neither order of the log-probabilities keep the stored "+
			"order, with P(A) = 2 − preference", vocab.Plural(n, "item"))
	}
	return msg
}

// spellings lists the unreadable values: `"error" ×2, null ×1`.
func (jc *judgeCount) spellings() string {
	parts := make([]string, 0, len(jc.values)+1)
	for _, v := range jc.values {
		parts = append(parts, fmt.Sprintf("%s ×%d", v.value, v.n))
	}
	if jc.others > 0 {
		parts = append(parts, fmt.Sprintf("others ×%d", jc.others))
	}
	return strings.Join(parts, ", ")
}
