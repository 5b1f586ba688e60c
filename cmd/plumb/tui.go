package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/tui"
)

// uiFlags are the root command's flags for the terminal UI.
type uiFlags struct {
	noTUI     bool
	noMouse   bool
	watch     bool
	criterion string
	export    string
}

func (u *uiFlags) register(fs *pflag.FlagSet) {
	fs.BoolVar(&u.noTUI, "no-tui", false, "print the report instead of opening the terminal UI")
	fs.BoolVar(&u.noMouse, "no-mouse", false, "turn mouse support off")
	fs.BoolVar(&u.watch, "watch", false, "follow the files as they grow (a judge run still writing)")
	fs.StringVar(&u.criterion, "criterion", "", "likelihood criterion shown first")
	fs.StringVar(&u.export, "export", "plumb-export", "`PREFIX` of the files the export key (e) writes")
}

// isTerminal reports whether f is a terminal.
func isTerminal(f any) bool {
	tf, ok := f.(interface{ Fd() uintptr })
	return ok && term.IsTerminal(tf.Fd())
}

// runRoot opens the terminal UI, or prints the report when stdout or stdin
// is not a terminal, or with --no-tui. When the log comes from standard
// input ("-", /dev/stdin) and stdout is a terminal, the log is read from
// stdin and the UI takes its keys from /dev/tty, as fzf does.
func runRoot(cmd *cobra.Command, files []string, f *analysisFlags, u *uiFlags) error {
	out, in := cmd.OutOrStdout(), cmd.InOrStdin()
	if !u.noTUI && isTerminal(out) && !isTerminal(in) && readsStdin(files) {
		if tty, err := os.Open("/dev/tty"); err == nil {
			defer tty.Close()
			in = tty
		}
	}
	if u.noTUI || !isTerminal(out) || !isTerminal(in) {
		if u.watch {
			return inputError{errors.New("--watch needs the terminal UI (stdout is not a terminal, or --no-tui)")}
		}
		return runReport(cmd, files, f)
	}
	opt, err := f.options()
	if err != nil {
		return inputError{err}
	}
	to := tui.Options{
		Files:        files,
		From:         f.from,
		Maps:         f.maps,
		SkipBad:      f.skipBad,
		Annotators:   f.annotators,
		Start:        opt,
		Criterion:    u.criterion,
		Mouse:        !u.noMouse,
		NoColor:      os.Getenv("NO_COLOR") != "",
		ExportPrefix: u.export,
		Version:      buildVersion(),
		Guard:        guardOf(cmd),
		Dark:         true,
	}
	if u.watch {
		w, lg, err := startWatch(cmd, files, f.skipBad)
		if err != nil {
			return err
		}
		to.Log = lg
		// The log may still grow: --self is taken as given (opt's, split
		// by analysis.SelfAsGiven).
		to.Poll = w.Poll
		to.PollEvery = time.Second
	} else {
		lg, err := f.load(cmd, files, true, &opt)
		if err != nil {
			return err
		}
		to.Start = opt // with the --self names resolved
		if err := checkCriterion(lg, u.criterion, likelihood.TotalCriterion); err != nil {
			return err
		}
		to.Log = lg
	}
	if j := opt.Judges; len(j) > 1 {
		return inputError{fmt.Errorf("--judge: the terminal UI shows one judge at a time (got %d); switch with ] and [", len(j))}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	st := stateOf(cmd)
	st.tui.Store(true)
	defer st.tui.Store(false)
	return tui.Run(ctx, to, in, out)
}

// startWatch checks the files --watch follows and reads them once. A file
// that does not exist yet is waited for (the UI says so until it appears);
// any other error stops.
func startWatch(cmd *cobra.Command, files []string, skipBad bool) (*model.Watcher, *model.Log, error) {
	if len(files) == 0 {
		return nil, nil, inputError{errors.New("--watch needs at least one FILE")}
	}
	for _, name := range files {
		if model.IsStream(name) {
			return nil, nil, inputError{fmt.Errorf("--watch follows files that grow; %s is standard input or a pipe, which cannot be read again", name)}
		}
	}
	w := model.NewWatcher(files, model.ReadOptions{SkipBad: skipBad, Opener: opener(cmd)})
	lg, _, err := w.Poll()
	var wait *model.WaitingError
	if err != nil && !errors.As(err, &wait) {
		return nil, nil, inputError{err}
	}
	return w, lg, nil
}

// readsStdin reports whether one of the inputs is standard input.
func readsStdin(files []string) bool {
	for _, name := range files {
		if name == model.Stdin || name == "/dev/stdin" || name == "/proc/self/fd/0" || name == "/dev/fd/0" {
			return true
		}
	}
	return false
}
