package tui

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/model"
)

// itemsPane is the Items tab: a table of pair items (or, with v, of the
// likelihood scatter's score items), sortable and filterable, and a
// scrollable view of one item. Its items are the current result's
// (common.cur.items), prepared off the UI goroutine (items_data.go).
type itemsPane struct {
	c      *common
	w, h   int
	stale  bool
	scores bool // show score items instead of pair items
	// sort is each item kind's sort (pairs, scores).
	sort   [2]itemSort
	filter textinput.Model
	// filterErr says why the filter is not understood ("" when it is): a
	// bad filter filters nothing.
	filterErr string
	// rows are the item indices shown, in order (pairs: into data.pairs;
	// scores: into the criterion's points).
	rows   []int
	points []likelihood.Point
	// pointsCrit is the criterion of points.
	pointsCrit string
	cursor     int
	top        int

	detail     bool
	detailView *scroller
}

func newItemsPane(c *common) *itemsPane {
	ti := textinput.New()
	ti.Prompt = "/"
	ti.Placeholder = "text, cons:no, gold:1, shift>0.2"
	ti.CharLimit = 200
	st := ti.Styles()
	st.Cursor.Blink = false // steady, as the command line's: no redraw ticks while the filter waits
	ti.SetStyles(st)
	return &itemsPane{c: c, stale: true, filter: ti, detailView: newScroller(c, true),
		sort: [2]itemSort{{col: -1}, {col: scRS}}}
}

// Capturing: the filter input takes every key but esc and enter.
func (p *itemsPane) Capturing() bool { return p.filter.Focused() }
func (p *itemsPane) Knobs() *knobBar { return nil }
func (p *itemsPane) Invalidate()     { p.stale = true }

// SetSize gives the pane its size, and the filter input the row's width
// (with none, bubbles' textinput shows one character of its placeholder).
func (p *itemsPane) SetSize(w, h int) {
	p.w, p.h = w, h
	p.filter.SetWidth(max(1, w-3))
}

// data is the items of the result on screen (nil before the first).
func (p *itemsPane) data() *itemData {
	if p.c.cur == nil {
		return nil
	}
	return p.c.cur.items
}

// Render lays the rows out again when the items or the criterion changed.
func (p *itemsPane) Render() {
	if p.stale {
		p.stale = false
		p.layout()
	}
}

// reset forgets the cursor (a new judge or group).
func (p *itemsPane) reset() { p.cursor, p.top, p.detail = 0, 0, false }

// ShortHelp names the keys of the table, or of the open item.
func (p *itemsPane) ShortHelp() []key.Binding {
	k := p.c.keys
	if p.detail {
		return []key.Binding{k.RowUp, k.RowDown, k.ScrollDown, k.Back, k.Pager}
	}
	return []key.Binding{k.RowUp, k.RowDown, k.Glossary, k.Sort, k.SortReverse, k.Filter, k.Open, k.Pager, k.ItemsView}
}

// FullHelp is the Items section of the full help, and the filter's
// grammar (items_filter.go).
func (p *itemsPane) FullHelp() []helpSection {
	k := p.c.keys
	b := func(keys, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys), key.WithHelp(keys, desc))
	}
	return []helpSection{{"Items", []key.Binding{k.RowDown, k.RowUp, k.Top, k.Bottom, k.Sort, k.SortReverse, k.Filter, k.Open,
		k.Pager, k.ItemsView, b("esc", "close the item or filter")}},
		{"Items filter (/): words joined by spaces must all match; a bad one filters nothing and says why", []key.Binding{
			b("text", "id, group or prompt contains it (any case)"),
			b("cons:no", "cons. is no (yes, no, n/a)"),
			b("gold:1", "gold is 1 (1, 2, tie, none)"),
			b("shift>0.2", "numbers: shift, x0–x3 with : = < <= > >="),
			b("rs>=1", "score items: ls, us, rs, judge, human"),
		}}}
}

