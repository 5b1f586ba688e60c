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
	// Swap (swap=x1 or swap=x2) says which arrangement the second run of a
	// two-order file is; ParseMapping has already moved the swapped-order
	// columns (p_a.swapped, choice.swapped, logprobs.swapped.A/B) into it.
	// It is required whenever the mapping gives x0 and one other order: see
	// swapHelp. 0 (x0) = not given.
	Swap model.Arrangement
	// swapped holds the .swapped columns until check places them: p_a,
	// choice, logprobs A, logprobs B.
	swapped [4]string
	// Sep (sep) is the CSV separator; 0 detects it.
	Sep rune
}

// swapHelp explains the two swapped arrangements, for the error of a
// mapping that does not say which one its second run is. plumb does not
// guess: the two read the same column in opposite ways for probabilities
// (x1: P(A) is P(response_1 better); x2: P(response_2 better)).
const swapHelp = "say which arrangement the swapped-order column is, with --map swap=x1 or --map swap=x2. " +
	"x1: the second run shows response_2 first and calls it B (IDs follow the content); " +
	"x2: the second run shows response_2 first and calls it A (IDs stay on positions), " +
	"as FastChat/MT-Bench, LLMBar, JudgeBench and Arena-Hard do. " +
	"Either way the column holds the judge's answer as given (its P(A), or A/B/tie)"

// mapKeys lists the keys a mapping accepts, for messages.
const mapKeys = "id, human, judge, judge-name, verdict, judge-columns, gold, group, prompt, response_1, response_2, " +
	"p_a.x0..x3, choice.x0..x3, logprobs.x0.A..logprobs.x3.B, p_a.swapped, choice.swapped, logprobs.swapped.A/B, swap, sep"

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
	switch k {
	case "p_a.swapped":
		m.swapped[0] = v
		return nil
	case "choice.swapped":
		m.swapped[1] = v
		return nil
	case "logprobs.swapped.A":
		m.swapped[2] = v
		return nil
	case "logprobs.swapped.B":
		m.swapped[3] = v
		return nil
	case "swap":
		switch v {
		case "x1":
			m.Swap = model.X1
		case "x2":
			m.Swap = model.X2
		default:
			return errors.New("want x1 or x2: " + swapHelp[strings.Index(swapHelp, "x1: "):])
		}
		return nil
	}
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
	if m.swapped != [4]string{} {
		return true
	}
	for a := range model.NumArrangements {
		if m.PA[a] != "" || m.Choice[a] != "" || m.Logprobs[a][0] != "" || m.Logprobs[a][1] != "" {
			return true
		}
	}
	return false
}

// placeSwap moves the .swapped columns into the arrangement swap= names
// (when it names one and no explicit x1..x3 column competes; checkSwap
// explains the rest).
func (m *Mapping) placeSwap() {
	if m.swapped == [4]string{} || m.Swap == 0 || len(m.otherOrders()) > 0 {
		return
	}
	a := m.Swap
	m.PA[a], m.Choice[a], m.Logprobs[a] = m.swapped[0], m.swapped[1], [2]string{m.swapped[2], m.swapped[3]}
	m.swapped = [4]string{}
}

// otherOrders lists the arrangements other than x0 mapped explicitly
// (after placeSwap, the swapped one too).
func (m *Mapping) otherOrders() []model.Arrangement {
	var orders []model.Arrangement
	for _, a := range []model.Arrangement{model.X1, model.X2, model.X3} {
		if m.PA[a] != "" || m.Choice[a] != "" || m.Logprobs[a] != [2]string{} {
			orders = append(orders, a)
		}
	}
	return orders
}

// checkSwap checks swap= against the pair columns. swap= is required
// exactly when the mapping gives x0 and one other order (a .swapped
// column, or an explicit x1 or x2 key, which swap= must then repeat): a
// two-run file is x1 or x2 depending on how the tool named its options, and
// plumb does not guess. A mapping of three or four orders names them all
// itself and takes no swap=.
func (m *Mapping) checkSwap() error {
	orders := m.otherOrders()
	switch {
	case m.swapped != [4]string{} && len(orders) > 0:
		return fmt.Errorf("--map: give the second run either as a .swapped column with swap= or as %s columns, not both", orders[0])
	case m.swapped != [4]string{}:
		return errors.New("--map: " + swapHelp)
	case len(orders) == 1 && orders[0] != model.X3 && m.Swap == 0:
		return fmt.Errorf("--map: the %s column is a swapped-order column (the second run): %s", orders[0], swapHelp)
	case len(orders) == 1 && orders[0] != model.X3 && m.Swap != orders[0]:
		return fmt.Errorf("--map: swap=%s, but the swapped-order column is mapped as %s: map it as p_a.swapped=COL (or choice.swapped, logprobs.swapped.A/B) with the swap= you mean", m.Swap, orders[0])
	case m.Swap != 0 && len(orders) == 0:
		return errors.New("--map: swap= names the arrangement of the second run of a two-order mapping; " +
			"map that run's column too (p_a.swapped=COL, choice.swapped=COL or logprobs.swapped.A/B=COL)")
	case m.Swap != 0 && len(orders) > 1:
		return errors.New("--map: swap= is for a mapping of two orders (x0 and the swapped run); " +
			"this one names its orders itself (x1..x3 columns): leave swap= out")
	}
	return nil
}

// check tells whether the mapping is complete and consistent.
func (m *Mapping) check() error {
	m.placeSwap()
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
		return m.checkSwap()
	}
	if m.Swap != 0 {
		return errors.New("--map: swap= belongs to pair columns (p_a, choice or logprobs)")
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
