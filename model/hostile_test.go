package model

import (
	"strings"
	"testing"
)

// hostileKeys are JSON keys that try to drive the terminal showing an
// error (issue 17, item 7), written as JSON escapes, and the visible form
// the error must show instead.
var hostileKeys = []struct{ name, json, shown string }{
	{"OSC 52 clipboard", `\u001b]52;c;aGk=\u0007`, `\x1b]52;c;aGk=\x07`},
	{"terminal reset", `\u001bc`, `\x1bc`},
	{"OSC 8 link", `\u001b]8;;http://evil.example/\u001b\\link\u001b]8;;\u001b\\`, `\x1b]8;;http://evil.example/\x1b\link\x1b]8;;\x1b\`},
	{"C1 CSI", `\u009b31m`, `\u009b31m`},
	{"bidi override", `\u202egnp.exe`, `\u202egnp.exe`},
	{"newline", `a|b\n## X`, `a|b\x0a## X`},
}

// unsafeInError are what an error's text must never hold.
var unsafeInError = []string{"\x1b", "\x07", "\u009b", "\u202e", "\n", "\r"}

// hostileFile is an input file name holding an OSC 52 clipboard write.
const hostileFile = "runs\x1b]52;c;aGk=\x07.jsonl"

// checkErrorText asserts that err's text holds nothing a terminal acts on
// and names hostileFile as visible escapes.
func checkErrorText(t *testing.T, what string, err error) string {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: no error", what)
	}
	msg := err.Error()
	for _, bad := range unsafeInError {
		if strings.Contains(msg, bad) {
			t.Errorf("%s: raw %q in the error %q", what, bad, msg)
		}
	}
	if !strings.HasPrefix(msg, `runs\x1b]52;c;aGk=\x07.jsonl:1: `) {
		t.Errorf("%s: file name not shown escaped: %q", what, msg)
	}
	return msg
}

// TestErrorHostileKeys (issue 17, item 7): a JSON key (the field path of
// the error) and the file name reach the error text as visible escapes.
// Before the fix LineError.Error wrote them raw: an OSC 52 in a key wrote
// to the clipboard of whoever read the error, a newline forged a line.
func TestErrorHostileKeys(t *testing.T) {
	for _, c := range hostileKeys {
		t.Run(c.name, func(t *testing.T) {
			for _, tc := range []struct{ what, line, want string }{
				{"key in p_a", `{"kind":"pair","id":"p1","judge":"j","p_a":{"x0":0.5,"` + c.json + `":0.1}}`, "p_a." + c.shown + " is not"},
				{"key in truth", `{"kind":"pair","id":"p1","judge":"j","p_a":{"x0":0.5},"truth":{"` + c.json + `":"x"}}`, "truth." + c.shown + " = "},
				{"key of score_probs", `{"kind":"score","id":"s1","judge":"j","criterion":"c","score_probs":{"` + c.json + `":0.5},"human_score":1}`,
					"score_probs." + c.shown + " is not"},
			} {
				_, err := Read(strings.NewReader(tc.line+"\n"), hostileFile, ReadOptions{})
				if msg := checkErrorText(t, tc.what, err); !strings.Contains(msg, tc.want) {
					t.Errorf("%s: %q does not hold %q", tc.what, msg, tc.want)
				}
			}
		})
	}
}

// TestErrorHostileValues (issue 17, item 7): raw bytes of a value quoted
// in an error (a C1 CSI and a bidi override are valid in a JSON string; a
// raw ESC makes the line invalid JSON) are visible escapes.
func TestErrorHostileValues(t *testing.T) {
	for _, tc := range []struct{ what, line, want string }{
		{"C1 CSI in kind", "{\"kind\":\"\u009b31m\",\"id\":\"p1\",\"judge\":\"j\"}", `kind = "\u009b31m" is not`},
		{"bidi in kind", "{\"kind\":\"\u202egnp\",\"id\":\"p1\",\"judge\":\"j\"}", `kind = "\u202egnp" is not`},
		{"raw ESC", "{\"kind\":\"pair\",\"id\":\"\x1b]52;c;aGk=\x07\",\"judge\":\"j\"}", `\x1b`},
		{"raw ESC key", "{\"kind\":\"pair\",\"\x1bc\":1}", `\x1b`},
	} {
		_, err := Read(strings.NewReader(tc.line+"\n"), hostileFile, ReadOptions{})
		if msg := checkErrorText(t, tc.what, err); !strings.Contains(msg, tc.want) {
			t.Errorf("%s: %q does not hold %q", tc.what, msg, tc.want)
		}
	}
}
