package collect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/plumb-eval/plumb/internal/atomicfile"
)

// SubmitConfig is a batch submitted to a server's Files and Batch API and
// waited for (Submit).
type SubmitConfig struct {
	// State is the file the batch IDs are written to as soon as each batch
	// is created; a later Submit finds them there and waits for those
	// batches rather than submitting again. It is removed once their
	// results are in the log.
	State    string
	Poll     time.Duration // time between polls
	Limits   BatchLimits
	Inputs   []string // files never written over
	Progress func(BatchProgress)
}

// BatchProgress is the state of the submitted batches, summed.
type BatchProgress struct {
	Batches, Finished        int // batches, and those finished (completed, failed, expired or cancelled)
	Total, Completed, Failed int // requests
}

type batchState struct {
	Batches []string `json:"batches"`
}

// batchObject is the part of a Batch API batch plumb reads.
type batchObject struct {
	ID            string `json:"id"`
	Status        string `json:"status"`
	OutputFileID  string `json:"output_file_id"`
	ErrorFileID   string `json:"error_file_id"`
	RequestCounts struct {
		Total, Completed, Failed int
	} `json:"request_counts"`
}

// Submit writes the run's batch files (WriteBatch), uploads each to
// BASE/files, creates a batch of it at BASE/batches, polls them until they
// are done, downloads their output and error files next to the log
// (OUT.BATCH-ID.jsonl, OUT.BATCH-ID.errors.jsonl) and reads them into the
// log (ReadBatch). The batch IDs are written down first, so a Submit
// stopped while waiting waits for the same batches when run again. A
// grid's conditions (cfgs, as WriteGridBatch's) go in the same batches.
func Submit(ctx context.Context, cfgs []*Config, sc SubmitConfig, st *Stats) (Prior, BatchIn, error) {
	if len(cfgs) == 0 {
		return Prior{}, BatchIn{}, errors.New("no condition to submit")
	}
	cfg := cfgs[0]
	state, err := readState(sc.State)
	if err != nil {
		return Prior{}, BatchIn{}, err
	}
	if len(state.Batches) == 0 {
		if state, err = submit(ctx, cfgs, sc); err != nil {
			return Prior{}, BatchIn{}, err
		}
		if len(state.Batches) == 0 { // every item is in the log: say so
			return ReadGridBatch(cfgs, nil, st)
		}
	}
	objs, err := cfg.Client.wait(ctx, state.Batches, sc)
	if err == nil {
		err = ctx.Err() // stopped as the last poll found the batches done: download when run again
	}
	if err != nil {
		return Prior{}, BatchIn{}, err
	}
	var files []string
	for _, o := range objs {
		for _, f := range []struct{ id, suffix string }{{o.OutputFileID, ".jsonl"}, {o.ErrorFileID, ".errors.jsonl"}} {
			if f.id == "" {
				continue
			}
			name := cfg.Output + "." + safeName(o.ID) + f.suffix
			if err := cfg.Client.download(ctx, f.id, name); err != nil {
				return Prior{}, BatchIn{}, err
			}
			files = append(files, name)
		}
	}
	prior, bi, err := ReadGridBatch(cfgs, files, st)
	if err == nil {
		err = os.Remove(sc.State)
	}
	return prior, bi, err
}

