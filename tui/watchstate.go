package tui

import (
	"errors"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/internal/shellarg"
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

// watchWaiting is the body while --watch has no record to show: the files
// it waits for and that it reads them by itself (the body said "the input
// holds no records" for a file that did not exist yet).
func (c *common) watchWaiting() []string {
	w := c.contentWidth()
	var wait *model.WaitingError
	switch {
	case errors.As(c.watch, &wait) && !wait.NoRecords:
		how := "plumb reads each as soon as it appears and follows them as they grow. q quits."
		if len(wait.Files) == 1 {
			how = "plumb reads it as soon as it appears and follows it as it grows: start the run that writes it (plumb collect … -o " +
				shellarg.Quote(wait.Files[0]) + "). q quits."
		}
		return slices.Concat([]string{""}, wrap("waiting for "+strings.Join(wait.Files, ", ")+" to appear", w, " ⟳ "), wrap(how, w, "   "))
	case wait != nil:
		return slices.Concat([]string{""}, wrap("waiting for the first record in "+strings.Join(wait.Files, ", "), w, " ⟳ "),
			wrap("the numbers form as records arrive. q quits.", w, "   "))
	case c.watch != nil:
		return wrap("watch: "+c.watch.Error(), w, " ✗ ")
	}
	return append([]string{""}, wrap("watching "+strings.Join(c.opts.Files, ", ")+" …", w, " ⟳ ")...) // before the first poll
}
