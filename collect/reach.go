package collect

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"syscall"
)

// What is final at the pre-check. Before the first judge request,
// Preflight asks GET BASE/models once. When that request cannot reach an
// HTTP server at all — the connection is refused, the host is unknown or
// unreachable, the TLS handshake fails, or an HTTPS server is asked over
// http:// — every request of the run would fail the same way, and
// retrying them (with back-off, for minutes) only hides that: Preflight
// returns a *ConnectError and the run does not start. A timeout or a
// connection reset there is not final (a server loading a model may
// answer late), and any HTTP answer, whatever its status, shows a server
// listening. During the run every transport failure is retried (a server
// that restarts mid-run comes back); see docs/collect.md.

// ConnectError is the pre-check's failure to reach the server: the base
// URL (credentials redacted), what went wrong and what to check. Its
// message is one terminal-safe line.
type ConnectError struct {
	URL   string // the base URL, redacted and terminal-safe
	Cause string // "connection refused", "unknown host \"x.invalid\"", …
	Hint  string // what to check: "is the server running?"
	Err   error  // the transport's error
}

func (e *ConnectError) Error() string {
	return fmt.Sprintf("cannot connect to %s: %s — %s", e.URL, e.Cause, e.Hint)
}

func (e *ConnectError) Unwrap() error { return e.Err }

// connectError returns the *ConnectError of a transport error of the
// pre-check's request, or nil when err is not final there (a timeout, a
// reset, a cancelled context).
func (c *Client) connectError(err error) *ConnectError {
	cause, hint, final := classifyConnect(err)
	if !final {
		return nil
	}
	return &ConnectError{URL: c.cleanText(c.base()), Cause: c.cleanText(cause), Hint: hint, Err: err}
}

// classifyConnect says whether a transport error means no HTTP server can
// be reached, and in words what happened and what to check.
func classifyConnect(err error) (cause, hint string, final bool) {
	var dns *net.DNSError
	var cv *tls.CertificateVerificationError
	var rh tls.RecordHeaderError
	var alert tls.AlertError
	var op *net.OpError
	switch {
	case err == nil:
		return "", "", false
	case errors.As(err, &dns):
		if dns.IsNotFound {
			return "unknown host " + strconv.Quote(dns.Name), "check the host name in --base-url", true
		}
		return "cannot look up host " + strconv.Quote(dns.Name) + " (" + dns.Err + ")", "is the network up?", true
	case errors.As(err, &cv):
		return "TLS failure: the server's certificate is not trusted (" + cv.Err.Error() + ")",
			"use a certificate the system trusts, or name its CA in SSL_CERT_FILE", true
	case errors.As(err, &rh), strings.Contains(err.Error(), "server gave HTTP response to HTTPS client"):
		return "TLS failure: the server does not speak TLS", "use http:// in --base-url", true
	case errors.As(err, &alert), strings.Contains(err.Error(), "tls: "):
		return "TLS failure (" + errText(err) + ")", "check the server's TLS setup and the scheme of --base-url", true
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused", "is the server running?", true
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return "host unreachable (" + errText(err) + ")", "is the network up, and the host in --base-url right?", true
	case errors.As(err, &op) && op.Op == "dial" && !op.Timeout():
		return errText(err), "is the server running?", true // a refusal on a system whose errno is another
	}
	var ue *url.Error
	if errors.As(err, &ue) && !ue.Timeout() && strings.Contains(ue.Err.Error(), "unsupported protocol scheme") {
		return ue.Err.Error(), "--base-url starts with http:// or https://", true
	}
	return "", "", false
}

// errText is the innermost useful part of a transport error: without
// the "Post URL:" prefix of *url.Error (the URL is shown once, redacted).
func errText(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		return op.Err.Error()
	}
	return err.Error()
}

// plainToTLS reports whether an HTTP 400 body is an HTTPS server's answer
// to a plain http:// request (Go's net/http and nginx say so in words).
func plainToTLS(status int, body []byte) bool {
	if status != 400 {
		return false
	}
	b := strings.ToLower(string(body))
	return strings.Contains(b, "http request to an https server") || strings.Contains(b, "plain http request was sent to https port")
}

// reservedInvalid reports whether host is under .invalid, which RFC 6761
// §6.4 reserves to resolve nowhere: resolvers should answer at once, but
// one without a network may instead wait for its timeout, so plumb
// answers for it.
func reservedInvalid(host string) bool {
	h := strings.TrimSuffix(strings.ToLower(host), ".")
	return h == "invalid" || strings.HasSuffix(h, ".invalid")
}
