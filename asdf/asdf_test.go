package asdf_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/asdf"
)

func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
}

// projects copies testdata/projects into a temporary directory (so that
// tests may edit files) and returns it.
func projects(t *testing.T) string {
	t.Helper()
	dst := t.TempDir()
	src := filepath.Join("testdata", "projects")
	require.NoError(t, filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	}))
	return dst
}

// sandboxed is a session-like interpreter that may read dir (and finds
// systems there).
func sandboxed(t *testing.T, dir string) *golem.Interpreter {
	t.Helper()
	return golem.New(golem.Options{AllowRead: []string{dir}, Limits: golem.Limits{Timeout: 20 * time.Second}})
}

// evalText evaluates code and returns the printed values or the error text.
func evalText(t *testing.T, in *golem.Interpreter, code string) string {
	t.Helper()
	res, err := in.Eval(context.Background(), code)
	if err != nil {
		var e *golem.Error
		if assertErr(err, &e) {
			return "ERROR " + e.Type + ": " + e.Report
		}
		return "ERROR " + err.Error()
	}
	return strings.Join(res.PrintedValues(), " | ")
}

func assertErr(err error, e **golem.Error) bool {
	x, ok := err.(*golem.Error)
	*e = x
	return ok
}

type check struct{ code, want string }

func runChecks(t *testing.T, in *golem.Interpreter, checks []check) {
	t.Helper()
	for _, c := range checks {
		assert.Equal(t, c.want, evalText(t, in, c.code), c.code)
	}
}

// The packages exist from the start and their code loads on first use.
func TestPackagesFromTheStart(t *testing.T) {
	in := golem.New(golem.Options{})
	runChecks(t, in, []check{
		{`(and (fboundp 'asdf::%load) t)`, "NIL"},
		{`(mapcar #'package-name (list (find-package :asdf) (find-package :uiop) (find-package :ql) (find-package :asdf-user)))`,
			`("ASDF" "UIOP" "QUICKLISP-CLIENT" "ASDF-USER")`},
		{`(nth-value 1 (find-symbol "LOAD-SYSTEM" :asdf))`, ":EXTERNAL"},
		{`(and (member :asdf3 *features*) (member :quicklisp *features*) t)`, "T"},
		{`(require :asdf)`, `("ASDF" "asdf" "UIOP" "uiop")`},
		{`(require "asdf")`, "NIL"},
		{`(require "UIOP")`, "NIL"},
		{`(and (fboundp 'asdf::%load) t)`, "NIL"},
		{`(asdf:asdf-version)`, `"3.3.1"`},
		{`(and (fboundp 'asdf::%load) t)`, "T"},
		{`(asdf:component-version (asdf:find-system :uiop))`, `"3.3.1"`},
		{`(asdf:load-system "asdf")`, "T"},
		{`(mapcar #'package-name (package-use-list :asdf-user))`, `("COMMON-LISP" "UIOP" "ASDF")`},
	})
	// The first call, through the autoload stub, passes every value on.
	in = golem.New(golem.Options{})
	runChecks(t, in, []check{{`(multiple-value-list (uiop:split-name-type "a.b"))`, `("a" "b")`}})
	// DEFMETHOD on an ASDF generic function before ASDF's code is loaded.
	in = golem.New(golem.Options{})
	runChecks(t, in, []check{
		{`(typep (defmethod asdf:perform ((o asdf:test-op) (c (eql 3))) :three) 'standard-method)`, "T"},
		{`(asdf:perform (make-instance 'asdf:test-op) 3)`, ":THREE"},
	})
}

