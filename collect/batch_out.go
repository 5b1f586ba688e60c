package collect

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/plumb-eval/plumb/internal/atomicfile"
	"github.com/plumb-eval/plumb/model"
)

// OpenAI's Batch API limits of one input file.
const (
	BatchMaxLines = 50_000
	BatchMaxBytes = 200_000_000
)

// ErrOverInput is WriteBatch's refusal to write a batch file over one of
// its inputs or the output log.
var ErrOverInput = errors.New("plumb never writes over an input")

// BatchLimits bound one batch input file; a run's requests that exceed
// them are split into numbered files, never an item across two.
type BatchLimits struct {
	Lines int   // requests a file (≤ 0: no limit)
	Bytes int64 // bytes a file (≤ 0: no limit)
}

// BatchOut is what WriteBatch wrote.
type BatchOut struct {
	Files    []string // the files written, in order (none when every item is in the log)
	Requests int      // requests written
	Items    int      // items they ask for
	Skipped  int      // items already in the output log, not asked for
}

// batchURL is the relative URL of the run's requests in a batch file.
func (c *Client) batchURL() string {
	if c.cfg.Completions {
		return "/v1/completions"
	}
	return "/v1/chat/completions"
}

// customID names a request in a batch file: its condition's tag (only
// in a run whose records carry a condition, see conditionTag), its
// arrangement, the first 12 hex digits of the SHA-256 of its body, and the
// item's ID ("x0-1f2e3d4c5b6a-q17", in a grid "c9f86d081-x0-1f2e3d4c5b6a-
// q17"). The digest ties an answer to the exact request of this run: a
// results line of a run with another model, template or IDs does not
// match.
func (cfg *Config) customID(arr model.Arrangement, body []byte, id string) string {
	sum := sha256.Sum256(body)
	s := arr.String() + "-" + hex.EncodeToString(sum[:6]) + "-" + id
	if tag := conditionTag(cfg.Condition); tag != "" {
		s = tag + "-" + s
	}
	return s
}

// batchLine appends the batch input line of task t to buf: custom_id,
// method, url and exactly the body a live run posts (Config.request).
func (cfg *Config) batchLine(buf []byte, t task) ([]byte, error) {
	_, _, body, f := cfg.request(t)
	if f != nil {
		return buf, fmt.Errorf("item %q, arrangement %s: %w", cfg.Items[t.item].ID, t.arr, f)
	}
	return appendBatchLine(buf, cfg.customID(t.arr, body, cfg.Items[t.item].ID), cfg.Client.batchURL(), body)
}

// appendBatchLine appends a batch input line: custom_id, method, url and
// body, as given.
func appendBatchLine(buf []byte, customID, url string, body []byte) ([]byte, error) {
	id, err := json.Marshal(customID)
	if err != nil {
		return buf, err
	}
	buf = append(buf, `{"custom_id":`...)
	buf = append(buf, id...)
	buf = append(buf, `,"method":"POST","url":"`...)
	buf = append(buf, url...)
	buf = append(buf, `","body":`...)
	buf = append(buf, body...)
	return append(buf, "}\n"...), nil
}

// WriteBatch writes, as OpenAI Batch input lines, every request a live
// Run of cfg would send: each item not yet in cfg.Output (read, never
// changed) in each arrangement. Requests beyond lim are split into
// numbered files (name-001.jsonl, …), an item's requests never across
// two. Each file is written atomically; none may be one of inputs or the
// output log. Lines are made one at a time, twice (once to find where the
// files split), so memory does not grow with the number of requests.
func WriteBatch(cfg *Config, name string, lim BatchLimits, inputs []string) (BatchOut, error) {
	return WriteGridBatch([]*Config{cfg}, name, lim, inputs)
}

