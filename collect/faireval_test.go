package collect

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// TestFairEvalScores: the want column is what FairEval's
// parse_score_from_review (i-Eval/FairEval, FairEval.py) returned for each
// text under Python 3.11 ([-1, -1] = it failed), run from a temp dir;
// the one difference is inf, which Python reads and plumb refuses (scores
// are finite). tolerant is the fallback's reading of the texts FairEval's
// rule cannot read.
func TestFairEvalScores(t *testing.T) {
	fail := [2]float64{-1, -1}
	for _, c := range []struct {
		text           string
		want, tolerant [2]float64
	}{
		{"Evaluation evidence: fine.\nScore of the Assistant 1: 8\nScore of the Assistant 2: 6", [2]float64{8, 6}, fail},
		{"Score of the Assistant 1: 7.5\nScore of the Assistant 2: 9", [2]float64{7.5, 9}, fail},
		{"Evaluation evidence: a: b\n8\n6", [2]float64{8, 6}, fail},
		{"Score of the Assistant 1: 8\nScore of the Assistant 2: 6\n", fail, [2]float64{8, 6}},
		{"Score of the Assistant 1: 8\nScore of the Assistant 2: 6\nThank you.", fail, [2]float64{8, 6}},
		{"Score of the Assistant 1: 8, Score of the Assistant 2: 6", fail, [2]float64{8, 6}},
		{"only one line: 7", fail, fail},
		{"Score of the Assistant 1:  +8 \r\nScore of the Assistant 2: -1e1", [2]float64{8, -10}, fail},
		{"Score of the Assistant 1: 8/10\nScore of the Assistant 2: 6/10", fail, [2]float64{8, 6}},
		{"Score of the Assistant 1: inf\nScore of the Assistant 2: 6", fail, fail}, // Python: [inf, 6.0]
		{"x\nScore: 7.\nScore: .5", [2]float64{7, 0.5}, fail},
		{"**Score of the Assistant 1:** 9\n**Score of the Assistant 2:** 4", fail, [2]float64{9, 4}},
		{"Score of the Assistant 2: 3\nScore of the Assistant 1: 5 then Score of the Assistant 1: 6\nok", fail, [2]float64{6, 3}},
	} {
		got, ok := FairEvalScores(c.text)
		if (c.want == fail) == ok || (ok && got != c.want) {
			t.Errorf("FairEval's rule on %q: %v %v, want %v", c.text, got, ok, c.want)
		}
		s, how := ReadScores(c.text)
		switch {
		case ok && (how != ScoresFairEval || s != c.want):
			t.Errorf("ReadScores(%q) = %v, %d; want FairEval's %v", c.text, s, how, c.want)
		case !ok && c.tolerant == fail && how != ScoresUnread:
			t.Errorf("ReadScores(%q) = %v, %d; want unread", c.text, s, how)
		case !ok && c.tolerant != fail && (how != ScoresTolerant || s != c.tolerant):
			t.Errorf("ReadScores(%q) = %v, %d; want tolerant %v", c.text, s, how, c.tolerant)
		}
	}
}

// TestFairEvalPrompt: the faireval template renders, for x0, exactly the
// messages FairEval's gen_prompt builds (testdata/faireval/prompt.json,
// made by running it; README there), and for x2 the same with the
// answers swapped.
func TestFairEvalPrompt(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "faireval", "prompt.json"))
	if err != nil {
		t.Fatal(err)
	}
	var want struct {
		Question string `json:"question"`
		Answer1  string `json:"answer_1"`
		Answer2  string `json:"answer_2"`
		System   string `json:"system"`
		User     string `json:"user"`
	}
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	tp, err := LoadTemplate("faireval")
	if err != nil {
		t.Fatal(err)
	}
	it := Item{ID: "q", Prompt: want.Question, Response1: want.Answer1, Response2: want.Answer2}
	pr := Arrange(&it, model.X0, IDs{"A", "B"})
	sys, user, err := tp.Render(&pr)
	if err != nil || sys != want.System || user != want.User {
		t.Errorf("x0:\nsystem %q\nuser %q\nwant\n%q\n%q (%v)", sys, user, want.System, want.User, err)
	}
	pr = Arrange(&it, model.X2, IDs{"A", "B"})
	_, user, _ = tp.Render(&pr)
	swapped := strings.Replace(strings.Replace(want.User, want.Answer1, "\x00", 1), want.Answer2, want.Answer1, 1)
	if user != strings.Replace(swapped, "\x00", want.Answer2, 1) {
		t.Errorf("x2: %q", user)
	}
	if !tp.Scores || tp.MaxTokens != 512 {
		t.Errorf("scores %v, max tokens %d; want true, 512", tp.Scores, tp.MaxTokens)
	}
}
