package present

import (
	"fmt"

	"github.com/plumb-eval/plumb/calib/panel"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// PanelPeopleLine is the panel's agreement by who rated, when some judges
// are people (panel.Result.People): α nominal among the people and among
// the judges, and the mean Cohen's κ between a person and a judge; "" when
// the panel has no such split.
func PanelPeopleLine(r *panel.Result) string {
	p := r.People
	if p == nil {
		return ""
	}
	people := "1 person"
	if len(p.People) != 1 {
		people = fmt.Sprintf("%d people", len(p.People))
	}
	return fmt.Sprintf("By who rated: Krippendorff's α nominal %s among the %s, %s among the %s; mean Cohen's κ between a person and a judge %s (%s).",
		Dec(p.AlphaPeople), people, Dec(p.AlphaJudges), vocab.Plural(len(p.Judges), "judge"),
		Dec(p.KappaBetween), vocab.Plural(p.KappaBetween.N, "pair"))
}
