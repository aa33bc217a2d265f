package mcp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/mcp"
)

func TestDescribeSymbolClassesAndGenerics(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	ok(t, c, `(defclass shape () ((name :initarg :name :reader shape-name)))
(defclass circle (shape) ((radius :initarg :radius :initarg :r :accessor radius)))
(defgeneric area (s))
(defmethod area ((c circle)) (* pi (radius c) (radius c)))
(defmethod area :around ((s shape)) (call-next-method))
(defmethod area ((s (eql :unit))) 1)`)
	describe := func(sym string) string {
		res := call(t, c, "describe-symbol", map[string]any{"symbol": sym})
		require.False(t, res.IsError, text(t, res))
		return text(t, res)
	}
	cases := []struct {
		symbol string
		want   []string
	}{
		{"circle", []string{
			"Superclasses: SHAPE\n",
			"Slots:\n  RADIUS  initargs: :RADIUS :R  readers: RADIUS  writers: (SETF RADIUS)\n",
			"Direct methods:\n  AREA (CIRCLE)\n",
		}},
		{"shape", []string{
			"Superclasses: STANDARD-OBJECT\n",
			"  NAME  initargs: :NAME  readers: SHAPE-NAME\n",
			"  AREA :AROUND (SHAPE)\n",
		}},
		{"area", []string{"Kind: generic function\n", "Methods:\n", "  (CIRCLE)\n", "  :AROUND (SHAPE)\n", "  ((EQL :UNIT))\n"}},
	}
	for _, tc := range cases {
		t.Run(tc.symbol, func(t *testing.T) {
			out := describe(tc.symbol)
			for _, w := range tc.want {
				assert.Contains(t, out, w)
			}
			assert.Contains(t, out, "Source")
		})
	}
}
