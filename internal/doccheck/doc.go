// Package doccheck checks that plumb's documentation agrees with the code:
// the JSON Schemas in docs/schema accept what plumb writes and reject what
// its reader refuses, and every relative link of README.md and docs/
// resolves to a file in the repository (and to a heading, for an #anchor
// into a Markdown file).
//
// It is used by tests only (its own, and cmd/plumb's check of a real
// report against docs/schema/report.schema.json); plumb never imports it.
package doccheck
