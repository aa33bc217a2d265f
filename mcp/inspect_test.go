package mcp_test

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/mcp"
)

// partID finds the [id] of the part labelled label in an inspect answer.
func partID(t *testing.T, out, label string) int {
	t.Helper()
	m := regexp.MustCompile(`(?m)^  \[(\d+)\] ` + regexp.QuoteMeta(label) + `: `).FindStringSubmatch(out)
	require.NotNil(t, m, "no part %q in:\n%s", label, out)
	n, err := strconv.Atoi(m[1])
	require.NoError(t, err)
	return n
}

func inspect(t *testing.T, c *client.Client, args map[string]any) string {
	t.Helper()
	res := call(t, c, "inspect", args)
	require.False(t, res.IsError, text(t, res))
	sc := structured(t, res)
	require.Contains(t, sc, "parts")
	return text(t, res)
}

func TestInspect(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	ok(t, c, `(defstruct point x y)
(defclass account () ((owner :initarg :owner) (balance :initform 0)))
(defvar *table* (make-hash-table :test 'equal))
(setf (gethash "origin" *table*) (make-point :x 0 :y 0))
(defun make-counter (start) (let ((n start)) (lambda () (incf n))))
(defvar *counter* (make-counter 10))`)

	cases := []struct {
		name, expression string
		want             []string // lines the answer holds
	}{
		{"a list", "(list 1 \"two\" :three)", []string{"Type: CONS", "Kind: a proper list", "Elements:"}},
		{"a dotted list", "(cons 1 2)", []string{"Kind: a dotted list"}},
		{"a vector", "(vector 1 2 3)", []string{"Length: 3", "Elements:"}},
		{"a structure", "(make-point :x 1 :y 2)", []string{"Type: POINT", "Class: COMMON-LISP-USER::POINT (structure object)", "Slots:"}},
		{"an instance with an unbound slot", "(make-instance 'account)",
			[]string{"Class: COMMON-LISP-USER::ACCOUNT (instance)", "  OWNER: #<unbound>"}},
		{"a hash table", "*table*", []string{"Test: EQUAL", "Count: 1", "Entries:"}},
		{"a closure", "*counter*", []string{"Lambda list: ()", "Closed over:"}},
		{"a number has no parts", "42", []string{"[", "Type: (INTEGER 0 4611686018427387903)"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out := inspect(t, c, map[string]any{"expression": tc.expression})
			for _, w := range tc.want {
				assert.Contains(t, out, w)
			}
		})
	}

	t.Run("parts are inspected by id, and ids are stable", func(t *testing.T) {
		out := inspect(t, c, map[string]any{"expression": "*table*"})
		top := regexp.MustCompile(`^\[(\d+)\]`).FindStringSubmatch(out)
		require.NotNil(t, top)
		origin := partID(t, out, `"origin"`)
		point := inspect(t, c, map[string]any{"id": origin})
		assert.Contains(t, point, "Class: COMMON-LISP-USER::POINT (structure object)")
		x := partID(t, point, "X")
		assert.Contains(t, inspect(t, c, map[string]any{"id": x}), "] 0\nType: BIT")
		// The same object keeps its id.
		again := inspect(t, c, map[string]any{"expression": "*table*"})
		assert.Equal(t, out, again)
		assert.Equal(t, origin, partID(t, again, `"origin"`))
	})
	t.Run("a closure's variables", func(t *testing.T) {
		ok(t, c, "(funcall *counter*)")
		out := inspect(t, c, map[string]any{"expression": "*counter*"})
		n := partID(t, out, "N")
		assert.Regexp(t, `\] N: 11\n`, out)
		assert.Contains(t, inspect(t, c, map[string]any{"id": n}), "] 11\n")
	})
	t.Run("CL:INSPECT prints the same text", func(t *testing.T) {
		tool := inspect(t, c, map[string]any{"expression": "*table*"})
		printed := ok(t, c, "(inspect *table*)")
		assert.Equal(t, "[stdout]\n"+tool, printed)
	})
	t.Run("an unknown id", func(t *testing.T) {
		res := call(t, c, "inspect", map[string]any{"id": 999999})
		assert.True(t, res.IsError)
		assert.Contains(t, text(t, res), "No object has the id 999999")
	})
	t.Run("an error evaluating the expression", func(t *testing.T) {
		res := call(t, c, "inspect", map[string]any{"expression": "(car 5)"})
		assert.True(t, res.IsError)
		assert.Contains(t, text(t, res), "[ERROR] TYPE-ERROR")
		assert.Contains(t, text(t, call(t, c, "describe-last-error", nil)), "Error: TYPE-ERROR")
	})
}

func TestInspectRedefinedClass(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	ok(t, c, `(defclass thing () ((a :initarg :a))) (defvar *thing* (make-instance 'thing :a 1))
(defclass thing () ((a :initarg :a) (b :initform 2)))`)
	out := inspect(t, c, map[string]any{"expression": "*thing*"})
	assert.Regexp(t, `\] A: 1\n`, out)
	assert.Regexp(t, `\] B: 2\n`, out)
}
