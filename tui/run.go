package tui

import (
	"context"
	"io"

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
	_, err := tea.NewProgram(New(opts), po...).Run()
	return err
}
