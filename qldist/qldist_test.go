package qldist

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tarEntry is one entry of a test archive; typ 0 means a regular file.
type tarEntry struct {
	name, body string
	typ        byte
	link       string
}

// testRelease is a release of a test dist. The zero size, md5 and url
// take the values of the archive the test serves.
type testRelease struct {
	project, prefix string
	entries         []tarEntry
	raw             []byte   // the archive's bytes instead of entries
	systemFiles     []string // releases.txt's system files
	systems         []string // systems.txt lines after the project name
	size            int64
	md5, url        string
}

// testDist is a dist served over HTTP from a directory the test writes.
type testDist struct {
	t   *testing.T
	dir string
	srv *httptest.Server

	mu       sync.Mutex
	hits     map[string]int
	override map[string]http.HandlerFunc
}

func makeTgz(t *testing.T, entries []tarEntry) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	for _, e := range entries {
		typ := e.typ
		if typ == 0 {
			typ = tar.TypeReg
		}
		hdr := &tar.Header{Name: e.name, Typeflag: typ, Mode: 0o644, Linkname: e.link}
		if typ == tar.TypeXGlobalHeader { // as git archive writes
			hdr = &tar.Header{Typeflag: typ, PAXRecords: map[string]string{"comment": "0123abcd"}}
		}
		if typ == tar.TypeReg {
			hdr.Size = int64(len(e.body))
		}
		if typ == tar.TypeDir {
			hdr.Mode = 0o755
		}
		require.NoError(t, tw.WriteHeader(hdr))
		if typ == tar.TypeReg {
			_, err := tw.Write([]byte(e.body))
			require.NoError(t, err)
		}
	}
	require.NoError(t, tw.Close())
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

// alpha is the test dist's main release: systems alpha, alpha/tests and
// gamma (whose .asd is in a subdirectory).
func alpha() testRelease {
	return testRelease{
		project: "alpha", prefix: "alpha-1",
		entries: []tarEntry{
			{name: "pax_global_header", typ: tar.TypeXGlobalHeader},
			{name: "alpha-1/", typ: tar.TypeDir},
			{name: "alpha-1/alpha.asd", body: "(defsystem \"alpha\" :components ((:file \"src/alpha\")))\n"},
			{name: "alpha-1/src/alpha.lisp", body: "(defun alpha () 1)\n"},
			{name: "alpha-1/sub/gamma.asd", body: "(defsystem \"gamma\")\n"},
		},
		systemFiles: []string{"alpha.asd", "sub/gamma.asd"},
		systems:     []string{"alpha alpha", "alpha alpha/tests alpha fiveam", "gamma gamma uiop"},
	}
}

// serveDist starts a server for a dist named testdist holding rels.
func serveDist(t *testing.T, rels ...testRelease) *testDist {
	t.Helper()
	d := &testDist{t: t, dir: t.TempDir(), hits: map[string]int{}, override: map[string]http.HandlerFunc{}}
	files := http.FileServer(http.Dir(d.dir))
	d.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		d.mu.Lock()
		d.hits[r.URL.Path]++
		h := d.override[r.URL.Path]
		d.mu.Unlock()
		if h != nil {
			h(w, r)
			return
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(d.srv.Close)
	d.write("dist.txt", fmt.Sprintf("name: testdist\nversion: 2026-01-01\nsystem-index-url: %[1]s/systems.txt\nrelease-index-url: releases.txt\narchive-base-url: %[1]s/\n", d.srv.URL))
	var releases, systems strings.Builder
	releases.WriteString("# project url size file-md5 content-sha1 prefix [system-file1..system-fileN]\n")
	systems.WriteString("# project system-file system-name [dependency1..dependencyN]\n")
	for _, rel := range rels {
		data := rel.raw
		if data == nil {
			data = makeTgz(t, rel.entries)
		}
		d.write("archive/"+rel.project+".tgz", string(data))
		sum := md5.Sum(data)
		if rel.size == 0 {
			rel.size = int64(len(data))
		}
		if rel.md5 == "" {
			rel.md5 = hex.EncodeToString(sum[:])
		}
		if rel.url == "" {
			rel.url = d.srv.URL + "/archive/" + rel.project + ".tgz"
		}
		fmt.Fprintf(&releases, "%s %s %d %s 0123456789abcdef0123456789abcdef01234567 %s %s\n",
			rel.project, rel.url, rel.size, rel.md5, rel.prefix, strings.Join(rel.systemFiles, " "))
		for _, line := range rel.systems {
			fmt.Fprintf(&systems, "%s %s\n", rel.project, line)
		}
	}
	d.write("releases.txt", releases.String())
	d.write("systems.txt", systems.String())
	return d
}

func (d *testDist) write(name, content string) {
	p := filepath.Join(d.dir, filepath.FromSlash(name))
	require.NoError(d.t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(d.t, os.WriteFile(p, []byte(content), 0o644))
}

func (d *testDist) hit(path string) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.hits[path]
}

func (d *testDist) handle(path string, h http.HandlerFunc) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.override[path] = h
}