// A system using every DEFSYSTEM option loads, with its dependencies, the
// extension it names in :defsystem-depends-on, and its test system.
func TestLoadEveryOption(t *testing.T) {
	dir := projects(t)
	in := sandboxed(t, dir)
	runChecks(t, in, []check{
		{`(asdf:load-system "greet")`, "T"},
		{`(greet:greet)`, `"Hello, WORLD!"`},
		{`(greet:banner)`, `"HELLO"`},
		{`greet:*loaded-by-perform*`, "T"},
		{`greet-system::*loads*`, "1"},
		{`(and (fboundp 'greet::last-loaded) t)`, "T"},
		{`(asdf:system-version "greet")`, `"1.2.3"`},
		{`(let ((s (asdf:find-system "greet")))
		   (list (asdf:system-author s) (asdf:system-license s) (asdf:system-description s)
		         (asdf:system-homepage s)))`,
			`("Ada" "MIT" "Says hello." "https://example.invalid/greet")`},
		{`(asdf:system-long-description (asdf:find-system "greet"))`, `"Greet says hello.
"`},
		{`(mapcar #'asdf:component-name (asdf:component-children (asdf:find-system "greet")))`,
			`("package" "source" "README.txt" "last")`},
		{`(mapcar #'asdf:component-name (asdf::%system-files (asdf:find-system "greet")))`,
			`("package" "names" "punct" "greet" "last")`},
		{`(type-of (asdf:find-component "greet" '("source" "names")))`, "GREET-SYSTEM::SHOUTING-FILE"},
		{`(greet-system::loud (asdf:find-component "greet" '("source" "names")))`, "T"},
		{`(type-of (asdf:find-component "greet" '("source" "punct")))`, "ASDF::EXT-FILE"},
		{`(enough-namestring (asdf:component-pathname (asdf:find-component "greet" '("source" "text" "banner.txt"))) (asdf:system-source-directory "greet"))`,
			`"src/text/banner.txt"`},
		{`(enough-namestring (asdf:system-relative-pathname "greet" "t/tests.lisp") (asdf:system-source-directory :greet))`, `"t/tests.lisp"`},
		{`(asdf:component-loaded-p "util")`, "T"},
		{`(asdf:component-loaded-p "greet-ext")`, "T"},
		{`(asdf:test-system "greet")`, "T"},
		{`greet-tests::*runs*`, "1"},
		{`(asdf:oos 'asdf:test-op "greet/tests") greet-tests::*runs*`, "2"},
		{`(package-name *package*)`, `"COMMON-LISP-USER"`},
	})
	res, err := in.Eval(context.Background(), `(asdf:test-system "greet")`)
	require.NoError(t, err)
	assert.Equal(t, "greet tests passed\n", res.Stdout)
}

// Every entry point goes through the one loader.
func TestEntryPoints(t *testing.T) {
	dir := projects(t)
	for _, tc := range []struct{ name, code, want string }{
		{"load-system", `(asdf:load-system :util)`, "T"},
		{"quickload", `(ql:quickload :util :silent t)`, "(:UTIL)"},
		{"require", `(require :util)`, `("UTIL")`},
		{"oos", `(asdf:oos 'asdf:load-op "util") t`, "T"},
		{"operate compile-op", `(asdf:operate 'asdf:compile-op "util") t`, "T"},
		{"require-system", `(asdf:require-system "util")`, "T"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := sandboxed(t, dir)
			assert.Equal(t, tc.want, evalText(t, in, tc.code))
			assert.Equal(t, `"ABC"`, evalText(t, in, `(util:shout "abc")`))
			assert.Equal(t, "T", evalText(t, in, `(asdf:component-loaded-p "util")`))
			assert.Equal(t, "T", evalText(t, in, `(asdf:test-system "util") cl-user::util-tested`))
		})
	}
	in := sandboxed(t, dir)
	res, err := in.Eval(context.Background(), `(ql:quickload "util")`)
	require.NoError(t, err)
	assert.Equal(t, "To load \"util\":\n  Load 1 ASDF system:\n    util\n; Loading \"util\"\n", res.Stdout)
	runChecks(t, in, []check{
		{`(car (last (pathname-directory (ql:where-is-system "util"))))`, `"util"`},
		{`(ql:where-is-system "no-such-system")`, "NIL"},
	})
}

// touch rewrites a file with new content and a modification time in the
// future, so that the change is seen whatever the file system's clock.
func touch(t *testing.T, path, content string, ahead time.Duration) {
	t.Helper()
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	when := time.Now().Add(ahead)
	require.NoError(t, os.Chtimes(path, when, when))
}