// wheel scrolls the open item, or moves the cursor, d rows.
func (p *itemsPane) wheel(d int) {
	if p.detail {
		p.detailView.ScrollBy(d)
		return
	}
	p.move(d)
}

func (p *itemsPane) move(d int) {
	if len(p.rows) == 0 {
		p.cursor = 0
		return
	}
	p.cursor = max(0, min(len(p.rows)-1, p.cursor+d))
}

// layout recomputes the rows shown: filter, then sort (in Update, on a
// new result or a key). A filter that does not parse filters nothing and
// says why in the status line.
func (p *itemsPane) layout() {
	p.rows = p.rows[:0]
	terms, err := parseFilter(p.filter.Value(), p.scores)
	p.filterErr = ""
	if err != nil {
		p.filterErr = err.Error()
		p.c.setFlashErr(err)
		terms = nil
	}
	if p.scores {
		p.points, p.pointsCrit = nil, ""
		if r := p.c.criterionResult(); r != nil {
			p.points, p.pointsCrit = r.Points, r.Criterion
		}
		for i := range p.points {
			if matchScore(&p.points[i], terms) {
				p.rows = append(p.rows, i)
			}
		}
		sortScores(p.rows, p.points, p.sort[1])
	} else if d := p.data(); d != nil {
		for i := range d.Pairs {
			if d.matchPair(i, terms) {
				p.rows = append(p.rows, i)
			}
		}
		d.sortPairs(p.rows, p.sort[0])
	}
	p.move(0)
	if p.detail {
		p.openDetail()
	}
}

// Update handles a key or the wheel on the Items tab.
func (p *itemsPane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		switch msg.Mouse().Button {
		case tea.MouseWheelUp:
			p.wheel(-wheelLines)
		case tea.MouseWheelDown:
			p.wheel(wheelLines)
		}
	case tea.KeyPressMsg:
		return p.key(msg)
	}
	return nil
}

// key handles a key on the Items tab.
func (p *itemsPane) key(msg tea.KeyPressMsg) tea.Cmd {
	k := p.c.keys
	h := p.h
	if p.filter.Focused() {
		switch msg.String() {
		case "enter":
			p.filter.Blur()
			if p.filterErr != "" {
				p.c.setFlashErr(errors.New(p.filterErr))
			}
			return nil
		case "esc":
			p.filter.Reset()
			p.filter.Blur()
			p.layout()
			return nil
		}
		var cmd tea.Cmd
		p.filter, cmd = p.filter.Update(msg)
		p.cursor, p.top = 0, 0
		p.layout()
		return cmd
	}
	if p.detail {
		switch {
		case key.Matches(msg, k.Back), key.Matches(msg, k.Open):
			p.detail = false
		case key.Matches(msg, k.Pager):
			return p.pager()
		case key.Matches(msg, k.RowUp):
			p.detailView.ScrollBy(-1)
		case key.Matches(msg, k.RowDown):
			p.detailView.ScrollBy(1)
		case key.Matches(msg, k.ScrollUp):
			p.detailView.PageUp()
		case key.Matches(msg, k.ScrollDown):
			p.detailView.PageDown()
		case key.Matches(msg, k.Top):
			p.detailView.GotoTop()
		case key.Matches(msg, k.Bottom):
			p.detailView.GotoBottom()
		}
		return nil
	}
	switch {
	case key.Matches(msg, k.ColLeft):
		var none columns // the Items tab has no wide table
		none.move(p.c, -1)
	case key.Matches(msg, k.ColRight):
		var none columns
		none.move(p.c, 1)
	case key.Matches(msg, k.RowUp):
		p.move(-1)
	case key.Matches(msg, k.RowDown):
		p.move(1)
	case key.Matches(msg, k.ScrollUp):
		p.move(-max(1, h-3))
	case key.Matches(msg, k.ScrollDown):
		p.move(max(1, h-3))
	case key.Matches(msg, k.Top):
		p.cursor = 0
	case key.Matches(msg, k.Bottom):
		p.move(len(p.rows))
	case key.Matches(msg, k.Sort):
		v := btoi(p.scores)
		p.sort[v] = p.sort[v].next(p.scores)
		p.cursor, p.top = 0, 0
		p.layout()
	case key.Matches(msg, k.SortReverse):
		v := btoi(p.scores)
		if p.sort[v].col >= 0 {
			p.sort[v].rev = !p.sort[v].rev
			p.cursor, p.top = 0, 0
			p.layout()
		}
	case key.Matches(msg, k.ItemsView):
		p.scores = !p.scores
		p.cursor, p.top = 0, 0
		p.layout()
	case key.Matches(msg, k.Filter):
		return p.filter.Focus()
	case key.Matches(msg, k.Back):
		if p.filter.Value() != "" {
			p.filter.Reset()
			p.layout()
		}
	case key.Matches(msg, k.Pager):
		return p.pager()
	case key.Matches(msg, k.Open):
		if len(p.rows) > 0 {
			p.detail = true
			p.openDetail()
			p.detailView.GotoTop()
		}
	}
	return nil
}

