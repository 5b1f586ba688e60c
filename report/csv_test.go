package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/plumb-eval/plumb/internal/textsafe"
)

// csvDemo analyses the demo with a small bootstrap and half the items held
// out, and returns its report JSON decoded and its CSV parsed (header
// first).
func csvDemo(t *testing.T) (map[string]any, [][]string, []byte) {
	t.Helper()
	c := &csvDemoOnce
	c.Lock()
	defer c.Unlock()
	if c.raw == nil {
		c.doc, c.rows, c.raw = buildCSVDemo(t)
	}
	return c.doc, c.rows, c.raw
}

// csvDemoOnce is csvDemo's report, built on the first call: the tests
// that read it only read it.
var csvDemoOnce struct {
	sync.Mutex
	doc  map[string]any
	rows [][]string
	raw  []byte
}

// buildCSVDemo analyses the demo as csvDemo says.
func buildCSVDemo(t *testing.T) (map[string]any, [][]string, []byte) {
	t.Helper()
	opt := bootOptions(40)
	opt.Selection.EstFrac = 0.5
	an, js := bootDoc(t, opt)
	var doc map[string]any
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteCSV(&b, BuildDoc(an, "t")); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(b.Bytes())).ReadAll()
	if err != nil {
		t.Fatalf("the CSV does not parse: %v", err)
	}
	return doc, rows, b.Bytes()
}

// jsonAt walks a decoded JSON document along keys; ok is false when a key
// is missing.
func jsonAt(v any, keys ...string) (any, bool) {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[k]; !ok {
			return nil, false
		}
	}
	return v, true
}

