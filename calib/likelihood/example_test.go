package likelihood_test

import (
	"fmt"

	"github.com/plumb-eval/plumb/calib/likelihood"
	"github.com/plumb-eval/plumb/model"
)

// ExampleAnalyze measures Ohi et al.'s likelihood bias (docs/methods.md
// §6) of a judge whose scores rise with how likely a language model finds
// the output (LS), beyond what people think of it (S_h): BiasScore =
// Spearman ρ(LS, S_m' − S_h') is positive, with a seeded permutation
// p-value.
func ExampleAnalyze() {
	ls := []float64{-40, -35, -30, -28, -25, -22, -20, -18, -15, -12}
	human := []float64{3, 4, 2, 5, 3, 4, 2, 3, 4, 3}
	judge := []float64{2, 3, 2, 4, 3, 4, 3, 4, 5, 5}
	scores := make([]model.Score, len(ls))
	for i := range ls {
		scores[i] = model.Score{
			ID: fmt.Sprintf("item%d", i), Judge: "j", Criterion: "overall",
			JudgeScore: &judge[i], HumanScore: human[i], LS: &ls[i],
		}
	}
	opt := likelihood.DefaultOptions()
	opt.Permutations = 2000
	a, err := likelihood.Analyze("j", scores, opt)
	if err != nil {
		fmt.Println(err)
		return
	}
	r := a.Result("overall")
	fmt.Printf("%s: %d items, BiasScore %s, p = %s\n", r.Criterion, r.N, r.BiasScore.Format(3), r.PValue.Format(4))
	fmt.Printf("evaluation performance ρ(S_m, S_h) = %s\n", r.EvalRho.Format(3))
	// Output:
	// overall: 10 items, BiasScore 0.841, p = 0.0025
	// evaluation performance ρ(S_m, S_h) = 0.508
}
