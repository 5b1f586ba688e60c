// Package collect runs a judge model over pair items, in every arrangement
// of docs/methods.md §1, against a server that speaks the OpenAI-compatible
// chat completions API (or the legacy completions API), and turns each
// answer into the judge's probability of every option (log format v1).
//
// What belongs here: the prompt templates and how an item is arranged into
// a prompt (template.go, arrange.go), the API's request and response types
// (api.go), reading P(A) from the answer token's top log-probabilities and
// the fallback to the text's verdict (answer.go), the HTTP client with
// retries, back-off and rate limit (client.go), reading items (items.go),
// and the runner that schedules requests, writes finished items to the log
// and resumes an interrupted run (run.go, resume.go, progress.go). What
// real servers do that their documentation does not say is checked in
// diagnose.go (why an answer has no P(A); a run's warnings), truncate.go
// (prompts a server cut silently), refusal.go (error answers no retry can
// change) and preflight.go (an unlisted model name, an ID the tokenizer
// splits); llama.cpp's server is the measured example. The
// simulated judge server used to practise and to test is in
// collect/simserver. Sampled judgments (--evidence, --samples: K samples
// per arrangement at temperature 1, kept in the record's samples field)
// are in samples.go, and the reading of an evidence-first judge's scores
// (FairEval's rule, then a tolerant one) in faireval.go.
//
// Every rendered prompt can be reproduced from the log: each record's
// extra field "collect" names the template and its SHA-256, the option IDs
// and the endpoint, and the record keeps the item's texts.
package collect
