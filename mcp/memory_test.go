package mcp_test

import (
	"testing"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/mcp"
	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestServerGovernor checks the heap ceiling a server's sessions share.
func TestServerGovernor(t *testing.T) {
	own := rt.NewGovernor(5 << 30)
	cases := []struct {
		name string
		opts mcp.Options
		want int64
	}{
		{"default: three times the default memory limit", mcp.Options{}, 3 * golem.DefaultMaxMemory},
		{"three times --max-memory", mcp.Options{Limits: golem.Limits{MaxMemory: 256 << 20}}, 768 << 20},
		{"--max-heap", mcp.Options{MaxHeap: 2 << 30, Limits: golem.Limits{MaxMemory: 256 << 20}}, 2 << 30},
		{"a governor given wins", mcp.Options{Governor: own, MaxHeap: 1 << 30}, 5 << 30},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := mcp.NewServer(c.opts)
			defer srv.Close()
			got := srv.Options()
			require.NotNil(t, got.Governor)
			assert.Equal(t, c.want, got.Governor.Ceiling())
			assert.Equal(t, c.want, got.MaxHeap)
			if c.opts.Governor != nil {
				assert.Same(t, c.opts.Governor, got.Governor)
			}
		})
	}
}
