package mcp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/mcp"
	"github.com/golem-lisp/golem/qldist"
	"github.com/golem-lisp/golem/qldist/qldisttest"
)

func TestQuicklispCacheDefault(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	def, err := qldist.DefaultCacheDir()
	require.NoError(t, err)
	own := t.TempDir()
	for _, tc := range []struct {
		name      string
		opts      mcp.Options
		wantCache string
	}{
		{"off by default", mcp.Options{}, ""},
		{"default cache", mcp.Options{QuicklispDist: "http://127.0.0.1:1/dist.txt"}, def},
		{"own cache", mcp.Options{QuicklispDist: "http://127.0.0.1:1/dist.txt", QuicklispCache: own}, own},
	} {
		srv := mcp.NewServer(tc.opts)
		assert.Equal(t, tc.wantCache, srv.Options().QuicklispCache, tc.name)
		srv.Close()
	}
}

// quicklispReleases are a dist's releases: greet depends on shout, and
// broken's archive does not match the index.
func quicklispReleases() []qldisttest.Release {
	return []qldisttest.Release{
		{
			Project: "greet", Prefix: "greet-20260101-git",
			Entries: []qldisttest.Entry{
				{Name: "greet-20260101-git/greet.asd", Body: `(defsystem "greet" :version "1.2" :depends-on ("shout") :components ((:file "greet")))`},
				{Name: "greet-20260101-git/greet.lisp", Body: `(defpackage :greet (:use :cl) (:export #:hello)) (in-package :greet) (defun hello () (shout:shout "hello"))`},
			},
			SystemFiles: []string{"greet.asd"},
			Systems:     []string{"greet greet shout"},
		},
		{
			Project: "shout", Prefix: "shout-2",
			Entries: []qldisttest.Entry{
				{Name: "shout-2/shout.asd", Body: `(asdf:defsystem #:shout :version "2" :components ((:file "shout")))`},
				{Name: "shout-2/shout.lisp", Body: `(defpackage :shout (:use :cl) (:export #:shout)) (in-package :shout) (defun shout (s) (string-upcase s))`},
			},
			SystemFiles: []string{"shout.asd"},
			Systems:     []string{"shout shout"},
		},
		{
			Project: "broken", Prefix: "broken-1", MD5: "00000000000000000000000000000000",
			Entries:     []qldisttest.Entry{{Name: "broken-1/broken.asd", Body: `(defsystem "broken")`}},
			SystemFiles: []string{"broken.asd"},
			Systems:     []string{"broken broken"},
		},
	}
}

// A system found nowhere locally is downloaded from the dist with its
// dependencies, by load-system and by ql:quickload alike, once per server.
func TestQuicklispDistLoadsSystems(t *testing.T) {
	d := qldisttest.Serve(t, quicklispReleases()...)
	srv := newServer(t, mcp.Options{QuicklispDist: d.URL(), QuicklispCache: t.TempDir()})
	c := inProcess(t, srv)

	res := call(t, c, "load-system", map[string]any{"system": "greet"})
	require.False(t, res.IsError, text(t, res))
	assert.Contains(t, text(t, res), "Loaded: shout (version 2)")
	assert.Contains(t, text(t, res), "Loaded: greet (version 1.2)")
	assert.Equal(t, `=> "HELLO"`, ok(t, c, "(greet:hello)"))
	assert.Equal(t, 1, d.Hits("/archive/greet.tgz"))
	assert.Equal(t, 1, d.Hits("/archive/shout.tgz"))

	// Another session quickloads the same system from the cache.
	other := inProcess(t, srv)
	ok(t, other, `(ql:quickload "greet")`)
	assert.Equal(t, `=> "HELLO"`, ok(t, other, "(greet:hello)"))
	assert.Equal(t, 1, d.Hits("/archive/greet.tgz"), "unpacked once")
	assert.Equal(t, 1, d.Hits("/systems.txt"), "indexes read once per server")

	res = call(t, c, "load-system", map[string]any{"system": "nosuch"})
	assert.True(t, res.IsError)
	assert.Contains(t, text(t, res), `System "nosuch" not found.`)

	res = call(t, c, "load-system", map[string]any{"system": "broken"})
	assert.True(t, res.IsError)
	assert.Contains(t, text(t, res), "MD5 mismatch")
	out, isErr := eval(t, c, `(find-package :broken)`)
	assert.False(t, isErr)
	assert.Equal(t, "=> NIL", out)
}

// Without --quicklisp-dist nothing is downloaded.
func TestQuicklispDistOffByDefault(t *testing.T) {
	d := qldisttest.Serve(t, quicklispReleases()...)
	c := inProcess(t, newServer(t, mcp.Options{}))
	res := call(t, c, "load-system", map[string]any{"system": "greet"})
	assert.True(t, res.IsError)
	assert.Contains(t, text(t, res), `System "greet" not found.`)
	assert.Zero(t, d.Hits("/dist.txt"))
}
