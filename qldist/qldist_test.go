package qldist

import (
	"archive/tar"
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/golem-lisp/golem/qldist/qldisttest"
)

// alpha is the test dist's main release: systems alpha, alpha/tests and
// gamma (whose .asd is in a subdirectory).
func alpha() qldisttest.Release {
	return qldisttest.Release{
		Project: "alpha", Prefix: "alpha-1",
		Entries: []qldisttest.Entry{
			{Name: "pax_global_header", Type: tar.TypeXGlobalHeader},
			{Name: "alpha-1/", Type: tar.TypeDir},
			{Name: "alpha-1/alpha.asd", Body: "(defsystem \"alpha\" :components ((:file \"src/alpha\")))\n"},
			{Name: "alpha-1/src/alpha.lisp", Body: "(defun alpha () 1)\n"},
			{Name: "alpha-1/sub/gamma.asd", Body: "(defsystem \"gamma\")\n"},
		},
		SystemFiles: []string{"alpha.asd", "sub/gamma.asd"},
		Systems:     []string{"alpha alpha", "alpha alpha/tests alpha fiveam", "gamma gamma uiop"},
	}
}

// newClient returns a client of d's dist with its own cache directory.
func newClient(t *testing.T, d *qldisttest.Dist) *Client {
	return &Client{DistURL: d.URL(), CacheDir: t.TempDir()}
}

// assertNothingUnpacked checks that a failed fetch left no release and no
// temporary file behind.
func assertNothingUnpacked(t *testing.T, c *Client) {
	t.Helper()
	for _, sub := range []string{"software", "tmp"} {
		entries, err := os.ReadDir(filepath.Join(c.CacheDir, "testdist", sub))
		if err == nil {
			assert.Empty(t, entries, sub)
		} else {
			assert.ErrorIs(t, err, os.ErrNotExist)
		}
	}
}

// fetchFails configures c with configure (if not nil) and checks that
// fetching alpha fails with an error naming it and containing want.
func fetchFails(t *testing.T, c *Client, configure func(*Client), want string) {
	t.Helper()
	if configure != nil {
		configure(c)
	}
	_, err := c.Fetch(context.Background(), "alpha")
	require.Error(t, err)
	assert.Contains(t, err.Error(), want)
	assert.Contains(t, err.Error(), `system "alpha"`)
}

func TestFetchUnpacksRelease(t *testing.T) {
	d := qldisttest.Serve(t, alpha())
	c := newClient(t, d)
	dir, err := c.Fetch(context.Background(), "alpha")
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(c.CacheDir, "testdist", "software", "alpha-1"), dir)
	for name, want := range map[string]string{
		"alpha.asd":      "(defsystem \"alpha\" :components ((:file \"src/alpha\")))\n",
		"src/alpha.lisp": "(defun alpha () 1)\n",
		"sub/gamma.asd":  "(defsystem \"gamma\")\n",
	} {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		require.NoError(t, err, name)
		assert.Equal(t, want, string(got), name)
	}
	assert.NoFileExists(t, filepath.Join(c.CacheDir, "testdist", "software", "pax_global_header"))
	tmp, err := os.ReadDir(filepath.Join(c.CacheDir, "testdist", "tmp"))
	require.NoError(t, err)
	assert.Empty(t, tmp, "the archive and the work directory are removed")

	for _, tc := range []struct{ system, asd string }{
		{"alpha", "alpha.asd"},
		{"alpha/tests", "alpha.asd"},
		{"gamma", "sub/gamma.asd"},
		{"GAMMA", "sub/gamma.asd"},
	} {
		p, err := c.SystemFile(context.Background(), tc.system)
		require.NoError(t, err, tc.system)
		assert.Equal(t, filepath.Join(dir, filepath.FromSlash(tc.asd)), p, tc.system)
	}
	assert.Equal(t, 1, d.Hits("/archive/alpha.tgz"), "one release, one download")
	assert.Equal(t, 1, d.Hits("/systems.txt"), "indexes are read once")
}

