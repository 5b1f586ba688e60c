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
		for _, o := range []*popup{m.keysPopup, m.reproPopup, m.glossPopup} {
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
		return m.pipe.compared(msg)
	case condBootProgressMsg:
		return m.pipe.condBootProgress(msg)
	case condBootDoneMsg:
		m.pipe.condBootDone(msg)
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
		if len(m.c.judges) == 0 { // the body says what it waits for
			m.c.watch = m.watchErr
			m.markDirty()
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
	case execDoneMsg:
		execDone(m.c, msg)
	case tea.MouseClickMsg:
		return m.click(msg.Mouse())
	case tea.MouseWheelMsg:
		return m.wheel(msg)
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	return nil
}

// key handles a key press: a pane that captures keys takes it, then the
// popups, then the global keys, then the pane's knob bar, then the pane.
func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	m.c.flash = ""
	if m.cmdline.active {
		line, ok, cmd := m.cmdline.key(msg)
		if ok {
			return tea.Batch(cmd, m.runCommand(line))
		}
		return cmd
	}
	p := m.panes[m.pane]
	if p.Capturing() {
		return p.Update(msg)
	}
	if cmd, done := m.popupKey(msg); done {
		return cmd
	}
	if m.c.tooSmall() {
		return nil
	}
	if cmd, done := m.globalKey(msg); done {
		return cmd
	}
	if cmd, done := m.knobKey(p, msg); done {
		return cmd
	}
	return p.Update(msg)
}

// popupKey handles quit and help, which work everywhere, and every key
// while the help or the reproduce popup is open; done is false for a key
// it leaves to the rest.
func (m *Model) popupKey(msg tea.KeyPressMsg) (cmd tea.Cmd, done bool) {
	k := m.c.keys
	switch {
	case key.Matches(msg, k.Quit):
		return tea.Quit, true
	case key.Matches(msg, k.Help):
		m.showHelp, m.showRepro = !m.showHelp, false
		m.keysPopup.Reset()
		return nil, true
	}
	if m.showHelp {
		if m.keysPopup.Update(msg) {
			m.showHelp = false
		}
		return nil, true
	}
	if m.showGloss {
		if key.Matches(msg, k.Glossary) || m.glossPopup.Update(msg) {
			m.showGloss = false
		}
		return nil, true
	}
	if m.showRepro {
		if key.Matches(msg, k.Copy) {
			return m.copyCmd(), true
		}
		if key.Matches(msg, k.Repro) {
			m.showRepro = false
			return nil, true
		}
		if m.reproPopup.Update(msg) {
			m.showRepro = false
		}
		return nil, true
	}
	return nil, false
}

// globalKey handles the keys of every pane: switching panes, judges and
// groups, export, the reproduce popup and resetting every knob; done is
// false for another key.
func (m *Model) globalKey(msg tea.KeyPressMsg) (cmd tea.Cmd, done bool) {
	k := m.c.keys
	switch {
	case key.Matches(msg, k.NextPane):
		return m.setPane((m.pane + 1) % numPanes), true
	case key.Matches(msg, k.PrevPane):
		return m.setPane((m.pane + numPanes - 1) % numPanes), true
	case key.Matches(msg, k.Pane):
		return m.setPane(paneID(msg.String()[0] - '1')), true
	case key.Matches(msg, k.NextJudge, k.PrevJudge):
		return m.stepJudge(key.Matches(msg, k.PrevJudge)), true
	case key.Matches(msg, k.NextGroup, k.PrevGroup):
		return m.stepGroup(key.Matches(msg, k.PrevGroup)), true
	case key.Matches(msg, k.Export):
		return exportCmd(m.c), true
	case key.Matches(msg, k.Repro):
		return m.reproCmd(), true
	case key.Matches(msg, k.Glossary):
		m.showGloss = true
		m.glossPopup.Reset()
		return nil, true
	case key.Matches(msg, k.Editor):
		return editorCmd(m.c), true
	case key.Matches(msg, k.Copy):
		return m.copyCmd(), true
	case key.Matches(msg, k.Command):
		return m.cmdline.open(), true
	case key.Matches(msg, k.ResetAll):
		for id := range knobDefs {
			m.c.knobs.reset(knobID(id), m.c.start)
		}
		m.c.setFlash("every knob reset to its starting value")
		return m.knobChanged(true), true
	}
	return nil, false
}

// stepJudge moves to the next judge (the previous one when back), shows
// its state at the top of every pane and recomputes; with one judge it
// says so.
func (m *Model) stepJudge(back bool) tea.Cmd {
	if len(m.c.judges) < 2 {
		m.c.setFlash("the log has one judge")
		return nil
	}
	m.c.judge = step(m.c.judge, len(m.c.judges), back)
	m.pipe.refreshGroups()
	m.items.reset()
	// Every pane shows the new judge's state at once ("analysing …" until
	// its numbers arrive) and starts at its top.
	for _, p := range m.panes {
		if t, ok := p.(interface{ toTop() }); ok {
			t.toTop()
		}
	}
	m.markDirty()
	return m.pipe.recompute()
}

// step is the index after i among n, cycling (the one before when back).
func step(i, n int, back bool) int {
	if back {
		return (i + n - 1) % n
	}
	return (i + 1) % n
}

// stepGroup moves to the next group of pair records (the previous one
// when back) and recomputes; without groups it says so.
func (m *Model) stepGroup(back bool) tea.Cmd {
	if len(m.c.groups) < 2 {
		m.c.setFlash("the judge's pair records have no groups")
		return nil
	}
	m.c.group = step(m.c.group, len(m.c.groups), back)
	m.c.knobs.opt.Group = m.c.groups[m.c.group]
	m.items.reset()
	return m.pipe.recompute()
}

// knobKey gives the key to pane p's knob bar, if it has one; done is
// false when the bar does not use it.
func (m *Model) knobKey(p pane, msg tea.KeyPressMsg) (cmd tea.Cmd, done bool) {
	b := p.Knobs()
	if b == nil {
		return nil, false
	}
	switch b.Update(msg) {
	case knobMoved:
		return nil, true
	case knobFocus:
		p.Invalidate() // ←/→ changed meaning: the tables' hints say so
		return nil, true
	case knobDisplay:
		return m.knobChanged(false), true
	case knobAnalysis:
		return m.knobChanged(true), true
	}
	return nil, false
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
	case m.showGloss:
		m.glossPopup.Update(msg)
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
