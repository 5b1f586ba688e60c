package style

import (
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/model"
)

// withText sets a pair's prompt and responses.
func withText(p model.Pair, prompt, r1, r2 string) model.Pair {
	p.Prompt, p.Response1, p.Response2 = prompt, r1, r2
	return p
}

// othersHand is judge J (generator J) on five items and two other judges,
// K and L, with every number of TestBeyondOthersHand known:
//
//	q1 J vs X, J prefers its own 0.9; K (same id, same order) 0.6 for J's
//	   response, L (same id, generators swapped) 1 − 0.3 = 0.7: others 0.65,
//	   difference 0.25, matched by id;
//	q2 X vs J (texts), J prefers response_1 0.3, its own 0.7; K under another
//	   id, same prompt, responses swapped and no generators named, 0.2 for
//	   its response_1 = J's: difference 0.5, matched by text;
//	q3 J vs X, K's record with the same id holds no judgment: no
//	   counterpart;
//	q4 J vs J, not an own item;
//	q5 J vs X, K's record with the same id names other generators: not the
//	   same item, so no counterpart.
func othersHand() (judge, others []model.Pair) {
	judge = []model.Pair{
		hand("q1", "J", "J", "X", -1, -1, 0.9, none, model.GoldNone),
		withText(hand("q2", "J", "X", "J", -1, -1, 0.3, none, model.GoldNone), "P2", "a", "b"),
		hand("q3", "J", "J", "X", -1, -1, 0.8, none, model.GoldNone),
		hand("q4", "J", "J", "J", -1, -1, 0.5, none, model.GoldNone),
		hand("q5", "J", "J", "X", -1, -1, 0.6, none, model.GoldNone),
	}
	others = []model.Pair{
		hand("q1", "K", "J", "X", -1, -1, 0.6, none, model.GoldNone),
		hand("q1", "L", "X", "J", -1, -1, 0.3, none, model.GoldNone),
		withText(hand("k-q2", "K", "", "", -1, -1, 0.2, none, model.GoldNone), "P2", "b", "a"),
		hand("q5", "K", "Y", "Z", -1, -1, 0.1, none, model.GoldNone),
		hand("q9", "K", "J", "X", -1, -1, 0.4, none, model.GoldNone),
		hand("q1", "J", "J", "X", -1, -1, 0.0, none, model.GoldNone), // the judge itself: never an other
		{ID: "q3", Judge: "K"}, // no judgment: no counterpart
	}
	return judge, others
}

// TestBeyondOthersHand checks the preference beyond the other judges
// against a direct loop over the hand-made log's known numbers
// (othersHand), and the match's counts.
func TestBeyondOthersHand(t *testing.T) {
	judge, others := othersHand()
	// The independent computation: own and other judges' preferences for
	// the judge's own response, item by item, as othersHand lays them out.
	pairsOwnOthers := [][]float64{{0.9, 0.6, 1 - 0.3}, {1 - 0.3, 0.2}}
	sum := 0.0
	for _, v := range pairsOwnOthers {
		m := 0.0
		for _, o := range v[1:] {
			m += o
		}
		sum += v[0] - m/float64(len(v)-1)
	}
	want := sum / float64(len(pairsOwnOthers)) // (0.25 + 0.5) / 2
	opt := DefaultOptions()
	opt.Bootstrap.Resamples = 0
	opt.Others = byJudge(others)
	r, err := Analyze(judge, opt)
	if err != nil {
		t.Fatal(err)
	}
	b := r.Self.BeyondOthers
	if b == nil {
		t.Fatalf("no preference beyond the others: %+v", r.Self)
	}
	if !b.Value.OK() || math.Abs(b.Value.Value-want) > 1e-12 || math.Abs(want-0.375) > 1e-12 || b.Value.N != 2 {
		t.Errorf("beyond others %+v, want %v over 2 items", b.Value, want)
	}
	if b.ByID != 1 || b.ByText != 1 || b.Unmatched != 2 || !reflect.DeepEqual(b.Judges, []string{"K", "L"}) {
		t.Errorf("match: by id %d, by text %d, unmatched %d, judges %q; want 1, 1, 2, [K L]", b.ByID, b.ByText, b.Unmatched, b.Judges)
	}
	if math.Abs(b.Own-(0.9+0.7)/2) > 1e-12 || math.Abs(b.Others-(0.65+0.2)/2) > 1e-12 {
		t.Errorf("means own %v, others %v; want 0.8, 0.425", b.Own, b.Others)
	}
	// No gold: the own preference carries its caveat, naming its number
	// and the preference beyond the other judges.
	if c := r.Self.Caveat; !strings.Contains(c, "0.750 mixes self-preference with quality") || !strings.Contains(c, "+0.375 over 2 items") {
		t.Errorf("caveat %q", c)
	}
	// Without other judges: nil, with the reason.
	opt.Others = nil
	r, err = Analyze(judge, opt)
	if err != nil {
		t.Fatal(err)
	}
	if r.Self.BeyondOthers != nil || r.Self.BeyondOthersReason != reasonNoOtherJudge || !strings.Contains(r.Self.Caveat, "mixes") {
		t.Errorf("alone: %+v", r.Self)
	}
}

