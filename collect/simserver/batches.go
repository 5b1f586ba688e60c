package simserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"
)

// batchStore holds the files and batches of the Files and Batch API, in
// memory: enough of OpenAI's shapes for collect's --batch-submit to be
// tested end to end.
type batchStore struct {
	mu      sync.Mutex
	files   map[string][]byte
	batches map[string]*batchJob
	next    int
}

// batchJob is one batch, in OpenAI's shape.
type batchJob struct {
	ID            string `json:"id"`
	Object        string `json:"object"`
	Endpoint      string `json:"endpoint"`
	InputFileID   string `json:"input_file_id"`
	OutputFileID  string `json:"output_file_id,omitempty"`
	ErrorFileID   string `json:"error_file_id,omitempty"`
	Status        string `json:"status"`
	RequestCounts struct {
		Total     int `json:"total"`
		Completed int `json:"completed"`
		Failed    int `json:"failed"`
	} `json:"request_counts"`
}

// maxUpload is the largest file uploaded (OpenAI's batch file limit).
const maxUpload = 200 << 20

func newBatchStore() *batchStore {
	return &batchStore{files: map[string][]byte{}, batches: map[string]*batchJob{}}
}

// serve answers the Files and Batch API routes and reports whether path
// was one of them: POST /v1/files, GET /v1/files/ID/content, POST
// /v1/batches, GET /v1/batches/ID.
func (b *batchStore) serve(s *Server, w http.ResponseWriter, r *http.Request, path string) bool {
	switch {
	case path == "/files" && r.Method == http.MethodPost:
		b.upload(w, r)
	case strings.HasPrefix(path, "/files/") && strings.HasSuffix(path, "/content") && r.Method == http.MethodGet:
		b.mu.Lock()
		data, ok := b.files[strings.TrimSuffix(strings.TrimPrefix(path, "/files/"), "/content")]
		b.mu.Unlock()
		if !ok {
			apiError(w, http.StatusNotFound, "no such file")
			return true
		}
		w.Write(data)
	case path == "/batches" && r.Method == http.MethodPost:
		b.create(s, w, r)
	case strings.HasPrefix(path, "/batches/") && r.Method == http.MethodGet:
		b.mu.Lock()
		j, ok := b.batches[strings.TrimPrefix(path, "/batches/")]
		var out []byte
		if ok {
			out, _ = json.Marshal(j)
		}
		b.mu.Unlock()
		if !ok {
			apiError(w, http.StatusNotFound, "no such batch")
			return true
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(out)
	default:
		return false
	}
	return true
}

func (b *batchStore) add(data []byte) string {
	b.next++
	id := fmt.Sprintf("file-%d", b.next)
	b.files[id] = data
	return id
}

func (b *batchStore) upload(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxUpload+1<<20)
	f, _, err := r.FormFile("file")
	if err != nil {
		apiError(w, http.StatusBadRequest, "want a multipart form with a file: "+err.Error())
		return
	}
	data, err := io.ReadAll(f)
	if err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	b.mu.Lock()
	id := b.add(data)
	b.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"id": id, "object": "file", "bytes": len(data), "purpose": r.FormValue("purpose")})
}

func (b *batchStore) create(s *Server, w http.ResponseWriter, r *http.Request) {
	var req struct {
		InputFileID string `json:"input_file_id"`
		Endpoint    string `json:"endpoint"`
	}
	if err := json.NewDecoder(io.LimitReader(r.Body, MaxBody)).Decode(&req); err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	b.mu.Lock()
	data, ok := b.files[req.InputFileID]
	if !ok {
		b.mu.Unlock()
		apiError(w, http.StatusNotFound, "no such file: "+req.InputFileID)
		return
	}
	b.next++
	j := &batchJob{ID: fmt.Sprintf("batch-%d", b.next), Object: "batch", Endpoint: req.Endpoint, InputFileID: req.InputFileID, Status: "in_progress"}
	j.RequestCounts.Total = bytes.Count(data, []byte("\n"))
	b.batches[j.ID] = j
	out, _ := json.Marshal(j)
	b.mu.Unlock()
	go b.run(s, j, data)
	w.Header().Set("Content-Type", "application/json")
	w.Write(out)
}

// run answers a batch's requests one by one with the server's own
// handler, as vllm run-batch would, and writes its output and error files.
func (b *batchStore) run(s *Server, j *batchJob, data []byte) {
	var out, errs bytes.Buffer
	for i, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var in struct {
			CustomID string          `json:"custom_id"`
			URL      string          `json:"url"`
			Body     json.RawMessage `json:"body"`
		}
		ok := json.Unmarshal(line, &in) == nil
		rec := httptest.NewRecorder()
		if ok {
			s.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, in.URL, bytes.NewReader(in.Body)))
		}
		id, _ := json.Marshal(in.CustomID)
		to := &out
		if !ok || rec.Code != http.StatusOK {
			to = &errs
		}
		body := bytes.TrimSpace(rec.Body.Bytes())
		if len(body) == 0 {
			body = []byte("null")
		}
		fmt.Fprintf(to, `{"id":"batch_req_%d","custom_id":%s,"response":{"status_code":%d,"request_id":"req_%d","body":%s},"error":null}`+"\n", i, id, rec.Code, i, body)
		b.mu.Lock()
		if to == &out {
			j.RequestCounts.Completed++
		} else {
			j.RequestCounts.Failed++
		}
		b.mu.Unlock()
		time.Sleep(time.Millisecond) // a batch takes time: progress can be seen
	}
	b.mu.Lock()
	j.OutputFileID = b.add(out.Bytes())
	if errs.Len() > 0 {
		j.ErrorFileID = b.add(errs.Bytes())
	}
	j.Status = "completed"
	b.mu.Unlock()
}
