package tui

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/model"
)

// Item sort orders. Pair items: file order, most inconsistent first,
// largest calibration shift first. Score items: highest RS first, file
// (ID) order, largest |US| first.
var (
	pairSorts  = []string{"file order", "most inconsistent", "largest calibration shift"}
	scoreSorts = []string{"highest RS", "id order", "largest |US|"}
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
	sort   [2]int
	filter textinput.Model
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
	ti.Placeholder = "id, group or text"
	ti.CharLimit = 200
	return &itemsPane{c: c, stale: true, filter: ti, detailView: newScroller(c, true)}
}

// Capturing: the filter input takes every key but esc and enter.
func (p *itemsPane) Capturing() bool  { return p.filter.Focused() }
func (p *itemsPane) Knobs() *knobBar  { return nil }
func (p *itemsPane) Invalidate()      { p.stale = true }
func (p *itemsPane) SetSize(w, h int) { p.w, p.h = w, h }

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
		return []key.Binding{k.RowUp, k.RowDown, k.ScrollDown, k.Back}
	}
	return []key.Binding{k.RowUp, k.RowDown, k.Sort, k.Filter, k.Open, k.ItemsView}
}

// FullHelp is the Items section of the full help.
func (p *itemsPane) FullHelp() []helpSection {
	k := p.c.keys
	return []helpSection{{"Items", []key.Binding{k.RowDown, k.RowUp, k.Top, k.Bottom, k.Sort, k.Filter, k.Open, k.ItemsView,
		key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close the item or filter"))}}}
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
// new result or a key; the sorts themselves were prepared off the UI
// goroutine for pair items).
func (p *itemsPane) layout() {
	p.rows = p.rows[:0]
	q := strings.ToLower(strings.TrimSpace(p.filter.Value()))
	if p.scores {
		p.points, p.pointsCrit = nil, ""
		if r := p.c.criterionResult(); r != nil {
			p.points, p.pointsCrit = r.Points, r.Criterion
		}
		for i := range p.points {
			if q == "" || strings.Contains(strings.ToLower(p.points[i].ID), q) {
				p.rows = append(p.rows, i)
			}
		}
		pts := p.points
		switch p.sort[1] {
		case 0:
			slices.SortStableFunc(p.rows, func(a, b int) int { return cmp.Compare(pts[b].RS, pts[a].RS) })
		case 2:
			slices.SortStableFunc(p.rows, func(a, b int) int { return cmp.Compare(math.Abs(pts[b].US), math.Abs(pts[a].US)) })
		}
	} else if d := p.data(); d != nil {
		order := d.ByInconsistent
		switch p.sort[0] {
		case 0:
			order = nil
		case 2:
			order = d.byShift
		}
		for k := range d.Pairs {
			i := k
			if order != nil {
				i = order[k]
			}
			if q == "" || pairMatches(&d.Pairs[i], q) {
				p.rows = append(p.rows, i)
			}
		}
	}
	p.move(0)
	if p.detail {
		p.openDetail()
	}
}

func pairMatches(pr *model.Pair, q string) bool {
	return strings.Contains(strings.ToLower(pr.ID), q) || strings.Contains(strings.ToLower(pr.Group), q) ||
		strings.Contains(strings.ToLower(pr.Prompt), q)
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
		p.sort[v] = (p.sort[v] + 1) % 3
		p.cursor, p.top = 0, 0
		p.layout()
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
	case key.Matches(msg, k.Open):
		if len(p.rows) > 0 {
			p.detail = true
			p.openDetail()
			p.detailView.GotoTop()
		}
	}
	return nil
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
	kind, sorts := "pair items", pairSorts
	total := 0
	if p.scores {
		kind, sorts = "score items ("+p.c.knobs.value(kCriterion, p.c.resolvedKnobs())+")", scoreSorts
		total = len(p.points)
	} else if d := p.data(); d != nil {
		total = len(d.Pairs)
	}
	head := fmt.Sprintf(" %s: %d of %d · sorted by %s", kind, len(p.rows), total, sorts[p.sort[btoi(p.scores)]])
	if d := p.data(); !p.scores && d != nil && d.calPending {
		head += " · calibrated columns follow …"
	}
	if note := "  (s sort · v pairs/scores · / filter · enter open)"; lipgloss.Width(head+note) <= w {
		head = st.Heading.Render(head) + st.Faint.Render(note)
	} else {
		head = st.Heading.Render(head) // the help bar names the keys; a cut note would not
	}
	lines = append(lines, head)
	if p.filter.Focused() || p.filter.Value() != "" {
		lines = append(lines, " "+p.filter.View())
	}
	var header string
	var row func(i int) string
	if p.scores {
		header = fmt.Sprintf("   %-14s %9s %7s %6s %6s %6s", "id", "LS", "US", "RS", "judge", "human")
		row = func(i int) string {
			pt := p.points[i]
			return fmt.Sprintf("%-14s %9.1f %+7.2f %6.2f %6s %6s", ansi.Truncate(clean(pt.ID), 14, "…"), pt.LS, pt.US, pt.RS, scoreText(pt.Sm), scoreText(pt.Sh))
		}
	} else {
		header, row = p.pairRow(w)
	}
	lines = append(lines, st.Faint.Render(header))
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

// pairRow returns the pair table's header and row formatter for width w:
// id, group, raw → calibrated preference per arrangement, gold, consistent.
func (p *itemsPane) pairRow(w int) (string, func(int) string) {
	d := p.data()
	idW, grW := 8, 8
	if w >= 140 {
		idW, grW = 16, 14
	}
	cell := 9 // "0.82→0.91"
	if !d.hasCal {
		cell = 6
	}
	var b strings.Builder
	fmt.Fprintf(&b, "   %-*s %-*s", idW, "id", grW, "group")
	for a := range model.NumArrangements {
		fmt.Fprintf(&b, " %*s", cell, model.Arrangement(a).String()+" r")
	}
	fmt.Fprintf(&b, " %4s %5s %6s", "gold", "cons.", "shift")
	header := b.String()
	row := func(i int) string {
		pr := &d.Pairs[i]
		var b strings.Builder
		fmt.Fprintf(&b, "%-*s %-*s", idW, ansi.Truncate(clean(pr.ID), idW, "…"), grW, ansi.Truncate(clean(pr.Group), grW, "…"))
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
		fmt.Fprintf(&b, " %4s %5s %6s", goldText(pr.Gold), cons, sh)
		return b.String()
	}
	return header, row
}

func goldText(g model.Gold) string {
	if g == model.GoldNone {
		return "—"
	}
	return g.String()
}