func TestDependencies(t *testing.T) {
	d := qldisttest.Serve(t, alpha(), qldisttest.Release{
		Project: "fiveam", Prefix: "fiveam-2",
		Entries: []qldisttest.Entry{{Name: "fiveam-2/fiveam.asd", Body: "x"}},
		Systems: []string{"fiveam fiveam alexandria trivial-backtrace"},
	})
	c := newClient(t, d)
	for _, tc := range []struct {
		system string
		want   []string
	}{
		{"alpha", nil},
		{"alpha/tests", []string{"alpha", "fiveam"}},
		{"fiveam", []string{"alexandria", "trivial-backtrace"}},
		{"gamma", []string{"uiop"}},
	} {
		deps, err := c.Dependencies(context.Background(), tc.system)
		require.NoError(t, err, tc.system)
		assert.Equal(t, tc.want, deps, tc.system)
	}
	_, err := c.Dependencies(context.Background(), "nosuch")
	assert.ErrorIs(t, err, ErrUnknownSystem)
	assert.Zero(t, d.Hits("/archive/alpha.tgz")+d.Hits("/archive/fiveam.tgz"), "dependencies download no archive")
}

func TestFetchUnknownSystem(t *testing.T) {
	d := qldisttest.Serve(t, alpha())
	c := newClient(t, d)
	for _, name := range []string{"nosuch", "alpha-1", "alpha tests", ""} {
		_, err := c.Fetch(context.Background(), name)
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), fmt.Sprintf("%q", name))
	}
	_, err := c.Fetch(context.Background(), "nosuch")
	assert.ErrorIs(t, err, ErrUnknownSystem)
	assert.Contains(t, err.Error(), "testdist")
	assertNothingUnpacked(t, c)
}

// TestFetchRefuses serves releases that must not be unpacked.
func TestFetchRefuses(t *testing.T) {
	withEntries := func(extra ...qldisttest.Entry) func(*qldisttest.Release) {
		return func(r *qldisttest.Release) { r.Entries = append(r.Entries, extra...) }
	}
	cases := []struct {
		name        string
		release     func(*qldisttest.Release)
		client      func(*Client)
		want        string
		noDownload  bool // refused before the archive is requested
		viaChunking bool // served without a Content-Length
	}{
		{name: "MD5 mismatch", release: func(r *qldisttest.Release) { r.MD5 = strings.Repeat("0", 32) }, want: "MD5 mismatch"},
		{name: "archive shorter than the index says", release: func(r *qldisttest.Release) { r.Size = 100000 }, want: "size mismatch: got"},
		{name: "archive longer than announced", release: func(r *qldisttest.Release) { r.Size = 50 }, want: "larger than expected"},
		{name: "archive longer while read", release: func(r *qldisttest.Release) { r.Size = 50 }, want: "size mismatch: got 51 or more bytes", viaChunking: true},
		{name: "archive over the limit", client: func(c *Client) { c.MaxArchiveBytes = 64 }, want: "more than the limit of 64", noDownload: true},
		{name: "path traversal", release: withEntries(qldisttest.Entry{Name: "alpha-1/../../evil.lisp", Body: "x"}), want: "path with .."},
		{name: "absolute path", release: withEntries(qldisttest.Entry{Name: "/tmp/evil.lisp", Body: "x"}), want: "absolute path"},
		{name: "outside the prefix", release: withEntries(qldisttest.Entry{Name: "beta/evil.lisp", Body: "x"}), want: "outside the release directory"},
		{name: "symlink", release: withEntries(qldisttest.Entry{Name: "alpha-1/link", Type: tar.TypeSymlink, Link: "/etc/passwd"}), want: "symbolic link"},
		{name: "hard link", release: withEntries(qldisttest.Entry{Name: "alpha-1/link", Type: tar.TypeLink, Link: "alpha-1/alpha.asd"}), want: "hard link"},
		{name: "device", release: withEntries(qldisttest.Entry{Name: "alpha-1/dev", Type: tar.TypeChar}), want: "character device"},
		{name: "too many files", client: func(c *Client) { c.MaxFiles = 3 }, want: "more than 3 entries"},
		{name: "unpacked too large", release: withEntries(qldisttest.Entry{Name: "alpha-1/big.lisp", Body: strings.Repeat(";", 200000)}),
			client: func(c *Client) { c.MaxUnpackedBytes = 100000 }, want: "larger than the limit of 100000"},
		{name: "unsafe prefix", release: func(r *qldisttest.Release) { r.Prefix = "../escape" }, want: "not a plain directory name", noDownload: true},
		{name: "file URL", release: func(r *qldisttest.Release) { r.URL = "file:///etc/passwd" }, want: "not an http or https URL", noDownload: true},
		{name: "not gzip", release: func(r *qldisttest.Release) { r.Raw = []byte("plain text, not an archive") }, want: "not a gzip archive"},
		{name: "empty archive", release: func(r *qldisttest.Release) { r.Entries = nil }, want: "has no directory alpha-1"},
		{name: "no prefix directory", release: func(r *qldisttest.Release) { r.Prefix = "other" }, want: "outside the release directory"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rel := alpha()
			if tc.release != nil {
				tc.release(&rel)
			}
			d := qldisttest.Serve(t, rel)
			if tc.viaChunking {
				data, err := os.ReadFile(filepath.Join(d.Dir, "archive", "alpha.tgz"))
				require.NoError(t, err)
				d.Handle("/archive/alpha.tgz", func(w http.ResponseWriter, _ *http.Request) {
					_, _ = w.Write(data[:10])
					w.(http.Flusher).Flush()
					_, _ = w.Write(data[10:])
				})
			}
			c := newClient(t, d)
			fetchFails(t, c, tc.client, tc.want)
			if tc.noDownload {
				assert.Zero(t, d.Hits("/archive/alpha.tgz"))
			}
			assertNothingUnpacked(t, c)
			assert.NoFileExists(t, filepath.Join(c.CacheDir, "evil.lisp"))
			assert.NoFileExists(t, filepath.Join(c.CacheDir, "testdist", "evil.lisp"))
		})
	}
}

