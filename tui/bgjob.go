package tui

import (
	"context"

	tea "charm.land/bubbletea/v2"
)

// progressMsg is the progress message of a background job (runGated):
// withNext returns it carrying next, the Cmd that waits for the job's
// following message.
type progressMsg interface {
	withNext(next tea.Cmd) tea.Msg
}

// runGated runs job behind the gate g at priority prio on its own
// goroutine (its place in the queue is taken now, in Update) and returns
// the Cmd that waits for its messages: each progress message job reports
// (carrying that Cmd again, so that handling it re-arms the wait), then
// job's final message. A progress message is dropped when the UI has not
// read the last one yet. stopped is the final message when ctx ends before
// the gate admits the job.
func runGated[P progressMsg, F tea.Msg](g *gate, ctx context.Context, prio int, stopped F, job func(report func(P)) F) tea.Cmd {
	progress := make(chan P, 1)
	final := make(chan F, 1)
	t := g.enter(ctx, prio)
	go func() {
		if !t.wait() {
			final <- stopped
			return
		}
		defer g.release()
		final <- job(func(p P) {
			select {
			case progress <- p:
			default: // the UI has not read the last one yet: skip this one
			}
		})
	}()
	var wait tea.Cmd
	wait = func() tea.Msg {
		select {
		case msg := <-final:
			return msg
		case msg := <-progress:
			return msg.withNext(wait)
		}
	}
	return wait
}
