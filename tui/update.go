package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Update handles a message. It never computes statistics: knob keys change
// the knob at once and schedule a recompute (tea.Cmd). Whatever the
// message made stale on the pane on screen is drawn again before the
// frame (renderActive).
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.route(msg)
	stale := m.pipe.drain()
	for p := range numPanes {
		if stale&(1<<p) != 0 {
			m.panes[p].Invalidate()
		}
	}
	// The status line and the knob bars ask whether each knob changes
	// anything (common.inactive); the one pass over records that needs is
	// made here, so that View only reads.
	m.c.hardChoices()
	m.renderActive()
	return m, cmd
}

// route hands a message to whom it is for.
func (m *Model) route(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.c.width, m.c.height = msg.Width, msg.Height
		m.help.SetWidth(m.c.contentWidth())
		for _, p := range m.panes {
			p.SetSize(m.c.contentWidth(), m.bodyHeight(p))
		}
		for _, o := range []*popup{m.keysPopup, m.reproPopup} {
			o.SetSize(m.c.contentWidth(), m.c.contentHeight()-3) // tabs, status line, help bar
		}
		m.markDirty()
	case tea.BackgroundColorMsg:
		m.setTheme(msg.IsDark())
	case resultMsg:
		return m.pipe.applyResult(msg.r)
	case previewMsg:
		return m.pipe.applyPreview(msg.r)
	case itemsCalMsg:
		m.pipe.itemsCal(msg)
	case bootProgressMsg:
		return m.pipe.bootProgress(msg)
	case bootDoneMsg:
		m.pipe.bootDone(msg)
	case pathMsg:
		return m.pipe.applyPath(msg)
	case compareMsg:
		m.pipe.compared(msg)
	case stylePointMsg, styleProgressMsg, styleBootMsg:
		return m.pipe.styleMsg(msg)
	case pollTickMsg:
		return m.pollCmd()
	case pollMsg:
		// An unchanged poll says nothing new: the last error (a bad line,
		// a deleted file) stays on screen until a poll reads the files
		// again.
		if msg.changed || msg.err != nil {
			m.watchErr = msg.err
		}
		if msg.changed && msg.lg != nil && len(msg.lg.Pairs)+len(msg.lg.Scores)+len(msg.lg.Verdicts) == 0 {
			m.watchErr = noRecords(m.c, msg.err)
			msg.lg = nil
		}
		var cmd tea.Cmd
		if msg.changed && msg.lg != nil {
			m.pipe.setLog(msg.lg, "")
			cmd = m.pipe.recompute()
		}
		return tea.Batch(cmd, m.pollTick())
	case exportMsg:
		if msg.err != nil {
			m.c.setFlashErr(msg.err)
		} else {
			m.c.setFlash("%s", msg.text)
		}
	case tea.MouseClickMsg:
		return m.click(msg.Mouse())
	case tea.MouseWheelMsg:
		return m.wheel(msg)
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	return nil
}

// key handles a key press: the global keys, then the pane's knob bar,
// then the pane.
func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	m.c.flash = ""
	k := m.c.keys
	p := m.panes[m.pane]
	if p.Capturing() {
		return p.Update(msg)
	}
	switch {
	case key.Matches(msg, k.Quit):
		return tea.Quit
	case key.Matches(msg, k.Help):
		m.showHelp, m.showRepro = !m.showHelp, false
		m.keysPopup.Reset()
		return nil
	}
	if m.showHelp {
		if m.keysPopup.Update(msg) {
			m.showHelp = false
		}
		return nil
	}
	if m.showRepro {
		if key.Matches(msg, k.Repro) {
			m.showRepro = false
			return nil
		}
		if m.reproPopup.Update(msg) {
			m.showRepro = false
		}
		return nil
	}
	if m.c.tooSmall() {
		return nil
	}
	switch {
	case key.Matches(msg, k.NextPane):
		return m.setPane((m.pane + 1) % numPanes)
	case key.Matches(msg, k.PrevPane):
		return m.setPane((m.pane + numPanes - 1) % numPanes)
	case key.Matches(msg, k.Pane):
		return m.setPane(paneID(msg.String()[0] - '1'))
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
		m.pipe.refreshGroups()
		m.items.reset()
		return m.pipe.recompute()
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
		return m.pipe.recompute()
	case key.Matches(msg, k.Export):
		return exportCmd(m.c)
	case key.Matches(msg, k.Repro):
		return m.reproCmd()
	case key.Matches(msg, k.ResetAll):
		for id := range knobDefs {
			m.c.knobs.reset(knobID(id), m.c.start)
		}
		m.c.setFlash("every knob reset to its starting value")
		return m.knobChanged(true)
	}
	if b := p.Knobs(); b != nil {
		switch b.Update(msg) {
		case knobMoved:
			return nil
		case knobFocus:
			p.Invalidate() // ←/→ changed meaning: the tables' hints say so
			return nil
		case knobDisplay:
			return m.knobChanged(false)
		case knobAnalysis:
			return m.knobChanged(true)
		}
	}
	return p.Update(msg)
}

// knobChanged re-renders what shows the knob and, when an analysis option
// changed, schedules a recompute.
func (m *Model) knobChanged(analysis bool) tea.Cmd {
	if !analysis {
		// A display knob (the criterion, the Style pane's): the panes
		// change now; the style analysis of a new preference starts.
		m.markDirty()
		return m.pipe.ensureStyle()
	}
	// The knob bar and status line show the new value at once (View draws
	// them from the knobs); the panes keep the last numbers until the
	// recompute lands.
	return m.pipe.recompute()
}

// setPane puts pane p on screen (drawn at the end of Update if stale);
// the Style pane's analysis starts when it is not there yet.
func (m *Model) setPane(p paneID) tea.Cmd {
	if p < 0 || p >= numPanes {
		return nil
	}
	m.pane = p
	m.pipe.itemsShown = p == paneItems
	m.pipe.style.shown = p == paneStyle
	return m.pipe.ensureStyle()
}

// click switches panes when a tab is clicked.
func (m *Model) click(mm tea.Mouse) tea.Cmd {
	if mm.Y != 0 || mm.Button != tea.MouseLeft {
		return nil
	}
	if p, ok := m.tabs.At(mm.X); ok {
		return m.setPane(p)
	}
	return nil
}

// wheel scrolls the popup on screen, or the pane.
func (m *Model) wheel(msg tea.MouseWheelMsg) tea.Cmd {
	switch {
	case m.showHelp:
		m.keysPopup.Update(msg)
		return nil
	case m.showRepro:
		m.reproPopup.Update(msg)
		return nil
	}
	return m.panes[m.pane].Update(msg)
}

// markDirty says every pane's content is stale.
func (m *Model) markDirty() {
	for _, p := range m.panes {
		p.Invalidate()
	}
}

// renderActive draws the pane on screen again when its content is stale.
// It runs at the end of Update (on a new result, a resize or a key), never
// in View.
func (m *Model) renderActive() {
	if m.c.width == 0 || m.c.tooSmall() {
		return
	}
	m.panes[m.pane].Render()
}
