package importer

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/model"
)

// Format names a judge-log format.
type Format string

// The formats Load reads. FormatAuto detects each file's format by content.
const (
	FormatAuto       Format = ""
	FormatV1         Format = "v1"         // plumb's own log format v1
	FormatFastChat   Format = "fastchat"   // FastChat / MT-Bench pairwise judgments
	FormatLLMBar     Format = "llmbar"     // LLMBar evaluator result.json files
	FormatArenaHard  Format = "arena-hard" // Arena-Hard-Auto model_judgment files
	FormatJudgeBench Format = "judgebench" // JudgeBench outputs
	FormatAlpacaEval Format = "alpacaeval" // AlpacaEval annotations.json
	FormatPandaLM    Format = "pandalm"    // PandaLM test set and judge files
	FormatColumns    Format = "columns"    // CSV or JSON with a column mapping
)

// Formats lists every format --from accepts, in the README's order.
func Formats() []Format {
	return []Format{FormatV1, FormatFastChat, FormatLLMBar, FormatArenaHard, FormatJudgeBench,
		FormatAlpacaEval, FormatPandaLM, FormatColumns}
}

func formatList() string {
	names := make([]string, 0, 8)
	for _, f := range Formats() {
		names = append(names, string(f))
	}
	return strings.Join(names, ", ")
}

// ParseFormat parses a --from value ("" or "auto" = detect). A few aliases
// are accepted: plumb (v1), mt-bench (fastchat), arenahard, alpaca_eval,
// csv (columns).
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "auto":
		return FormatAuto, nil
	case "v1", "plumb":
		return FormatV1, nil
	case "fastchat", "mt-bench", "mtbench":
		return FormatFastChat, nil
	case "llmbar":
		return FormatLLMBar, nil
	case "arena-hard", "arenahard", "arena-hard-auto":
		return FormatArenaHard, nil
	case "judgebench":
		return FormatJudgeBench, nil
	case "alpacaeval", "alpaca_eval", "alpaca-eval":
		return FormatAlpacaEval, nil
	case "pandalm":
		return FormatPandaLM, nil
	case "columns", "csv", "tsv":
		return FormatColumns, nil
	}
	return "", fmt.Errorf("unknown format %q (want one of: %s)", s, formatList())
}

// Options are the importer's own options.
type Options struct {
	// Map is the column mapping of the columns format, as KEY=COLUMN
	// pairs (--map; see ParseMapping). Given without a format, files that
	// are not recognised are read as columns.
	Map []string
	// Annotators reads the people's labels of a PandaLM test set as judges
	// of their own, annotator-1, annotator-2 and annotator-3 (pandalm.go;
	// --annotators), beside the judge files' judges.
	Annotators bool
}

// input is one file to read, with its format and role.
type input struct {
	path   string
	format Format
	role   role
	sn     sniffed // what detection found (the columns reader needs it)
}

// Load reads judge logs of any supported format into one Log: files,
// detected by content unless from names the format, and folders, walked in
// lexical order for the judge logs they hold (files that are not judge
// logs, such as LLMBar's dataset.json or a question file, are passed
// over). Logs in format v1 are read by model.ReadFiles (when every input
// is v1, Load is exactly that). Records of all files are merged; a record
// whose (kind, judge, id) repeats an earlier one is an error, as in
// ReadFiles. opt applies to every format: SkipBad skips bad records
// (counted in Log.Skipped and FileInfo.Skipped, the first reasons kept),
// SkipText leaves texts empty. What an importer could not use —
// unreadable verdicts, left-out items, judges whose position bias cannot
// be measured — is described in Log.Notes. Errors about the input match
// model.ErrBadInput; they name the file and line (and the field).
func Load(names []string, from string, opt model.ReadOptions, iopt Options) (*model.Log, error) {
	f, err := ParseFormat(from)
	if err != nil {
		return nil, &model.LineError{Msg: "--from: " + err.Error()}
	}
	var m *Mapping
	if len(iopt.Map) > 0 || f == FormatColumns {
		if f != FormatAuto && f != FormatColumns {
			return nil, &model.LineError{Msg: "--map is only for --from columns"}
		}
		mp, err := ParseMapping(iopt.Map)
		if err != nil {
			return nil, &model.LineError{Msg: err.Error()}
		}
		m = &mp
	}
	if opt.Opener == nil {
		opt.Opener = &model.Opener{} // shared by detection and reading: a pipe is read once
	}
	inputs, err := plan(names, f, m != nil, opt.Opener)
	if err != nil {
		return nil, err
	}
	if !slices.ContainsFunc(inputs, func(in input) bool { return in.format != FormatV1 }) {
		paths := make([]string, len(inputs))
		for i, in := range inputs {
			paths[i] = in.path
		}
		return model.ReadFiles(paths, opt)
	}
	c := newCollector(opt, m)
	c.annotators = iopt.Annotators
	if err := c.readAll(inputs); err != nil {
		return nil, err
	}
	return c.finish(), nil
}

