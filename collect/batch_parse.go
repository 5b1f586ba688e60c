package collect

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
)

// batchResult is one line of an OpenAI Batch output file, as vLLM's
// run-batch and the OpenAI and Azure batch endpoints write it:
// {"id", "custom_id", "response": {"status_code", "request_id", "body"},
// "error"}.
type batchResult struct {
	ID       string `json:"id"`
	CustomID string `json:"custom_id"`
	Response *struct {
		StatusCode *int            `json:"status_code"`
		RequestID  string          `json:"request_id"`
		Body       json.RawMessage `json:"body"`
	} `json:"response"`
	Error json.RawMessage `json:"error"`
}

// errTorn is a last line cut short (no newline, not whole JSON).
var errTorn = errors.New("a last line cut short (no newline and not whole JSON): the file was not written to its end")

// parseBatchResult reads one results line (without its newline; last
// says it had none). It returns the line's custom_id and either the
// response body of an answered request or the failure the line reports:
// an error, a non-200 status (classified as a live answer of that status
// would be, but never stopping the run) or no response. A line that is
// no results line at all is an error.
func parseBatchResult(line []byte, last bool) (id string, body []byte, f *Failure, err error) {
	line = bytes.TrimSpace(line)
	var r batchResult
	if err := json.Unmarshal(line, &r); err != nil {
		if last && !json.Valid(line) {
			return "", nil, nil, errTorn
		}
		return "", nil, nil, fmt.Errorf("not a batch results line: %w", err)
	}
	if r.CustomID == "" {
		return "", nil, nil, errors.New("the line has no custom_id")
	}
	if e := bytes.TrimSpace(r.Error); len(e) > 0 && !bytes.Equal(e, []byte("null")) {
		return r.CustomID, nil, &Failure{Reason: "batch-error", Msg: serverMessage(wrapError(e))}, nil
	}
	if r.Response == nil {
		return r.CustomID, nil, &Failure{Reason: "batch-error", Msg: "the line has neither a response nor an error"}, nil
	}
	status := http.StatusOK // vLLM's default
	if r.Response.StatusCode != nil {
		status = *r.Response.StatusCode
	}
	if status != http.StatusOK {
		f := statusFailure(&http.Response{StatusCode: status, Header: http.Header{}}, r.Response.Body)
		f.Fatal, f.retry = false, false
		return r.CustomID, nil, f, nil
	}
	return r.CustomID, r.Response.Body, nil, nil
}

// wrapError makes a line's error field readable by serverMessage, which
// takes {"error": …} bodies.
func wrapError(e []byte) []byte {
	return append(append([]byte(`{"error":`), e...), '}')
}
