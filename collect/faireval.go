package collect

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Reading an evidence-first judge's scores (FairEval's format: the
// evidence, then "Score of the Assistant 1: <score>" and "Score of the
// Assistant 2: <score>"). FairEval's own rule comes first; where it fails,
// a tolerant reading; a text neither reads is an unread sample, kept.

// ScoreRead says how a sample's scores were read.
type ScoreRead int

// The ways ReadScores reads a text.
const (
	ScoresUnread   ScoreRead = iota // neither rule found two scores
	ScoresFairEval                  // FairEval's rule: the last two lines
	ScoresTolerant                  // the tolerant rule: labelled score lines anywhere
)

// FairEvalScores reads two scores as FairEval's parse_score_from_review
// does (i-Eval/FairEval, FairEval.py): the text's last two lines (split
// at "\n" only), of each the part after its last ':', stripped of white
// space, as a number. ok is false when the text has fewer than two lines
// or either part is not a number. Numbers are read as Python's float()
// reads them (a sign, digits, a decimal point, an exponent), except that
// plumb refuses what is not finite (inf, nan), digits grouped with '_' and
// non-ASCII digits, which Python would accept.
func FairEvalScores(text string) (scores [2]float64, ok bool) {
	lines := strings.Split(text, "\n")
	if len(lines) < 2 {
		return scores, false
	}
	for k, line := range lines[len(lines)-2:] {
		part := line[strings.LastIndexByte(line, ':')+1:]
		v, ok := pyFloat(part)
		if !ok {
			return scores, false
		}
		scores[k] = v
	}
	return scores, true
}

// pyFloat reads s, stripped of white space, as a finite decimal number.
func pyFloat(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s, "_xXpP") { // no digit groups, no hexadecimal
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, false
	}
	return v, true
}

// tolerantScoreRE finds a labelled score anywhere in a text: "Score of
// the Assistant 1: 7", "score of assistant 2 = 8.5", "**Score of the
// Assistant 1:** 7/10" (ignoring case, Markdown emphasis and a "/10").
var tolerantScoreRE = regexp.MustCompile(`(?i)score\s+of\s+(?:the\s+)?assistant\s*([12])[\s*_]*(?:[:：=]|is)?[\s*_]*([+-]?[0-9]+(?:\.[0-9]+)?)`)

// TolerantScores reads the scores from the last "Score of (the) Assistant
// N: X" of each assistant anywhere in the text (ok false unless both are
// there): the documented fallback for texts FairEval's rule cannot read
// (scores followed by more text, on one line, or in Markdown).
func TolerantScores(text string) (scores [2]float64, ok bool) {
	var seen [2]bool
	for _, m := range tolerantScoreRE.FindAllStringSubmatch(text, -1) {
		k := int(m[1][0] - '1')
		v, err := strconv.ParseFloat(m[2], 64)
		if err != nil || math.IsInf(v, 0) {
			continue
		}
		scores[k], seen[k] = v, true
	}
	return scores, seen[0] && seen[1]
}

// ReadScores reads a sample's two scores (the answer shown first, then
// second): FairEval's rule, else the tolerant one.
func ReadScores(text string) ([2]float64, ScoreRead) {
	if s, ok := FairEvalScores(text); ok {
		return s, ScoresFairEval
	}
	if s, ok := TolerantScores(text); ok {
		return s, ScoresTolerant
	}
	return [2]float64{}, ScoresUnread
}
