package runtime_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/golem-lisp/golem"
	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fxCase is one end-to-end evaluation: want is the exact response text, or
// with a leading "~" a substring of it; isErr says whether it must fail.
type fxCase struct {
	code  string
	want  string
	isErr bool
}

func fxRun(t *testing.T, in *golem.Interpreter, cases []fxCase) {
	t.Helper()
	for _, c := range cases {
		got, isErr := in.EvalResponse(context.Background(), c.code)
		if strings.HasPrefix(c.want, "~") {
			assert.Contains(t, got, c.want[1:], c.code)
		} else {
			assert.Equal(t, c.want, got, c.code)
		}
		assert.Equal(t, c.isErr, isErr, "%s\n%s", c.code, got)
	}
}

// lispString quotes a Go string as a Lisp string literal.
func lispString(s string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
}

func TestFileStreamsUnrestricted(t *testing.T) {
	dir := t.TempDir()
	in := golem.New(golem.Options{Unrestricted: true})
	d := func(name string) string { return lispString(dir + "/" + name) }
	fxRun(t, in, []fxCase{
		{`(with-open-file (s ` + d("a.txt") + ` :direction :output)
		   (write-line "hello" s) (format s "w~Crld~%" (code-char 246))
		   (list (file-position s) (file-length s) (stream-element-type s) (output-stream-p s) (input-stream-p s)))`,
			"=> (13 13 CHARACTER T NIL)", false},
		{`(with-open-file (s ` + d("a.txt") + `)
		   (list (read-line s) (read-line s) (read-line s nil :eof) (file-position s) (stream-external-format s)
		         (type-of s) (typep s 'file-stream) (typep s 'stream) (streamp s) (interactive-stream-p s)
		         (file-string-length s "wö")))`,
			`=> ("hello" "wörld" :EOF 13 :UTF-8 FILE-STREAM T T T NIL 3)`, false},
		{`(with-open-file (s ` + d("a.txt") + `)
		   (list (file-string-length s (make-array 3 :element-type 'character :displaced-to "abcdé" :displaced-index-offset 2))
		         (file-string-length s #\é) (handler-case (file-string-length s 12) (type-error () :type-error))))`,
			`=> (4 2 :TYPE-ERROR)`, false},
		{`(with-open-file (s ` + d("a.txt") + `) (list (read-char s) (file-position s 7) (read-char s) (file-position s)
		   (file-position s :end) (read-char s nil :e) (file-position s :start) (read-char s)))`,
			`=> (#\h T #\LATIN_SMALL_LETTER_O_WITH_DIAERESIS 9 T :E T #\h)`, false},
		{`(with-open-file (s ` + d("a.txt") + `) (let ((str (make-string 8 :initial-element #\-)))
		   (list (read-sequence str s :start 1 :end 6) str (read-sequence (make-list 2) s))))`,
			`=> (6 "-hello--" 2)`, false},
		{`(with-open-file (s ` + d("a.txt") + ` :direction :output) s)`,
			`~The file #P"` + filepath.Join(dir, "a.txt") + `" already exists: File exists`, true},
		{`(with-open-file (s ` + d("a.txt") + ` :direction :output :if-exists nil) s)`, "=> NIL", false},
		{`(with-open-file (s ` + d("a.txt") + ` :direction :output :if-exists :append) (write-string "more" s) (file-length s))`,
			"=> 17", false},
		{`(with-open-file (s ` + d("a.txt") + ` :direction :output :if-exists :overwrite) (write-string "J" s))
		  (with-open-file (s ` + d("a.txt") + `) (read-line s))`, "=> \"Jello\"\n=> NIL", false},
		{`(with-open-file (s ` + d("a.txt") + ` :direction :output :if-exists :supersede)
		   (write-string "new" s)
		   (with-open-file (old ` + d("a.txt") + `) (values (read-line old))))`, `=> "Jello"`, false},
		{`(with-open-file (s ` + d("a.txt") + `) (read-line s))`, "=> \"new\"\n=> T", false},
		{`(with-open-file (s ` + d("a.txt") + ` :direction :output :if-exists :rename) (write-string "newer" s))
		  (list (with-open-file (s ` + d("a.txt") + `) (read-line s)) (with-open-file (s ` + d("a.txt.bak") + `) (read-line s)))`,
			`=> ("newer" "new")`, false},
		{`(open ` + d("missing") + `)`, `~does not exist: No such file or directory`, true},
		{`(open ` + d("missing") + ` :if-does-not-exist nil)`, "=> NIL", false},
		{`(with-open-file (s ` + d("missing") + ` :direction :output :if-does-not-exist nil) s)`, "=> NIL", false},
		{`(with-open-file (s ` + d("nodir/x") + ` :direction :output) s)`, `~does not exist.`, true},
		{`(handler-case (open ` + d("missing") + `) (file-error (e) (file-error-pathname e)))`,
			`=> #P"` + filepath.Join(dir, "missing") + `"`, false},
		{`(open ` + d("a.txt") + ` :direction :sideways)`, "~(MEMBER :INPUT :OUTPUT :IO :PROBE)", true},
		{`(with-open-file (s ` + d("io.txt") + ` :direction :io) (write-string "hello" s) (file-position s 0)
		   (list (read-char s) (file-position s) (progn (write-char #\E s) (file-position s 0)) (read-line s)))`,
			`=> (#\h 1 T "hEllo")`, false},
		{`(let ((s (open ` + d("io.txt") + `))) (close s) (list (open-stream-p s) (close s) (typep (pathname s) 'pathname)))`,
			"=> (NIL T T)", false},
		{`(with-open-file (s ` + d("p.txt") + ` :direction :probe) s)`, "=> NIL", false},
		{`(let ((s (open ` + d("io.txt") + ` :direction :probe))) (list (open-stream-p s) (namestring (truename s))))`,
			`=> (NIL "` + filepath.Join(dir, "io.txt") + `")`, false},
		{`(with-open-file (s ` + d("l1.txt") + ` :direction :output :external-format :latin-1)
		   (write-string "é" s) (file-length s))`, "=> 1", false},
		{`(with-open-file (s ` + d("l1.txt") + ` :external-format :latin-1) (list (read-char s) (stream-external-format s)))`,
			`=> (#\LATIN_SMALL_LETTER_E_WITH_ACUTE :LATIN-1)`, false},
	})
}

