package importer

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/plumb-eval/plumb/internal/jsonscan"
	"github.com/plumb-eval/plumb/model"
)

// Checks every record passes before a parser sees it (object, cell), so
// that no importer can alter its input silently.
//
// Invalid UTF-8 is an error, not U+FFFD: bytes that are not UTF-8 mean the
// file is in another encoding (Latin-1, Windows-1252), and replacing them
// would change every text that has them without a word, while the error
// says how to convert the file (and --skip-bad still skips such records,
// counted). The log reader rejects them the same way.
//
// A field given twice is an error: a parser would silently take one of
// the two (JSON parsers do not agree on which), as the log reader refuses.

// utf8Help is how to fix a file that is not UTF-8.
const utf8Help = "plumb reads UTF-8 and does not guess another encoding; convert the file (e.g. iconv -f windows-1252 -t utf-8)"

// badUTF8 returns the offset of the first byte of b that is not valid
// UTF-8, or −1.
func badUTF8(b []byte) int {
	if utf8.Valid(b) {
		return -1
	}
	off := 0
	for off < len(b) {
		r, n := utf8.DecodeRune(b[off:])
		if r == utf8.RuneError && n == 1 {
			return off
		}
		off += n
	}
	return -1
}

// utf8Error is the error for the record b whose byte off is not UTF-8:
// located on its line (relative to the record's first) and column, in the
// top-level field that holds it when there is one.
func utf8Error(b []byte, off int) *model.LineError {
	field := ""
	if len(b) > 0 && b[0] == '{' {
		jsonscan.WalkObject(b, 0, 0, end, func(key []byte, esc bool, val []byte) *jsonscan.Error {
			if vs := cap(b) - cap(val); vs <= off && off < vs+len(val) {
				field = jsonscan.KeyString(key, esc)
			}
			return nil
		})
	}
	line := bytes.Count(b[:off], []byte{'\n'})
	col := off - (bytes.LastIndexByte(b[:off], '\n') + 1) + 1
	if line == 0 {
		col = off + 1 // the record's own column (its first line is trimmed)
	}
	msg := fmt.Sprintf("has invalid UTF-8 at column %d: %s", col, utf8Help)
	if field == "" {
		msg = fmt.Sprintf("invalid UTF-8 at column %d: %s", col, utf8Help)
	}
	return &model.LineError{Line: line, Field: field, Msg: msg}
}

// keySet finds a field given twice among a record's top-level fields.
type keySet struct {
	seen [][]byte
	dup  []byte // the first key seen twice
}

// add records key; it reports false when key was already there.
func (k *keySet) add(key []byte) bool {
	for _, s := range k.seen {
		if bytes.Equal(s, key) {
			k.dup = key
			return false
		}
	}
	k.seen = append(k.seen, key)
	return true
}

// cellUTF8 checks one CSV cell of column col.
func cellUTF8(col, v string) *model.LineError {
	if utf8.ValidString(v) {
		return nil
	}
	off := badUTF8([]byte(v))
	return fieldErr(col, fmt.Sprintf("has invalid UTF-8 at byte %d of the cell: %s", off+1, utf8Help))
}
