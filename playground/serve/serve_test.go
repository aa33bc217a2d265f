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
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html>"), 0o644))
	wasm := []byte("\x00asm fake module")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "golem.wasm"), wasm, 0o644))
	f, err := os.Create(filepath.Join(dir, "golem.wasm.gz"))
	require.NoError(t, err)
	zw := gzip.NewWriter(f)
	_, _ = zw.Write(wasm)
	require.NoError(t, zw.Close())
	require.NoError(t, f.Close())
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()

	resp, err := http.Get(srv.URL + "/")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, "same-origin", resp.Header.Get("Cross-Origin-Opener-Policy"))
	assert.Equal(t, "require-corp", resp.Header.Get("Cross-Origin-Embedder-Policy"))

	// The Go client asks for gzip and decompresses transparently.
	resp, err = http.Get(srv.URL + "/golem.wasm")
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, "application/wasm", resp.Header.Get("Content-Type"))
	assert.True(t, resp.Uncompressed, "served pre-compressed")
	assert.Equal(t, wasm, body)

	req, _ := http.NewRequest("GET", srv.URL+"/golem.wasm", nil)
	req.Header.Set("Accept-Encoding", "identity")
	resp, err = http.DefaultTransport.RoundTrip(req)
	require.NoError(t, err)
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Empty(t, resp.Header.Get("Content-Encoding"))
	assert.Equal(t, wasm, body)
}

// TestExamplesRun evaluates the playground's example programs.
func TestExamplesRun(t *testing.T) {
	files, err := filepath.Glob("../web/examples/*.lisp")
	require.NoError(t, err)
	require.Len(t, files, 5)
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		in := golem.New(golem.Options{})
		text, isErr := in.EvalResponse(context.Background(), string(src))
		assert.False(t, isErr, "%s: %s", f, text)
		assert.False(t, strings.Contains(text, "[warnings]"), "%s: %s", f, text)
	}
}
