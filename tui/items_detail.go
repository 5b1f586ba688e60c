package tui

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/model"
)

// The Items pane's open item (enter): every field of one pair or score
// item, its texts wrapped, in a bare scroller (itemsPane.detailView).

// openDetail fills the item view with the item under the cursor.
func (p *itemsPane) openDetail() {
	if len(p.rows) == 0 {
		p.detail = false
		return
	}
	w, h := p.w, p.h
	p.detailView.SetSize(w, h)
	st := p.c.st
	var out []string
	tw := max(20, w-4)
	if p.scores {
		pt := p.points[p.rows[p.cursor]]
		out = append(out, st.Heading.Render(" Score item "+clean(pt.ID))+st.Faint.Render("  (esc closes; ↑/↓ pgup/pgdn scroll)"), "")
		out = append(out, fmt.Sprintf("   LS %.2f · US %+.3f · RS %.3f · judge %s · human %s", pt.LS, pt.US, pt.RS, scoreText(pt.Sm), scoreText(pt.Sh)))
		recs := p.scoreRecords(pt.ID)
		if p.pointsCrit == likelihood.TotalCriterion {
			// The total's numbers average the item's records over its
			// criteria: name each.
			out = append(out, "", st.Bold.Render("   "+clean(p.pointsCrit)+": judge and human scores averaged over"))
			for _, s := range recs {
				out = append(out, fmt.Sprintf("   criterion %s · human %s", clean(s.Criterion), scoreText(s.HumanScore)))
			}
		} else {
			out = append(out, "", st.Bold.Render("   criterion "+clean(p.pointsCrit)))
		}
		if len(recs) > 0 {
			s := recs[0]
			out = append(out, "", st.Bold.Render("   Input"))
			out = append(out, wrap(textOr(s.Input), tw, "   ")...)
			out = append(out, "", st.Bold.Render("   Output"))
			out = append(out, wrap(textOr(s.Output), tw, "   ")...)
		}
	} else {
		d := p.data()
		i := p.rows[p.cursor]
		pr := &d.Pairs[i]
		out = append(out, st.Heading.Render(" Pair item "+clean(pr.ID))+st.Faint.Render("  (esc closes; ↑/↓ pgup/pgdn scroll)"), "")
		out = append(out, fmt.Sprintf("   judge %s · group %s · gold %s · %s", clean(pr.Judge), clean(textOr(pr.Group)), goldText(pr.Gold), clean(pr.Pos.String())))
		rows := [][]string{}
		for a := range model.NumArrangements {
			if !pr.Has[a] {
				continue
			}
			ar := model.Arrangement(a)
			r := []string{"   " + ar.String(), fmt.Sprintf("response %d first", ar.FirstShown()), fmt.Sprintf("%.4f", pr.S[a]),
				fmt.Sprintf("%.4f", d.Raw.R[i][a]), calib.Choice(d.Raw.R[i][a]).String()}
			if d.hasCal {
				r = append(r, fmt.Sprintf("%.4f", d.cal.R[i][a]), calib.Choice(d.cal.R[i][a]).String())
			}
			rows = append(rows, r)
		}
		head := []string{"   arr.", "shown", "P(A)", "r raw", "choice"}
		if d.hasCal {
			head = append(head, "r calibrated", "choice")
		}
		out = append(out, "")
		out = append(out, table(head, rows)...)
		out = append(out, st.Faint.Render("   r = preference for response 1; choice 1, 2 or tie (r = 0.5)"))
		out = append(out, "", st.Bold.Render("   Prompt"))
		out = append(out, wrap(textOr(pr.Prompt), tw, "   ")...)
		out = append(out, "", st.Bold.Render("   Response 1"))
		out = append(out, wrap(textOr(pr.Response1), tw, "   ")...)
		out = append(out, "", st.Bold.Render("   Response 2"))
		out = append(out, wrap(textOr(pr.Response2), tw, "   ")...)
	}
	p.detailView.SetContent(strings.Split(fitLines(out, w, len(out)), "\n"))
}

// scoreRecords are the judge's score records of item id on the criterion
// whose points the table shows (every criterion's for the total), in
// file order: an id has one record per criterion, and the numbers of the
// row are that criterion's.
func (p *itemsPane) scoreRecords(id string) []*model.Score {
	_, scores, _ := p.c.eng.Records(p.c.judgeName(), p.c.knobs.opt.Group)
	var out []*model.Score
	for i := range scores {
		s := &scores[i]
		if s.ID == id && (p.pointsCrit == likelihood.TotalCriterion || s.Criterion == p.pointsCrit) {
			out = append(out, s)
		}
	}
	return out
}

func textOr(s string) string {
	if strings.TrimSpace(s) == "" {
		return "(not in the log)"
	}
	return s
}
