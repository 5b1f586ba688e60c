package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// TestCSVStyleEqualsJSON: on a simulated log of two generators (a
// length-biased judge and one that is the generator "big" and prefers it),
// every style row of the CSV carries the JSON report's number, interval
// and count for its key, bit for bit; every section is there, and the
// JSON's style values all have a row (docs/report-csv.md).
func TestCSVStyleEqualsJSON(t *testing.T) {
	an, _, js := renderStyle(t, styleLog(t, "big", "small"), styleOptions(50))
	var doc struct {
		Judges map[string]struct {
			Style *Style `json:"style"`
		} `json:"judges"`
	}
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteCSV(&b, BuildDoc(an, "test")); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, c := range CSVColumns {
		col[c] = i
	}
	type key struct{ section, judge, method, metric string }
	got := map[key][]string{}
	for _, r := range rows[1:] {
		if strings.HasPrefix(r[0], "style_") {
			got[key{r[0], r[1], r[2], r[3]}] = r
		}
	}
	cell := func(v *float64) string {
		if v == nil {
			return ""
		}
		return strconv.FormatFloat(*v, 'g', -1, 64)
	}
	want := func(k key, v *float64, ci *[2]float64, n *int) {
		t.Helper()
		r, ok := got[k]
		if !ok {
			if v != nil {
				t.Errorf("no CSV row for %v (JSON value %v)", k, *v)
			}
			return
		}
		delete(got, k)
		lo, hi := "", ""
		if ci != nil {
			lo, hi = cell(&ci[0]), cell(&ci[1])
		}
		ns := ""
		if n != nil {
			ns = strconv.Itoa(*n)
		}
		if r[col["value"]] != cell(v) || r[col["ci_low"]] != lo || r[col["ci_high"]] != hi || r[col["n"]] != ns {
			t.Errorf("%v: CSV value %q [%q, %q] n %q; JSON %q [%q, %q] n %q", k,
				r[col["value"]], r[col["ci_low"]], r[col["ci_high"]], r[col["n"]], cell(v), lo, hi, ns)
		}
		if v == nil && r[col["note"]] == "" {
			t.Errorf("%v: undefined without a reason", k)
		}
	}
	ciOf := func(m map[string][2]float64, k string) *[2]float64 {
		if p, ok := m[k]; ok {
			return &p
		}
		return nil
	}
	nOf := func(m map[string]int, k string) *int {
		if n, ok := m[k]; ok {
			return &n
		}
		return nil
	}
	sections := map[string]int{}
	for judge, j := range doc.Judges {
		s := j.Style
		if s == nil {
			t.Fatalf("judge %s has no style section", judge)
		}
		l := s.Length
		for metric, v := range map[string]*float64{"longer_preference": l.LongerPreference, "longer_raw": l.LongerRaw,
			"longer_balanced": l.LongerBalanced, "longer_when_gold_shorter": l.LongerWhenGoldShorter, "slope": l.Slope} {
			want(key{"style_length", judge, s.Pref, metric}, v, ciOf(l.CI95, metric), nOf(l.Counts, metric))
		}
		sections["style_length"]++
		for _, g := range l.GeneratorLonger {
			want(key{"style_length", judge, g.Model + " vs " + g.Opponent, "longer_share"}, &g.Share, nil, &g.N)
			sections["style_length_longer_share"]++
		}
		if p := s.SelfPreference; p != nil {
			if bo := p.BeyondOthers; bo != nil {
				want(key{"style_self", judge, p.Model, "beyond_others"}, bo.Value, bo.CI95, &bo.N)
				sections["style_self_beyond_others"]++
			}
			want(key{"style_self", judge, p.Model, "own_preference"}, p.OwnPreference, ciOf(p.CI95, "own_preference"), nOf(p.Counts, "own_preference"))
			want(key{"style_self", judge, p.Model, "beyond_quality"}, p.BeyondQuality, ciOf(p.CI95, "beyond_quality"), nOf(p.Counts, "beyond_quality"))
			sections["style_self"]++
		}
		for _, w := range s.WinRates {
			method := w.Model + " vs all"
			if w.Opponent != nil {
				method = w.Model + " vs " + *w.Opponent
			}
			for metric, v := range map[string]*float64{"raw": w.Raw, "balanced": w.Balanced, "calibrated": w.Calibrated,
				"length_controlled": w.LengthControlled, "slope": w.Slope} {
				want(key{"style_win_rate", judge, method, metric}, v, ciOf(w.CI95, metric), nOf(w.Counts, metric))
			}
			want(key{"style_win_rate", judge, method, "corrected"}, w.Corrected, w.CorrectedCI, nOf(w.Counts, "corrected"))
			sections["style_win_rate"]++
		}
		for _, bt := range s.BradleyTerry {
			want(key{"style_bradley_terry", judge, bt.Model, "score"}, bt.Score, bt.CI95, &bt.N)
			sections["style_bradley_terry"]++
		}
	}
	for k := range got {
		t.Errorf("CSV row %v has no JSON value", k)
	}
	for _, s := range []string{"style_length", "style_self", "style_win_rate", "style_length_longer_share", "style_self_beyond_others"} {
		if sections[s] == 0 {
			t.Errorf("no %s rows to compare (%v)", s, sections)
		}
	}
}