// writeBatchLines writes lines 0 … total-1, made by line, into name or,
// past lim, into numbered files, splitting only between groups (an
// item's requests): the group that starts at line i ends before next(i).
func writeBatchLines(name string, total int, next func(int) int, lim BatchLimits, line func([]byte, int) ([]byte, error), inputs []string) ([]string, error) {
	if total == 0 {
		return nil, nil
	}
	counts, err := batchSplit(total, next, lim, line)
	if err != nil {
		return nil, err
	}
	names := []string{name}
	if len(counts) > 1 {
		names = numbered(name, len(counts))
	}
	for _, n := range names {
		if atomicfile.IsInput(n, inputs) {
			return nil, fmt.Errorf("--batch-out %s is one of the inputs or the output log: %w", n, ErrOverInput)
		}
	}
	at := 0
	for k, n := range names {
		err := atomicfile.Write(n, func(w io.Writer) error {
			bw := bufio.NewWriterSize(w, 1<<16)
			var buf []byte
			for end := at + counts[k]; at < end; at++ {
				var err error
				if buf, err = line(buf[:0], at); err != nil {
					return err
				}
				if _, err := bw.Write(buf); err != nil {
					return err
				}
			}
			return bw.Flush()
		})
		if err != nil {
			return names[:k], fmt.Errorf("writing %s: %w", n, err)
		}
	}
	return names, nil
}

// batchSplit returns how many lines each file gets: as many whole groups
// as fit within lim. A group that alone exceeds lim is an error.
func batchSplit(total int, next func(int) int, lim BatchLimits, line func([]byte, int) ([]byte, error)) ([]int, error) {
	var counts []int
	var buf []byte
	lines, bytes := 0, int64(0)
	for g := 0; g < total; g = next(g) {
		gl, gb := 0, int64(0)
		for i := g; i < min(next(g), total); i++ {
			var err error
			if buf, err = line(buf[:0], i); err != nil {
				return nil, err
			}
			gl++
			gb += int64(len(buf))
		}
		if (lim.Lines > 0 && gl > lim.Lines) || (lim.Bytes > 0 && gb > lim.Bytes) {
			return nil, fmt.Errorf("one item's %d requests (%d bytes) exceed the limit of a batch file (%d lines, %d bytes)", gl, gb, lim.Lines, lim.Bytes)
		}
		if len(counts) == 0 || (lim.Lines > 0 && lines+gl > lim.Lines) || (lim.Bytes > 0 && bytes+gb > lim.Bytes) {
			counts = append(counts, 0)
			lines, bytes = 0, 0
		}
		counts[len(counts)-1] += gl
		lines += gl
		bytes += gb
	}
	return counts, nil
}

// numbered returns n file names made from name: requests.jsonl →
// requests-001.jsonl, requests-002.jsonl, ….
func numbered(name string, n int) []string {
	ext := filepath.Ext(name)
	if strings.HasSuffix(strings.ToLower(name), ".jsonl") {
		ext = name[len(name)-len(".jsonl"):]
	}
	stem := strings.TrimSuffix(name, ext)
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s-%03d%s", stem, i+1, ext)
	}
	return out
}

// readPrior returns the judge's records already in the log name, reading
// only: a missing file has none, and a last line without its newline is
// read when it is a whole record and left out when torn.
func readPrior(name, judge string, cond json.RawMessage) (Prior, error) {
	p := Prior{Done: map[string][model.NumArrangements]bool{}}
	lg, err := readPriorLog(name)
	if err != nil || lg == nil {
		return p, err
	}
	p.note(lg, judge, cond)
	return p, nil
}

// readPriorLog reads the log name as readPrior does, texts skipped; nil
// when there is none.
func readPriorLog(name string) (*model.Log, error) {
	if name == "" {
		return nil, nil
	}
	if err := CheckOutput(name); err != nil {
		return nil, err
	}
	f, err := os.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, &OutputError{name, err}
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() == 0 {
		return nil, nil
	}
	valid, err := lastNewline(f, st.Size())
	if err != nil {
		return nil, &OutputError{name, err}
	}
	if tail := st.Size() - valid; tail > 0 && tail <= maxTail {
		b := make([]byte, tail)
		if _, err := f.ReadAt(b, valid); err == nil || err == io.EOF {
			if json.Valid(b) {
				valid = st.Size()
			}
		}
	}
	if valid == 0 {
		return nil, nil
	}
	lg, err := model.Read(io.NewSectionReader(f, 0, valid), name, model.ReadOptions{SkipText: true})
	if err != nil {
		return nil, &OutputError{name, err}
	}
	return lg, nil
}
