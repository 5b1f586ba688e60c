package collect

import (
	"context"
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// freePort returns a loopback address where nothing listens: a listener
// is bound and closed.
func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}

// TestPreflightCannotConnect: a server that cannot be reached stops the
// pre-check at once with what went wrong and what to check (plumb collect
// against a port where nothing listens retried 156 times over 36 s). Real
// sockets on loopback; each case must answer within a second, network or
// not (the .invalid name is answered without a lookup, RFC 6761).
func TestPreflightCannotConnect(t *testing.T) {
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Write([]byte(`{"data":[{"id":"m"}]}`))
	}))
	defer plain.Close()
	tlsSrv := httptest.NewUnstartedServer(plain.Config.Handler)
	tlsSrv.Config.ErrorLog = log.New(io.Discard, "", 0) // the handshakes that fail on purpose
	tlsSrv.StartTLS()
	defer tlsSrv.Close()
	for _, tc := range []struct{ name, base, cause, hint string }{
		{"nothing listens", "http://" + freePort(t) + "/v1", "connection refused", "is the server running?"},
		{"unknown host", "http://judge.invalid:8000/v1", `unknown host "judge.invalid"`, "check the host name in --base-url"},
		{"https to a plain server", "https://" + plain.Listener.Addr().String() + "/v1", "TLS failure: the server does not speak TLS", "use http://"},
		{"http to a TLS server", "http://" + tlsSrv.Listener.Addr().String() + "/v1", "the server speaks HTTPS", "use https://"},
		{"untrusted certificate", tlsSrv.URL + "/v1", "TLS failure: the server's certificate is not trusted", "SSL_CERT_FILE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := NewClient(ClientConfig{BaseURL: tc.base, Model: "m", Timeout: time.Second, Retries: 6, BackoffBase: time.Second})
			begin := time.Now()
			w, err := c.Preflight(context.Background(), &IDs{"A", "B"}, false)
			var ce *ConnectError
			if !errors.As(err, &ce) {
				t.Fatalf("warnings %q, error %v; want a *ConnectError", w, err)
			}
			want := "cannot connect to " + tc.base + ": " + tc.cause
			if msg := err.Error(); !strings.HasPrefix(msg, want) || !strings.Contains(msg[strings.LastIndex(msg, " — "):], tc.hint) {
				t.Errorf("got  %s\nwant %s … — %s", msg, want, tc.hint)
			}
			if d := time.Since(begin); d > time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
	// A server that answers, even with an error, is reached: no error.
	c := NewClient(ClientConfig{BaseURL: plain.URL + "/v1", Model: "m", Timeout: time.Second})
	if w, err := c.Preflight(context.Background(), nil, false); err != nil || len(w) != 0 {
		t.Errorf("a listening server: warnings %q, error %v", w, err)
	}
}

// TestPreflightTimeoutNotFinal: a server that accepts the connection but
// does not answer within the pre-check's time is not refused: a warning,
// and the run's requests retry (a server loading a model answers late).
func TestPreflightTimeoutNotFinal(t *testing.T) {
	t.Parallel() // mostly waiting or reading: beside the llama.cpp tests
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { <-release }))
	defer slow.Close()
	defer close(release)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	w, err := NewClient(ClientConfig{BaseURL: slow.URL + "/v1", Model: "m"}).Preflight(ctx, nil, false)
	if err != nil || len(w) != 1 || !strings.Contains(w[0], "did not answer GET "+slow.URL+"/v1/models") {
		t.Errorf("warnings %q, error %v; want one warning", w, err)
	}
}

// TestClassifyConnect: the classes the pre-check finds final, on errors
// built as the transport returns them (a lookup that times out cannot be
// made on demand).
func TestClassifyConnect(t *testing.T) {
	for _, tc := range []struct {
		err   error
		final bool
		cause string
	}{
		{&net.DNSError{Name: "h", Err: "i/o timeout", IsTimeout: true}, true, `cannot look up host "h" (i/o timeout)`},
		{&net.OpError{Op: "dial", Err: &net.DNSError{Name: "h", Err: "no such host", IsNotFound: true}}, true, `unknown host "h"`},
		{&net.OpError{Op: "read", Err: errors.New("connection reset by peer")}, false, ""},
		{context.DeadlineExceeded, false, ""},
		{errors.New("EOF"), false, ""},
	} {
		cause, _, final := classifyConnect(tc.err)
		if final != tc.final || cause != tc.cause {
			t.Errorf("%v: final %v %q, want %v %q", tc.err, final, cause, tc.final, tc.cause)
		}
	}
}