func TestBinaryFileStreams(t *testing.T) {
	dir := t.TempDir()
	in := golem.New(golem.Options{Unrestricted: true})
	d := func(name string) string { return lispString(dir + "/" + name) }
	fxRun(t, in, []fxCase{
		{`(with-open-file (s ` + d("b.bin") + ` :direction :output :element-type '(unsigned-byte 8))
		   (write-byte 65 s) (write-sequence #(66 67 200) s) (list (stream-element-type s) (file-position s)))`,
			"=> ((UNSIGNED-BYTE 8) 4)", false},
		{`(with-open-file (s ` + d("b.bin") + ` :element-type '(unsigned-byte 8))
		   (let ((v (make-array 6 :initial-element 0)))
		     (list (read-byte s) (read-sequence v s) v (read-byte s nil :eof) (file-length s))))`,
			"=> (65 3 #(66 67 200 0 0 0) :EOF 4)", false},
		{`(with-open-file (s ` + d("b.bin") + ` :element-type '(unsigned-byte 8)) (read-byte s) (read-byte s) (read-byte s) (read-byte s) (read-byte s))`,
			"~END-OF-FILE", true},
		{`(with-open-file (s ` + d("w.bin") + ` :direction :output :element-type '(unsigned-byte 16))
		   (write-byte 65535 s) (write-byte 258 s) (write-byte 70000 s))`, "~(UNSIGNED-BYTE 16)", true},
		{`(with-open-file (s ` + d("w.bin") + ` :direction :output :if-exists :supersede :element-type '(unsigned-byte 16))
		   (write-byte 65535 s) (write-byte 258 s))
		  (with-open-file (s ` + d("w.bin") + ` :element-type '(unsigned-byte 16))
		   (list (file-length s) (read-byte s) (read-byte s)))`, "=> (2 65535 258)", false},
		{`(with-open-file (s ` + d("w.bin") + ` :element-type '(unsigned-byte 8)) (list (file-length s) (read-byte s) (read-byte s) (read-byte s)))`,
			"=> (4 255 255 2)", false},
		{`(with-open-file (s ` + d("s.bin") + ` :direction :output :element-type '(signed-byte 8)) (write-byte -2 s) (write-byte 127 s))
		  (with-open-file (s ` + d("s.bin") + ` :element-type '(signed-byte 8)) (list (read-byte s) (read-byte s)))`,
			"=> (-2 127)", false},
		{`(with-open-file (s ` + d("s.bin") + ` :element-type '(signed-byte 8)) (write-byte 1 s))`, "~is not a binary output stream", true},
		{`(with-open-file (s ` + d("s.bin") + `) (read-byte s))`, "~is not a binary input stream", true},
		{`(read-byte (make-string-input-stream "abc"))`, "~is not a binary input stream", true},
		{`(open ` + d("s.bin") + ` :element-type 'hash-table)`, "~unsupported :ELEMENT-TYPE", true},
	})
}

