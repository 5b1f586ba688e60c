package collect

import (
	"testing"
)

// FuzzBatchResult feeds arbitrary results lines to the parser and to the
// answer reader behind it: no panic, a line is either refused or names a
// custom_id, and a failure it reports never stops a run.
func FuzzBatchResult(f *testing.F) {
	f.Add([]byte(`{"id":"b","custom_id":"x0-0123456789ab-q1","response":{"status_code":200,"request_id":"r","body":{"choices":[{"message":{"content":"A"},"logprobs":{"content":[{"token":"A","logprob":-0.1,"top_logprobs":[{"token":"A","logprob":-0.1},{"token":"B","logprob":-2.4}]}]}}],"usage":{"prompt_tokens":5,"completion_tokens":1}}},"error":null}`), false)
	f.Add([]byte(`{"id":"b","custom_id":"x1-0123456789ab-q1","response":null,"error":{"message":"boom"}}`), false)
	f.Add([]byte(`{"id":"b","custom_id":"x1-0123456789ab-q1","response":{"status_code":429,"body":"slow down"},"error":null}`), false)
	f.Add([]byte(`{"id":"b","custom_id":"x1-01234`), true)
	f.Add([]byte(`[1,2]`), false)
	cl := NewClient(ClientConfig{BaseURL: "http://127.0.0.1:1/v1", Model: "m"})
	r := Reader{IDs: IDs{"A", "B"}}
	f.Fuzz(func(t *testing.T, line []byte, last bool) {
		id, body, fail, err := parseBatchResult(line, last)
		switch {
		case err != nil:
			if id != "" || body != nil || fail != nil {
				t.Fatalf("a refused line gave %q %q %v", id, body, fail)
			}
			return
		case id == "":
			t.Fatal("an accepted line without custom_id")
		case fail != nil:
			if fail.Fatal || fail.retry {
				t.Fatalf("a batch failure that would stop or retry: %+v", fail)
			}
			return
		}
		if a, pf := cl.parse(body); pf == nil {
			o := r.Read(&a)
			if o.HasLP && !(o.P() >= 0 && o.P() <= 1) {
				t.Fatalf("P(A) %v", o.P())
			}
		}
	})
}
