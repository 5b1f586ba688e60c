package analysis

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"
)

// FlagNames are the names of the analysis flags (RegisterFlags), without
// dashes, in the order they are defined.
func FlagNames() []string {
	fs := pflag.NewFlagSet("plumb", pflag.ContinueOnError)
	fs.SortFlags = false
	RegisterFlags(fs)
	var names []string
	fs.VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
	return names
}

// ErrUnknownFlag is Apply's error for a flag RegisterFlags does not
// define; UnknownFlag names it.
var ErrUnknownFlag = errors.New("unknown flag")

// UnknownFlag is the flag Apply did not know, as given without dashes.
type UnknownFlag struct{ Name string }

func (e *UnknownFlag) Error() string { return fmt.Sprintf("%v: --%s", ErrUnknownFlag, e.Name) }

// Unwrap makes errors.Is(err, ErrUnknownFlag) hold.
func (e *UnknownFlag) Unwrap() error { return ErrUnknownFlag }

// Apply sets the flags args (RegisterFlags', as --name value or
// --name=value) on top of o through the command line's codec: the flags
// that reproduce o (Args) are parsed first, then args, and Options checks
// the result as `plumb report` checks its flags. It returns the new
// options and the names of the flags args gave; an unknown flag is an
// *UnknownFlag, a word that is not a flag an error.
func (o Options) Apply(args []string) (Options, []string, error) {
	given := pflag.NewFlagSet("plumb", pflag.ContinueOnError)
	given.SetOutput(io.Discard)
	RegisterFlags(given)
	if err := given.Parse(args); err != nil {
		var ne *pflag.NotExistError
		if errors.As(err, &ne) {
			return o, nil, &UnknownFlag{Name: ne.GetSpecifiedName()}
		}
		return o, nil, err
	}
	if rest := given.Args(); len(rest) > 0 {
		return o, nil, fmt.Errorf("%q is not a flag: give --name value", strings.Join(rest, " "))
	}
	var names []string
	given.Visit(func(f *pflag.Flag) { names = append(names, f.Name) })

	fs := pflag.NewFlagSet("plumb", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f := RegisterFlags(fs)
	var base []string
	for _, fl := range o.Args() {
		base = append(base, fl.Words()...)
	}
	if err := fs.Parse(append(base, args...)); err != nil {
		return o, nil, err
	}
	n, err := f.Options()
	if err != nil {
		return o, nil, err
	}
	return n, names, nil
}
