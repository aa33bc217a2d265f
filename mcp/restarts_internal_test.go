package mcp

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNumberedRestarts(t *testing.T) {
	cases := []struct {
		name     string
		restarts []string // golem's rendering, innermost first
		want     []string
		order    []int
	}{
		{
			// describe-last-error-tool.md, "Undefined Function":
			//   1. ABORT - Return to top level
			//   2. RETRY - Retry calling NONEXISTENT-FUNC
			//   3. USE-VALUE - Call specified function instead
			//   4. RETURN-VALUE - Return specified values
			name: "undefined function",
			restarts: []string{"RETRY - Retry calling NONEXISTENT-FUNC.", "USE-VALUE - Call specified function.",
				"RETURN-VALUE - Return specified values.", "ABORT - Return to top level."},
			want: []string{"1. ABORT - Return to top level", "2. RETRY - Retry calling NONEXISTENT-FUNC",
				"3. USE-VALUE - Call specified function instead", "4. RETURN-VALUE - Return specified values"},
			order: []int{3, 0, 1, 2},
		},
		{
			// "Division by Zero": 1. ABORT - Return to top level
			name:     "only the top level",
			restarts: []string{"ABORT - Return to top level."},
			want:     []string{"1. ABORT - Return to top level"},
			order:    []int{0},
		},
		{
			name:     "no restarts at all still offers ABORT",
			restarts: nil,
			want:     []string{"1. ABORT - Return to top level"},
			order:    []int{-1},
		},
		{
			name: "a program's own ABORT keeps its place; the outermost comes first",
			restarts: []string{"ABORT - Leave the inner loop.", "MY-RESTART - Try again", "ABORT - Return to top level.",
				"CONTINUE"},
			want: []string{"1. ABORT - Return to top level", "2. ABORT - Leave the inner loop",
				"3. MY-RESTART - Try again", "4. CONTINUE"},
			order: []int{2, 0, 1, 3},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, numberedRestarts(tc.restarts))
			assert.Equal(t, tc.order, restartOrder(tc.restarts))
		})
	}
}