func TestFileSystemFunctions(t *testing.T) {
	dir := t.TempDir()
	real, err := filepath.EvalSymlinks(dir)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "sub", "deep"), 0o755))
	for _, f := range []string{"a.lisp", "b.txt", "noext", "sub/c.lisp", "sub/deep/d.lisp"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, f), []byte("(defparameter *loaded* '"+strings.ReplaceAll(f, "/", "-")+")"), 0o644))
	}
	in := golem.New(golem.Options{Unrestricted: true})
	d := func(name string) string { return lispString(dir + "/" + name) }
	r := func(name string) string { return `#P"` + filepath.Join(real, name) + `"` }
	rd := func(name string) string { return `#P"` + filepath.Join(real, name) + `/"` }
	// ls lists DIRECTORY's results relative to the directory.
	ls := func(pattern string) string {
		return `(mapcar (lambda (p) (enough-namestring p ` + lispString(real+"/") + `)) (directory ` + d(pattern) + `))`
	}
	fxRun(t, in, []fxCase{
		{`(probe-file ` + d("a.lisp") + `)`, "=> " + r("a.lisp"), false},
		{`(probe-file ` + d("nope") + `)`, "=> NIL", false},
		{`(probe-file ` + d("sub") + `)`, "=> " + rd("sub"), false},
		{`(truename ` + d("sub/../a.lisp") + `)`, "=> " + r("a.lisp"), false},
		{`(truename ` + d("nope") + `)`, "~Failed to find the TRUENAME of", true},
		{`(directory ` + d("*.lisp") + `)`, "=> (" + r("a.lisp") + ")", false},
		{ls("*.*"), `=> ("a.lisp" "b.txt" "noext" "sub/")`, false},
		{ls("*"), `=> ("noext" "sub/")`, false},
		{ls("**/*.lisp"), `=> ("a.lisp" "sub/c.lisp" "sub/deep/d.lisp")`, false},
		{ls("**/"), `=> ("" "sub/" "sub/deep/")`, false},
		{ls("*.l*"), `=> ("a.lisp")`, false},
		{`(directory ` + d("*/") + `)`, "=> (" + rd("sub") + ")", false},
		{`(directory ` + d("nodir/*.*") + `)`, "=> NIL", false},
		{`(mapcar #'file-namestring (directory ` + d("su?/*.lisp") + `))`, `=> ("c.lisp")`, false},
		{`(integerp (file-write-date ` + d("a.lisp") + `))`, "=> T", false},
		{`(file-write-date ` + d("nope") + `)`, "~Failed to find the WRITE-DATE", true},
		{`(stringp (file-author ` + d("a.lisp") + `))`, "=> T", false},
		{`(load ` + d("a.lisp") + `) *loaded*`, "=> A.LISP", false},
		{`(load ` + d("sub/c") + `) *loaded*`, "=> SUB-C.LISP", false},
		{`(load ` + d("nope") + `)`, "~couldn't load", true},
		{`(load ` + d("nope") + ` :if-does-not-exist nil)`, "=> NIL", false},
		{`(multiple-value-list (ensure-directories-exist ` + d("new/x/y.txt") + `))`, `=> (` + d("new/x/y.txt") + ` T)`, false},
		{`(multiple-value-list (ensure-directories-exist ` + d("new/x/y.txt") + `))`, `=> (` + d("new/x/y.txt") + ` NIL)`, false},
		{`(with-open-file (s ` + d("new/x/y.txt") + ` :direction :output) (write-string "y" s))
		  (mapcar #'namestring (multiple-value-list (rename-file ` + d("new/x/y.txt") + ` "z.txt")))`,
			"=> (" + d("new/x/z.txt") + "\n " + lispString(filepath.Join(real, "new/x/y.txt")) + "\n " + lispString(filepath.Join(real, "new/x/z.txt")) + ")", false},
		{`(list (delete-file ` + d("new/x/z.txt") + `) (probe-file ` + d("new/x/z.txt") + `))`, "=> (T NIL)", false},
		{`(delete-file ` + d("new/x/z.txt") + `)`, "~Could not delete the file", true},
		{`(rename-file ` + d("nope") + ` "x")`, "~Failed to find the TRUENAME", true},
	})
}

