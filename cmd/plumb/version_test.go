package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersionFrom: the version comes from the build info (issue 10, item
// 21), so `go install …@vX` reports vX.
func TestVersionFrom(t *testing.T) {
	rev := []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "09de197abcdef0123456789"}}
	for _, c := range []struct {
		name string
		bi   *debug.BuildInfo
		want string
	}{
		{"no build info", nil, "devel"},
		{"go install @v1.2.3", &debug.BuildInfo{Main: debug.Module{Path: "github.com/plumb-eval/plumb", Version: "v1.2.3"}}, "v1.2.3"},
		{"pseudo-version", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261123092454-09de197abcde"}}, "v0.0.0-20261123092454-09de197abcde"},
		{"go run in a checkout", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: rev}, "devel+09de197abcde"},
		{"dirty checkout", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: append(rev[:2:2], debug.BuildSetting{Key: "vcs.modified", Value: "true"})}, "devel+09de197abcde-dirty"},
		{"no vcs", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "devel"},
		{"short revision", &debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}}}, "devel+abc"},
	} {
		if got := versionFrom(c.bi); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// TestVersionFlag: --version prints the build's version, which reports
// carry too.
func TestVersionFlag(t *testing.T) {
	out, _, err := executeStderr(t, "--version")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, buildVersion()) || buildVersion() == "" {
		t.Errorf("--version printed %q, want %q", out, buildVersion())
	}
}