// A system loaded again reloads the files changed since, and those after
// them; :force t reloads all.
func TestReload(t *testing.T) {
	dir := projects(t)
	in := sandboxed(t, dir)
	runChecks(t, in, []check{
		{`(asdf:load-system "greet")`, "T"},
		{`(asdf:load-system "greet")`, "T"},
		{`greet-system::*loads*`, "1"},
	})
	touch(t, filepath.Join(dir, "greet/src/greet.lisp"),
		"(in-package :greet)\n(defun greet (&optional (name (default-name))) (format nil \"Hi, ~A~A\" name (punct)))\n", time.Hour)
	runChecks(t, in, []check{
		{`(defun greet::last-loaded () :redefined)`, "GREET::LAST-LOADED"},
		{`(asdf:load-system "greet")`, "T"},
		{`(greet:greet)`, `"Hi, world!"`},
		{`greet-system::*loads*`, "1"},               // names.lisp comes before: not reloaded
		{`(greet::last-loaded)`, "T"},                // last.lisp comes after: reloaded
		{`(asdf:load-system "greet" :force t)`, "T"}, // everything
		{`greet-system::*loads*`, "2"},
	})
	// A file that failed to load is loaded again next time, even when its
	// date did not change (it reloaded because of :force).
	last := filepath.Join(dir, "greet/last.lisp")
	fi, err := os.Stat(last)
	require.NoError(t, err)
	good, err := os.ReadFile(last)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(last, []byte(`(error "boom")`), 0o644))
	require.NoError(t, os.Chtimes(last, fi.ModTime(), fi.ModTime()))
	assert.Equal(t, "ERROR SIMPLE-ERROR: boom", evalText(t, in, `(asdf:load-system "greet" :force t)`))
	require.NoError(t, os.WriteFile(last, good, 0o644))
	require.NoError(t, os.Chtimes(last, fi.ModTime(), fi.ModTime()))
	runChecks(t, in, []check{
		{`(fmakunbound 'greet::last-loaded) (asdf:load-system "greet")`, "T"},
		{`(greet::last-loaded)`, "T"},
		{`greet-system::*loads*`, "3"},
	})
	// A changed dependency reloads its dependents.
	touch(t, filepath.Join(dir, "util/util.lisp"),
		"(defpackage :util (:use :cl) (:export #:shout)) (in-package :util) (defun shout (s) (string-downcase s))", 2*time.Hour)
	runChecks(t, in, []check{
		{`(ql:quickload "greet" :silent t)`, `("greet")`},
		{`greet-system::*loads*`, "4"},
		{`(util:shout "ABC")`, `"abc"`},
	})
	// A new component in the .asd is loaded.
	asd, err := os.ReadFile(filepath.Join(dir, "util/util.asd"))
	require.NoError(t, err)
	touch(t, filepath.Join(dir, "util/extra.lisp"), "(in-package :util) (defun extra () :extra)", 0)
	touch(t, filepath.Join(dir, "util/util.asd"),
		strings.Replace(string(asd), `(:file "util")`, `(:file "util") (:file "extra")`, 1), 3*time.Hour)
	runChecks(t, in, []check{
		{`(asdf:load-system "util")`, "T"},
		{`(util::extra)`, ":EXTRA"},
		{`(asdf:clear-system "util") (asdf:registered-system "util")`, "NIL"},
		{`(fmakunbound 'util::extra) (asdf:load-system "util") (util::extra)`, ":EXTRA"},
	})
}

// A package-inferred system: one file per package, dependencies from
// each file's DEFPACKAGE or UIOP:DEFINE-PACKAGE.
func TestPackageInferred(t *testing.T) {
	in := sandboxed(t, projects(t))
	runChecks(t, in, []check{
		{`(asdf:load-system "pis")`, "T"},
		{`(pis/main:run)`, `"ABAB"`},
		{`(asdf:system-depends-on (asdf:find-system "pis/main"))`, `("pis/strings")`},
		{`(asdf:system-depends-on (asdf:find-system "pis/strings"))`, `("util")`},
		{`(type-of (asdf:find-system "pis/strings"))`, "ASDF:PACKAGE-INFERRED-SYSTEM"},
	})
	assert.Contains(t, evalText(t, in, `(asdf:find-system "pis/nothing" nil)`), "FILE-ERROR")
}

// Errors name what is missing, as QUICKLISP-CLIENT:SYSTEM-NOT-FOUND.
func TestErrors(t *testing.T) {
	dir := projects(t)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "needy.asd"),
		[]byte(`(defsystem "needy" :depends-on ("util" "absent-dependency"))`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "ping.asd"),
		[]byte(`(defsystem "ping" :depends-on ("pong")) (defsystem "pong" :depends-on ("ping"))`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "selfish.asd"),
		[]byte(`(asdf:find-system "selfish" nil) (defsystem "selfish")`), 0o644))
	in := sandboxed(t, dir)
	runChecks(t, in, []check{
		{`(asdf:load-system "ping")`, `ERROR CIRCULAR-DEPENDENCY: Circular dependency: "ping" -> "pong" -> "ping"`},
		{`(asdf:load-system "selfish")`, "T"},
		{`(asdf:load-system "nonexistent")`, `ERROR SYSTEM-NOT-FOUND: System "nonexistent" not found.`},
		{`(asdf:find-system "nonexistent" nil)`, "NIL"},
		{`(handler-case (asdf:load-system "nonexistent") (asdf:missing-component () :caught))`, ":CAUGHT"},
		{`(ql:system-not-found-name (nth-value 1 (ignore-errors (ql:quickload "nonexistent"))))`, `"nonexistent"`},
		{`(asdf:load-system "needy")`,
			"ERROR SYSTEM-NOT-FOUND: System \"absent-dependency\" not found.\nRequired by system \"needy\"."},
		{`(asdf:load-system "badext")`,
			`ERROR FORMATTED-SYSTEM-DEFINITION-ERROR: System "badext" needs the ASDF extension "cffi-grovel" (:defsystem-depends-on), which golem does not provide and cannot find.`},
		{`(require "nonexistent")`, "ERROR SIMPLE-ERROR: Don't know how to REQUIRE nonexistent."},
	})
}

