package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/plumb-eval/plumb/internal/atomicfile"
	"github.com/plumb-eval/plumb/model"
)

// runKey is the context key of the command run's runState.
type runKey struct{}

// runState is what one run of plumb shares between its parts.
type runState struct {
	guard   *atomicfile.Guard
	tui     atomic.Bool // the terminal UI is running
	collect atomic.Bool // plumb collect ran: it stops on SIGINT/SIGTERM itself, saying what it wrote
	serve   atomic.Bool // simulate --serve ran: it shuts its server down on SIGINT/SIGTERM itself
}

// handlesSignals reports whether the running command handles SIGINT and
// SIGTERM itself (the terminal UI, collect, the practice server), so
// cleanupOnSignal must not exit.
func (st *runState) handlesSignals() bool {
	return st.tui.Load() || st.collect.Load() || st.serve.Load()
}

// stateOf returns the runState of cmd's run (a new one, kept in the
// context, when the command was executed without one, as in tests).
func stateOf(cmd *cobra.Command) *runState {
	if st, ok := cmd.Context().Value(runKey{}).(*runState); ok {
		return st
	}
	st := &runState{guard: atomicfile.NewGuard()}
	cmd.SetContext(context.WithValue(cmd.Context(), runKey{}, st))
	return st
}

// guardOf returns the Guard of cmd's run: every file the run reads is
// recorded in it (by identity), every output is written through it (never
// over an input), and run removes its temporary files on SIGINT/SIGTERM.
func guardOf(cmd *cobra.Command) *atomicfile.Guard { return stateOf(cmd).guard }

// opener returns the Opener of cmd's inputs: "-" is cmd's standard input,
// and every file opened is recorded in the run's Guard.
func opener(cmd *cobra.Command) *model.Opener {
	return &model.Opener{Stdin: cmd.InOrStdin(), Opened: guardOf(cmd).Opened}
}

// isStdout reports whether an -o value means standard output.
func isStdout(name string) bool { return name == "" || name == "-" }

// writeOutput writes through fill to cmd's stdout when name is "" or "-",
// else to the file name through the run's Guard (atomically for a regular
// file, written through for a device or FIFO, never over an input), and
// returns where it wrote ("stdout" or name) for the summary line. Every
// command's -o goes through it.
func writeOutput(cmd *cobra.Command, name string, fill func(io.Writer) error) (dest string, err error) {
	if isStdout(name) {
		return "stdout", fill(cmd.OutOrStdout())
	}
	if err := guardOf(cmd).Write(name, fill); err != nil {
		if errors.Is(err, atomicfile.ErrInput) {
			return name, inputError{fmt.Errorf("-o %w", err)}
		}
		return name, inputError{err} // the -o target cannot take the output (full, not writable): status 2
	}
	return name, nil
}

// refuseInput fails early, before the load, when -o names one of the
// inputs given on the command line; writeOutput checks every file read.
func refuseInput(output string, inputs []string) error {
	if !isStdout(output) && atomicfile.IsInput(output, inputs) {
		return inputError{fmt.Errorf("-o %s: %w", output, atomicfile.ErrInput)}
	}
	return nil
}

// cleanupOnSignal removes g's in-flight temporary files when the process
// gets SIGINT or SIGTERM, then exits with 128 + the signal's number. While
// the command handles signals itself (handled: the terminal UI, which
// restores the terminal; collect, which says how many records it wrote),
// it only removes them. The returned function stops it.
func cleanupOnSignal(g *atomicfile.Guard, handled func() bool) (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case sig := <-ch:
				g.Cleanup()
				if handled() {
					continue
				}
				code := 130
				if s, ok := sig.(syscall.Signal); ok {
					code = 128 + int(s)
				}
				fmt.Fprintf(os.Stderr, "plumb: stopped by %v (no partial output left)\n", sig)
				os.Exit(code)
			}
		}
	}()
	return func() { signal.Stop(ch); close(done) }
}
