package importer

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/model"
)

// The column mapping of the columns format (--map KEY=COLUMN): parsing and
// checking that it describes one layout. The layouts are described in
// columns.go.

// Mapping is a parsed column mapping: each field names the column a key
// reads ("" = not mapped).
type Mapping struct {
	ID        string // id: the item's id (default: the row's line number)
	Human     string // human: the human's true/false label (verdicts)
	Judge     string // judge: a column holding the judge's name
	JudgeName string // judge-name: one judge name for every row (not a column)
	Verdict   string // verdict: the verdict column of the long layout
	Gold      string // gold: 1, 2 or tie (pairs)
	Group     string // group (pairs)
	Prompt    string // prompt (pairs)
	Response1 string // response_1 (pairs)
	Response2 string // response_2 (pairs)
	// JudgeColumns (judge-columns) are one true/false column per judge,
	// named after the judge.
	JudgeColumns []string
	// PA, Choice and Logprobs (p_a.xN, choice.xN, logprobs.xN.A/B) are the
	// pair answers per arrangement; Logprobs[a] holds the A and B columns.
	PA, Choice [model.NumArrangements]string
	Logprobs   [model.NumArrangements][2]string
	// Sep (sep) is the CSV separator; 0 detects it.
	Sep rune
}

// mapKeys lists the keys a mapping accepts, for messages.
const mapKeys = "id, human, judge, judge-name, verdict, judge-columns, gold, group, prompt, response_1, response_2, " +
	"p_a.x0..x3, choice.x0..x3, logprobs.x0.A..logprobs.x3.B, sep"

// ParseMapping parses KEY=COLUMN pairs (as given to --map; judge-columns
// takes a comma-separated list) into a Mapping and checks that it
// describes one layout.
func ParseMapping(kv []string) (Mapping, error) {
	var m Mapping
	set := map[string]bool{}
	for _, e := range kv {
		k, v, ok := strings.Cut(e, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return m, fmt.Errorf("--map %q: want KEY=COLUMN (keys: %s)", e, mapKeys)
		}
		if set[k] {
			return m, fmt.Errorf("--map %s is given twice", k)
		}
		set[k] = true
		if v == "" && k != "sep" {
			return m, fmt.Errorf("--map %s: empty column name", k)
		}
		if err := m.set(k, v); err != nil {
			return m, fmt.Errorf("--map %s: %w", e, err)
		}
	}
	return m, m.check()
}

// set assigns one key.
func (m *Mapping) set(k, v string) error {
	if a, tok, ok := parseArrKey(k); ok {
		switch {
		case strings.HasPrefix(k, "p_a."):
			m.PA[a] = v
		case strings.HasPrefix(k, "choice."):
			m.Choice[a] = v
		default:
			m.Logprobs[a][tok] = v
		}
		return nil
	}
	switch k {
	case "id":
		m.ID = v
	case "human":
		m.Human = v
	case "judge":
		m.Judge = v
	case "judge-name":
		m.JudgeName = v
	case "verdict":
		m.Verdict = v
	case "gold":
		m.Gold = v
	case "group":
		m.Group = v
	case "prompt":
		m.Prompt = v
	case "response_1":
		m.Response1 = v
	case "response_2":
		m.Response2 = v
	case "judge-columns":
		for c := range strings.SplitSeq(v, ",") {
			if c = strings.TrimSpace(c); c == "" {
				return errors.New("empty column name in the list")
			}
			if slices.Contains(m.JudgeColumns, c) {
				return fmt.Errorf("column %q is listed twice", c)
			}
			m.JudgeColumns = append(m.JudgeColumns, c)
		}
	case "sep":
		switch {
		case v == "tab" || v == `\t`:
			m.Sep = '\t'
		case len([]rune(v)) == 1 && v != `"` && v != "\n" && v != "\r":
			m.Sep = []rune(v)[0]
		default:
			return errors.New(`want one character, or "tab"`)
		}
	default:
		return fmt.Errorf("unknown key (keys: %s)", mapKeys)
	}
	return nil
}