func TestBadDist(t *testing.T) {
	d := qldisttest.Serve(t, alpha())
	cases := []struct {
		name, distinfo, want string
		client               func(*Client)
	}{
		{name: "no name", distinfo: "system-index-url: systems.txt\nrelease-index-url: releases.txt\n", want: "dist name"},
		{name: "unsafe name", distinfo: "name: ../up\nsystem-index-url: systems.txt\nrelease-index-url: releases.txt\n", want: "not a plain directory name"},
		{name: "no system index", distinfo: "name: testdist\nrelease-index-url: releases.txt\n", want: "no system-index-url"},
		{name: "file index URL", distinfo: "name: testdist\nsystem-index-url: file:///etc/passwd\nrelease-index-url: releases.txt\n", want: "not an http or https URL"},
		{name: "missing index", distinfo: "name: testdist\nsystem-index-url: nosuch.txt\nrelease-index-url: releases.txt\n", want: "404"},
		{name: "index too large", distinfo: "name: testdist\nsystem-index-url: systems.txt\nrelease-index-url: releases.txt\n",
			client: func(c *Client) { c.MaxIndexBytes = 40 }, want: "larger than expected"},
		{name: "ftp dist URL", client: func(c *Client) { c.DistURL = "ftp://example.invalid/dist.txt" }, want: "not an http or https URL"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := "/" + strings.ReplaceAll(tc.name, " ", "-") + ".txt"
			d.Write(path, tc.distinfo)
			c := &Client{DistURL: d.Server.URL + path, CacheDir: t.TempDir()}
			fetchFails(t, c, tc.client, tc.want)
			entries, err := os.ReadDir(c.CacheDir)
			require.NoError(t, err)
			assert.Empty(t, entries)
		})
	}
}