// pager shows the record of the item under the cursor in $PAGER (a
// score item: its records of the criterion shown, every criterion's for
// the total).
func (p *itemsPane) pager() tea.Cmd {
	if len(p.rows) == 0 {
		p.c.setFlash("no item to show")
		return nil
	}
	var rec []byte
	var err error
	if p.scores {
		rec, err = scoreRecordsText(p.scoreRecords(p.points[p.rows[p.cursor]].ID))
	} else {
		rec, err = pairRecord(&p.data().Pairs[p.rows[p.cursor]])
	}
	if err != nil {
		p.c.setFlashErr(err)
		return nil
	}
	return pagerCmd(p.c, rec)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// View draws the table (or the open item) in exactly h lines of at most
// the pane's width; only the visible rows are formatted, so 100,000 items
// cost what 30 do.
func (p *itemsPane) View(h int) string {
	st, w := p.c.st, p.w
	if p.detail {
		p.detailView.SetSize(w, h)
		return p.detailView.View(h)
	}
	if wt := p.c.waiting(); wt != nil {
		return strings.Join(wt, "\n")
	}
	var lines []string
	kind, total := "pair items", 0
	if p.scores {
		kind = "score items (" + p.c.knobs.value(kCriterion, p.c.resolvedKnobs()) + ")"
		total = len(p.points)
	} else if d := p.data(); d != nil {
		total = len(d.Pairs)
	}
	srt := p.sort[btoi(p.scores)]
	head := fmt.Sprintf(" %s: %d of %d · sorted by %s", kind, len(p.rows), total, srt.name(p.scores))
	if d := p.data(); !p.scores && d != nil && d.calPending {
		head += " · calibrated columns follow …"
	}
	if note := "  (s/S sort · / filter · enter open · o pager)"; cellWidth(head+note) <= w {
		head = st.Heading.Render(head) + st.Faint.Render(note)
	} else {
		head = st.Heading.Render(head) // the help bar names the keys; a cut note would not
	}
	lines = append(lines, head)
	if p.filter.Focused() || p.filter.Value() != "" {
		f := " " + p.filter.View()
		if p.filterErr != "" {
			f += st.Error.Render("  ✗ " + p.filterErr)
		}
		lines = append(lines, f)
	}
	var header, legend string
	var row func(i int) string
	if p.scores {
		names := markedNames(scoreColNames, srt, true)
		header = fmt.Sprintf("   %-14s %9s %7s %6s %6s %6s", names[0], names[1], names[2], names[3], names[4], names[5])
		legend = "   LS log-likelihood · US judge − human (normalised) · RS = |LS* + US*|"
		row = func(i int) string {
			pt := p.points[i]
			return fmt.Sprintf("%-14s %9.1f %+7.2f %6.2f %6s %6s", shortenMiddle(clean(pt.ID), 14), pt.LS, pt.US, pt.RS, scoreText(pt.Sm), scoreText(pt.Sh))
		}
	} else {
		header, legend, row = p.pairRow(w, srt)
	}
	lines = append(lines, st.Faint.Render(header), st.Faint.Render(legend))
	avail := max(1, h-len(lines))
	cut := len(p.rows) > avail && avail >= 2
	if cut {
		avail-- // the last row says the list goes on
	}
	if p.cursor < p.top {
		p.top = p.cursor
	}
	if p.cursor >= p.top+avail {
		p.top = p.cursor - avail + 1
	}
	for k := p.top; k < len(p.rows) && k < p.top+avail; k++ {
		s := row(p.rows[k])
		if k == p.cursor {
			lines = append(lines, st.Selected.Render(" ▸ "+s))
		} else {
			lines = append(lines, "   "+s)
		}
	}
	if len(p.rows) == 0 {
		lines = append(lines, "   no items match")
	}
	if cut {
		lines = append(lines, st.Faint.Render(listPosition(p.top, min(len(p.rows), p.top+avail), len(p.rows))))
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return fitLines(lines, w, h)
}

// listPosition is the last row of an item list cut to the screen: which
// rows show and how to reach the others (rows from..to−1 of n).
func listPosition(from, to, n int) string {
	var where string
	switch {
	case from > 0 && to < n:
		where = "↑↓ more: pgup/pgdn, home/end"
	case to < n:
		where = "↓ more below: pgdn, end"
	default:
		where = "↑ more above: pgup, home"
	}
	return fmt.Sprintf("   … %s (rows %d–%d of %d)", where, from+1, to, n)
}

// markedNames are the column names with the sorted one marked ▲ or ▼.
func markedNames(names []string, s itemSort, scores bool) []string {
	out := slices.Clone(names)
	if s.col >= 0 {
		out[s.col] += s.mark(scores)
	}
	return out
}

// pairRow returns the pair table's header, its legend and the row
// formatter for width w: id, group, raw → calibrated preference per
// arrangement, gold, consistent, shift.
func (p *itemsPane) pairRow(w int, s itemSort) (string, string, func(int) string) {
	d := p.data()
	idW, grW := 8, 8
	if w >= 140 {
		idW, grW = 16, 14
	}
	cell := 9 // "0.82→0.91"
	if !d.hasCal {
		cell = 6
	}
	names := markedNames(pairColNames, s, false)
	var b strings.Builder
	fmt.Fprintf(&b, "   %-*s %-*s", idW, names[pcID], grW, names[pcGroup])
	for a := range model.NumArrangements {
		fmt.Fprintf(&b, " %*s", cell, names[pcX0+a])
	}
	fmt.Fprintf(&b, " %5s %6s %6s", names[pcGold], names[pcCons], names[pcShift])
	header := b.String()
	legend := "   r = preference for response 1, raw→calibrated · shift = mean |cal. − raw|"
	if !d.hasCal {
		legend = "   r = preference for response 1 (raw) · cons. = one choice in every arrangement"
	} else if w >= 120 {
		legend += " · cons. = one choice in every arrangement"
	}
	row := func(i int) string {
		pr := &d.Pairs[i]
		var b strings.Builder
		fmt.Fprintf(&b, "%-*s %-*s", idW, shortenMiddle(clean(pr.ID), idW), grW, shortenMiddle(clean(pr.Group), grW))
		for a := range model.NumArrangements {
			c := "·"
			if pr.Has[a] {
				c = fmt.Sprintf("%.2f", d.Raw.R[i][a])
				if d.hasCal {
					c += fmt.Sprintf("→%.2f", d.cal.R[i][a])
				}
			}
			fmt.Fprintf(&b, " %*s", cell, c)
		}
		cons := map[int8]string{1: "yes", 0: "NO", -1: "n/a"}[d.Consistent[i]]
		sh := "—"
		if d.hasCal {
			sh = fmt.Sprintf("%.3f", d.shift[i])
		}
		fmt.Fprintf(&b, " %5s %6s %6s", goldText(pr.Gold), cons, sh)
		return b.String()
	}
	return header, legend, row
}

func goldText(g model.Gold) string {
	if g == model.GoldNone {
		return "—"
	}
	return g.String()
}
