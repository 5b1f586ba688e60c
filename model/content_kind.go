package model

import (
	"bytes"
	"strings"
)

// What a file is when it is not a judgment log at all (ContentKind), for
// the readers of every format: the importers' detection and the v1
// reader. The kinds are told by their magic numbers (the first bytes their formats define: PNG's
// 89 50 4E 47 0D 0A 1A 0A, PDF's "%PDF-", zip's "PK\x03\x04", …), not by
// net/http.DetectContentType, which knows neither Parquet nor SQLite nor
// tar and would pull net/http into model. gzip is read through (a
// compressed log is a log), so its magic is seen here only when a file
// was compressed twice. Markdown and HTML are told by their first line;
// binary data by its control bytes (isBinary). Only the first KindSample
// bytes are read.

// KindSample is how many bytes of the start of a file ContentKind reads.
const KindSample = 512

// kind names a file format and says what to do with it.
type kind struct {
	magic  string // the first bytes
	offset int    // where they start (tar's "ustar" is at 257)
	what   string // "a PNG image"
	hint   string // what to do instead, or ""
}

// kinds are the formats told by their magic numbers.
var kinds = []kind{
	{"\x89PNG\r\n\x1a\n", 0, "a PNG image", ""},
	{"\xff\xd8\xff", 0, "a JPEG image", ""},
	{"GIF87a", 0, "a GIF image", ""},
	{"GIF89a", 0, "a GIF image", ""},
	{"%PDF-", 0, "a PDF document", ""},
	{"PK\x03\x04", 0, "a zip archive", "unpack it and give plumb the log inside"},
	{"PK\x05\x06", 0, "an empty zip archive", ""},
	{"\x1f\x8b", 0, "gzip data compressed twice", "decompress it once (gunzip) and give plumb the .gz or the log"},
	{"BZh", 0, "bzip2 data", "decompress it (bunzip2); plumb reads gzip and plain files"},
	{"\xfd7zXZ\x00", 0, "xz data", "decompress it (unxz); plumb reads gzip and plain files"},
	{"\x28\xb5\x2f\xfd", 0, "zstd data", "decompress it (unzstd); plumb reads gzip and plain files"},
	{"ustar", 257, "a tar archive", "unpack it and give plumb the log inside"},
	{"PAR1", 0, "a Parquet file", "write it as JSON Lines or CSV first (pandas: df.to_json(\"out.jsonl\", orient=\"records\", lines=True))"},
	{"SQLite format 3\x00", 0, "an SQLite database", "export the table as CSV or JSON Lines first"},
	{"\x7fELF", 0, "an executable (ELF)", ""},
	{"\xff\xfe", 0, "UTF-16 text", "save it as UTF-8 (Excel: CSV UTF-8)"},
	{"\xfe\xff", 0, "UTF-16 text", "save it as UTF-8 (Excel: CSV UTF-8)"},
}

// ContentKind says what the start of a file (up to KindSample bytes) is
// when it is plainly not a judgment log — "a PNG image" — and what to do
// instead (or ""); ok is false for text that may be a log or a table.
func ContentKind(head []byte) (what, hint string, ok bool) {
	for _, k := range kinds {
		if len(head) >= k.offset+len(k.magic) && string(head[k.offset:k.offset+len(k.magic)]) == k.magic {
			return k.what, k.hint, true
		}
	}
	if isBinary(head) {
		return "binary data", "", true
	}
	first := firstLine(head)
	lower := bytes.ToLower(first)
	switch {
	case bytes.HasPrefix(lower, []byte("<!doctype html")) || bytes.HasPrefix(lower, []byte("<html")):
		return "an HTML page", "a browser's download of a web page holds the page, not the file: download the raw file", true
	case bytes.HasPrefix(lower, []byte("<?xml")):
		return "an XML document", "", true
	case isMarkdownStart(first):
		return "a Markdown document", "", true
	}
	return "", "", false
}

// isBinary reports whether more than 1 in 20 bytes of head are control
// bytes no text holds: NUL and the C0 controls but tab, newline, vertical
// tab, form feed, carriage return and escape. Text in an encoding other
// than UTF-8 (Latin-1, say) is not binary: the reader refuses its cells
// one by one, with their line.
func isBinary(head []byte) bool {
	n := 0
	for _, c := range head {
		if c < 0x20 && !strings.ContainsRune("\t\n\v\f\r\x1b", rune(c)) {
			n++
		}
	}
	return n*20 > len(head)
}

// firstLine is the first line of b that is not blank, without its end.
func firstLine(b []byte) []byte {
	for line := range bytes.SplitSeq(b, []byte("\n")) {
		if t := bytes.TrimSpace(line); len(t) > 0 {
			return t
		}
	}
	return nil
}

// isMarkdownStart reports whether a first line opens a Markdown document:
// an ATX heading ("# Title", "## Part"), YAML front matter ("---") or a
// fenced code block.
func isMarkdownStart(line []byte) bool {
	hashes := len(line) - len(bytes.TrimLeft(line, "#"))
	switch {
	case hashes >= 1 && hashes <= 6 && len(line) > hashes && line[hashes] == ' ':
		return true
	case string(line) == "---", bytes.HasPrefix(line, []byte("```")):
		return true
	}
	return false
}

// NotALog is the message for a file ContentKind names: "not a judgment
// log (it looks like a PNG image)", and what to do instead.
func NotALog(what, hint string) string {
	msg := "not a judgment log (it looks like " + what + ")"
	if hint != "" {
		msg += ": " + hint
	}
	return msg
}
