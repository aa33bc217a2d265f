package main

import (
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/golem-lisp/golem"
)

// versionString is what `golem version` prints: golem's version, then what
// the build info knows: the module version (v1.2.3 when installed with go
// install ...@v1.2.3, "(devel)" from a checkout), the VCS commit and its
// time (marked +dirty for uncommitted changes), and the toolchain.
func versionString() string {
	return formatVersion(debug.ReadBuildInfo())
}

func formatVersion(bi *debug.BuildInfo, ok bool) string {
	s := "golem " + golem.Version
	if !ok || bi == nil {
		return s
	}
	var parts []string
	if v := bi.Main.Version; v != "" {
		parts = append(parts, "module "+bi.Main.Path+" "+v)
	}
	var rev, when string
	dirty := false
	for _, kv := range bi.Settings {
		switch kv.Key {
		case "vcs.revision":
			rev = kv.Value
		case "vcs.time":
			when = kv.Value
		case "vcs.modified":
			dirty = kv.Value == "true"
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if dirty {
			rev += "+dirty"
		}
		c := "commit " + rev
		if when != "" {
			c += " " + when
		}
		parts = append(parts, c)
	}
	gov := bi.GoVersion
	if gov == "" {
		gov = runtime.Version()
	}
	parts = append(parts, gov+" "+runtime.GOOS+"/"+runtime.GOARCH)
	return s + " (" + strings.Join(parts, ", ") + ")"
}
