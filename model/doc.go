// Package model holds plumb's judgment-log types and everything that turns
// files into them: the log format v1 reader and writer and its validation
// (docs/log-format.md; JSON Schema docs/schema/log-v1.schema.json). The
// importers of other tools' judge logs are in model/importer, the simulator
// in model/sim, the embedded demo log in model/demo.
//
// It knows nothing about statistics: calib consumes the records defined here,
// and nothing in model imports calib, plot or tui. Every error it returns for
// bad input names the file, the line and the field, and says what was
// expected.
//
// # Generators and lengths
//
// A pair record may name the models that wrote its two responses and give
// their lengths (docs/style.md), all optional:
//
//	model_1, model_2   the generators of response_1 and response_2: non-empty strings
//	len_1, len_2       the lengths of response_1 and response_2 in Unicode code points:
//	                   integers ≥ 0, for logs that leave the texts out
//
// They are Pair.Gen (nil when a record gives none of them); Pair.Model and
// Pair.Length read them, Length falling back to the text. The length and
// self-preference measures and the win rates per generator of package
// calib/style use them. The writer puts model_1 and model_2 after group and
// len_1 and len_2 after response_2; records without them are written as
// before.
package model
