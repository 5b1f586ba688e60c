package tui

import (
	"strings"

	"github.com/plumb-eval/plumb/internal/vocab"
)

// statusPart is one item of the status line: its text, its group (items of
// a group are joined by " · ", groups by " │ ") and its rank (a smaller
// rank is more important).
type statusPart struct {
	text  string
	group int
	rank  int
}

// Status-line ranks: what goes last when the line is too narrow. The judge,
// the knobs that change the headline numbers most and the pair count (which
// --watch follows) stay; the seed, the
// objective and "all groups" (the default) go first. The order is the
// documented one (docs/tui.md, "It never stalls").
const (
	rankJudge = iota
	rankGroup // a named group (it changes every number); "all groups" is rankAllGroups
	rankLambda
	rankVerdictFrom
	rankAlpha
	rankPairs // the count --watch follows
	rankBudget
	rankSplit
	rankEstFrac
	rankObjective
	rankAllGroups
	rankSeed
)

// statusParts are the items of the status line in display order.
func statusParts(c *common) []statusPart {
	r := c.resolvedKnobs()
	o := c.knobs.opt
	group, gr := "all groups", rankAllGroups
	if o.Group != "" {
		group, gr = "group "+clean(o.Group), rankGroup
	}
	p := []statusPart{{clean(c.judgeName()), 0, rankJudge}, {group, 0, gr}}
	if c.cur != nil && c.cur.judge == c.judgeName() {
		p = append(p, statusPart{vocab.Plural(c.cur.ja.Pairs, "pair"), 0, rankPairs})
	}
	for id := range knobDefs { // the knobs of the status line, in the table's order
		if s := knobDefs[id].status; s != nil {
			mark := ""
			if c.inactive(knobID(id)) != "" {
				mark = inactiveMark // changes nothing for this judge
			}
			p = append(p, statusPart{mark + s.prefix + c.knobs.value(knobID(id), r), s.group, s.rank})
		}
	}
	return p
}

// fitStatus joins the parts that fit in w cells, dropping the least
// important first (never cutting one in the middle), in display order.
func fitStatus(parts []statusPart, w int) string {
	keep := make([]bool, len(parts))
	join := func() string {
		var b strings.Builder
		last := -1
		for i, p := range parts {
			if !keep[i] {
				continue
			}
			switch {
			case last < 0:
				b.WriteString(" ")
			case p.group != parts[last].group:
				b.WriteString(" │ ")
			default:
				b.WriteString(" · ")
			}
			b.WriteString(p.text)
			last = i
		}
		return b.String()
	}
	for rank := 0; rank <= rankSeed; rank++ {
		for i, p := range parts {
			if p.rank != rank {
				continue
			}
			keep[i] = true
			if cellWidth(join()) > w && rank == rankJudge {
				// The judge stays, its name shortened in the middle.
				parts[i].text = shortenMiddle(p.text, max(1, w-1))
				continue
			}
			if cellWidth(join()) > w {
				keep[i] = false
				return join() // the rest is less important still
			}
		}
	}
	return join()
}
