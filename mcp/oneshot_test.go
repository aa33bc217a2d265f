package mcp_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/mcp"
)

// lisp-eval-oneshot-protocol.txt: "error_reason() is a closed union"
// including ":validation_error — return-value signature mismatch"; the
// success payload has "status, optional result, prints, feedback, top-level
// truncated"; "validated — JSON-encodable value ... surfaced as the
// top-level "validated" field". The issue: going over the output limit is
// not reported as timeout.
func TestContractOneshot(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{Profile: mcp.ProfileOneshot, Limits: golem.Limits{MaxOutput: 1000}}))
	run := func(args map[string]any) (map[string]any, bool) {
		res := call(t, c, "lisp_eval", args)
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(text(t, res)), &m), text(t, res))
		return m, res.IsError
	}
	cases := []struct {
		name      string
		program   string
		signature string
		status    string
		reason    string
		validated any // JSON, when status is ok and a signature is given
	}{
		{"the protocol's example signature", `(list :count 3)`, "() -> {count :int}", "ok", "", map[string]any{"count": float64(3)}},
		{"a list of strings from a vector", `(vector "a" "b")`, "[:string]", "ok", "", []any{"a", "b"}},
		{"a hash table as an object", `(let ((h (make-hash-table))) (setf (gethash :name h) "x" (gethash :age h) 7) h)`,
			"{name :string, age :int}", "ok", "", map[string]any{"name": "x", "age": float64(7)}},
		{"a nullable field", `'(:a 1)`, "{a :int, b :string?}", "ok", "", map[string]any{"a": float64(1), "b": nil}},
		{"floats accept any real", `1/2`, ":float", "ok", "", 0.5},
		{"a mismatch", `(list :count "three")`, "() -> {count :int}", "error", "validation_error", nil},
		{"a missing field", `(list :other 1)`, "{count :int}", "error", "validation_error", nil},
		{"a bad signature", `1`, "{count :integer}", "error", "args_error", nil},
		{"too much output", `(loop repeat 1000 do (princ "0123456789"))`, "", "error", "runtime_error", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			args := map[string]any{"program": tc.program}
			if tc.signature != "" {
				args["signature"] = tc.signature
			}
			p, isErr := run(args)
			assert.Equal(t, tc.status, p["status"], "%v", p)
			assert.Equal(t, tc.status == "error", isErr)
			if tc.reason != "" {
				assert.Equal(t, tc.reason, p["reason"], "%v", p)
			}
			if tc.status == "ok" {
				assert.Equal(t, false, p["truncated"])
				assert.Equal(t, tc.validated, p["validated"])
			}
		})
	}

	t.Run("output over the limit is truncated, not a timeout", func(t *testing.T) {
		p, _ := run(map[string]any{"program": `(loop repeat 1000 do (princ "0123456789"))`})
		assert.Equal(t, true, p["truncated"])
		assert.NotEqual(t, "timeout", p["reason"])
		assert.True(t, strings.HasPrefix(p["prints"].(string), "0123456789"), p["prints"])
		assert.Contains(t, p["message"], "Output limit exceeded")
	})
	t.Run("without a signature there is no validated field", func(t *testing.T) {
		p, _ := run(map[string]any{"program": "(+ 1 2)"})
		assert.NotContains(t, p, "validated")
	})
}
