package collect

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
)

// Batch files of the score task: each item's requests are its LS request
// (with --ls) and one request per criterion, exactly the bodies a live
// RunScores posts.

// scoreCustomID names a criterion's request in a batch file: "score-",
// the first 12 hex digits of the SHA-256 of its body and criterion, the
// criterion and the item's ID ("score-1f2e3d4c5b6a-fluency-q17").
func scoreCustomID(body []byte, criterion, id string) string {
	h := sha256.New()
	h.Write(body)
	h.Write([]byte{0})
	h.Write([]byte(criterion))
	return "score-" + hex.EncodeToString(h.Sum(nil)[:6]) + "-" + criterion + "-" + id
}

// lsCustomID names an item's LS request: "ls-", the digest of its body
// and the item's ID.
func lsCustomID(body []byte, id string) string {
	sum := sha256.Sum256(body)
	return "ls-" + hex.EncodeToString(sum[:6]) + "-" + id
}

// scoreReq is one request of a score run: of group g, the LS request
// (crit < 0) or the request for the criterion of cfg.Items[crit].
type scoreReq struct {
	g, crit int
}

// requests returns the requests of group g (the item indices of one
// item's criteria), in the order a live run asks them: LS first.
func (cfg *ScoreConfig) requests(gi int, g []int) []scoreReq {
	out := make([]scoreReq, 0, len(g)+1)
	if cfg.LS != nil {
		out = append(out, scoreReq{gi, -1})
	}
	for _, i := range g {
		out = append(out, scoreReq{gi, i})
	}
	return out
}

// request returns the custom_id, URL and body of request r of group g.
func (cfg *ScoreConfig) request(r scoreReq, g []int) (id, url string, body []byte, _ *Failure) {
	if r.crit < 0 {
		first := &cfg.Items[g[0]]
		body, f := cfg.LS.lsBody(LSPrefix(cfg.TaskDescription, first.Input), first.Output)
		if f != nil {
			return "", "", nil, f
		}
		return lsCustomID(body, first.ID), cfg.LS.batchURL(), body, nil
	}
	it := &cfg.Items[r.crit]
	sys, user, err := cfg.render(it)
	if err != nil {
		return "", "", nil, &Failure{Reason: "template", Msg: err.Error()}
	}
	body, err = cfg.Client.body(sys, user)
	if err != nil {
		return "", "", nil, &Failure{Reason: "bad-request", Msg: err.Error()}
	}
	return scoreCustomID(body, it.Criterion, it.ID), cfg.Client.batchURL(), body, nil
}

// WriteScoreBatch writes, as OpenAI Batch input lines, every request a
// live RunScores of cfg would send: for each item with a criterion not
// yet in cfg.Output (read, never changed), its LS request (with LS) and
// a request per such criterion. Files split as WriteBatch's do, an
// item's requests never across two. Requests counts lines, Items the
// items asked, Skipped the (item, criterion) pairs already in the log.
func WriteScoreBatch(cfg *ScoreConfig, name string, lim BatchLimits, inputs []string) (BatchOut, error) {
	lg, err := readPriorLog(cfg.Output)
	if err != nil {
		return BatchOut{}, err
	}
	done := map[[2]string]bool{}
	if lg != nil {
		done = scoresDone(lg, cfg.Judge)
	}
	var st Stats
	groups := cfg.group(done, &st)
	ls := 0
	if cfg.LS != nil {
		ls = 1
	}
	starts := make([]int, len(groups)+1) // the line each group's requests start at, and the end
	for gi, g := range groups {
		starts[gi+1] = starts[gi] + ls + len(g)
	}
	total := starts[len(groups)]
	out := BatchOut{Requests: total, Items: len(groups), Skipped: int(st.Skipped)}
	// group returns the group of line i.
	group := func(i int) int { return sort.SearchInts(starts, i+1) - 1 }
	line := func(buf []byte, i int) ([]byte, error) {
		gi := group(i)
		g := groups[gi]
		r := cfg.requests(gi, g)[i-starts[gi]]
		id, url, body, f := cfg.request(r, g)
		if f != nil {
			return buf, fmt.Errorf("item %q: %w", cfg.Items[g[0]].ID, f)
		}
		return appendBatchLine(buf, id, url, body)
	}
	next := func(i int) int { return starts[group(i)+1] }
	out.Files, err = writeBatchLines(name, total, next, lim, line, append(inputs, cfg.Output))
	return out, err
}
