package calibtest

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// publishedDir holds the inputs and outputs of the published CalibraEval
// script (see its README.md for how they were made), found from this
// file's path so that every calib package's tests read the same files.
var publishedDir = func() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "testdata/published"
	}
	return filepath.Join(filepath.Dir(file), "..", "calibraeval", "testdata", "published")
}()

// PublishedCase is one entry of testdata/published/cases.json.
type PublishedCase struct {
	Name      string       `json:"name"`
	Data      string       `json:"data"`
	Model     string       `json:"model"`
	Predict   string       `json:"predict"`
	Lambda    float64      `json:"lambda"`
	BatchSize int          `json:"batch_size"`
	LR        float64      `json:"lr"`
	Epochs    int          `json:"epochs"`
	Printed   [][3]float64 `json:"printed"`
}

// ReadPublishedCases reads cases.json.
func ReadPublishedCases(tb testing.TB) []PublishedCase {
	tb.Helper()
	var cs []PublishedCase
	if err := json.Unmarshal(ReadPublishedFile(tb, "cases.json"), &cs); err != nil {
		tb.Fatalf("cases.json: %v", err)
	}
	return cs
}

// PublishedCaseNamed returns the case of cases.json with that name.
func PublishedCaseNamed(tb testing.TB, name string) PublishedCase {
	tb.Helper()
	for _, c := range ReadPublishedCases(tb) {
		if c.Name == name {
			return c
		}
	}
	tb.Fatalf("no published case %q", name)
	return PublishedCase{}
}

// ReadPublishedFile reads a file of publishedDir, gunzipping *.gz.
func ReadPublishedFile(tb testing.TB, name string) []byte {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join(publishedDir, name))
	if err != nil {
		tb.Fatal(err)
	}
	if strings.HasSuffix(name, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		if b, err = io.ReadAll(zr); err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
	}
	return b
}

// ReadPublishedData turns the script's data.json lines (prompt_1 = x0,
// prompt_2 = x1, prompt_3 = x2) into pair items, in file order.
func ReadPublishedData(tb testing.TB, name string) []model.Pair {
	tb.Helper()
	type logit struct {
		A *float64 `json:"A"`
	}
	var pairs []model.Pair
	sc := bufio.NewScanner(bytes.NewReader(ReadPublishedFile(tb, name)))
	for line := 1; sc.Scan(); line++ {
		var rec struct {
			P1 logit `json:"prompt_1_logit"`
			P2 logit `json:"prompt_2_logit"`
			P3 logit `json:"prompt_3_logit"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil || rec.P1.A == nil || rec.P2.A == nil || rec.P3.A == nil {
			tb.Fatalf("%s:%d: bad line (%v)", name, line, err)
		}
		p := model.Pair{ID: fmt.Sprintf("item%d", line), Source: model.SourceProb}
		p.Has[model.X0], p.Has[model.X1], p.Has[model.X2] = true, true, true
		p.S[model.X0], p.S[model.X1], p.S[model.X2] = *rec.P1.A, *rec.P2.A, *rec.P3.A
		pairs = append(pairs, p)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return pairs
}
