package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib/mec"
	"github.com/plumb-eval/plumb/internal/doccheck"
	"github.com/plumb-eval/plumb/model"
)

// fairEvalItems writes FairEval's question set and the two models'
// answers (../shared/data/faireval, README there) as collect's plain
// items, with the human review as gold; it skips t when the data is
// absent.
func fairEvalItems(t *testing.T) string {
	t.Helper()
	root, err := doccheck.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "..", "shared", "data", "faireval")
	if _, err := os.Stat(filepath.Join(dir, "question.jsonl")); err != nil {
		t.Skipf("FairEval's data is not here (%v): the test needs ../shared/data/faireval beside the repository", err)
	}
	lines := func(name string) []map[string]any {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		var out []map[string]any
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				t.Fatal(err)
			}
			out = append(out, m)
		}
		return out
	}
	qs, a1, a2 := lines("question.jsonl"), lines("answer_gpt35.jsonl"), lines("answer_vicuna-13b.jsonl")
	review, err := os.ReadFile(filepath.Join(dir, "review_gpt35_vicuna-13b_human.txt"))
	if err != nil {
		t.Fatal(err)
	}
	gold := strings.Split(strings.TrimSpace(string(review)), "\n")
	if len(qs) != 80 || len(a1) != 80 || len(a2) != 80 || len(gold) != 80 {
		t.Fatalf("FairEval's data: %d questions, %d and %d answers, %d reviews; want 80 each", len(qs), len(a1), len(a2), len(gold))
	}
	var b strings.Builder
	for i := range qs {
		g := map[string]string{"CHATGPT": "1", "VICUNA13B": "2", "TIE": "tie"}[strings.TrimSpace(gold[i])]
		line, _ := json.Marshal(map[string]string{"id": strconv.Itoa(int(qs[i]["question_id"].(float64))), "prompt": qs[i]["text"].(string),
			"response_1": a1[i]["text"].(string), "response_2": a2[i]["text"].(string), "gold": g})
		b.Write(append(line, '\n'))
	}
	name := filepath.Join(t.TempDir(), "faireval.jsonl")
	if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// fairEvalParse is FairEval's parse_score_from_review (i-Eval/FairEval,
// FairEval.py), written again here from its description: the last two
// lines of the review, of each the text after its last ':', stripped, as a
// number; ok false where Python's float() would raise (and for inf and
// nan, which plumb does not record).
func fairEvalParse(review string) (s [2]float64, ok bool) {
	lines := strings.Split(review, "\n")
	if len(lines) < 2 {
		return s, false
	}
	for k, l := range lines[len(lines)-2:] {
		parts := strings.Split(l, ":")
		v, err := strconv.ParseFloat(strings.TrimSpace(parts[len(parts)-1]), 64)
		if err != nil || v != v || v > 1e308 || v < -1e308 {
			return s, false
		}
		s[k] = v
	}
	return s, true
}

// TestCollectFairEval is the Done-when check of Multiple Evidence
// Calibration: FairEval's question set and answers run through plumb
// collect --template faireval --evidence 3 against the practice server,
// and the scores plumb records are FairEval's own parsing of the recorded
// texts, and its verdicts FairEval's averaging (get_eval: the first
// order's scores, the second order's swapped back, one mean) of them. A
// text FairEval's rule cannot read is read by the tolerant rule (its
// labelled score lines) or kept unread: FairEval drops it, plumb keeps and
// counts it, and averages the tolerant ones in.
func TestCollectFairEval(t *testing.T) {
	items := fairEvalItems(t)
	base := simServer(t, 1, "")
	out := filepath.Join(t.TempDir(), "mec.jsonl")
	_, stderr, err := executeStderr(t, "collect", items, "--template", "faireval", "--evidence", "3", "--sample-seed", "7",
		"--base-url", base, "--model", "judge-first", "-o", out, "-j", "4")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	lg, err := model.ReadFiles([]string{out}, model.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var fe, tolerant, unread int
	for _, p := range lg.Pairs {
		if p.Has[model.X1] || p.Has[model.X3] {
			t.Fatalf("item %s has x1 or x3", p.ID)
		}
		var all [][2]float64   // get_eval's all_scores, by response
		var first [][2]float64 // MEC without BPC: the first order's
		for _, a := range []model.Arrangement{model.X0, model.X2} {
			if n := len(p.Samples[a]); n != 3 {
				t.Fatalf("item %s %s: %d samples, want 3", p.ID, a, n)
			}
			for _, smp := range p.Samples[a] {
				s, ok := fairEvalParse(smp.Text)
				switch {
				case ok && (smp.Kind != model.SampleScores || smp.Scores != s):
					t.Fatalf("item %s %s: recorded %+v, FairEval reads %v from %q", p.ID, a, smp, s, smp.Text)
				case ok:
					fe++
				case smp.Kind == model.SampleScores:
					tolerant++
					s = smp.Scores
					if !strings.Contains(smp.Text, "Score of the Assistant 1") {
						t.Fatalf("item %s: scores %v read from %q", p.ID, s, smp.Text)
					}
				default:
					unread++
					continue
				}
				if a == model.X2 {
					s[0], s[1] = s[1], s[0] // score2, score1 = parse(review)
				} else {
					first = append(first, s)
				}
				all = append(all, s)
			}
		}
		sc := mec.ItemScores(&p)
		if v, ok := mec.BPCVerdict(&sc, 0); !ok || v != fairEvalVerdict(all) {
			t.Errorf("item %s: MEC + BPC verdict %v, FairEval's averaging %v of %v", p.ID, v, fairEvalVerdict(all), all)
		}
		if v, ok := mec.OrderVerdict(sc[model.X0]); len(first) > 0 && (!ok || v != fairEvalVerdict(first)) {
			t.Errorf("item %s: MEC verdict %v, FairEval's %v", p.ID, v, fairEvalVerdict(first))
		}
	}
	if len(lg.Pairs) != 80 || fe == 0 || tolerant == 0 || unread == 0 {
		t.Errorf("%d items; samples: %d FairEval, %d tolerant, %d unread (want every kind)", len(lg.Pairs), fe, tolerant, unread)
	}
	want := "samples: " + strconv.Itoa(fe) + " read, " + strconv.Itoa(tolerant) + " read only by the tolerant rule, " + strconv.Itoa(unread) + " unread"
	if !strings.Contains(stderr, want) {
		t.Errorf("summary lacks %q:\n%s", want, stderr)
	}
	md, _, err := executeStderr(t, "report", "--bootstrap", "0", out)
	if err != nil || !strings.Contains(md, "| MEC + BPC |") || !strings.Contains(md, strconv.Itoa(unread)+" more gave no scores") {
		t.Errorf("report: %v\n%s", err, md)
	}
}

// fairEvalVerdict is FairEval's tally of a mean: 1 when score1 > score2,
// 0 when lower, 0.5 when equal.
func fairEvalVerdict(all [][2]float64) float64 {
	var s1, s2 float64
	for _, s := range all {
		s1, s2 = s1+s[0], s2+s[1]
	}
	s1, s2 = s1/float64(len(all)), s2/float64(len(all))
	switch {
	case s1 > s2:
		return 1
	case s1 < s2:
		return 0
	}
	return 0.5
}
