package tui

import (
	"context"
	"io"
	"runtime"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// frameRate is the renderer's frames per second.
const frameRate = 120

// Run starts the app on the terminal (in and out) and returns when the
// user quits or ctx is cancelled.
func Run(ctx context.Context, opts Options, in io.Reader, out io.Writer) error {
	// 120 frames a second (Bubble Tea's most; 60 by default): a frame is
	// drawn on the renderer's next tick after Update, so this halves what
	// the tick adds to a key's latency (≤ 8.3 ms instead of ≤ 16.7 ms).
	po := []tea.ProgramOption{tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out), tea.WithFPS(frameRate)}
	if opts.NoColor {
		po = append(po, tea.WithColorProfile(colorprofile.Ascii))
	}
	m := New(opts)
	defer uiProc()()
	_, err := tea.NewProgram(m, po...).Run()
	return err
}

// uiProc gives Go one P more than it has (call it after New, which sizes
// the background gate) and returns the function that undoes it. The heavy
// work is capped at one goroutine per core (gate.go), so the extra P is,
// in effect, the UI's: its goroutines never queue behind a fit for the Go
// scheduler's 10 ms preemption, and the operating system's scheduler
// (which favours a thread waking from waiting on input) runs them at once
// even while every core fits.
func uiProc() (restore func()) {
	prev := runtime.GOMAXPROCS(0)
	runtime.GOMAXPROCS(prev + 1)
	return func() { runtime.GOMAXPROCS(prev) }
}
