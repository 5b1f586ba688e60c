package tui

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
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
	numPanes
)

var paneTitles = [numPanes][2]string{
	{"Overview", "Overview"},
	{"Selection bias", "Selection"},
	{"Likelihood bias", "Likelihood"},
	{"Reporting", "Reporting"},
	{"Items", "Items"},
	{"Style bias", "Style"},
}

// tabs is the first row of the frame: the app's name, a tab per pane
// (the active one highlighted, short titles when narrow) and the judge
// shown. It remembers where each tab is for mouse clicks (At).
type tabs struct {
	c *common
	// x: tab i spans x[i] ≤ x < x[i+1] on row 0.
	x []int
}

// View draws the row in w cells with pane active highlighted.
func (t *tabs) View(active paneID, w int) string {
	st := &t.c.st
	short := w < 110
	var b strings.Builder
	logo := st.Title.Render("plumb") + " "
	b.WriteString(logo)
	x := lipgloss.Width(logo)
	t.x = t.x[:0]
	for i := range numPanes {
		title := paneTitles[i][0]
		if short {
			title = paneTitles[i][1]
		}
		label := fmt.Sprintf("%d %s", i+1, title)
		var s string
		if i == active {
			s = st.ActiveTab.Render(label)
		} else {
			s = st.Tab.Render(label)
		}
		t.x = append(t.x, x)
		b.WriteString(s)
		x += lipgloss.Width(s)
	}
	t.x = append(t.x, x)
	right := t.judgeLabel()
	gap := w - x - lipgloss.Width(right)
	if gap >= 2 {
		b.WriteString(strings.Repeat(" ", gap))
		b.WriteString(right)
	}
	return b.String()
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

// judgeLabel names the judge shown and its place among the judges.
func (t *tabs) judgeLabel() string {
	c, st := t.c, &t.c.st
	if len(c.judges) == 0 {
		return st.Faint.Render("no judges")
	}
	s := st.Bold.Render(clean(c.judgeName()))
	if len(c.judges) > 1 {
		s += st.Faint.Render(fmt.Sprintf(" %d/%d", c.judge+1, len(c.judges)))
	}
	return s
}