func (d *testDist) client(t *testing.T) *Client {
	return &Client{DistURL: d.srv.URL + "/dist.txt", CacheDir: t.TempDir()}
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
	d := serveDist(t, alpha())
	c := d.client(t)
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
	assert.Equal(t, 1, d.hit("/archive/alpha.tgz"), "one release, one download")
	assert.Equal(t, 1, d.hit("/systems.txt"), "indexes are read once")
}

func TestDependencies(t *testing.T) {
	d := serveDist(t, alpha(), testRelease{
		project: "fiveam", prefix: "fiveam-2",
		entries: []tarEntry{{name: "fiveam-2/fiveam.asd", body: "x"}},
		systems: []string{"fiveam fiveam alexandria trivial-backtrace"},
	})
	c := d.client(t)
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
	assert.Zero(t, d.hit("/archive/alpha.tgz")+d.hit("/archive/fiveam.tgz"), "dependencies download no archive")
}

func TestFetchUnknownSystem(t *testing.T) {
	d := serveDist(t, alpha())
	c := d.client(t)
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
	withEntries := func(extra ...tarEntry) func(*testRelease) {
		return func(r *testRelease) { r.entries = append(r.entries, extra...) }
	}
	cases := []struct {
		name        string
		release     func(*testRelease)
		client      func(*Client)
		want        string
		noDownload  bool // refused before the archive is requested
		viaChunking bool // served without a Content-Length
	}{
		{name: "MD5 mismatch", release: func(r *testRelease) { r.md5 = strings.Repeat("0", 32) }, want: "MD5 mismatch"},
		{name: "archive shorter than the index says", release: func(r *testRelease) { r.size = 100000 }, want: "size mismatch: got"},
		{name: "archive longer than announced", release: func(r *testRelease) { r.size = 50 }, want: "larger than expected"},
		{name: "archive longer while read", release: func(r *testRelease) { r.size = 50 }, want: "size mismatch: got 51 or more bytes", viaChunking: true},
		{name: "archive over the limit", client: func(c *Client) { c.MaxArchiveBytes = 64 }, want: "more than the limit of 64", noDownload: true},
		{name: "path traversal", release: withEntries(tarEntry{name: "alpha-1/../../evil.lisp", body: "x"}), want: "path with .."},
		{name: "absolute path", release: withEntries(tarEntry{name: "/tmp/evil.lisp", body: "x"}), want: "absolute path"},
		{name: "outside the prefix", release: withEntries(tarEntry{name: "beta/evil.lisp", body: "x"}), want: "outside the release directory"},
		{name: "symlink", release: withEntries(tarEntry{name: "alpha-1/link", typ: tar.TypeSymlink, link: "/etc/passwd"}), want: "symbolic link"},
		{name: "hard link", release: withEntries(tarEntry{name: "alpha-1/link", typ: tar.TypeLink, link: "alpha-1/alpha.asd"}), want: "hard link"},
		{name: "device", release: withEntries(tarEntry{name: "alpha-1/dev", typ: tar.TypeChar}), want: "character device"},
		{name: "too many files", client: func(c *Client) { c.MaxFiles = 3 }, want: "more than 3 entries"},
		{name: "unpacked too large", release: withEntries(tarEntry{name: "alpha-1/big.lisp", body: strings.Repeat(";", 200000)}),
			client: func(c *Client) { c.MaxUnpackedBytes = 100000 }, want: "larger than the limit of 100000"},
		{name: "unsafe prefix", release: func(r *testRelease) { r.prefix = "../escape" }, want: "not a plain directory name", noDownload: true},
		{name: "file URL", release: func(r *testRelease) { r.url = "file:///etc/passwd" }, want: "not an http or https URL", noDownload: true},
		{name: "not gzip", release: func(r *testRelease) { r.raw = []byte("plain text, not an archive") }, want: "not a gzip archive"},
		{name: "empty archive", release: func(r *testRelease) { r.entries = nil }, want: "has no directory alpha-1"},
		{name: "no prefix directory", release: func(r *testRelease) { r.prefix = "other" }, want: "outside the release directory"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rel := alpha()
			if tc.release != nil {
				tc.release(&rel)
			}
			d := serveDist(t, rel)
			if tc.viaChunking {
				data, err := os.ReadFile(filepath.Join(d.dir, "archive", "alpha.tgz"))
				require.NoError(t, err)
				d.handle("/archive/alpha.tgz", func(w http.ResponseWriter, _ *http.Request) {
					_, _ = w.Write(data[:10])
					w.(http.Flusher).Flush()
					_, _ = w.Write(data[10:])
				})
			}
			c := d.client(t)
			fetchFails(t, c, tc.client, tc.want)
			if tc.noDownload {
				assert.Zero(t, d.hit("/archive/alpha.tgz"))
			}
			assertNothingUnpacked(t, c)
			assert.NoFileExists(t, filepath.Join(c.CacheDir, "evil.lisp"))
			assert.NoFileExists(t, filepath.Join(c.CacheDir, "testdist", "evil.lisp"))
		})
	}
}

