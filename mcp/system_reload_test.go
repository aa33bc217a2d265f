package mcp_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/mcp"
)

// Edit, reload, test over MCP without reset-session: load-system reloads
// the changed file and those after it and says which; force reloads all;
// asdf:test-system runs the test system; asdf and uiop load as systems too.
func TestLoadSystemEditReloadTest(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"calc/calc.asd": `(defsystem "calc" :version "0.3" :serial t
  :components ((:file "package") (:file "ops") (:file "api"))
  :in-order-to ((test-op (test-op "calc/tests"))))
(defsystem "calc/tests" :depends-on ("calc") :components ((:file "tests"))
  :perform (test-op (o c) (uiop:symbol-call :calc-tests :run)))`,
		"calc/package.lisp": `(defpackage :calc (:use :cl) (:export #:add #:twice))`,
		"calc/ops.lisp":     "(in-package :calc)\n(defun add (a b) (- a b))",
		"calc/api.lisp":     "(in-package :calc)\n(defun twice (x) (add x x))",
		"calc/tests.lisp": `(defpackage :calc-tests (:use :cl)) (in-package :calc-tests)
(defun run () (format t "add: ~:[FAIL~;ok~]~%" (= (calc:add 2 3) 5)) t)`,
	})
	c := inProcess(t, newServer(t, mcp.Options{SystemDirs: []string{root}}))

	res := call(t, c, "load-system", map[string]any{"system": "calc"})
	require.False(t, res.IsError, text(t, res))
	assert.Equal(t, "Loading system: calc\nLoaded: calc (version 0.3)", text(t, res))
	st := structured(t, res)
	assert.Equal(t, "calc", st["system"])
	assert.Equal(t, "0.3", st["version"])
	assert.Equal(t, []any{"calc"}, st["loaded"])
	assert.Equal(t, []any{}, st["reloaded_files"])

	out := ok(t, c, `(asdf:test-system "calc")`)
	assert.Equal(t, "[stdout]\nadd: FAIL\n\n=> T", out)

	// Nothing changed.
	res = call(t, c, "load-system", map[string]any{"system": "calc"})
	require.False(t, res.IsError, text(t, res))
	assert.Equal(t, "Loading system: calc\nNo file of calc changed since it was loaded.\nLoaded: calc (version 0.3)", text(t, res))
	assert.Equal(t, true, structured(t, res)["up_to_date"])

	// Fix the bug: ops.lisp and the file after it reload.
	ops := filepath.Join(root, "calc", "ops.lisp")
	require.NoError(t, os.WriteFile(ops, []byte("(in-package :calc)\n(defun add (a b) (+ a b))"), 0o644))
	later := time.Now().Add(time.Hour)
	require.NoError(t, os.Chtimes(ops, later, later))
	res = call(t, c, "load-system", map[string]any{"system": "calc"})
	require.False(t, res.IsError, text(t, res))
	api := filepath.Join(root, "calc", "api.lisp")
	assert.Equal(t, "Loading system: calc\nReloading: "+ops+" (changed)\nReloading: "+api+
		" (after a changed file)\nLoaded: calc (version 0.3)", text(t, res))
	assert.Equal(t, []any{ops, api}, structured(t, res)["reloaded_files"])
	assert.Equal(t, "[stdout]\nadd: ok\n\n=> T", ok(t, c, `(asdf:test-system "calc")`))
	assert.Equal(t, "=> 8", ok(t, c, "(calc:twice 4)"))

	res = call(t, c, "load-system", map[string]any{"system": "calc", "force": true})
	require.False(t, res.IsError, text(t, res))
	assert.Len(t, structured(t, res)["reloaded_files"], 3)

	// A failing file: the reply names it; the session goes on.
	require.NoError(t, os.WriteFile(api, []byte("(in-package :calc)\n(error \"broken api\")"), 0o644))
	later = later.Add(time.Hour)
	require.NoError(t, os.Chtimes(api, later, later))
	res = call(t, c, "load-system", map[string]any{"system": "calc"})
	require.True(t, res.IsError)
	assert.Contains(t, text(t, res), "[ERROR] SIMPLE-ERROR\nbroken api\n(while loading "+api+")")
	assert.Contains(t, text(t, res), "Reloading: "+api+" (changed)")
	assert.Equal(t, "=> 8", ok(t, c, "(calc:twice 4)"))

	for _, sys := range []string{"asdf", "uiop"} {
		res = call(t, c, "load-system", map[string]any{"system": sys})
		require.False(t, res.IsError, text(t, res))
		assert.Equal(t, "Loading system: "+sys+"\nLoaded: "+sys+" (version 3.3.1)", text(t, res))
	}

	// The same loader from Lisp: ql:quickload, and a missing dependency.
	writeFiles(t, root, map[string]string{"needs.asd": `(defsystem "needs" :depends-on ("calc" "absent"))`})
	res = call(t, c, "load-system", map[string]any{"system": "needs"})
	require.True(t, res.IsError)
	assert.Equal(t, "[ERROR] QUICKLISP-CLIENT:SYSTEM-NOT-FOUND\nSystem \"absent\" not found.\nRequired by system \"needs\".", text(t, res))
	assert.Equal(t, "QUICKLISP-CLIENT:SYSTEM-NOT-FOUND", structured(t, res)["condition"])
}

// The loader's primitives are callable from Lisp with any path: in a
// session they read from the system directories only Lisp sources, data
// and documentation files, never showing other files' content; UIOP's
// readers fall back to them.
func TestSystemFilesStayClosed(t *testing.T) {
	root := t.TempDir()
	const secret = "TOP-SECRET-KEY"
	writeFiles(t, root, map[string]string{
		"proj/proj.asd":     `(defsystem "proj" :version (:read-file-form "version.sexp") :long-description #.(uiop:read-file-string (uiop:subpathname *load-truename* "README.md")) :components ((:file "a")))`,
		"proj/version.sexp": `"2.1"`,
		"proj/README.md":    "Proj.",
		"proj/a.lisp":       "(defun proj-a () :a)",
		"proj/.env":         "TOKEN=" + secret,
		"proj/key.pem":      secret,
	})
	c := inProcess(t, newServer(t, mcp.Options{SystemDirs: []string{root}}))
	res := call(t, c, "load-system", map[string]any{"system": "proj"})
	require.False(t, res.IsError, text(t, res))
	assert.Equal(t, "Loading system: proj\nLoaded: proj (version 2.1)", text(t, res))
	assert.Equal(t, `=> "Proj."`, ok(t, c, `(asdf:system-long-description (asdf:find-system "proj"))`))
	assert.Equal(t, `=> "Proj."`, ok(t, c, `(uiop:read-file-string (asdf:system-relative-pathname "proj" "README.md"))`))
	for _, code := range []string{
		`(uiop:read-file-string (asdf:system-relative-pathname "proj" ".env"))`,
		`(golem::%asdf-read-file "` + root + `/proj/key.pem" nil)`,
		`(golem::%asdf-read-file "` + root + `/proj/key.pem" "` + root + `/proj/proj.asd")`,
		`(golem::%asdf-load "` + root + `/proj/.env" nil *package*)`,
		`(uiop:read-file-form "` + root + `/proj/.env")`,
	} {
		out, isErr := eval(t, c, code)
		assert.True(t, isErr, code)
		assert.Contains(t, out, "FILE-ERROR", code)
		assert.NotContains(t, out, secret, code)
	}
}
