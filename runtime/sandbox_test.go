//go:build unix

package runtime_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/golem-lisp/golem"
	rt "github.com/golem-lisp/golem/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sandboxTree makes root/allowed (with data.txt, sub/inner.txt and links of
// every kind) and root/outside/secret.txt, and returns the two directories.
func sandboxTree(t *testing.T) (allowed, outside string) {
	t.Helper()
	root := t.TempDir()
	allowed = filepath.Join(root, "allowed")
	outside = filepath.Join(root, "outside")
	require.NoError(t, os.MkdirAll(filepath.Join(allowed, "sub"), 0o755))
	require.NoError(t, os.MkdirAll(outside, 0o755))
	files := map[string]string{
		filepath.Join(allowed, "data.txt"):      "inside\n",
		filepath.Join(allowed, "sub/inner.txt"): "inner\n",
		filepath.Join(outside, "secret.txt"):    "SECRET\n",
	}
	for p, text := range files {
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	links := map[string]string{
		"abs-out.txt": filepath.Join(outside, "secret.txt"), // absolute, outside
		"rel-out.txt": "../outside/secret.txt",              // relative, outside
		"out-dir":     "../outside",                         // a directory outside
		"abs-in.txt":  filepath.Join(allowed, "data.txt"),   // absolute, inside
		"rel-in.txt":  "sub/inner.txt",                      // relative, inside
		"sub/up.txt":  "../data.txt",                        // relative, up but inside
		"chain.txt":   "rel-out.txt",                        // to a link that leaves
		"loop.txt":    "loop.txt",                           // a cycle
	}
	for name, target := range links {
		require.NoError(t, os.Symlink(target, filepath.Join(allowed, name)))
	}
	return allowed, outside
}

func TestSandboxEscapes(t *testing.T) {
	allowed, outside := sandboxTree(t)
	in := golem.New(golem.Options{AllowWrite: []string{allowed}})
	a := func(name string) string { return lispString(filepath.Join(allowed, name)) }
	const refused = "~is outside the directories this session may"
	read := func(path string) string {
		return `(with-open-file (s ` + path + `) (read-line s))`
	}
	fxRun(t, in, []fxCase{
		// Reads that stay inside.
		{read(a("data.txt")), "=> \"inside\"\n=> NIL", false},
		{read(a("abs-in.txt")), "=> \"inside\"\n=> NIL", false},
		{read(a("rel-in.txt")), "=> \"inner\"\n=> NIL", false},
		{read(a("sub/up.txt")), "=> \"inside\"\n=> NIL", false},
		{read(a("sub/../data.txt")), "=> \"inside\"\n=> NIL", false},
		{read(`"sub/inner.txt"`), "=> \"inner\"\n=> NIL", false},
		// .. and absolute paths outside.
		{read(a("../outside/secret.txt")), refused + " read", true},
		{read(`"../outside/secret.txt"`), refused + " read", true},
		{read(lispString(filepath.Join(outside, "secret.txt"))), refused + " read", true},
		{read(`"/etc/passwd"`), refused + " read", true},
		// Symlinks that leave: absolute, relative, through a directory, chained.
		{read(a("abs-out.txt")), refused + " read", true},
		{read(a("rel-out.txt")), refused + " read", true},
		{read(a("out-dir/secret.txt")), refused + " read", true},
		{read(a("chain.txt")), refused + " read", true},
		{read(a("loop.txt")), "~FILE-ERROR", true},
		{`(probe-file ` + a("rel-out.txt") + `)`, refused + " read", true},
		{`(load ` + a("out-dir/secret.txt") + `)`, refused + " read", true},
		{`(directory ` + a("out-dir/*.*") + `)`, refused + " read", true},
		// Links inside resolve to their targets; links that leave are left out.
		{`(mapcar #'file-namestring (directory ` + a("*.txt") + `))`, `=> ("data.txt" "inner.txt")`, false},
		{`(mapcar #'file-namestring (directory ` + a("*.txt") + ` :resolve-symlinks nil))`,
			`=> ("abs-in.txt" "data.txt" "rel-in.txt")`, false},
		// Writes through links that leave are refused and create nothing.
		{`(with-open-file (s ` + a("out-dir/new.txt") + ` :direction :output) (write-line "x" s))`, refused + " write", true},
		{`(with-open-file (s ` + a("rel-out.txt") + ` :direction :output :if-exists :supersede) (write-line "x" s))`,
			refused + " write", true},
		{`(ensure-directories-exist ` + a("out-dir/made/") + `)`, refused + " write", true},
		{`(rename-file ` + a("data.txt") + ` ` + a("out-dir/stolen.txt") + `)`, refused + " write", true},
		{`(delete-file ` + a("out-dir/secret.txt") + `)`, refused + " write", true},
		// A link itself is deleted, not what it names.
		{`(delete-file ` + a("abs-out.txt") + `)`, "=> T", false},
	})
	for _, name := range []string{"new.txt", "made", "stolen.txt"} {
		_, err := os.Lstat(filepath.Join(outside, name))
		assert.True(t, os.IsNotExist(err), name)
	}
	data, err := os.ReadFile(filepath.Join(outside, "secret.txt"))
	require.NoError(t, err)
	assert.Equal(t, "SECRET\n", string(data))
}

// TestSandboxLinksBetweenDirectories: a link from one allowed directory into
// another is followed (os.Root alone refuses absolute links).
func TestSandboxLinksBetweenDirectories(t *testing.T) {
	root := t.TempDir()
	a, b := filepath.Join(root, "a"), filepath.Join(root, "b")
	require.NoError(t, os.MkdirAll(a, 0o755))
	require.NoError(t, os.MkdirAll(b, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(b, "f.txt"), []byte("from b\n"), 0o644))
	require.NoError(t, os.Symlink(filepath.Join(b, "f.txt"), filepath.Join(a, "to-b.txt")))
	require.NoError(t, os.Symlink(b, filepath.Join(a, "b-dir")))
	in := golem.New(golem.Options{AllowRead: []string{a}, AllowWrite: []string{b}})
	fxRun(t, in, []fxCase{
		{`(with-open-file (s ` + lispString(filepath.Join(a, "to-b.txt")) + `) (read-line s))`, "=> \"from b\"\n=> NIL", false},
		{`(with-open-file (s ` + lispString(filepath.Join(a, "b-dir/new.txt")) + ` :direction :output) (write-line "made" s))`,
			`=> "made"`, false},
		{`(with-open-file (s ` + lispString(filepath.Join(a, "new.txt")) + ` :direction :output) (write-line "x" s))`,
			"~may write", true},
	})
	data, err := os.ReadFile(filepath.Join(b, "new.txt"))
	require.NoError(t, err)
	assert.Equal(t, "made\n", string(data))
}

func TestSandboxNonRegularFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "subdir"), 0o755))
	in := golem.New(golem.Options{AllowRead: []string{"/dev"}, AllowWrite: []string{dir},
		Limits: golem.Limits{Timeout: 20e9}})
	f := lispString(fifo)
	fxRun(t, in, []fxCase{
		{`(open "/dev/zero")`, "~Not a regular file", true},
		{`(load "/dev/zero")`, "~Not a regular file", true},
		{`(handler-case (open "/dev/zero") (file-error () :file-error))`, "=> :FILE-ERROR", false},
		{`(open ` + f + `)`, "~Not a regular file", true},
		{`(load ` + f + `)`, "~Not a regular file", true},
		{`(open ` + f + ` :direction :output :if-exists :append)`, "~FILE-ERROR", true},
		{`(open ` + lispString(filepath.Join(dir, "subdir")) + `)`, "~Is a directory", true},
		{`(load ` + lispString(filepath.Join(dir, "subdir")) + `)`, "~Is a directory", true},
		{`(probe-file ` + f + `)`, "~/fifo", false},
	})
}

