package main

import (
	"fmt"

	"github.com/spf13/pflag"
)

// onceString is a string flag that may be given only once. pflag keeps the
// last of repeated string flags, so `-o a -o b` silently wrote to b (and a
// command that printed `--output=figs --output=rep.md` wrote its figures
// into rep.md); for a flag that names where plumb writes, a second value is
// an error instead.
type onceString struct {
	p    *string
	name string
	set  bool
}

// Set stores v, or refuses a second value.
func (o *onceString) Set(v string) error {
	if o.set {
		return fmt.Errorf("--%s is given twice (%q, then %q): give it once", o.name, *o.p, v)
	}
	*o.p, o.set = v, true
	return nil
}

// String returns the value.
func (o *onceString) String() string { return *o.p }

// Type names the value in the help.
func (o *onceString) Type() string { return "string" }

// onceStringVarP defines a string flag, with shorthand when not "", that
// is an error when given twice (onceString).
func onceStringVarP(fs *pflag.FlagSet, p *string, name, shorthand, value, usage string) {
	*p = value
	fs.VarP(&onceString{p: p, name: name}, name, shorthand, usage)
}
