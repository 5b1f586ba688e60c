package tui

import (
	"context"
	"slices"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"github.com/plumb-eval/plumb/internal/atomicfile"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/report"
)

// Minimum and maximum terminal sizes the layout is designed for. Below the
// minimum the app shows a message instead of a garbled screen; above the
// maximum it uses the maximum and leaves the rest blank.
const (
	MinWidth, MinHeight = 80, 24
	MaxWidth, MaxHeight = 250, 70
)

// Options configure the app. Start holds the analysis options the knobs
// start from (and reset to); every one of them is a flag of `plumb report`.
type Options struct {
	// Log is the judgment log to analyse. The app sorts its records by
	// judge (report.NewEngine); the caller must not use it afterwards.
	Log *model.Log
	// Files are the input files, "" entries none; they appear in the
	// "reproduce" command and are never overwritten by an export.
	Files []string
	// Start holds the starting knob values. Start.Judges[0], when given,
	// is the judge shown first.
	Start report.Options
	// Criterion is the likelihood criterion shown first ("" = the first).
	Criterion string
	// Mouse turns mouse support on (tab clicks, wheel scrolling).
	Mouse bool
	// NoColor turns colour off (NO_COLOR).
	NoColor bool
	// Poll, when set, is called every PollEvery to follow growing files
	// (--watch); it returns the whole log when anything changed.
	Poll      func() (lg *model.Log, changed bool, err error)
	PollEvery time.Duration
	// ExportPrefix names the exported files, per judge: PREFIX.JUDGE.md,
	// PREFIX.JUDGE.json, PREFIX.JUDGE.calibrated.jsonl, PREFIX.JUDGE.figures/
	// and PREFIX.JUDGE.fewshot-CRITERION.jsonl (JUDGE and CRITERION are
	// figure.Stems).
	ExportPrefix string
	// Guard writes the exports: it knows every file read (so no export
	// overwrites one, whatever its name) and removes temporary files on a
	// signal. Nil: a Guard of its own that knows only Files.
	Guard *atomicfile.Guard
	// Version is plumb's version, written into exported JSON.
	Version string
	// Dark is the initial guess of the terminal background; a
	// tea.BackgroundColorMsg corrects it.
	Dark bool
}

// Model is the root Bubble Tea model. It owns the panes and the
// recompute pipeline; panes render from the last result only.
type Model struct {
	// c is the context the panes read (common.go).
	c    *common
	help help.Model

	pane     paneID
	showHelp bool
	// showRepro shows the reproduce popup (c); helpView and reproView
	// scroll the popups.
	showRepro           bool
	helpView, reproView *scroller

	// The recompute pipeline: gen counts knob changes; inFlight is true
	// while a recompute runs; queued asks for one more when it ends (the
	// keys of a burst coalesce into that one follow-up).
	gen      uint64
	inFlight bool
	queued   bool
	dropped  int
	// computeCancel stops the exact analysis in flight (a new knob change
	// makes it stale); previews are not stopped.
	computeCancel context.CancelFunc
	// itemBase is the items' knob-independent part of the current judge
	// and group, once computed.
	itemBase *itemBase
	// bg admits background jobs (gate.go); bgCancel stops those of the
	// result on screen (the items' calibrated columns, the comparison).
	bg       *gate
	bgCancel context.CancelFunc
	slots    int // bgSlots when the app was made
	// bootGen is the generation of the result the background bootstrap
	// belongs to; bootCancel stops it.
	bootGen    uint64
	bootCancel context.CancelFunc

	// pathBusy marks the fit paths being computed (selection_path.go).
	pathBusy   map[pathKey]bool
	pathCancel context.CancelFunc // stops the path being computed
	pathFor    pathKey            // the path being computed
	// noPath skips the background fit path. Only tests set it: those that
	// press many knobs and look at no path (a path per λ is most of their
	// time under -race). The app always computes the path.
	noPath bool

	// panes are the tabs, in order; items is panes[paneItems], whose
	// cursor a new judge or group resets.
	panes [numPanes]pane
	items *itemsPane
	tabX  []int // tab i spans tabX[i] ≤ x < tabX[i+1] on row 0

	// onFrame, when set (tests), sees every frame View draws.
	onFrame func(string)

	watchErr error
}

