package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestStyleDifficulty: with instruction difficulties (--instruction-
// difficulty) every win-rate row carries length_controlled_difficulty in
// the JSON (the analysis's AlpacaEval 2.0 fit), a CSV row and a Markdown
// column named for its form; without a difficulty for one item the rows
// that hold it say why in their notes and leave the key out; without the
// flag nothing of it is written.
func TestStyleDifficulty(t *testing.T) {
	lg := styleLog(t, "big", "small")
	index := map[string]int{}
	for i := range lg.Pairs {
		id := lg.Pairs[i].ID
		if _, ok := index[id]; !ok {
			index[id] = len(index)
		}
		lg.Pairs[i].ID = fmt.Sprintf("small vs big/%d", index[id])
	}
	diff := map[int]float64{}
	for k := range len(index) {
		diff[k] = float64(k%7)/3 - 1
	}
	opt := styleOptions(0)
	opt.Style.DifficultyFile, opt.Style.Difficulty = "difficulty.csv", diff
	an, md, js := renderStyle(t, lg, opt)
	ws := an.Judges[0].Style.WinRates
	var doc struct {
		Judges map[string]struct {
			Style struct {
				WinRates []map[string]json.RawMessage `json:"win_rates"`
			} `json:"style"`
		} `json:"judges"`
	}
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	rows := doc.Judges[an.Judges[0].Judge].Style.WinRates
	if len(rows) != len(ws) || len(ws) == 0 {
		t.Fatalf("%d JSON rows, %d win rates", len(rows), len(ws))
	}
	for i, w := range ws {
		if !w.LengthControlledDifficulty.OK() || w.DifficultyFit == nil {
			t.Fatalf("%s vs %q: %+v", w.Model, w.Opponent, w.LengthControlledDifficulty)
		}
		if got, want := string(rows[i]["length_controlled_difficulty"]), string(mustJSON(t, w.LengthControlledDifficulty.Value)); got != want {
			t.Errorf("%s vs %q: length_controlled_difficulty %s, analysis %s", w.Model, w.Opponent, got, want)
		}
	}
	if !strings.Contains(string(js), `"instruction_difficulty": "difficulty.csv"`) {
		t.Errorf("options.style lacks the file")
	}
	if !strings.Contains(md, "| LC (minimal GLM) | LC (+difficulty) |") ||
		!strings.Contains(md, "LC (+difficulty) is AlpacaEval 2.0's form with instruction difficulty (length_controlled_noreg") {
		t.Errorf("the Markdown lacks the difficulty column or its form:\n%s", md)
	}
	var csv bytes.Buffer
	if err := WriteCSV(&csv, BuildDoc(an, "test")); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(csv.String(), ",length_controlled_difficulty,"); n != len(ws)*len(an.Judges) {
		t.Errorf("%d CSV rows of length_controlled_difficulty, want %d", n, len(ws)*len(an.Judges))
	}

	// One item without a difficulty: its rows are undefined, with the reason.
	delete(diff, 3)
	an, _, js = renderStyle(t, lg, opt)
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	for _, r := range doc.Judges[an.Judges[0].Judge].Style.WinRates {
		if v, ok := r["length_controlled_difficulty"]; ok {
			t.Errorf("an undefined rate is written: %s", v)
		}
	}
	if !strings.Contains(string(js), `length_controlled_difficulty: 1 of 400 items have no instruction difficulty (the first: id \"small vs big/3\"`) {
		t.Errorf("no reason for the undefined rate in the JSON")
	}

	// Without difficulties: nothing of it.
	_, md, js = renderStyle(t, lg, styleOptions(0))
	if strings.Contains(string(js), "length_controlled_difficulty") || strings.Contains(md, "LC (+difficulty)") {
		t.Errorf("a report without --instruction-difficulty mentions it")
	}
}
