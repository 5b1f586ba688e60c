package collect

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/plumb-eval/plumb/internal/textsafe"
)

// ClientConfig configures a Client.
type ClientConfig struct {
	BaseURL     string // e.g. http://127.0.0.1:8000/v1 (no trailing /chat/completions); its credentials are never shown
	APIKey      string // sent as "Authorization: Bearer KEY" when not empty; never shown or written
	Model       string
	Completions bool // use the legacy /completions endpoint
	TopLogprobs int  // top alternatives per position (OpenAI allows at most 20)
	MaxTokens   int
	Timeout     time.Duration // per request (each attempt)
	Retries     int           // further attempts after a retryable failure
	BackoffBase time.Duration // first back-off; doubles per attempt, with full jitter
	BackoffMax  time.Duration // longest back-off (a Retry-After may ask for more, up to MaxRetryAfter)
	RPS         float64       // requests per second over all workers; 0 = no limit
	HTTP        *http.Client  // nil: a client tuned for many concurrent requests (its redirect policy is replaced: see NewClient)
}

// MaxRetryAfter caps how long a server's Retry-After can make a request wait.
const MaxRetryAfter = 5 * time.Minute

// Client sends judge requests with retries and a rate limit. It is safe
// for concurrent use.
type Client struct {
	cfg   ClientConfig
	url   string
	http  *http.Client
	limit *limiter
	red   *Redactor
}

// NewClient returns a client for cfg. Its HTTP client follows a redirect
// only within the base URL's origin (scheme, host and port): a redirect to
// another origin is refused (reason "redirect", fatal), so the API key and
// the items' texts never go to a server other than the one named.
func NewClient(cfg ClientConfig) *Client {
	var h http.Client
	if cfg.HTTP != nil {
		h = *cfg.HTTP
	} else {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.MaxIdleConns = 1024
		tr.MaxIdleConnsPerHost = 1024
		h.Transport = tr
	}
	h.CheckRedirect = sameOriginRedirect
	endpoint := "/chat/completions"
	if cfg.Completions {
		endpoint = "/completions"
	}
	c := &Client{cfg: cfg, url: strings.TrimRight(cfg.BaseURL, "/") + endpoint, http: &h,
		red: NewRedactor(cfg.APIKey, cfg.BaseURL)}
	if cfg.RPS > 0 {
		c.limit = &limiter{interval: time.Duration(float64(time.Second) / cfg.RPS)}
	}
	return c
}

// Endpoint returns the URL requests go to, for display: its credentials
// are redacted and it is safe for a terminal.
func (c *Client) Endpoint() string { return textsafe.Line(c.red.String(c.url)) }

// Redact returns s with the API key and the base URL's credentials
// replaced (see Redactor). Every text collect shows or writes that could
// hold them goes through it.
func (c *Client) Redact(s string) string { return c.red.String(s) }

// clean makes f's message safe to show and write (cleanText).
func (c *Client) clean(f *Failure) *Failure {
	f.Msg = c.cleanText(f.Msg)
	return f
}

// cleanText returns s with secrets redacted, as one terminal-safe line.
func (c *Client) cleanText(s string) string { return textsafe.Line(c.red.String(s)) }

// Failure is why a request gave no answer. Reason is a short stable key
// used for counting: http-429, http-5xx, http-4xx, timeout, connection,
// malformed, empty-choices, context-length, unauthorized, not-found,
// redirect, unsupported, canceled; and from a read answer no-verdict,
// truncated. Fatal failures (unauthorized, not-found, redirect,
// unsupported) stop the run: every further request would fail the same
// way. Msg has the API key and the base URL's credentials redacted and is
// one terminal-safe line (textsafe.Line).
type Failure struct {
	Reason string
	Status int    // HTTP status, 0 when there was none
	Msg    string // detail (server's message, truncated), never the API key
	Fatal  bool
	retry  bool
	after  time.Duration // the server's Retry-After
	// gone: no HTTP server could be reached (refused, unknown host, TLS:
	// classifyConnect); a run stops after GiveUpAfter of these in a row.
	gone bool
}

func (f *Failure) Error() string {
	if f.Status != 0 {
		return fmt.Sprintf("%s (HTTP %d): %s", f.Reason, f.Status, f.Msg)
	}
	return fmt.Sprintf("%s: %s", f.Reason, f.Msg)
}

// Result is the outcome of one request with its retries.
type Result struct {
	Answer   Answer
	Attempts int
	Retries  int
}

// Do sends one prompt, retrying retryable failures with exponential
// back-off and full jitter (honouring Retry-After). A non-nil error is a
// *Failure.
func (c *Client) Do(ctx context.Context, system, user string) (Result, error) {
	return c.do(ctx, system, user, nil)
}

