package model

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// badCase is one case of testdata/bad/cases.txt.
type badCase struct {
	name  string
	input string
	want  string
}

// loadBadCases parses testdata/bad/cases.txt.
func loadBadCases(t *testing.T) []badCase {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "bad", "cases.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []badCase
	var cur *badCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "-- "):
			cases = append(cases, badCase{name: line[3:]})
			cur = &cases[len(cases)-1]
		case cur == nil:
			// comments and blank lines between cases
		case strings.HasPrefix(line, "want: "):
			cur.want = line[len("want: "):]
			cur = nil
		default:
			cur.input += line + "\n"
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestBadLines reads every bad input of testdata/bad/cases.txt and checks
// the exact error message.
func TestBadLines(t *testing.T) {
	cases := loadBadCases(t)
	if len(cases) < 20 {
		t.Fatalf("only %d bad cases", len(cases))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.want == "" {
				t.Fatal("case has no want line")
			}
			l, err := Read(strings.NewReader(c.input), "runs.jsonl", ReadOptions{})
			if err == nil {
				t.Fatalf("no error; read %d pairs, %d scores, %d verdicts", len(l.Pairs), len(l.Scores), len(l.Verdicts))
			}
			if err.Error() != c.want {
				t.Errorf("error\n got: %s\nwant: %s", err, c.want)
			}
			if !errors.Is(err, ErrBadInput) {
				t.Errorf("error %v does not match ErrBadInput", err)
			}
			if l != nil {
				t.Errorf("a log was returned with the error")
			}
		})
	}
}
