package analysis

import (
	"errors"
	"slices"
	"testing"

	"github.com/spf13/pflag"
)

// TestOptionsApply: Apply sets the flags given on top of the options
// (the others keep their values, --self adds a pair), names the flags
// given, checks values with the command line's codec, and names an
// unknown flag.
func TestOptionsApply(t *testing.T) {
	fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
	o, err := RegisterFlags(fs).Options()
	if err != nil {
		t.Fatal(err)
	}
	o.Selection.Seed = 9
	o.Style.Self = map[string]string{"a": "b"}
	n, names, err := o.Apply([]string{"--lambda", "0.3", "--self=c=d", "--style", "on"})
	if err != nil {
		t.Fatal(err)
	}
	if n.Selection.Lambda != 0.3 || n.Selection.Seed != 9 || n.Style.Mode != StyleOn ||
		n.Style.Self["a"] != "b" || n.Style.Self["c"] != "d" {
		t.Errorf("applied: %+v", n)
	}
	if !slices.Equal(names, []string{"lambda", "self", "style"}) {
		t.Errorf("names %q", names)
	}
	if same, _, err := o.Apply(nil); err != nil || !slices.Equal(same.Args(), o.Args()) {
		t.Errorf("no flags: %v, %v want %v", err, same.Args(), o.Args())
	}
	if _, _, err := o.Apply([]string{"--lambda", "11"}); err == nil {
		t.Error("--lambda 11 accepted")
	}
	var uf *UnknownFlag
	if _, _, err := o.Apply([]string{"--lamda", "1"}); !errors.As(err, &uf) || uf.Name != "lamda" || !errors.Is(err, ErrUnknownFlag) {
		t.Errorf("--lamda: %v", err)
	}
	if _, _, err := o.Apply([]string{"0.3"}); err == nil {
		t.Error("a bare word accepted")
	}
	if !slices.Contains(FlagNames(), "verdict-from") {
		t.Error("FlagNames lacks verdict-from")
	}
}
