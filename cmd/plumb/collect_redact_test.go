package main

import (
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCollectKeySpellingsRedacted (issue 32 item 5): a server that echoes
// the key as base64, hex, fullwidth, with a zero-width space inside or
// split by a newline gets none of those spellings shown on stderr, in the
// error or in the failures file; each is replaced by [API key].
func TestCollectKeySpellingsRedacted(t *testing.T) {
	const key = "sk-cmd-spell-27182818"
	fullwidth := strings.Map(func(r rune) rune { return r - '!' + 0xff01 }, key)
	spellings := []string{
		base64.StdEncoding.EncodeToString([]byte(key)),
		hex.EncodeToString([]byte(key)),
		fullwidth,
		key[:6] + "\u200b" + key[6:],
		key[:6] + "\u00ad" + key[6:],
	}
	msg := strings.Join(spellings, " | ") + ` | ` + key[:6] + `\n` + key[6:]
	items := plainItems(t, 2, "")
	base := answerServer(t, "Q", http.StatusBadRequest, func(*http.Request) string {
		return `{"error":{"message":"` + msg + `"}}`
	})
	t.Setenv("PLUMB_TEST_KEY", key)
	out := filepath.Join(t.TempDir(), "judged.jsonl")
	_, stderr, err := executeStderr(t, "collect", items, "--base-url", base, "--model", "m", "--api-key-env", "PLUMB_TEST_KEY",
		"-o", out, "--retries", "0")
	if err == nil || exitCode(err) != exitIncomplete {
		t.Fatalf("error %v, want exit 3", err)
	}
	fails, _ := os.ReadFile(out + ".failures.jsonl")
	for where, s := range map[string]string{"stderr": stderr, "error": err.Error(), "failures": string(fails)} {
		for _, sp := range append(spellings, key[6:], "spell-2718") {
			if strings.Contains(s, sp) {
				t.Errorf("%s shows %q:\n%s", where, sp, s)
			}
		}
	}
	if n := strings.Count(string(fails), "[API key]"); n < 6*8 {
		t.Errorf("failures file: [API key] %d times, want 6 in each of 8 lines:\n%s", n, fails)
	}
}
