package likelihood

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib/calibtest"
	"github.com/plumb-eval/plumb/model"
)

func TestSplitTrain(t *testing.T) {
	cases := []struct {
		n     int
		frac  float64
		train int
	}{{10, 0.8, 8}, {3, 0.1, 1}, {200, 0.8, 160}, {7, 1, 7}, {1, 0.5, 1}, {30, 0.1, 3}, {9, 0.5, 5}}
	for _, c := range cases {
		train, test := splitTrain(c.n, c.frac, 4)
		if len(train) != c.train || len(test) != c.n-c.train {
			t.Errorf("splitTrain(%d, %v): %d + %d, want %d train", c.n, c.frac, len(train), len(test), c.train)
		}
		all := slices.Sorted(slices.Values(append(slices.Clone(train), test...)))
		for i, v := range all {
			if v != i {
				t.Fatalf("splitTrain(%d, %v) is not a partition: %v %v", c.n, c.frac, train, test)
			}
		}
		if !slices.IsSorted(train) || !slices.IsSorted(test) {
			t.Errorf("splits not sorted: %v %v", train, test)
		}
	}
	a, _ := splitTrain(100, 0.5, 1)
	b, _ := splitTrain(100, 0.5, 1)
	c, _ := splitTrain(100, 0.5, 2)
	if !slices.Equal(a, b) || slices.Equal(a, c) {
		t.Error("split not determined by the seed")
	}
}

// TestSelectFewShotHand: with every item in training, the hand example's
// top 3 RS items are d, e, c, scored with the human scores 3, 2, 4.
func TestSelectFewShotHand(t *testing.T) {
	scores := handScores("c", 0, 0)
	scores[3].Input, scores[3].Output = "in-d", "out-d"
	scores[3].Truth = model.TruthFromMap(map[string]float64{"q": 1})
	fs, err := SelectFewShot("j", scores, FewShotOptions{Criterion: "c", K: 3, TrainFrac: 1})
	if err != nil {
		t.Fatal(err)
	}
	if fs.Train != 5 || fs.Test != 0 || len(fs.TestIDs) != 0 || len(fs.Items) != 3 {
		t.Fatalf("few-shot %+v", fs)
	}
	want := []struct {
		id string
		h  float64
	}{{"d", 3}, {"e", 2}, {"c", 4}}
	for i, w := range want {
		it := fs.Items[i]
		if it.ID != w.id || it.JudgeScore == nil || *it.JudgeScore != w.h || it.HumanScore != w.h || it.ScoreProbs != nil {
			t.Errorf("item %d = %+v, want %s with score %v", i, it, w.id, w.h)
		}
	}
	if d := fs.Items[0]; d.Input != "in-d" || d.Output != "out-d" || d.Truth.Value("q") != 1 || *d.LS != -30 {
		t.Errorf("fields not kept: %+v", d)
	}
	// The input is untouched.
	if *scores[3].JudgeScore != 2 {
		t.Error("SelectFewShot changed its input")
	}
	fs.Items[0].Truth.Set("q", 5)
	if scores[3].Truth.Value("q") != 1 {
		t.Error("changing a few-shot item's truth changed the input's")
	}
	// K larger than the items: all, with a note.
	fs, err = SelectFewShot("j", scores, FewShotOptions{Criterion: "c", TrainFrac: 1})
	if err != nil || len(fs.Items) != 5 || !strings.Contains(strings.Join(fs.Notes, "\n"), "only 5 items") {
		t.Errorf("k = 8 of 5: %v, %+v", err, fs)
	}
}

