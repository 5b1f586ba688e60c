package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// llmbarFairEval is LLMBar's Processed/FairEval folder in the shared data,
// or skips the test when it is absent.
func llmbarFairEval(t *testing.T) string {
	t.Helper()
	src := filepath.Join("..", "..", "..", "shared", "data", "llmbar", "Dataset", "Processed", "FairEval")
	if _, err := os.Stat(src); err != nil {
		t.Skipf("real data not found at %s (../shared/data is beside the repository only in the project's workspace)", src)
	}
	return src
}

// judgeSection is the Markdown report's section of one judge.
func judgeSection(t *testing.T, md, judge string) string {
	t.Helper()
	_, sec, ok := strings.Cut(md, "\n## Judge "+judge+"\n")
	if !ok {
		t.Fatalf("no section for judge %s", judge)
	}
	sec, _, _ = strings.Cut(sec, "\n## Judge ")
	return sec
}

// TestReportLLMBarCoverageClaims reproduces issue 19 item 4 on the real
// LLMBar FairEval logs: ChatGPT's θ̂ interval is all of [0, 1]
// (q̂0 + q̂1 − 1 = 0.104) and PaLM2 has no θ̂ at all (q̂0 + q̂1 ≤ 1), yet
// the report said the true θ was "covered" and "not covered by the CI".
// Now the first is called uninformative, with why, and neither claims
// coverage. The order of LLMBar's two outputs is arbitrary, so
// P(response_1 better) is not headlined in the summary.
func TestReportLLMBarCoverageClaims(t *testing.T) {
	t.Parallel()
	md, _, err := executeStderr(t, "report", llmbarFairEval(t))
	if err != nil {
		t.Fatal(err)
	}
	chat := judgeSection(t, md, `ChatGPT/Vanilla\_NoRules`)
	for _, want := range []string{"Uninformative interval: it is all of [0, 1]", "q̂0 + q̂1 − 1 = 0.104",
		"(no coverage claim: the interval is all of [0, 1])"} {
		if !strings.Contains(chat, want) {
			t.Errorf("ChatGPT's section lacks %q", want)
		}
	}
	palm := judgeSection(t, md, `PaLM2/Vanilla\_NoRules`)
	if !strings.Contains(palm, "(no coverage claim: θ̂ has no interval)") {
		t.Errorf("PaLM2's section lacks the no-interval coverage note")
	}
	for _, sec := range []string{chat, palm} {
		if strings.Contains(sec, "covered by the CI") {
			t.Errorf("a coverage claim without an informative interval:\n%s", sec)
		}
	}
	_, glance, _ := strings.Cut(md, "## Judges at a glance")
	glance, _, _ = strings.Cut(glance, "\n## ")
	if !strings.Contains(glance, "| P(response_1 better) | — (order) | — (order) |") || strings.Contains(glance, "0.898") {
		t.Errorf("the summary headlines P(response_1 better) of arbitrarily ordered pairs:\n%s", glance)
	}
}
