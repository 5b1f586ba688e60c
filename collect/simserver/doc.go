// Package simserver serves plumb's simulated judges (package model/sim)
// over the OpenAI-compatible API, so that plumb collect can be practised
// and tested against a real HTTP server whose biases are known.
//
// Each simulated judge is a model name. The server holds the simulator's
// pair items (the same Config writes the same items with plumb simulate),
// and for each request it reads the rendered prompt: it finds the item by
// its prompt ("Q17: …"), the two responses by their texts, and the option
// IDs from the last line before each response (the one word in which the
// two label lines differ, as in "###A Answer:" and "###B Answer:"). From
// which response is shown first and which ID labels which response it
// knows the arrangement (docs/methods.md §1), taking the ID that sorts first
// (A, or 1) as the token A of the simulator. The answer's probability of
// that ID is the simulator's s_ij = σ(c_j·u_i + β·f_j + τ + noise·ε_ij) for
// that judge, item and arrangement — deterministic per seed and item — so
// a collected log equals the simulated one up to float rounding.
//
// Answers: the answer token is the more likely ID; its top log-probabilities
// give the ID with probability mass 0.98·P split 0.9 : 0.1 between the
// variants "A" and " A" (so clients must sum variants), the other ID
// likewise with 0.98·(1 − P), and 0.02 spread over filler tokens, cut to
// the requested top_logprobs. When the prompt asks for "[[A]]" (MT-Bench)
// the reply is "[[A]]" in three tokens. Judges simulated in choice mode
// answer with the text only (no logprobs), as a server without logprobs
// does. Unknown models get 404, prompts the server cannot read get 400.
package simserver
