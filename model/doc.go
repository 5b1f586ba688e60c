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
package model
