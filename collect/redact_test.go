package collect

import (
	"strings"
	"testing"
)

// TestRedactor (issue 17 item 5): the key is redacted after decoding as
// well as in the raw bytes — JSON escapes (\/, \u00XX, twice escaped), URL
// escapes, another case — and credentials in the base URL are redacted
// wherever they appear. Before, only the raw key of a non-200 body was
// replaced, so `sk-te\/st…` reached stderr and the failures file.
func TestRedactor(t *testing.T) {
	const key = "sk-te/st-0123456789"
	r := NewRedactor(key, "http://alice:pw-secret-77@127.0.0.1:8000/v1?api_key=qk-1234567890&model=x")
	cases := []struct{ in, want string }{
		{"plain " + key + " end", "plain [API key] end"},
		{`json {"m":"sk-te\/st-0123456789"}`, `json {"m":"[API key]"}`},
		{`\u0073\u006B-te\/st-0123456789!`, `[API key]!`},
		{`twice {\"e\":\"\\u0073k-te\\/st-0123456789\"}`, `twice {\"e\":\"[API key]\"}`},
		{"url sk-te%2Fst-0123456789&x", "url [API key]&x"},
		{"upper SK-TE/ST-0123456789", "upper [API key]"},
		{"two " + key + key, "two [API key][API key]"},
		{"http://alice:pw-secret-77@host/v1", "http://alice:[credentials]@host/v1"},
		{"Basic YWxpY2U6cHctc2VjcmV0LTc3", "Basic [credentials]"},
		{"q=qk-1234567890", "q=[credentials]"},
		{"nothing here", "nothing here"},
		{`a lone \u00 and % and \ are kept`, `a lone \u00 and % and \ are kept`},
		{"", ""},
	}
	for _, c := range cases {
		if got := r.String(c.in); got != c.want {
			t.Errorf("String(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// Spellings normalisation finds, with nothing around them (no white
	// space in the text): fullwidth, a zero-width space inside.
	fw := strings.Map(func(r rune) rune { return r - '!' + 0xff01 }, key)
	for _, in := range []string{fw, key[:5] + "\u200b" + key[5:], "\uff53" + key[1:]} {
		if got := r.String(in); got != "[API key]" {
			t.Errorf("String(%q) = %q, want [API key]", in, got)
		}
	}
	// A user name is a secret when there is no password (a key given as
	// the user name).
	r = NewRedactor("", "https://sk-proj-abcdef123@api.example.com/v1")
	if got := r.String("Post \"https://sk-proj-abcdef123@api.example.com/v1/chat/completions\": EOF"); strings.Contains(got, "abcdef123") {
		t.Errorf("user-name key shown: %s", got)
	}
	// Short placeholders (vLLM's "EMPTY") are redacted only as whole
	// words, case-sensitively, so ordinary words stay readable.
	r = NewRedactor("EMPTY", "")
	if got := r.String("(empty body) key EMPTY, EMPTYING"); got != "(empty body) key [API key], EMPTYING" {
		t.Errorf("short key: %q", got)
	}
	// No secrets: strings are returned as they are.
	if got := NewRedactor("", "http://127.0.0.1:8000/v1").String("x " + key); got != "x "+key {
		t.Errorf("no secrets: %q", got)
	}
}

// FuzzRedactor: for any text around the key, spelled raw or escaped, the
// redacted text holds the key in no spelling its decoding (maxDecodes
// times over) reveals, and redacting never panics.
func FuzzRedactor(f *testing.F) {
	f.Add("a", "b", uint8(0))
	f.Add(`\`, "%", uint8(1))
	f.Add(`%`, `\u`, uint8(3))
	f.Fuzz(func(t *testing.T, before, after string, how uint8) {
		const key = "sk-fuzz-key-42"
		spellings := []string{key, `\u0073k-fuzz-key-42`, "sk%2Dfuzz-key-42", `sk\u002dfuzz\/-key-42`[:0] + `sk\u002dfuzz-key-42`, `\\u0073k-fuzz-key-42`}
		in := before + spellings[int(how)%len(spellings)] + after
		got := NewRedactor(key, "").String(in)
		v := view{text: []byte(got)}
		for level := 0; ; level++ {
			if strings.Contains(lowerASCII(string(v.text)), key) {
				t.Fatalf("%q → %q: level %d decodes to the key: %q", in, got, level, v.text)
			}
			if level == maxDecodes {
				break
			}
			next, changed := decode(&v)
			if !changed {
				break
			}
			v = next
		}
	})
}

// TestRedactorLongText: a key anywhere in a long body — across the
// boundary of the windows a long text is searched in, escaped — is found.
func TestRedactorLongText(t *testing.T) {
	const key = "sk-long-text-key-0042"
	r := NewRedactor(key, "")
	for _, at := range []int{0, window - 10, window - 64*len(key) - 10, 3*window + 7, 5 << 20} {
		for _, spelled := range []string{key, `\u0073k-long-text-key-0042`, `\\u0073k\\u002dlong-text-key-0042`} {
			body := strings.Repeat("x", at) + spelled + strings.Repeat("y", 1000)
			got := r.String(body)
			if strings.Contains(got, "0042") || strings.Count(got, "[API key]") != 1 || len(got) != len(body)-len(spelled)+len("[API key]") {
				t.Errorf("key at %d spelled %q: not redacted once", at, spelled)
			}
		}
	}
}
