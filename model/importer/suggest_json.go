package importer

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/internal/shellarg"
	"github.com/plumb-eval/plumb/model"
)

// Flat JSON records of no known format are rows too: their fields are the
// columns. When SuggestMap can place them, the unknown-format error says
// the flags that read the file as a table.

// maxSampleBytes bounds the records read for a suggestion.
const maxSampleBytes = 4 << 20

// errSampled stops the sampling.
var errSampled = errors.New("sampled")

// jsonTableError returns the unknown-format error of a JSON file whose
// first records are flat rows SuggestMap can place, with the flags that
// read it; nil when they cannot be placed (the plain unknown-format error
// then stands).
func jsonTableError(path string, s sniffed, op *model.Opener) error {
	r, closer, err := openFile(path, op)
	if err != nil {
		return nil
	}
	defer closer.Close()
	header := slices.Clone(s.keys)
	nested := map[string]bool{}
	var recs []map[string]string
	size := 0
	eachRecord(r, path, func(_ int, b []byte) error {
		rec := map[string]string{}
		if object(b, func(key, val []byte) {
			switch {
			case isNull(val):
				rec[string(key)] = ""
			case isString(val):
				rec[string(key)] = str(val)
			case len(val) == 0 || val[0] == '{' || val[0] == '[':
				nested[string(key)] = true
			default:
				rec[string(key)] = string(val)
			}
		}) != nil {
			return errSampled // not a flat record: no suggestion from here on
		}
		recs, size = append(recs, rec), size+len(b)
		if len(recs) >= maxSampleRows || size >= maxSampleBytes {
			return errSampled
		}
		return nil
	})
	header = slices.DeleteFunc(header, func(k string) bool { return nested[k] })
	rows := make([][]string, len(recs))
	for i, rec := range recs {
		rows[i] = make([]string, len(header))
		for j, k := range header {
			rows[i][j] = rec[k]
		}
	}
	flags := SuggestMap(header, rows)
	if flags == nil {
		return nil
	}
	quoted := make([]string, len(flags))
	for i, f := range flags {
		quoted[i] = shellarg.Quote(f)
	}
	keys := make([]string, len(s.keys))
	for i, k := range s.keys {
		keys[i] = shellarg.Quote(k)
	}
	msg := fmt.Sprintf("unknown judge-log format (the first record has the fields: %s); read its records as rows with %s "+
		"(docs/importing.md), or name its format with --from (%s)", strings.Join(keys, ", "), strings.Join(quoted, " "), formatList())
	return &TableError{LineError: &model.LineError{File: path, Msg: msg}, Columns: s.keys, Flags: flags}
}