// TestBeyondOthersInterval: every item's difference the same → the
// bootstrap interval is that point; the interval is deterministic for a
// seed.
func TestBeyondOthersInterval(t *testing.T) {
	var judge, others []model.Pair
	for i := range 30 {
		id := "i" + itoa(i)
		q := 0.5 + float64(i%7)/20
		judge = append(judge, hand(id, "J", "J", "X", -1, -1, q+0.1, none, model.GoldNone))
		others = append(others, hand(id, "K", "J", "X", -1, -1, q, none, model.GoldNone))
	}
	opt := DefaultOptions()
	opt.Bootstrap.Resamples = 200
	opt.Others = byJudge(others)
	r, err := Analyze(judge, opt)
	if err != nil {
		t.Fatal(err)
	}
	v := r.Self.BeyondOthers.Value
	if v.CI == nil || math.Abs(v.Value-0.1) > 1e-12 || math.Abs(v.CI.Lower-0.1) > 1e-12 || math.Abs(v.CI.Upper-0.1) > 1e-12 {
		t.Errorf("constant difference 0.1: %+v %+v", v, v.CI)
	}
	if own := r.Self.OwnPreference; own.CI == nil || own.CI.Upper-own.CI.Lower < 0.01 {
		t.Errorf("own preference %+v: the items' quality varies, so its interval should not be a point", own)
	}
}

// simSelfJudges simulates n items of generator "self" against "other",
// each of quality q_i (the share of readers preferring self's response,
// uniform on [0.5, 0.85]: self's responses are better), judged by two
// judges that see only the quality and by the judge "self", which adds
// bias to every item; each judge's preference is q_i plus uniform noise
// of ±0.05 (never clipped). The order of the responses alternates.
func simSelfJudges(n int, bias float64, seed uint64) (judge, others []model.Pair) {
	rng := rand.New(rand.NewPCG(seed, 7))
	noise := func() float64 { return 0.1*rng.Float64() - 0.05 }
	for i := range n {
		id := "s" + itoa(i%100) + itoa(i/100)
		q := 0.5 + 0.35*rng.Float64()
		pair := func(j string, p float64) model.Pair {
			if i%2 == 1 {
				return hand(id, j, "other", "self", -1, -1, 1-p, none, model.GoldNone)
			}
			return hand(id, j, "self", "other", -1, -1, p, none, model.GoldNone)
		}
		judge = append(judge, pair("self", q+bias+noise()))
		others = append(others, pair("k1", q+noise()), pair("k2", q+noise()))
	}
	return judge, others
}

