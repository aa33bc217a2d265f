package runtime_test

import (
	"testing"

	"github.com/golem-lisp/golem"
)

func TestLogicalPathnames(t *testing.T) {
	in := golem.New(golem.Options{})
	fxRun(t, in, []fxCase{
		{`(setf (logical-pathname-translations "LT") '(("SRC;**;*.*.*" "/tmp/ltsrc/**/*.*") ("**;*.*.*" "/tmp/lt/**/*.*")))`,
			`=> (("SRC;**;*.*.*" "/tmp/ltsrc/**/*.*") ("**;*.*.*" "/tmp/lt/**/*.*"))`, false},
		{`(logical-pathname "lt:a;b;foo.lisp.3")`, `=> #P"LT:A;B;FOO.LISP.3"`, false},
		{`(list (pathname-host "LT:X") (pathname-device "LT:X") (pathname-directory "LT:X") (pathname-directory "LT:;A;X") (pathname-version "LT:X.Y.NEWEST"))`,
			`=> ("LT" :UNSPECIFIC (:ABSOLUTE) (:RELATIVE "A") :NEWEST)`, false},
		{`(type-of (pathname "LT:FOO"))`, `=> LOGICAL-PATHNAME`, false},
		{`(list (typep #p"/tmp/x" 'logical-pathname) (typep (pathname "LT:FOO") 'pathname))`, `=> (NIL T)`, false},
		{`(translate-logical-pathname "LT:A;B;FOO.LSP")`, `=> #P"/tmp/lt/a/b/foo.lsp"`, false},
		{`(translate-logical-pathname "LT:SRC;X;MAIN.LISP")`, `=> #P"/tmp/ltsrc/x/main.lisp"`, false},
		{`(wild-pathname-p (translate-logical-pathname "LT:*.FOO"))`, `=> T`, false},
		{`(make-pathname :host "LT" :name "foo" :type "l")`, `=> #P"LT:FOO.L"`, false},
		{`(logical-pathname "LT:A B")`, "~is not a valid logical namestring", true},
		{`(logical-pathname "LT:X.Y.0")`, "~positive integer version", true},
		{`(logical-pathname "NOSUCHHOST:X")`, "~logical host not yet defined", true},
		{`(logical-pathname (make-string-input-stream "x"))`, "~is not of type LOGICAL-PATHNAME", true},
		{`(parse-namestring "LT:X" "OTHERHOST")`, "~logical host not yet defined", true},
		{`(equal (pathname "LT:FOO") (pathname "lt:foo"))`, `=> T`, false},
		{`(merge-pathnames "foo.lsp" (logical-pathname "LT:A;B;"))`, `=> #P"LT:FOO.LSP.NEWEST"`, false},
		{`(merge-pathnames "/x/foo.lsp" (logical-pathname "LT:A;B;"))`, `=> #P"/x/foo.lsp"`, false},
		{`(handler-case (write-to-string (make-pathname :type "txt") :readably t) (print-not-readable () :no))`, `=> :NO`, false},
		{`(probe-file (make-pathname :directory '(:absolute :up)))`, "~invalid use of :UP after :ABSOLUTE", true},
		{`(directory (make-pathname :directory '(:relative :wild-inferiors :back)))`, "~invalid use of :BACK after :WILD-INFERIORS", true},
	})
}

// Logical pathnames reach files only through the sandbox: a translation
// into an allowed directory works, one out of it is refused.
func TestLogicalPathnamesSandboxed(t *testing.T) {
	dir := t.TempDir()
	in := golem.New(golem.Options{AllowRead: []string{dir}, AllowWrite: []string{dir}})
	fxRun(t, in, []fxCase{
		{`(progn (setf (logical-pathname-translations "LS") '(("OUT;**;*.*.*" "/etc/**/*.*") ("**;*.*.*" "` + dir + `/**/*.*"))) t)`, `=> T`, false},
		{`(with-open-file (s "LS:NOTE.TXT" :direction :output) (write-string "hi" s) (pathname s))`, `=> #P"LS:NOTE.TXT.NEWEST"`, false},
		{`(with-open-file (s "LS:NOTE.TXT") (values (read-line s)))`, `=> "hi"`, false},
		{`(namestring (probe-file "LS:NOTE.TXT"))`, `=> "` + dir + `/note.txt"`, false},
		{`(probe-file "LS:OUT;PASSWD")`, "~cannot probe", true},
	})
}
