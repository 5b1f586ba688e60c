package tui

import (
	"fmt"
	"strings"
)

// paneID names a pane; the tabs show them in this order.
type paneID int

const (
	paneOverview paneID = iota
	paneSelection
	paneLikelihood
	paneReporting
	paneItems
	paneStyle
	panePanel
	numPanes
)

var paneTitles = [numPanes][2]string{
	{"Overview", "Overview"},
	{"Selection bias", "Selection"},
	{"Likelihood bias", "Likelihood"},
	{"Reporting", "Reporting"},
	{"Items", "Items"},
	{"Style bias", "Style"},
	{"Judge panel", "Panel"},
}

// tabs is the first row of the frame: the app's name, a tab per pane
// (the active one highlighted, short titles when narrow) and the judge
// shown. It remembers where each tab is for mouse clicks (At).
type tabs struct {
	c *common
	// x: tab i spans x[i] ≤ x < x[i+1] on row 0.
	x []int
}

// tinyTitles are the inactive tabs' titles when the short ones leave no
// room for the judge label.
var tinyTitles = [numPanes]string{"Over", "Sel", "Lik", "Rep", "Items", "Style", "Pnl"}

// View draws the row in w cells with pane active highlighted. The judge
// label is never left out: when the short titles leave it no room the
// inactive tabs take their tiny titles, and a judge's name too long even
// then shortens in the middle (its place, "1/3", stays whole).
func (t *tabs) View(active paneID, w int) string {
	st := &t.c.st
	level := 0
	if w < 110 {
		level = 1
	}
	name, count := t.judgeLabel()
	for ; level < 2 && t.width(active, level)+2+cellWidth(name+count) > w; level++ {
	}
	var b strings.Builder
	logo := st.Title.Render("plumb") + " "
	b.WriteString(logo)
	x := cellWidth(logo)
	t.x = t.x[:0]
	for i := range numPanes {
		label := fmt.Sprintf("%d %s", i+1, t.title(i, active, level))
		var s string
		if i == active {
			s = st.ActiveTab.Render(label)
		} else {
			s = st.Tab.Render(label)
		}
		t.x = append(t.x, x)
		b.WriteString(s)
		x += cellWidth(s)
	}
	t.x = append(t.x, x)
	if room := w - x - 2 - cellWidth(count); room >= 1 {
		name = shortenMiddle(name, room)
		right := st.Bold.Render(name) + st.Faint.Render(count)
		if len(t.c.judges) == 0 {
			right = st.Faint.Render(name)
		}
		b.WriteString(strings.Repeat(" ", w-x-cellWidth(right)))
		b.WriteString(right)
	}
	return b.String()
}

// title is tab i's title at a level: 0 full, 1 short, 2 the short title
// on the active tab and tiny ones on the others.
func (t *tabs) title(i, active paneID, level int) string {
	switch {
	case level == 0:
		return paneTitles[i][0]
	case level == 2 && i != active:
		return tinyTitles[i]
	}
	return paneTitles[i][1]
}

// width is the row's width without the judge label at a level.
func (t *tabs) width(active paneID, level int) int {
	x := cellWidth(t.c.st.Title.Render("plumb") + " ")
	for i := range numPanes {
		x += cellWidth(t.c.st.Tab.Render(fmt.Sprintf("%d %s", i+1, t.title(i, active, level))))
	}
	return x
}

// At is the pane whose tab is at column x of the first row.
func (t *tabs) At(x int) (paneID, bool) {
	for i := 0; i+1 < len(t.x); i++ {
		if x >= t.x[i] && x < t.x[i+1] {
			return paneID(i), true
		}
	}
	return 0, false
}

// judgeLabel names the judge shown and its place among the judges
// (" 2/3"; empty with one judge), unstyled.
func (t *tabs) judgeLabel() (name, count string) {
	c := t.c
	if len(c.judges) == 0 {
		return "no judges", ""
	}
	if len(c.judges) > 1 {
		count = fmt.Sprintf(" %d/%d", c.judge+1, len(c.judges))
	}
	return clean(c.judgeName()), count
}
