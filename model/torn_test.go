package model

import (
	"strings"
	"testing"
)

// TestTornLastLine (issue 32 item 7): a last line without a newline that
// ends inside a record — what a collect cut off by a full disk or a kill
// leaves — is named as such, with the way to repair it (re-run collect);
// the same cut line followed by a newline keeps the one-object-per-line
// message.
func TestTornLastLine(t *testing.T) {
	const head = `{"kind":"pair","id":"a","judge":"j","p_a":{"x0":0.5,"x1":0.5}}` + "\n"
	const cut = `{"kind":"pair","id":"b","judge":"j","p_a":{"x0":0`
	_, err := Read(strings.NewReader(head+cut), "t.jsonl", ReadOptions{})
	if err == nil || !strings.HasPrefix(err.Error(), "t.jsonl:2: ") || !strings.Contains(err.Error(), "last line has no newline and ends inside a record") ||
		!strings.Contains(err.Error(), "re-running the same plumb collect command repairs it") {
		t.Errorf("torn last line: %v", err)
	}
	_, err = Read(strings.NewReader(head+cut+"\n"+head), "t.jsonl", ReadOptions{})
	if err == nil || !strings.Contains(err.Error(), "each record must be one JSON object on one line") || strings.Contains(err.Error(), "re-running") {
		t.Errorf("cut line inside the file: %v", err)
	}
}
