// Package vocab is plumb's one vocabulary: the name, symbol and one-line
// meaning of every concept that the terminal UI, the Markdown and JSON
// reports, the figures and their captions and the documentation show.
// Each surface takes its labels from here, so a concept is spelled the same
// way everywhere; Glossary lists them all, and docs/glossary.md is
// generated from it (PLUMB_UPDATE_DOCS=1 go test ./internal/vocab).
//
// The package imports nothing of plumb's, so any layer may use it. Tests
// on each surface check that no concept is spelled any other way (Concept.Wrong
// holds the spellings plumb used before: Stray finds them).
package vocab
