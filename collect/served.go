package collect

import (
	"fmt"
	"strings"
	"sync/atomic"
)

// otherModel reports whether served, the model a server names in its
// answer, is another than asked: not empty, not asked, and not asked
// followed by "-" and a suffix (a dated snapshot: OpenAI answers
// gpt-4o-mini with gpt-4o-mini-2024-07-18).
func otherModel(served, asked string) bool {
	return served != "" && served != asked && !strings.HasPrefix(served, asked+"-")
}

// noteServed counts an answer from another model than the one asked.
func (st *Stats) noteServed(name, asked string) {
	atomic.AddInt64(&st.Served, 1)
	st.mu.Lock()
	if st.ServedName == "" {
		st.ServedName, st.asked = name, asked
	}
	st.mu.Unlock()
}

// servedWarning is the warning of a run some of whose answers name another
// model than asked, or "".
func servedWarning(st *Stats) string {
	n := atomic.LoadInt64(&st.Served)
	if n == 0 {
		return ""
	}
	st.mu.Lock()
	name, asked := st.ServedName, st.asked
	st.mu.Unlock()
	return fmt.Sprintf("warning: %d of %d answers came from a model the server names %q, not the %q asked (--model); "+
		"the records keep both: extra.collect.model is the one asked, extra.collect.served_model the one named", n, atomic.LoadInt64(&st.Answered), name, asked)
}
