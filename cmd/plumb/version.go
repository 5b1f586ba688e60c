package main

import (
	"runtime/debug"
	"sync"
)

// buildVersion is plumb's version as built (versionFrom of the binary's
// build info), printed by --version and in reports.
var buildVersion = sync.OnceValue(func() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return versionFrom(nil)
	}
	return versionFrom(bi)
})

// versionFrom reads plumb's version from build info: the module version
// when the binary was built as a module at a version (`go install
// github.com/plumb-eval/plumb/cmd/plumb@v1.2.3` gives "v1.2.3", @latest the
// latest tag or a pseudo-version; from Go 1.24 `go build` in a git checkout
// stamps a pseudo-version too, "+dirty" with uncommitted changes); else
// "devel" with the VCS revision (its first 12 hex digits, "-dirty" when the
// tree had changes) when the build recorded one; else "devel".
func versionFrom(bi *debug.BuildInfo) string {
	if bi == nil {
		return "devel"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev string
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "devel"
	}
	v := "devel+" + rev[:min(len(rev), 12)]
	if dirty {
		v += "-dirty"
	}
	return v
}