func TestBadDist(t *testing.T) {
	d := serveDist(t, alpha())
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
			d.write(path, tc.distinfo)
			c := &Client{DistURL: d.srv.URL + path, CacheDir: t.TempDir()}
			fetchFails(t, c, tc.client, tc.want)
			entries, err := os.ReadDir(c.CacheDir)
			require.NoError(t, err)
			assert.Empty(t, entries)
		})
	}
}

func TestFetchContext(t *testing.T) {
	t.Run("cancelled before", func(t *testing.T) {
		d := serveDist(t, alpha())
		c := d.client(t)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := c.Fetch(ctx, "alpha")
		require.ErrorIs(t, err, context.Canceled)
		assert.Zero(t, d.hit("/dist.txt"))
	})
	t.Run("cancelled while downloading", func(t *testing.T) {
		d := serveDist(t, alpha())
		c := d.client(t)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		d.handle("/archive/alpha.tgz", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "100000")
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
		d := serveDist(t, alpha())
		c := d.client(t)
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
	d := serveDist(t, alpha())
	c := d.client(t)
	dir, err := c.Fetch(context.Background(), "alpha")
	require.NoError(t, err)
	d.srv.Close()
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
	assert.Contains(t, err.Error(), d.srv.URL)
}

func TestConcurrentFetchDownloadsOnce(t *testing.T) {
	d := serveDist(t, alpha())
	c := d.client(t)
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
	assert.Equal(t, 1, d.hit("/archive/alpha.tgz"))
	assert.Equal(t, 1, d.hit("/dist.txt"))
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
