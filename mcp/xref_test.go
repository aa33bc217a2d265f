package mcp_test

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/mcp"
)

// A small system of two files, loaded as an agent would load it.
var xrefFiles = map[string]string{
	"shop.lisp": `(defpackage :shop (:use :cl))
(in-package :shop)
(defvar *tax* 1/10)
(defmacro with-tax ((var) &body body)
  ` + "`" + `(let ((,var *tax*)) ,@body))
(defun price (item) (getf item :price))
`,
	"cart.lisp": `(in-package :shop)
(defun total (items)
  (reduce #'+ (mapcar #'price items)))
(defun total-with-tax (items)
  (with-tax (rate) (* (1+ rate) (total items))))
(defun set-tax (x) (setf *tax* x))
(defun no-tax (items) (let ((*tax* 0)) (total-with-tax items)))
`,
}

func writeXrefSystem(t *testing.T) string {
	t.Helper()
	dir, err := makeTempDir()
	require.NoError(t, err)
	for name, text := range xrefFiles {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	return dir
}

func TestXrefTools(t *testing.T) {
	dir := writeXrefSystem(t)
	c := inProcess(t, newServer(t, mcp.Options{AllowRead: []string{dir}}))
	ok(t, c, `(load "shop.lisp") (load "cart.lisp")`)
	cases := []struct {
		tool, symbol string
		want         []string // the definitions named, in order
		empty        string   // the answer when there are none
	}{
		{"who-calls", "shop::price", []string{"TOTAL"}, ""},
		{"who-calls", "shop::total", []string{"TOTAL-WITH-TAX"}, ""},
		{"who-references", "shop::*tax*", []string{"TOTAL-WITH-TAX"}, ""},
		{"who-sets", "shop::*tax*", []string{"SET-TAX"}, ""},
		{"who-binds", "shop::*tax*", []string{"NO-TAX"}, ""},
		{"who-macroexpands", "shop::with-tax", []string{"TOTAL-WITH-TAX"}, ""},
		{"list-callees", "shop::total", []string{"+", "MAPCAR", "PRICE", "REDUCE"}, ""},
		{"who-calls", "shop::no-tax", nil, "No definition calls NO-TAX."},
	}
	for _, tc := range cases {
		t.Run(tc.tool+" "+tc.symbol, func(t *testing.T) {
			res := call(t, c, tc.tool, map[string]any{"symbol": tc.symbol, "package": "shop"})
			require.False(t, res.IsError, text(t, res))
			out := text(t, res)
			if tc.want == nil {
				assert.Equal(t, tc.empty, out)
				return
			}
			sc := structured(t, res)
			results, isList := sc["results"].([]any)
			require.True(t, isList, "%v", sc)
			var names []string
			for _, r := range results {
				names = append(names, r.(map[string]any)["name"].(string))
			}
			assert.Equal(t, tc.want, names, out)
			for _, name := range tc.want {
				assert.Regexp(t, `(?m)^`+regexp.QuoteMeta(name)+` \(`, out)
			}
		})
	}
	t.Run("each definition's file and line", func(t *testing.T) {
		cart := filepath.Join(dir, "cart.lisp")
		shop := filepath.Join(dir, "shop.lisp")
		for _, tc := range []struct{ tool, symbol, want string }{
			// name (file:line), the line of the definition's top-level form.
			{"who-calls", "shop::total", "TOTAL-WITH-TAX (" + cart + ":4)"},
			{"who-calls", "shop::price", "TOTAL (" + cart + ":2)"},
			{"who-binds", "shop::*tax*", "NO-TAX (" + cart + ":7)"},
		} {
			assert.Equal(t, tc.want, text(t, call(t, c, tc.tool, map[string]any{"symbol": tc.symbol, "package": "shop"})))
		}
		out := text(t, call(t, c, "list-callees", map[string]any{"symbol": "shop::total", "package": "shop"}))
		assert.Contains(t, out, "PRICE ("+shop+":6)")
		assert.Contains(t, out, "MAPCAR (no source file)")
		res := call(t, c, "who-calls", map[string]any{"symbol": "shop::total", "package": "shop"})
		entry := structured(t, res)["results"].([]any)[0].(map[string]any)
		assert.Equal(t, cart, entry["file"])
		assert.Equal(t, float64(4), entry["line"])
		// Definitions made by evaluate-lisp say so.
		ok(t, c, "(in-package :shop) (defmethod area ((x integer)) (total x))")
		assert.Contains(t, text(t, call(t, c, "who-calls", map[string]any{"symbol": "shop::total", "package": "shop"})),
			"(METHOD AREA (INTEGER)) (defined by evaluate-lisp)")
		// A generic function's callees are its methods'.
		ok(t, c, "(defmethod area ((x string)) (price x))")
		callees := text(t, call(t, c, "list-callees", map[string]any{"symbol": "shop::area", "package": "shop"}))
		assert.Contains(t, callees, "PRICE (")
		assert.Contains(t, callees, "TOTAL (")
		desc := text(t, call(t, c, "describe-symbol", map[string]any{"symbol": "shop::total"}))
		assert.Contains(t, desc, "Source:\n  function: "+cart+":2")
	})
	t.Run("an unknown symbol", func(t *testing.T) {
		res := call(t, c, "who-calls", map[string]any{"symbol": "shop::no-such-thing"})
		assert.Equal(t, "No symbol named NO-SUCH-THING is accessible in SHOP.", text(t, res))
	})
}

func TestIntrospectionToolsListed(t *testing.T) {
	c := inProcess(t, newServer(t, mcp.Options{}))
	tools := toolNames(t, c)
	for _, name := range []string{"who-calls", "who-references", "who-sets", "who-binds", "who-macroexpands",
		"list-callees", "inspect"} {
		require.Contains(t, tools, name)
		assert.Contains(t, tools[name].InputSchema.Properties, "session", name)
		assert.False(t, *tools[name].Annotations.DestructiveHint, name)
	}
	assert.True(t, *tools["who-calls"].Annotations.ReadOnlyHint)
	assert.Equal(t, []string{"symbol"}, tools["who-calls"].InputSchema.Required)
	assert.Contains(t, tools["evaluate-lisp"].InputSchema.Properties, "timeout_seconds")
}
