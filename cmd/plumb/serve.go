package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/plumb-eval/plumb/collect"
	"github.com/plumb-eval/plumb/collect/simserver"
	"github.com/plumb-eval/plumb/internal/textsafe"
	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/model/sim"
)

// Timeouts of the practice server's connections: a client has serveHeader
// to send a request's headers and serveRead for the whole request (the body
// is at most simserver.MaxBody, 8 MiB: seconds on any network); an idle
// keep-alive connection is closed after serveIdle.
const (
	serveHeader = 10 * time.Second
	serveRead   = time.Minute
	serveWrite  = time.Minute
	serveIdle   = 2 * time.Minute
)

// practiceServer returns cfg's simulated judges, reading the prompts of
// collect's built-in pair templates and of the template files named, so
// that it judges any pair items collect sends, not only its own.
func practiceServer(cfg sim.Config, templates []string) (*simserver.Server, error) {
	s, err := simserver.New(cfg)
	if err != nil {
		return nil, err
	}
	s.SetBiases(simserver.DefaultBiases())
	for _, name := range append(collect.IDTemplates(), templates...) {
		tp, err := collect.LoadTemplate(name)
		if err != nil {
			return nil, inputError{fmt.Errorf("--template: %w", err)}
		}
		err = s.AddTemplate(tp.Name, func(f simserver.Fields) (string, string, error) {
			return tp.Render(&collect.Prompt{Question: f.Question, First: f.First, Second: f.Second,
				FirstID: f.FirstID, SecondID: f.SecondID, ID1: f.ID1, ID2: f.ID2, Arrangement: f.Arrangement})
		})
		if err != nil {
			return nil, inputError{fmt.Errorf("--template: %w", err)}
		}
	}
	return s, nil
}

// newPracticeHTTP returns the HTTP server of plumb simulate --serve, with
// read timeouts so that a client that stops sending cannot hold a
// connection open.
func newPracticeHTTP(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: serveHeader, ReadTimeout: serveRead,
		WriteTimeout: serveWrite, IdleTimeout: serveIdle}
}

// exposure warns when the listener can be reached from other machines
// (every interface, or an address that is not loopback), and returns the
// local URL to give collect.
func exposure(w io.Writer, addr string, ln net.Listener) string {
	ta, ok := ln.Addr().(*net.TCPAddr)
	if !ok {
		return "http://" + ln.Addr().String() + "/v1"
	}
	port := strconv.Itoa(ta.Port)
	switch {
	case ta.IP.IsUnspecified():
		fmt.Fprintf(w, "warning: --serve %s listens on every network interface: any machine that can reach this one can use the simulated judges; --serve 127.0.0.1:%s serves this machine only\n", addr, port)
		return "http://127.0.0.1:" + port + "/v1"
	case !ta.IP.IsLoopback():
		fmt.Fprintf(w, "warning: --serve %s listens on %s, which other machines can reach; --serve 127.0.0.1:%s serves this machine only\n", addr, ta.IP, port)
	}
	return "http://" + ln.Addr().String() + "/v1"
}

// parseServeBiases reads --serve-bias: nil (the defaults) when none is
// given, none for "none".
func parseServeBiases(specs []string) ([]simserver.Bias, error) {
	if len(specs) == 0 {
		return nil, nil
	}
	out := []simserver.Bias{}
	for _, s := range specs {
		if strings.TrimSpace(s) == "none" {
			continue
		}
		b, err := simserver.ParseBias(s)
		if err != nil {
			return nil, fmt.Errorf("--serve-bias %q: %w", s, err)
		}
		out = append(out, b)
	}
	return out, nil
}

// serveSimulated serves cfg's simulated judges over the OpenAI-compatible
// API on addr until interrupted (plumb simulate --serve).
func serveSimulated(cmd *cobra.Command, addr string, cfg sim.Config, templates []string, biases []simserver.Bias) error {
	s, err := practiceServer(cfg, templates)
	if err != nil {
		return err
	}
	if biases != nil {
		s.SetBiases(biases)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--serve %s: %w", addr, err)
	}
	srv := newPracticeHTTP(s)
	// The server stops itself on SIGINT or SIGTERM (plumb's own handler,
	// which speaks of output files, then only cleans up) and exits with
	// 128 + the signal's number, saying it stopped serving.
	stateOf(cmd).serve.Store(true)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(ch)
	var got atomic.Value
	go func() {
		select {
		case sig := <-ch:
			got.Store(sig)
		case <-cmd.Context().Done():
		}
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}()
	url := exposure(cmd.ErrOrStderr(), addr, ln)
	fmt.Fprintf(cmd.ErrOrStderr(), "serving %s over %d pair items at %s (models: %s); pairs of any items rendered by %s are judged too; Ctrl-C stops\n",
		vocab.Plural(len(cfg.Judges), "simulated judge"), cfg.Pairs, url, textsafe.Line(strings.Join(s.Models(), ", ")), textsafe.Line(strings.Join(s.Templates(), ", ")))
	if bs := s.Biases(); len(bs) > 0 {
		parts := make([]string, len(bs))
		for i, b := range bs {
			parts[i] = b.String()
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "condition biases (added to every judge's logit as pos·f + tok): %s\n", textsafe.Line(strings.Join(parts, "; ")))
	}
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	if sig, ok := got.Load().(syscall.Signal); ok {
		return statusError{fmt.Errorf("stopped serving (%v)", sig), 128 + int(sig)}
	}
	return nil
}
