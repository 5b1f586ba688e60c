package vocab

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// updateDocsEnv regenerates docs/glossary.md (as cmd/plumb's TestCLIDoc
// does docs/cli.md).
const updateDocsEnv = "PLUMB_UPDATE_DOCS"

// repoRoot is the repository's root, from this package's directory.
const repoRoot = "../.."

// TestGlossaryDoc: docs/glossary.md is the vocabulary as Markdown, so the
// documentation names every concept as the surfaces do; with
// PLUMB_UPDATE_DOCS=1 it is rewritten.
func TestGlossaryDoc(t *testing.T) {
	path := filepath.Join(repoRoot, "docs", "glossary.md")
	got := Markdown()
	if os.Getenv(updateDocsEnv) != "" {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v; write it with %s=1 go test -run TestGlossaryDoc ./internal/vocab", err, updateDocsEnv)
	}
	if string(want) != got {
		t.Errorf("docs/glossary.md is out of date; regenerate it with %s=1 go test -run TestGlossaryDoc ./internal/vocab", updateDocsEnv)
	}
}

// TestVocabularyIsOne: every concept has a name and a meaning; names and
// short forms are unique; no concept's right spelling is another's wrong
// one (so Stray never flags a right name); no split is called optimal
// (none of them minimises the interval's width but the search, and that
// only at the plug-in rates).
func TestVocabularyIsOne(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range Glossary() {
		for _, c := range s.Concepts {
			if c.Name == "" || c.Meaning == "" {
				t.Errorf("%+v: a concept needs a name and a meaning", c)
			}
			for _, n := range []string{c.Name, c.Short} {
				if n == "" {
					continue
				}
				if seen[strings.ToLower(n)] {
					t.Errorf("%q names two concepts", n)
				}
				seen[strings.ToLower(n)] = true
				if w := Stray(n); w != nil {
					t.Errorf("the right name %q is flagged as %q", n, w)
				}
			}
			if strings.Contains(strings.ToLower(c.Name+c.Short), "optim") {
				t.Errorf("%q calls a split optimal", c.Name)
			}
		}
	}
}

// TestStray finds the old spellings of issue 19 and leaves right names
// that contain a wrong one alone.
func TestStray(t *testing.T) {
	for text, want := range map[string]string{
		"naive win rate 0.42; corrected 0.30":       "naive win rate",
		"| exact optimum | 5 | 28 |":                "exact optimum",
		"P Prop. 2 (approx. of V)":                  "approx. of V",
		"paper's approximation (m0 = 7)":            "paper's approximation",
		"V least calib. variance at θ̂":             "least calib. variance",
		"best (brute force) m0 = 10":                "best (brute force)",
		"Algorithm 1 (adaptive) m0 = 11":            "Algorithm 1 (adaptive)",
		"the bias-corrected rate θ̂ and naive rate": "",
		"V least calibration variance, P Prop. 2":   "",
	} {
		got := strings.Join(Stray(text), ",")
		if got != want {
			t.Errorf("Stray(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestDocsUseOneVocabulary: README.md and every document under docs/ use
// no old spelling of a concept.
func TestDocsUseOneVocabulary(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, filepath.Join(repoRoot, "README.md"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			if w := Stray(line); w != nil {
				t.Errorf("%s: %q uses %q", f, line, w)
			}
		}
	}
}
