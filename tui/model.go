package tui

import (
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/internal/atomicfile"
	"github.com/plumb-eval/plumb/model"
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
	// judge (analysis.NewEngine); the caller must not use it afterwards.
	Log *model.Log
	// Files are the input files (none: the embedded demo); they appear in
	// the reproduce commands and are never overwritten by an export.
	Files []string
	// From, Maps, SkipBad and Annotators are the flags that read Files
	// (--from, --map, --skip-bad, --annotators); every reproduce command
	// repeats them.
	From       string
	Maps       []string
	SkipBad    bool
	Annotators bool
	// Start holds the starting knob values. Start.Judges[0], when given,
	// is the judge shown first.
	Start analysis.Options
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
	// Dir is the folder that the exports (named by ExportPrefix) and the
	// relative Files are in ("": the working directory). It is used only
	// where files are written and checked against the inputs: every name
	// shown, and every reproduce command, stays as given, relative to
	// Dir. Tests set it to export into a folder of their own without
	// changing the process's working directory.
	Dir string
	// Guard writes the exports: it knows every file read (so no export
	// overwrites one, whatever its name) and removes temporary files on a
	// signal. Nil: a Guard of its own that knows only Files.
	Guard *atomicfile.Guard
	// Version is plumb's version, written into exported JSON.
	Version string
	// FigureDPI is the resolution of the exported PNG figures (0: that of
	// figure.DefaultOptions); their reproduce command names it when it is
	// not the default. Tests set a low one: encoding PNGs at the default
	// resolution is most of an export's time.
	FigureDPI int
	// Dark is the initial guess of the terminal background; a
	// tea.BackgroundColorMsg corrects it.
	Dark bool
}

// Model is the root Bubble Tea model. It only routes: the messages of
// background work to the pipeline, the global keys (panes, judges,
// groups, export, reproduce, help, quit), the rest to the active pane's
// knob bar and then the pane; and it composes the frame around the pane:
// the tabs, the knob bar, the status line and the help bar. The panes
// draw from the context (common), which the pipeline fills.
type Model struct {
	// c is the context the panes read (common.go).
	c    *common
	help help.Model

	pane     paneID
	showHelp bool
	// showRepro shows the reproduce popup (c); keysPopup and reproPopup
	// are the popups.
	showRepro             bool
	keysPopup, reproPopup *popup
	// showGloss shows the glossary popup (i) of the pane at hand.
	showGloss  bool
	glossPopup *popup
	// cmdline is the command line (:).
	cmdline *cmdLine

	// pipe computes the numbers the panes show (pipeline.go).
	pipe *pipeline

	// panes are the tabs, in order; items is panes[paneItems], whose
	// cursor a new judge or group resets.
	panes [numPanes]pane
	items *itemsPane
	tabs  *tabs

	// onFrame, when set (tests), sees every frame View draws.
	onFrame func(string)

	// watchErr is the last poll's error or waiting state (--watch),
	// shown in the status line until a poll reads the files again.
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
	c := &common{opts: &opts, keys: newKeyMap()}
	m := &Model{c: c, help: help.New(), pipe: newPipeline(c), tabs: &tabs{c: c}}
	m.items = newItemsPane(c)
	m.panes = [numPanes]pane{
		paneOverview:   newOverviewPane(c),
		paneSelection:  newSelectionPane(c),
		paneLikelihood: newLikelihoodPane(c),
		paneReporting:  newReportingPane(c),
		paneItems:      m.items,
		paneStyle:      newStylePane(c),
		panePanel:      newPanelPane(c),
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
	m.pipe.setLog(opts.Log, first)
	m.keysPopup = newPopup(c, "All keys", "(? or esc closes · pgdn/pgup scroll)",
		func(w int) []string { return helpLines(&c.st, m.helpSections(), w) })
	m.glossPopup = newPopup(c, "What these numbers mean", "(i or esc closes)", func(w int) []string { return glossaryLines(c, m.pane, w) })
	m.cmdline = newCmdLine(c)
	m.reproPopup = newPopup(c, "Reproduce these numbers", "(c or esc closes)", func(w int) []string { return reproLines(c, w) })
	return m
}

// setTheme builds the styles for a dark or light background; every pane
// is drawn again.
func (m *Model) setTheme(dark bool) {
	m.c.st = newStyles(dark, !m.c.opts.NoColor)
	m.help.Styles = m.c.st.Help
	m.markDirty()
}

// Init starts the first analysis and, with --watch, the polling: the first
// poll at once, so that a file still to appear is said on the first frame.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor, m.pipe.recompute()}
	if m.c.opts.Poll != nil {
		cmds = append(cmds, m.pollCmd())
	}
	return tea.Batch(cmds...)
}

// pollTick waits for the next look at the watched files (--watch).
func (m *Model) pollTick() tea.Cmd {
	return tea.Tick(m.c.opts.PollEvery, func(time.Time) tea.Msg { return pollTickMsg{} })
}

// pollCmd looks at the watched files off the UI goroutine.
func (m *Model) pollCmd() tea.Cmd {
	poll := m.c.opts.Poll
	return func() tea.Msg {
		lg, changed, err := poll()
		return pollMsg{lg: lg, changed: changed, err: err}
	}
}
