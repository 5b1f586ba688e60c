package tui

import (
	"errors"

	"github.com/plumb-eval/plumb/model"
)

// watchStatus renders the watch state of the status line: waiting for a
// file or its first record (a state, in the status colour) or an error.
func watchStatus(st *styles, err error) string {
	var wait *model.WaitingError
	if errors.As(err, &wait) {
		return st.Status.Render(clean(wait.Error()))
	}
	return st.Error.Render(clean("watch: " + err.Error()))
}

// noRecords is the watch state when a poll finds no records: with numbers
// on screen the files were emptied; with none, a run is about to write
// (waiting for its first record, or for the files still to appear: err).
func noRecords(c *common, err error) error {
	if len(c.judges) > 0 {
		return errors.New("the files hold no records now (truncated?); the numbers shown are from before")
	}
	if err != nil {
		return err
	}
	return &model.WaitingError{Files: c.opts.Files, NoRecords: true}
}
