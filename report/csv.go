package report

import (
	"encoding/csv"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/plumb-eval/plumb/internal/textsafe"
)

// CSVColumns are the columns of the report CSV (docs/report-csv.md), a tidy
// long table: one row per number, keyed by section, judge, method and
// metric.
var CSVColumns = []string{
	"section", "judge", "method", "metric",
	"value", "ci_low", "ci_high",
	"change", "change_ci_low", "change_ci_high", "mark",
	"n", "note",
}

// csvRow is one row of the report CSV. A nil number is an empty cell; an
// undefined value says why in note.
type csvRow struct {
	section, judge, method, metric string
	value, ciLow, ciHigh           *float64
	change, changeLow, changeHigh  *float64
	mark                           string
	n                              *int
	note                           string
}

// csvSection appends the rows of one section of one judge's report. Each
// section is one function (csv_*.go), in csvSections' order; a new part
// of the report JSON is one more.
type csvSection func(rows []csvRow, judge string, j *Judge) []csvRow

// csvSections are the report CSV's sections, in output order.
var csvSections = []csvSection{
	csvJudgeRows,
	csvSelectionRows,
	csvHeldoutRows,
	csvEvidenceRows,
	csvBiasEffectRows,
	csvReportingRows,
	csvSplitRows,
	csvLikelihoodRows,
	csvStyleRows,
}

// WriteCSV writes the report as the tidy CSV of docs/report-csv.md: RFC
// 4180 (encoding/csv), a header row, then per judge (in the summary's
// order) the rows of every section. Numbers are Go's shortest round-trip
// form, so each parses to the float64 of the report JSON; undefined values
// are empty cells with the reason in note, never NaN. Strings go through
// textsafe.Line (the CSV is printed on a terminal when -o is not given),
// and a string cell that a spreadsheet would run as a formula (first
// character = + - @) gets a leading apostrophe.
func WriteCSV(w io.Writer, d *Doc) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVColumns); err != nil {
		return err
	}
	for _, judge := range csvJudgeOrder(d) {
		j := d.Judges[judge]
		var rows []csvRow
		for _, section := range csvSections {
			rows = section(rows, judge, &j)
		}
		for i := range rows {
			if err := cw.Write(rows[i].cells()); err != nil {
				return err
			}
		}
	}
	for _, r := range csvConditionsRows(d) {
		if err := cw.Write(r.cells()); err != nil {
			return err
		}
	}
	for _, r := range csvPanelRows(d) {
		if err := cw.Write(r.cells()); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// csvJudgeOrder returns the judges of d in the summary's order, then any
// others sorted.
func csvJudgeOrder(d *Doc) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range d.Summary {
		if _, ok := d.Judges[r.Judge]; ok && !seen[r.Judge] {
			out = append(out, r.Judge)
			seen[r.Judge] = true
		}
	}
	var rest []string
	for j := range d.Judges {
		if !seen[j] {
			rest = append(rest, j)
		}
	}
	slices.Sort(rest)
	return append(out, rest...)
}

// cells formats the row in CSVColumns' order.
func (r *csvRow) cells() []string {
	var notes []string
	num := func(name string, v *float64) string {
		if v == nil {
			return ""
		}
		if math.IsNaN(*v) || math.IsInf(*v, 0) {
			// None should reach here (finite values only); never write NaN.
			notes = append(notes, name+" is not a finite number (please report this)")
			return ""
		}
		return strconv.FormatFloat(*v, 'g', -1, 64)
	}
	out := []string{
		csvText(r.section), csvText(r.judge), csvText(r.method), csvText(r.metric),
		num("value", r.value), num("ci_low", r.ciLow), num("ci_high", r.ciHigh),
		num("change", r.change), num("change_ci_low", r.changeLow), num("change_ci_high", r.changeHigh),
		csvText(r.mark), "", "",
	}
	if r.n != nil {
		out[11] = strconv.Itoa(*r.n)
	}
	if r.note != "" {
		notes = append([]string{r.note}, notes...)
	}
	out[12] = csvText(strings.Join(notes, "; "))
	return out
}

// csvText makes a string cell safe: terminal controls as visible escapes
// (textsafe.Line), and a leading apostrophe on a cell that starts with
// = + - or @, which spreadsheets run as a formula (OWASP, "CSV Injection").
// Tab and carriage return, the other two starters OWASP names, are
// already escaped by textsafe.Line.
func csvText(s string) string {
	s = textsafe.Line(s)
	if s != "" && strings.ContainsRune("=+-@", rune(s[0])) {
		return "'" + s
	}
	return s
}

// csvFloat returns a pointer to v.
func csvFloat(v float64) *float64 { return &v }

// csvInt returns a pointer to n.
func csvInt(n int) *int { return &n }

// csvPair returns the ends of an interval (nil: none).
func csvPair(p *[2]float64) (lo, hi *float64) {
	if p == nil {
		return nil, nil
	}
	return csvFloat(p[0]), csvFloat(p[1])
}

// csvPairOf returns the ends of an interval in a map (absent: none).
func csvPairOf(m map[string][2]float64, key string) (lo, hi *float64) {
	if p, ok := m[key]; ok {
		return csvPair(&p)
	}
	return nil, nil
}

// noteFor returns the reason a note list gives for key ("key: reason"),
// or "".
func noteFor(notes []string, key string) string {
	for _, n := range notes {
		if r, ok := strings.CutPrefix(n, key+": "); ok {
			return r
		}
	}
	return ""
}

// undefinedNote is the note of a value: "" when it is defined, else the
// reason (or "undefined" when none was given).
func undefinedNote(v *float64, reason string) string {
	switch {
	case v != nil:
		return ""
	case reason != "":
		return reason
	}
	return "undefined"
}

// joinNotes joins the non-empty notes with "; ".
func joinNotes(notes ...string) string {
	var out []string
	for _, n := range notes {
		if n != "" {
			out = append(out, n)
		}
	}
	return strings.Join(out, "; ")
}

// csvJudgeRows are the judge's record counts (section "judge").
func csvJudgeRows(rows []csvRow, judge string, j *Judge) []csvRow {
	for _, c := range []struct {
		metric string
		n      int
	}{{"pairs", j.Pairs}, {"scores", j.Scores}, {"verdicts", j.Verdicts}} {
		rows = append(rows, csvRow{section: "judge", judge: judge, metric: c.metric, value: csvFloat(float64(c.n))})
	}
	return rows
}