// do is Do that also adds each retry to *retries as it is made (a run's
// Stats.Retries, which the progress line shows while a request is still
// retrying), when retries is not nil.
func (c *Client) do(ctx context.Context, system, user string, retries *int64) (Result, error) {
	body, err := c.body(system, user)
	if err != nil {
		return Result{}, &Failure{Reason: "bad-request", Msg: err.Error()}
	}
	return c.doBody(ctx, body, retries)
}

// doBody sends a request body built by body (see do).
func (c *Client) doBody(ctx context.Context, body []byte, retries *int64) (Result, error) {
	var res Result
	for attempt := 0; ; attempt++ {
		res.Attempts = attempt + 1
		if c.limit != nil {
			if err := c.limit.wait(ctx); err != nil {
				return res, &Failure{Reason: "canceled", Msg: err.Error()}
			}
		}
		ans, f := c.once(ctx, body)
		if f == nil {
			res.Answer = ans
			return res, nil
		}
		if f.retry && ctx.Err() != nil { // a failure the server answered still counts
			return res, &Failure{Reason: "canceled", Msg: ctx.Err().Error()}
		}
		if !f.retry || attempt >= c.cfg.Retries {
			return res, f
		}
		res.Retries++
		if retries != nil {
			atomic.AddInt64(retries, 1)
		}
		wait := c.backoff(attempt)
		if f.after > wait {
			wait = min(f.after, MaxRetryAfter)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return res, &Failure{Reason: "canceled", Msg: ctx.Err().Error()}
		case <-t.C:
		}
	}
}

// backoff returns a full-jitter back-off: uniform on [0, min(max, base·2^attempt)].
func (c *Client) backoff(attempt int) time.Duration {
	d := c.cfg.BackoffBase << min(attempt, 30)
	if d <= 0 || d > c.cfg.BackoffMax {
		d = c.cfg.BackoffMax
	}
	if d <= 0 {
		return 0
	}
	return time.Duration(rand.Int64N(int64(d) + 1))
}

// body returns the request body of a prompt: the bytes a live run posts
// and a batch file carries (batch.go), built here only.
func (c *Client) body(system, user string) ([]byte, error) {
	if c.cfg.Completions {
		prompt := user
		if system != "" {
			prompt = system + "\n\n" + user
		}
		return json.Marshal(completionRequest{Model: c.cfg.Model, Prompt: prompt, MaxTokens: c.cfg.MaxTokens, Logprobs: c.cfg.TopLogprobs})
	}
	msgs := make([]chatMessage, 0, 2)
	if system != "" {
		msgs = append(msgs, chatMessage{"system", system})
	}
	msgs = append(msgs, chatMessage{"user", user})
	return json.Marshal(chatRequest{Model: c.cfg.Model, Messages: msgs, MaxTokens: c.cfg.MaxTokens,
		Logprobs: true, TopLogprobs: c.cfg.TopLogprobs})
}

// maxBody is the largest response body read.
const maxBody = 32 << 20

// once sends one attempt and parses the answer.
func (c *Client) once(ctx context.Context, body []byte) (Answer, *Failure) {
	data, f := c.raw(ctx, body)
	if f != nil {
		return Answer{}, f
	}
	return c.parse(data)
}

// parse reads the body of a 200 response in the shape of the client's
// endpoint; a body without a usable answer is a retryable failure.
func (c *Client) parse(data []byte) (Answer, *Failure) {
	var ans Answer
	var err error
	if c.cfg.Completions {
		ans, err = ParseCompletion(data)
	} else {
		ans, err = ParseChat(data)
	}
	switch {
	case errors.Is(err, ErrEmptyChoices):
		return Answer{}, &Failure{Reason: "empty-choices", Status: 200, Msg: "the response has no choices", retry: true}
	case err != nil:
		return Answer{}, c.clean(&Failure{Reason: "malformed", Status: 200, Msg: snippet([]byte(c.red.String(err.Error()))), retry: true})
	}
	return ans, nil
}

// sleepCtx sleeps for d or until ctx is done.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// raw sends one attempt and returns the body of a 200 response; a
// failure's message is cleaned (redacted, one safe line).
func (c *Client) raw(ctx context.Context, body []byte) ([]byte, *Failure) {
	data, f := c.send(ctx, body)
	if f != nil {
		return nil, c.clean(f)
	}
	return data, nil
}