// The UIOP functions libraries call most, with SBCL's results.
func TestUIOP(t *testing.T) {
	dir := projects(t)
	in := sandboxed(t, dir)
	file := filepath.Join(dir, "greet", "version.sexp")
	runChecks(t, in, []check{
		{`(uiop:split-string "a b  c")`, `("a" "b" "" "c")`},
		{`(uiop:split-string "a,b,c" :separator "," :max 2)`, `("a,b" "c")`},
		{`(uiop:strcat "ab" "cd" "e")`, `"abcde"`},
		{`(list (uiop:string-prefix-p "ab" "abc") (uiop:string-prefix-p "abc" "ab") (uiop:string-suffix-p "abc" "bc"))`, "(T NIL T)"},
		{`(uiop:ensure-list 3)`, "(3)"},
		{`(uiop:ensure-list '(3))`, "(3)"},
		{`(uiop:if-let ((a 1) (b 2)) (+ a b) :no)`, "3"},
		{`(uiop:if-let ((a 1) (b nil)) (+ a b) :no)`, ":NO"},
		{`(list (uiop:featurep :golem) (uiop:featurep '(:and :golem (:not :sbcl))) (uiop:featurep '(:or :sbcl :ccl)))`, "(T T NIL)"},
		{`(uiop:symbol-call :cl :+ 1 2)`, "3"},
		{`(uiop:find-symbol* "CAR" :cl)`, "CAR | :EXTERNAL"},
		{`(uiop:find-symbol* "NOPE" :no-such-package nil)`, "NIL | NIL"},
		{`(uiop:subpathname #p"/a/b/" "c/d.lisp")`, `#P"/a/b/c/d.lisp"`},
		{`(uiop:subpathname #p"/a/b/x.lisp" "c/")`, `#P"/a/b/c/"`},
		{`(uiop:ensure-directory-pathname "/a/b")`, `#P"/a/b/"`},
		{`(uiop:pathname-directory-pathname #p"/a/b/c.lisp")`, `#P"/a/b/"`},
		{`(uiop:pathname-parent-directory-pathname #p"/a/b/")`, `#P"/a/"`},
		{`(uiop:merge-pathnames* "c.lisp" #p"/a/")`, `#P"/a/c.lisp"`},
		{`(uiop:read-file-form "` + file + `")`, `"1.2.3"`},
		{`(uiop:read-file-forms "` + file + `")`, `("1.2.3")`},
		{`(uiop:read-file-lines "` + file + `")`, `("\"1.2.3\"")`},
		{`(uiop:read-file-string "` + file + `")`, `"\"1.2.3\"
"`},
		{`(uiop:getenv "PATH")`, "NIL"},
		{`(uiop:command-line-arguments)`, "NIL"},
		{`(let ((golem:*command-line-arguments* '("a" "b"))) (uiop:command-line-arguments))`, `("a" "b")`},
		{`(type-of (nth-value 1 (ignore-errors (uiop:run-program "ls"))))`, "UIOP:NOT-IMPLEMENTED-ERROR"},
		{`(uiop:define-package :dp-test (:use :cl) (:export #:x)) (package-name (find-package :dp-test))`, `"DP-TEST"`},
		{`(uiop:with-gensyms (a b) (list (symbolp a) (symbolp b)))`, "(T T)"},
		{`(uiop:version< "1.2" "1.10")`, "T"},
		{`(asdf:version-satisfies "1.2.3" "1.2")`, "T"},
		{`(uiop:while-collecting (c) (c 1) (c 2))`, "(1 2)"},
	})
	assert.Contains(t, evalText(t, in, `(uiop:quit 3)`), "ERROR")
}

