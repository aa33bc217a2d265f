package main

import (
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
)

func TestHandler(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte, gz bool) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
		if !gz {
			return
		}
		f, err := os.Create(filepath.Join(dir, name+".gz"))
		require.NoError(t, err)
		zw := gzip.NewWriter(f)
		_, _ = zw.Write(data)
		require.NoError(t, zw.Close())
		require.NoError(t, f.Close())
	}
	write("index.html", []byte("<!doctype html>"), true)
	write("golem.wasm", []byte("\x00asm fake module"), true)
	write("playground.js", []byte("console.log(1)"), true)
	write("notes.txt", []byte("plain"), false)
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()

	cases := []struct {
		path, acceptEncoding string
		body, contentType    string
		gzipped              bool
	}{
		{"/", "gzip", "<!doctype html>", "text/html; charset=utf-8", true},
		{"/golem.wasm", "gzip", "\x00asm fake module", "application/wasm", true},
		{"/golem.wasm", "identity", "\x00asm fake module", "application/wasm", false},
		{"/playground.js", "gzip, deflate, br", "console.log(1)", "text/javascript; charset=utf-8", true},
		{"/notes.txt", "gzip", "plain", "text/plain; charset=utf-8", false},
	}
	for _, c := range cases {
		req, err := http.NewRequest("GET", srv.URL+c.path, nil)
		require.NoError(t, err)
		req.Header.Set("Accept-Encoding", c.acceptEncoding)
		resp, err := http.DefaultTransport.RoundTrip(req)
		require.NoError(t, err)
		var body io.Reader = resp.Body
		if c.gzipped {
			assert.Equal(t, "gzip", resp.Header.Get("Content-Encoding"), c.path)
			zr, err := gzip.NewReader(resp.Body)
			require.NoError(t, err, c.path)
			body = zr
		} else {
			assert.Empty(t, resp.Header.Get("Content-Encoding"), c.path)
		}
		got, err := io.ReadAll(body)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, 200, resp.StatusCode, c.path)
		assert.Equal(t, c.body, string(got), c.path)
		assert.Equal(t, c.contentType, resp.Header.Get("Content-Type"), c.path)
		assert.Equal(t, "same-origin", resp.Header.Get("Cross-Origin-Opener-Policy"), c.path)
		assert.Equal(t, "require-corp", resp.Header.Get("Cross-Origin-Embedder-Policy"), c.path)
	}
}

// TestExamplesRun evaluates the playground's example programs.
func TestExamplesRun(t *testing.T) {
	files, err := filepath.Glob("../web/examples/*.lisp")
	require.NoError(t, err)
	require.Len(t, files, 6)
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		in := golem.New(golem.Options{})
		text, isErr := in.EvalResponse(context.Background(), string(src))
		assert.False(t, isErr, "%s: %s", f, text)
		assert.False(t, strings.Contains(text, "[warnings]"), "%s: %s", f, text)
	}
}
