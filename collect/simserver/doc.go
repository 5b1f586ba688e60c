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
// # Any pair: practising on real items
//
// A pair it did not simulate (a user's own items, LLMBar's) is judged too
// when the prompt was rendered by a template the server was taught with
// AddTemplate (plumb simulate --serve teaches it collect's built-in
// templates and any --template file). The server learns each template's
// layout by rendering it once with markers for the fields, then splits a
// prompt into the template's literal text and the fields between: the two
// responses in shown order and their IDs (and ID1, ID2 when the template
// shows them: ID1 is then the token A; otherwise the ID that sorts first
// is). Where a separator also occurs inside a response, the shortest split
// that lets the rest of the prompt match is taken; a response holding the
// exact separator that follows it, ID and all, is ambiguous and may be cut
// there. A prompt that is neither a simulated item nor a pair of a known
// template is answered 400, saying so.
//
// Such a pair is judged by the same judges with the simulator's model,
// the latent quality of each response drawn from its text: q(r) ~ N(0, 1)
// seeded by the Config's seed and a SHA-256 of r, and
//
//	δ = Spread·(q(a) − q(b))/√2                 quality gap of A's response a over B's b
//	u = Skill·δ + ItemNoise·e(a, b)             e antisymmetric: e(b, a) = −e(a, b)
//	logit P(A) = u + β·f + τ + Noise·ε          f = +1 when A is shown first, −1 when second
//
// with e and ε standard normal draws seeded by the judge, the two texts
// and (for ε) the order, so the same request always gets the same answer
// and swapping the texts negates u. The judge's position bias β and token
// bias τ are therefore exactly the configured ones: over items,
// mean (l0 − l1 + l2 − l3)/4 estimates β and mean (l0 + l1 + l2 + l3)/4
// estimates τ, as for simulated items. The qualities know nothing of what
// the texts say, so accuracy against the items' own gold labels is at
// chance: the practice shows the biases, not judgement.
//
// Answers: the answer token is the more likely ID; its top log-probabilities
// give the ID with probability mass 0.98·P split 0.9 : 0.1 between the
// variants "A" and " A" (so clients must sum variants), the other ID
// likewise with 0.98·(1 − P), and 0.02 spread over filler tokens, cut to
// the requested top_logprobs. When the prompt asks for "[[A]]" (MT-Bench)
// the reply is "[[A]]" in three tokens. Judges simulated in choice mode
// answer with the text only (no logprobs), as a server without logprobs
// does. Unknown models get 404, prompts the server cannot read 400, and a
// request body over MaxBody (8 MiB) 413.
// # Samples and evidence
//
// A request with n > 1 or a temperature above 0 gets n choices without
// log-probabilities: for a pair prompt, verdicts drawn with the judge's
// P(A). A prompt of FairEval's template (collect's faireval) is answered
// by an evidence judge: each answer's mean score is 5.5 + 1.5·skill points
// per standard deviation of its quality, plus β points for the answer
// shown first; each sample adds noise of sd EvidenceNoise, rounded into
// 1–10, after a line of evidence; a share of samples is written so that
// FairEval's rule cannot read it (EvidenceTrailing, EvidenceNoScores).
// Draws are deterministic per seed, judge, prompt and choice (samples.go).
package simserver
