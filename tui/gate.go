package tui

import (
	"context"
	"runtime"
	"slices"
	"sync"
)

// Background work (the items' calibrated columns, the other judges'
// comparison, the fit path, the bootstrap) runs behind a gate: at most
// bgSlots() jobs at once (every core but one), the most urgent first, so
// that with the knob recompute (which never waits for the gate) the heavy
// work takes at most as many goroutines as there are cores. Run gives Go
// one P more than that, so the UI's goroutines (input, Update and View,
// the renderer) always find a P instead of queueing behind a fit until
// the scheduler preempts it (10 ms and more per hop). Every job takes a context that a knob
// change cancels (Model.stopBackground); the jobs stop at their next
// check and are started again, for the new numbers, once those are on
// screen.

// Background job priorities: a smaller one runs first.
const (
	prioItems = iota
	prioCompare
	prioPath
	prioStyle
	prioBoot
	prioStyleBoot
	prioCondBoot // the Conditions sub-view's intervals (conditions_boot.go)
)

// bgSlots is how many background jobs run at once: every core but one
// (at least one). New calls it, before Run raises GOMAXPROCS.
func bgSlots() int { return max(1, runtime.GOMAXPROCS(0)-1) }

// gate admits background jobs, the most urgent first.
type gate struct {
	mu      sync.Mutex
	free    int
	waiters []*gateWaiter
}

type gateWaiter struct {
	prio  int
	ready chan struct{}
}

func newGate(slots int) *gate { return &gate{free: slots} }

// ticket is a place in the gate's queue, taken in Update (enter) so that
// jobs started together are admitted by priority, whichever goroutine
// runs first.
type ticket struct {
	g   *gate
	ctx context.Context
	w   *gateWaiter // nil: admitted at once, or cancelled
	ok  bool        // admitted at once
}

// enter queues a job of the given priority without waiting.
func (g *gate) enter(ctx context.Context, prio int) *ticket {
	t := &ticket{g: g, ctx: ctx}
	if ctx.Err() != nil {
		return t
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.free > 0 && len(g.waiters) == 0 {
		g.free--
		t.ok = true
		return t
	}
	t.w = &gateWaiter{prio: prio, ready: make(chan struct{})}
	// Keep the waiters ordered by priority, first come first within one.
	i := len(g.waiters)
	for i > 0 && g.waiters[i-1].prio > prio {
		i--
	}
	g.waiters = slices.Insert(g.waiters, i, t.w)
	return t
}

// wait waits for the ticket's turn; it reports false (holding no slot)
// when the ticket's context ends first. A true answer must be followed
// by release.
func (t *ticket) wait() bool {
	g := t.g
	if t.w == nil {
		if t.ok && t.ctx.Err() != nil {
			g.release()
			return false
		}
		return t.ok
	}
	select {
	case <-t.w.ready:
		if t.ctx.Err() != nil {
			g.release()
			return false
		}
		return true
	case <-t.ctx.Done():
		g.mu.Lock()
		defer g.mu.Unlock()
		if j := slices.Index(g.waiters, t.w); j >= 0 {
			g.waiters = slices.Delete(g.waiters, j, j+1)
			return false
		}
		// The slot was handed over as ctx ended: give it back.
		g.releaseLocked()
		return false
	}
}

// release frees a slot (handing it to the most urgent waiter).
func (g *gate) release() {
	g.mu.Lock()
	g.releaseLocked()
	g.mu.Unlock()
}

func (g *gate) releaseLocked() {
	if len(g.waiters) > 0 {
		w := g.waiters[0]
		g.waiters = g.waiters[1:]
		close(w.ready)
		return
	}
	g.free++
}
