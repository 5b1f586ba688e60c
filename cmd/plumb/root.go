package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// Exit statuses.
const (
	exitError    = 1 // a failure that is not the input's fault
	exitBadInput = 2 // the input files (or flags) are bad
)

// inputError marks an error caused by bad input, which exits with status 2.
type inputError struct{ err error }

func (e inputError) Error() string { return e.err.Error() }
func (e inputError) Unwrap() error { return e.err }

func exitCode(err error) int {
	var ie inputError
	if errors.As(err, &ie) {
		return exitBadInput
	}
	return exitError
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "plumb [FILE...]",
		Short:         "plumb shows how an LLM judge is biased and corrects it",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(newSimulateCmd())
	return root
}
