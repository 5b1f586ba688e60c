// Package model holds plumb's judgment-log types and everything that turns
// files into them: the log format v1 reader and writer, validation, and (in
// later releases) importers for other tools' judge logs.
//
// It knows nothing about statistics: calib consumes the records defined here,
// and nothing in model imports calib, plot or tui. Every error it returns for
// bad input names the file, the line and the field, and says what was
// expected.
package model
