// Package importer reads the judge logs other tools write and turns them
// into plumb's records (package model), so that plumb can analyse the files
// researchers already have.
//
// Formats, each in its own file with the source and a link to where the
// format is defined: FastChat / MT-Bench pairwise judgments (fastchat.go),
// LLMBar evaluator results (llmbar.go), Arena-Hard-Auto judgments
// (arenahard.go), JudgeBench outputs (judgebench.go), AlpacaEval
// annotations (alpacaeval.go), the PandaLM test set with its judge files
// (pandalm.go), and any CSV or JSON file with a column mapping
// (columns.go). Load detects each file's format by content (detect.go) and
// reads log format v1 through model.ReadFiles.
//
// Every imported record passes model's validation. A verdict that cannot
// be read (null, "error", "garbage") becomes a missing arrangement and is
// counted in the log's Notes, never dropped silently; so are items left
// out, runs left out (an Arena-Hard record with one game, a JudgeBench
// record with one judgment: a missing arrangement, as FastChat's missing
// g2_winner), and judges whose position bias cannot be measured. A value
// read by a documented conversion (a text written as a JSON boolean or
// number, kept as written; a CSV choice in lower case) is counted in the
// Notes too, by field with its first line; anything else the log reader
// would refuse is an error naming the file, line and field.
//
// Generators (docs/style.md). Where a source names the models
// that wrote the two responses, the records carry them as model_1 and
// model_2 (model.Pair.Gen): FastChat (model_1, model_2), AlpacaEval
// (generator_1, generator_2, in the order shown), Arena-Hard (model, and
// baseline when the record names it), JudgeBench (response_model, which
// wrote both). LLMBar names none, and PandaLM's cmp_key does not say which
// model wrote which response. With model.ReadOptions.TextLengths and
// SkipText, the lengths of the skipped response texts are kept as len_1
// and len_2. AlpacaEval's shown order is recovered from the judge's
// log-probabilities (alpacaeval.go) and FastChat's texts from its judge
// prompts (fastchat.go).
package importer
