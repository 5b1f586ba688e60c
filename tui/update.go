package tui

import (
	"context"
	"errors"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Update handles a message. It never computes statistics: knob keys change
// the knob at once and schedule a recompute (tea.Cmd).
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.c.width, m.c.height = msg.Width, msg.Height
		m.help.SetWidth(m.c.contentWidth())
		m.markDirty()
		m.renderActive()
		return m, nil
	case tea.BackgroundColorMsg:
		m.setTheme(msg.IsDark())
		m.renderActive()
		return m, nil
	case resultMsg:
		return m, m.applyResult(msg.r)
	case previewMsg:
		return m, m.applyPreview(msg.r)
	case itemsCalMsg:
		if m.c.cur != nil && msg.gen == m.c.cur.gen && m.c.cur.items != nil && m.c.cur.items.calPending {
			m.c.cur.items = msg.items
			m.items.setData(msg.items)
			m.dirty[paneItems] = true
			m.renderActive()
		}
		return m, nil
	case bootProgressMsg:
		return m, m.bootProgress(msg)
	case bootDoneMsg:
		m.bootDone(msg)
		return m, nil
	case pathMsg:
		return m, m.applyPath(msg)
	case compareMsg:
		if msg.gen == m.gen {
			m.c.compare, m.c.cmpErr = msg.judges, msg.err
			m.dirty[paneOverview] = true
			m.renderActive()
		}
		return m, nil
	case pollTickMsg:
		return m, m.pollCmd()
	case pollMsg:
		// An unchanged poll says nothing new: the last error (a bad line,
		// a deleted file) stays on screen until a poll reads the files
		// again.
		if msg.changed || msg.err != nil {
			m.watchErr = msg.err
		}
		if msg.changed && msg.lg != nil && len(msg.lg.Pairs)+len(msg.lg.Scores)+len(msg.lg.Verdicts) == 0 {
			m.watchErr = m.noRecords(msg.err)
			msg.lg = nil
		}
		var cmd tea.Cmd
		if msg.changed && msg.lg != nil {
			m.setLog(msg.lg, "")
			cmd = m.recompute()
		}
		return m, tea.Batch(cmd, m.pollTick())
	case exportMsg:
		if msg.err != nil {
			m.c.setFlashErr(msg.err)
		} else {
			m.c.setFlash("%s", msg.text)
		}
		return m, nil
	case tea.MouseClickMsg:
		return m, m.click(msg.Mouse())
	case tea.MouseWheelMsg:
		mm := msg.Mouse()
		switch mm.Button {
		case tea.MouseWheelUp:
			m.scroll(-3)
		case tea.MouseWheelDown:
			m.scroll(3)
		}
		return m, nil
	case tea.KeyPressMsg:
		return m, m.key(msg)
	}
	return m, nil
}

// applyResult puts a finished analysis on screen unless a newer knob
// change has made it stale, and starts a queued recompute.
func (m *Model) applyResult(r *result) tea.Cmd {
	m.inFlight = false
	if m.computeCancel != nil {
		m.computeCancel()
		m.computeCancel = nil
	}
	var cmds []tea.Cmd
	if r.gen == m.gen && !errors.Is(r.err, context.Canceled) {
		m.show(r)
		// The numbers are on screen: the background work for them starts,
		// behind the gate, most urgent first.
		ctx, cancel := context.WithCancel(context.Background())
		m.bgCancel = cancel
		if r.items != nil && r.items.calPending {
			cmds = append(cmds, itemsCalCmd(ctx, m.bg, r))
		}
		if len(m.c.judges) > 1 {
			cmds = append(cmds, compareCmd(ctx, m.bg, m.request(), r))
		}
		cmds = append(cmds, m.afterResult())
		cmds = append(cmds, m.startBoot(r))
	} else {
		m.dropped++
	}
	if m.queued {
		// A change arrived while this one ran: compute the latest now.
		m.queued = false
		cmds = append(cmds, m.startCompute(true))
	}
	return tea.Batch(cmds...)
}