// TestCSVEqualsJSON writes the demo's report as CSV and as JSON and checks
// every number of the CSV against the JSON's, bit for bit: values,
// intervals, counts, marks; the change from raw is the JSON's value minus
// raw's. Empty cells carry a note, no cell is NaN, and every method and
// metric of the JSON's methods tables has its row.
func TestCSVEqualsJSON(t *testing.T) {
	doc, rows, _ := csvDemo(t)
	if strings.Join(rows[0], ",") != strings.Join(CSVColumns, ",") {
		t.Fatalf("header %v, want %v", rows[0], CSVColumns)
	}
	col := map[string]int{}
	for i, c := range CSVColumns {
		col[c] = i
	}
	num := func(r []string, c string) (float64, bool) {
		s := r[col[c]]
		if s == "" {
			return 0, false
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("%s %q: %v (row %v)", c, s, err, r)
		}
		return v, true
	}
	// judge names as the CSV writes them.
	judgeKey := map[string]string{}
	for j := range doc["judges"].(map[string]any) {
		judgeKey[textsafe.Line(j)] = j
	}
	check := func(r []string, c string, want any, have bool) {
		t.Helper()
		got, ok := num(r, c)
		w, isNum := want.(float64)
		switch {
		case !have || want == nil:
			if ok {
				t.Errorf("%v: %s = %v, the JSON has none", r[:4], c, got)
			}
		case !isNum:
			t.Errorf("%v: %s: the JSON has %v", r[:4], c, want)
		case !ok:
			t.Errorf("%v: %s empty, the JSON has %v", r[:4], c, w)
		case got != w:
			t.Errorf("%v: %s = %v, the JSON has %v", r[:4], c, got, w)
		}
	}
	pair := func(r []string, lo, hi string, v any, ok bool) {
		t.Helper()
		a, _ := v.([]any)
		if !ok || len(a) != 2 {
			check(r, lo, nil, false)
			check(r, hi, nil, false)
			return
		}
		check(r, lo, a[0], true)
		check(r, hi, a[1], true)
	}
	seen := map[string]int{}
	for _, r := range rows[1:] {
		if len(r) != len(CSVColumns) {
			t.Fatalf("row %v has %d cells", r, len(r))
		}
		for _, c := range r {
			if strings.Contains(strings.ToLower(c), "nan") && !strings.Contains(c, " ") {
				t.Errorf("row %v has a NaN cell", r)
			}
		}
		if r[col["value"]] == "" && r[col["note"]] == "" {
			t.Errorf("row %v: no value and no note", r)
		}
		sec, judge, method, metric := r[0], judgeKey[r[1]], r[2], r[3]
		seen[sec]++
		j := doc["judges"].(map[string]any)[judge]
		switch sec {
		case "judge":
			v, ok := jsonAt(j, metric)
			check(r, "value", v, ok)
		case "selection", "selection_heldout":
			if metric == distanceMetric {
				checkDistanceRow(t, r, col, j, check, pair)
				continue
			}
			m, _ := jsonAt(j, "selection", "methods", method)
			ms := m
			if sec == "selection_heldout" {
				ms, _ = jsonAt(m, "heldout")
			}
			v, ok := jsonAt(ms, metric)
			check(r, "value", v, ok)
			n, ok := jsonAt(ms, "counts", metric)
			check(r, "n", n, ok)
			ci, ok := jsonAt(ms, "ci95", metric)
			pair(r, "ci_low", "ci_high", ci, ok)
			dci, ok := jsonAt(ms, "delta_ci95", metric)
			pair(r, "change_ci_low", "change_ci_high", dci, ok)
			word, _ := jsonAt(ms, "change", metric)
			if w, _ := word.(string); w != r[col["mark"]] {
				t.Errorf("%v: mark %q, the JSON says %q", r[:4], r[col["mark"]], w)
			}
			rawm, _ := jsonAt(j, "selection", "methods", "raw")
			if sec == "selection_heldout" {
				rawm, _ = jsonAt(rawm, "heldout")
			}
			rv, _ := jsonAt(rawm, metric)
			if vf, ok := v.(float64); ok && method != "raw" {
				if rf, ok := rv.(float64); ok {
					check(r, "change", vf-rf, true)
				} else {
					check(r, "change", nil, false)
				}
			} else {
				check(r, "change", nil, false)
			}
		case "bias_effects":
			e, _ := jsonAt(j, "selection", "bias_effects", metric)
			v, ok := jsonAt(e, "estimate")
			check(r, "value", v, ok)
			ci, ok := jsonAt(e, "ci")
			pair(r, "ci_low", "ci_high", ci, ok)
			n, ok := jsonAt(e, "n")
			check(r, "n", n, ok)
		case "reporting":
			rep, _ := jsonAt(j, "reporting")
			if tg, _ := jsonAt(rep, "target"); tg != method {
				t.Errorf("%v: method %q, the JSON's target %v", r[:4], method, tg)
			}
			v, ok := jsonAt(rep, metric)
			check(r, "value", v, ok)
			switch metric {
			case "p_hat":
				ci, ok := jsonAt(rep, "p_hat_ci")
				pair(r, "ci_low", "ci_high", ci, ok)
			case "theta_hat":
				lo, ok1 := jsonAt(rep, "ci_lower")
				hi, ok2 := jsonAt(rep, "ci_upper")
				pair(r, "ci_low", "ci_high", []any{lo, hi}, ok1 && ok2 && lo != nil && hi != nil)
			}
		case "reporting_split":
			v, ok := jsonAt(j, "reporting", "splits", method, metric)
			check(r, "value", v, ok)
		case "likelihood":
			b, _ := jsonAt(j, "likelihood", "criteria", method)
			if method == "total" {
				b, _ = jsonAt(j, "likelihood", "total")
			}
			v, ok := jsonAt(b, metric)
			check(r, "value", v, ok)
			n, ok := jsonAt(b, "n")
			check(r, "n", n, ok)
			if metric == "bias_score" {
				ci, ok := jsonAt(b, "ci95")
				pair(r, "ci_low", "ci_high", ci, ok)
			}
		case "panel", "panel_kappa", "panel_pairs":
			v, ci, ok := panelCSVValue(doc["panel"], r[1], method, metric, sec)
			if !ok {
				t.Errorf("%v: no such number in the JSON's panel", r[:4])
			}
			check(r, "value", v, ok)
			pair(r, "ci_low", "ci_high", ci, ci != nil)
		default:
			t.Errorf("unknown section %q", sec)
		}
	}
	for _, s := range []string{"judge", "selection", "selection_heldout", "bias_effects", "reporting", "reporting_split", "likelihood"} {
		if seen[s] == 0 {
			t.Errorf("no %s rows (sections: %v)", s, seen)
		}
	}
	// Coverage: every method × metric of every judge's methods table.
	have := map[string]bool{}
	for _, r := range rows[1:] {
		have[strings.Join(r[:4], "|")] = true
	}
	for judge, j := range doc["judges"].(map[string]any) {
		ms, _ := jsonAt(j, "selection", "methods")
		for method := range ms.(map[string]any) {
			for _, f := range metricKeys {
				if k := strings.Join([]string{"selection", textsafe.Line(judge), method, f.key}, "|"); !have[k] {
					t.Errorf("no row %s", k)
				}
			}
		}
	}
	t.Logf("%d rows: %v", len(rows)-1, seen)
}

// TestCSVSafeStrings checks the CSV's string cells: a judge name that a
// spreadsheet would run as a formula gets a leading apostrophe, terminal
// controls are visible escapes, a comma or quote is quoted per RFC 4180,
// and a negative number is written as it is.
func TestCSVSafeStrings(t *testing.T) {
	names := []string{"=HYPERLINK(\"http://x\",\"y\")", "+1", "-2", "@SUM(A1)", "\x1b[31mred", "a,b \"q\"", "plain"}
	d := &Doc{Judges: map[string]Judge{}}
	for _, n := range names {
		neg := -0.25
		d.Judges[n] = Judge{Pairs: 3, Likelihood: &Likelihood{Criteria: map[string]*BiasScore{}, Total: &BiasScore{BiasScore: &neg, N: 5, Notes: []string{}}}}
	}
	var b bytes.Buffer
	if err := WriteCSV(&b, d); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{`'=HYPERLINK("http://x","y")`: true, "'+1": true, "'-2": true, "'@SUM(A1)": true, `\x1b[31mred`: true, `a,b "q"`: true, "plain": true}
	got := map[string]bool{}
	for _, r := range rows[1:] {
		got[r[1]] = true
		if r[3] == "bias_score" && r[4] != "-0.25" {
			t.Errorf("negative value written %q", r[4])
		}
		if r[3] == "p_value" && r[12] != "undefined" {
			t.Errorf("undefined p-value note %q", r[12])
		}
	}
	for n := range want {
		if !got[n] {
			t.Errorf("no judge cell %q among %v", n, got)
		}
	}
	if strings.Contains(b.String(), "\x1b") {
		t.Error("the CSV holds an escape character")
	}
}

