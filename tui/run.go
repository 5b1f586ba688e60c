package tui

import (
	"context"
	"io"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// Run starts the app on the terminal (in and out) and returns when the
// user quits or ctx is cancelled.
func Run(ctx context.Context, opts Options, in io.Reader, out io.Writer) error {
	po := []tea.ProgramOption{tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out)}
	if opts.NoColor {
		po = append(po, tea.WithColorProfile(colorprofile.Ascii))
	}
	_, err := tea.NewProgram(New(opts), po...).Run()
	return err
}