// applyPreview puts a preview on screen unless it is stale, then starts
// the exact analysis of the same knobs, or, when keys arrived meanwhile,
// the next preview for the latest knobs: during a burst the screen follows
// the keys with previews, and the exact fit runs once the keys stop. The
// background work (bootstrap, path, comparison, items' columns) waits for
// the exact numbers.
func (m *Model) applyPreview(r *result) tea.Cmd {
	if r.gen == m.gen {
		m.show(r)
	} else {
		m.dropped++
	}
	m.queued = false
	return m.startCompute(r.gen != m.gen)
}

// show puts the numbers and items of r on screen.
func (m *Model) show(r *result) {
	m.c.cur = r
	if r.items != nil {
		m.itemBase = r.items.itemBase
	}
	m.items.setData(r.items)
	m.markDirty()
	m.renderActive()
}

// key handles a key press: global keys first, then the active pane's.
func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	m.c.flash = ""
	k := m.c.keys
	if m.items.capturing() && m.pane == paneItems {
		// The filter input takes every key but esc/enter.
		return m.itemsKey(msg)
	}
	switch {
	case key.Matches(msg, k.Quit):
		return tea.Quit
	case key.Matches(msg, k.Help):
		m.showHelp, m.showRepro = !m.showHelp, false
		m.helpView.SetYOffset(0)
		return nil
	}
	if m.showHelp {
		m.overlayKey(msg, &m.showHelp, m.helpView, m.helpLines(m.c.contentWidth()))
		return nil
	}
	if m.showRepro {
		if key.Matches(msg, k.Repro) {
			m.showRepro = false
			return nil
		}
		m.overlayKey(msg, &m.showRepro, m.reproView, m.reproLines(m.c.contentWidth()))
		return nil
	}
	if m.c.tooSmall() {
		return nil
	}
	switch {
	case key.Matches(msg, k.NextPane):
		m.setPane((m.pane + 1) % numPanes)
		return nil
	case key.Matches(msg, k.PrevPane):
		m.setPane((m.pane + numPanes - 1) % numPanes)
		return nil
	case key.Matches(msg, k.Pane):
		m.setPane(paneID(msg.String()[0] - '1'))
		return nil
	case key.Matches(msg, k.NextJudge, k.PrevJudge):
		if len(m.c.judges) < 2 {
			m.c.setFlash("the log has one judge")
			return nil
		}
		d := 1
		if key.Matches(msg, k.PrevJudge) {
			d = len(m.c.judges) - 1
		}
		m.c.judge = (m.c.judge + d) % len(m.c.judges)
		m.refreshGroups()
		m.items.reset()
		return m.recompute()
	case key.Matches(msg, k.NextGroup, k.PrevGroup):
		if len(m.c.groups) < 2 {
			m.c.setFlash("the judge's pair records have no groups")
			return nil
		}
		d := 1
		if key.Matches(msg, k.PrevGroup) {
			d = len(m.c.groups) - 1
		}
		m.c.group = (m.c.group + d) % len(m.c.groups)
		m.c.knobs.opt.Group = m.c.groups[m.c.group]
		m.items.reset()
		return m.recompute()
	case key.Matches(msg, k.Export):
		return m.exportCmd()
	case key.Matches(msg, k.Repro):
		return m.reproCmd()
	case key.Matches(msg, k.ColLeft):
		m.sideways(-1)
		return nil
	case key.Matches(msg, k.ColRight):
		m.sideways(1)
		return nil
	case key.Matches(msg, k.FewShot) && m.pane == paneLikelihood:
		return m.fewShotCmd()
	case key.Matches(msg, k.ResetAll):
		for id := range knobDefs {
			m.c.knobs.reset(knobID(id), m.c.start)
		}
		m.c.setFlash("every knob reset to its starting value")
		return m.knobChanged(true)
	}
	if m.pane == paneItems {
		return m.itemsKey(msg)
	}
	knobs := paneKnobs[m.pane]
	f := &m.focus[m.pane]
	switch {
	case key.Matches(msg, k.Back):
		if len(knobs) > 0 && *f >= 0 {
			// No knob selected: ←/→ scroll the tables sideways.
			*f = -1
			m.dirty[m.pane] = true
			m.renderActive()
		}
		return nil
	case m.noKnobFocused() && key.Matches(msg, k.Dec, k.Inc):
		d := 1
		if key.Matches(msg, k.Dec) {
			d = -1
		}
		m.sideways(d)
		return nil
	case key.Matches(msg, k.ScrollUp):
		m.scroll(-max(1, m.bodyHeight()-2))
		return nil
	case key.Matches(msg, k.ScrollDown):
		m.scroll(max(1, m.bodyHeight()-2))
		return nil
	}
	if len(knobs) == 0 {
		return nil
	}
	if *f < 0 {
		// No knob selected: ↑/↓ select one again; the rest wait for it.
		switch {
		case key.Matches(msg, k.KnobUp):
			*f = len(knobs) - 1
		case key.Matches(msg, k.KnobDown):
			*f = 0
		default:
			return nil
		}
		m.dirty[m.pane] = true
		m.renderActive()
		return nil
	}
	switch {
	case key.Matches(msg, k.KnobUp):
		*f = (*f + len(knobs) - 1) % len(knobs)
	case key.Matches(msg, k.KnobDown):
		*f = (*f + 1) % len(knobs)
	case key.Matches(msg, k.Reset):
		m.c.knobs.reset(knobs[*f], m.c.start)
		return m.knobChanged(!knobDefs[knobs[*f]].display)
	case key.Matches(msg, k.Dec, k.Inc, k.BigDec, k.BigInc):
		dir := 1
		if key.Matches(msg, k.Dec, k.BigDec) {
			dir = -1
		}
		big := key.Matches(msg, k.BigDec, k.BigInc)
		return m.knobChanged(m.c.knobs.step(knobs[*f], dir, big, m.c.resolvedKnobs()))
	}
	return nil
}

