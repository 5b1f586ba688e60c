package calibraeval

// MaxLambda is the largest λ selection.Options accepts; λ lies in
// [0, MaxLambda]. λ weighs the content-swap spread (g(s_j) − g(s_l))², at
// most 1 per term, against the consistency terms (r_j − r_l)², each also at
// most 1 (docs/methods.md §3). From λ ≈ 2 on the spread term can outweigh every
// consistency term of an item, and larger values only push g* towards a
// step; 10 leaves room to show that, while keeping the objective and its
// gradient far from overflow (λ = 1e200 made them infinite). The TUI's λ
// knob uses the same range.
const MaxLambda = 10
