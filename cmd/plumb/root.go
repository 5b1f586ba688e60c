package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// Exit statuses.
const (
	exitError      = 1 // a failure that is not the input's fault
	exitBadInput   = 2 // the input files (or flags) are bad
	exitIncomplete = 3 // plumb collect ended with items asked for not written (a re-run tries them again)
	// 128 + the signal's number after SIGINT/SIGTERM (130 for Ctrl-C).
)

// inputError marks an error caused by bad input, which exits with status 2.
type inputError struct{ err error }

func (e inputError) Error() string { return e.err.Error() }
func (e inputError) Unwrap() error { return e.err }

// statusError is an error that exits with its own status (exitIncomplete,
// 128 + a signal's number).
type statusError struct {
	err  error
	code int
}

func (e statusError) Error() string { return e.err.Error() }
func (e statusError) Unwrap() error { return e.err }

func exitCode(err error) int {
	var se statusError
	if errors.As(err, &se) {
		return se.code
	}
	var ie inputError
	if errors.As(err, &ie) {
		return exitBadInput
	}
	return exitError
}

func newRootCmd() *cobra.Command {
	var f analysisFlags
	var u uiFlags
	root := &cobra.Command{
		Use:   "plumb [FILE...]",
		Short: "plumb shows how an LLM judge is biased and corrects it",
		Long: `plumb loads LLM-judge logs (log format v1, JSON Lines; docs/log-format.md),
measures the judge's selection bias (position and token bias) and corrects it
with CalibraEval, Pride, BPC and discard-inconsistent, side by side.

With no FILE it analyses the embedded demo log. On a terminal it opens the
interactive UI (docs/tui.md; ? lists every key); when stdout is not
a terminal, or with --no-tui, it prints the same report as "plumb report".
Every knob of the UI is also a flag, so "plumb report" with the same flags
reproduces what the screen shows (the export key names the command).`,
		Version:       buildVersion(),
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := unknownCommand(cmd, args); err != nil {
				return err
			}
			return runRoot(cmd, args, &f, &u)
		},
	}
	root.SuggestionsMinimumDistance = 2
	f.register(root.Flags())
	u.register(root.Flags())
	root.SetFlagErrorFunc(flagError)
	root.AddCommand(newReportCmd(), newSimulateCmd(), newFiguresCmd())
	root.AddCommand(newFewshotCmd(), newCalibrateCmd(), newImportCmd())
	root.AddCommand(newCollectCmd())
	registerCompletions(root)
	for _, c := range root.Commands() {
		registerCompletions(c)
	}
	return root
}
