package tui

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/plumb-eval/plumb/model/sim"
)

// reportLatencies reports the median, p90, p99 and max of lat (nearest
// rank) in ms under the given prefix.
func reportLatencies(b *testing.B, prefix string, lat []time.Duration) {
	b.Helper()
	if len(lat) == 0 {
		return
	}
	s := slices.Clone(lat)
	slices.Sort(s)
	q := func(p float64) float64 {
		i := int(math.Ceil(p*float64(len(s)))) - 1
		return float64(s[min(len(s)-1, max(0, i))]) / 1e6
	}
	b.ReportMetric(q(0.5), prefix+"p50-ms")
	b.ReportMetric(q(0.9), prefix+"p90-ms")
	b.ReportMetric(q(0.99), prefix+"p99-ms")
	b.ReportMetric(float64(s[len(s)-1])/1e6, prefix+"max-ms")
}

// sim100k is one simulated judge with 100,000 pair items (x0..x3).
func sim100k(b *testing.B) *Model {
	b.Helper()
	cfg := sim.DefaultConfig()
	cfg.Pairs, cfg.Scores, cfg.Verdicts = 100000, 50, 100
	cfg.Judges = cfg.Judges[:1]
	lg, err := sim.Collect(cfg)
	if err != nil {
		b.Fatal(err)
	}
	m := newTestModel(b, lg, 200, 60)
	if m.cur == nil || m.cur.ja.Pairs != 100000 {
		b.Fatal("no analysis of 100,000 items")
	}
	return m
}

// BenchmarkKeysWhileRecomputing100k is what a user feels at 100,000 pair
// items when pressing knob keys faster than the numbers can follow: keys
// arrive in bursts of five, 40 ms apart, with 700 ms between bursts, while
// the recomputes they start run as tea.Cmds on other goroutines, and one loop handles keys and finished results in
// arrival order, as Bubble Tea's event loop does (Update, then View). A
// key's latency runs from its arrival to the end of the View that answers
// it, so it includes waiting behind a result being applied. Reported:
// key-p50/p90/p99/max-ms; apply-* is Update(result)+View alone; results is
// how many results were applied. Goal: key p99 ≤ 16 ms (one frame).
// b.N is the number of keys (use -benchtime 40x).
func BenchmarkKeysWhileRecomputing100k(b *testing.B) {
	m := sim100k(b)
	press(b, m, "2")
	type stamped struct {
		msg tea.Msg
		at  time.Time
	}
	msgs := make(chan tea.Msg, 256)
	var inflight sync.WaitGroup
	var exec func(tea.Cmd)
	exec = func(cmd tea.Cmd) {
		if cmd == nil {
			return
		}
		inflight.Add(1)
		go func() {
			defer inflight.Done()
			switch msg := cmd().(type) {
			case tea.BatchMsg:
				for _, c := range msg {
					exec(c)
				}
			case resultMsg, itemsCalMsg, compareMsg:
				msgs <- msg
			}
		}()
	}
	keys := make(chan stamped)
	stop := make(chan struct{})
	n := b.N
	go func() {
		lam, up := m.knobs.opt.Selection.Lambda, true
		for i := 0; i < n; i++ {
			gap := 40 * time.Millisecond
			if i%5 == 0 && i > 0 {
				gap = 700 * time.Millisecond
			}
			select {
			case <-stop:
				return
			case at := <-time.After(gap):
				// Up to λ 4.5, then down again: every key changes λ.
				if up && lam >= 4.5 || !up && lam <= 0.1 {
					up = !up
				}
				k := "l"
				if !up {
					k = "h"
					lam -= 0.05
				} else {
					lam += 0.05
				}
				keys <- stamped{keyMsg(k), at}
			}
		}
	}()
	var keyLat, applyLat []time.Duration
	b.ResetTimer()
	for len(keyLat) < n {
		select {
		case k := <-keys:
			_, cmd := m.Update(k.msg)
			_ = m.View()
			keyLat = append(keyLat, time.Since(k.at))
			exec(cmd)
		case msg := <-msgs:
			t0 := time.Now()
			_, cmd := m.Update(msg)
			_ = m.View()
			if _, ok := msg.(resultMsg); ok {
				applyLat = append(applyLat, time.Since(t0))
			}
			exec(cmd)
		}
	}
	b.StopTimer()
	close(stop)
	// Let the recomputes still running finish, so the next benchmark does
	// not share the cores with them.
	done := make(chan struct{})
	go func() { inflight.Wait(); close(done) }()
	for {
		select {
		case <-msgs:
			continue
		case <-done:
		}
		break
	}
	reportLatencies(b, "key-", keyLat)
	reportLatencies(b, "apply-", applyLat)
	b.ReportMetric(float64(len(applyLat)), "results")
}

// frameWatch lets a benchmark wait for the frame whose status line shows
// a given λ with the ✓ of current numbers.
type frameWatch struct {
	mu   sync.Mutex
	want string
	hit  chan struct{}
}

func (w *frameWatch) expect(lam float64) {
	w.mu.Lock()
	w.want = "λ " + strconv.FormatFloat(lam, 'g', -1, 64) + " "
	w.mu.Unlock()
}

func (w *frameWatch) frame(f string) {
	w.mu.Lock()
	want := w.want
	w.mu.Unlock()
	if want == "" {
		return
	}
	for line := range strings.SplitSeq(ansi.Strip(f), "\n") {
		if strings.Contains(line, want) && strings.Contains(line, "✓") {
			w.mu.Lock()
			if w.want == want {
				w.want = ""
				w.hit <- struct{}{}
			}
			w.mu.Unlock()
			return
		}
	}
}

func (w *frameWatch) wait(b *testing.B) {
	b.Helper()
	select {
	case <-w.hit:
	case <-time.After(60 * time.Second):
		b.Fatal("no frame with the new numbers within 60 s")
	}
}

// BenchmarkKnobToFrameProgram is the knob key → frame with the new numbers
// as a user sees it, through the real tea.Program (teatest's virtual
// terminal, 120×40) on the demo log (3 judges × 3,000 items): the key
// goes through Bubble Tea's input loop, the default debounce, the
// recompute on another goroutine, applying the result and the renderer.
// One op is one l press (λ + 0.05, never fitted before). Goal: p90 ≤ 40 ms.
func BenchmarkKnobToFrameProgram(b *testing.B) {
	var tm *teatest.TestModel
	w := &frameWatch{hit: make(chan struct{}, 1)}
	lam := 0.5
	start := func() {
		m := New(Options{Log: demoLog(b), Start: startOptions(), NoColor: true, Dark: true})
		m.onFrame = w.frame
		lam = 0.5
		w.expect(lam)
		tm = teatest.NewTestModel(b, m, teatest.WithInitialTermSize(120, 40))
		w.wait(b)
		tm.Send(keyMsg("2"))
	}
	quit := func() {
		tm.Send(keyMsg("q"))
		tm.WaitFinished(b, teatest.WithFinalTimeout(10*time.Second))
	}
	start()
	var lat []time.Duration
	for b.Loop() {
		if lam >= 4.9 {
			b.StopTimer()
			quit()
			start()
			b.StartTimer()
		}
		lam = math.Round((lam+0.05)*100) / 100
		w.expect(lam)
		t0 := time.Now()
		tm.Send(keyMsg("l"))
		w.wait(b)
		lat = append(lat, time.Since(t0))
	}
	b.StopTimer()
	quit()
	reportLatencies(b, "", lat)
}