func TestCloseAbort(t *testing.T) {
	dir := t.TempDir()
	in := golem.New(golem.Options{Unrestricted: true})
	created := filepath.Join(dir, "created.txt")
	kept := filepath.Join(dir, "kept.txt")
	require.NoError(t, os.WriteFile(kept, []byte("old"), 0o644))
	err := in.Run(context.Background(), func(th *rt.Thread) {
		kw := th.Img.Kw
		s := th.OpenFile([]rt.Value{rt.NewString(created), kw("DIRECTION"), kw("OUTPUT")}).(*rt.FileStream)
		s.WriteString("data")
		s.CloseAbort()
		s2 := th.OpenFile([]rt.Value{rt.NewString(kept), kw("DIRECTION"), kw("OUTPUT"), kw("IF-EXISTS"), kw("SUPERSEDE")}).(*rt.FileStream)
		s2.WriteString("new")
		s2.CloseAbort()
		s3 := th.OpenFile([]rt.Value{rt.NewString(kept), kw("DIRECTION"), kw("OUTPUT"), kw("IF-EXISTS"), kw("RENAME")}).(*rt.FileStream)
		s3.WriteString("newer")
		s3.CloseAbort()
	})
	require.NoError(t, err)
	_, statErr := os.Stat(created)
	assert.True(t, os.IsNotExist(statErr), "an aborted new file is deleted")
	data, err := os.ReadFile(kept)
	require.NoError(t, err)
	assert.Equal(t, "old", string(data), "an aborted :supersede or :rename leaves the old file")
	entries, _ := os.ReadDir(dir)
	assert.Len(t, entries, 1, "no temporary or backup files remain")
}

