package collect

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// keySpellings are the ways a hostile server spells hostileKey back
// (issue 32 item 5): each as it appears inside a JSON string.
func keySpellings() map[string]string {
	k := hostileKey
	fullwidth := strings.Map(func(r rune) rune {
		if '!' <= r && r <= '~' {
			return r - '!' + 0xff01
		}
		return r
	}, k)
	insert := func(s, sep string) string { // sep after every 3 bytes
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			if i > 0 && i%3 == 0 {
				b.WriteString(sep)
			}
			b.WriteByte(s[i])
		}
		return b.String()
	}
	uEsc := func(s string) string { // every character as \uXXXX
		var b strings.Builder
		for _, r := range s {
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		return b.String()
	}
	jsonString := func(s string) string { b, _ := json.Marshal(s); return string(b[1 : len(b)-1]) }
	escaped := uEsc(k)
	for range 4 { // escaped five times over in all
		escaped = jsonString(escaped)
	}
	return map[string]string{
		"base64 std":             base64.StdEncoding.EncodeToString([]byte(k)),
		"base64 url":             base64.URLEncoding.EncodeToString([]byte("Bearer " + k)),
		"base64 raw, offset 2":   base64.RawStdEncoding.EncodeToString([]byte("k=" + k)),
		"base64 wrapped":         insert(base64.StdEncoding.EncodeToString([]byte("x"+k)), `\n`),
		"hex":                    hex.EncodeToString([]byte(k)),
		"hex upper":              strings.ToUpper(hex.EncodeToString([]byte(k))),
		"zero-width space":       insert(k, "\u200b"),
		"zero-width as \\u":      insert(k, `\u200b\u2060`),
		"soft hyphen":            insert(k, "\u00ad"),
		"fullwidth":              fullwidth,
		"fullwidth as \\u":       uEsc(fullwidth),
		"split by a newline":     k[:9] + `\n` + k[9:],
		"split by CRLF + spaces": k[:5] + `\r\n   ` + k[5:],
		"escaped five times":     escaped,
		"everything at once":     jsonString(uEsc(insert(fullwidth, "\u00ad\n"))),
	}
}

// leaksKey reports the spelling of hostileKey found in s by a decoding
// independent of the Redactor's: JSON escapes undone (strconv) up to
// eight times, ignorable characters and white space removed, NFKC,
// lower-cased; then the key, its hex, and any 12 characters of its
// base64 at each offset, in either alphabet.
func leaksKey(s string) string {
	esc := regexp.MustCompile(`\\(u[0-9a-fA-F]{4}|[nrtbf"\\/])`)
	t := s
	for range 8 {
		t = esc.ReplaceAllStringFunc(t, func(m string) string {
			u, err := strconv.Unquote(`"` + m + `"`)
			if err != nil {
				return m // \/ is no Go escape
			}
			return u
		})
		t = strings.ReplaceAll(t, `\/`, "/")
	}
	t = strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) {
			return -1
		}
		return r
	}, t)
	t = strings.ToLower(norm.NFKC.String(t))
	if strings.Contains(t, strings.ToLower(hostileKey)) {
		return "the key"
	}
	if strings.Contains(t, hex.EncodeToString([]byte(hostileKey))) {
		return "its hex"
	}
	for _, pre := range []string{"", "x", "xy"} {
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
			b := strings.ToLower(enc.EncodeToString([]byte(pre + hostileKey)))
			for i := 4; i+12 <= len(b)-4; i++ {
				if strings.Contains(t, b[i:i+12]) {
					return "its base64 " + b[i:i+12]
				}
			}
		}
	}
	return ""
}

// TestKeySpellings: a hostile server on loopback answers every request
// with a 400 whose message spells the API key otherwise — base64 (at
// each offset, either alphabet, padded or not, wrapped), hex, with
// zero-width characters or soft hyphens inside, fullwidth, split by a
// newline, escaped five times over. Neither the run's error, summary and
// progress (stderr) nor the failures file shows it; each failure message
// keeps the server's words around "[API key]". Before, every spelling
// but the raw and three-times-escaped ones was shown and written.
func TestKeySpellings(t *testing.T) {
	for name, spelled := range keySpellings() {
		t.Run(name, func(t *testing.T) {
			ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(http.StatusBadRequest)
				io.WriteString(w, `{"error":{"message":"bad key «`+spelled+`» (check it)"}}`)
			}))
			defer ts.Close()
			var progress syncBuffer
			cfg := hostileConfig(t, ts.URL+"/v1", hostileItems(1), &progress)
			var st Stats
			prior, err := Run(context.Background(), cfg, &st)
			errText := ""
			if err != nil {
				errText = err.Error()
			}
			raw, _ := os.ReadFile(cfg.Output + ".failures.jsonl")
			texts := map[string]string{"error": errText, "summary": Summary(&st, prior, time.Second),
				"progress": progress.String(), "failures file": string(raw)}
			fails := failureLines(t, cfg.Output+".failures.jsonl")
			if len(fails) != 4 {
				t.Fatalf("%d failure lines, want 4", len(fails))
			}
			for i, f := range fails {
				msg := fmt.Sprint(f["message"])
				texts[fmt.Sprintf("failure %d", i)] = msg
				if !strings.Contains(msg, "bad key «") || !strings.Contains(msg, "[API key]") || !strings.Contains(msg, "» (check it)") {
					t.Errorf("failure message %q: want the server's words around [API key]", msg)
				}
			}
			for where, s := range texts {
				if how := leaksKey(s); how != "" {
					t.Errorf("%s shows %s: %s", where, how, s)
				}
			}
		})
	}
}