// TestBeyondOthersRecoversBias: on simulated judges with a known injected
// self-bias of 0.08 in preference (simSelfJudges), the preference beyond
// the other judges' 95% interval covers 0.08 in about 95% of 40 simulated
// logs (at least 34 of 40: below that, a binomial(40, 0.95) falls with
// probability < 0.5%), while the raw own preference (about 0.675 + 0.08)
// is mostly the own responses' quality: its interval lies far above ½ +
// 0.08 every time.
func TestBeyondOthersRecoversBias(t *testing.T) {
	const bias, reps = 0.08, 40
	opt := DefaultOptions()
	opt.Bootstrap.Resamples = 400
	covered := 0
	var r *Result
	for rep := range reps {
		judge, others := simSelfJudges(200, bias, uint64(rep+1))
		opt.Others = byJudge(others)
		var err error
		if r, err = Analyze(judge, opt); err != nil {
			t.Fatal(err)
		}
		b, own := r.Self.BeyondOthers.Value, r.Self.OwnPreference
		if b.CI == nil || b.N != 200 {
			t.Fatalf("beyond others %+v", b)
		}
		if b.CI.Lower <= bias && bias <= b.CI.Upper {
			covered++
		}
		if own.CI == nil || own.CI.Lower < 0.5+bias+0.1 {
			t.Errorf("own preference %.4f %+v: expected the quality to dominate it", own.Value, own.CI)
		}
	}
	if covered < 34 {
		t.Errorf("the interval covered the injected bias in %d of %d logs, want about 95%%", covered, reps)
	}
	judge, others := simSelfJudges(200, bias, reps)
	opt.Others = byJudge(others)
	b, own := r.Self.BeyondOthers.Value, r.Self.OwnPreference
	// Deterministic for a seed.
	r2, err := Analyze(judge, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r2.Self.BeyondOthers, r.Self.BeyondOthers) {
		t.Errorf("two runs differ: %+v, %+v", r.Self.BeyondOthers, r2.Self.BeyondOthers)
	}
	t.Logf("coverage %d/%d; last log: own preference %.3f [%.3f, %.3f]; beyond the others %.4f [%.4f, %.4f] (injected %.2f)",
		covered, reps, own.Value, own.CI.Lower, own.CI.Upper, b.Value, b.CI.Lower, b.CI.Upper, bias)
}

// byJudge splits pairs into Others, one per judge in order of appearance.
func byJudge(pairs []model.Pair) []Other {
	var out []Other
	at := map[string]int{}
	for _, p := range pairs {
		k, ok := at[p.Judge]
		if !ok {
			k = len(out)
			at[p.Judge] = k
			out = append(out, Other{Judge: p.Judge})
		}
		out[k].Pairs = append(out[k].Pairs, p)
	}
	return out
}

// TestBeyondOthersExcludesDominated: a position-dominated other judge is
// no reference: left out, and named.
func TestBeyondOthersExcludesDominated(t *testing.T) {
	judge, others := othersHand()
	o := byJudge(others)
	for i := range o {
		if o[i].Judge == "L" {
			o[i].Position = Position{Consistency: calib.Defined(0, 10), FirstPositionRate: calib.Defined(1, 20)}
		}
	}
	opt := DefaultOptions()
	opt.Bootstrap.Resamples = 0
	opt.Others = o
	r, err := Analyze(judge, opt)
	if err != nil {
		t.Fatal(err)
	}
	b := r.Self.BeyondOthers
	// q1 now has K alone: 0.9 − 0.6; q2 as before, 0.5.
	if want := (0.3 + 0.5) / 2; math.Abs(b.Value.Value-want) > 1e-12 || !reflect.DeepEqual(b.Excluded, []string{"L"}) || !reflect.DeepEqual(b.Judges, []string{"K"}) {
		t.Errorf("beyond others %v (want %v), judges %q, excluded %q", b.Value.Value, want, b.Judges, b.Excluded)
	}
}