// knobChanged re-renders what shows the knob and, when an analysis option
// changed, schedules a recompute.
func (m *Model) knobChanged(analysis bool) tea.Cmd {
	if !analysis {
		// A display knob (the criterion): the panes change now.
		m.markDirty()
		m.renderActive()
		return nil
	}
	// The knob bar and status line show the new value at once (View draws
	// them from the knobs); the panes keep the last numbers until the
	// recompute lands.
	return m.recompute()
}

func (m *Model) setPane(p paneID) {
	if p < 0 || p >= numPanes {
		return
	}
	m.pane = p
	m.renderActive()
}

// click switches panes when a tab is clicked.
func (m *Model) click(mm tea.Mouse) tea.Cmd {
	if mm.Y != 0 || mm.Button != tea.MouseLeft {
		return nil
	}
	for i := 0; i+1 < len(m.tabX); i++ {
		if mm.X >= m.tabX[i] && mm.X < m.tabX[i+1] {
			m.setPane(paneID(i))
			return nil
		}
	}
	return nil
}

func (m *Model) scroll(d int) {
	w := m.c.contentWidth()
	switch {
	case m.showHelp:
		m.overlayScroll(m.helpView, m.helpLines(w), d)
		return
	case m.showRepro:
		m.overlayScroll(m.reproView, m.reproLines(w), d)
		return
	}
	if m.pane == paneItems {
		m.items.scroll(d)
		return
	}
	s := m.scrollers[m.pane]
	s.SetSize(m.c.contentWidth(), m.bodyHeight())
	s.ScrollBy(d)
}

func (m *Model) markDirty() {
	for i := range m.dirty {
		m.dirty[i] = true
	}
}