// submit writes, uploads and creates the batches, writing each ID down.
func submit(ctx context.Context, cfgs []*Config, sc SubmitConfig) (batchState, error) {
	var state batchState
	cfg := cfgs[0]
	dir, err := os.MkdirTemp(filepath.Dir(cfg.Output), ".plumb-batch-")
	if err != nil {
		return state, err
	}
	defer os.RemoveAll(dir)
	out, err := WriteGridBatch(cfgs, filepath.Join(dir, "requests.jsonl"), sc.Limits, sc.Inputs)
	if err != nil {
		return state, err
	}
	for _, f := range out.Files {
		var file, batch struct {
			ID string `json:"id"`
		}
		if err := cfg.Client.upload(ctx, f, &file); err != nil {
			return state, err
		}
		req, _ := json.Marshal(map[string]string{"input_file_id": file.ID, "endpoint": cfg.Client.batchURL(), "completion_window": "24h"})
		if err := cfg.Client.api(ctx, http.MethodPost, "/batches", "application/json", strings.NewReader(string(req)), &batch); err != nil {
			return state, err
		}
		state.Batches = append(state.Batches, batch.ID)
		if err := atomicfile.Write(sc.State, func(w io.Writer) error { return json.NewEncoder(w).Encode(state) }); err != nil {
			return state, fmt.Errorf("writing down batch %s in %s: %w", batch.ID, sc.State, err)
		}
	}
	return state, nil
}

func readState(name string) (batchState, error) {
	var s batchState
	data, err := readLimited(name, "batch state file", MaxStateBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err == nil {
		err = json.Unmarshal(data, &s)
	}
	if err != nil {
		return s, fmt.Errorf("reading the batches written down in %s: %w", name, err)
	}
	return s, nil
}

// wait polls the batches until every one is finished.
func (c *Client) wait(ctx context.Context, ids []string, sc SubmitConfig) ([]batchObject, error) {
	objs := make([]batchObject, len(ids))
	for {
		p := BatchProgress{Batches: len(ids)}
		for i, id := range ids {
			if err := c.api(ctx, http.MethodGet, "/batches/"+id, "", nil, &objs[i]); err != nil {
				return nil, err
			}
			o := &objs[i]
			switch o.Status {
			case "completed", "failed", "expired", "cancelled":
				p.Finished++
			}
			p.Total += o.RequestCounts.Total
			p.Completed += o.RequestCounts.Completed
			p.Failed += o.RequestCounts.Failed
		}
		if sc.Progress != nil {
			sc.Progress(p)
		}
		if p.Finished == len(ids) {
			return objs, nil
		}
		if err := sleepCtx(ctx, sc.Poll); err != nil {
			return nil, err
		}
	}
}

// upload sends a batch input file to BASE/files.
func (c *Client) upload(ctx context.Context, name string, out any) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		err := mw.WriteField("purpose", "batch")
		if err == nil {
			var part io.Writer
			if part, err = mw.CreateFormFile("file", filepath.Base(name)); err == nil {
				if _, err = io.Copy(part, f); err == nil {
					err = mw.Close()
				}
			}
		}
		pw.CloseWithError(err)
	}()
	return c.api(ctx, http.MethodPost, "/files", mw.FormDataContentType(), pr, out)
}

// download writes file id's content to name, atomically.
func (c *Client) download(ctx context.Context, id, name string) error {
	var data []byte
	if err := c.api(ctx, http.MethodGet, "/files/"+id+"/content", "", nil, &data); err != nil {
		return err
	}
	return atomicfile.Write(name, func(w io.Writer) error { _, err := w.Write(data); return err })
}

// api sends one request to BASE+path and decodes a 200 answer into out
// (a *[]byte takes the body as it is). Other statuses are a *Failure.
func (c *Client) api(ctx context.Context, method, path, ctype string, body io.Reader, out any) error {
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimRight(c.cfg.BaseURL, "/")+path, body)
	if err != nil {
		return err
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if c.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		if stop := ctx.Err(); stop != nil { // stopped, not a failure: errors.Is sees the stop
			return fmt.Errorf("%w: %v", stop, c.clean(transportFailure(err)))
		}
		return c.clean(transportFailure(err))
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return c.clean(transportFailure(err))
	}
	if resp.StatusCode != http.StatusOK {
		f := statusFailure(resp, c.red.Bytes(data))
		f.Msg = method + " " + path + ": " + f.Msg
		return c.clean(f)
	}
	if b, ok := out.(*[]byte); ok {
		*b = data
		return nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	return nil
}

// safeName keeps the letters, digits, '-' and '_' of a server's ID for a
// file name.
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			return r
		}
		return '_'
	}, s)
}
