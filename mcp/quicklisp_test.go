package mcp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/mcp"
	"github.com/golem-lisp/golem/qldist"
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
