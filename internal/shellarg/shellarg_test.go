package shellarg

import (
	"os/exec"
	"slices"
	"testing"
)

// TestQuoteSplitRoundTrip: Split reads back every word Quote writes,
// including quotes, spaces, the empty word and shell metacharacters.
func TestQuoteSplitRoundTrip(t *testing.T) {
	words := []string{"plumb", "figures", "a b.jsonl", "it's", "", "--x=$HOME", "a;b", "`x`", "ü", "=,:+@%", "-_./"}
	line := ""
	for i, w := range words {
		if i > 0 {
			line += " "
		}
		line += Quote(w)
	}
	got, err := Split(line)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, words) {
		t.Fatalf("Split(%q) = %q, want %q", line, got, words)
	}
}

// TestQuoteAsShellReads: /bin/sh reads each quoted word back as itself
// (the rule's promise; skipped where there is no sh).
func TestQuoteAsShellReads(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skipf("no sh: %v", err)
	}
	for _, w := range []string{"a b", "it's", "", "$HOME", "a;b|c&d", "*?", `"q"`, `back\slash`, "=,:+@%"} {
		out, err := exec.Command(sh, "-c", "printf %s "+Quote(w)).Output()
		if err != nil {
			t.Fatalf("sh -c printf %s: %v", Quote(w), err)
		}
		if string(out) != w {
			t.Errorf("sh read %q as %q", Quote(w), out)
		}
	}
}

// TestQuoteBare: the characters the rule keeps bare stay bare.
func TestQuoteBare(t *testing.T) {
	for _, w := range []string{"plumb", "--lambda=0.5", "judge:a,b", "x+y@z%", "dir/file_1.jsonl"} {
		if got := Quote(w); got != w {
			t.Errorf("Quote(%q) = %q, want it bare", w, got)
		}
	}
}

// TestSplitRefuses: unquoted metacharacters and unterminated quotes are
// errors, not silently different words.
func TestSplitRefuses(t *testing.T) {
	for _, s := range []string{"plumb $x", "plumb 'a", "a;b", `a"b`} {
		if w, err := Split(s); err == nil {
			t.Errorf("Split(%q) = %q, want an error", s, w)
		}
	}
}

// TestLine: flags sorted by name (same names keep their order), then the
// arguments, each quoted.
func TestLine(t *testing.T) {
	got := Line("plumb figures", []Flag{{"seed", "1"}, {"judge", "b c"}, {"group", "x"}, {"judge", "a"}}, []string{"my log.jsonl"})
	want := "plumb figures --group=x --judge='b c' --judge=a --seed=1 'my log.jsonl'"
	if got != want {
		t.Fatalf("Line = %q, want %q", got, want)
	}
}
