package collect

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// readPlainScores reads the plain score items file f, {"id", "criterion",
// "input", "output", "human_score"} records one after another, passing
// each to add; a record over max bytes is refused, read no further.
func readPlainScores(f string, max int64, add func(ScoreItem, string) error) error {
	r, closeFn, err := open(f)
	if err != nil {
		return err
	}
	defer closeFn()
	rc := &recordCap{r: r, max: max}
	dec := json.NewDecoder(rc)
	rc.start = dec.InputOffset
	for n := 1; ; n++ {
		var v struct {
			ID         json.RawMessage `json:"id"`
			Criterion  string          `json:"criterion"`
			Input      string          `json:"input"`
			Output     string          `json:"output"`
			HumanScore *float64        `json:"human_score"`
		}
		if err := dec.Decode(&v); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			if errors.Is(err, errRecordCap) {
				return &TooLargeError{Name: fmt.Sprintf("%s: record %d", f, n), What: "record", Limit: max}
			}
			return fmt.Errorf("%s: record %d: %w", f, n, err)
		}
		id, ok := plainID(v.ID)
		if !ok || strings.TrimSpace(v.Criterion) == "" || v.HumanScore == nil {
			return fmt.Errorf("%s: record %d: id, criterion and human_score are required", f, n)
		}
		if err := add(ScoreItem{ID: id, Criterion: v.Criterion, Input: v.Input, Output: v.Output, HumanScore: *v.HumanScore}, fmt.Sprintf("%s: record %d", f, n)); err != nil {
			return err
		}
	}
}

// errRecordCap is a record read past recordCap's limit.
var errRecordCap = errors.New("record over the limit")

// recordCap reads r for a JSON decoder and fails once more than max bytes
// have been read past the end of the last record decoded (start).
type recordCap struct {
	r     io.Reader
	read  int64
	max   int64
	start func() int64
}

func (c *recordCap) Read(p []byte) (int, error) {
	if c.start != nil && c.read-c.start() > c.max {
		return 0, errRecordCap
	}
	n, err := c.r.Read(p)
	c.read += int64(n)
	return n, err
}
