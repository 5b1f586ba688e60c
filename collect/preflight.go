package collect

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/plumb-eval/plumb/internal/textsafe"
)

// Before a run: what the server can say about the model name and the IDs.
// llama.cpp's server answers any model name with the one model it serves
// and lists that model's file path in /v1/models, so a wrong --model goes
// unnoticed there; and an ID the model's tokenizer splits into several
// tokens ("Tom" = " T" + "om" for TinyStories) can never be the answer
// token. llama.cpp and vLLM have a tokenizer endpoint (POST /tokenize at
// the server's root) that shows the split.

// PreflightTimeout bounds all of Preflight's requests together.
const PreflightTimeout = 10 * time.Second

// maxListed is how many of the server's model names a warning quotes.
const maxListed = 5

// Preflight asks the server, before a run, whether it lists the model
// (GET BASE/models) and, when ids is not nil and the server has a
// tokenizer endpoint (POST ROOT/tokenize, ROOT being BASE without its /v1),
// whether each ID is one token. It returns warnings, one line each,
// sanitised for a terminal. A server that cannot be reached at all (the
// connection refused, the host unknown, a TLS failure: see reach.go) is a
// *ConnectError and the run should not start; a server that answers
// anything, even an error, gives at most a warning: the run itself reports
// its failures.
func (c *Client) Preflight(ctx context.Context, ids *IDs, caseSensitive bool) ([]string, error) {
	ctx, cancel := context.WithTimeout(ctx, PreflightTimeout)
	defer cancel()
	names, w, err := c.reach(ctx)
	if err != nil {
		return nil, err
	}
	if msg := c.checkModel(names); msg != "" {
		w = append(w, msg)
	}
	if ids != nil {
		w = append(w, c.checkIDs(ctx, *ids, caseSensitive)...)
	}
	return w, nil
}

// reach asks GET BASE/models once and returns the names it lists (nil
// when none), a warning when the request failed in a way that is not
// final, or the *ConnectError of a server that cannot be reached.
func (c *Client) reach(ctx context.Context) ([]string, []string, error) {
	if u, err := url.Parse(c.base()); err == nil && reservedInvalid(u.Hostname()) {
		dns := &net.DNSError{Name: u.Hostname(), Err: "no such host", IsNotFound: true}
		return nil, nil, c.connectError(dns)
	}
	status, data, err := c.request(ctx, http.MethodGet, c.base()+"/models", nil)
	switch {
	case err != nil && ctx.Err() != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded):
		return nil, nil, nil // cancelled: the run stops on its own
	case err != nil:
		if ce := c.connectError(err); ce != nil {
			return nil, nil, ce
		}
		return nil, []string{fmt.Sprintf("warning: the server did not answer GET %s/models (%s); starting the run, whose requests are retried",
			c.cleanText(c.base()), c.cleanText(errText(err)))}, nil
	case plainToTLS(status, data):
		return nil, nil, &ConnectError{URL: c.cleanText(c.base()), Cause: "the server speaks HTTPS (it answered HTTP 400 to a plain request)",
			Hint: "use https:// in --base-url"}
	case status != http.StatusOK:
		return nil, nil, nil
	}
	return modelNames(data), nil, nil
}

// base returns the base URL without a trailing slash.
func (c *Client) base() string { return strings.TrimRight(c.cfg.BaseURL, "/") }

// get sends one request (no retries) and returns the body of a 200 answer.
func (c *Client) get(ctx context.Context, method, url string, body any) ([]byte, bool) {
	status, data, err := c.request(ctx, method, url, body)
	if err != nil || status != http.StatusOK {
		return nil, false
	}
	return data, true
}

// request sends one request (no retries) and returns its status and body
// (at most 4 MiB), or the error of sending it or reading the answer.
func (c *Client) request(ctx context.Context, method, url string, body any) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return 0, nil, err
	}
	return resp.StatusCode, data, nil
}

// ListModels returns the model names the server lists at BASE/models, and
// false when it lists none or cannot be asked.
func (c *Client) ListModels(ctx context.Context) ([]string, bool) {
	data, ok := c.get(ctx, http.MethodGet, c.base()+"/models", nil)
	if !ok {
		return nil, false
	}
	names := modelNames(data)
	return names, names != nil
}

// modelNames reads the names of a /models answer, nil when it lists none.
func modelNames(data []byte) []string {
	var r struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	if json.Unmarshal(data, &r) != nil || len(r.Data) == 0 {
		return nil
	}
	names := make([]string, len(r.Data))
	for i, d := range r.Data {
		names[i] = d.ID
	}
	return names
}

