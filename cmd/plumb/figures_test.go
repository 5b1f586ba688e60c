package main

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// checkFigureDir checks every file of a figures folder: PNG, SVG and PDF by
// their magic bytes, SVG by parsing it as XML, and one caption per figure.
func checkFigureDir(t *testing.T, dir string) (figures int) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		ext := filepath.Ext(p)
		count[ext]++
		switch ext {
		case ".png":
			if !bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")) {
				t.Errorf("%s: not a PNG", p)
			}
		case ".pdf":
			if !bytes.HasPrefix(b, []byte("%PDF-")) {
				t.Errorf("%s: not a PDF", p)
			}
		case ".svg":
			d := xml.NewDecoder(bytes.NewReader(b))
			for {
				_, err := d.Token()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Errorf("%s: not XML: %v", p, err)
					break
				}
			}
		case ".txt":
			if !strings.Contains(string(b), "Reproduce: plumb figures") {
				t.Errorf("%s: no reproducing command", p)
			}
		default:
			t.Errorf("unexpected file %s", p)
		}
	}
	if count[".png"] == 0 || count[".png"] != count[".svg"] || count[".svg"] != count[".pdf"] || count[".pdf"] != count[".txt"] {
		t.Errorf("file counts %v: want one of each format and one caption per figure", count)
	}
	return count[".txt"]
}

func TestFiguresCommandDemo(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "figs")
	_, stderr, err := executeStderr(t, "figures", "-o", dir, "--figure-format", "png,svg,pdf", "--figure-width", "3", "--figure-height", "2", "--dpi", "50", "--permutations", "100", "--bootstrap", "50")
	if err != nil {
		t.Fatal(err, stderr)
	}
	if n := checkFigureDir(t, dir); n < 10 || !strings.Contains(stderr, "figures") {
		t.Errorf("%d figures; stderr %q", n, stderr)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "judge-tokenA.gcurve.txt"))
	if !strings.Contains(string(b), "Reproduce: plumb figures --bootstrap=50 --dpi=50 --figure-format=png,svg,pdf") {
		t.Errorf("caption:\n%s", b)
	}
}

func TestFiguresCommandErrors(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"figures"},
		{"figures", "-o", t.TempDir(), "--figure-format", "gif"},
		{"figures", "-o", t.TempDir(), "--dpi", "0"},
		{"report", "--figures", t.TempDir(), "--figure-width", "0"},
	} {
		if _, code, err := execute(t, args...); err == nil || code != 2 {
			t.Errorf("%v: code %d err %v, want exit 2", args, code, err)
		}
	}
}

// TestFiguresLLMBar draws the real LLMBar FairEval logs (skipped without
// ../shared/data).
func TestFiguresLLMBar(t *testing.T) {
	t.Parallel()
	src := filepath.Join("..", "..", "..", "shared", "data", "llmbar", "Dataset", "Processed", "FairEval")
	if _, err := os.Stat(src); err != nil {
		t.Skipf("real data not found at %s (../shared/data is beside the repository only in the project's workspace)", src)
	}
	dir := filepath.Join(t.TempDir(), "llmbar")
	if _, stderr, err := executeStderr(t, "figures", src, "-o", dir, "--figure-format", "png,svg,pdf", "--dpi", "40", "--figure-width", "3", "--figure-height", "2", "--bootstrap", "50"); err != nil {
		t.Fatal(err, stderr)
	}
	if n := checkFigureDir(t, dir); n < 4 {
		t.Errorf("only %d figures from LLMBar FairEval", n)
	}
}
