package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/plumb-eval/plumb/internal/suggest"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// unknownCommand returns an error when the first argument of the root
// command is not an existing file but is close to a command name (cobra's
// SuggestionsFor: within SuggestionsMinimumDistance edits, or a prefix):
// `plumb reprot` says `unknown command "reprot"; did you mean "report"?`
// instead of "reprot: cannot open". The root command takes FILE arguments,
// so cobra's own check for unknown commands does not run; a word that is
// an existing file is always read as one.
func unknownCommand(root *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	word := args[0]
	if _, err := os.Stat(word); err == nil {
		return nil
	}
	sug := root.SuggestionsFor(word)
	if len(sug) == 0 {
		return nil
	}
	return inputError{fmt.Errorf("unknown command %q; did you mean %s? (no file %q either)",
		word, quoteJoin(sug, " or "), word)}
}

// flagError is every command's flag error function: the error exits with
// status 2, and an unknown long flag close to one of cmd's (shown) flags
// gets a suggestion: `--lamda` says "unknown flag: --lamda; did you mean
// --lambda?". cobra suggests only subcommands (SuggestionsMinimumDistance);
// pflag's NotExistError names the flag as typed.
func flagError(cmd *cobra.Command, err error) error {
	var ne *pflag.NotExistError
	if !errors.As(err, &ne) || ne.GetSpecifiedShortnames() != "" {
		return inputError{err}
	}
	var names []string
	visit := func(fl *pflag.Flag) {
		if !fl.Hidden {
			names = append(names, fl.Name)
		}
	}
	cmd.Flags().VisitAll(visit)
	cmd.InheritedFlags().VisitAll(visit)
	names = append(names, "help")
	if s := suggest.DidYouMeanFlag(ne.GetSpecifiedName(), names); s != "" {
		return inputError{fmt.Errorf("%w%s", err, s)}
	}
	return inputError{err}
}

// didYouMean is suggest.DidYouMean: "; did you mean "x"?" for the names
// closest to word, or "" when none is close.
func didYouMean(word string, names []string) string { return suggest.DidYouMean(word, names) }