func TestSandboxFilePolicy(t *testing.T) {
	root := t.TempDir()
	ro := filepath.Join(root, "ro")
	rw := filepath.Join(root, "rw")
	outside := filepath.Join(root, "outside")
	for _, p := range []string{ro, rw, outside} {
		require.NoError(t, os.MkdirAll(p, 0o755))
	}
	require.NoError(t, os.WriteFile(filepath.Join(ro, "data.txt"), []byte("read me\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(ro, "lib.lisp"), []byte("(defun lib-fn () :lib)"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("secret\n"), 0o644))
	require.NoError(t, os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(ro, "link.txt")))
	require.NoError(t, os.Symlink(outside, filepath.Join(ro, "linkdir")))
	require.NoError(t, os.Symlink(filepath.Join(outside, "planted.txt"), filepath.Join(rw, "dangling.txt")))
	require.NoError(t, os.Symlink(filepath.Join(ro, "data.txt"), filepath.Join(rw, "inner-link.txt")))

	in := golem.New(golem.Options{AllowRead: []string{ro}, AllowWrite: []string{rw}})
	q := lispString
	fxRun(t, in, []fxCase{
		{`*default-pathname-defaults*`, `=> #P""`, false},
		{`(with-open-file (s ` + q(filepath.Join(ro, "data.txt")) + `) (read-line s))`, "=> \"read me\"\n=> NIL", false},
		{`(with-open-file (s "data.txt") (read-line s))`, "=> \"read me\"\n=> NIL", false},
		{`(load "lib.lisp") (lib-fn)`, "=> :LIB", false},
		{`(load "lib")`, "=> T", false},
		{`(with-open-file (s ` + q(filepath.Join(rw, "inner-link.txt")) + `) (read-line s))`, "=> \"read me\"\n=> NIL", false},
		{`(mapcar #'file-namestring (directory ` + q(filepath.Join(ro, "*.*")) + `))`, `=> ("data.txt" "lib.lisp")`, false},
		// Escapes: .., symlinks to files and directories outside.
		{`(open ` + q(filepath.Join(ro, "../outside/secret.txt")) + `)`, "~is outside the directories this session may read", true},
		{`(open "../outside/secret.txt")`, "~is outside the directories this session may read", true},
		{`(open ` + q(filepath.Join(ro, "link.txt")) + `)`, "~is outside the directories", true},
		{`(open ` + q(filepath.Join(ro, "linkdir/secret.txt")) + `)`, "~is outside the directories", true},
		// ".." is resolved lexically, before symlinks: these name ro/ro/data.txt
		// and ro/outside/secret.txt, which do not exist.
		{`(with-open-file (s ` + q(ro+"/linkdir/../ro/data.txt") + `) (values (read-line s)))`, "~does not exist", true},
		{`(open ` + q(ro+"/linkdir/../outside/secret.txt") + `)`, "~does not exist", true},
		{`(probe-file ` + q(filepath.Join(outside, "secret.txt")) + `)`, "~--allow-read DIR", true},
		{`(load ` + q(filepath.Join(outside, "secret.txt")) + `)`, "~cannot load it", true},
		{`(directory ` + q(filepath.Join(outside, "*.*")) + `)`, "~is outside the directories", true},
		{`(handler-case (open "/etc/passwd") (file-error (e) (list (type-of e) (file-error-pathname e))))`,
			`=> (SIMPLE-FILE-ERROR #P"/etc/passwd")`, false},
		// Writes: only inside the write directory.
		{`(open ` + q(filepath.Join(ro, "new.txt")) + ` :direction :output)`, "~may write", true},
		{`(with-open-file (s "out.txt" :direction :output) (write-string "hi" s)) (probe-file "out.txt")`,
			"~/rw/out.txt", false},
		// A relative DIRECTORY covers every allowed directory; escaping links are left out.
		{`(mapcar #'file-namestring (directory "*.txt"))`, `=> ("data.txt" "out.txt")`, false},
		{`(with-open-file (s ` + q(filepath.Join(rw, "dangling.txt")) + ` :direction :output) (write-string "x" s))`,
			"~is outside the directories this session may write", true},
		{`(ensure-directories-exist ` + q(filepath.Join(rw, "a/b/")) + `)`, "~=> " + q(filepath.Join(rw, "a/b/")), false},
		{`(ensure-directories-exist ` + q(filepath.Join(rw, "../escape/")) + `)`, "~may write", true},
		{`(rename-file ` + q(filepath.Join(rw, "out.txt")) + ` ` + q(filepath.Join(outside, "stolen.txt")) + `)`, "~may write", true},
		{`(delete-file ` + q(filepath.Join(ro, "data.txt")) + `)`, "~may write", true},
		{`(delete-file ` + q(filepath.Join(rw, "out.txt")) + `)`, "=> T", false},
		// DELETE-FILE removes a link itself, not what it points to.
		{`(list (delete-file ` + q(filepath.Join(rw, "inner-link.txt")) + `) (delete-file ` + q(filepath.Join(rw, "dangling.txt")) + `)
		        (probe-file ` + q(filepath.Join(ro, "data.txt")) + `) (probe-file ` + q(filepath.Join(rw, "inner-link.txt")) + `))`,
			"~=> (T T #P", false},
	})
	_, err := os.Stat(filepath.Join(ro, "data.txt"))
	assert.NoError(t, err)
	_, err = os.Stat(filepath.Join(outside, "planted.txt"))
	assert.True(t, os.IsNotExist(err), "a dangling symlink must not create a file outside")
	_, err = os.Stat(filepath.Join(outside, "stolen.txt"))
	assert.True(t, os.IsNotExist(err))
	_, err = os.Stat(filepath.Join(root, "escape"))
	assert.True(t, os.IsNotExist(err))
}

func TestSandboxDisabledAndFS(t *testing.T) {
	closed := golem.New(golem.Options{})
	fxRun(t, closed, []fxCase{
		{`(open "x.lisp")`, "~File access is disabled in this session: cannot open #P\"x.lisp\"", true},
		{`(open "x.lisp")`, "~--allow-read DIR / --allow-write DIR", true},
		{`(open "x.lisp")`, "~Options.AllowRead", true},
		{`(load "/etc/passwd")`, "~File access is disabled", true},
		{`(with-open-file (s "/tmp/x" :direction :output))`, "~File access is disabled", true},
		{`(directory "/tmp/*.*")`, "~File access is disabled", true},
		{`(user-homedir-pathname)`, `=> #P"~/"`, false},
		{`(machine-instance)`, "=> NIL", false},
	})
	fsys := fstest.MapFS{
		"lib/util.lisp": {Data: []byte("(defun util () 42)")},
		"lib/data.txt":  {Data: []byte("line one\nline two\n")},
	}
	in := golem.New(golem.Options{FS: fsys})
	fxRun(t, in, []fxCase{
		{`(load "lib/util.lisp") (util)`, "=> 42", false},
		{`(with-open-file (s "lib/data.txt") (list (read-line s) (read-line s) (file-length s)))`,
			`=> ("line one" "line two" 18)`, false},
		{`(probe-file "lib/data.txt")`, `=> #P"lib/data.txt"`, false},
		{`(probe-file "lib/none.txt")`, `=> NIL`, false},
		{`(directory "lib/*.lisp")`, `=> (#P"lib/util.lisp")`, false},
		{`(open "../etc/passwd")`, "~File access is disabled", true},
		{`(open "/etc/passwd")`, "~File access is disabled", true},
		{`(open "lib/new.txt" :direction :output)`, "~Writing files is disabled", true},
	})
}

func TestResolveFileGoAPI(t *testing.T) {
	dir := t.TempDir()
	in := golem.New(golem.Options{AllowRead: []string{dir}})
	err := in.Run(context.Background(), func(th *rt.Thread) {
		host, fsys, _ := th.ResolveFile(rt.ParseNamestring(th.Img, "x/y.txt"), false, "open")
		assert.Nil(t, fsys)
		real, _ := filepath.EvalSymlinks(dir)
		assert.Equal(t, filepath.Join(real, "x/y.txt"), host)
	})
	require.NoError(t, err)
}
