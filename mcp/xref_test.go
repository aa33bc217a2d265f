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
	t.Run("an unknown symbol", func(t *testing.T) {
		res := call(t, c, "who-calls", map[string]any{"symbol": "shop::no-such-thing"})
		assert.Equal(t, "No symbol named NO-SUCH-THING is accessible in SHOP.", text(t, res))
	})
}
