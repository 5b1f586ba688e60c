package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/plumb-eval/plumb/collect/simserver"
	"github.com/plumb-eval/plumb/model/sim"
)

// serveSimulated serves cfg's simulated judges over the OpenAI-compatible
// API on addr until interrupted (plumb simulate --serve).
func serveSimulated(cmd *cobra.Command, addr string, cfg sim.Config) error {
	s, err := simserver.New(cfg)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--serve %s: %w", addr, err)
	}
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}()
	fmt.Fprintf(cmd.ErrOrStderr(), "serving %s over %d pair items at http://%s/v1 (models: %s); Ctrl-C stops\n",
		plural(len(cfg.Judges), "simulated judge"), cfg.Pairs, ln.Addr(), strings.Join(s.Models(), ", "))
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
