package main

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestVersionString(t *testing.T) {
	bi := &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: "github.com/golem-lisp/golem", Version: "v0.3.1"},
		Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123"},
			{Key: "vcs.time", Value: "2026-11-25T10:00:00Z"},
			{Key: "vcs.modified", Value: "true"},
		}}
	got := formatVersion(bi, true)
	assert.True(t, strings.HasPrefix(got, "golem "), got)
	assert.Contains(t, got, "(module github.com/golem-lisp/golem v0.3.1, commit 0123456789ab+dirty 2026-11-25T10:00:00Z, go1.26.0 "+runtime.GOOS+"/"+runtime.GOARCH+")")
	assert.NotContains(t, formatVersion(nil, false), "(")
	assert.True(t, strings.HasPrefix(versionString(), "golem "))
}