func TestSelectFewShotSimulated(t *testing.T) {
	j := calibtest.SlopeJudge("biased", 1.2)
	j.ScoreProbs = true
	scores := calibtest.SimScores(t, 200, []string{"accuracy", "fluency"}, 3, j, calibtest.SlopeJudge("other", 0))
	opt := FewShotOptions{Criterion: "accuracy", K: 8, TrainFrac: 0.8, Seed: 5}
	fs, err := SelectFewShot("biased", scores, opt)
	if err != nil {
		t.Fatal(err)
	}
	if fs.Train != 160 || fs.Test != 40 || len(fs.TestIDs) != 40 || len(fs.Items) != 8 || fs.Analysis.N != 160 {
		t.Fatalf("sizes: train %d test %d items %d analysis %d", fs.Train, fs.Test, len(fs.Items), fs.Analysis.N)
	}
	if !fs.Analysis.BiasScore.OK() || fs.Analysis.BiasScore.Value < 0.5 {
		t.Errorf("training BiasScore %+v, want strong bias", fs.Analysis.BiasScore)
	}
	test := map[string]bool{}
	for _, id := range fs.TestIDs {
		test[id] = true
	}
	orig := map[string]*model.Score{}
	for i := range scores {
		if s := &scores[i]; s.Judge == "biased" && s.Criterion == "accuracy" {
			orig[s.ID] = s
		}
	}
	minTop := fs.Analysis.TopRS[len(fs.Analysis.TopRS)-1].RS
	chosen := map[string]bool{}
	for i, it := range fs.Items {
		o := orig[it.ID]
		if test[it.ID] || o == nil || it.ID != fs.Analysis.TopRS[i].ID {
			t.Errorf("item %d (%s) is not the training item of rank %d", i, it.ID, i)
			continue
		}
		chosen[it.ID] = true
		if *it.JudgeScore != o.HumanScore || it.ScoreProbs != nil || o.ScoreProbs == nil {
			t.Errorf("%s: judge score %v, human %v, probs %v", it.ID, *it.JudgeScore, o.HumanScore, it.ScoreProbs)
		}
		cp := *o
		cp.JudgeScore, cp.ScoreProbs = it.JudgeScore, nil
		if !reflect.DeepEqual(it, cp) {
			t.Errorf("%s: other fields changed:\n%+v\n%+v", it.ID, it, cp)
		}
	}
	for _, p := range fs.Analysis.Points {
		if test[p.ID] {
			t.Errorf("test item %s in the training analysis", p.ID)
		}
		if !chosen[p.ID] && p.RS > minTop {
			t.Errorf("%s has RS %v above the chosen minimum %v", p.ID, p.RS, minTop)
		}
	}
	// The record order does not matter; the seed does.
	shuffled := slices.Clone(scores)
	rand.New(rand.NewPCG(1, 1)).Shuffle(len(shuffled), func(a, b int) { shuffled[a], shuffled[b] = shuffled[b], shuffled[a] })
	again, err := SelectFewShot("biased", shuffled, opt)
	if err != nil || !reflect.DeepEqual(again.Items, fs.Items) || !slices.Equal(again.TestIDs, fs.TestIDs) {
		t.Errorf("result depends on record order (%v)", err)
	}
	opt.Seed = 6
	other, err := SelectFewShot("biased", scores, opt)
	if err != nil || slices.Equal(other.TestIDs, fs.TestIDs) {
		t.Errorf("seed does not change the split (%v)", err)
	}
}

func TestSelectFewShotErrors(t *testing.T) {
	ok := FewShotOptions{Criterion: "c", TrainFrac: 0.8}
	constant := handScores("c", 0, 0)
	for i := range constant {
		constant[i].JudgeScore = fp(3)
	}
	cases := []struct {
		name   string
		judge  string
		scores []model.Score
		opt    FewShotOptions
		want   string
	}{
		{"no criterion", "j", handScores("c", 0, 0), FewShotOptions{TrainFrac: 0.8}, "no criterion"},
		{"negative k", "j", handScores("c", 0, 0), FewShotOptions{Criterion: "c", K: -1, TrainFrac: 0.8}, "k must be"},
		{"frac 0", "j", handScores("c", 0, 0), FewShotOptions{Criterion: "c"}, "training share 0"},
		{"frac > 1", "j", handScores("c", 0, 0), FewShotOptions{Criterion: "c", TrainFrac: 1.5}, "training share 1.5"},
		{"no judge", "x", handScores("c", 0, 0), ok, `judge "x" has no score records on criterion "c"`},
		{"no criterion records", "j", handScores("d", 0, 0), ok, `on criterion "c"`},
		{"constant", "j", constant, ok, "RS is undefined on the 4 items of the training split: the judge's scores"},
	}
	for _, c := range cases {
		if _, err := SelectFewShot(c.judge, c.scores, c.opt); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}
