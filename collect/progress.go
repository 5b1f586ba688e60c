package collect

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/plumb-eval/plumb/internal/textsafe"
)

// Progress reports a run's progress: on a terminal one line redrawn in
// place (a bar, done/total, rate, ETA, tokens, retries, failures), else a
// plain line every Every. The bar is drawn with block characters rather
// than bubbles/progress, which would add a module (harmonica, for a spring
// animation) to go.mod for nothing a redrawn line needs.
type Progress struct {
	W        io.Writer
	Terminal bool
	Every    time.Duration // plain-line interval (default 10 s); the terminal line redraws every 200 ms
	Label    string
	Width    int // terminal width: the redrawn line is cut to fit (0: no limit)
	// Redact, when set, is applied to every line (the client's Redact);
	// each line is also made terminal-safe (textsafe.Line).
	Redact func(string) string
	// Stall is the least time without an answer after which the ETA gives
	// way to how long none has come (0: StallAfter).
	Stall time.Duration

	st    *Stats
	begin time.Time
	quit  chan struct{}
	wg    sync.WaitGroup
}

func (p *Progress) start(st *Stats) {
	p.st, p.begin, p.quit = st, time.Now(), make(chan struct{})
	every := p.Every
	if every <= 0 {
		every = 10 * time.Second
	}
	if p.Terminal {
		every = 200 * time.Millisecond
	}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-p.quit:
				if p.Terminal {
					fmt.Fprintf(p.W, "\r\x1b[K%s\n", p.line())
				}
				return
			case <-t.C:
				if p.Terminal {
					fmt.Fprintf(p.W, "\r\x1b[K%s", p.line())
				} else {
					fmt.Fprintln(p.W, p.line())
				}
			}
		}
	}()
}

func (p *Progress) stop() {
	close(p.quit)
	p.wg.Wait()
}

// StallAfter is the default Progress.Stall. The wait is also at least 3
// times the mean time between answers so far, for a slow judge.
const StallAfter = 10 * time.Second

// line formats the current state.
func (p *Progress) line() string { return p.lineAt(time.Now()) }

// lineAt formats the state at now. A redrawn line that is wider than the
// terminal drops the bar, then the tokens, before it is cut, so that the
// ETA and the retries stay in view at 80 columns.
func (p *Progress) lineAt(now time.Time) string {
	st := p.st
	done, total := atomic.LoadInt64(&st.Done), st.Requests
	el := now.Sub(p.begin)
	rate := float64(done) / max(el.Seconds(), 1e-9)
	pct := 100.0
	if total > 0 {
		pct = 100 * float64(done) / float64(total)
	}
	bar := ""
	if p.Terminal {
		const width = 20
		fill := int(pct / 100 * width)
		bar = "[" + strings.Repeat("█", fill) + strings.Repeat("░", width-fill) + "]"
	}
	counts := fmt.Sprintf("%d/%d requests (%.1f%%)", done, total, pct)
	parts := []string{p.Label, bar, counts, fmt.Sprintf("· %.0f/s", rate), "· " + p.eta(now, rate),
		fmt.Sprintf("· %s tokens", fmtCount(atomic.LoadInt64(&st.PromptTok)+atomic.LoadInt64(&st.OutputTok))),
		fmt.Sprintf("· %d retries · %d failed", atomic.LoadInt64(&st.Retries), atomic.LoadInt64(&st.Failed))}
	var line string
	for step := range 4 { // drop nothing, then the bar, the tokens, the rate and the word "requests"
		switch step {
		case 1:
			parts[1] = ""
		case 2:
			parts[5] = ""
		case 3:
			parts[2], parts[3] = fmt.Sprintf("%d/%d (%.1f%%)", done, total, pct), ""
		}
		line = p.clean(strings.Join(slices.DeleteFunc(slices.Clone(parts), func(s string) bool { return s == "" }), " "))
		if !p.Terminal || p.Width <= 1 || utf8.RuneCountInString(line) <= p.Width-1 {
			return line
		}
	}
	return string([]rune(line)[:p.Width-1])
}

// clean redacts a line and makes it terminal-safe.
func (p *Progress) clean(line string) string {
	if p.Redact != nil {
		line = p.Redact(line)
	}
	return textsafe.Line(line)
}