// plan expands folders and decides every file's format and role.
func plan(names []string, from Format, haveMap bool, op *model.Opener) ([]input, error) {
	var out []input
	for _, name := range names {
		st, err := os.Stat(name)
		if name == model.Stdin {
			st, err = nil, nil
		}
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, fileError(name, "cannot open: "+err.Error())
		}
		if st == nil || !st.IsDir() {
			in, err := planFile(name, from, haveMap, op)
			if err != nil {
				return nil, err
			}
			out = append(out, in)
			continue
		}
		found, looked, err := walk(name, from, op)
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, fileError(name, fmt.Sprintf("no judge logs in this folder (looked at %s)", vocab.Plural(looked, "file")))
		}
		out = append(out, found...)
	}
	return out, nil
}

// planFile decides the format and role of a file named on the command line.
func planFile(path string, from Format, haveMap bool, op *model.Opener) (input, error) {
	s, err := sniffFile(path, op)
	if err != nil {
		return input{}, err
	}
	in := input{path: path, format: from, role: roleJudgments, sn: s}
	switch {
	case from == FormatPandaLM && s.role == rolePandaTestset:
		in.role = rolePandaTestset
	case from != FormatAuto:
	case haveMap && (s.role == roleUnknown || s.role == roleTabular):
		in.format = FormatColumns
	default:
		if s.role == roleUnknown {
			if err := jsonTableError(path, s, op); err != nil {
				return input{}, err
			}
		}
		if err := s.usable(path); err != nil {
			return input{}, err
		}
		in.format, in.role = s.format, s.role
	}
	return in, nil
}

// walkExts are the file names a folder walk looks at.
var walkExts = []string{".json", ".jsonl", ".json.gz", ".jsonl.gz"}

// walk lists the judge logs under dir, in lexical order: files whose
// content is a judge log (of format from, when given).
func walk(dir string, from Format, op *model.Opener) ([]input, int, error) {
	var out []input
	looked := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return fileError(path, "cannot read: "+err.Error())
		}
		lower := strings.ToLower(d.Name())
		exts := walkExts
		if from == FormatColumns {
			exts = slices.Concat(exts, []string{".csv", ".tsv", ".csv.gz", ".tsv.gz"})
		}
		if d.IsDir() || !slices.ContainsFunc(exts, func(e string) bool { return strings.HasSuffix(lower, e) }) {
			return nil
		}
		looked++
		s, err := sniffFile(path, op)
		if err != nil {
			return err
		}
		switch {
		case from == FormatColumns:
			out = append(out, input{path: path, format: FormatColumns, sn: s})
		case s.role != roleJudgments && s.role != rolePandaTestset:
		case from != FormatAuto && s.format != from:
		default:
			out = append(out, input{path: path, format: s.format, role: s.role})
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	// A PandaLM test set alone holds no verdicts.
	if !slices.ContainsFunc(out, func(in input) bool { return in.role == roleJudgments }) {
		out = nil
	}
	return out, looked, nil
}
