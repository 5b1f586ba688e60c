package tui

import (
	"errors"

	"github.com/plumb-eval/plumb/model"
)

// watchStatus renders the watch state of the status line: waiting for a
// file or its first record (a state, in the status colour) or an error.
func (m *Model) watchStatus() string {
	var wait *model.WaitingError
	if errors.As(m.watchErr, &wait) {
		return m.c.st.Status.Render(clean(wait.Error()))
	}
	return m.c.st.Error.Render(clean("watch: " + m.watchErr.Error()))
}

// noRecords is the watch state when a poll finds no records: with numbers
// on screen the files were emptied; with none, a run is about to write
// (waiting for its first record, or for the files still to appear: err).
func (m *Model) noRecords(err error) error {
	if len(m.c.judges) > 0 {
		return errors.New("the files hold no records now (truncated?); the numbers shown are from before")
	}
	if err != nil {
		return err
	}
	return &model.WaitingError{Files: m.c.opts.Files, NoRecords: true}
}