// eta is "ETA" and the remaining time at the rate so far, while answers
// come. When none has come for Stall (or 3 mean intervals between
// answers, if longer) — a server that stopped answering, whose requests
// are being retried — the rate of requests failed after their retries
// says nothing of the time left (a dead server gave "ETA 2:46:31"): it
// says how long no answer has come instead.
func (p *Progress) eta(now time.Time, rate float64) string {
	st := p.st
	done, total := atomic.LoadInt64(&st.Done), st.Requests
	answered := atomic.LoadInt64(&st.Answered)
	last := p.begin
	if ns := st.lastAnswer.Load(); ns != 0 {
		last = time.Unix(0, ns)
	}
	quiet := now.Sub(last)
	limit := p.Stall
	if limit <= 0 {
		limit = StallAfter
	}
	if answered > 0 {
		limit = max(limit, 3*last.Sub(p.begin)/time.Duration(answered))
	}
	switch {
	case done >= total:
		return "ETA –"
	case answered == 0 && quiet >= limit:
		return "no answer yet (" + fmtDur(quiet) + ")"
	case answered == 0:
		return "ETA –" // the rate of requests failed for good says nothing of the time left
	case quiet >= limit:
		return "no answer for " + fmtDur(quiet)
	case rate > 0:
		return "ETA " + fmtDur(time.Duration(float64(total-done)/rate*float64(time.Second)))
	}
	return "ETA –"
}

// Summary formats the end-of-run summary.
func Summary(st *Stats, prior Prior, wall time.Duration) string {
	var b strings.Builder
	if prior.TornBytes > 0 {
		fmt.Fprintf(&b, "cut a torn last line (%d bytes) left by an interrupted run\n", prior.TornBytes)
	}
	fmt.Fprintf(&b, "items: %d to judge, %d already in the log (skipped); %d written, %d not written (a request failed), %d left unfinished",
		st.Items, st.Skipped, st.Written, st.ItemsFailed, st.Discarded)
	if rest := st.Items - st.Written - st.ItemsFailed - st.Discarded; rest > 0 { // a stopped run
		fmt.Fprintf(&b, ", %d not started", rest)
	}
	b.WriteString("\n")
	if st.SkippedShort > 0 {
		fmt.Fprintf(&b, "note: %d skipped items have fewer arrangements in the log than asked for; a record cannot be extended (it would be a duplicate): collect into a new file to ask for them all\n", st.SkippedShort)
	}
	if st.PositiveLP > 0 {
		fmt.Fprintf(&b, "note: %d answers gave an option a positive log-probability, which is impossible (a server bug, or rounding of a near-certain answer): read as 0, probability 1; the records name those arrangements in collect.positive_logprob\n", st.PositiveLP)
	}
	if st.Written > 0 && st.WithLP+st.HardOnly > 0 {
		fmt.Fprintf(&b, "items written: %d with log-probabilities in every arrangement, %d with text verdicts only, %d mixed\n",
			st.ItemsLP, st.ItemsText, st.Written-st.ItemsLP-st.ItemsText)
	}
	fmt.Fprintf(&b, "requests: %d of %d finished in %s (%.0f/s); %d answered: %d with log-probabilities, %d from the text's verdict only; %d retries\n",
		st.Done, st.Requests, fmtDur(wall), float64(st.Done)/max(wall.Seconds(), 1e-9), st.Answered, st.WithLP, st.HardOnly, st.Retries)
	b.WriteString(sampleSummary(st))
	fmt.Fprintf(&b, "tokens: %d prompt, %d completion\n", st.PromptTok, st.OutputTok)
	if r := st.Reasons(); len(r) > 0 {
		keys := make([]string, 0, len(r))
		for k := range r {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = fmt.Sprintf("%s %d", k, r[k])
		}
		fmt.Fprintf(&b, "failed requests: %d (%s)\n", st.Failed, strings.Join(parts, ", "))
	}
	return b.String()
}

func fmtDur(d time.Duration) string {
	d = d.Round(time.Second)
	h, m, s := int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, s)
	}
	return fmt.Sprintf("%d:%02d", m, s)
}

func fmtCount(n int64) string {
	switch {
	case n >= 1e6:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 1e4:
		return fmt.Sprintf("%.1fk", float64(n)/1e3)
	}
	return fmt.Sprint(n)
}
