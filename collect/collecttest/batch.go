// Package collecttest holds the test helpers that collect's tests and
// cmd/plumb's share: the batch loop's engine, which reads the request
// files --batch-out writes and answers them one by one through a server,
// as OpenAI's Batch API would.
package collecttest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"testing"
)

// Request is one line of a batch request file.
type Request struct {
	CustomID string          `json:"custom_id"`
	Method   string          `json:"method"`
	URL      string          `json:"url"`
	Body     json.RawMessage `json:"body"` // as written, byte for byte
}

// ReadRequests reads the lines of batch request files, in order.
func ReadRequests(t testing.TB, names ...string) []Request {
	t.Helper()
	var out []Request
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			var r Request
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			out = append(out, r)
		}
		if err := sc.Err(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return out
}

// Answer posts each request to the server at root (its URL holds the
// /v1/… path) one by one, as a batch engine would, and returns the
// results lines in OpenAI's output format.
func Answer(t testing.TB, root string, reqs []Request) [][]byte {
	t.Helper()
	lines := make([][]byte, len(reqs))
	// A new connection per request: llama-server answers a kept-alive
	// one only after the client's delayed ACK (40 ms a request).
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	for i, r := range reqs {
		resp, err := client.Post(root+r.URL, "application/json", bytes.NewReader(r.Body))
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		id, _ := json.Marshal(r.CustomID)
		lines[i] = fmt.Appendf(nil, `{"id":"batch_req_%d","custom_id":%s,"response":{"status_code":%d,"request_id":"req_%d","body":%s},"error":null}`+"\n",
			i, id, resp.StatusCode, i, bytes.TrimSpace(body))
	}
	return lines
}

// WriteLines writes lines, joined, to the file name.
func WriteLines(t testing.TB, name string, lines [][]byte) {
	t.Helper()
	if err := os.WriteFile(name, bytes.Join(lines, nil), 0o644); err != nil {
		t.Fatal(err)
	}
}