// parseArrKey parses p_a.xN, choice.xN and logprobs.xN.A/B.
func parseArrKey(k string) (model.Arrangement, int, bool) {
	for _, prefix := range []string{"p_a.", "choice.", "logprobs."} {
		rest, ok := strings.CutPrefix(k, prefix)
		if !ok {
			continue
		}
		tok := 0
		if prefix == "logprobs." {
			var t string
			rest, t, ok = strings.Cut(rest, ".")
			switch {
			case !ok:
				return 0, 0, false
			case t == "A":
			case t == "B":
				tok = 1
			default:
				return 0, 0, false
			}
		}
		a, ok := model.ParseArrangement(rest)
		return a, tok, ok
	}
	return 0, 0, false
}

// pairwise reports whether the mapping gives pair records.
func (m *Mapping) pairwise() bool {
	for a := range model.NumArrangements {
		if m.PA[a] != "" || m.Choice[a] != "" || m.Logprobs[a][0] != "" || m.Logprobs[a][1] != "" {
			return true
		}
	}
	return false
}

// check tells whether the mapping is complete and consistent.
func (m *Mapping) check() error {
	if m.Judge != "" && m.JudgeName != "" {
		return errors.New("--map: give judge=COLUMN or judge-name=NAME, not both")
	}
	if m.pairwise() {
		if len(m.JudgeColumns) > 0 || m.Verdict != "" || m.Human != "" {
			return errors.New("--map: pair columns (p_a, choice, logprobs) cannot be mixed with verdict columns (judge-columns, verdict, human)")
		}
		n := 0
		for _, has := range []bool{m.PA != [4]string{}, m.Choice != [4]string{}, m.Logprobs != [4][2]string{}} {
			if has {
				n++
			}
		}
		if n > 1 {
			return errors.New("--map: give the judge's answers in one way: p_a, choice or logprobs columns")
		}
		if m.PA[model.X0] == "" && m.Choice[model.X0] == "" && m.Logprobs[model.X0] == [2]string{} {
			return errors.New("--map: x0, the default arrangement, is required (e.g. p_a.x0=COLUMN)")
		}
		if m.Judge == "" && m.JudgeName == "" {
			return errors.New("--map: name the judge: judge=COLUMN or judge-name=NAME")
		}
		return nil
	}
	if m.Gold != "" || m.Group != "" || m.Prompt != "" || m.Response1 != "" || m.Response2 != "" {
		return errors.New("--map: gold, group, prompt, response_1 and response_2 belong to pair columns (p_a, choice or logprobs)")
	}
	switch {
	case len(m.JudgeColumns) > 0 && (m.Verdict != "" || m.Judge != "" || m.JudgeName != ""):
		return errors.New("--map: judge-columns names the judges itself; leave out verdict, judge and judge-name")
	case len(m.JudgeColumns) > 0:
		return nil
	case m.Verdict == "":
		return errors.New("--map: say where the verdicts are: judge-columns=A,B,... or verdict=COLUMN, or p_a.x0=COLUMN for pairs")
	case m.Judge == "" && m.JudgeName == "":
		return errors.New("--map: verdict=COLUMN needs judge=COLUMN or judge-name=NAME")
	}
	return nil
}

// columns lists every column the mapping reads, in a fixed order.
func (m *Mapping) columns() []string {
	cols := []string{m.ID, m.Human, m.Judge, m.Verdict, m.Gold, m.Group, m.Prompt, m.Response1, m.Response2}
	cols = append(cols, m.JudgeColumns...)
	for a := range model.NumArrangements {
		cols = append(cols, m.PA[a], m.Choice[a], m.Logprobs[a][0], m.Logprobs[a][1])
	}
	out := cols[:0]
	for _, c := range cols {
		if c != "" && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}