// Systems are found in Quicklisp's local-projects/ and in the unpacked
// releases of an installation, and through the fetcher when set.
func TestQuicklispDirectories(t *testing.T) {
	ql := t.TempDir()
	writeTree(t, ql, map[string]string{
		"local-projects/mine/deep/mine.asd":                     `(defsystem "mine" :components ((:file "mine")))`,
		"local-projects/mine/deep/mine.lisp":                    `(defun mine-fn () :mine)`,
		"dists/quicklisp/software/rel-2024/rel.asd":             `(defsystem "rel" :version "2.0" :depends-on ("mine") :components ((:file "rel")))`,
		"dists/quicklisp/software/rel-2024/rel.lisp":            `(defun rel-fn () (list :rel (mine-fn)))`,
		"dists/quicklisp/software/other-2024/other.asd":         `(defsystem "other")`,
		"dists/quicklisp/software/other-2024/.git/hidden.asd":   `(defsystem "hidden")`,
		"dists/quicklisp/software/other-2024/sub/relish.asd":    `(defsystem "relish")`,
		"dists/quicklisp/software/other-2024/sub/not-asd.lisp":  ``,
		"dists/quicklisp/software/other-2024/sub/deeper/x.text": ``,
	})
	fetched := t.TempDir()
	writeTree(t, fetched, map[string]string{
		"far-1.0/far.asd":  `(defsystem "far" :components ((:file "far")))`,
		"far-1.0/far.lisp": `(defun far-fn () :far)`,
	})
	var asked []string
	in := golem.New(golem.Options{Limits: golem.Limits{Timeout: 20 * time.Second}})
	asdf.Configure(in.Image(), asdf.Config{QuicklispHome: ql, Roots: []string{},
		Fetch: func(ctx context.Context, system string) (string, error) {
			asked = append(asked, system)
			if system == "far" {
				return filepath.Join(fetched, "far-1.0"), nil
			}
			return "", nil
		}})
	runChecks(t, in, []check{
		{`(mapcar #'namestring ql:*local-project-directories*)`, `("` + ql + `/local-projects/")`},
		{`(ql:quickload "rel" :silent t)`, `("rel")`},
		{`(rel-fn)`, "(:REL :MINE)"},
		{`(ql:system-apropos-list "rel")`, `("rel" "relish")`},
		{`(car (last (pathname-directory (ql:where-is-system "mine"))))`, `"deep"`},
		{`(asdf:load-system "far")`, "T"},
		{`(far-fn)`, ":FAR"},
		{`(asdf:find-system "nowhere" nil)`, "NIL"},
	})
	assert.Equal(t, []string{"far", "nowhere"}, asked)
	res, err := in.Eval(context.Background(), `(ql:system-apropos "rel")`)
	require.NoError(t, err)
	assert.Equal(t, "#<SYSTEM rel / "+ql+"/dists/quicklisp/software/rel-2024/>\n#<SYSTEM relish / "+
		ql+"/dists/quicklisp/software/other-2024/sub/>\n", res.Stdout)
}

// A reader error in a system's third file names the file, line and column.
func TestReadErrorNamesFile(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"paren/paren.asd": `(defsystem "paren" :serial t :components ((:file "a") (:file "b") (:file "c")))`,
		"paren/a.lisp":    "(defun a () 1)",
		"paren/b.lisp":    "(defun b () 2)",
		"paren/c.lisp":    "(defun c ()\n  (list 1\n        2)\n(defun d () 4)\n",
	})
	in := sandboxed(t, dir)
	_, err := in.Eval(context.Background(), `(asdf:load-system "paren")`)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "file: "+filepath.Join(dir, "paren", "c.lisp")+", line: 1, column: 0")
	assert.Equal(t, "2", evalText(t, in, "(b)"), "the files before it are loaded")
}

// Exported variables have their values before the Lisp code loads, and a
// value set then survives the loading.
func TestVariablesBeforeLoading(t *testing.T) {
	in := golem.New(golem.Options{})
	runChecks(t, in, []check{
		{`(list (streamp uiop:*stdout*) asdf:*compile-file-warnings-behaviour* uiop:*fatal-conditions*)`, `(T :WARN (ERROR))`},
		{`(setf asdf:*compile-file-warnings-behaviour* :ignore)`, ":IGNORE"},
		{`(and (fboundp 'asdf::%load) t)`, "NIL"},
		{`(uiop:strcat "a" "b")`, `"ab"`},
		{`(and (fboundp 'asdf::%load) t)`, "T"},
		{`asdf:*compile-file-warnings-behaviour*`, ":IGNORE"},
		{`(with-output-to-string (*standard-output*) (format uiop:*stdout* "to ~a" :stdout))`, `"to STDOUT"`},
	})
}
