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
	var f analysisFlags
	root := &cobra.Command{
		Use:   "plumb [FILE...]",
		Short: "plumb shows how an LLM judge is biased and corrects it",
		Long: `plumb loads LLM-judge logs (log format v1, JSON Lines; README "Log format"),
measures the judge's selection bias (position and token bias) and corrects it
with CalibraEval, Pride, BPC and discard-inconsistent, side by side.

With no FILE it analyses the embedded demo log. Until the terminal UI lands,
"plumb [FILE...]" prints the same report as "plumb report [FILE...]".`,
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runReport(cmd.OutOrStdout(), args, &f)
		},
	}
	f.register(root.Flags())
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return inputError{err} })
	root.AddCommand(newReportCmd(), newSimulateCmd())
	root.AddCommand(newFewshotCmd())
	return root
}
