package importer

import (
	"bufio"
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/model"
)

// Detection by content: the field names of a file's first record (a JSON
// Lines line or the first element of a JSON array, gzip or not, however
// far into the file it starts and however long it is; detect_stream.go)
// say which tool wrote it. File names are never needed.

// role is what a file holds within its format.
type role int

const (
	roleJudgments    role = iota // judge verdicts: imported
	rolePandaTestset             // PandaLM's labelled test set: joined to judge files
	roleNotJudgments             // a known companion file without verdicts
	roleUnknown                  // nothing recognised
	roleEmpty                    // no record at all
	roleTabular                  // not JSON: CSV or TSV (needs --map)
	roleNotLog                   // plainly no log: an image, an archive, a document, binary data (model.ContentKind)
)

// sniffed is what detection found in a file.
type sniffed struct {
	format Format
	role   role
	what   string   // for roleNotJudgments and roleNotLog: what the file is
	hint   string   // for roleNotLog: what to do instead, or ""
	keys   []string // the first record's field names
	header []byte   // for roleTabular: the first non-blank line (cut at 64 KiB)
	sample []byte   // for roleTabular: the first lines, header included (maxSample, maxSampleRows)
	line   int      // for roleTabular: the line the sample starts on
}

// Detect reports the format of the judge log at path, judged by content:
// the field names of its first record. It returns an error for a file that
// cannot be read, a known file that holds no verdicts (an LLMBar
// dataset.json, a question file), or one it does not recognise.
func Detect(path string) (Format, error) {
	s, err := sniffFile(path, &model.Opener{})
	if err != nil {
		return "", err
	}
	if err := s.usable(path); err != nil {
		return "", err
	}
	return s.format, nil
}

// usable is the error for a file that cannot be imported as detected.
func (s sniffed) usable(path string) error {
	switch s.role {
	case roleNotJudgments:
		return fileError(path, "holds no judge verdicts: it looks like "+s.what)
	case roleEmpty:
		return fileError(path, "holds no records")
	case roleNotLog:
		return fileError(path, model.NotALog(s.what, s.hint))
	case roleTabular:
		return tableError(path, s.sample, s.line)
	case roleUnknown:
		keys := strings.Join(s.keys, ", ")
		if len(s.keys) == 0 {
			keys = "none"
		}
		return fileError(path, fmt.Sprintf("unknown judge-log format (the first record has the fields: %s); name it with --from (%s), "+
			"or map its columns with --from columns --map ...", keys, formatList()))
	}
	return nil
}

// sniffFile reads the start of path, up to its first record's field
// names however far they are, and classifies it. A stream (standard
// input, a pipe) is read only up to model.DetectWindow bytes, which the
// Opener replays to the reader (sniffWindow).
func sniffFile(path string, op *model.Opener) (sniffed, error) {
	if model.IsStream(path) {
		return sniffWindow(path, op)
	}
	r, closer, err := openFile(path, op)
	if err != nil {
		return sniffed{}, err
	}
	defer closer.Close()
	s, err := sniffStream(r)
	if err != nil {
		return sniffed{}, readError(path, err)
	}
	return s, nil
}

// sniff classifies a file whose content is b.
func sniff(b []byte) sniffed {
	s, _ := sniffStream(bufio.NewReaderSize(bytes.NewReader(b), 64<<10)) // reading memory cannot fail
	return s
}

// classify names the format a first record's fields belong to.
func classify(keys []string) sniffed {
	has := func(k string) bool { return slices.Contains(keys, k) }
	s := sniffed{keys: keys, role: roleJudgments}
	switch {
	case has("kind"):
		s.format = FormatV1 // the v1 reader explains a bad kind
	case has("g1_winner") || has("g2_winner"):
		s.format = FormatFastChat
	case has("games"):
		s.format = FormatArenaHard
	case has("judgments") && (has("pair_id") || has("response_A")):
		s.format = FormatJudgeBench
	case has("results") && (has("output_1") || has("label")):
		s.format = FormatLLMBar
	case has("preference") && (has("output_1") || has("generator_1") || has("instruction")):
		s.format = FormatAlpacaEval
	case has("annotator1") && has("idx"):
		s.format, s.role = FormatPandaLM, rolePandaTestset
	case has("idx") && slices.ContainsFunc(keys, func(k string) bool { return strings.HasSuffix(k, "_result") }):
		s.format = FormatPandaLM
	case has("label") && has("output_1") && has("output_2"):
		s.format, s.role, s.what = FormatLLMBar, roleNotJudgments,
			"an LLMBar dataset.json (give the evaluators/<judge>/<strategy>/result.json files, or the folder)"
	case has("question_id") && has("turns"):
		s.role, s.what = roleNotJudgments, "a question file (FastChat or Arena-Hard question.jsonl)"
	case has("correct_False") || has("kappa_agreement"):
		s.format, s.role, s.what = FormatLLMBar, roleNotJudgments, "LLMBar's statistics.json (summary numbers)"
	default:
		s.role = roleUnknown
	}
	return s
}