func TestLoadSizeLimit(t *testing.T) {
	assert.Equal(t, int64(rt.MaxLoadBytes), rt.LoadSizeLimit(0))
	assert.Equal(t, int64(rt.MaxLoadBytes), rt.LoadSizeLimit(1<<40))
	assert.Equal(t, int64(1<<20), rt.LoadSizeLimit(1<<20))

	dir := t.TempDir()
	big := filepath.Join(dir, "big.lisp")
	// 9 MiB of comment: well-formed Lisp, but over an 8 MiB memory limit.
	require.NoError(t, os.WriteFile(big, []byte(";"+strings.Repeat("x", 9<<20)+"\n(defvar *loaded* t)\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "small.lisp"), []byte("(defvar *small* 1)"), 0o644))
	for _, opts := range []golem.Options{
		{AllowRead: []string{dir}, Limits: golem.Limits{MaxMemory: 8 << 20}},
		{Unrestricted: true, Limits: golem.Limits{MaxMemory: 8 << 20}},
	} {
		in := golem.New(opts)
		fxRun(t, in, []fxCase{
			{`(load ` + lispString(big) + `)`, "~is larger than 8388608 bytes", true},
			{`(handler-case (load ` + lispString(big) + `) (file-error () :file-error))`, "=> :FILE-ERROR", false},
			{`(boundp '*loaded*)`, "=> NIL", false},
			{`(load ` + lispString(filepath.Join(dir, "small.lisp")) + `) *small*`, "=> 1", false},
		})
	}
}

func TestSandboxReadFile(t *testing.T) {
	allowed, outside := sandboxTree(t)
	fifo := filepath.Join(allowed, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	sb := rt.NewSandbox([]string{allowed}, nil)
	defer sb.Close()
	for _, tc := range []struct {
		path    string
		max     int64
		want    string
		wantErr string
	}{
		{filepath.Join(allowed, "data.txt"), 100, "inside\n", ""},
		{"sub/inner.txt", 100, "inner\n", ""},
		{filepath.Join(allowed, "abs-in.txt"), 100, "inside\n", ""},
		{filepath.Join(allowed, "data.txt"), 3, "", "file too large"},
		{filepath.Join(allowed, "none.txt"), 100, "", "no such file"},
		{filepath.Join(allowed, "../outside/secret.txt"), 100, "", "outside the sandbox"},
		{filepath.Join(outside, "secret.txt"), 100, "", "outside the sandbox"},
		{filepath.Join(allowed, "rel-out.txt"), 100, "", "outside the sandbox"},
		{filepath.Join(allowed, "out-dir/secret.txt"), 100, "", "outside the sandbox"},
		{fifo, 100, "", "not a regular file"},
		{filepath.Join(allowed, "sub"), 100, "", "is a directory"},
	} {
		data, err := sb.ReadFile(tc.path, tc.max)
		if tc.wantErr != "" {
			require.Error(t, err, tc.path)
			assert.Contains(t, err.Error(), tc.wantErr, tc.path)
			assert.NotContains(t, err.Error(), "SECRET", tc.path)
			continue
		}
		require.NoError(t, err, tc.path)
		assert.Equal(t, tc.want, string(data), tc.path)
	}

	// Narrow keeps the innermost directory holding a path.
	wide := rt.NewSandbox([]string{filepath.Dir(allowed), allowed}, nil)
	defer wide.Close()
	_, err := wide.ReadFile(filepath.Join(outside, "secret.txt"), 100)
	require.NoError(t, err, "the parent directory holds outside/")
	narrow := wide.Narrow(filepath.Join(allowed, "x.asd"))
	require.NotNil(t, narrow)
	assert.Equal(t, []string{allowed}, narrow.Dirs())
	_, err = narrow.ReadFile(filepath.Join(allowed, "../outside/secret.txt"), 100)
	assert.ErrorContains(t, err, "outside the sandbox")
	assert.Nil(t, wide.Narrow("/"))
}

// TestSandboxRenameRace: while one goroutine keeps swapping a directory and
// a symlink to the outside (allowed/d <-> allowed/out), opens of
// allowed/d/secret.txt never read the outside file: there is no window
// between checking a path and opening it.
func TestSandboxRenameRace(t *testing.T) {
	for _, tc := range []struct{ name, target string }{
		{"absolute link", ""},
		{"relative link", "../outside"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			allowed, outside := filepath.Join(root, "allowed"), filepath.Join(root, "outside")
			require.NoError(t, os.MkdirAll(filepath.Join(allowed, "d"), 0o755))
			require.NoError(t, os.MkdirAll(outside, 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(allowed, "d/secret.txt"), []byte("inside\n"), 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("OUTSIDE\n"), 0o644))
			target := tc.target
			if target == "" {
				target = outside
			}
			require.NoError(t, os.Symlink(target, filepath.Join(allowed, "out")))

			in := golem.New(golem.Options{AllowWrite: []string{allowed}})
			stop := make(chan struct{})
			var wg sync.WaitGroup
			swaps := 0
			wg.Add(1)
			go func() {
				defer wg.Done()
				d, out, tmp := filepath.Join(allowed, "d"), filepath.Join(allowed, "out"), filepath.Join(allowed, "tmp")
				for {
					select {
					case <-stop:
						return
					default:
					}
					_ = os.Rename(d, tmp)
					_ = os.Rename(out, d)
					_ = os.Rename(tmp, out)
					swaps++
				}
			}()
			const tries = 3000
			res, err := in.Eval(context.Background(), `
(let ((outside 0) (inside 0) (refused 0))
  (dotimes (i `+strconv.Itoa(tries)+`)
    (handler-case
        (with-open-file (s `+lispString(filepath.Join(allowed, "d/secret.txt"))+`)
          (if (string= (read-line s) "OUTSIDE") (incf outside) (incf inside)))
      (file-error () (incf refused))))
  (list outside inside refused))`)
			close(stop)
			wg.Wait()
			require.NoError(t, err)
			t.Logf("%s after %d swaps", res.Text(), swaps)
			require.Len(t, res.Values, 1)
			counts, _ := golem.ToGo(res.Values[0]).([]any)
			require.Len(t, counts, 3)
			assert.EqualValues(t, 0, counts[0], "a read returned the outside file")
			inside, _ := counts[1].(int64)
			refused, _ := counts[2].(int64)
			assert.EqualValues(t, tries, inside+refused)
		})
	}
}
