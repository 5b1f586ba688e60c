package doccheck

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// history matches what belongs in git log, not in the documentation: issue
// numbers ("issue 21", "#17" alone is allowed for upstream projects' threads
// written owner/repo#N), calendar dates with a day, branch names of the
// form "branch `x`", and paths outside the repository (a clone has no
// ../shared).
var history = []struct {
	what   string
	re     *regexp.Regexp
	except string // a file allowed to match: docs/development.md explains the folder beside a clone
}{
	{"an issue number", regexp.MustCompile(`(?i)\bissues? \d+`), ""},
	{"a date", regexp.MustCompile(`\b20\d\d-\d\d-\d\d\b`), ""},
	{"a branch name", regexp.MustCompile("(?i)\\bbranch `"), ""},
	{"a path outside the repository", regexp.MustCompile(`\.\./shared`), "docs/development.md"},
}

// TestNoHistory: README.md and docs/*.md describe plumb as it is; the
// history (issue numbers, dates, branches) stays in git log, and no link or
// path leads out of a clone.
func TestNoHistory(t *testing.T) {
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range docFiles(t, root) {
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		for n, line := range strings.Split(string(b), "\n") {
			for _, h := range history {
				if filepath.ToSlash(f) == h.except {
					continue
				}
				if m := h.re.FindString(line); m != "" {
					t.Errorf("%s:%d: %s (%q) belongs in git log, not the docs: %s", f, n+1, h.what, m, strings.TrimSpace(line))
				}
			}
		}
	}
}