// send sends one attempt and returns the body of a 200 response.
func (c *Client) send(ctx context.Context, body []byte) ([]byte, *Failure) {
	if c.cfg.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.cfg.Timeout)
		defer cancel()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return nil, &Failure{Reason: "bad-request", Msg: err.Error(), Fatal: true}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if c.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		var re *crossOriginError
		if errors.As(err, &re) {
			return nil, &Failure{Reason: "redirect", Status: re.status, Msg: re.Error(), Fatal: true}
		}
		return nil, transportFailure(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return nil, transportFailure(err)
	}
	if len(data) > maxBody {
		return nil, &Failure{Reason: "malformed", Status: resp.StatusCode, Msg: "response body over 32 MiB", retry: true}
	}
	if resp.StatusCode != http.StatusOK {
		// A server may echo the key, escaped or not: redact before the
		// message is decoded and cut to a snippet.
		data = c.red.Bytes(data)
		return nil, statusFailure(resp, data)
	}
	return data, nil
}

// transportFailure classifies an error of sending or reading: all are
// retried.
func transportFailure(err error) *Failure {
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return &Failure{Reason: "timeout", Msg: err.Error(), retry: true}
	}
	_, _, gone := classifyConnect(err)
	return &Failure{Reason: "connection", Msg: err.Error(), retry: true, gone: gone}
}

// statusFailure classifies a non-200 response. A context-length refusal
// and an unsupported parameter are not retried, whatever the status
// (llama.cpp answers HTTP 500 for the latter); an unsupported parameter
// stops the run, since every request carries it.
func statusFailure(resp *http.Response, data []byte) *Failure {
	st := resp.StatusCode
	msg := serverMessage(data)
	f := &Failure{Status: st, Msg: msg}
	lower := strings.ToLower(msg)
	switch {
	case st == http.StatusUnauthorized || st == http.StatusForbidden:
		f.Reason, f.Fatal = "unauthorized", true
		f.Msg = "the server refused the API key: " + msg
	case st == http.StatusNotFound:
		f.Reason, f.Fatal = "not-found", true
		f.Msg = "model or endpoint not found (check --model and --base-url): " + msg
	case st == http.StatusTooManyRequests:
		f.Reason, f.retry = "http-429", true
	case st == http.StatusRequestTimeout:
		f.Reason, f.retry = "timeout", true
	case isContextLength(lower):
		f.Reason = "context-length"
	case isUnsupported(st, lower):
		f.Reason, f.Fatal = "unsupported", true
		f.Msg = "the server refuses, for good, a parameter plumb sends: " + msg
	case st >= 500:
		f.Reason, f.retry = "http-5xx", true
	default:
		f.Reason = "http-4xx"
	}
	if f.retry {
		f.after = retryAfter(resp.Header.Get("Retry-After"))
	}
	return f
}

// retryAfter parses a Retry-After header: seconds or an HTTP date.
func retryAfter(v string) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 {
		return time.Duration(min(s, MaxRetryAfter.Seconds()) * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(time.Until(t), 0)
	}
	return 0
}

// serverMessage extracts the error message of an error body
// ({"error": {"message": …}} or {"error": "…"} or {"message": …}), or a
// snippet of the body.
func serverMessage(data []byte) string {
	var e struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
		Detail  any             `json:"detail"`
	}
	if json.Unmarshal(data, &e) == nil {
		var inner struct {
			Message string `json:"message"`
		}
		var s string
		switch {
		case json.Unmarshal(e.Error, &inner) == nil && inner.Message != "":
			return snippet([]byte(inner.Message))
		case json.Unmarshal(e.Error, &s) == nil && s != "":
			return snippet([]byte(s))
		case e.Message != "":
			return snippet([]byte(e.Message))
		case e.Detail != nil:
			return snippet(fmt.Append(nil, e.Detail))
		}
	}
	return snippet(data)
}

// snippet returns at most 200 bytes of b on one line.
func snippet(b []byte) string {
	s := strings.Join(strings.Fields(string(b)), " ")
	if len(s) > 200 {
		cut := 200
		for cut > 0 && !utf8.RuneStart(s[cut]) { // never split a character
			cut--
		}
		s = s[:cut] + "…"
	}
	if s == "" {
		s = "(empty body)"
	}
	return s
}

// limiter spaces requests evenly at a fixed rate.
type limiter struct {
	mu       sync.Mutex
	next     time.Time
	interval time.Duration
}

func (l *limiter) wait(ctx context.Context) error {
	l.mu.Lock()
	now := time.Now()
	t := l.next
	if t.Before(now) {
		t = now
	}
	l.next = t.Add(l.interval)
	l.mu.Unlock()
	d := time.Until(t)
	if d <= 0 {
		return ctx.Err()
	}
	tm := time.NewTimer(d)
	defer tm.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-tm.C:
		return nil
	}
}