// checkModel warns when the server lists models and --model is not one.
func (c *Client) checkModel(names []string) string {
	if names == nil || slices.Contains(names, c.cfg.Model) {
		return ""
	}
	quoted := make([]string, 0, maxListed+1)
	for i, n := range names {
		if i == maxListed {
			quoted = append(quoted, fmt.Sprintf("and %d more", len(names)-maxListed))
			break
		}
		quoted = append(quoted, strconv.Quote(textsafe.Line(n)))
	}
	return fmt.Sprintf("warning: the server does not list model %s (its /models lists %s); llama.cpp's server answers "+
		"any name with the model it serves, other servers refuse an unknown one (HTTP 404). The name is written to every record: "+
		"pass the listed name to --model, or --judge-name for the log",
		strconv.Quote(textsafe.Line(c.cfg.Model)), strings.Join(quoted, ", "))
}

// tokenization is what a tokenizer endpoint said about one text.
type tokenization struct {
	n      int      // tokens
	pieces []string // their texts, nil when the server gave only ids
}

// tokenize asks ROOT/tokenize how the server's model splits s. The body
// carries the fields of llama.cpp's server (content, add_special,
// with_pieces) and of vLLM's (model, prompt, add_special_tokens,
// return_token_strs); each ignores the other's.
func (c *Client) tokenize(ctx context.Context, root, s string) (tokenization, bool) {
	body := map[string]any{"content": s, "add_special": false, "with_pieces": true,
		"model": c.cfg.Model, "prompt": s, "add_special_tokens": false, "return_token_strs": true}
	data, ok := c.get(ctx, http.MethodPost, root+"/tokenize", body)
	if !ok {
		return tokenization{}, false
	}
	var r struct {
		Tokens    []json.RawMessage `json:"tokens"`
		TokenStrs []string          `json:"token_strs"`
	}
	if json.Unmarshal(data, &r) != nil || len(r.Tokens) == 0 {
		return tokenization{}, false
	}
	t := tokenization{n: len(r.Tokens)}
	pieces := make([]string, 0, len(r.Tokens))
	for _, raw := range r.Tokens {
		var p struct {
			Piece json.RawMessage `json:"piece"`
		}
		var s string
		if json.Unmarshal(raw, &p) == nil && json.Unmarshal(p.Piece, &s) == nil {
			pieces = append(pieces, s)
		}
	}
	switch {
	case len(pieces) == len(r.Tokens):
		t.pieces = pieces
	case len(r.TokenStrs) == len(r.Tokens):
		t.pieces = r.TokenStrs
	}
	return t, true
}

// checkIDs warns about each ID the server's tokenizer shows to be several
// tokens: neither the ID nor the ID after a space has a token of its own
// (a token that is the ID with decoration, as the answer reader matches).
// Without pieces, one token for either text shows an ID to be one token
// and anything else proves nothing.
func (c *Client) checkIDs(ctx context.Context, ids IDs, caseSensitive bool) []string {
	base := c.base()
	root := strings.TrimSuffix(base, "/v1")
	if root == base {
		return nil // the tokenizer endpoint's place is known only beside /v1
	}
	r := Reader{IDs: ids, CaseSensitive: caseSensitive}
	var w []string
	for k, id := range ids {
		var splits []string
		single, known := false, true
		for _, text := range []string{id, " " + id} {
			t, ok := c.tokenize(ctx, root, text)
			if !ok {
				return w // no tokenizer here
			}
			if t.n == 1 {
				single = true
			}
			if t.pieces == nil {
				known = false
				continue
			}
			for _, p := range t.pieces {
				if r.match(p) == k+1 {
					single = true
				}
			}
			q := make([]string, len(t.pieces))
			for i, p := range t.pieces {
				q[i] = strconv.Quote(textsafe.Line(p))
			}
			splits = append(splits, fmt.Sprintf("%s → %s", strconv.Quote(textsafe.Line(text)), strings.Join(q, " ")))
		}
		if single || !known {
			continue
		}
		w = append(w, fmt.Sprintf("warning: the server's tokenizer splits the ID %s into several tokens (%s): it can never be the answer token, "+
			"so P(%s) reads as 1 whenever %[3]s is among the alternatives. Choose IDs the model writes as one token each (A,B or 1,2)",
			strconv.Quote(textsafe.Line(id)), strings.Join(splits, "; "), strconv.Quote(textsafe.Line(ids[1-k]))))
	}
	return w
}