func TestFetchContext(t *testing.T) {
	t.Run("cancelled before", func(t *testing.T) {
		d := qldisttest.Serve(t, alpha())
		c := newClient(t, d)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := c.Fetch(ctx, "alpha")
		require.ErrorIs(t, err, context.Canceled)
		assert.Zero(t, d.Hits("/dist.txt"))
	})
	t.Run("cancelled while downloading", func(t *testing.T) {
		d := qldisttest.Serve(t, alpha())
		c := newClient(t, d)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		d.Handle("/archive/alpha.tgz", func(w http.ResponseWriter, r *http.Request) {
			// No Content-Length (chunked), so only the cancellation can end
			// the download: an announced size over the index's would be
			// refused first, whichever of the two the client saw first.
			_, _ = w.Write([]byte("partial"))
			w.(http.Flusher).Flush()
			cancel()
			<-r.Context().Done()
		})
		_, err := c.Fetch(ctx, "alpha")
		require.ErrorIs(t, err, context.Canceled)
		assertNothingUnpacked(t, c)
	})
	t.Run("waiting for another fetch", func(t *testing.T) {
		d := qldisttest.Serve(t, alpha())
		c := newClient(t, d)
		_, err := c.Dependencies(context.Background(), "alpha") // indexes loaded
		require.NoError(t, err)
		c.installSem <- struct{}{} // another fetch is installing
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err = c.Fetch(ctx, "alpha")
		require.ErrorIs(t, err, context.Canceled)
		<-c.installSem
	})
}

func TestSecondFetchIsOffline(t *testing.T) {
	d := qldisttest.Serve(t, alpha())
	c := newClient(t, d)
	dir, err := c.Fetch(context.Background(), "alpha")
	require.NoError(t, err)
	d.Server.Close()
	again, err := c.Fetch(context.Background(), "alpha/tests")
	require.NoError(t, err)
	assert.Equal(t, dir, again)
	deps, err := c.Dependencies(context.Background(), "alpha/tests")
	require.NoError(t, err)
	assert.Equal(t, []string{"alpha", "fiveam"}, deps)
	_, err = c.Fetch(context.Background(), "nosuch")
	assert.ErrorIs(t, err, ErrUnknownSystem)

	fresh := &Client{DistURL: c.DistURL, CacheDir: c.CacheDir}
	_, err = fresh.Fetch(context.Background(), "alpha")
	require.Error(t, err, "a new client reads the indexes again")
	assert.Contains(t, err.Error(), d.Server.URL)
}

func TestConcurrentFetchDownloadsOnce(t *testing.T) {
	d := qldisttest.Serve(t, alpha())
	c := newClient(t, d)
	var wg sync.WaitGroup
	dirs := make([]string, 4)
	errs := make([]error, 4)
	for i := range dirs {
		wg.Go(func() { dirs[i], errs[i] = c.Fetch(context.Background(), "alpha") })
	}
	wg.Wait()
	for i := range dirs {
		require.NoError(t, errs[i])
		assert.Equal(t, dirs[0], dirs[i])
	}
	assert.Equal(t, 1, d.Hits("/archive/alpha.tgz"))
	assert.Equal(t, 1, d.Hits("/dist.txt"))
}

func TestDefaultCacheDir(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	dir, err := DefaultCacheDir()
	require.NoError(t, err)
	base, err := os.UserCacheDir()
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(base, "golem", "quicklisp"), dir)
}

func TestCheckDistURL(t *testing.T) {
	for raw, ok := range map[string]bool{
		"http://127.0.0.1:8080/dist/testdist.txt": true,
		"https://dist.example/testdist.txt":       true,
		"ftp://dist.example/testdist.txt":         false,
		"file:///etc/passwd":                      false,
		"/dist/testdist.txt":                      false,
		"http:///nohost.txt":                      false,
		"http://bad host/":                        false,
	} {
		err := CheckDistURL(raw)
		assert.Equal(t, ok, err == nil, "%s: %v", raw, err)
	}
}

func TestEntryPath(t *testing.T) {
	for _, tc := range []struct{ name, want, err string }{
		{name: "p/a.lisp", want: "p/a.lisp"},
		{name: "./p/a.lisp", want: "p/a.lisp"},
		{name: "p/", want: "p"},
		{name: "p//x/./y", want: "p/x/y"},
		{name: "p/../p/a", err: ".."},
		{name: "/p/a", err: "absolute"},
		{name: "p\\..\\a", err: "backslash"},
		{name: "pq/a", err: "outside"},
		{name: "", err: "empty"},
	} {
		got, err := entryPath(tc.name, "p")
		if tc.err != "" {
			require.Error(t, err, tc.name)
			assert.Contains(t, err.Error(), tc.err, tc.name)
			continue
		}
		require.NoError(t, err, tc.name)
		assert.Equal(t, tc.want, got, tc.name)
	}
}
