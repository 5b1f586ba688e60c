package panel

import "fmt"

// minTwinItems is the fewest items two judges must share before the same
// choice on every one of them is worth a note: on a handful of items two
// honest judges agree fully by chance.
const minTwinItems = 20

// twinNotes names every pair of judges whose choices agree on every item
// both judged (at least minTwinItems of them). Such a pair is often one
// judge's verdicts read twice — a rating and the scores it came from, the
// same run imported under two names — and then α, Fleiss' κ and the
// majority vote count that judge twice; the note says so with the count,
// and the analysis goes on unchanged.
func twinNotes(judges []string, choices Table) []string {
	var notes []string
	for a := range judges {
		for b := a + 1; b < len(judges); b++ {
			if n, same := sameChoices(choices, a, b); same && n >= minTwinItems {
				notes = append(notes, fmt.Sprintf("%s and %s make the same choice on every one of the %d items both judged: "+
					"if they are one judge's verdicts read twice, α, Fleiss' κ and the majority vote count that judge twice", judges[a], judges[b], n))
			}
		}
	}
	return notes
}

// sameChoices returns the number of items judges a and b both judged and
// whether their choices agree on every one.
func sameChoices(t Table, a, b int) (int, bool) {
	n := 0
	for i := range t.V {
		if !t.Has[i][a] || !t.Has[i][b] {
			continue
		}
		if t.V[i][a] != t.V[i][b] {
			return n, false
		}
		n++
	}
	return n, true
}
