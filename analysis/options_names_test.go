package analysis

import (
	"reflect"
	"strings"
	"testing"

	hostilenames "github.com/plumb-eval/plumb/internal/hostile"
)

// TestOptionsArgsHostileNames: every name a log can hold (any non-empty
// string: commas, quotes, '=', flag look-alikes, controls) written by
// Options.Args as --judge, --group or the model of --self parses back
// (RegisterFlags) into the same options: --judge takes its value whole,
// never split at a comma.
func TestOptionsArgsHostileNames(t *testing.T) {
	def, err := parseFlags(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	names := append(hostilenames.Names(), "a,b", ",", "a\\,b", "   ")
	for _, name := range names {
		if name == "" {
			continue // a log refuses an empty judge or model; an empty group is no group
		}
		want := def
		want.Judges, want.Group = []string{name, "other"}, name
		if strings.TrimSpace(name) == name {
			want.Style.Self = map[string]string{"j": name}
		}
		words := argWords(want)
		got, err := parseFlags(t, words)
		if err != nil {
			t.Errorf("%q: %q: %v", name, words, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %q parses to judges %q group %q self %q", name, words, got.Judges, got.Group, got.Style.Self)
		}
	}
}

// TestJudgeFlagRepeats: --judge is repeatable and a comma in its value is
// part of the name.
func TestJudgeFlagRepeats(t *testing.T) {
	o, err := parseFlags(t, []string{"--judge", "gpt-4o, temp=0", "--judge=b", "--judge", "c,d"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"gpt-4o, temp=0", "b", "c,d"}; !reflect.DeepEqual(o.Judges, want) {
		t.Errorf("judges %q, want %q", o.Judges, want)
	}
}