// New returns the app for opts.
func New(opts Options) *Model {
	if opts.Log == nil {
		opts.Log = &model.Log{}
	}
	if opts.PollEvery <= 0 {
		opts.PollEvery = time.Second
	}
	if opts.ExportPrefix == "" {
		opts.ExportPrefix = "plumb-export"
	}
	if opts.Guard == nil {
		opts.Guard = atomicfile.NewGuard()
	}
	c := &common{opts: &opts, keys: newKeyMap(), paths: map[pathKey]*pathEntry{}}
	m := &Model{c: c, help: help.New(), pathBusy: map[pathKey]bool{}, slots: bgSlots()}
	m.bg = newGate(m.slots)
	m.items = newItemsPane(c)
	m.panes = [numPanes]pane{
		paneOverview:   newOverviewPane(c),
		paneSelection:  newSelectionPane(c),
		paneLikelihood: newLikelihoodPane(c),
		paneReporting:  newReportingPane(c),
		paneItems:      m.items,
	}
	m.setTheme(opts.Dark)
	c.knobs = knobState{opt: opts.Start, criterion: opts.Criterion}
	c.knobs.opt.Selection.Path = true // the Selection pane shows the fit path
	c.start = c.knobs
	first := ""
	if len(opts.Start.Judges) > 0 {
		first = opts.Start.Judges[0]
	}
	c.knobs.opt.Judges, c.start.opt.Judges = nil, nil
	m.setLog(opts.Log, first)
	m.helpView, m.reproView = newScroller(c, false), newScroller(c, false)
	return m
}

// setLog installs a (new) log: a new engine, the judge list and the
// groups, keeping the current judge and group when they still exist.
func (m *Model) setLog(lg *model.Log, judge string) {
	c := m.c
	if judge == "" && len(c.judges) > 0 {
		judge = c.judges[c.judge]
	}
	c.eng = report.NewEngine(lg)
	c.judges = c.eng.Judges()
	c.judge = max(0, slices.Index(c.judges, judge))
	m.refreshGroups()
}

// refreshGroups rebuilds the group list of the current judge, keeping the
// group filter when the judge has the group.
func (m *Model) refreshGroups() {
	c := m.c
	g := c.knobs.opt.Group
	c.groups = append([]string{""}, c.eng.Groups(c.judgeName())...)
	c.group = max(0, slices.Index(c.groups, g))
	c.knobs.opt.Group = c.groups[c.group]
}

func (m *Model) setTheme(dark bool) {
	m.c.st = newStyles(dark, !m.c.opts.NoColor)
	m.help.Styles = m.c.st.Help
	m.markDirty()
}

// Init starts the first analysis and, with --watch, the polling: the first
// poll at once, so that a file still to appear is said on the first frame.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor, m.recompute()}
	if m.c.opts.Poll != nil {
		cmds = append(cmds, m.pollCmd())
	}
	return tea.Batch(cmds...)
}

// recompute records a change of knobs or data and starts its recompute
// at once when none is running: an isolated key waits for nothing. Keys
// that arrive while one runs coalesce into one follow-up for the latest
// knobs (applyResult), so a burst costs at most two recomputes. Background
// work of the numbers on screen stops, leaving the cores to the
// recompute; it starts again for the new numbers.
func (m *Model) recompute() tea.Cmd {
	m.gen++
	m.stopBackground()
	if len(m.c.judges) == 0 {
		return nil
	}
	if m.inFlight {
		m.queued = true
		if m.computeCancel != nil {
			m.computeCancel() // an exact fit in flight is stale: stop it
		}
		return nil
	}
	return m.startCompute(true)
}

// startCompute starts the analysis of the current knobs: a preview first
// when preview is set (a λ change answered by a warm-started fit, the
// exact one following), otherwise the exact analysis alone.
func (m *Model) startCompute(preview bool) tea.Cmd {
	m.inFlight = true
	ctx, cancel := context.WithCancel(context.Background())
	if m.computeCancel != nil {
		m.computeCancel()
	}
	m.computeCancel = cancel
	q := m.request()
	q.ctx, q.tryPreview = ctx, preview
	return computeCmd(q)
}

// stopBackground cancels the background work of the numbers on screen:
// the bootstrap (its intervals would belong to the old numbers), the
// comparison, the items' calibrated columns, and the fit path unless the
// new knobs need the same one.
func (m *Model) stopBackground() {
	m.stopBoot()
	if m.bgCancel != nil {
		m.bgCancel()
		m.bgCancel = nil
	}
	if m.pathCancel != nil && (m.pathFor == (pathKey{}) || m.pathFor != m.wantPathKey()) {
		m.pathCancel()
		m.pathCancel = nil
	}
}

// request snapshots what a recompute of the current state needs.
func (m *Model) request() request {
	q := request{gen: m.gen, eng: m.c.eng, judge: m.c.judgeName(), opt: m.c.knobs.opt, itemsNow: m.pane == paneItems}
	if b := m.itemBase; b != nil && b.eng == q.eng && b.judge == q.judge && b.group == q.opt.Group {
		q.base = b
	}
	return q
}

// computing reports whether the numbers on screen are older than the knobs.
func (m *Model) computing() bool {
	return len(m.c.judges) > 0 && (m.c.cur == nil || m.c.cur.gen != m.gen || m.c.cur.preview)
}

func (m *Model) pollTick() tea.Cmd {
	return tea.Tick(m.c.opts.PollEvery, func(time.Time) tea.Msg { return pollTickMsg{} })
}

func (m *Model) pollCmd() tea.Cmd {
	poll := m.c.opts.Poll
	return func() tea.Msg {
		lg, changed, err := poll()
		return pollMsg{lg: lg, changed: changed, err: err}
	}
}