// TestCSVPandas reads the demo's CSV with pandas, as docs/report-csv.md
// shows, pivots the methods table and checks one number against Go's, bit
// for bit: that needs float_precision="round_trip" (pandas 1.5's default
// parser read 0.21766666666666667 as 0.2176666666666666).
// It needs a Python with pandas — $PLUMB_PYTHON, python3 on PATH or the
// system's /usr/bin/python3 (Debian: apt install python3-pandas) — and
// skips without.
func TestCSVPandas(t *testing.T) {
	py := pandasPython()
	if py == "" {
		t.Skip("no python3 with pandas ($PLUMB_PYTHON, python3 on PATH, /usr/bin/python3; Debian: apt install python3-pandas): the pandas check is skipped")
	}
	doc, rows, raw := csvDemo(t)
	path := filepath.Join(t.TempDir(), "report.csv")
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	script := `
import sys
import pandas as pd
df = pd.read_csv(sys.argv[1], float_precision="round_trip")
assert list(df.columns) == sys.argv[2].split(","), list(df.columns)
assert df["value"].dtype.kind == "f", df["value"].dtype
sel = df[df.section == "selection"]
table = sel.pivot(index=["judge", "method"], columns="metric", values="value")
print(repr(float(table.loc[("judge-first", "pride"), "consistency"])))
print(len(df))
`
	out, err := exec.Command(py, "-c", script, path, strings.Join(CSVColumns, ",")).CombinedOutput()
	if err != nil {
		t.Fatalf("pandas: %v\n%s", err, out)
	}
	lines := strings.Fields(string(out))
	want, _ := jsonAt(doc, "judges", "judge-first", "selection", "methods", "pride", "consistency")
	if len(lines) != 2 || lines[0] != strconv.FormatFloat(want.(float64), 'g', -1, 64) && lines[0] != fmt.Sprint(want) {
		t.Errorf("pandas read %q, the JSON has %v", lines, want)
	}
	if len(lines) == 2 && lines[1] != strconv.Itoa(len(rows)-1) {
		t.Errorf("pandas read %s rows, the CSV has %d", lines[1], len(rows)-1)
	}
}

// pandasPython returns the first Python that finds pandas, or "". It asks
// importlib for pandas' spec rather than importing it (pandas' import is
// about 0.4 s of CPU; the check then runs it once, not twice).
func pandasPython() string {
	cands := []string{os.Getenv("PLUMB_PYTHON")}
	if p, err := exec.LookPath("python3"); err == nil {
		cands = append(cands, p)
	}
	cands = append(cands, "/usr/bin/python3")
	for _, c := range cands {
		if c != "" && exec.Command(c, "-c", "import importlib.util, sys; sys.exit(importlib.util.find_spec('pandas') is None)").Run() == nil {
			return c
		}
	}
	return ""
}

// checkDistanceRow checks a first_position_distance row of the CSV against
// the JSON: the value is |first_position_rate − 0.5| of the same method and
// table, n the rate's count, the change that value minus raw's, its
// interval distance_delta_ci95.first_position_rate and the mark the rate's
// change word.
func checkDistanceRow(t *testing.T, r []string, col map[string]int, j any,
	check func([]string, string, any, bool), pair func([]string, string, string, any, bool)) {
	t.Helper()
	sec, method := r[0], r[2]
	at := func(method string) any {
		m, _ := jsonAt(j, "selection", "methods", method)
		if sec == "selection_heldout" {
			m, _ = jsonAt(m, "heldout")
		}
		return m
	}
	dist := func(ms any) (float64, bool) {
		v, _ := jsonAt(ms, distanceRateKey)
		f, ok := v.(float64)
		return math.Abs(f - 0.5), ok
	}
	ms := at(method)
	d, ok := dist(ms)
	check(r, "value", d, ok)
	n, okN := jsonAt(ms, "counts", distanceRateKey)
	check(r, "n", n, okN)
	check(r, "ci_low", nil, false)
	check(r, "ci_high", nil, false)
	dci, okD := jsonAt(ms, "distance_delta_ci95", distanceRateKey)
	pair(r, "change_ci_low", "change_ci_high", dci, okD)
	word, _ := jsonAt(ms, "change", distanceRateKey)
	if w, _ := word.(string); w != r[col["mark"]] {
		t.Errorf("%v: mark %q, the JSON says %q", r[:4], r[col["mark"]], w)
	}
	if rd, okR := dist(at("raw")); ok && okR && method != "raw" {
		check(r, "change", d-rd, true)
	} else {
		check(r, "change", nil, false)
	}
}
